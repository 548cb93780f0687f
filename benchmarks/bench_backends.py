"""Backends (issue 12): Ray's overhead per task, and the speed-up from 1 to 2 workers of the local
process pool and of Ray on the same jobs, beside the tic-tac-toe reference.

    python benchmarks/bench_backends.py                          # 2,000 MetaX random-vs-random games
    python benchmarks/bench_backends.py --bots greedy greedy --games 200 --repeat 1   # about 2 min
    python benchmarks/bench_backends.py --quick                  # 200 games, rougher figures
    python benchmarks/bench_backends.py --address HEAD:6379      # Ray on a running cluster

Overhead: the round trip of an empty Ray task (one at a time, and per task when 1,000 are
submitted at once), and a one-game chunk sent to Ray against the same game played in this
process. Speed-up: ``run_jobs`` on one job list with the local backend (1 worker: in this
process; 2: a process pool, started inside the timing as ``simulate`` starts it) and with Ray (a
local instance with 2 CPUs, started once before the timings and warmed up; 1 worker: one chunk
at a time). Each figure is the best of ``--repeat`` runs (the four runs take turns); every run
must give the same games. The CPUs this session really gets are measured before and after (on a
shared machine they cap the 2-worker runs). Nothing is asserted on the timings.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_header, tictactoe  # noqa: E402

import metatcg  # noqa: E402
from metatcg.sim import ray_backend  # noqa: E402
from metatcg.sim.jobs import Job, play_job, portable, run_jobs  # noqa: E402


def noop() -> None:
    return None


def _spin(until: float) -> None:
    while time.time() < until:
        pass


def cpu_share(seconds: float = 1.0, procs: int = 2) -> float:
    """CPUs this session gets now: ``procs`` busy processes for ``seconds``, their CPU time over
    the wall time. On a machine shared with other work (with the kernel's autogroup scheduling,
    CPU is shared per session) this is the ceiling of the 2-worker runs, whatever the backend."""
    import multiprocessing

    before = os.times()
    t = time.perf_counter()
    ps = [multiprocessing.Process(target=_spin, args=(time.time() + seconds,)) for _ in range(procs)]
    for p in ps:
        p.start()
    for p in ps:
        p.join()
    wall = time.perf_counter() - t
    after = os.times()
    used = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return used / wall


def round_trips(ray, remote, args_of, n: int) -> list[float]:
    """Seconds of ``n`` sequential ``ray.get(remote.remote(*args_of(i)))`` calls."""
    out = []
    for i in range(n):
        t = time.perf_counter()
        ray.get(remote.remote(*args_of(i)))
        out.append(time.perf_counter() - t)
    return out


def timed_runs(game, jobs, address: str | None, repeat: int) -> dict:
    """{(backend, workers): (best seconds, the results)} of ``run_jobs``; the four runs take
    turns ``repeat`` times, so a change in the machine's load touches them alike."""
    runs: dict = {}
    for _ in range(repeat):
        for backend in ("local", "ray"):
            for workers in (1, 2):
                out = run_jobs(game, jobs, workers=workers, backend=backend,
                               address=address if backend == "ray" else None)
                best = min(out.seconds, runs.get((backend, workers), (float("inf"),))[0])
                runs[backend, workers] = (best, [asdict(r) for r in out.results])
    return runs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="metax")
    ap.add_argument("--bots", nargs="+", default=["random", "random"])
    ap.add_argument("--games", type=int, default=2000, help="games per speed-up run (default 2,000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each speed-up figure; the best counts")
    ap.add_argument("--address", help="a running Ray cluster (default: a local instance with 2 CPUs)")
    ap.add_argument("--quick", action="store_true", help="200 games, 1 repeat, fewer round trips")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    n_games, repeat, trips = (200, 1, 50) if args.quick else (args.games, args.repeat, 300)

    import ray

    game = metatcg.load_game(args.game)
    names = game.starter_deck_names()
    decks = tuple(names[i % len(names)] for i in range(len(args.bots)))
    jobs = [Job(decks, tuple(args.bots), seed) for seed in range(n_games)]
    print_header(args.quick)
    f: dict = {"game": args.game, "bots": args.bots, "decks": list(decks), "games": n_games}

    # -------------------------------------------------------------- reference and start-up
    tictactoe(0.1)
    moves, _, secs = tictactoe(1.0 if args.quick else 3.0)
    f["ttt_moves_per_s"] = ttt = moves / secs
    t = time.perf_counter()
    f["ray_cpus"] = ray_backend.connect(workers=2, address=args.address)
    f["ray_start_s"] = time.perf_counter() - t
    where = f"cluster at {args.address}" if args.address else "local instance"

    # -------------------------------------------------------------- overhead per task
    empty = ray.remote(num_cpus=1)(noop)
    round_trips(ray, empty, lambda i: (), 20)                      # worker processes up
    empty_trip = statistics.median(round_trips(ray, empty, lambda i: (), trips))
    t = time.perf_counter()
    ray.get([empty.remote() for _ in range(1000)])
    empty_bulk = (time.perf_counter() - t) / 1000

    chunk = ray_backend._remote_chunk(ray)
    sent = portable(game)
    one = [Job(decks, tuple(args.bots), 10_000 + i) for i in range(trips // 5)]
    round_trips(ray, chunk, lambda i: (sent, [one[i]]), min(len(one), 10))   # game loaded in each worker
    remote_game = statistics.median(round_trips(ray, chunk, lambda i: (sent, [one[i]]), len(one)))
    local_game = []
    for job in one:
        t = time.perf_counter()
        play_job(game, job)
        local_game.append(time.perf_counter() - t)
    in_process = statistics.median(local_game)
    f.update(empty_task_round_trip_ms=empty_trip * 1e3, empty_task_bulk_us=empty_bulk * 1e6,
             one_game_chunk_ms=remote_game * 1e3, one_game_in_process_ms=in_process * 1e3,
             overhead_per_chunk_ms=(remote_game - in_process) * 1e3)

    # -------------------------------------------------------------- speed-up 1 -> 2 workers
    run_jobs(game, jobs[:20], workers=2, backend="ray", address=args.address)     # warm-up
    t = time.perf_counter()
    run_jobs(game, jobs[:2], workers=2)
    f["process_pool_start_s"] = time.perf_counter() - t
    share = [cpu_share()]
    runs = timed_runs(game, jobs, args.address, repeat)
    reference = runs["local", 1][1]
    same = all(r[1] == reference for r in runs.values())
    actions = sum(r["actions"] for r in reference)
    share.append(cpu_share())
    f["cpus_available_before_after"] = share
    f["same_results"] = same
    f["runs"] = {f"{b}_{w}": {"seconds": s, "games_per_s": n_games / s, "engine_actions_per_s": actions / s}
                 for (b, w), (s, _) in runs.items()}
    for b in ("local", "ray"):
        f[f"{b}_speedup_1_to_2"] = runs[b, 1][0] / runs[b, 2][0]

    # -------------------------------------------------------------- report
    print(f"{args.game}, {' vs '.join(args.bots)}, decks {' / '.join(decks)}; Ray {ray.__version__} "
          f"({where}, {f['ray_cpus']:.0f} CPUs)")
    print(f"tic-tac-toe reference (plain Python, this process): {ttt:,.0f} moves/s")
    print(f"Ray start (connect, 2 CPUs): {f['ray_start_s']:.2f} s, once per process")
    f["load_average"] = load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; CPUs this session got "
          f"(2 busy processes, before / after the speed-up runs): {share[0]:.2f} / {share[1]:.2f} of 2")
    print()
    print("Ray overhead per task")
    w = 44
    print(f"  {'empty task, round trip (one at a time)':{w}} {empty_trip * 1e3:8.2f} ms")
    print(f"  {'empty task, 1,000 submitted at once':{w}} {empty_bulk * 1e6:8.0f} µs per task")
    print(f"  {'one-game chunk on Ray, round trip':{w}} {remote_game * 1e3:8.2f} ms")
    print(f"  {'the same game played in this process':{w}} {in_process * 1e3:8.2f} ms")
    print(f"  {'overhead of a one-game chunk':{w}} {(remote_game - in_process) * 1e3:8.2f} ms"
          f"  ({remote_game / in_process:.2f}x the game)")
    print()
    print(f"Speed-up, {n_games} games (best of {repeat}); engine actions per game "
          f"{actions / n_games:.1f}; same games on every backend: {'yes' if same else 'NO'}")
    head = (f"  {'backend':8} {'workers':>7} {'seconds':>8} {'games/s':>8} {'speed-up':>8} "
            f"{'engine actions/s':>16} {'÷ ttt moves/s':>13}")
    print(head)
    print("  " + "-" * (len(head) - 2))
    for (b, wk), (s, _) in runs.items():
        up = runs[b, 1][0] / s
        print(f"  {b:8} {wk:7} {s:8.2f} {n_games / s:8.1f} {up:7.2f}x {actions / s:16,.0f} {actions / s / ttt:13.4f}")
    print(f"  (local 1 = in this process; local 2 = a process pool, its start included: "
          f"{f['process_pool_start_s'] * 1e3:.0f} ms for 2 processes and 2 games; ray = the running instance)")
    if args.json:
        Path(args.json).write_text(json.dumps(f, indent=2) + "\n", encoding="utf-8")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
