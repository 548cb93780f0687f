"""One integer per action id, for RL policies with a fixed-size output (issue 13).

``ActionCodec`` wraps a game's ``action_space(seats)`` (``engine.action_space``): the numbering
is fixed by game and seat count, so a policy trained on one table fits every table of that size.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np

import metatcg
from ..engine.action import Action
from ..engine.action_space import ActionCodeError, ActionSpace
from ..engine.errors import IllegalActionError


class ActionCodec:
    """Action ids <-> integers in range(n) for one game at one seat count."""

    def __init__(self, game: Any, seats: int = 2) -> None:
        self.game = metatcg.load_game(game) if isinstance(game, str) else game
        self.space: ActionSpace = self.game.action_space(seats)   # refuses a seat count the game has not
        self.seats = seats
        self.n: int = self.space.size

    def encode(self, action: Action | str) -> int:
        return self.space.encode(action if isinstance(action, str) else action.id)

    def decode(self, i: int) -> str:
        return self.space.decode(i)

    def mask(self, state_or_actions: Any) -> np.ndarray:
        """Bool array of length n, True exactly at the legal actions of a state (or at the
        given actions / ids)."""
        acts: Iterable[Any] = (state_or_actions.legal_actions() if hasattr(state_or_actions, "legal_actions")
                               else state_or_actions)
        return self.space.mask(acts)

    def action_for(self, state: Any, i: int) -> Action:
        """The legal Action of ``state`` numbered ``i``; IllegalActionError if it is not legal now."""
        aid = self.decode(i)
        a: Action
        for a in state.legal_actions():
            if a.id == aid:
                return a
        raise IllegalActionError(f"action number {i} ({aid!r}) is not legal now")

    def describe(self) -> str:
        """The templates with their offsets and sizes, and N."""
        return f"{self.game.id}, {self.seats} seats\n" + self.space.describe_text()


__all__ = ["ActionCodec", "ActionCodeError"]
