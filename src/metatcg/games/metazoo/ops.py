"""Resolving an ability: the checks when it resolves, "may", then its ops one at a time.

A ResolveAbility step checks the equipment On Play rule (MZL-EQUIP-8), the condition
(checked when it resolves, MZL-ERRATA-FIZZLE-2) and asks "may"; then each op of its ``do``
list becomes an Op step, which hands it on: player ops to playerops.py (one PlayerOp per
player, or a batch when "each player" choices must be ordered), unit ops to targets.py.
"""
from __future__ import annotations

from typing import Any

from ...engine.action import Action, Decision
from ...engine.ops import OpRegistry, OpUnit, op_name
from ...engine.state import GameState
from . import schema, stats
from .cards import Plain
from .zones import lane_txt, nm, pl
from .context import ability, next_op, players_of, push_some, src_label
from .data import LANES, MetaZooData
from .lanechoice import ask_lane
from .records import Answer, Batch, Ctx, MayUse, Op, PlayerOp, ResolveAbility, Select, waiting
from .text import ability_text

#: every op a card file may name -> its unit: the player ops are registered by :mod:`.playerops`,
#: the unit ops by :mod:`.unitops`, the rest here (engine/ops.py)
OPS: OpRegistry[Any, None] = OpRegistry("metazoo")

# static ops are read by stats.py (and ``prevent`` by harm.py), never resolved
_STATIC_MODELS = (schema.HasInfluence, schema.HasKeyword, schema.LaneSize, schema.Contribution, schema.CostChange,
                  schema.MpAward, schema.Prevent)
STATIC_OPS = frozenset(op_name(m) for m in _STATIC_MODELS)


def _read_not_run(st: GameState, step: Any, op: Any) -> None:
    raise RuntimeError(f"the static op {op.op!r} is read while its card is in play, never resolved")


for _model in _STATIC_MODELS:
    OPS.register(OpUnit(op_name(_model), _model, _read_not_run, owner=__name__))
# player ops with a choice: "each player" versions are ordered by the active player
CHOICE_PLAYER_OPS = frozenset({"discard", "discover", "search", "recover", "create_token", "tap_aura",
                               "untap_aura", "return_aura"})


def start_ops(st: GameState, ctx: Ctx) -> None:
    if ability(st.data, ctx).do:
        st.push(Op(0, ctx))


def step_ability(st: GameState, step: ResolveAbility) -> None:
    d: MetaZooData = st.data
    ctx = step.ctx
    src, ctrl = ctx.src, ctx.controller
    c = d.cards[src]
    a = c.abilities[ctx.ability]
    here = stats.card_lane(d, src)
    if here >= 0 and here != ctx.lane:
        ctx = ctx._replace(lane=here)
    if a.kind == "on_play" and c.equipment and (here < 0 or not stats.has_creature(d, here, ctrl)):
        if st.logging:
            st.say(f"{src_label(d, ctx)}: On Play does nothing without a friendly creature in its lane (MZL-EQUIP-8)")
        return
    if a.condition is not None and not stats.condition_ok(d, a.condition, ctx):
        if st.logging:
            st.say(f"{src_label(d, ctx)}: its condition is not met")
        return
    if a.may:
        if _idle(d, a, ctx):
            return  # nothing to ask and nothing happens: no decision, no log line (PR-MZL-25)
        st.decide(ctrl, "may", MayUse(ctx), f"{nm(d, src)}: use this ability? ({ability_text(a)})")
        return
    start_ops(st, ctx)


def _idle(d: MetaZooData, a: Plain, ctx: Ctx) -> bool:
    """A "may" ability that could change nothing now (PR-MZL-25): no point asking."""
    from .play import can_do_something  # play.py starts abilities through this module's steps
    return not can_do_something(d, ctx.src, ctx.ability, ctx.controller, ctx)


def may_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    name = nm(d, waiting(st).ctx.src)
    return [Action("yes", f"Yes: use {name}'s ability", Answer(True)),
            Action("no", f"No: don't use {name}'s ability", Answer(False))]


def may_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    ctx = dec.params.ctx
    if act.args.yes:
        if st.logging:
            st.say(f"{pl(ctx.controller)} chooses to use {nm(d, ctx.src)}'s ability")
        start_ops(st, ctx)
    elif st.logging:
        st.say(f"{pl(ctx.controller)} chooses not to use {nm(d, ctx.src)}'s ability")


def step_op(st: GameState, step: Op) -> None:
    """Op ``op_no`` of the ability: hand it on to the player or unit op it is."""
    d: MetaZooData = st.data
    oi, ctx = step.op_no, step.ctx
    ops = ability(d, ctx).do
    if oi >= len(ops):
        return
    op = ops[oi]
    k = op.op
    if k in STATIC_OPS:
        push_some(st, next_op(d, oi, ctx))
        return
    if k == "treat_resolved":
        OPS.run(st, step, op)
        return
    if hasattr(op, "player"):
        ps = players_of(d, op.player, ctx)
        nxt = next_op(d, oi, ctx)
        if len(ps) > 1 and k in CHOICE_PLAYER_OPS:
            push_some(st, Batch("player", tuple(ps), oi, ctx), nxt)
        else:
            push_some(st, *[PlayerOp(q, oi, ctx) for q in ps], nxt)
        return
    st.push(Select(oi, ctx))


@OPS.op(schema.TreatResolved)
def _treat_resolved(st: GameState, step: Op, op: Plain) -> None:
    """MZL-ERRATA-LANERES-4: a lane treated as resolved scores nothing, triggers nothing."""
    d: MetaZooData = st.data
    oi, ctx = step.op_no, step.ctx
    if ask_lane(st, step, op, ctx.controller):
        return
    ln = stats.lane_ref(d, op.lane, ctx)
    if ln is None or ln < 0:
        ln = ctx.chosen
    if 0 <= ln < LANES and not d.resolved[ln]:
        d.resolved[ln] = True
        d.dirty = True
        if st.logging:
            st.say(f"{src_label(d, ctx)}: {lane_txt(ln)} is treated as resolved")
    push_some(st, next_op(d, oi, ctx))
