"""Greedy evaluation (docs/metazoo-2022.md §5.5): LP race plus board value."""
from __future__ import annotations

from ...engine.state import GameState
from .data import MZ22Data
from .stats import cur_lp


def evaluate(st: GameState, player: int) -> float:
    """Own LP minus the best opponent's, plus a third of the LP and Attack of the Beasties each
    side controls, minus Indicators; scaled to about -1..1."""
    d: MZ22Data = st.data
    if st.result is not None:
        return st.result[player]

    def side(p: int) -> float:
        if d.out[p]:
            return -1000.0
        v = float(d.lp_of_caster(p))
        for c in d.arena:
            s = d.ps[c]
            if s.controller != p:
                continue
            df = d.defs[c]
            if df.type == "beastie":
                v += (cur_lp(d, c) + max((a.damage for a in df.attacks), default=0)) / 3
                v -= 10 * len(s.inds)
            elif df.type == "aura":
                v += 8
        v += 3 * len(d.chapter[p])
        return v

    mine = side(player)
    best = max(side(p) for p in range(d.n) if p != player)
    return max(-1.0, min(1.0, (mine - best) / 1000.0))
