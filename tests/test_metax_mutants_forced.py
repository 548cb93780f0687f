"""Why a MetaX decision had one option, as its decider reads it (forced.py; issue 28: mutation
survivors): the reasons name what really left a single option."""
from __future__ import annotations

import functools

from support import metax as mx

CARDS = '''
[[card]]
name = "F Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-forced>")


def test_once_the_only_attack_is_blocked_by_the_first_card_of_the_game_every_attack_has_a_defender():
    """P1 plays F Grunt, card c0, and blocks P2's attack with it next turn: the remaining
    "finish" is forced because every attack has a defender (a defender id of 0 is a defender)."""
    st = mx.position(game(), {"hand": ["F Grunt", "Brawl 2"], "deck": ["Brawl 4", "Brawl 5"]},
                     {"hand": ["Brawl 3"], "character": ["F Grunt"], "deck": ["Brawl 1", "Brawl 6"]},
                     turn=3, active=0, first=0, step="planning", seed=3, auto=True)
    d = st.data
    assert d.cards[0].name == "F Grunt" and d.owner[0] == 0
    lead = d.inplay[1][0]
    for a in ("play:c0", f"attack:c{lead}/c{d.hand[1][0]}", f"defend:c0->c{lead}"):
        st.apply(a)
    assert "(only choice) Finish assigning defenders: every attack already has a defender" in st.log_for(0)
