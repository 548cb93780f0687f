"""Declaring and resolving a mission, in the order of MZL-MISSION-17:

(1) On Mission Declaration effects; (2) During Mission effects applied and totals computed;
(3) winner decided and MP awarded, Soar included; (4) winning margin recorded for Overwhelm;
(5) On Mission Resolution, On Successful Mission and Overwhelm, ordered by the active player;
(6) Destruction, the loser choosing each unit to Shatter; (7) lane marked resolved;
(8) win check.

The step is ``("mission", lane, stage, winner, margin, destruction)``; ``winner`` is -1
for a tie and -2 before it is known.
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.events import emit
from ...engine.state import GameState
from . import board, stats
from .board import lane_txt, nm, pl
from .data import MetaZooData
from .effects import unit_label


def declare(st: GameState, p: int, lane: int) -> None:
    """MZL-DECLARE-1..4: the declaring player stays the active player throughout."""
    st.say(f"{pl(p)} declares a mission in {lane_txt(lane)}")
    st.push(("mission", lane, 0, -2, 0, 0))


def step_mission(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    _, lane, stage, win, margin, ndes = step
    if stage == 0:
        d.mission = lane
        d.srcs = None
        st.push(("mission", lane, 1, -2, 0, 0))
        emit(st, ("declare", lane, d.active))      # (1)
    elif stage == 1:
        _score(st, lane)                            # (2)..(4)
    elif stage == 2:
        st.push(("mission", lane, 3, win, margin, ndes))
        emit(st, ("resolution", lane, win, margin))  # (5)
    elif stage == 3:
        st.push(("mission", lane, 4, win, margin, ndes))
        if win >= 0 and ndes > 0:                   # (6)
            st.push(("destroy", lane, 1 - win, ndes))
    else:
        if not d.resolved[lane]:
            d.resolved[lane] = True                 # (7)
            d.dirty = True
        d.mission = -1
        d.srcs = None
        st.say(f"{lane_txt(lane).capitalize()} is resolved")
        board.check_win(st)                         # (8)


def _score(st: GameState, lane: int) -> None:
    d: MetaZooData = st.data
    srcs = stats.static_sources(d)
    msrcs = stats.mission_sources(d, lane)
    totals = [stats.side_total(d, lane, p, srcs, msrcs) for p in (0, 1)]
    st.say(f"Mission in {lane_txt(lane)}: P1 {totals[0]} Influence, P2 {totals[1]} Influence")
    if totals[0] == totals[1]:
        st.say("The mission is tied: no MP are awarded (MZL-MISSION-5)")
        d.last_mission = (lane, totals[0], totals[1], -1, 0)
        st.push(("mission", lane, 2, -1, 0, 0))
        return
    w = 0 if totals[0] > totals[1] else 1
    lo = 1 - w
    contested = stats.has_creature(d, lane, lo)  # MZL-MISSION-9
    soar = contested and stats.side_soar(d, lane, w, srcs) and not stats.side_soar(d, lane, lo, srcs)
    mp = 1 if contested and not soar else 2      # MZL-MISSION-6..8, MZL-KW-SOAR
    mp = max(0, mp + stats.mp_award_bonus(d, lane, w, msrcs))
    margin = totals[w] - totals[lo]               # MZL-KW-OVERWHELM-3
    ndes = stats.destruction_count(d, lane, w, srcs)  # fixed now (MZL-KW-DESTRUCTION-4)
    why = "uncontested" if not contested else ("Soar" if soar else "contested")
    d.last_mission = (lane, totals[0], totals[1], w, mp)
    board.gain_mp(st, w, mp, f"mission in {lane_txt(lane)}, {why}")
    st.push(("mission", lane, 2, w, margin, ndes))


def step_destroy(st: GameState, step: tuple) -> None:
    """MZL-KW-DESTRUCTION-1..4: the loser Shatters one unit per instance; units that
    cannot be Shattered (and enhanced Aura) can't be chosen; each Shatter and its triggers
    finish before the next pick."""
    d: MetaZooData = st.data
    _, lane, loser, n = step
    if n <= 0:
        return
    cands = _destroy_candidates(d, lane, loser)
    if not cands:
        st.say(f"{pl(loser)} has no unit in {lane_txt(lane)} that can be Shattered for Destruction")
        return
    st.decide(loser, "destroy", step, f"Destruction: choose a unit of yours in {lane_txt(lane)} to Shatter ({n} to go)")


def _destroy_candidates(d: MetaZooData, lane: int, loser: int) -> list[int]:
    return [u for u in d.units[lane * 2 + loser] if not stats.cannot(d, u, "be_shattered")]


def destroy_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    _, lane, loser, n = st.decision.params
    return [Action(f"shatter:c{u}", f"Shatter {unit_label(d, u)}", ("destroy", u))
            for u in _destroy_candidates(d, lane, loser)]


def destroy_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    _, lane, loser, n = dec.params
    u = act.args[1]
    st.say(f"Destruction: {pl(loser)} Shatters {nm(d, u)}")
    st.push(("shatter", u, (), -1), ("destroy", lane, loser, n - 1))
