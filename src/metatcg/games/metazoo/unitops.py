"""Unit ops on one chosen unit (records.UnitOp): Influence and keywords given or gained, tap,
untap, damage, Shatter, Sacrifice, return to hand, Move and Duel."""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import schema, stats, zones
from .cards import Plain
from .zones import lane_txt, nm, unit_label, unit_ref
from .context import ability, src_label
from .ops import OPS
from .data import LANES, MetaZooData
from .records import Ctx, Damage, Mod, MoveTo, PickLane, Shatter, UnitOp, waiting
from .candidates import can_move, move_dest


def step_unit_op(st: GameState, step: UnitOp) -> None:
    """A unit op on ``step.unit``, through its registered unit (nothing if the unit left play
    before its mini-step, MZL-ERRATA-SIMUL-9)."""
    d: MetaZooData = st.data
    if step.unit not in d.lane_of:
        return
    OPS.run(st, step, ability(d, step.ctx).do[step.op_no])


@OPS.op(schema.GiveInfluence)
@OPS.op(schema.GainInfluence)
def _influence(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u, ctx = step.unit, step.ctx
    dur = "round" if op.op == "give_influence" else "permanent"
    d.mods.append(Mod(u, "inf", op.amount, ctx.src, dur))
    d.touch()
    if st.logging:
        span = "until the end of the round" if dur == "round" else "for as long as it stays in play"
        st.say(f"{src_label(d, ctx)}: {unit_ref(d, u)} gets {op.amount:+d} Influence {span}")


@OPS.op(schema.Grant)
def _grant(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u, ctx = step.unit, step.ctx
    d.mods.append(Mod(u, op.keyword, 1, ctx.src, op.duration))
    d.touch()
    if st.logging:
        st.say(f"{src_label(d, ctx)}: {unit_ref(d, u)} gets {op.keyword.replace('_', ' ')}"
               f"{' until the end of the round' if op.duration == 'round' else ''}")


@OPS.op(schema.Tap)
def _tap(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u = step.unit
    if u not in d.tapped:
        d.tapped.add(u)
        d.touch()
        if st.logging:
            st.say(f"{src_label(d, step.ctx)}: {unit_label(d, u)} is tapped")


@OPS.op(schema.Untap)
def _untap(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u = step.unit
    if u in d.tapped:
        d.tapped.discard(u)
        d.touch()
        if st.logging:
            st.say(f"{src_label(d, step.ctx)}: {unit_ref(d, u)} is untapped")


@OPS.op(schema.DealDamage)
def _deal_damage(st: GameState, step: UnitOp, op: Plain) -> None:
    st.push(Damage(step.unit, op.amount, (), step.ctx.src))


@OPS.op(schema.Shatter)
def _shatter(st: GameState, step: UnitOp, op: Plain) -> None:
    st.push(Shatter(step.unit, _same_event(step.ctx, step.unit), step.ctx.src))


@OPS.op(schema.Sacrifice)
def _sacrifice(st: GameState, step: UnitOp, op: Plain) -> None:
    zones.leave_play(st, step.unit, "sacrifice")  # never prevented (MZL-KW-SACRIFICE-2)


@OPS.op(schema.ReturnToHand)
def _return_to_hand(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u = step.unit
    if d.cards[u].type == "caster":  # MZL-CASTER-9: Shattered instead (replacements apply)
        st.push(Shatter(u, _same_event(step.ctx, u), step.ctx.src))
    else:
        zones.leave_play(st, u, "return")


@OPS.op(schema.Duel)
def _duel(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u, f = step.unit, step.fighter
    if f < 0 or f not in d.lane_of:
        return
    srcs = stats.static_sources(d)
    a = max(0, stats.influence(d, f, srcs))  # MZL-KW-DUEL-4: both worked out first
    b = max(0, stats.influence(d, u, srcs))
    if st.logging:
        st.say(f"{src_label(d, step.ctx)}: {unit_ref(d, f)} ({a}) Duels {unit_ref(d, u)} ({b})")
    st.push(Damage(u, a, (), f), Damage(f, b, (), u, True))


def _same_event(ctx: Ctx, u: int) -> tuple[int, ...]:
    """The replacement keys a Shatter of ``u`` starts with: when a replacement of ``u``'s
    Shatter ends in a Shatter of ``u`` again (its "instead" is to return a Caster to hand,
    MZL-CASTER-9), it is the same event, and each replacement applies to it at most once
    (MZL-ERRATA-REPLEFF-3); any other Shatter is a new event."""
    return ctx.applied if ctx.subject == u else ()


@OPS.op(schema.Move)
def _move(st: GameState, step: UnitOp, op: Plain) -> None:
    d: MetaZooData = st.data
    u, ctx = step.unit, step.ctx
    src = ctx.src
    dest = move_dest(d, op, ctx)
    if dest is None:
        opts = [ln for ln in range(LANES) if can_move(d, u, ln)]
        if not opts:
            if st.logging:
                st.say(f"{src_label(d, ctx)}: {unit_ref(d, u)} has no lane to Move to")
        elif len(opts) == 1:
            zones.move_unit(st, u, opts[0], nm(d, src))
        else:
            st.decide(ctx.controller, "move_to", MoveTo(u, tuple(opts), src),
                      f"{src_label(d, ctx)}: choose where {nm(d, u)} Moves")
    elif dest >= 0:
        zones.move_unit(st, u, dest, nm(d, src))


def move_to_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    mt: MoveTo = waiting(st)
    return [Action(f"lane:{ln + 1}", f"Move {nm(d, mt.unit)} to {lane_txt(ln)}", PickLane(ln)) for ln in mt.lanes]


def move_to_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    mt: MoveTo = dec.params
    zones.move_unit(st, mt.unit, act.args.lane, nm(d, mt.src))
