"""Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and
Whitehouse 2012), through the bot-facing handle only.

Each iteration draws a fresh determinization (``me.determinize``: every card this seat cannot
see resampled), walks one shared tree of (deciding seat, action id) pairs with UCB1 counted over
the times a child was *available* (actions differ between determinizations; so can the seat
deciding next, and two seats' options may share an id such as ``pass``, which must not share
statistics kept from opposite points of view), adds one node, plays random actions in
quiet mode for at most ``depth`` steps, and backs up a value per seat: the result if the game
ended, else the game's own evaluation squashed into -1..1 (``tanh(value / scale)``, the scale
being the game's ``eval_scale`` unless the ``scale`` setting gives one). Decisions with one
option are taken on the way without a node. The move made is the root child visited most.

Each leaf's value mixes two estimates (``mix``, 0.5 by default): the game's evaluation of the
state right after the newly added node's action, and the value after the random playout. A
playout alone is so noisy in short, swingy games that 200-400 iterations could not tell a free,
clearly useful play from passing: with one game's control deck ISMCTS ended its main step with
nothing played and a full hand (tests/test_bot_sanity.py). The evaluation right after the action sees its worth
at once; the playout still sees what follows (AlphaGo mixed its value net and rollouts the same
way). A new node also starts with ``prior`` (5) visits at that same evaluation (progressive
bias): a few random playouts no longer bury a clearly better action, and several near-equal
options (three Aura Pages of different types) no longer split the visits so that a worse single
one (ending the turn) is visited most. ``mix=0,prior=0`` is the bot before. A game may also
name the options a playout leaves out (``game.playout_actions(state, legal)``, e.g. face-down
placements that random play mostly spends on bluffs that lose the game):
random play that throws the game away in the acting seat's own turn made ending the turn look
better than any action in it.

Budget: ``iters`` iterations, or ``ms`` milliseconds of thinking (either, not both). ``depth``
is 30 by default: cutting playouts short and trusting a game's evaluation early played no better
than the greedy bot, while 30 random steps before it played clearly better
(benchmarks/README.md, "The ISMCTS bot").
"""
from __future__ import annotations

import math
import time
from typing import Any

from ..engine.action import Action
from ..engine.errors import MetatcgError
from ..engine.handle import PlayerHandle
from ..engine.rng import Rng


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[int, dict[str, _Node]] = {}   # by deciding seat, then action id
        self.visits = 0
        self.avail = 1
        self.reward = 0.0          # summed value for ``player``, the seat whose choice leads here
        self.player = player


class IsmctsBot:
    name = "ismcts"
    searches = True   # every decision runs a search: a game takes seconds, worth a process of its own

    def __init__(self, seed: int = 0, iters: int | None = None, ms: float | None = None, depth: int = 30,
                 c: float = 0.7, scale: float | None = None, mix: float = 0.5, prior: int = 5) -> None:
        if iters is not None and ms is not None:
            raise MetatcgError("ismcts takes a budget of iters or of ms, not both")
        if iters is None and ms is None:
            iters = 400
        if (iters is not None and iters < 1) or (ms is not None and ms <= 0) or depth < 0 or c < 0 \
                or not 0.0 <= mix <= 1.0 or prior < 0:
            raise MetatcgError("ismcts needs iters >= 1 or ms > 0, depth >= 0, c >= 0, 0 <= mix <= 1 and prior >= 0")
        self.rng = Rng(seed)
        self.iters = iters
        self.ms = ms
        self.depth = depth
        self.c = c
        self.scale = scale
        self.mix = mix
        self.prior = prior
        self.iterations = 0        # done in all searches (for benchmarks)
        self.tree: _Node | None = None   # the last search's root (for tests and inspection)

    def choose(self, me: PlayerHandle) -> Action:
        actions = me.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scale = self.scale if self.scale is not None else float(me.game.eval_scale)
        root = _Node(-1)
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms is not None else None
        done = 0
        while True:
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    break
            elif done >= (self.iters or 0):
                break
            self._iterate(root, me, scale)
            done += 1
        self.iterations += done
        self.tree = root
        legal = {a.id: a for a in actions}
        best = None
        for aid, ch in root.children.get(me.player, {}).items():
            if aid in legal and (best is None or (ch.visits, ch.reward) > (best[1].visits, best[1].reward)):
                best = (aid, ch)
        return legal[best[0]] if best is not None else self.rng.choice(actions)

    def _iterate(self, root: _Node, me: PlayerHandle, scale: float) -> None:
        rng = self.rng
        st = me.determinize(rng)
        node = root
        path: list[_Node] = []
        early: list[float] | None = None    # the evaluation right after the new node's action
        # selection and expansion
        while not st.is_terminal():
            legal = st.legal_actions()
            if len(legal) == 1:
                st.apply(legal[0])
                continue
            p = st.current_player()
            children = node.children.get(p)
            if children is None:
                children = node.children[p] = {}
            untried = []
            for a in legal:
                ch = children.get(a.id)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = children[a.id] = _Node(p)
                st.apply(a)
                path.append(child)
                if self.mix > 0.0 or self.prior:
                    early = _values(st, me.game, scale)
                    if self.prior:       # progressive bias: the evaluation counts as ``prior`` visits
                        child.visits = self.prior
                        child.reward = self.prior * early[p]
                break
            c = self.c
            best_a, best_ch, best_u = legal[0], children[legal[0].id], -math.inf
            for a in legal:
                ch = children[a.id]
                u = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best_a, best_ch, best_u = a, ch, u
            st.apply(best_a)
            path.append(best_ch)
            node = best_ch
        # playout: random actions in quiet mode, cut off after ``depth`` of them
        steps = self.depth
        prune = me.game.playout_actions
        while steps > 0 and not st.is_terminal():
            legal = st.legal_actions()
            if prune is not None and len(legal) > 1:
                legal = prune(st, legal)
            st.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
            steps -= 1
        values = _values(st, me.game, scale)
        if early is not None and self.mix > 0.0:
            w = self.mix
            values = [w * e + (1.0 - w) * v for e, v in zip(early, values)]
        for n in path:
            n.visits += 1
            n.reward += values[n.player]


def _values(st: Any, game: Any, scale: float) -> list[float]:
    """Each seat's value of a leaf in -1..1: its result, or its evaluation squashed with tanh."""
    if st.is_terminal():
        return list(st.returns())
    return [math.tanh(game.evaluate(st, p) / scale) for p in range(st.num_players)]
