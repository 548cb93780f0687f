"""The game's own evaluation for greedy bots: VP race first, then board and resources."""
from __future__ import annotations

from ...engine.state import GameState
from . import stats
from .data import MetaXData


def evaluate(st: GameState, player: int) -> float:
    if st.result is not None:
        return 1000.0 * st.result[player]
    d: MetaXData = st.data
    score = 0.0
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        s = 12.0 * len(d.vp[p]) + 0.4 * d.mp[p] + 0.6 * len(d.hand[p])
        for c in d.inplay[p]:
            top = stats.highest_rank(d, c)
            left = top - stats.damage_value(d, c)
            s += 3.0 + 0.5 * top + 0.3 * left - (0.8 if c in d.pushed else 0.0)
        if len(d.deck[p]) < 6:
            s -= (6 - len(d.deck[p])) * 3.0
        score += sign * s
    return score
