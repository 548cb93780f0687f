"""A determinized copy waits at the real game's decision, for every registered game.

``state.handle(p).determinize(rng)`` resamples what ``p`` cannot see. Whoever decides now,
and on what, is public: were the copy at another seat's decision, another kind of decision
or another prompt, a lookahead would plan for a moment that is not this one. So at every
decision of seeded random games, at every seat count, for every seat ``p``: the copy is at the
same decision, offers options, and ``view(p)`` (its log aside: a copy keeps none) is the same.
The decisions where another seat chooses from its own hidden hand are the ones that used to
break (issue 27, point 17): a resampled hand may hold nothing to choose.
"""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.hidden import redeal_fitting
from metatcg.engine.rng import Rng
from support.contract import decision_points, game_params, seats, seen, tables

#: seeded tables per game (seat counts in turn) and how often a copy's whole view is compared
#: (its decision always is)
TABLES = 12
VIEW_EVERY = 3


@pytest.mark.parametrize("game_id", game_params())
def test_a_determinized_copy_waits_at_the_same_decision(game_id):
    game = metatcg.load_game(game_id)
    r = Rng(27)
    checked = others = 0
    for table in tables(game, TABLES, 2700):
        for i, st in enumerate(decision_points(game, table, log=False)):
            if st.is_terminal():
                continue
            dec = st.decision
            for p in seats(st):
                where = f"({table}, action #{len(st.history)}, {dec.kind} of P{dec.player + 1}, copy for P{p + 1})"
                copy = st.handle(p).determinize(r)
                now = copy.decision
                assert now is not None and not copy.is_terminal(), f"the copy's game ended {where}"
                assert (now.player, now.kind, now.prompt) == (dec.player, dec.kind, dec.prompt), \
                    f"the copy moved on to {now.kind} of P{now.player + 1} ({now.prompt!r}) {where}"
                assert copy.legal_actions(), f"the copy's decision offers nothing {where}"
                if (i + p) % VIEW_EVERY == 0:
                    assert seen(copy, p) == seen(st, p), f"view({p}) of the copy differs {where}"
                checked += 1
                others += p != dec.player
    assert checked > 200 and others > 100


def test_redeal_fitting_keeps_to_a_rare_fact():
    """Deals with both cards 0 and 1 in a 2-card hand are 1 in 276: fresh deals seldom find
    one, the walk does, and the result fits, keeps every card and zone size, and varies (it is
    no copy of the true deal)."""
    results = set()
    for seed in range(40):
        hand, pile = [0, 1], list(range(2, 24))
        redeal_fitting([hand, pile], Rng(seed), lambda h=hand: set(h) == {0, 1})
        assert set(hand) == {0, 1} and sorted(hand + pile) == list(range(24)) and len(pile) == 22
        results.add((tuple(hand), tuple(pile)))
    assert len(results) > 30


def test_redeal_fitting_without_a_fitting_deal_is_a_plain_redeal():
    """A fact even the true deal breaks is no fact: the cards are dealt as by ``redeal``."""
    hand, pile = [0, 1], list(range(2, 12))
    redeal_fitting([hand, pile], Rng(3), lambda: False)
    assert sorted(hand + pile) == list(range(12)) and (hand, pile) != ([0, 1], list(range(2, 12)))
