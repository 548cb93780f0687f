"""One decision's samples for the rollout bot (:mod:`.rollout`) and its helper processes
(:mod:`.helpers`): on each determinization every option is applied and played out by greedy
players to the end of the game (or of the next ``turns`` turns)."""
from __future__ import annotations

import math
import time
from typing import Any

from ..engine.handle import PlayerHandle
from ..engine.rng import Rng

WON = 1e6          # a finished rollout's result outweighs any evaluation


def greedy_step(st: Any, evaluate: Any) -> None:
    """One move of the greedy policy for whoever decides in ``st`` (the first best, no RNG: a
    rollout must not spend randomness the sample does not own)."""
    legal = st.legal_actions()
    if len(legal) == 1:
        st.apply(legal[0])
        return
    p = st.current_player()
    best, best_v = legal[0], -math.inf
    for a in legal:
        c = st.clone()
        c.apply(a)
        v = evaluate(c, p)
        if v > best_v:
            best, best_v = a, v
    st.apply(best)


class Sampler:
    """The samples of one decision: on each determinization every option is rolled out once, so
    options are compared on the same hidden cards. The bot and its helper processes
    (:mod:`.helpers`) each run one and add up what they found."""

    def __init__(self, me: PlayerHandle, option_ids: list[str], rng: Rng, turns: int = 0, steps: int = 1000) -> None:
        self.me, self.rng, self.turns, self.steps = me, rng, turns, steps
        self.player = me.player
        self.evaluate, self.facts = me.game.evaluate, me.game.match_facts
        self.options = option_ids
        self.total = dict.fromkeys(option_ids, 0.0)
        self.n = 0
        self.split = False             # has any sample told the options apart?
        self.spent = 0.0               # seconds spent rolling out

    def pace(self) -> float:
        """Seconds a sample has taken on average (0 before the first)."""
        return self.spent / self.n if self.n else 0.0

    def starts(self, base: Any) -> list[tuple[str, Any]]:
        """Each option applied to its own copy of ``base``."""
        own = {a.id: a for a in base.legal_actions()}
        out = []
        for aid in self.options:
            st = base.clone()
            st.apply(own.get(aid, aid))
            out.append((aid, st))
        return out

    def roll(self, base: Any, starts: list[tuple[str, Any]]) -> None:
        """Play every start out and add its result to its option's total."""
        t = time.perf_counter()
        facts, evaluate, player = self.facts, self.evaluate, self.player
        stop_at = facts(base)["turns"] + self.turns if self.turns else None
        scores = set()
        for aid, st in starts:
            left = self.steps
            while left and not st.is_terminal() and (stop_at is None or facts(st)["turns"] < stop_at):
                greedy_step(st, evaluate)   # to the game's end: no turn count read at each step
                left -= 1
            v = WON * st.returns()[player] if st.is_terminal() else evaluate(st, player)
            self.total[aid] += v
            scores.add(round(v, 9))
        self.n += 1
        self.split = self.split or len(scores) > 1
        self.spent += time.perf_counter() - t

    def sample(self) -> None:
        base = self.me.determinize(self.rng)
        self.roll(base, self.starts(base))
