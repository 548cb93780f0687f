"""MetaXGame's hooks for statistics and bots, and labels made in quiet mode (issue 28: mutation
survivors of game.py and rules.py): the cards in a hand and who went first as the simulator
counts them, the decision a determinized copy keeps while the opponent puts a Character from
their hidden hand into play, and a Push's label read late from a quiet game."""
from __future__ import annotations

import copy
import functools

from metatcg.engine.rng import Rng
from support import metax as mx

CARDS = '''
[[card]]
name = "H Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "H Pusher"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 4 }
text = "Push: Gain 1 MP."
[[card.effect]]
kind = "push"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "H Call"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand" }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-hooks>")


def _position(p1: dict, p2: dict, *, turn: int = 3, active: int = 0, first: int = 0):
    return mx.position(game(), p1, p2, turn=turn, active=active, first=first, step="planning", seed=5, auto=False)


def test_the_statistics_read_the_hand_of_the_seat_asked_for_and_who_went_first():
    st = _position({"hand": ["H Grunt", "Brawl 2"], "deck": ["Brawl 1"]},
                   {"hand": ["H Call"], "character": ["H Grunt"]}, turn=5, active=1, first=1)
    g = game()
    assert g.hand_cards(st, 0) == ["H Grunt", "Brawl 2"]
    assert g.hand_cards(st, 1) == ["H Call"]
    assert g.match_facts(st) == {"first_player": 1, "turns": 5}


def test_a_copy_made_while_the_opponent_puts_from_a_hand_dealt_without_a_character_swaps_one_in():
    """P2 holds one hidden card, their only Character: most copies deal that hand a Brawl from
    their deck, then swap the Character back in, since P2 is known to hold one."""
    st = _position({"character": ["H Grunt"]},
                   {"hand": ["H Call", "H Grunt"], "deck": ["Brawl 2", "Brawl 3", "Brawl 4", "Brawl 5", "Brawl 6"]},
                   active=1)
    d = st.data
    st.apply(f"event:c{next(c for c in d.hand[1] if d.cards[c].name == 'H Call')}")
    dec = st.decision
    assert dec.kind == "put_into_play" and dec.player == 1
    for seed in range(8):
        copy_ = game().determinize(st, 0, Rng(seed))
        cd = copy_.decision
        assert (cd.player, cd.kind, cd.prompt) == (1, "put_into_play", dec.prompt)
        (c,) = copy_.data.hand[1]
        assert copy_.data.cards[c].name == "H Grunt" and cd.params.options == (c,)
        assert [a.id for a in copy_.legal_actions()] == [f"put:c{c}"]


def test_a_push_label_reads_the_same_in_a_quiet_game():
    st = _position({"character": [{"name": "H Pusher", "entered_turn": 1}], "deck": ["Brawl 1"]},
                   {"character": ["H Grunt"]})
    obj = st.to_json()
    obj["log"] = None  # quiet mode: labels are made only when read
    quiet = game().state_from_json(copy.deepcopy(obj))
    assert not quiet.logging
    pusher = st.data.inplay[0][0]
    loud = {a.id: a.label for a in st.legal_actions()}
    assert loud[f"push:c{pusher}"] == "Push H Pusher to use its effect"
    assert {a.id: a.label for a in quiet.legal_actions()} == loud
