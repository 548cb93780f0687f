"""Uniformly random legal actions, from its own seeded RNG."""
from __future__ import annotations

from ..engine.action import Action
from ..engine.rng import Rng
from ..engine.state import GameState


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, player: int) -> Action:
        return self.rng.choice(state.legal_actions())
