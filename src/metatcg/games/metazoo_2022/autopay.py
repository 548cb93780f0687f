"""Auto-pay: the payment a seat's preferences make for it, as the digital card games people know
tap their lands (PR-MZ22-72).

A payment is one pick per Aura unit. The order kept: Aura already in the pool first (it
empties at the end of the step anyway), then Aura Pages of the type the Pages in the Caster's
Chapter ask for least, and Pages that make several types (the flexible ones) last. It reads
only the paying Caster's own Chapter and the Arena, so it tells no one anything the Caster's
own choice would not.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.action import Action
from .aura import AuraSource
from .data import MZ22Data
from .stats import cost_of


def demand(d: MZ22Data, seat: int) -> Counter[str]:
    """Aura units of each type the Pages in ``seat``'s Chapter cost now."""
    out: Counter[str] = Counter()
    for page in d.chapter[seat]:
        for t, k in cost_of(d, page, seat):
            out[t] += k
    return out


def auto_pay(state: Any, seat: int) -> Action | None:
    """The pick auto-pay makes at ``seat``'s pending payment, or None when none is pending."""
    dec = state.decision
    if dec is None or dec.kind != "pay" or dec.player != seat:
        return None
    d: MZ22Data = state.data
    wanted = demand(d, seat)

    def spent_first(a: Action) -> tuple[int, int, str]:
        key: AuraSource = a.args[0]
        if key.pool:
            return (0, 0, str(key))
        if key.page >= 0:                                 # a Page making several types
            return (2, len(d.defs[key.page].made), str(key))
        return (1, wanted[key.aura], str(key))

    legal = state.legal_actions()
    return min(legal, key=spent_first) if legal else None
