"""Run seeded bot-vs-bot games and summarise them (win rates with Wilson intervals)."""
from __future__ import annotations

import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Callable

from ..bots import make_bot
from ..engine.game import Game
from ..engine.state import GameState


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    seed: int
    returns: list[float]
    first_player: int | None
    turns: int
    actions: int
    reason: str


def play_game(game: Game, decks: list, bots: list[str], seed: int) -> tuple[GameState, GameResult]:
    players = [make_bot(b, seed * 7919 + i) for i, b in enumerate(bots)]
    state = game.new_state(decks, seed=seed)
    while not state.is_terminal():
        p = state.current_player()
        state.apply(players[p].choose(state, p).id)
    facts = game.match_facts(state)
    return state, GameResult(seed, state.returns(), facts["first_player"], facts["turns"],
                             state.actions_taken, state.reason)


@dataclass
class MatchSummary:
    game: str
    decks: list[str]
    bots: list[str]
    games: int
    wins: list[int]
    draws: int
    win_rate: list[float]
    win_ci95: list[tuple[float, float]]
    first_player_win_rate: float
    first_player_ci95: tuple[float, float]
    turns_mean: float
    turns_median: float
    actions_mean: float
    actions_median: float
    seconds: float
    games_per_second: float
    results: list[GameResult] = field(default_factory=list)

    def to_json(self, with_games: bool = True) -> dict:
        out = asdict(self)
        if not with_games:
            out.pop("results")
        return out


def _play_one(game_id: str, decks: list, bots: list[str], seed: int) -> GameResult:
    """One game in a worker process (module level so it pickles; the game is loaded by id)."""
    from .. import load_game
    return play_game(load_game(game_id), decks, bots, seed)[1]


def auto_workers(games: int) -> int:
    """All cores once there are enough games to pay for starting the processes."""
    return max(1, min(os.cpu_count() or 1, games // 25))


def simulate(game: Game, decks: list, bots: list[str], games: int, seed: int = 0,
             progress: Callable[[int], None] | None = None, workers: int = 1) -> MatchSummary:
    """Play ``games`` games (game i uses seed + i); seats keep their decks and bots, and who
    goes first is the game's own chance. With ``workers`` > 1 the games run in that many
    processes; the results are the same, in seed order."""
    t0 = time.perf_counter()
    results: list[GameResult] = []
    if workers <= 1:
        for i in range(games):
            results.append(play_game(game, decks, bots, seed + i)[1])
            if progress:
                progress(i + 1)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, games)) as pool:
            futures = [pool.submit(_play_one, game.id, decks, bots, seed + i) for i in range(games)]
            for f in as_completed(futures):
                results.append(f.result())
                if progress:
                    progress(len(results))
        results.sort(key=lambda r: r.seed)
    dt = time.perf_counter() - t0
    return summarise(game.id, [str(getattr(d, "name", d)) for d in decks], bots, results, dt)


def summarise(game_id: str, decks: list[str], bots: list[str], results: list[GameResult],
              seconds: float) -> MatchSummary:
    n = len(results)
    nplayers = len(bots)
    wins = [sum(1 for r in results if r.returns[p] > 0 and sum(x > 0 for x in r.returns) == 1)
            for p in range(nplayers)]
    draws = n - sum(wins)
    firsts = [r for r in results if r.first_player is not None]
    fwins = sum(1 for r in firsts if r.returns[r.first_player] > 0)
    turns = [r.turns for r in results] or [0]
    acts = [r.actions for r in results] or [0]
    return MatchSummary(
        game=game_id, decks=decks, bots=bots, games=n, wins=wins, draws=draws,
        win_rate=[w / n if n else 0.0 for w in wins], win_ci95=[wilson(w, n) for w in wins],
        first_player_win_rate=fwins / len(firsts) if firsts else 0.0,
        first_player_ci95=wilson(fwins, len(firsts)),
        turns_mean=statistics.fmean(turns), turns_median=statistics.median(turns),
        actions_mean=statistics.fmean(acts), actions_median=statistics.median(acts),
        seconds=seconds, games_per_second=n / seconds if seconds > 0 else 0.0, results=results)
