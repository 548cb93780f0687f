"""Bots get only what a player has (ARCHITECTURE, "Bots see only view(p)"): a PlayerHandle
with the seat's view, its legal actions and determinized copies for lookahead. Run for every
registered game and every table size it is played with; no game is named here.

A handle keeps the true state in a private slot; these tests check its public surface
(attributes and what its methods return), which is all a bot is allowed to use.
"""
from __future__ import annotations

import functools
import json
from typing import Any

import pytest

import metatcg
from metatcg.bots import BOTS, GreedyBot, IsmctsBot, RandomBot, make_bot
from metatcg.engine.action import Action
from metatcg.engine.handle import PlayerHandle
from metatcg.engine.rng import Rng
from metatcg.engine.state import GameState
from support.contract import random_play

TABLES = [(gid, n) for gid in metatcg.game_ids()
          for n in sorted({min(metatcg.load_game(gid).seat_counts), max(metatcg.load_game(gid).seat_counts)})]
SAMPLES = 6        # determinized copies per decision point


def table_id(t: tuple[str, int]) -> str:
    return f"{t[0]}-{t[1]}seats"


def new_game(game, n: int, seed: int) -> GameState:
    starters = game.starter_deck_names()
    if not starters:
        pytest.skip(f"{game.id} has no starter decks")
    return game.new_state([starters[(seed + i) % len(starters)] for i in range(n)], seed=seed)


def decision_points(game, n: int, seed: int, every: int = 4):
    """Every ``every``-th decision of a seeded random game, while it runs."""
    for st in random_play(new_game(game, n, seed), Rng(seed + 1), every):
        if not st.is_terminal():
            yield st


def seen(st: GameState, p: int) -> Any:
    """``view(p)`` as JSON holds it, without the log (a determinized copy keeps none) and with
    options by id only (labels are made apart only where a log is kept)."""
    v = st.view(p)
    v.pop("log")
    v["legal_actions"] = [a["id"] for a in v["legal_actions"]]
    return json.loads(json.dumps(v))


def reachable(obj: Any, depth: int = 6, _seen: set[int] | None = None):
    """Everything reachable from ``obj`` through containers, records, actions and the
    closures of lazy labels."""
    _seen = set() if _seen is None else _seen
    if id(obj) in _seen or depth < 0:
        return
    _seen.add(id(obj))
    yield obj
    if isinstance(obj, (str, bytes, int, float, bool)) or obj is None:
        return
    if isinstance(obj, dict):
        parts = [*obj.keys(), *obj.values()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        parts = list(obj)
    else:
        parts = [getattr(obj, "__self__", None)]
        parts += [c.cell_contents for c in (getattr(obj, "__closure__", None) or ())]
        parts += list(getattr(obj, "__defaults__", None) or ())
    for part in parts:
        yield from reachable(part, depth - 1, _seen)


def public_surface(h: PlayerHandle) -> dict[str, Any]:
    """What a bot can get from the handle without its private names: attributes, and what
    every method that takes no argument returns."""
    out: dict[str, Any] = {}
    for name in dir(h):
        if name.startswith("_") or name == "determinize":
            continue
        value = getattr(h, name)
        out[name] = value() if callable(value) else value
    return out


# --------------------------------------------------------------------------- the handle
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_a_handle_exposes_no_game_state(table):
    gid, n = table
    game = metatcg.load_game(gid)
    checked = 0
    for st in decision_points(game, n, seed=3):
        p = st.current_player()
        h = st.handle(p)
        surface = public_surface(h)
        assert surface["player"] == p and surface["game"] is game
        assert {a.id for a in surface["legal_actions"]} == {a.id for a in st.legal_actions()}
        for name, value in surface.items():
            if name == "game":
                continue
            for part in reachable(value):
                assert not isinstance(part, GameState), f"handle.{name} reaches the GameState"
                assert part is not st.data and type(part) is not type(st.data), \
                    f"handle.{name} reaches the game's data"
        for value in vars(game).values():                 # the game object holds no game
            assert not isinstance(value, GameState)
        assert st.handle(next(q for q in range(n) if q != p)).legal_actions() == [], \
            "a seat that is not deciding has no options"
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_determinized_copies_resample_what_the_player_cannot_see(table):
    """Each copy shows the player exactly their own view, while the other seats' views (their
    hands) change from copy to copy: so the player's view holds none of those hidden cards.
    A copy is quiet, its own object, and its seed is not the real one."""
    gid, n = table
    game = metatcg.load_game(gid)
    points = resampled = 0
    for st in decision_points(game, n, seed=5, every=3):
        p = st.current_player()
        h = st.handle(p)
        before = st.to_json()
        mine = seen(st, p)
        theirs = {o: seen(st, o) for o in range(n) if o != p}
        changed = False
        for k in range(SAMPLES):
            d = h.determinize(Rng(1000 * k + 7))
            assert d is not st and d.data is not st.data
            assert d.seed != st.seed, "a determinized copy must not carry the true seed"
            assert d.logging is False and d.log == []
            assert seen(d, p) == mine, f"seat {p}'s own view changed in a determinized copy"
            changed |= any(seen(d, o) != v for o, v in theirs.items())
        assert st.to_json() == before, "determinizing changed the real game"
        points += 1
        resampled += changed
    assert points > 5
    assert resampled >= points // 3, f"other seats' hidden cards were resampled at only {resampled}/{points} points"


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_a_determinized_copy_tells_nothing_about_the_true_hidden_cards(table):
    """The copy a bot gets depends only on what its seat knows and the bot's RNG: the same
    game with the hidden cards arranged otherwise gives the very same copy. (Else a bot that
    knows its RNG could run the shuffle backwards and read the true hidden cards.)"""
    gid, n = table
    game = metatcg.load_game(gid)
    compared = 0
    points = (st for seed in range(7, 12) for st in decision_points(game, n, seed=seed, every=5))
    for st in points:
        if compared > 3:
            break
        p = st.current_player()
        other = game.determinize(st, p, Rng(99))        # hidden cards arranged otherwise
        other.rng = Rng(st.rng.state)
        other.seed = st.seed
        if other.to_json()["data"] == st.to_json()["data"]:
            continue
        for k in range(3):
            a = st.handle(p).determinize(Rng(k)).to_json()
            b = other.handle(p).determinize(Rng(k)).to_json()
            assert a == b, f"seat {p}'s determinized copy depends on where the hidden cards really are"
        compared += 1
    assert compared > 3


# --------------------------------------------------------------------------- the bots
QUICK_ITERS = 12
QUICK = {"ismcts": f"ismcts:iters={QUICK_ITERS},depth=4",   # the search bots on a small budget
         "rollout": "rollout:samples=2,turns=1,top=3"}

class CountingHandle:
    """A handle that counts what a bot asks for (and offers nothing more)."""

    def __init__(self, h: PlayerHandle) -> None:
        self._h = h
        self.player, self.game = h.player, h.game
        self.calls: dict[str, int] = {}

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def view(self) -> dict:
        self._count("view")
        return self._h.view()

    def legal_actions(self) -> list[Action]:
        self._count("legal_actions")
        return self._h.legal_actions()

    def determinize(self, rng: Rng) -> GameState:
        self._count("determinize")
        return self._h.determinize(rng)


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_bots_play_through_handles_only(table, bot):
    """Each bot picks a legal option of its seat from the handle alone, leaves the real game
    as it was, and (greedy) draws one determinized sample per decision with several options."""
    gid, n = table
    game = metatcg.load_game(gid)
    st = new_game(game, n, seed=11)
    bots = [make_bot(QUICK.get(bot, bot), 40 + p) for p in range(n)]
    handles = [CountingHandle(st.handle(p)) for p in range(n)]
    decisions = 0
    while not st.is_terminal() and decisions < 60:        # the start of a game is enough
        p = st.current_player()
        legal = {a.id for a in st.legal_actions()}
        before = st.to_json()
        h = handles[p]
        h.calls.clear()
        act = bots[p].choose(h)
        assert act.id in legal
        assert st.to_json() == before, f"{bot} changed the real game while choosing"
        if bot == "greedy":
            assert h.calls.get("determinize", 0) == (1 if len(legal) > 1 else 0)
        if bot == "ismcts":     # one determinization per iteration
            assert h.calls.get("determinize", 0) == (QUICK_ITERS if len(legal) > 1 else 0)
        if bot == "rollout":    # one determinization per sample, every option rolled out on it
            assert h.calls.get("determinize", 0) == (2 if len(legal) > 1 else 0)
        st.apply(act.id)
        decisions += 1
    assert decisions > 10 or (st.is_terminal() and decisions > 2)   # a search bot ends a toy game fast


@pytest.mark.parametrize("cls", [RandomBot, GreedyBot, functools.partial(IsmctsBot, iters=QUICK_ITERS, depth=4)])
def test_bots_are_seeded(cls):
    gid, n = TABLES[0]
    game = metatcg.load_game(gid)

    def first_choices(seed: int) -> list[str]:
        st = new_game(game, n, seed=2)
        bots = [cls(seed + p) for p in range(n)]
        out = []
        for _ in range(25):
            if st.is_terminal():
                break
            p = st.current_player()
            act = bots[p].choose(st.handle(p))
            out.append(act.id)
            st.apply(act.id)
        return out

    assert first_choices(5) == first_choices(5)
