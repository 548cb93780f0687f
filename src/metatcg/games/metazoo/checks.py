"""The state checks that run whenever the board changed (PR-MZL-8): damage against current
Influence (MZL-DAMAGE-2/7), Influence 0 (MZL-CREATURE-3, MZL-EQUIP-5) and lane size limits
(MZL-LANE-15).

The kernel calls :func:`state_check` whenever no decision is pending, after putting the
waiting triggers on the stack, so removals found here come right after the change and
before that change's triggers are ordered. Nothing is checked between the two halves of a
Duel, which are simultaneous (PR-MZL-9).
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import stats
from .zones import aura_txt, distinct_aura, lane_txt, leave_play, nm, pl
from .data import BASE_LANE_LIMIT, MetaZooData, turn_order
from .records import Batch, CheckedUnit, Damage, Overflow, PickCard, Shatter, waiting


def state_check(st: GameState) -> None:
    """The rules' ``state_check`` hook: cheap unless the board changed since the last check."""
    d: MetaZooData = st.data
    if not d.dirty:
        return
    stack = st.stack
    if stack:
        top = stack[-1]
        if type(top) is Damage and top.duel_second:
            return  # the second half of a Duel is simultaneous with the first
    d.dirty = False
    _find_removals(st, d)


def _find_removals(st: GameState, d: MetaZooData) -> None:
    """Push the removals the board calls for: units to remove first (as mini-steps,
    PR-MZL-6), else the first side over its lane size limit."""
    cards = d.cards
    damage = d.damage
    srcs = stats.static_sources(d)
    # only a damaged unit, one without Influence of its own, or any unit while something
    # could lower Influence can be removed
    risky = srcs.neg or any(m.what == "inf" and m.amount < 0 for m in d.mods)
    # a side can only be over a limit lowered by Gigantic or by effects (stats.lane_limit)
    limit = BASE_LANE_LIMIT + srcs.shrink
    doomed = []
    crowded = []  # sides that could be over their limit
    enh = d.enh
    for s, units in enumerate(d.units):
        gigantic = 0
        for u in units:
            c = cards[u]
            gigantic += c.gigantic
            dmg = damage.get(u, 0) if damage else 0
            if not dmg and not risky and c.influence > 0:
                continue
            inf = stats.influence(d, u, srcs)
            if inf <= 0 and not stats.cannot(d, u, "be_shattered", srcs):
                doomed.append(u)           # MZL-CREATURE-3 / MZL-EQUIP-5
            elif dmg and dmg >= inf:
                doomed.append(u)           # MZL-DAMAGE-2
        if len(units) + len(enh[s]) + gigantic > limit:
            crowded.append(s)
    if doomed:
        st.push(Batch("sba", tuple(doomed)))
        return
    for q in turn_order(d.active):  # PR-MZL-23: the active player's sides first, lane by lane
        for s in crowded:
            if s & 1 == q and len(d.units[s]) + len(enh[s]) > stats.lane_limit(d, s >> 1, q, srcs):
                st.push(Overflow(s >> 1, q))
                return


def step_checked_unit(st: GameState, step: CheckedUnit) -> None:
    """One unit found by the state check, checked again when its mini-step comes."""
    d: MetaZooData = st.data
    iid = step.unit
    if iid not in d.lane_of:
        return
    inf = stats.influence(d, iid)
    dmg = d.damage.get(iid, 0)
    if inf <= 0 and not stats.cannot(d, iid, "be_shattered"):
        if st.logging:
            st.say(f"{nm(d, iid)} has {inf} Influence and is Shattered (MZL-CREATURE-3)")
        st.push(Shatter(iid, (), -1))
    elif dmg and dmg >= inf:
        leave_play(st, iid, "damage")


# ----------------------------------------------------------------------------- lane size limits
def step_overflow(st: GameState, step: Overflow) -> None:
    """MZL-LANE-15: the owner removes units or Aura until the side fits its limit."""
    d: MetaZooData = st.data
    lane, p = step.lane, step.player
    if stats.side_count(d, lane, p) <= stats.lane_limit(d, lane, p):
        return
    st.decide(p, "overflow", step, f"{lane_txt(lane)} is over your lane size limit: choose a unit or Aura to remove")


def overflow_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    lane, p = waiting(st).lane, waiting(st).player
    acts = [Action(f"remove:c{u}", f"Remove {nm(d, u)} from {lane_txt(lane)}", PickCard(u))
            for u in d.units[lane * 2 + p]]
    acts += [Action(f"remove:c{a}", f"Return {aura_txt(d, a)} from {lane_txt(lane)} to your Aura zone", PickCard(a))
             for a in distinct_aura(d, d.enh[lane * 2 + p], by_tapped=True)]
    return acts


def overflow_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    step: Overflow = dec.params
    lane, p = step.lane, step.player
    x = act.args.card
    st.push(step)
    if x in d.lane_of:
        leave_play(st, x, "limit")
    else:
        d.enh[lane * 2 + p].remove(x)
        d.aura_zone[p].append(x)
        d.touch()
        if st.logging:
            st.say(f"{pl(p)} returns {nm(d, x)} from {lane_txt(lane)} to the Aura zone (lane size limit)")
