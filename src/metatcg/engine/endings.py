"""The endings the kernel makes itself, named for ``Game.ending``: a game the kernel stopped at
its action limit, and a concession (``GameState.concede``) that ended the game. A game's own
``ending`` asks :func:`kernel_ending` first and names its win conditions and draws itself."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState

ACTION_LIMIT = "action limit"   # the kernel ended it at its action limit (a draw nobody played to)
CONCESSION = "concession"       # the game ended at a seat's concession


def kernel_ending(state: "GameState") -> str | None:
    """``ACTION_LIMIT`` or ``CONCESSION`` when the kernel's own ending finished ``state``, else
    None. A concession after which the others played on (a game with ``rules.concede``) is not
    how the game ended: only one that finished it counts, the last entry of the history."""
    from .state import CONCEDE
    if state.hit_action_limit:
        return ACTION_LIMIT
    if state.result is not None and state.history and state.history[-1].startswith(CONCEDE):
        return CONCESSION
    return None
