"""Players that use only the contract: ``view(p)``, ``legal_actions()`` and, for
lookahead, ``game.determinize`` (never the true hidden state)."""
from __future__ import annotations

from typing import Protocol

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.state import GameState
from .greedy import GreedyBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, player: int) -> Action: ...


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise MetatcgError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed)


__all__ = ["Bot", "BOTS", "make_bot", "RandomBot", "GreedyBot"]
