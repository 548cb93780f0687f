"""Drivers shared by the hidden-information tests of every game (test_hidden_info_*.py):
sampling the decision points of seeded random games, editing a copy's hidden data, comparing
what a player sees, and reading draws out of a log."""
from __future__ import annotations

import json
import re

from metatcg.engine.rng import Rng

from support.contract import random_play

DRAW = re.compile(r"^P([12]) draws (.+)$")


def edited(st):
    """A clone whose data we may edit; cached legal actions are dropped so they are
    recomputed from the edited data."""
    cp = st.clone()
    cp._legal = None
    cp._by_id = None
    return cp


def seen(st, p) -> dict:
    """What ``view(p)`` shows, log left out, as JSON would hold it."""
    v = st.view(p)
    v.pop("log")
    return json.loads(json.dumps(v))


def sample_states(game, pair_of, seed: int, every: int = 3, games: int = 1):
    """Decision points of seeded random games (every ``every``-th, plus the end); game ``g``
    of ``seed`` plays the decks ``pair_of(seed, g)``."""
    for g in range(games):
        a, b = pair_of(seed, g)
        yield from random_play(game.new_state([a, b], seed=seed * 100 + g), Rng(seed * 100 + g), every)


def last(states):
    """The last state an iterator yields (for a whole game: its end)."""
    *_, end = states
    return end


def different_name_pair(d, zone_a: list, zone_b: list, r: Rng):
    """Indexes (i, j) with zone_a[i] and zone_b[j] of different names, or None."""
    pairs = [(i, j) for i in range(len(zone_a)) for j in range(len(zone_b))
             if d.cards[zone_a[i]].name != d.cards[zone_b[j]].name]
    return r.choice(pairs) if pairs else None


def draws(lines) -> dict[int, list[str]]:
    """What each player (1, 2) draws according to ``lines`` ("a card" where it is hidden)."""
    out = {1: [], 2: []}
    for line in lines:
        m = DRAW.match(line)
        if m:
            out[int(m.group(1))].append(m.group(2))
    return out


def check_draws_named_only_to_the_drawer(st) -> dict[int, list[str]]:
    """``st.log`` names every drawn card; ``log_for(p)`` names p's own draws and shows each of
    the opponent's as "a card". Returns the draws of ``st.log``."""
    full_draws = draws(st.log)
    assert all(name != "a card" for names in full_draws.values() for name in names), \
        "state.log should name every drawn card"
    for p in (0, 1):
        me, opp = p + 1, 2 - p
        redacted = draws(st.log_for(p))
        assert redacted[me] == full_draws[me], "a player's own draws are named in their log"
        assert redacted[opp] == ["a card"] * len(full_draws[opp]), f"log_for({p}) names the opponent's draws"
    return full_draws
