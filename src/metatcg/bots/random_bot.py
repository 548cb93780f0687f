"""Uniformly random legal actions, from its own seeded RNG."""
from __future__ import annotations

from ..engine.action import Action
from ..engine.handle import PlayerHandle
from ..engine.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, me: PlayerHandle) -> Action:
        return self.rng.choice(me.legal_actions())
