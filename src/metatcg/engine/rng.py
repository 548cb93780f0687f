"""The state's own seeded RNG (no module-level ``random`` anywhere).

A tiny 64-bit generator (splitmix64) whose whole state is one int, so cloning and
JSON round trips are trivial and the same seed always gives the same game.
"""
from __future__ import annotations

from typing import Any, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return self.next64() % n  # bias < n / 2**64, negligible for card counts

    def coin(self) -> int:
        return self.next64() & 1

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place (``next64`` inlined: lookahead bots shuffle hidden cards at
        every decision)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: Sequence[T]) -> T:
        return items[self.next64() % len(items)]

    def clone(self) -> "Rng":
        return Rng(self.state)
