"""Where simulated games run: one game is a :class:`Job` (decks, bots, seed, options), and a
backend plays a list of jobs and gives back their results in job order.

``local`` plays them in this process (one worker) or in a process pool; ``ray`` sends them to
a Ray cluster (:mod:`.ray_backend`, the optional ``metatcg[ray]`` extra). Both send work as
chunks of consecutive jobs, and a job's result depends only on the job, so every backend gives
the same results for the same seeds. Ctrl-C stops a run cleanly: the games already finished are
kept and the run is marked ``stopped``.
"""
from __future__ import annotations

import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.errors import MetatcgError
from ..engine.game import Game
from ..registry import GameEntry, game_entries, game_ids, load_game, register_game
from .runner import GameResult, play_game

BACKENDS = ("local", "ray")


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


# ------------------------------------------------------------------ worker processes
_worker_game: Game | None = None


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


def _start_worker(game: "Game | GameEntry") -> None:
    """A pool worker loads the game once and leaves Ctrl-C to the parent, which stops the run."""
    global _worker_game
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_game = receive(game)


def _play_chunk(jobs: list[Job]) -> list[GameResult]:
    assert _worker_game is not None
    return [play_job(_worker_game, j) for j in jobs]


def run_jobs(game: Game, jobs: list[Job], workers: int = 1, backend: str = "local",
             address: str | None = None, progress: Progress | None = None) -> Outcome:
    """Play every job on ``backend`` with ``workers`` processes (local) or CPUs (ray; 0 means
    all the cluster has). The results come back in job order whatever the backend."""
    import time

    if backend not in BACKENDS:
        raise MetatcgError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    t0 = time.perf_counter()
    done: dict[int, GameResult] = {}
    stopped = False
    try:
        if backend == "ray":
            from .ray_backend import run_on_ray
            run_on_ray(game, jobs, done, workers=workers, address=address, progress=progress)
        elif workers <= 1 or len(jobs) <= 1:
            for i, job in enumerate(jobs):
                done[i] = play_job(game, job)
                if progress:
                    progress(len(done))
        else:
            _run_pool(game, jobs, done, workers, progress)
    except KeyboardInterrupt:
        stopped = True
    order = sorted(done)
    return Outcome([done[i] for i in order], order, stopped, time.perf_counter() - t0)


def _run_pool(game: Game, jobs: list[Job], done: dict[int, GameResult], workers: int,
              progress: Progress | None) -> None:
    """Chunks of jobs in a process pool; on Ctrl-C the chunks not started are cancelled and
    the pool is left without waiting for the ones in play."""
    chunks = chunked(len(jobs), workers)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=_start_worker,
                               initargs=(portable(game),))
    try:
        pending: dict[Future[list[GameResult]], range] = {
            pool.submit(_play_chunk, [jobs[i] for i in r]): r for r in chunks}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                r = pending.pop(f)
                for i, res in zip(r, f.result()):
                    done[i] = res
            if progress:
                progress(len(done))
    except BaseException:
        workers_now = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in workers_now:       # games in play are dropped, not waited for
            proc.terminate()
        raise
    pool.shutdown()
