"""Observations for RL agents: the game's fixed-length vector of ``state.view(p)``.

Only the view goes in (ARCHITECTURE: what may reach a player), so an agent cannot learn from
cards its seat may not see. Names no game: each game encodes its own view."""
from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.obsvec import Vector
from ..engine.state import GameState


def observation_size(game: Game, seats: int) -> int:
    """The length of every vector ``game`` makes at ``seats`` seats."""
    return sum(length for _, length in game.observation_layout(seats))


def offsets(game: Game, seats: int) -> dict[str, tuple[int, int]]:
    """Each part of the vector by name: (start, end)."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, length in game.observation_layout(seats):
        out[name] = (at, at + length)
        at += length
    return out


def observe(state: GameState, player: int) -> Vector:
    """``player``'s vector of ``state``, from ``state.view(player)`` alone (no log lines; not
    copied, since the encoder only reads it)."""
    view: dict[str, Any] = state.view(player, None, copy=False)
    return state.game.observe(view, state.num_players)  # type: ignore[no-any-return]
