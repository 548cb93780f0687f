"""Observation vectors (``game.observe(state.view(p), seats)``, issue 13): fixed length per
game and seat count, finite float32, blind to cards hidden from ``p`` and alive to the cards
``p`` sees move."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.rl.observation import observation_size, observe, offsets
from support.contract import Table, chooser, tables

SHIPPED = ("metax", "metazoo", "metabaloids", "metazoo-2022")


def encoded(game_id: str):
    """A shipped game (the test-only ones declare no encoding)."""
    return metatcg.load_game(game_id)


def seat_tables(game) -> list[Table]:
    """Two tables per seat count the game allows."""
    return tables(game, 2 * len(game.seat_counts), 8100)


def states(game, table: Table, every: int, limit: int):
    """At most ``limit`` decision points of a random game, every ``every``-th, then the state
    it stopped at (its end, when it ended first)."""
    st, r = table.new_state(game, log=False), chooser(table)
    i = seen = 0
    while not st.is_terminal() and seen < limit:
        if i % every == 0:
            yield st
            seen += 1
        st.apply(r.choice(st.legal_actions()))
        i += 1
    yield st


def test_every_shipped_game_has_an_encoding():
    for gid in SHIPPED:
        game = metatcg.load_game(gid)
        for n in game.seat_counts:
            parts = game.observation_layout(n)
            assert parts and all(length > 0 for _, length in parts), (gid, n)
            names = [name for name, _ in parts]
            assert len(names) == len(set(names)), f"{gid}: a part named twice"
            assert {"decision", "deciding", "hand"} <= set(names), gid
            assert observation_size(game, n) == sum(length for _, length in parts)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_fixed_length_finite_float32(game_id):
    game = encoded(game_id)
    for table in seat_tables(game):
        size = observation_size(game, table.seats)
        for st in states(game, table, every=3, limit=40):
            for p in range(table.seats):
                v = observe(st, p)
                assert v.shape == (size,) and v.dtype == np.float32, (table, p)
                assert np.isfinite(v).all(), (table, p)
                assert np.abs(v).max() <= 50, f"{table}: an unscaled number in the vector"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_reading_the_view_uncopied_changes_neither_vector_nor_state(game_id):
    """``observe`` reads ``view(p, copy=False)``, which may share lists with the state: it must
    encode exactly what the detached view encodes, and leave the state as it was."""
    game = encoded(game_id)
    for table in seat_tables(game):
        for st in states(game, table, every=4, limit=25):
            before = st.to_json()
            for p in range(table.seats):
                fast = observe(st, p)
                slow = game.observe(st.view(p, None), table.seats)
                assert np.array_equal(fast, slow), (table, p)
            assert st.to_json() == before, table


@pytest.mark.parametrize("game_id", SHIPPED)
def test_decision_kind_is_always_a_listed_one(game_id):
    """The decision one-hot never falls in its "other" slot: every kind the game asked during
    random play is listed, and the slot of the kind asked is set."""
    game = encoded(game_id)
    for table in seat_tables(game):
        start, end = offsets(game, table.seats)["decision"]
        for st in states(game, table, every=2, limit=60):
            if st.is_terminal():
                continue
            v = observe(st, st.current_player())[start:end]
            assert v.sum() == 1.0 and v[-1] == 0.0, f"{table}: kind {st.decision.kind!r} is not listed"


def same_point(st, other) -> bool:
    """Whether a determinized copy waits at the same decision as the true state: a copy in
    which another seat's pending choice has nothing left to choose from goes on (Metabaloids'
    determinize says so), and is then not the same game at the same moment."""
    a, b = st.decision, other.decision
    return (a is None) == (b is None) and (a is None or (a.player, a.kind) == (b.player, b.kind))


@pytest.mark.parametrize("game_id", SHIPPED)
def test_blind_to_cards_hidden_from_the_observer(game_id):
    """Two states that differ only in cards hidden from p (a determinized copy, true RNG and
    seed put back) give p the same vector."""
    game = encoded(game_id)
    compared = 0
    for table in seat_tables(game):
        for st in states(game, table, every=5, limit=40):
            if st.is_terminal():
                continue
            for p in range(table.seats):
                other = game.determinize(st, p, Rng(31 + compared))
                other.rng, other.seed = Rng(st.rng.state), st.seed
                if other.to_json()["data"] == st.to_json()["data"] or not same_point(st, other):
                    continue
                a, b = observe(st, p), observe(other, p)
                assert np.array_equal(a, b), f"{table}, action {len(st.history)}: seat {p} sees hidden cards"
                compared += 1
    assert compared >= 5


def shown(view: dict) -> Counter:
    """Where each card the view names lies: (path, name) pairs, list positions of cards left
    out (a zone's order is not encoded), the seats', lanes' and columns' positions kept."""
    out: Counter = Counter()

    def walk(obj, path: tuple) -> None:
        if isinstance(obj, dict):
            if isinstance(obj.get("name"), str):
                out[(path, obj["name"])] += 1
            for k, v in obj.items():
                if k not in ("log", "legal_actions", "deciding", "influence_sources"):
                    walk(v, path + (k,))
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, path if isinstance(v, dict) and "name" in v else path + (i,))

    walk(view, ())
    return out


@pytest.mark.parametrize("game_id", SHIPPED)
def test_alive_to_cards_the_observer_sees_move(game_id):
    """After an action that moves a card p sees (into, out of or between zones p sees), p's
    vector is not the one it was."""
    game = encoded(game_id)
    checked = 0
    for table in seat_tables(game):
        st, r = table.new_state(game, log=False), chooser(table)
        for _ in range(150):
            if st.is_terminal():
                break
            before = {p: (shown(st.view(p, None)), observe(st, p)) for p in range(table.seats)}
            st.apply(r.choice(st.legal_actions()))
            for p, (cards, vec) in before.items():
                if shown(st.view(p, None)) != cards:
                    assert not np.array_equal(observe(st, p), vec), \
                        f"{table}, action {len(st.history)}: seat {p} saw a card move, its vector did not change"
                    checked += 1
    assert checked >= 10


def card_edits(view: dict, names: list[str]):
    """Every small edit of a view that moves a card the observer sees: each card taken out of
    its list (zone), each card alone in its place (a Terra, a battle's card) renamed to
    another card of the pool."""
    found: list[tuple[list, int, dict | None]] = []

    def walk(obj, holder) -> None:
        if isinstance(obj, dict):
            if isinstance(obj.get("name"), str):
                found.append((holder[0], holder[1], obj) if holder else ([], -1, obj))
            for k, v in obj.items():
                if k not in ("log", "legal_actions", "deciding", "influence_sources"):
                    walk(v, None)
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, (obj, i))

    walk(view, None)
    for zone, i, card in found:
        if i >= 0 and card is not None:
            zone.pop(i)
            yield f"{card['name']} taken out of its zone"
            zone.insert(i, card)
        elif card is not None:
            name = card["name"]
            card["name"] = names[0] if name != names[0] else names[1]
            yield f"{name} renamed"
            card["name"] = name


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_card_the_observer_sees_counts(game_id):
    """Take any one card out of a zone of p's view (or rename one that has a place of its
    own): p's vector changes. So no zone of the view is left out of the vector."""
    game = encoded(game_id)
    names = sorted(game.pool.by_name)
    edits = 0
    for table in seat_tables(game):
        for st in states(game, table, every=9, limit=20):
            for p in range(table.seats):
                view = st.view(p, None)
                base = game.observe(view, table.seats)
                for what in card_edits(view, names):
                    assert not np.array_equal(game.observe(view, table.seats), base), \
                        f"{table}, action {len(st.history)}, seat {p}: {what}, the vector did not change"
                    edits += 1
    assert edits >= 50


def test_seats_are_relative_to_the_observer():
    """The observer's own counters come first: two seats see the same game from opposite ends."""
    game = metatcg.load_game("metax")
    st = game.new_state(game.starter_deck_names()[:2], seed=4, log=False)
    r = Rng(2)
    for _ in range(40):
        st.apply(r.choice(st.legal_actions()))
    at = offsets(game, 2)
    v0, v1 = observe(st, 0), observe(st, 1)
    (a0, a1), (b0, b1) = at["s0.counters"], at["s1.counters"]
    assert np.array_equal(v0[a0:a1], v1[b0:b1]) and np.array_equal(v0[b0:b1], v1[a0:a1])
    assert not np.array_equal(v0[a0:a1], v0[b0:b1]), "pick a position where the seats differ"


def test_a_view_of_another_seat_count_is_refused():
    game = metatcg.load_game("metabaloids")
    st = game.new_state(game.starter_deck_names()[:3], seed=1, log=False)
    with pytest.raises(ValueError):
        game.observe(st.view(0), 2)


def test_a_game_without_an_encoding_says_so():
    toy = next(gid for gid in metatcg.game_ids() if gid not in SHIPPED)   # registered by tests/conftest.py
    game = metatcg.load_game(toy)
    with pytest.raises(NotImplementedError, match="declares no observation encoding"):
        game.observe({}, 2)
    with pytest.raises(NotImplementedError, match="declares no action space"):
        game.action_space(2)
