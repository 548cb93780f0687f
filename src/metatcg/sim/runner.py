"""Run seeded bot games, one deck and one bot per seat, and summarise them per seat.

Games are played in quiet mode (no log text) and every bot gets only its seat's
:class:`~metatcg.engine.handle.PlayerHandle`. A game's *winner* is the one seat with the
highest return (``GameState.winner``); a game without one (a draw, or first place shared)
counts as a draw. Win rates carry Wilson 95% intervals. Games the kernel ended at its action
limit are draws too, but are also counted apart with their seeds (a sound game never gets there).
"""
from __future__ import annotations

import os
import statistics
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from ..engine.errors import MetatcgError, SeatCountError
from ..engine.game import Game
from .jobs import Job, run_jobs
from .play import GameResult as GameResult, play_game as play_game, wilson as wilson
from .stats import stratified_edge


@dataclass
class MatchSummary:
    """Per-seat lists are indexed by seat (0 = P1). The first seat's edge compares how often
    the seat that acted first won the decided games with the ``1 / seats`` of even seats; where
    a rule picks the starter from the decks that mixes up deck and seat, so
    ``first_player_by_seat`` also compares each seat acting first with the same seat not."""

    game: str
    seats: int
    decks: list[str]
    bots: list[str]
    games: int
    wins: list[int]
    draws: int
    win_rate: list[float]
    win_ci95: list[tuple[float, float]]
    mean_return: list[float]
    first_player_games: int              # decided games whose first player is known
    first_player_wins: int
    first_player_win_rate: float
    first_player_ci95: tuple[float, float]
    first_player_expected: float         # 1 / seats
    first_player_edge: float             # win rate minus the expected share
    turns_mean: float
    turns_median: float
    actions_mean: float
    actions_median: float
    seconds: float
    games_per_second: float
    results: list[GameResult] = field(default_factory=list)
    action_limit_games: int = 0          # games the kernel ended at its action limit (draws
    action_limit_seeds: list[int] = field(default_factory=list)   # nobody played to), and their seeds
    endings: dict[str, int] = field(default_factory=dict)          # Game.ending -> games
    stopped: bool = False                # Ctrl-C ended the run before every game was played
    planned_games: int = 0
    # the same question like with like: each seat (its deck and bot) acting first against not
    # (stats.stratified_edge), for when a rule picks the starter from the decks
    first_player_by_seat: dict[str, Any] = field(default_factory=dict)

    def seat_rows(self) -> list[dict[str, Any]]:
        """One dict per seat: its deck, bot, wins, win rate, interval and mean return."""
        return [{"seat": p, "deck": self.decks[p], "bot": self.bots[p], "wins": self.wins[p],
                 "win_rate": self.win_rate[p], "win_ci95": self.win_ci95[p],
                 "mean_return": self.mean_return[p]} for p in range(self.seats)]

    def to_json(self, with_games: bool = True) -> dict[str, Any]:
        out = asdict(self)
        if not with_games:
            out.pop("results")
        return out


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity: a container or ``taskset`` may allow
    fewer than the machine has), not ``os.cpu_count()``."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):      # no affinity on this platform
        return os.cpu_count() or 1


def auto_workers(games: int, slow: bool = False) -> int:
    """All usable cores once there are enough games to pay for starting the processes: 25 per
    core, or one per core when the games are ``slow`` (a searching bot plays in them)."""
    return max(1, min(usable_cpus(), games // (1 if slow else 25)))


def check_seats(game: Game, decks: list[Any], bots: list[str]) -> int:
    """The number of seats: one deck and one bot each, a count the game is played with."""
    n = len(decks)
    if n not in game.seat_counts:
        raise SeatCountError(f"{game.id} is played by {game.seats_text()} players "
                             f"(one deck each), not {n}")
    if len(bots) != n:
        raise MetatcgError(f"one bot per seat: {n} decks but {len(bots)} bots")
    return n


def simulate(game: Game, decks: list[Any], bots: list[str], games: int, seed: int = 0,
             progress: Callable[[int], None] | None = None, workers: int = 1,
             options: dict[str, Any] | None = None, backend: str = "local", address: str | None = None,
             cards: bool = False) -> MatchSummary:
    """Play ``games`` games (game i uses seed + i) with the table ``options``; seats keep their
    decks and bots, and who goes first is the game's own chance. With ``workers`` > 1 the games
    run in that many processes (or Ray CPUs with ``backend="ray"``); the results are the same,
    in seed order. Ctrl-C stops early: the summary holds the finished games (``stopped``)."""

    check_seats(game, decks, bots)
    game.new_state(decks, seed=seed, options=options, log=False)   # bad options fail before the run
    jobs = [Job(tuple(decks), tuple(bots), seed + i, options, cards) for i in range(games)]
    out = run_jobs(game, jobs, workers=workers, backend=backend, address=address, progress=progress)
    summary = summarise(game.id, [str(getattr(d, "name", d)) for d in decks], list(bots), out.results,
                        out.seconds)
    summary.stopped = out.stopped
    summary.planned_games = games
    return summary


def summarise(game_id: str, decks: list[str], bots: list[str], results: list[GameResult],
              seconds: float) -> MatchSummary:
    n = len(results)
    seats = len(bots)
    wins = [sum(1 for r in results if r.winner == p) for p in range(seats)]
    decided = [r for r in results if r.winner is not None and r.first_player is not None]
    fwins = sum(1 for r in decided if r.winner == r.first_player)
    frate = fwins / len(decided) if decided else 0.0
    expected = 1 / seats if seats else 0.0
    turns = [r.turns for r in results] or [0]
    acts = [r.actions for r in results] or [0]
    limited = [r.seed for r in results if r.action_limit]
    return MatchSummary(
        game=game_id, seats=seats, decks=decks, bots=bots, games=n, wins=wins, draws=n - sum(wins),
        win_rate=[w / n if n else 0.0 for w in wins], win_ci95=[wilson(w, n) for w in wins],
        mean_return=[statistics.fmean(r.returns[p] for r in results) if n else 0.0 for p in range(seats)],
        first_player_games=len(decided), first_player_wins=fwins, first_player_win_rate=frate,
        first_player_ci95=wilson(fwins, len(decided)), first_player_expected=expected,
        first_player_edge=frate - expected if decided else 0.0,
        first_player_by_seat=stratified_edge(
            ((p, r.first_player == p, float(r.winner == p)) for r in results if r.first_player is not None
             for p in range(seats)), group="seat"),
        turns_mean=statistics.fmean(turns), turns_median=statistics.median(turns),
        actions_mean=statistics.fmean(acts), actions_median=statistics.median(acts),
        seconds=seconds, games_per_second=n / seconds if seconds > 0 else 0.0, results=results,
        action_limit_games=len(limited), action_limit_seeds=limited,
        endings=dict(Counter(r.ending for r in results).most_common()), planned_games=n)
