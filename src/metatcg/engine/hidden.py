"""Resampling what a player cannot see, for ``Game.determinize``.

A determinized copy must tell its player nothing about where the hidden cards really are.
Shuffling the hidden cards *from their true places* would: whoever knows the RNG that was
passed in can run the shuffle backwards. So the pool is put in a fixed order (by card id)
before it is shuffled, and the copy depends only on which cards are hidden, never on where.
"""
from __future__ import annotations

from .rng import Rng


def redeal(zones: list[list[int]], rng: Rng) -> None:
    """Refill ``zones`` (keeping each one's size) with their cards, sorted then shuffled."""
    pool = sorted(c for z in zones for c in z)
    rng.shuffle(pool)
    i = 0
    for z in zones:
        n = len(z)
        z[:] = pool[i:i + n]
        i += n
