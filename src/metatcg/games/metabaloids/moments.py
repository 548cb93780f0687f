"""The moment each any-time window opens at, in the words of seat preferences (``ui.prefs``).

Only public facts decide it (whose turn, which phase, who fights the battle), so a window
passed by a seat's stops tells nobody what that seat holds.
"""
from __future__ import annotations

from typing import Any

from .data import MetabaloidsData

FIRST_PHASE, LAST_PHASE = "phase:abilities", "phase:restock"


def window_moments(d: MetabaloidsData, window: Any, seat: int) -> frozenset[str]:
    name = getattr(window, "name", "")
    if name in ("battle", "bonus") and d.battle is not None:
        b = d.battle
        return frozenset({"attacked" if seat == b.defender else "attacking" if seat == b.attacker else "battle"})
    if not name.startswith("phase:"):
        return frozenset()
    whose = "my" if seat == d.active else "their"
    when = "start" if name == FIRST_PHASE else "end" if name == LAST_PHASE else "step"
    return frozenset({f"{whose}_{when}"})
