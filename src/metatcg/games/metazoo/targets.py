"""What a unit op can act on, and choosing it: one unit, up to N (tagged one at a time, then
resolved as mini-steps, MZL-ERRATA-SIMUL-2), all matching units, the highest or lowest
Influence with ties broken by the active player (MZL-ERRATA-TIE), and the creature that
Duels. Targets are chosen by the effect's controller (MZL-ERRATA-SIMUL-4)."""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import stats
from .cards import Plain
from .zones import nm, pl, unit_label
from .context import ability, next_op, push_some, src_label
from .data import MetaZooData
from .candidates import FIXED, candidates
from .lanechoice import ask_lane
from .records import Batch, Ctx, PickCard, Select, TargetChoice, UnitOp, waiting

# ----------------------------------------------------------------------------- choosing
def _acts_on(st: GameState, u: int, step: Select) -> None:
    """Op ``step.op_no`` acts on ``u`` alone, then the next op ("it" is ``u``)."""
    ctx = step.ctx
    push_some(st, UnitOp(u, step.op_no, ctx, step.fighter), next_op(st.data, step.op_no, ctx._replace(last=u)))


def step_select(st: GameState, step: Select) -> None:
    """Choose what a unit op acts on (the fighter of a Duel first)."""
    d: MetaZooData = st.data
    oi, ctx, fighter = step.op_no, step.ctx, step.fighter
    op = ability(d, ctx).do[oi]
    ctrl = ctx.controller
    if ask_lane(st, step, op, ctrl):
        return
    if op.op == "duel" and fighter < 0:
        fs = [u for u in candidates(d, op, op.fighter, ctx, ctrl) if d.cards[u].creature]
        if not fs:
            if st.logging:
                st.say(f"{src_label(d, ctx)}: no creature to Duel with")
            push_some(st, next_op(d, oi, ctx))
            return
        if len(fs) == 1 or op.fighter.choose in FIXED:
            st.push(Select(oi, ctx, fs[0]))
        else:
            st.decide(ctrl, "target", TargetChoice(oi, ctx, (), "fighter", tuple(fs)),
                      f"{nm(d, ctx.src)}: choose the creature that Duels")
        return
    tg = op.target
    cands = candidates(d, op, tg, ctx, ctrl, fighter)
    ch = tg.choose
    if not cands:
        if st.logging:
            st.say(f"{src_label(d, ctx)}: no legal target")
        push_some(st, next_op(d, oi, ctx))
        return
    if ch in FIXED:
        _acts_on(st, cands[0], step)
    elif ch == "all":
        push_some(st, Batch("unit", tuple(cands), oi, ctx, fighter), next_op(d, oi, ctx))
    elif ch in ("highest", "lowest"):
        srcs = stats.static_sources(d)
        vals = {u: stats.influence(d, u, srcs) for u in cands}
        best = max(vals.values()) if ch == "highest" else min(vals.values())
        tied = tuple(u for u in cands if vals[u] == best)
        if len(tied) == 1:
            _acts_on(st, tied[0], step)
        else:  # MZL-ERRATA-TIE-1..3: the active player picks among the tied
            st.decide(d.active, "target", TargetChoice(oi, ctx, (), "tie", tied, fighter),
                      f"{nm(d, ctx.src)}: several units are tied; choose the one that gets the effect")
    else:
        st.decide(ctrl, "target", TargetChoice(oi, ctx, (), "pick", tuple(cands), fighter),
                  _target_prompt(d, op, ctx, ch, 0))


def _target_prompt(d: MetaZooData, op: Plain, ctx: Ctx, ch: str, n: int) -> str:
    verb = op.op.replace("_", " ")
    if ch == "up_to":
        return f"{nm(d, ctx.src)}: choose up to {op.target.count - n} more unit(s) ({verb}), or done"
    return f"{nm(d, ctx.src)}: choose a unit ({verb})"


def target_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    tc: TargetChoice = waiting(st)
    picks = tc.picks
    acts = [Action(f"target:c{u}", f"Choose {unit_label(d, u)}", PickCard(u)) for u in tc.candidates
            if u not in picks and u in d.lane_of]
    if tc.purpose == "pick" and ability(d, tc.ctx).do[tc.op_no].target.choose == "up_to":
        acts.append(Action("done", "Done choosing" if picks else "Choose nothing", PickCard(-1)))
    return acts


def _say_pick(st: GameState, p: int, tc: TargetChoice, u: int) -> None:
    """Log a player's pick: the unit, who Duels, who wins a tie, or nothing more."""
    d: MetaZooData = st.data
    src = nm(d, tc.ctx.src)
    if u < 0:
        st.say(f"{pl(p)} chooses {'no more units' if tc.picks else 'no unit'} for {src}")
    elif tc.purpose == "fighter":
        st.say(f"{pl(p)} chooses {unit_label(d, u)} to Duel for {src}")
    elif tc.purpose == "tie":
        st.say(f"{pl(p)} breaks the tie for {src}: {unit_label(d, u)}")
    else:
        st.say(f"{pl(p)} chooses {unit_label(d, u)} for {src}")


def target_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    tc: TargetChoice = dec.params
    oi, ctx = tc.op_no, tc.ctx
    u = act.args.card
    if st.logging:
        _say_pick(st, dec.player, tc, u)
    if tc.purpose == "fighter":
        st.push(Select(oi, ctx, u))
        return
    op = ability(d, ctx).do[oi]
    if tc.purpose == "tie" or op.target.choose == "one":
        _acts_on(st, u, Select(oi, ctx, tc.fighter))
        return
    # up_to: tag one at a time, then resolve them as mini-steps (MZL-ERRATA-SIMUL-2)
    picks = tc.picks + (u,) if u >= 0 else tc.picks
    left = [c for c in tc.candidates if c not in picks and c in d.lane_of]
    if u >= 0 and len(picks) < op.target.count and left:
        st.decide(dec.player, "target", tc._replace(picks=picks), _target_prompt(d, op, ctx, "up_to", len(picks)))
        return
    last = picks[-1] if len(picks) == 1 else -1
    push_some(st, Batch("unit", picks, oi, ctx, tc.fighter) if picks else None,
              next_op(d, oi, ctx._replace(last=last)))
