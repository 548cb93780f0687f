"""Where simulated games run: one game is a :class:`Job` (decks, bots, seed, options), and a
backend plays a list of jobs and gives back their results in job order.

``local`` plays them in this process (one worker) or in a process pool; ``ray`` sends them to
a Ray cluster (:mod:`.ray_backend`, the optional ``metatcg[ray]`` extra). Both send work as
chunks of consecutive jobs, and a job's result depends only on the job, so every backend gives
the same results for the same seeds. Ctrl-C stops a run cleanly: the games already finished are
kept and the run is marked ``stopped``.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Callable

from ..engine.errors import MetatcgError
from ..engine.game import Game
from ..registry import GameEntry
from . import ray_backend
from .play import GameResult
from .work import Job as Job, Outcome, Progress as Progress, chunked as chunked, play_job as play_job, portable, receive

BACKENDS = ("local", "ray")


# ------------------------------------------------------------------ worker processes
_worker_game: Game | None = None
_stop_asked = False        # this worker was asked to stop (SIGTERM from the parent)
_in_game = False           # a game is in play: stopping abandons it at once


class _StopGame(BaseException):
    """Raised inside a worker's game when the parent asks it to stop (not an Exception, so no
    handler in a game or bot can swallow it)."""


def _asked_to_stop(signum: int, frame: Any) -> None:
    """SIGTERM in a worker: abandon the game in play, if any, and play no more. The worker is
    never killed, so it cannot die halfway through sending a result (a half-sent message
    leaves the pool's reader, and with it the parent's exit, waiting for ever)."""
    global _stop_asked
    _stop_asked = True
    if _in_game:
        raise _StopGame


def _start_worker(game: "Game | GameEntry", parent: int) -> None:
    """A pool worker loads the game once, leaves Ctrl-C to the parent, stops when the parent
    sends SIGTERM (:func:`_asked_to_stop`), and leaves if the parent dies (:func:`_watch_parent`)."""
    global _worker_game
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _asked_to_stop)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="watch-parent").start()
    _worker_game = receive(game)


PARENT_CHECK = 1.0    # seconds between a worker's checks that its parent still lives


def _watch_parent(parent: int) -> None:
    """A worker whose parent was killed outright (SIGKILL, an out-of-memory kill) would wait for
    work for ever, or play out its chunk for nobody: it exits as soon as it notices."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _play_chunk(jobs: list[Job]) -> list[GameResult]:
    """The chunk's games in order; after a stop, only the ones finished before it."""
    global _in_game
    assert _worker_game is not None
    out: list[GameResult] = []
    try:
        for job in jobs:
            if _stop_asked:
                break
            _in_game = True
            result = play_job(_worker_game, job)
            _in_game = False
            out.append(result)
    except _StopGame:
        pass
    finally:
        _in_game = False
    return out


def run_jobs(game: Game, jobs: list[Job], workers: int = 1, backend: str = "local",
             address: str | None = None, progress: Progress | None = None) -> Outcome:
    """Play every job on ``backend`` with ``workers`` processes (local) or CPUs (ray; 0 means
    all the cluster has). The results come back in job order whatever the backend."""
    if backend not in BACKENDS:
        raise MetatcgError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    t0 = time.perf_counter()
    done: dict[int, GameResult] = {}
    stopped = False
    try:
        if backend == "ray":
            ray_backend.run_on_ray(game, jobs, done, workers=workers, address=address, progress=progress)
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


STOP_WAIT = 20.0      # seconds the workers get to hand back their games after a stop


def _run_pool(game: Game, jobs: list[Job], done: dict[int, GameResult], workers: int,
              progress: Progress | None) -> None:
    """Chunks of jobs in a process pool. On Ctrl-C the chunks not started are cancelled and
    each worker is asked to stop (SIGTERM, see :func:`_asked_to_stop`): it abandons its game
    in play and hands back the games of its chunk it already finished, which are kept."""
    chunks = chunked(len(jobs), workers)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=_start_worker,
                               initargs=(portable(game), os.getpid()))
    pending: dict[Future[list[GameResult]], range] = {}

    def collect(finished: set[Future[list[GameResult]]]) -> None:
        for f in finished:
            r = pending.pop(f)
            if not f.cancelled() and f.exception() is None:
                for i, res in zip(r, f.result()):
                    done[i] = res

    try:
        pending.update({pool.submit(_play_chunk, [jobs[i] for i in r]): r for r in chunks})
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                f.result()          # a worker's error stops the run and is raised here
            collect(finished)
            if progress:
                progress(len(done))
    except BaseException:
        _stop_pool(pool, pending, collect)
        raise
    pool.shutdown()


def _stop_pool(pool: ProcessPoolExecutor, pending: dict[Future[list[GameResult]], range],
               collect: Callable[[set[Future[list[GameResult]]]], None]) -> None:
    """Cancel what has not started, ask every worker to stop, keep what they hand back. A
    worker that does not answer in :data:`STOP_WAIT` seconds (or a second Ctrl-C) is killed."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for f in list(pending):            # cancelled here, not by shutdown(cancel_futures=True):
        if f.cancel():                 # wait() never counts a future cancelled that way as done
            del pending[f]
    pool.shutdown(wait=False)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    try:
        finished, _ = wait(pending, timeout=STOP_WAIT)
        collect(finished)
    except BaseException:
        pass
    if pending:
        for proc in processes:
            proc.kill()
