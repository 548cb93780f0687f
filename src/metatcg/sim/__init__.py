"""Many bot-vs-bot games and their statistics."""
from .runner import MatchSummary, play_game, simulate, wilson

__all__ = ["MatchSummary", "play_game", "simulate", "wilson"]
