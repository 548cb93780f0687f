"""Reading an effect context (records.Ctx): the ability it names, the op after the current
one, who "you", "each player" or "the winner" are, and "this" lane."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from .zones import nm, pl, unit_ref
from .cards import Plain
from .data import MetaZooData, opponent, turn_order
from .records import Ctx, Op


def ability(d: MetaZooData, ctx: Ctx | None) -> Plain:
    """The ability (schema.Ability) the context resolves (a step without one names none)."""
    assert ctx is not None
    return d.cards[ctx.src].abilities[ctx.ability]


def src_label(d: MetaZooData, ctx: Ctx) -> str:
    """The source of an effect as log lines name it: "Ember Imp (P1)", with its lane when
    another unit in play has its name ("Ember Imp (P1, lane 3)")."""
    ref = unit_ref(d, ctx.src)
    if ref != nm(d, ctx.src) and ctx.controller == d.owner[ctx.src]:
        return ref
    return f"{nm(d, ctx.src)} ({pl(ctx.controller)})"


def next_op(d: MetaZooData, op_no: int, ctx: Ctx) -> Op | None:
    """The step of the ability's next op (None after its last)."""
    if op_no + 1 < len(ability(d, ctx).do):
        return Op(op_no + 1, ctx)
    return None


def push_some(st: GameState, *steps: Any) -> None:
    """Push the steps that are not None, the first given running first."""
    st.push(*[s for s in steps if s is not None])


def this_lane(ctx: Ctx) -> int:
    """"This" lane: the card's lane, or the lane a Strategy is confined to (-1: none)."""
    return ctx.lane if ctx.lane >= 0 else ctx.confined


def players_of(d: MetaZooData, ref: str, ctx: Ctx) -> list[int]:
    """The players a PlayerRef names, in the order their parts happen."""
    ctrl = ctx.controller
    if ref == "you":
        return [ctrl]
    if ref == "opponent":
        return [opponent(ctrl)]
    if ref == "each":
        return list(turn_order(d.active))
    if ref == "active":
        return [d.active]
    if ref in ("winner", "loser"):
        w = ctx.winner
        if w < 0:
            return []  # a tie has no winner or loser (MZL-MISSION-18)
        return [w] if ref == "winner" else [opponent(w)]
    s = ctx.subject
    return [d.owner[s]] if s >= 0 else []
