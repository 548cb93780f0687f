"""The game-agnostic kernel: state, decisions, RNG, events, decks, persistence. Knows no game."""
from .action import Action, Decision
from .decks import Deck, parse_deck_text, read_deck_file
from .errors import (CardDataError, DeckError, IllegalActionError, MetatcgError, StateDataError,
                     UnknownGameError)
from .game import Game
from .rng import Rng
from .state import GameState

__all__ = ["Action", "Decision", "Deck", "parse_deck_text", "read_deck_file", "CardDataError",
           "DeckError", "IllegalActionError", "MetatcgError", "StateDataError", "UnknownGameError",
           "Game", "Rng", "GameState"]
