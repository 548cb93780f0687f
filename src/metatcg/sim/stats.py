"""Statistics whose unit is the game, for tables of two to four seats.

One game of three or four seats gives several results (one per seat, one per pair of seats),
and they are not independent: the seat that played well beat both others. So every figure
here takes one sample per game: a seat's *place score* in it, the cluster-robust variance of
ratings fitted to its pair results, and the first-seat edge compared within like games.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

Z95 = 1.96
MIN_SIDE_GAMES = 10      # games on each side (acting first, not) before the first-seat edge is answered


def place_scores(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the other seats it finished ahead of (higher return), a tie counting
    half: 1 for a lone first place, 0 for a lone last. At two seats: 1 a win, 0.5 a draw, 0 a
    loss. It is the per-game score of a tournament and is read from the returns alone."""
    n = len(returns)
    if n < 2:
        return [0.0] * n
    out = []
    for p, mine in enumerate(returns):
        beaten = sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                     for q, other in enumerate(returns) if q != p)
        out.append(beaten / (n - 1))
    return out


def _smoothed_variance(total: float, n: int) -> float:
    """The variance of a mean of ``n`` scores in [0, 1] summing to ``total``, at its largest
    (a 0/1 score's), with one virtual success and failure so a side of all wins or all losses
    is not taken as certain."""
    q = (total + 1) / (n + 2)
    return q * (1 - q) / n


def stratified_edge(samples: Iterable[tuple[Hashable, bool, float]], min_side: int = MIN_SIDE_GAMES,
                    group: str = "entrant at its table") -> dict[str, Any]:
    """The difference a condition makes (acting first or not) to a score in [0, 1], compared
    only within strata (the same entrant at the same table): one sample per game, ``(stratum,
    condition, score)``. Each stratum's difference is weighted ``n1 * n0 / (n1 + n0)``
    (Mantel–Haenszel), so a stratum seen on one side only adds nothing; the 95% interval is
    ±1.96 standard errors. ``answered`` is False when the comparable strata hold fewer than
    ``min_side`` games on either side: the run cannot tell, and ``note`` says why (naming a
    stratum ``group``)."""
    sides: dict[Hashable, list[float]] = {}          # stratum -> [n1, sum1, n0, sum0]
    for stratum, cond, score in samples:
        s = sides.setdefault(stratum, [0, 0.0, 0, 0.0])
        k = 0 if cond else 2
        s[k] += 1
        s[k + 1] += score
    used = {k: s for k, s in sides.items() if s[0] and s[2]}
    n1 = int(sum(s[0] for s in used.values()))
    n0 = int(sum(s[2] for s in used.values()))
    weight = edge = var = 0.0
    for a, sa, b, sb in used.values():
        w = a * b / (a + b)
        weight += w
        edge += w * (sa / a - sb / b)
        var += w * w * (_smoothed_variance(sa, int(a)) + _smoothed_variance(sb, int(b)))
    out: dict[str, Any] = {"strata": len(sides), "strata_compared": len(used), "first_games": n1,
                           "other_games": n0, "edge": 0.0, "ci95": [-1.0, 1.0], "answered": False, "note": ""}
    if weight:
        d, half = edge / weight, Z95 * math.sqrt(var) / weight
        out.update(edge=d, ci95=[max(-1.0, d - half), min(1.0, d + half)])
    if min(n1, n0) < min_side:
        out["note"] = (f"cannot be told from this run: only {n1} results acting first and {n0} not within the "
                       f"same {group} ({len(used)} of {len(sides)} saw both; at least {min_side} each way "
                       "are needed)")
    else:
        out["answered"] = True
        if len(used) < len(sides):
            out["note"] = (f"{len(sides) - len(used)} of {len(sides)} groups left out: the {group} always or "
                           "never acted first")
    return out


def cluster_covariance(info: Any, p: Sequence[float], clusters: Iterable[Sequence[tuple[int, int, float]]]) -> Any:
    """The cluster-robust (sandwich) covariance of Bradley–Terry log-strengths: ``info`` is
    the Fisher information, ``clusters`` one list per game of its pair results ``(i, j, score
    of i against j)``. The pair results of one game share a cluster, so a game counts once."""
    import numpy as np

    n = len(p)
    meat = np.zeros((n, n))
    for pairs in clusters:
        s = np.zeros(n)
        for i, j, y in pairs:
            r = y - p[i] / (p[i] + p[j])
            s[i] += r
            s[j] -= r
        meat += np.outer(s, s)
    bread = np.linalg.pinv(info)
    return bread @ meat @ bread
