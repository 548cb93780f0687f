"""Resampling what a player cannot see, for ``Game.determinize``.

A determinized copy must tell its player nothing about where the hidden cards really are.
Shuffling the hidden cards *from their true places* would: whoever knows the RNG that was
passed in can run the shuffle backwards. So the pool is put in a fixed order (by card id)
before it is shuffled, and the copy depends only on which cards are hidden, never on where.

Some deals are ruled out by what everyone saw: a seat that is choosing from its hidden hand
(paying a cost from hand, picking a card for an ability) has a card that fits, or it would
not be asked. :func:`redeal_fitting` keeps only deals that agree with such a fact, so the
copy stays at the decision the real game waits for.
"""
from __future__ import annotations

from typing import Callable

from .rng import Rng

#: fresh deals :func:`redeal_fitting` tries before it walks to a fitting one instead
FITTING_TRIES = 64


def redeal(zones: list[list[int]], rng: Rng) -> None:
    """Refill ``zones`` (keeping each one's size) with their cards, sorted then shuffled."""
    pool = sorted(c for z in zones for c in z)
    rng.shuffle(pool)
    i = 0
    for z in zones:
        n = len(z)
        z[:] = pool[i:i + n]
        i += n


def redeal_fitting(zones: list[list[int]], rng: Rng, fits: Callable[[], bool]) -> None:
    """:func:`redeal` ``zones`` into a deal for which ``fits()`` holds (it reads the zones
    where the caller put them), chosen uniformly among such deals.

    Fresh deals are tried first (rejection: exactly uniform). When fitting deals are too rare
    for that, a random walk from the true deal swaps two cards at a time and keeps a swap only
    if the deal still fits; the walk's steps are symmetric, so it tends to the uniform choice
    among fitting deals and, after several swaps per card, tells next to nothing of the start.
    A ``fits`` that even the true deal fails is no fact at all: a plain :func:`redeal` then."""
    true = [z[:] for z in zones]
    for _ in range(FITTING_TRIES):
        redeal(zones, rng)
        if fits():
            return
    for z, t in zip(zones, true):
        z[:] = t
    if not fits():
        redeal(zones, rng)
        return
    cells = [(z, i) for z in zones for i in range(len(z))]
    n = len(cells)
    for _ in range(8 * n):
        (za, i), (zb, j) = cells[rng.below(n)], cells[rng.below(n)]
        za[i], zb[j] = zb[j], za[i]
        if not fits():
            za[i], zb[j] = zb[j], za[i]
