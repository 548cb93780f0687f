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

Cores: with ``cores`` above 1 (and a budget of ``ms``), ``cores - 1`` helper processes
(:mod:`.helpers`) sample the same decision alongside the bot, each on determinizations of its
own, and their totals are added to the bot's (root parallelism): about a sample per core in the
same second. The first decision gets no help while the helpers start.
"""
from __future__ import annotations

import math
import time
import weakref
from typing import Any

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.handle import PlayerHandle
from ..engine.rng import Rng
from .sampler import Sampler

class RolloutBot:
    name = "rollout"
    searches = True

    def __init__(self, seed: int = 0, ms: float | None = None, samples: int | None = None, turns: int = 0,
                 top: int = 0, steps: int = 1000, settle: int = 8, cores: int = 1) -> None:
        if ms is not None and samples is not None:
            raise MetatcgError("rollout takes a budget of ms or of samples, not both")
        if ms is None and samples is None:
            ms = 500.0
        bad = [need for need, wrong in (("samples >= 1", samples is not None and samples < 1),
                                        ("ms > 0", ms is not None and ms <= 0), ("turns >= 0", turns < 0),
                                        ("top >= 0", top < 0), ("steps >= 0", steps < 0),
                                        ("settle >= 0", settle < 0), ("cores >= 1", cores < 1),
                                        ("a budget of ms for cores > 1", cores > 1 and samples is not None))
               if wrong]
        if bad:
            raise MetatcgError(f"rollout needs {' and '.join(bad)}")
        self.seed = seed
        self.rng = Rng(seed)
        self.ms = ms
        self.samples = samples
        self.turns = turns
        self.top = top
        self.steps = steps
        self.settle = settle
        self.cores = cores
        self.helpers: Any = None           # helper processes (cores > 1), started at the first decision
        self.decisions = 0
        self.sampled = 0           # determinizations rolled out in all decisions (for benchmarks)
        self.considered: list[str] = []   # the last decision's options rolled out (for tests)

    def choose(self, me: PlayerHandle) -> Action:
        actions = me.legal_actions()
        if len(actions) == 1:
            return actions[0]
        player = me.player
        start = time.perf_counter()
        deadline = start + self.ms / 1000.0 if self.ms is not None else math.inf
        sampler = Sampler(me, [a.id for a in actions], self.rng, self.turns, self.steps)
        base = me.determinize(self.rng)
        starts = sampler.starts(base)
        now = {aid: me.game.evaluate(st, player) for aid, st in starts}   # the evaluation right after each
        if self.top and len(starts) > self.top:
            starts = sorted(starts, key=lambda x: -now[x[0]])[:self.top]
            sampler.options = [aid for aid, _ in starts]
        helpers = self._helpers(me)
        if helpers is not None:
            self.decisions += 1
            helpers.start(self.decisions, me.determinize(self.rng).to_json(), player, sampler.options,
                          time.time() + (deadline - time.perf_counter()),
                          {"turns": self.turns, "steps": self.steps})
        sampler.roll(base, starts)
        settled = False
        while True:
            n, now_t = sampler.n, time.perf_counter()
            settled = bool(self.settle and not sampler.split and n >= self.settle)
            # a sample that would end after the deadline is not started: whole-game rollouts are long
            if (self.samples is not None and n >= self.samples) or now_t + (now_t - start) / n >= deadline \
                    or settled:
                break
            sampler.sample()
        total, n, split = sampler.total, sampler.n, sampler.split
        if helpers is not None:
            for h_total, h_n, h_split in helpers.collect(self.decisions, settled, deadline):
                for aid in sampler.options:
                    total[aid] += h_total.get(aid, 0.0)
                n += h_n
                split = split or h_split
        self.sampled += n
        self.considered = list(sampler.options)
        by_id = {a.id: a for a in actions}
        best = max(sampler.options, key=lambda aid: (round(total[aid] / n, 9), now[aid]))
        return by_id[best]

    def _helpers(self, me: PlayerHandle) -> Any:
        """The helper processes, started at the first decision (``cores`` - 1 of them)."""
        if self.cores > 1 and self.helpers is None:
            from .helpers import Helpers
            self.helpers = Helpers(me.game, self.cores - 1, self.seed)
            weakref.finalize(self, self.helpers.close, 0)   # a bot dropped with its game ends them too
        return self.helpers

    def close(self) -> None:
        """Stop the helper processes (they are daemons: they also end with this process)."""
        if self.helpers is not None:
            self.helpers.close()
            self.helpers = None
