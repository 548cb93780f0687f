"""Drivers of the contract suite (tests/test_contract*.py), which runs for every registered game.

Nothing here names a game: what a check needs to know about one comes from the game object
(its seat counts, its starter decks, its views, ``determinize``). A *table* is one seeded game
setting: how many seats, which starter deck each seat plays, the seed.
"""
from __future__ import annotations

import json
from typing import Iterator, NamedTuple

import pytest

import metatcg
from metatcg.engine.rng import Rng


class Table(NamedTuple):
    """One seeded game: a starter deck per seat and the seed."""

    decks: tuple[str, ...]
    seed: int

    @property
    def seats(self) -> int:
        return len(self.decks)

    def new_state(self, game, log: bool = True, **options):
        return game.new_state(list(self.decks), seed=self.seed, log=log, options=options or None)

    def __str__(self) -> str:
        return f"{' vs '.join(self.decks)}, seed {self.seed}"


def game_params() -> list:
    """One pytest param per registered game, read when the tests are collected: registering a
    game (tests/conftest.py registers the test-only ones) is all it takes to test it."""
    return [pytest.param(gid, id=gid) for gid in metatcg.game_ids()]


def tables(game, count: int, first_seed: int) -> list[Table]:
    """``count`` tables of ``game``: seat counts taken in turn from ``game.seat_counts``, each
    seat a starter deck, pairings varying with the seed (mirrors included)."""
    names = game.starter_deck_names()
    if not names:
        pytest.fail(f"{game.id} has no starter decks: the contract suite plays its starter decks")
    counts = sorted(game.seat_counts)
    out = []
    for k in range(count):
        n = counts[k % len(counts)]
        step = 1 + k // len(names)
        out.append(Table(tuple(names[(k + i * step) % len(names)] for i in range(n)), first_seed + k))
    return out


def chooser(table: Table) -> Rng:
    """The random player of a table (its own stream, apart from the game's)."""
    return Rng(table.seed * 7919 + 1)


def decision_points(game, table: Table, every: int = 1, log: bool = True) -> Iterator:
    """Every ``every``-th decision point of the table's game under random play, then its end."""
    return random_play(table.new_state(game, log=log), chooser(table), every)


def random_play(st, r: Rng, every: int = 1) -> Iterator:
    """Every ``every``-th decision point of ``st`` played to its end with random actions from
    ``r``, then the end. The state yielded is the live game: a caller that changes it changes
    the game."""
    i = 0
    while not st.is_terminal():
        if i % every == 0:
            yield st
        st.apply(r.choice(st.legal_actions()))
        i += 1
    yield st


def norm(obj):
    """What a JSON file would hold (tuples become lists)."""
    return json.loads(json.dumps(obj))


def without_log(state_json: dict) -> dict:
    """A state's JSON apart from its log (all a quiet game leaves out)."""
    return {k: v for k, v in norm(state_json).items() if k != "log"}


def seen(st, p: int) -> dict:
    """What ``view(p)`` shows, log left out, as JSON would hold it."""
    v = st.view(p)
    v.pop("log")
    return norm(v)


def seats(st) -> range:
    return range(st.num_players)


def json_paths(obj, prefix=()):
    """Every path to a value inside nested dicts/lists (where fuzzers change a state)."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from json_paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from json_paths(v, prefix + (i,))
