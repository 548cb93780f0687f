"""What a player (bot, remote client, RL agent) gets of a game: no more than a person has.

A handle offers the player's view, the legal actions when it is their turn, and for
lookahead a *determinized* copy: a full state in which every card the player cannot see
has been resampled, the seed and the RNG replaced, the log dropped. The true state stays
behind the handle; the contract (ARCHITECTURE, "Bots see only view(p)...") is that bots
use these methods and nothing else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .action import Action
from .rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import GameState


class PlayerHandle:
    """One seat's window onto a game in progress."""

    __slots__ = ("__state", "player", "game")

    def __init__(self, state: "GameState", player: int) -> None:
        self.__state = state
        self.player = player
        self.game: "Game" = state.game

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    def is_deciding(self) -> bool:
        return self.__state.current_player() == self.player

    def legal_actions(self) -> list[Action]:
        """The player's options now (empty when someone else decides)."""
        st = self.__state
        return st.legal_actions() if st.current_player() == self.player else []

    def view(self) -> dict[str, Any]:
        return self.__state.view(self.player)

    def determinize(self, rng: Rng) -> "GameState":
        """A quiet full state consistent with what this player knows (hidden cards resampled).
        Whatever is done to it never touches the real game. It waits at the real game's
        decision (same seat, kind and prompt): a lookahead from anywhere else would plan for
        a moment that is not this one."""
        st = self.__state
        s = self.game.determinize(st, self.player, rng)
        a, b = st.decision, s.decision
        if s.result != st.result or (a is not b and (a is None or b is None or a.player != b.player
                                                     or a.kind != b.kind or a.prompt != b.prompt)):
            raise RuntimeError(f"{self.game.id}: determinize for P{self.player + 1} moved the game on from "
                               f"{a!r:.120} to {b!r:.120} (a bug in the game's determinize)")
        return detach(s, rng)


def detach(s: "GameState", rng: Rng) -> "GameState":
    """Make a resampled copy ``s`` safe to hand out: a new seed (the true one would let a cheat
    replay the deal), quiet, no log, no cached options."""
    s.seed = rng.next64() & 0x7FFFFFFF
    s.logging = False
    s._log = []
    s._legal = None
    s._by_id = None
    return s
