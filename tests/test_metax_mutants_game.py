"""MetaXGame's own hooks for bots: the evaluation from each seat and the determinized copies
made while the opponent chooses from a hidden zone (issue 28: mutation survivors)."""
from __future__ import annotations

import functools

from metatcg.engine.rng import Rng
from support import metax as mx

CARDS = '''
[[card]]
name = "G Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "G Call"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand" }]

[[card]]
name = "G Seek"
type = "event"
mp = 0
text = "Search your deck for a Battle Card."
[[card.effect]]
kind = "play"
do = [{ op = "search", filter = { type = "battle" } }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-game>")


def _position(p1: dict, p2: dict):
    return mx.position(game(), p1, p2, turn=3, active=1, first=0, step="planning", seed=5, auto=False)


def _play(st, name: str) -> None:
    d = st.data
    st.apply(f"event:c{next(c for c in d.hand[1] if d.cards[c].name == name)}")


def test_the_evaluation_is_from_the_seat_asked_for():
    st = _position({"vp": 3, "character": ["G Grunt"]}, {"character": ["G Grunt"]})
    g = game()
    assert g.evaluate(st, 0) > 0 > g.evaluate(st, 1)
    assert g.evaluate(st, 0) == -g.evaluate(st, 1)


def test_a_copy_made_while_the_opponent_searches_keeps_the_prompt_and_finds_in_the_new_deck():
    st = _position({"character": ["G Grunt"]}, {"hand": ["G Seek"], "deck": ["Brawl 1", "Insight 2", "Surge 3"]})
    _play(st, "G Seek")
    assert st.decision.kind == "search" and st.current_player() == 1
    copy = game().determinize(st, 0, Rng(7))
    assert copy.decision.prompt == st.decision.prompt
    assert set(copy.decision.params.options) <= set(copy.data.deck[1])


def test_a_copy_made_while_the_opponent_puts_a_character_from_their_hidden_hand_offers_one_it_holds():
    st = _position({"character": ["G Grunt"]},
                   {"hand": ["G Call", "G Grunt", "Brawl 2", "Brawl 3"], "deck": ["Brawl 4", "Brawl 5", "G Grunt"]})
    _play(st, "G Call")
    assert st.decision.kind == "put_into_play"
    for seed in range(12):
        copy = game().determinize(st, 0, Rng(seed))
        d = copy.data
        opts = copy.decision.params.options
        assert opts and all(c in d.hand[1] and d.cards[c].name == "G Grunt" for c in opts)
        assert copy.decision.prompt == st.decision.prompt
