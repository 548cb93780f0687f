"""metatcg: one engine for several trading card games, played by their full rules."""
from __future__ import annotations

import importlib

from .engine import Action, Deck, GameState, IllegalActionError, MetatcgError, UnknownGameError
from .engine.game import Game

__version__ = "0.1.0"

# game id -> (module, title). A game package exposes ``load() -> Game``.
GAMES: dict[str, tuple[str, str]] = {
    "metax": ("metatcg.games.metax", "MetaX TCG"),
    "metazoo": ("metatcg.games.metazoo", "MetaZoo TCG (four-lane edition)"),
}

_loaded: dict[str, Game] = {}


def game_ids() -> list[str]:
    return list(GAMES)


def load_game(game_id: str) -> Game:
    """The ruleset and card pool of ``game_id`` (cached: a Game is immutable)."""
    if game_id not in GAMES:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}")
    game = _loaded.get(game_id)
    if game is None:
        game = _loaded[game_id] = importlib.import_module(GAMES[game_id][0]).load()
    return game


__all__ = ["load_game", "game_ids", "GAMES", "Game", "GameState", "Action", "Deck",
           "IllegalActionError", "MetatcgError", "UnknownGameError", "__version__"]
