"""metatcg: one engine for several trading card games, played by their full rules."""
from __future__ import annotations

from .engine import Action, Deck, GameState, IllegalActionError, MetatcgError, UnknownGameError
from .engine.game import Game
from .registry import (GAMES, GameEntry, game_entries, game_ids, game_title, load_game, register_game,
                       unregister_game)
from . import games as _games  # noqa: F401,E402 - fills the registry: one line per shipped game

__version__ = "0.1.0"

__all__ = ["load_game", "game_ids", "game_entries", "game_title", "register_game", "unregister_game",
           "GameEntry", "GAMES", "Game", "GameState", "Action", "Deck", "IllegalActionError", "MetatcgError",
           "UnknownGameError", "__version__"]
