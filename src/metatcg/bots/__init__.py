"""Players that get only what a person at the table has: a :class:`PlayerHandle` with
their ``view()``, their ``legal_actions()`` and, for lookahead, ``determinize(rng)`` (a
copy in which every card they cannot see is resampled). Never the ``GameState``."""
from __future__ import annotations

from typing import Protocol

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.handle import PlayerHandle
from .greedy import GreedyBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, me: PlayerHandle) -> Action:
        """One of ``me.legal_actions()`` (called only when ``me`` is deciding)."""
        ...


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise MetatcgError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed)


__all__ = ["Bot", "BOTS", "make_bot", "RandomBot", "GreedyBot"]
