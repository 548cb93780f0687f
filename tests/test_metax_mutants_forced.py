"""Why a MetaX decision had one option, as its decider reads it (forced.py; issue 28: mutation
survivors): the reasons name what really left a single option."""
from __future__ import annotations

import functools

import pytest

from support import metax as mx

CARDS = '''
[[card]]
name = "F Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "F Pusher"
type = "character"
trait = "Test"
mp = 0
stats = { special = 4 }
text = "Push: Gain 1 MP."
[[card.effect]]
kind = "push"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "F Tithe"
type = "event"
mp = 0
text = "Gain 1 MP."
[[card.effect]]
kind = "play"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "F Dear Tithe"
type = "event"
mp = -2
text = "Gain 1 MP."
[[card.effect]]
kind = "play"
do = [{ op = "gain_mp", count = 1 }]
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


def _forced_planning(p1: dict) -> list[str]:
    """P1's forced "Go to the Battle Step" lines (P2 has one Character in play)."""
    p1 = {"deck": ["Brawl 1"], **p1}
    st = mx.position(game(), p1, {"character": ["F Grunt"]}, turn=3, active=0, first=0, step="planning",
                     seed=3, auto=True)
    return [ln for ln in st.log_for(0) if ln.startswith("(only choice) Go to the Battle Step")]


@pytest.mark.parametrize("p1, reason", [
    ({"hand": ["F Dear Tithe"], "mp": 1}, "no Character in hand, no Event you can pay for (1 MP)"),
    ({"hand": ["F Tithe"], "mp": 10}, "no Character in hand, no Event that would do anything now"),
    ({"hand": ["F Grunt"], "played_character": True}, "you already played a Character this turn, no Event in hand"),
    ({"hand": ["F Grunt"], "character": ["F Grunt", "F Grunt", "F Grunt"]},
     "you have 3 Characters in play, no Event in hand"),
    ({"mp": 10, "character": [{"name": "F Pusher", "entered_turn": 1}]},
     "no Character in hand, no Event in hand, no Push effect that would do anything now"),
    ({"mp": 10, "character": [{"name": "F Pusher", "entered_turn": 3}]},  # it could not Push this turn anyway
     "no Character in hand, no Event in hand"),
])
def test_the_reason_for_a_forced_end_of_planning_names_what_is_missing(p1, reason):
    assert _forced_planning(p1) == [f"(only choice) Go to the Battle Step: {reason}"]


def test_a_forced_end_of_planning_is_told_to_the_opponent_only_as_a_plain_line():
    st = mx.position(game(), {"deck": ["Brawl 1"]}, {"character": ["F Grunt"]}, turn=3, active=0, first=0,
                     step="planning", seed=3, auto=True)
    assert "(only choice) Go to the Battle Step: no Character in hand, no Event in hand" in st.log_for(0)
    assert "P1 ends the Planning Step" not in st.log_for(0)
    assert "P1 ends the Planning Step" in st.log_for(1)
