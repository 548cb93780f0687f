"""The game's own evaluation for greedy bots: the MP race first, then lane leads.

Each unresolved lane is worth what its current leader would score if it were declared now
(2 uncontested or with Soar, else 1), discounted because the opponent can still answer, so
a one-ply bot adds Influence where it turns or holds a lane and declares the missions it
leads (banked MP count in full). A small value for cards, Aura and board presence breaks
ties and keeps it from wasting resources.
"""
from __future__ import annotations

from ...engine.state import GameState
from . import stats
from .data import LANES, MetaZooData, opponent
from .records import Mission

MP = 10.0
LEAD_ODDS = 0.55   # chance a lane led now is still won when it resolves
LOSS_AVERSION = 0.65


def evaluate(st: GameState, player: int) -> float:
    if st.result is not None:
        return 10000.0 * st.result[player]
    d: MetaZooData = st.data
    me, opp = player, opponent(player)
    score = MP * (d.mp[me] - d.mp[opp])
    srcs = stats.static_sources(d)
    infl = stats.influences(d, srcs)
    scoring, scored = _mission_in_progress(st)
    resolved = d.resolved
    for ln in range(LANES):
        if resolved[ln] or ln == scoring and scored:
            continue  # resolved, or its MP are already on the scoreboard
        t = stats.lane_totals(d, ln, srcs, infl)
        if t[0] == t[1]:
            continue
        w = 0 if t[0] > t[1] else 1
        lo = opponent(w)
        contested = stats.has_creature(d, ln, lo)
        soar = contested and stats.side_soar(d, ln, w, srcs) and not stats.side_soar(d, ln, lo, srcs)
        award = 1 if contested and not soar else 2
        margin = min(t[w] - t[lo], 6)
        if ln == scoring:  # declared: the outcome is all but certain now
            value = MP * award
            score += value if w == me else -value
            continue
        value = MP * award * (LEAD_ODDS + 0.05 * margin)
        score += value if w == me else -value * LOSS_AVERSION
    tapped = d.tapped
    damage = d.damage
    units = d.units
    for p, sign in ((me, 1.0), (opp, -1.0)):
        s = 0.8 * len(d.hand[p]) + 0.4 * d.aura_total(p)
        s += 0.25 * len([a for a in d.aura_zone[p] if a not in tapped])
        for side in range(p, LANES * 2, 2):
            for u in units[side]:
                v = infl[u] - damage.get(u, 0) if damage else infl[u]
                s += 0.3 * (v if v > 0 else 0)
        score += sign * s
    return score


def _mission_in_progress(st: GameState) -> tuple[int, bool]:
    """(lane, already scored) of a mission being resolved, or (-1, False)."""
    d: MetaZooData = st.data
    if d.mission < 0:
        return -1, False
    for step in reversed(st.stack):
        if type(step) is Mission and step.lane == d.mission:
            return d.mission, step.stage >= 2
    return d.mission, True
