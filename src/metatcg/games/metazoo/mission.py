"""Declaring and resolving a mission, in the order of MZL-MISSION-17:

(1) On Mission Declaration effects; (2) During Mission effects applied and totals computed;
(3) winner decided and MP awarded, Soar included; (4) winning margin recorded for Overwhelm;
(5) On Mission Resolution, On Successful Mission and Overwhelm, ordered by the active player;
(6) Destruction, the loser choosing each unit to Shatter; (7) lane marked resolved;
(8) win check.

The step is records.Mission, from stage 0 to 4.
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.events import emit
from ...engine.state import GameState
from . import stats, zones
from .zones import lane_txt, nm, pl, unit_label
from .data import MetaZooData, opponent
from .records import Destroy, Event, Mission, MissionResult, PickCard, Shatter, waiting


def declare(st: GameState, p: int, lane: int) -> None:
    """MZL-DECLARE-1..4: the declaring player stays the active player throughout."""
    if st.logging:
        st.say(f"{pl(p)} declares a mission in {lane_txt(lane)}")
    st.push(Mission(lane, 0))


def step_mission(st: GameState, step: Mission) -> None:
    d: MetaZooData = st.data
    lane, stage = step.lane, step.stage
    if stage == 0:
        d.mission = lane
        d.srcs = None
        st.push(Mission(lane, 1))
        emit(st, Event("declare", lane=lane, player=d.active))     # (1)
    elif stage == 1:
        _score(st, lane)                                            # (2)..(4)
    elif stage == 2:
        st.push(Mission(lane, 3, step.winner, step.margin, step.destruction))
        emit(st, Event("resolution", lane=lane, winner=step.winner, margin=step.margin))  # (5)
    elif stage == 3:
        st.push(Mission(lane, 4, step.winner, step.margin, step.destruction))
        if step.winner >= 0 and step.destruction > 0:                # (6)
            st.push(Destroy(lane, opponent(step.winner), step.destruction))
    else:
        if not d.resolved[lane]:
            d.resolved[lane] = True                                 # (7)
            d.dirty = True
        d.mission = -1
        d.srcs = None
        if st.logging:
            st.say(f"{lane_txt(lane).capitalize()} is resolved")
        zones.check_win(st)                                         # (8)


def _score(st: GameState, lane: int) -> None:
    d: MetaZooData = st.data
    srcs = stats.static_sources(d)
    msrcs = stats.mission_sources(d, lane)
    infl = stats.influences(d, srcs, lane)
    totals = [stats.side_total(d, lane, p, srcs, msrcs, infl) for p in (0, 1)]
    if st.logging:
        st.say(f"Mission in {lane_txt(lane)}: P1 {totals[0]} Influence, P2 {totals[1]} Influence")
    if totals[0] == totals[1]:
        st.say("The mission is tied: no MP are awarded (MZL-MISSION-5)")
        d.last_mission = MissionResult(lane, totals[0], totals[1], -1, 0)
        st.push(Mission(lane, 2, -1))
        return
    w = 0 if totals[0] > totals[1] else 1
    lo = opponent(w)
    contested = stats.has_creature(d, lane, lo)  # MZL-MISSION-9
    soar = contested and stats.side_soar(d, lane, w, srcs) and not stats.side_soar(d, lane, lo, srcs)
    mp = 1 if contested and not soar else 2      # MZL-MISSION-6..8, MZL-KW-SOAR
    mp = max(0, mp + stats.mp_award_bonus(d, lane, w, msrcs))
    margin = totals[w] - totals[lo]               # MZL-KW-OVERWHELM-3
    ndes = stats.destruction_count(d, lane, w, srcs)  # fixed now (MZL-KW-DESTRUCTION-4)
    why = "uncontested" if not contested else ("Soar" if soar else "contested")
    d.last_mission = MissionResult(lane, totals[0], totals[1], w, mp)
    zones.gain_mp(st, w, mp, f"mission in {lane_txt(lane)}, {why}" if st.logging else "")
    st.push(Mission(lane, 2, w, margin, ndes))


def step_destroy(st: GameState, step: Destroy) -> None:
    """MZL-KW-DESTRUCTION-1..4: the loser Shatters one unit per instance; units that
    cannot be Shattered (and enhanced Aura) can't be chosen; each Shatter and its triggers
    finish before the next pick."""
    d: MetaZooData = st.data
    lane, loser, n = step.lane, step.loser, step.left
    if n <= 0:
        return
    if not _destroy_candidates(d, lane, loser):
        if st.logging:
            st.say(f"{pl(loser)} has no unit in {lane_txt(lane)} that can be Shattered for Destruction")
        return
    st.decide(loser, "destroy", step, f"Destruction: choose a unit of yours in {lane_txt(lane)} to Shatter ({n} to go)")


def _destroy_candidates(d: MetaZooData, lane: int, loser: int) -> list[int]:
    return [u for u in d.units[lane * 2 + loser] if not stats.cannot(d, u, "be_shattered")]


def destroy_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    step: Destroy = waiting(st)
    return [Action(f"shatter:c{u}", f"Shatter {unit_label(d, u)}", PickCard(u))
            for u in _destroy_candidates(d, step.lane, step.loser)]


def destroy_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    step: Destroy = dec.params
    u = act.args.card
    if st.logging:
        st.say(f"Destruction: {pl(step.loser)} Shatters {nm(d, u)}")
    st.push(Shatter(u, (), -1), step._replace(left=step.left - 1))
