"""metatcg: one engine for several trading card games, played by their full rules."""
from __future__ import annotations

from . import native as _native

_native.install()   # compiled rules, if `metatcg compile` built any for this exact source

from .engine import Action, Deck, GameState, IllegalActionError, MetatcgError, UnknownGameError  # noqa: E402
from .engine.game import Game  # noqa: E402
from .registry import (GAMES, GameEntry, game_entries, game_ids, game_title, load_game,  # noqa: E402
                       register_game, unregister_game)
from . import games as _games  # noqa: F401,E402 - fills the registry: one line per shipped game

__version__ = "0.1.0"

__all__ = ["load_game", "game_ids", "game_entries", "game_title", "register_game", "unregister_game",
           "GameEntry", "GAMES", "Game", "GameState", "Action", "Deck", "IllegalActionError", "MetatcgError",
           "UnknownGameError", "__version__"]
