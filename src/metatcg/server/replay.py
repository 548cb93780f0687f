"""Stepping through a finished game: the state after action ``k``, as a seat saw it or as
everyone may now see it. Rebuilt from the stored setup and actions, server-side; the client
gets only the redacted frame (``redact.py``) plus the number of steps.

A replay viewer asks for step after step, so a finished game's positions are kept: the first
request replays the game from the seed once and keeps a copy of the state every ``EVERY``
actions; a later step starts from the nearest copy at or before it (at most ``EVERY - 1``
actions to apply) instead of from the seed. ``Positions`` keeps the games asked last (an LRU of
``GAMES``); a finished game never changes, so nothing goes stale.
"""
from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import redact
from .errors import ApiError

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.state import GameState
    from .tables import Table

EVERY = 16     # actions between kept positions
GAMES = 32     # finished games whose positions are kept


@dataclass
class Checkpoints:
    ids: list[str]                       # the game's actions, in order
    states: list["GameState"]            # the state after actions 0, EVERY, 2*EVERY, …


class Positions:
    """Kept positions of the finished games replayed last (shared by the worker threads)."""

    def __init__(self, games: int = GAMES, every: int = EVERY) -> None:
        self.games = games
        self.every = every
        self.kept: OrderedDict[str, Checkpoints] = OrderedDict()
        self.lock = threading.Lock()

    def of(self, table: "Table") -> Checkpoints:
        with self.lock:
            got = self.kept.get(table.id)
            if got is not None:
                self.kept.move_to_end(table.id)
                return got
        ids = table.store.action_ids(table.id)
        setup = table.setup
        st = (table.game.position(setup["position"]) if "position" in setup   # a tutorial's start (tutorials.py)
              else table.game.new_state(setup["decks"], seed=setup["seed"], options=setup["options"]))
        states = [st.clone()]
        for i, aid in enumerate(ids, 1):
            st.apply(aid)
            if i % self.every == 0:
                states.append(st.clone())
        got = Checkpoints(ids, states)
        with self.lock:
            self.kept[table.id] = got
            while len(self.kept) > self.games:
                self.kept.popitem(last=False)
        return got

    def state_after(self, table: "Table", step: int) -> tuple["GameState", int]:
        """A fresh state after ``step`` actions, and the game's number of actions."""
        cp = self.of(table)
        if not 0 <= step <= len(cp.ids):
            raise ApiError(404, "unknown", f"no step {step}: this game has steps 0 to {len(cp.ids)}")
        base = step // self.every
        st = cp.states[base].clone()
        for aid in cp.ids[base * self.every:step]:
            st.apply(aid)
        return st, len(cp.ids)


def replay_state(table: "Table", step: int, seat: int | None, positions: Positions) -> dict[str, Any]:
    if seat is not None and not 0 <= seat < len(table.seats):
        raise ApiError(404, "unknown", f"no seat {seat} in this game")
    st, steps = positions.state_after(table, step)
    frame = copy.copy(table)
    frame.state, frame.n, frame.deadline = st, step, None
    frame.notes = []
    frame.ended = table.ended and step == steps     # a game its creator ended is over at its last step only
    out = redact.seat_state(frame, seat) if seat is not None else redact.public_state(frame)
    out["steps"] = steps
    out["step"] = step
    return out
