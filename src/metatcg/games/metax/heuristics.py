"""The game's own evaluation for greedy bots: VP race first, then board and resources.

Declared attacks count as likely Victory Points before they resolve, so a one-ply
bot sees the value of attacking (and of blocking) at the moment it decides.
"""
from __future__ import annotations

from ...engine.state import GameState
from . import stats
from .data import MetaXData
from .zones import opponent

VP = 12.0
UNBLOCKED_ODDS = 0.7  # how likely an attack not yet blocked is to score


def evaluate(st: GameState, player: int) -> float:
    if st.result is not None:
        return 1000.0 * st.result[player]
    d: MetaXData = st.data
    score = 0.0
    for p, sign in ((player, 1.0), (opponent(player), -1.0)):
        s = VP * len(d.vp[p]) + 0.4 * d.mp[p] + 0.6 * len(d.hand[p])
        for c in d.inplay[p]:
            top = stats.highest_rank(d, c)
            left = top - stats.damage_value(d, c) if c in d.damage else top
            s += 3.0 + 0.5 * top + 0.3 * left - (0.8 if c in d.pushed else 0.0)
        if len(d.deck[p]) < 6:
            s -= (6 - len(d.deck[p])) * 3.0
        if p == d.active:
            s += VP * _pending_vps(d)
        score += sign * s
    return score


def _pending_vps(d: MetaXData) -> float:
    """Expected VPs of the attacks in the Battle Zone that have not scored yet."""
    total = 0.0
    blocking_open = d.phase in ("battle", "defense")
    for a in d.attacks:
        if a.resolved or a.lead not in d.entered:
            continue
        if a.defender < 0:
            total += UNBLOCKED_ODDS if blocking_open and d.phase == "battle" else 1.0
        elif a.links:
            stat = a.stat
            a_val = d.cards[a.card].rank + sum(stats.rank(d, c, stat) for c in a.links if c in d.entered)
            d_val = d.cards[a.dcard].rank + (stats.rank(d, a.defender, a.dstat) if a.defender in d.entered else 0)
            total += 1.0 if a_val >= d_val else 0.0
    return total
