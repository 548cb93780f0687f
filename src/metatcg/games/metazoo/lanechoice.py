"""Choosing a lane for an ability: "a chosen lane", a token's lane, a lane to treat as resolved,
"this" lane of a card that has none (PR-MZL-17). The lane is chosen once per ability and kept
in the context (``Ctx.chosen``)."""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import stats
from .cards import Plain
from .candidates import any_candidate
from .zones import lane_txt, nm, pl
from .context import src_label, this_lane
from .data import LANES, MetaZooData
from .records import Ctx, LaneChoice, Op, PickLane, PlayerOp, Select, waiting


def needs_lane_choice(d: MetaZooData, op: Plain, ctx: Ctx) -> bool:
    if ctx.chosen >= 0:
        return False
    k = op.op
    if k == "create_token":
        return op.lane in ("chosen", "any", "other") or (op.lane == "this" and this_lane(ctx) < 0)
    if k == "treat_resolved":
        return op.lane == "chosen" or (op.lane == "this" and this_lane(ctx) < 0)
    tg = getattr(op, "target", None)
    if tg is not None and (tg.lane == "chosen" or tg.lane == "this" and this_lane(ctx) < 0) \
            and tg.choose not in ("self", "subject", "previous"):
        return True
    if k == "move" and (op.to == "chosen" or op.to == "this" and this_lane(ctx) < 0):
        return True
    return False


def lane_options(d: MetaZooData, op: Plain, ctx: Ctx, q: int) -> list[int]:
    k = op.op
    if k == "create_token":
        return [ln for ln in range(LANES) if stats.room_for(d, ln, q)
                and not (op.lane == "other" and ln == this_lane(ctx))]
    if k == "treat_resolved":
        return [ln for ln in range(LANES) if not d.resolved[ln]] or list(range(LANES))
    if ctx.confined >= 0:
        return [ctx.confined]
    tg = getattr(op, "target", None)
    if tg is not None and tg.choose not in ("self", "subject", "previous"):
        useful = [ln for ln in range(LANES) if any_candidate(d, op, tg, ctx._replace(chosen=ln), q)]
        if useful:
            return useful  # a lane where the op has nothing to act on is no choice (PR-MZL-25)
    return list(range(LANES))


def ask_lane(st: GameState, step: Op | PlayerOp | Select, op: Plain, q: int) -> bool:
    """Set a lane decision for ``step`` if its op needs one; True when it did."""
    d: MetaZooData = st.data
    ctx = step.ctx
    if not needs_lane_choice(d, op, ctx):
        return False
    lanes = lane_options(d, op, ctx, q)
    if not lanes:
        if st.logging:
            st.say(f"{src_label(d, ctx)}: no lane can be chosen")
        return False
    st.decide(q, "lane", LaneChoice(step, tuple(lanes)), f"{nm(d, ctx.src)}: choose a lane")
    return True


def lane_actions(st: GameState) -> list[Action]:
    return [Action(f"lane:{ln + 1}", f"Choose {lane_txt(ln)}", PickLane(ln)) for ln in waiting(st).lanes]


def lane_perform(st: GameState, act: Action, dec: Decision) -> None:
    step = dec.params.step
    if st.logging:
        st.say(f"{pl(dec.player)} chooses {lane_txt(act.args.lane)} for {nm(st.data, step.ctx.src)}")
    st.push(step._replace(ctx=step.ctx._replace(chosen=act.args.lane)))
