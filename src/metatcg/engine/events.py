"""Event bus helpers: triggers wait as data, replacements hook a change before it happens,
continuous modifiers carry a duration and are dropped when it ends.

The kernel owns the mechanism; each game says which abilities listen to which events
(``Rules.triggers_for`` / ``Rules.replacements_for``) and what a modifier means.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

M = TypeVar("M", bound=tuple[Any, ...])   # a game's modifier record (its last item: its duration)

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
    """The replacement effects that could apply to ``event`` before it happens, never one
    already in ``applied``.

    The game's primitive asks this at the moment of the change and, when there are several,
    lets the right player choose; ``applied`` holds those already used (or declined) on this
    event. A replacement applies at most once to one event, and the kernel enforces it here,
    whatever ``Rules.replacements_for`` returns: each replacement is compared with ``applied``
    through the game's optional ``Rules.replacement_key(replacement)`` (the key the game
    stores in ``applied``), or as itself when the game has no such hook. So a replacement
    whose effect leads back to the same event cannot loop."""
    found = state.rules.replacements_for(state, event, applied)
    if not applied or not found:
        return found
    key = state.rules.replacement_key
    return [r for r in found if key(r) not in applied]


def expire(modifiers: list[M], duration: str) -> list[M]:
    """Modifiers (tuples whose last item is their duration) that outlive ``duration``."""
    return [m for m in modifiers if m[-1] != duration]
