"""The Ray backend of :func:`~metatcg.sim.jobs.run_jobs` (the optional ``metatcg[ray]`` extra):
chunks of consecutive jobs run as Ray tasks, on a local Ray instance started for the run or on
an existing cluster (``address``). How to run it on a real cluster: ``docs/ray.md``.

A job's result depends only on the job, so the results equal the local backend's for the same
seeds. The game goes to the workers as its registry entry (:func:`~metatcg.sim.work.portable`),
and each Ray worker process loads the card pool once and keeps it (``_worker_game``).

``workers`` is the number of CPUs the run uses: a local instance is started with that many
(0: all of this machine's), and on an existing cluster at most that many chunks run at once
(0: as many as the cluster has CPUs). Ctrl-C cancels the chunks not finished (their worker
processes are killed) and keeps the finished games.
"""
from __future__ import annotations

import ipaddress
import logging
import socket
from typing import Any

from ..engine.errors import MetatcgError
from ..engine.game import Game
from ..registry import GameEntry
from .play import GameResult
from .work import Job, Progress, chunked, play_job, portable, receive

INSTALL = "pip install 'metatcg[ray]'"
CONNECT_TIMEOUT = 5.0          # seconds to reach a cluster's address before Ray is asked to join it
DEFAULT_CLIENT_PORT = 10001    # the Ray Client server's port (ray://HOST)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MetatcgError(f"the ray backend needs Ray, which is not installed: {INSTALL}") from None
    return ray


# ------------------------------------------------------------------ in the Ray worker processes
_worker_game: tuple[Any, Game] | None = None     # (what was sent, the game it gave) of this process


def _play_chunk(sent: Any, jobs: list[Job]) -> list[GameResult]:
    """A Ray task: play ``jobs`` in order. ``sent`` is a registry entry, or ``[ref]`` of a game
    object put in the object store; either way the game is loaded once per worker process."""
    global _worker_game
    key = sent if isinstance(sent, GameEntry) else sent[0].hex()
    if _worker_game is None or _worker_game[0] != key:
        if isinstance(sent, GameEntry):
            game = receive(sent)
        else:
            import ray
            game = receive(ray.get(sent[0]))
        _worker_game = (key, game)
    game = _worker_game[1]
    return [play_job(game, job) for job in jobs]


_remote: Any = None


def _remote_chunk(ray: Any) -> Any:
    global _remote
    if _remote is None:
        _remote = ray.remote(num_cpus=1)(_play_chunk)
    return _remote


# ------------------------------------------------------------------ connecting
def _split_address(address: str) -> tuple[str, int]:
    """(host, port) of ``HOST:PORT`` or ``ray://HOST[:PORT]``."""
    client = address.startswith("ray://")
    rest = address[len("ray://"):] if client else address
    host, sep, port = rest.rpartition(":")
    if not sep and client:
        host, port = rest, str(DEFAULT_CLIENT_PORT)
    host = host.strip("[]")           # [::1]:6379
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise MetatcgError(f"{address!r} is no Ray cluster address: give the head node's HOST:PORT "
                           f"(e.g. 10.0.0.5:6379, as `ray start --head --port=6379` prints), "
                           f"ray://HOST:10001 for Ray Client, or auto for a cluster started on this machine")
    return host, int(port)


def _check_reachable(address: str) -> None:
    """Fail fast (Ray itself waits minutes and then exits the process) when nothing listens at
    ``address``."""
    host, port = _split_address(address)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise MetatcgError(f"no Ray cluster answers at {address}: {why}. Start one with "
                           f"`ray start --head --port={port}` on that machine, or leave --address "
                           f"out to run on a local Ray instance") from None


def _same_node(address: str, connected: str | None) -> bool:
    """Whether ``address`` names the cluster this process is connected to (``connected``: its
    GCS address, IP:PORT)."""
    if not connected or address.startswith("ray://"):
        return True                   # nothing to compare against: trust the caller
    host, port = _split_address(address)
    c_host, _, c_port = connected.rpartition(":")
    if str(port) != c_port:
        return False
    try:
        ip = ipaddress.ip_address(socket.gethostbyname(host))
    except (OSError, ValueError):
        return False
    return ip.is_loopback or str(ip) == c_host.strip("[]")


def connect(workers: int = 1, address: str | None = None) -> float:
    """Make sure this process is connected to Ray and return the cluster's CPUs: an instance
    already running in this process is reused; else ``address`` is joined (``auto``: a cluster
    started on this machine), or a local instance is started with ``workers`` CPUs (0: all)."""
    ray = _import_ray()
    cluster = address not in (None, "", "local")
    if cluster and address != "auto":
        _check_reachable(str(address))
    if ray.is_initialized():
        if cluster and address != "auto":
            try:
                gcs = ray.get_runtime_context().gcs_address
            except Exception:                # Ray Client, or an older Ray: nothing to compare
                gcs = None
            if not _same_node(str(address), gcs):
                raise MetatcgError(f"this process is already connected to the Ray cluster at {gcs}, "
                                   f"not {address}; call ray.shutdown() first to use another one")
        return _cpus(ray)
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False, "ignore_reinit_error": True}
    try:
        if cluster:
            ray.init(address=address, **quiet)
        else:
            ray.init(address="local", include_dashboard=False,
                     **({"num_cpus": workers} if workers >= 1 else {}), **quiet)
    except (Exception, SystemExit) as e:     # Ray exits the process when it gives up on a GCS
        if cluster:
            raise MetatcgError(f"could not join the Ray cluster at {address}: {type(e).__name__}: {e}. "
                               f"Is the same Ray version installed here as on the cluster, and if the "
                               f"cluster uses token authentication, is RAY_AUTH_MODE=token set here with "
                               f"its token (docs/ray.md)?") from None
        raise MetatcgError(f"could not start a local Ray instance: {type(e).__name__}: {e}") from None
    return _cpus(ray)


def _cpus(ray: Any) -> float:
    try:
        return float(ray.cluster_resources().get("CPU", 0))
    except Exception:                        # not known yet: 0, and the run goes by --workers
        return 0.0


# ------------------------------------------------------------------ the run
def run_on_ray(game: Game, jobs: list[Job], done: dict[int, GameResult], workers: int = 1,
               address: str | None = None, progress: Progress | None = None) -> None:
    """Play ``jobs`` as Ray tasks of consecutive chunks and put each result in ``done`` under its
    job index as its chunk finishes (``progress(len(done))`` after each chunk). At most
    ``workers`` chunks run at once (0: one per CPU of the cluster); while the cluster has no
    more CPUs than that, as many again wait queued so no CPU idles between chunks. On Ctrl-C
    (or any error) the unfinished chunks are cancelled and the exception goes on."""
    if not jobs:
        return
    ray = _import_ray()
    cpus = connect(workers, address)
    width = workers if workers >= 1 else max(1, int(cpus))
    in_flight = width if cpus > width else 2 * width
    chunks = chunked(len(jobs), width)
    sent: Any = portable(game)
    if not isinstance(sent, GameEntry):      # a game object: stored once, fetched once per worker
        sent = [ray.put(sent)]
    remote = _remote_chunk(ray)
    pending: dict[Any, range] = {}
    todo = iter(chunks)
    try:
        while True:
            while len(pending) < in_flight:
                r = next(todo, None)
                if r is None:
                    break
                pending[remote.remote(sent, [jobs[i] for i in r])] = r
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                r = pending.pop(ref)
                for i, res in zip(r, ray.get(ref)):
                    done[i] = res
            if progress:
                progress(len(done))
    except BaseException:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:                # already finished or gone
                pass
        raise
