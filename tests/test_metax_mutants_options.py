"""PR-MX-9 for each kind of op: an Event is offered only when one of its ops could change
something now, judged on the right player's deck, hand, discard pile and MP (effects.op_can_act;
issue 28: mutation survivors)."""
from __future__ import annotations

import functools

import pytest

from support import metax as mx

CARDS = '''
[[card]]
name = "O Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "O Study"
type = "event"
mp = 0
text = "Draw a card."
[[card.effect]]
kind = "play"
do = [{ op = "draw", who = "you", count = 1 }]

[[card]]
name = "O Gift"
type = "event"
mp = 0
text = "Your opponent draws a card."
[[card.effect]]
kind = "play"
do = [{ op = "draw", who = "opponent", count = 1 }]

[[card]]
name = "O Grind"
type = "event"
mp = 0
text = "Your opponent puts the top card of their deck into their discard pile."
[[card.effect]]
kind = "play"
do = [{ op = "mill", who = "opponent", count = 1 }]

[[card]]
name = "O Tithe"
type = "event"
mp = 0
text = "Gain 1 MP."
[[card.effect]]
kind = "play"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "O Leech"
type = "event"
mp = 0
text = "Your opponent loses 1 MP."
[[card.effect]]
kind = "play"
do = [{ op = "drain_mp", count = 1 }]

[[card]]
name = "O Toss"
type = "event"
mp = 0
text = "Your opponent discards a card."
[[card.effect]]
kind = "play"
do = [{ op = "discard", who = "opponent", count = 1 }]

[[card]]
name = "O Purge"
type = "event"
mp = 0
text = "Discard a card."
[[card.effect]]
kind = "play"
do = [{ op = "discard", who = "you", count = 1 }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-options>")


def _offered(event: str, me: dict, them: dict) -> bool:
    p1 = {"character": ["O Grunt"], "deck": ["Brawl 1"], **me}
    p1["hand"] = [event, *me.get("hand", [])]
    p2 = {"character": ["O Grunt"], "deck": ["Brawl 2"], **them}
    st = mx.position(game(), p1, p2, turn=3, active=0, first=0, step="planning", seed=4, auto=False)
    d = st.data
    card = next(c for c in d.hand[0] if d.cards[c].name == event)
    return f"event:c{card}" in [a.id for a in st.legal_actions()]


@pytest.mark.rule("PR-MX-9")
@pytest.mark.parametrize("event, me, them, offered", [
    ("O Study", {}, {"deck": []}, True),
    ("O Study", {"deck": []}, {}, False),           # your own deck is empty
    ("O Gift", {"deck": []}, {}, True),
    ("O Gift", {}, {"deck": []}, False),            # the opponent's deck is empty
    ("O Grind", {"deck": []}, {}, True),
    ("O Grind", {}, {"deck": []}, False),
    ("O Tithe", {"mp": 9}, {}, True),
    ("O Tithe", {"mp": 10}, {}, False),             # MP stops at 10
    ("O Leech", {}, {"mp": 1}, True),
    ("O Leech", {"mp": 5}, {"mp": 0}, False),       # the opponent has no MP to lose
    ("O Toss", {}, {"hand": ["Brawl 3"]}, True),
    ("O Toss", {"hand": ["Brawl 3"]}, {}, False),   # the opponent's hand is empty
    ("O Purge", {"hand": ["Brawl 3"]}, {}, True),
    ("O Purge", {}, {"hand": ["Brawl 3"]}, False),  # the Event itself leaves the hand: nothing to discard
])
def test_an_event_is_offered_only_when_its_op_could_change_something(event, me, them, offered):
    assert _offered(event, me, them) is offered


def _after(event: str, me: dict, them: dict):
    """P1 plays ``event`` (and makes any choice it asks for with the first option)."""
    p1 = {"character": ["O Grunt"], "deck": ["Brawl 1"], **me}
    p1["hand"] = [event, *me.get("hand", [])]
    p2 = {"character": ["O Grunt"], "deck": ["Brawl 2"], **them}
    st = mx.position(game(), p1, p2, turn=3, active=0, first=0, step="planning", seed=4, auto=True)
    d = st.data
    st.apply(f"event:c{next(c for c in d.hand[0] if d.cards[c].name == event)}")
    return d


def _names(d, cards: list[int]) -> list[str]:
    return [d.cards[c].name for c in cards]


def test_each_op_acts_on_the_player_it_names():
    d = _after("O Study", {}, {})
    assert _names(d, d.hand[0]) == ["Brawl 1"] and d.hand[1] == []
    d = _after("O Gift", {}, {})
    assert d.hand[0] == [] and _names(d, d.hand[1]) == ["Brawl 2"]
    d = _after("O Grind", {}, {})
    assert _names(d, d.discard[1]) == ["Brawl 2"] and _names(d, d.deck[0]) == ["Brawl 1"]
    d = _after("O Leech", {"mp": 4}, {"mp": 3})
    assert d.mp == [4, 2]
    d = _after("O Tithe", {"mp": 4}, {"mp": 3})
    assert d.mp == [5, 3]
    d = _after("O Toss", {"hand": ["Brawl 4"]}, {"hand": ["Brawl 3"]})
    assert _names(d, d.discard[1]) == ["Brawl 3"] and _names(d, d.hand[0]) == ["Brawl 4"]
