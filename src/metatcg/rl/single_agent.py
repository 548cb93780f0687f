"""Gymnasium single-agent environment: one learning seat, bots at the others (issue 13).

The bots get only ``state.handle(p)`` (view, legal actions, determinize), as at any table;
they play until the learner must decide or the game ends, so every ``step`` is one decision
of the learner. ``action_masks()`` is what sb3-contrib's MaskablePPO reads."""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..bots import Bot, make_bot
from ..engine.errors import IllegalActionError, MetatcgError
from .table import SEED_BOUND, Table, missing, spaces

try:
    import gymnasium
except ImportError as e:
    raise missing(e) from e

#: what ``step`` does with an action that is not legal now
ILLEGAL = ("raise", "lose")


class MetatcgGymEnv(gymnasium.Env):
    """``game`` with the learner at ``seat`` and ``opponent`` bots (one spec for all other
    seats, or one per other seat in seat order). See docs/rl.md."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, game: Any, opponent: str | Sequence[str] = "greedy", seat: int = 0,
                 decks: Sequence[Any] | None = None, seats: int = 2, seed: int | None = None,
                 log: bool = False, illegal: str = "raise", options: dict[str, Any] | None = None) -> None:
        self.table = Table(game, decks, seats, log, options)
        if type(seat) is not int or not 0 <= seat < seats:
            raise MetatcgError(f"seat must be a seat of a {seats}-player game (0 to {seats - 1}), not {seat!r}")
        others = [opponent] * (seats - 1) if isinstance(opponent, str) else list(opponent)
        if len(others) != seats - 1:
            raise MetatcgError(f"{seats - 1} opponent bot(s) needed, one per other seat; got {len(others)}")
        for spec in others:
            make_bot(spec)   # a bad spec fails here, not at the first reset
        if illegal not in ILLEGAL:
            raise MetatcgError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.seat = seat
        self.specs = {p: others[i] for i, p in enumerate(p for p in range(seats) if p != seat)}
        self.illegal = illegal
        self.observation_space, self.action_space = spaces(self.table)
        self._seed = seed
        self.bots: dict[int, Bot] = {}
        self.render_mode = None

    @property
    def state(self) -> Any:
        """The engine's GameState (full information: for tests and debugging, not for agents)."""
        return self.table.state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new game and let the bots play to the learner's first decision. ``reset(seed=s)``
        deals ``new_state(..., seed=s)`` and seeds bot ``p`` with ``s * seats + p``; resets without
        a seed draw one from the generator. ``options`` is unused."""
        if seed is None and self._np_random is None:
            seed = self._seed
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self.table.deal(game_seed)
        n = self.table.seats
        self.bots = {p: make_bot(spec, game_seed * n + p) for p, spec in self.specs.items()}
        self._play_bots()
        return self._obs(), self.table.info(self.seat)

    def _play_bots(self) -> None:
        """The bots' moves up to the learner's decision; the table numbers that decision's
        options again only if a bot moved (its own ``apply`` numbered the one before)."""
        t = self.table
        st = t.state
        moved = False
        while not st.is_terminal() and st.current_player() != self.seat:
            p = st.current_player()
            st.apply(self.bots[p].choose(st.handle(p)))
            moved = True
        if moved:
            t.refresh()

    def _obs(self) -> dict[str, np.ndarray]:
        return self.table.observation(self.seat)

    def action_masks(self) -> np.ndarray:
        """Bool mask of the learner's legal actions (sb3-contrib MaskablePPO)."""
        return self.table.mask(self.seat).astype(bool)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        t = self.table
        if not t.state.is_terminal():   # over already only if it ended before the learner's turn
            try:
                t.apply(action)
            except IllegalActionError:
                if self.illegal == "raise":
                    raise
                info = t.info(self.seat)
                info["illegal"] = int(action) if isinstance(action, (int, np.integer)) else repr(action)
                return self._obs(), -1.0, True, False, info
            self._play_bots()
        st = t.state
        if not st.is_terminal():
            return self._obs(), 0.0, False, False, t.info(self.seat)
        limit = t.ended_by_limit()
        return self._obs(), float(st.returns()[self.seat]), not limit, limit, {}

    def render(self) -> None:
        return None


def gym_env(game: Any, opponent: str | Sequence[str] = "greedy", seat: int = 0, decks: Sequence[Any] | None = None,
            seats: int = 2, seed: int | None = None, log: bool = False, illegal: str = "raise",
            options: dict[str, Any] | None = None) -> MetatcgGymEnv:
    """A Gymnasium environment: the learner at ``seat`` of ``game``, bots (make_bot specs) at the others."""
    return MetatcgGymEnv(game, opponent, seat, decks, seats, seed, log, illegal, options)
