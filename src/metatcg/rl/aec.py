"""PettingZoo AEC environment over any metatcg game (issue 13).

Turn order is the engine's: ``agent_selection`` is always ``state.current_player()``, since a
game may ask any seat to decide (response windows, trigger order) in any order. Observations
come from ``view(p)`` only; rewards are 0 until the end, then ``state.returns()``."""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .table import SEED_BOUND, Table, missing, spaces

try:
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as e:
    raise missing(e) from e


class MetatcgAEC(AECEnv):  # type: ignore[misc]
    """One game at ``seats`` seats, agents ``player_0``.. (seat order). See docs/rl.md."""

    metadata = {"name": "metatcg_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, game: Any, decks: Sequence[Any] | None = None, seats: int = 2,
                 seed: int | None = None, log: bool = False, options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.table = Table(game, decks, seats, log, options)
        self.metadata = {**self.metadata, "name": f"metatcg_{self.table.game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {}
        self.action_spaces = {}
        for a in self.possible_agents:   # one object per agent: api_test seeds them apart
            self.observation_spaces[a], self.action_spaces[a] = spaces(self.table)
        self._seed = seed
        self._np_random: Any = None
        self.render_mode = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def state(self) -> Any:
        """The engine's GameState (full information: for tests and debugging, not for agents)."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``reset(seed=s)`` deals exactly ``new_state(..., seed=s)``; later
        resets without a seed draw game seeds from a generator seeded by ``s`` (or by the
        constructor's ``seed``). ``options`` is accepted for the API and unused."""
        if seed is None and self._np_random is None:
            seed = self._seed
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(seed) if seed is not None else int(self._np_random.integers(SEED_BOUND))
        self.table.deal(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._skip_agent_selection = None
        self._update()

    def _update(self) -> None:
        """Infos, the agent to act, and at the end rewards and terminations/truncations."""
        t = self.table
        self.infos = {a: t.info(self._seat[a]) for a in self.agents}
        if t.state.is_terminal():
            done = t.ended_by_limit()
            for a, r in zip(self.possible_agents, t.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = not done
                self.truncations[a] = done
        else:
            self.agent_selection = self.possible_agents[t.state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observation(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.table.apply(action)   # raises before anything changes if illegal
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._update()
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None


def env(game: Any, decks: Sequence[Any] | None = None, seats: int = 2, seed: int | None = None,
        log: bool = False, options: dict[str, Any] | None = None) -> MetatcgAEC:
    """A PettingZoo AEC environment of ``game`` (an id or a loaded Game; ``options``: the game's
    settings as ``new_state`` takes them)."""
    return MetatcgAEC(game, decks, seats, seed, log, options)
