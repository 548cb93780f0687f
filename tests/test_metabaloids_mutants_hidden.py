"""What a Metabaloids determinization resamples and what it keeps (issue 28: mutation survivors
of MetabaloidsGame.determinize and _redeal_seat): the searching seat's own draw pile is
reshuffled, every other seat's hidden hand cards are dealt again with their draw pile; hand
cards everyone saw go there and a draw pile's top card a dig revealed (even card 0) stay."""
from __future__ import annotations

import json

from test_metabaloids_mutants_loaded import paying_for_an_event
from test_metabaloids_rules import GAME, pos

from metatcg.engine.rng import Rng


def _seen_state():
    """P1's draw pile is c3, c2, c1 under c0 (its top, which a dig showed); P2 holds Shellback
    (c5, which everyone saw go there), Twig and Coin (c6, c7) over a draw pile of c8..c11."""
    st = pos({"deck": ["Draw One", "Draw Two", "Pebble", "Sprig"], "columns": [["Spiker"], [], []]},
             {"hand": ["Shellback", "Twig", "Coin"], "deck": ["Pebble", "Sprig", "Twig", "Draw One"],
              "columns": [["Dozer"], [], []]}, phase="abilities")
    obj = json.loads(st.to_json_text())
    d = obj["data"]
    assert d["draw"] == [[3, 2, 1, 0], [11, 10, 9, 8]] and d["hand"] == [[], [5, 6, 7]]
    d["top_known"], d["known"] = [0, -1], [5]
    return GAME.state_from_json(obj)


def test_the_searching_seat_reshuffles_its_own_draw_pile_under_a_known_top_card_0():
    st = _seen_state()
    orders = set()
    for seed in range(8):
        d = GAME.determinize(st, 0, Rng(seed)).data
        assert d.draw[0][-1] == 0 and sorted(d.draw[0]) == [0, 1, 2, 3]
        orders.add(tuple(d.draw[0]))
        d.check()
    assert len(orders) > 1                                  # the cards under the top really move


def test_another_seats_known_top_card_0_stays_on_its_pile_and_its_hidden_cards_stay_hidden():
    st = _seen_state()
    for seed in range(8):
        d = GAME.determinize(st, 1, Rng(seed)).data
        assert d.draw[0][-1] == 0 and sorted(d.draw[0]) == [0, 1, 2, 3]
        assert d.hand[1] == [5, 6, 7] and sorted(d.draw[1]) == [8, 9, 10, 11]   # the searching seat's own
        d.check()


def test_another_seats_unseen_hand_cards_are_dealt_again_with_its_draw_pile_and_seen_ones_stay():
    st = _seen_state()
    hands = set()
    for seed in range(8):
        d = GAME.determinize(st, 0, Rng(seed)).data
        assert d.hand[1][0] == 5 and len(d.hand[1]) == 3                  # Shellback was seen going there
        assert sorted(d.hand[1] + d.draw[1]) == [5, 6, 7, 8, 9, 10, 11]
        assert d.columns == st.data.columns and d.top_known == [0, -1]
        hands.add(tuple(d.hand[1]))
    assert len(hands) > 1


def test_a_seat_paying_from_its_hand_is_dealt_a_hand_that_can_still_pay():
    """P2 owes 1 point for its Event from hand; its one hidden hand card (Coin) could be dealt
    away among five Pebbles, so only deals that keep a way to pay will do."""
    st = GAME.state_from_json(paying_for_an_event())
    assert st.decision.kind == "pay" and st.current_player() == 1
    for seed in range(8):
        s = GAME.determinize(st, 0, Rng(seed))
        assert [st.data.cards[c].name for c in s.data.hand[1]] == ["Coin"]
        assert [a.id for a in s.legal_actions()] == [a.id for a in st.legal_actions()]
