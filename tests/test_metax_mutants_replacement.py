"""A Character's "instead of being KO'd" effect runs its ops on the Character itself
(effects.apply_to_target through _replace_ko; issue 28: mutation survivors): MP it gains goes
to its owner, and an op with nothing left to do does nothing."""
from __future__ import annotations

import functools

import pytest

from support import metax as mx

CARDS = '''
[[card]]
name = "R Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 5 }

[[card]]
name = "R Saver"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 5 }
text = "If this Character would be KO'd, instead discard all its Damage and gain 2 MP."
[[card.effect]]
kind = "constant"
instead_of = "ko"
do = [{ op = "clear_damage", target = { who = "self" } }, { op = "gain_mp", count = 2 }]

[[card]]
name = "R Scrubber"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 5 }
text = "If this Character would be KO'd, instead discard all its Damage, then discard all its Damage."
[[card.effect]]
kind = "constant"
instead_of = "ko"
do = [{ op = "clear_damage", target = { who = "self" } }, { op = "clear_damage", target = { who = "self" } }]

[[card]]
name = "R Bolt"
type = "event"
mp = 0
text = "Attach a Battle Card from your discard pile to an opposing Character as Damage."
[[card.effect]]
kind = "play"
do = [{ op = "attach_damage", target = { who = "opponent" } }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-replacement>")


def _bolted(char: str):
    """P2's R Bolt attaches Brawl 3 to P1's ``char`` (one Stat type: any Damage is a TKO)."""
    st = mx.position(game(), {"mp": 1, "character": [char], "deck": ["Brawl 1", "Brawl 2"]},
                     {"mp": 3, "hand": ["R Bolt"], "discard": ["Brawl 3"], "character": ["R Grunt"]},
                     turn=4, active=1, first=0, step="planning", seed=2, auto=False)
    target = st.data.inplay[0][0]
    d = st.data
    st.apply(f"event:c{next(c for c in d.hand[1] if d.cards[c].name == 'R Bolt')}")
    st.apply(f"target:c{target}")
    st.apply(f"card:c{d.discard[1][0]}")
    assert st.decision.kind == "planning" and st.current_player() == 1
    return st, target


@pytest.mark.rule("MX-OVR-3")
def test_mp_a_replacement_gains_goes_to_the_characters_owner():
    st, saver = _bolted("R Saver")
    d = st.data
    assert saver in d.inplay[0] and not d.damage.get(saver)
    assert d.mp == [3, 3]
    assert sorted(d.cards[c].name for c in d.discard[1]) == ["Brawl 3", "R Bolt"]  # its Damage went back


@pytest.mark.rule("MX-OVR-3")
def test_a_replacement_op_with_no_damage_left_to_discard_does_nothing():
    st, scrubber = _bolted("R Scrubber")
    d = st.data
    assert scrubber in d.inplay[0] and scrubber not in d.damage
    assert d.mp == [1, 3]
