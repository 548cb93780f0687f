"""The only place that makes what a client receives about a game in play.

A seat gets ``view(p)``, its legal actions (only when it decides), ``log_for(p)``, its own
preferences and the lines saying what they answered for it; a spectator gets
``public_view()``. Both get the public table facts: the seats (human or which bot, joined or
not), the action count, the deadline and the server's own notes. Nothing here reads
``to_json()``, ``record()``, the seed, the decks or the RNG: a client can never hold more than
a person at that seat (boardgame.io's class of leak, where secret state reached clients,
cannot happen through a second path because there is none).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .tables import Table


def _frame(table: "Table", view: dict[str, Any], seat: int | None, log_start: int) -> dict[str, Any]:
    legal = view.pop("legal_actions", [])
    log = view.pop("log", [])
    deciding = view.get("deciding")   # the view's: in a response window it names the seat asked
    out: dict[str, Any] = {
        "id": table.id, "game": table.game.id, "seat": seat, "n": table.n,  # to that seat only
        "deciding": None if deciding is None or table.ended else deciding["player"], "over": table.over,
        "seats": [s.public() for s in table.seats], "settings": public_settings(table.settings),
        "view": view, "legal_actions": [] if table.over else legal, "log_start": log_start, "log": log,
        "result": {"ended": "by its creator"} if table.ended else view.get("result"),
        "deadline": table.deadline, "notes": list(table.notes)}
    if seat is not None:
        # the seat's own preferences and what they answered for it: its stops are its own
        # business, and an answer's label may name its hidden cards
        out["prefs"] = table.prefs_of(seat)
        out["auto_notes"] = list(table.auto_notes.get(seat, ()))
    return out


def seat_state(table: "Table", seat: int, log_from: int = 0) -> dict[str, Any]:
    """What ``seat`` may know now; ``log`` from line ``log_from`` of its log."""
    log_from = max(0, int(log_from))
    return _frame(table, table.state.view(seat, log_from=log_from), seat, log_from)


def public_state(table: "Table", log_from: int = 0) -> dict[str, Any]:
    """What a spectator may know now."""
    log_from = max(0, int(log_from))
    return _frame(table, table.state.public_view(log_from=log_from), None, log_from)


def frame(table: "Table", seat: int | None, have: int, mark: int) -> tuple[dict[str, Any], int]:
    """A socket's next frame: the state of ``seat`` (None: a spectator) with the log lines after
    the ``have`` it already has, found from raw log entry ``mark`` on; and the next mark."""
    st = table.state
    view = st.public_view(log_from=None) if seat is None else st.view(seat, log_from=None)
    out = _frame(table, view, seat, have)
    out["log"], mark = st.log_since(-1 if seat is None else seat, mark)
    return out, mark


def public_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The table settings every seat may read: all of them (none is secret)."""
    return dict(settings)
