"""Seats around the table: turn order, and what a finishing place is worth in ``returns()``.

Players are numbered 0..n-1 in clockwise (turn) order. For n > 2, ``returns()`` maps
places to numbers linearly: first place +1, last place -1, the places between evenly
spaced (for 3 seats: +1, 0, -1; for 4: +1, +1/3, -1/3, -1); seats that share a place share
the mean of the places they span. A game with one winner and no ranking of the losers
gives the winner +1 and every other seat -1; a draw for everyone is all 0.
"""
from __future__ import annotations

from typing import Iterable


def clockwise(n: int, start: int) -> tuple[int, ...]:
    """All ``n`` seats in turn order, beginning with ``start``."""
    return tuple((start + i) % n for i in range(n))


def after(n: int, seat: int) -> tuple[int, ...]:
    """The other seats in turn order, beginning with the one after ``seat``."""
    return tuple((seat + i) % n for i in range(1, n))


def next_seat(n: int, seat: int) -> int:
    return (seat + 1) % n


def returns_by_place(places: Iterable[int]) -> tuple[float, ...]:
    """``places[p]`` is seat p's finishing place (0 = best; equal numbers share a place)."""
    ps = list(places)
    n = len(ps)
    if n < 2:
        return tuple(0.0 for _ in ps)
    order = sorted(range(n), key=lambda p: ps[p])
    value = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and ps[order[j + 1]] == ps[order[i]]:
            j += 1
        mean = sum(1.0 - 2.0 * k / (n - 1) for k in range(i, j + 1)) / (j - i + 1)
        for k in range(i, j + 1):
            value[order[k]] = mean
        i = j + 1
    return tuple(value)


def one_winner(n: int, winner: int) -> tuple[float, ...]:
    """+1 for ``winner``, -1 for everyone else."""
    return tuple(1.0 if p == winner else -1.0 for p in range(n))


def one_loser(n: int, loser: int) -> tuple[float, ...]:
    """-1 for ``loser``; in a 2-seat game the other seat wins (+1), with more seats the
    others share the places above the loser."""
    return returns_by_place([1 if p == loser else 0 for p in range(n)])
