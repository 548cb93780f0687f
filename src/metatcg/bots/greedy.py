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
        # the sample's own options, listed once: every copy shares the list, and applying the
        # option object itself skips looking its id up
        own = {a.id: a for a in base.legal_actions()}
        last = len(actions) - 1
        best: list[Action] = []
        best_score = float("-inf")
        for i, a in enumerate(actions):
            s = base.clone() if i < last else base  # the last try needs no copy
            s.apply(own.get(a.id, a.id))
            score = evaluate(s, player)
            if score > best_score + _TIE:
                best, best_score = [a], score
            elif score >= best_score - _TIE:
                best.append(a)
        return self.rng.choice(best)
