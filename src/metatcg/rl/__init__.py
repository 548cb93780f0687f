"""Adapters for reinforcement learning: fixed-size action numbering, observations, and the
PettingZoo / Gymnasium environments.

``env`` and ``gym_env`` import their RL package only when called; otherwise import the modules
themselves (``metatcg.rl.codec``). This package imports nothing at load, so ``import metatcg.rl``
never pulls in numpy-heavy parts or optional packages it does not need."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from .aec import MetatcgAEC
    from .single_agent import MetatcgGymEnv


def env(game: Any, decks: Sequence[Any] | None = None, seats: int = 2, seed: int | None = None,
        log: bool = False, options: dict[str, Any] | None = None) -> "MetatcgAEC":
    """A PettingZoo AEC environment of ``game``, agents ``player_0``.. (needs ``metatcg[rl]``)."""
    from .aec import env as make
    return make(game, decks, seats, seed, log, options)


def gym_env(game: Any, opponent: str | Sequence[str] = "greedy", seat: int = 0, decks: Sequence[Any] | None = None,
            seats: int = 2, seed: int | None = None, log: bool = False, illegal: str = "raise",
            options: dict[str, Any] | None = None) -> "MetatcgGymEnv":
    """A Gymnasium environment: the learner at ``seat``, ``opponent`` bots elsewhere (needs ``metatcg[rl]``)."""
    from .single_agent import gym_env as make
    return make(game, opponent, seat, decks, seats, seed, log, illegal, options)


__all__ = ["env", "gym_env"]
