"""The Hard level: each game's own strongest search within a second a move.

Which search plays a game best is a measured fact about that game, not about bots: random
playouts serve some games and throw away the long many-step turns of others, where greedy
rollouts do better (docs/bots.md, the ladders). So a game names its Hard bot (``Game.hard_bot``,
a ``make_bot`` spec) and this bot plays that one, built at its first decision, when it first
sees the game through its handle."""
from __future__ import annotations

from typing import Any, Callable

from ..engine.action import Action
from ..engine.handle import PlayerHandle


class HardBot:
    name = "hard"
    searches = True

    def __init__(self, seed: int, make: Callable[[str, int], Any]) -> None:
        self.seed = seed
        self._make = make
        self.inner: Any = None     # the game's Hard bot, once a decision showed the game

    def choose(self, me: PlayerHandle) -> Action:
        if self.inner is None:
            self.inner = self._make(me.game.hard_bot, self.seed)
        action: Action = self.inner.choose(me)
        return action
