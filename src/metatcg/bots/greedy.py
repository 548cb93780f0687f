"""One-ply greedy: try each legal action on a determinized copy (hidden cards
resampled, so it cannot peek) and keep the one the game's evaluation likes best."""
from __future__ import annotations

from ..engine.action import Action
from ..engine.rng import Rng
from ..engine.state import GameState


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        game = state.game
        base = game.determinize(state, player, self.rng)
        best, best_score = [], float("-inf")
        for a in actions:
            s = base.clone()
            s.apply(a.id)
            score = game.evaluate(s, player)
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        return self.rng.choice(best)
