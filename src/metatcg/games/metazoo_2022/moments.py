"""The moment each priority window opens at, in the words of seat preferences (``ui.prefs``).

Only public facts decide it (whose turn, which window of the Combat, that a chain is open),
so a window passed by a Caster's stops tells nobody what that Caster holds.
"""
from __future__ import annotations

from typing import Any

from .data import MZ22Data


def window_moments(d: MZ22Data, window: Any, seat: int) -> frozenset[str]:
    name = getattr(window, "name", "")
    if name == "chain":                    # someone else's Page, ability or Trap is waiting
        return frozenset({"their_card"})
    if name == "combat1":                  # only the attacked Caster is asked (MZ22-COMBAT-9)
        return frozenset({"attacked"})
    if name == "combat2":                  # only the attacking Caster (MZ22-COMBAT-17)
        return frozenset({"attacking"})
    if name in ("start", "end"):           # MZ22-PRIO-3, MZ22-PRIO-4
        return frozenset({f"{'my' if seat == d.active else 'their'}_{name}"})
    return frozenset()
