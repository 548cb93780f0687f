"""The endings the kernel makes itself, named for ``Game.ending``: a game the kernel stopped at
its action limit, and a concession (``GameState.concede``) that ended the game. A game's own
``ending`` asks :func:`kernel_ending` first and names its win conditions and draws itself."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

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


#: one way a game names an ending: (a phrase its end reason holds, the ending's name, and its
#: name when nobody won where that differs); a game's ``facts.ENDING_PHRASES`` lists them in
#: the order they are tried
EndingPhrase = tuple[str, ...]


def ending_names(phrases: Sequence[EndingPhrase]) -> tuple[str, ...]:
    """Every name :func:`named_ending` can give with ``phrases``, the kernel's own last (what a
    simulator may count)."""
    names: list[str] = []
    for _phrase, *named in phrases:
        names += [n for n in named if n not in names]
    return (*names, *(n for n in (CONCESSION, ACTION_LIMIT) if n not in names))


def named_ending(state: "GameState", phrases: Sequence[EndingPhrase]) -> str | None:
    """The kernel's ending, else the name of the first of ``phrases`` whose phrase the end
    reason holds (its draw name when nobody won), else None."""
    kernel = kernel_ending(state)
    if kernel is not None:
        return kernel
    reason = state.reason
    for phrase, name, *drawn in phrases:
        if phrase in reason:
            return drawn[0] if drawn and state.winner() is None else name
    return None
