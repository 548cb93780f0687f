"""What an op's recipient names now: chosen targets, the Effect's own Page, Casters, a
non-targeting group, the Attack's Pages (``"c12"`` a Page, ``"P2"`` a Caster), read by the op
interpreter and by the Equipment and placement rules it calls."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from .data import MZ22Data
from .records import PAGE, Ctx, Ref, caster_ref, page_ref
from .schema import Selector
from .stats import matches


def refs(st: GameState, ctx: Ctx, to: Any) -> list[Ref]:
    """The entities ``to`` names now (chosen targets, self, Casters or a non-targeting group)."""
    d: MZ22Data = st.data
    seat = ctx.seat
    if isinstance(to, Selector):
        if to.each == "caster":
            return [caster_ref(p) for p in d.alive() if to.side == "any" or (to.side == "own") == (p == seat)]
        pool = [c for c in d.terra if c >= 0] if to.each == "terra" else d.arena
        return [page_ref(c) for c in pool if matches(d, seat, ctx.source, to, c)]
    if to[0] == "t":
        k = int(to[1:])
        return list(ctx.targets[k]) if k < len(ctx.targets) else []
    if to == "self":
        return [page_ref(ctx.source)] if ctx.source in d.in_play else []
    if to == "controller":
        return [] if d.out[seat] else [caster_ref(seat)]
    if to == "opponents":
        return [caster_ref(p) for p in d.alive() if p != seat]
    if to == "each_caster":
        return [caster_ref(p) for p in d.alive()]
    cb = d.combat
    if cb is None:
        return []
    if to == "attacker":
        return [page_ref(cb.attacker)] if cb.attacker in d.in_play else []
    if to == "defender":
        if cb.primary is not None and (cb.primary.entity != PAGE or cb.primary.n in d.in_play):
            return [cb.primary]
    return []


def pages(rs: list[Ref]) -> list[int]:
    """The Pages among ``rs``."""
    return [r.n for r in rs if r.entity == PAGE]


def casters(st: GameState, ctx: Ctx, who: str) -> list[int]:
    d: MZ22Data = st.data
    if who == "controller":
        return [] if d.out[ctx.seat] else [ctx.seat]
    if who == "opponents":
        return [p for p in d.alive() if p != ctx.seat]
    return d.alive()
