"""Stepping through a finished game: the state after action ``k``, as a seat saw it or as
everyone may now see it. Rebuilt from the stored setup and actions, server-side; the client
gets only the redacted frame (``redact.py``) plus the number of steps."""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from . import redact
from .errors import ApiError

if TYPE_CHECKING:  # pragma: no cover
    from .tables import Table


def replay_state(table: "Table", step: int, seat: int | None) -> dict[str, Any]:
    ids = table.store.action_ids(table.id)
    if not 0 <= step <= len(ids):
        raise ApiError(404, "unknown", f"no step {step}: this game has steps 0 to {len(ids)}")
    if seat is not None and not 0 <= seat < len(table.seats):
        raise ApiError(404, "unknown", f"no seat {seat} in this game")
    setup = table.setup
    st = table.game.new_state(setup["decks"], seed=setup["seed"], options=setup["options"])
    for aid in ids[:step]:
        st.apply(aid)
    frame = copy.copy(table)
    frame.state, frame.n, frame.deadline = st, step, None
    frame.notes = []
    frame.ended = table.ended and step == len(ids)     # a game its creator ended is over at its last step only
    out = redact.seat_state(frame, seat) if seat is not None else redact.public_state(frame)
    out["steps"] = len(ids)
    out["step"] = step
    return out
