"""Who may start what: the limits that keep one client from filling the server with games, and
the creator's token that ends a game.

A game's creator gets a token of its own (like a seat's: 32 random bytes, only its SHA-256
kept) that ends the game at any time: a table left running by bots alone would otherwise
think for ever. A client address is kept only as a SHA-256 too, enough to count its games.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .errors import ApiError


@dataclass(frozen=True)
class GameLimits:
    """The server's limits on games (``metatcg serve`` options; docs/server.md, "Limits")."""

    #: threads that make bot moves, shared by every table (see botpool.py)
    bot_workers: int = 1
    #: running games one client address may have created (0: no limit)
    games_per_address: int = 32
    #: running games with no human seat, on the whole server (0: none allowed)
    bot_only_games: int = 4
    #: the shortest turn timer a game may ask for, in seconds
    min_turn_seconds: float = 5.0

    def __post_init__(self) -> None:
        if self.bot_workers < 1:
            raise ValueError("bot_workers must be 1 or more")
        if self.games_per_address < 0 or self.bot_only_games < 0 or self.min_turn_seconds < 0:
            raise ValueError("game limits are 0 or more")

    def check_timer(self, turn_seconds: float | None) -> None:
        """A turn timer below the minimum is refused (a seat could never act in time)."""
        if turn_seconds is not None and turn_seconds < self.min_turn_seconds:
            raise ApiError(400, "bad_request", f"turn_seconds is {turn_seconds:g}: a turn timer is at least "
                                               f"{self.min_turn_seconds:g} seconds (or null for none)")

    def check_counts(self, by_address: int, bot_only: int, is_bot_only: bool) -> None:
        """Refuse a new game when its creator's address or the bot-only tables are at their limit
        (``by_address``, ``bot_only``: the running games counted before this one)."""
        if self.games_per_address and by_address >= self.games_per_address:
            raise ApiError(429, "too_many_games",
                           f"you have {by_address} running games on this server, the most one address may have; "
                           "finish or end one (with its creator token) first")
        if is_bot_only and bot_only >= self.bot_only_games:
            raise ApiError(429, "too_many_games",
                           f"this server runs at most {self.bot_only_games} games with bots only at a time and "
                           "they are all running; try again later or take a seat yourself" if self.bot_only_games
                           else "this server runs no games with bots only: give one seat to a human")


def address_key(address: str) -> str:
    """What the database keeps of a client's address: enough to count its games, no more."""
    return hashlib.sha256(("metatcg-address:" + address).encode("utf-8", "replace")).hexdigest()
