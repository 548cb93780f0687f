"""A simulated game as a job, and what every backend needs to send jobs to workers: chunks of
consecutive jobs, and the game in a form that is cheap to send (:func:`portable`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.game import Game
from ..registry import GameEntry, game_entries, game_ids, load_game, register_game
from .play import GameResult, play_game


@dataclass(frozen=True)
class Job:
    """One game to play: a deck and a bot per seat, the seed and the table options.
    ``cards`` asks for the card-impact record of each seat (a little slower)."""

    decks: tuple[Any, ...]
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] | None = None
    cards: bool = False


@dataclass
class Outcome:
    """The results of the finished jobs, in job order; ``stopped`` when Ctrl-C ended the run
    early (then some jobs have no result and are left out)."""

    results: list[GameResult] = field(default_factory=list)
    indexes: list[int] = field(default_factory=list)      # the job index of each result
    stopped: bool = False
    seconds: float = 0.0


Progress = Callable[[int], None]      # called with the number of finished jobs


def play_job(game: Game, job: Job) -> GameResult:
    return play_game(game, list(job.decks), list(job.bots), job.seed, job.options, cards=job.cards)[1]


def chunked(n: int, workers: int, size: int | None = None) -> list[range]:
    """Consecutive job ranges: about eight chunks per worker (so a slow chunk does not hold the
    run up), at most 50 jobs each, or ``size`` jobs when given."""
    if size is None:
        size = max(1, min(50, n // max(1, workers * 8)))
    return [range(i, min(n, i + size)) for i in range(0, n, size)]


def portable(game: Game) -> "Game | GameEntry":
    """The registry entry when ``load_game`` gives this very game from a module path (cheap to
    send, and loaded once where it is received), else the game object itself."""
    entry = next((e for e in game_entries() if e.id == game.id), None)
    if entry is not None and isinstance(entry.module, str) and load_game(game.id) is game:
        return entry
    return game


def receive(game: "Game | GameEntry") -> Game:
    """The game a worker plays, from what :func:`portable` sent."""
    if isinstance(game, GameEntry):
        if game.id not in game_ids():
            register_game(game.id, game.module, game.title)
        return load_game(game.id)
    return game
