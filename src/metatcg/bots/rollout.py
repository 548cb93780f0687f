"""Greedy rollouts (policy rollout, after Tesauro and Galperin 1996, and Bertsekas' rollout
algorithm): try every option on sampled copies of the game and let the greedy policy play on
from each, for every seat, to the end of the game (or of the next ``turns`` turns); keep the
option that wins most often (or whose end position the game's evaluation likes best).

Why it beats greedy: greedy judges an option by the position right after it, so it cannot see a
plan that pays off two steps later (paying a cost to cast, declaring an attack whose block comes
next) nor the opponent's answer. A rollout plays those steps out, with greedy itself standing in
for every seat: against a greedy opponent that model is exact, but for the cards this seat cannot
see, which each sample deals afresh (``me.determinize``). Rollout theory says the result plays
at least as well as the policy it rolls out, and it needs no random playouts, which in the
games with long, many-step turns throw positions away (see :mod:`.ismcts`).

How far: to the end of the game (``turns=0``, the default: the result itself, no evaluation to
mislead), or to the end of the next ``turns`` turns of the game's own count (``match_facts``),
where the evaluation judges; ``steps`` caps a rollout's decisions. docs/bots.md has the
measurements that chose the default.

Budget: ``ms`` milliseconds of sampling, no new sample started that would end after it at the
average pace so far, or ``samples`` determinizations (reproducible, for tests); every option is
rolled out once per sample on the same copy, so options are compared on the same hidden cards.
``top`` keeps only that many options, the best by the evaluation right after them, when a
decision has more (0: all). Equal averages go to the option the evaluation right after it likes
best, as greedy would choose: an option that only opens a menu and comes back rolls out to the
same position as ending the turn, and must not win the tie, or the bot walks in and out of the
menu until the game's action limit.

Settling: once the first ``settle`` samples have all given every option the same result (all won, all
lost, or the same evaluation), the options are taken as equal and the bot stops sampling and
chooses as greedy would. In games with long, many-step turns most steps are of that kind (which
card pays a point, where a card goes when any place wins): 8 samples settle about half of them and
change under 1% of the choices the whole budget makes, and a game takes about 60% of the time
(docs/bots.md has the measurement per game). ``settle=0`` always spends the budget.
"""
from __future__ import annotations

import math
import time
from typing import Any

from ..engine.action import Action
from ..engine.errors import MetatcgError
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


class RolloutBot:
    name = "rollout"
    searches = True

    def __init__(self, seed: int = 0, ms: float | None = None, samples: int | None = None, turns: int = 0,
                 top: int = 0, steps: int = 1000, settle: int = 8) -> None:
        if ms is not None and samples is not None:
            raise MetatcgError("rollout takes a budget of ms or of samples, not both")
        if ms is None and samples is None:
            ms = 500.0
        bad = [need for need, wrong in (("samples >= 1", samples is not None and samples < 1),
                                        ("ms > 0", ms is not None and ms <= 0), ("turns >= 0", turns < 0),
                                        ("top >= 0", top < 0), ("steps >= 0", steps < 0),
                                        ("settle >= 0", settle < 0)) if wrong]
        if bad:
            raise MetatcgError(f"rollout needs {' and '.join(bad)}")
        self.rng = Rng(seed)
        self.ms = ms
        self.samples = samples
        self.turns = turns
        self.top = top
        self.steps = steps
        self.settle = settle
        self.sampled = 0           # determinizations rolled out in all decisions (for benchmarks)
        self.considered: list[str] = []   # the last decision's options rolled out (for tests)

    def choose(self, me: PlayerHandle) -> Action:
        actions = me.legal_actions()
        if len(actions) == 1:
            return actions[0]
        game, player = me.game, me.player
        evaluate, facts = game.evaluate, game.match_facts
        start = time.perf_counter()
        deadline = start + self.ms / 1000.0 if self.ms is not None else math.inf
        total = {a.id: 0.0 for a in actions}
        now: dict[str, float] = {}           # the evaluation right after each option (first sample)
        options = actions
        n = 0
        split = False                        # has any sample told the options apart?
        while True:
            base = me.determinize(self.rng)
            own = {a.id: a for a in base.legal_actions()}
            stop_at = facts(base)["turns"] + self.turns if self.turns else None
            starts = []
            for a in options:
                st = base.clone()
                st.apply(own.get(a.id, a.id))
                starts.append((a, st))
            if n == 0:
                for a, st in starts:
                    now[a.id] = evaluate(st, player)
                if self.top and len(starts) > self.top:
                    starts = sorted(starts, key=lambda x: -now[x[0].id])[:self.top]
                    options = [a for a, _ in starts]
            scores = set()
            for a, st in starts:
                left = self.steps
                while left and not st.is_terminal() and (stop_at is None or facts(st)["turns"] < stop_at):
                    greedy_step(st, evaluate)   # to the game's end: no turn count read at each step
                    left -= 1
                v = WON * st.returns()[player] if st.is_terminal() else evaluate(st, player)
                total[a.id] += v
                scores.add(round(v, 9))
            n += 1
            split = split or len(scores) > 1
            now_t = time.perf_counter()
            # a sample that would end after the deadline is not started: whole-game rollouts are long
            if (self.samples is not None and n >= self.samples) or now_t + (now_t - start) / n >= deadline \
                    or (self.settle and not split and n >= self.settle):
                break
        self.sampled += n
        self.considered = [o.id for o in options]
        return max(options, key=lambda o: (round(total[o.id] / n, 9), now[o.id]))
