"""Metabaloids property tests: seeded random games at 2, 3 and 4 seats (60 games per seat
count), invariants checked after every action.

Forced decisions are not taken automatically here (``auto_single`` off), so every action is
one decision and the Draw Phase can be checked exactly at each change of turn."""
from __future__ import annotations

import json
import re

import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.games.metabaloids import grid
from support.metabaloids_grid import fits

GAME = metatcg.load_game("metabaloids")
DECKS = GAME.starter_deck_names()
CHUNKS = 3
GAMES_PER_CHUNK = 20
CARD_ID = re.compile(r'"id": "c(\d+)"')


def fail(st, msg):
    pytest.fail(f"after action #{len(st.history)} (last {st.history[-5:]}): {msg}")


def hidden_from(d, p):
    """Card ids seat ``p`` may not see: other hands (but cards seen going there), every draw
    pile (but a top card a dig showed)."""
    out = set()
    for q in range(d.n):
        top = d.top_known[q]
        out.update(c for c in d.draw[q] if c != top)
        if q != p:
            out.update(c for c in d.hand[q] if c not in d.known)
    return out


def summary(d):
    return {"lost": [z[:] for z in d.lost], "cols": [[col[:] for col in cols] for cols in d.columns],
            "hand": [len(h) for h in d.hand], "turn": d.turn, "phase": d.phase, "active": d.active,
            "attacks": d.attacks, "attacked": d.attacked[:], "penalty": d.penalty}


def check(st, before, every_view: bool):
    d = st.data
    try:
        d.check()                                    # every card in exactly one zone of its owner
    except ValueError as e:
        fail(st, f"zones: {e}")
    for p in range(d.n):
        lost, was = d.lost[p], before["lost"][p]
        if lost[:len(was)] != was:                    # lost piles only grow (MB-ZONE-9)
            fail(st, f"P{p + 1}'s lost pile shrank or changed")
        w = grid.width(d.columns[p])
        for i, col in enumerate(d.columns[p]):
            if len(col) > grid.limit(d, col, w):          # tolerated only while it gains nothing (MB-GRID-8)
                if not set(col) <= set(before["cols"][p][i]) and len(lost) == len(was):
                    fail(st, f"P{p + 1}'s column {i + 1} is too deep and gained a card: {col}")
    if d.turn != before["turn"] and st.result is None:
        # the turn before ended with one attack per attacked opponent, or the penalty (MB-ATK-2/8)
        if before["turn"] > 0 and not (before["attacks"] == len(before["attacked"])
                                       == len(set(before["attacked"])) and (before["attacks"] or before["penalty"])):
            fail(st, f"turn {before['turn']} ended with attacks {before['attacks']} on {before['attacked']}, "
                     f"penalty {before['penalty']}")
        p = d.active
        want = max(7, before["hand"][p])              # MB-DRAW-1/2
        if len(d.hand[p]) != want and not (d.short_game and not d.draw[p]):   # short game: nothing to draw
            fail(st, f"P{p + 1} holds {len(d.hand[p])} after the Draw Phase, not {want}")
    if every_view:
        for p in range(d.n):                          # the option lists' shortcut is the placement rule
            for c in d.in_play(p) + d.reserve[p] + d.hand[p]:
                if grid.spots(d, p, c) != [i for i in range(grid.COLUMNS) if fits(d, p, c, i)]:
                    fail(st, f"spots and fits disagree for c{c} of P{p + 1}: {d.columns[p]}")
            text = json.dumps(st.view(p))
            leak = {int(x) for x in CARD_ID.findall(text)} & hidden_from(d, p)
            if leak:
                fail(st, f"view({p}) shows hidden cards {sorted(leak)[:5]}")


def play_one(seats: int, seed: int) -> int:
    decks = [DECKS[(seed + i * (1 + seed % 5)) % len(DECKS)] for i in range(seats)]
    opts = {"auto_single": False, "short_game": seed % 7 == 0}
    st = GAME.new_state(decks, seed=seed, options=opts, log=seed % 4 == 0)
    r = Rng(seed * 7919 + seats)
    before = summary(st.data)
    k = 0
    while not st.is_terminal():
        acts = st.legal_actions()
        if not acts:
            fail(st, "no legal actions before the end")
        st.apply(r.choice(acts).id)
        k += 1
        check(st, before, k % 13 == 0)
        before = summary(st.data)
        if k % 97 == 0:                                   # copies and JSON give the same game
            text = st.to_json_text()
            if st.clone().to_json_text() != text:
                fail(st, "clone differs")
            loaded = GAME.state_from_json(text)
            if loaded.to_json_text() != text:
                fail(st, "JSON round trip differs")
            if not st.is_terminal():                       # and plays on the same
                nxt = r.choice(st.legal_actions()).id
                copy = st.clone()
                loaded.apply(nxt)
                copy.apply(nxt)
                if loaded.digest() != copy.digest():
                    fail(st, "a state read from JSON plays on differently")
    if st.hit_action_limit:
        fail(st, "the game reached the action limit")
    assert st.data.phase == "over" or st.data.short_game
    if seed % 3 == 0:
        again = GAME.replay(st.record(), log=False)
        assert again.digest() == st.digest() and again.returns() == st.returns()
    return k


@pytest.mark.rule("MB-ZONE-1", "MB-ZONE-9", "MB-GRID-8", "MB-DRAW-1", "MB-DRAW-2", "MB-ATK-2", "MB-ATK-8",
                  "MB-ZONE-10")
@pytest.mark.parametrize("seats", (2, 3, 4))
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants(seats, chunk):
    actions = 0
    for g in range(GAMES_PER_CHUNK):
        actions += play_one(seats, 1000 * seats + GAMES_PER_CHUNK * chunk + g)
    assert actions > GAMES_PER_CHUNK * 20


@pytest.mark.rule("MB-WIN-1", "MB-WIN-6", "MB-WIN-2", "MB-WIN-10")
def test_returns_follow_the_endings():
    """Two seats: +1/-1 or a draw; more: the sole fewest-lost seat +1, or those tied for
    fewest 0, everyone else -1."""
    for seats in (2, 3, 4):
        for seed in range(8):
            st = GAME.new_state([DECKS[(seed + i) % len(DECKS)] for i in range(seats)], seed=seed, log=False)
            r = Rng(seed)
            while not st.is_terminal():
                st.apply(r.choice(st.legal_actions()).id)
            res = st.returns()
            if seats == 2:
                assert sorted(res) in ([-1.0, 1.0], [0.0, 0.0])
            else:
                lost = [len(x) for x in st.data.lost]
                best = [p for p in range(seats) if lost[p] == min(lost)]
                assert all(res[p] == (1.0 if len(best) == 1 else 0.0) for p in best)
                assert all(res[p] == -1.0 for p in range(seats) if p not in best)
