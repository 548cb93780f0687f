"""One-ply greedy: try each legal action on a copy of one determinized sample (the cards
it cannot see resampled, so it cannot peek) and keep the one the game's evaluation likes
best; ties are broken by its own RNG."""
from __future__ import annotations

from ..engine.action import Action
from ..engine.handle import PlayerHandle
from ..engine.rng import Rng

_TIE = 1e-9


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, me: PlayerHandle) -> Action:
        actions = me.legal_actions()
        if len(actions) == 1:
            return actions[0]
        evaluate, player = me.game.evaluate, me.player
        base = me.determinize(self.rng)      # one sample per decision, quiet
        best: list[Action] = []
        best_score = float("-inf")
        for a in actions:
            s = base.clone()
            s.apply(a.id)
            score = evaluate(s, player)
            if score > best_score + _TIE:
                best, best_score = [a], score
            elif score >= best_score - _TIE:
                best.append(a)
        return self.rng.choice(best)
