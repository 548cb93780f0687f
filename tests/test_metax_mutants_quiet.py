"""A quiet game (no log text) offers the same options with the same labels as a logged one:
labels made late, only when read, must read exactly like those made at once (rules.py and
battle.py build both; issue 28: mutation survivors of the late labels)."""
from __future__ import annotations

import copy
import functools

from support import metax as mx

CARDS = '''
[[card]]
name = "Q Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "Q Duo"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 4, special = 3 }

[[card]]
name = "Q Pusher"
type = "character"
trait = "Test"
mp = 0
stats = { special = 4 }
text = "Push: Gain 1 MP."
[[card.effect]]
kind = "push"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "Q Tithe"
type = "event"
mp = 0
text = "Gain 1 MP."
[[card.effect]]
kind = "play"
do = [{ op = "gain_mp", count = 1 }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-quiet>")


def _quiet_copy(st):
    obj = copy.deepcopy(st.to_json())
    obj["log"] = None
    quiet = game().state_from_json(obj)
    assert not quiet.logging
    return quiet


def _pick(ids: list[str]) -> str:
    """Play whatever can be played (a card, an attack, a Link, a block) before finishing."""
    return next((i for i in ids if not i.startswith(("end", "no_link"))), ids[0])


def _walk(st, steps: int) -> set[str]:
    """Play ``st`` and a quiet copy of it side by side, comparing every decision's options."""
    quiet = _quiet_copy(st)
    kinds = set()
    for _ in range(steps):
        if st.decision is None:
            break
        kinds.add(st.decision.kind)
        loud = [(a.id, a.label) for a in st.legal_actions()]
        assert [(a.id, a.label) for a in quiet.legal_actions()] == loud, st.decision.kind
        pick = _pick([i for i, _ in loud])
        st.apply(pick)
        quiet.apply(pick)
    return kinds


def test_planning_and_battle_labels_read_the_same_in_a_quiet_game():
    st = mx.position(
        game(),
        {"mp": 6, "hand": ["Q Grunt", "Q Tithe", "Twin Fang", "Brawl 2"], "deck": ["Brawl 1", "Brawl 3"],
         "character": [{"name": "Q Pusher", "entered_turn": 1}, {"name": "Q Duo", "entered_turn": 1},
                       {"name": "Q Grunt", "entered_turn": 1}]},
        {"mp": 2, "hand": ["Twin Fang", "Insight 2", "Brawl 3"], "deck": ["Surge 1", "Surge 2"],
         "character": [{"name": "Q Duo", "entered_turn": 1}, {"name": "Q Grunt", "entered_turn": 1}]},
        turn=3, active=0, first=0, step="planning", seed=6, auto=False)
    kinds = _walk(st, 40)
    assert {"planning", "declare", "link", "defend", "defend_card"} <= kinds


def test_playing_a_character_and_attacking_with_copies_reads_the_same_in_a_quiet_game():
    st = mx.position(
        game(),
        {"mp": 1, "hand": ["Q Grunt", "Brawl 2", "Brawl 3"], "deck": ["Brawl 1", "Brawl 3"],
         "character": [{"name": "Q Grunt", "entered_turn": 1}, {"name": "Q Grunt", "entered_turn": 1}]},
        {"hand": ["Brawl 2"], "deck": ["Surge 1", "Surge 2"], "character": [{"name": "Q Grunt", "entered_turn": 1}]},
        turn=3, active=0, first=0, step="planning", seed=6, auto=False)
    labels = [a.label for a in st.legal_actions()]
    assert "Play Q Grunt (+0 MP)" in labels
    kinds = _walk(st, 30)
    assert {"planning", "declare", "defend", "defend_card"} <= kinds
