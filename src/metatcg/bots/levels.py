"""Opponents by a level a person understands: Easy, Normal and Hard. Each is a bot of
:mod:`metatcg.bots` with its settings; the terminal (``--vs hard``), the lobby (``bot:hard``) and
``docs/bots.md`` name the same three, and ``benchmarks/ladder.py`` measures them."""
from __future__ import annotations

from typing import NamedTuple

#: Hard is no one search: each game names the strongest its ladder measured within a second a
#: move (``Game.hard_bot``), and ``make_bot("hard")`` plays that one (:mod:`.hard`)
HARD = "hard"


class Level(NamedTuple):
    id: str         # what a person types: --vs hard
    name: str       # what screens show
    spec: str       # the bot ``make_bot`` makes
    about: str      # one line for someone choosing an opponent


LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Easy", "random", "plays a random legal move: good for learning the rules"),
    "normal": Level("normal", "Normal", "greedy", "plays the move that looks best right now, without planning ahead"),
    "hard": Level("hard", "Hard", HARD, "plays out many possible futures before each move (up to a second a move)"),
}
#: the engine's bot names, read as the level they play like
LEVEL_OF_BOT = {"random": "easy", "greedy": "normal", "ismcts": "hard", "rollout": "hard"}


def bot_spec(spec: str) -> str:
    """The bot a level stands for (``normal`` -> ``greedy``; ``hard`` is each game's own); any other spec as it is."""
    level = LEVELS.get(spec)
    return spec if level is None else level.spec


def bot_title(spec: str) -> str:
    """How a screen names a bot seat: 'Hard bot' for a level; a bot named as the engine names
    it keeps that name ('greedy bot', 'ismcts:iters=50 bot')."""
    return f"{LEVELS[spec].name} bot" if spec in LEVELS else f"{spec} bot"
