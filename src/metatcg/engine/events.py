"""Event bus helpers: triggers wait as data, replacements hook a change before it happens,
continuous modifiers carry a duration and are dropped when it ends.

The kernel owns the mechanism; each game says which abilities listen to which events
(``Rules.triggers_for`` / ``Rules.replacements_for``) and what a modifier means.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

# Durations of modifiers: "give" lasts to the end of the turn (or round), "gain" stays.
TURN = "turn"
ROUND = "round"
PERMANENT = "permanent"


def emit(state: "GameState", event: Any) -> None:
    """Announce that ``event`` happened: each ability it triggers waits in ``state.pending``
    and goes on the stack, ordered by the active player if several, once the current step ends."""
    for trigger in state.rules.triggers_for(state, event):
        state.queue_trigger(trigger)


def replacements(state: "GameState", event: Any, applied: tuple[Any, ...] = ()) -> list[Any]:
    """The replacement effects that could apply to ``event`` before it happens.

    The game's primitive asks this at the moment of the change and, when there are several,
    lets the right player choose; ``applied`` holds those already used on this event, so
    none applies twice."""
    return state.rules.replacements_for(state, event, applied)


def expire(modifiers: list[tuple[Any, ...]], duration: str) -> list[tuple[Any, ...]]:
    """Modifiers (tuples whose last item is their duration) that outlive ``duration``."""
    return [m for m in modifiers if m[-1] != duration]
