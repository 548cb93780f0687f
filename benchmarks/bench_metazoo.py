"""MetaZoo (four-lane edition) engine benchmarks: prints figures next to their targets (never
run by pytest).

Run from the project root:

    python benchmarks/bench_metazoo.py            # full run (about 40 s)
    python benchmarks/bench_metazoo.py --quick    # short run (a few seconds), rougher figures

Same structure as bench_metax.py, whose drivers it reuses (the tic-tac-toe baseline, the
random and greedy game loops and the per-second timer are imported from there, not copied):

* random-vs-random MetaZoo games over every ordered pair of starter decks:
  - "driver actions/s": calls to ``state.apply`` made by the benchmark loop;
  - "engine actions/s": ``state.actions_taken``, which also counts the decisions with a
    single option that the engine takes by itself;
  - games/s;
* greedy-vs-greedy games/s (the one-ply greedy bot of metatcg.bots);
* ``state.clone()`` per second on mid-game states (taken across the whole game, 20 to 180
  actions in);
* JSON round trips per second: ``state.to_json_text()`` (msgspec) + ``game.state_from_json(text)``,
  and the same with stdlib ``to_json`` + ``json.dumps`` + ``json.loads`` + ``state_from_json``;
* card-pool load time: ``CardPool.load_dir()`` of metatcg.games.metazoo with imports warm (best
  of several), and cold in a fresh interpreter (imports of metatcg and pydantic included);
* the baseline in the same run: bench_metax's random tic-tac-toe in plain Python, in moves/s;
  our driver actions/s are reported as a ratio to it.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # works from a checkout even if not installed
sys.path.insert(0, str(HERE))                 # bench_metax, whichever the working directory

import metatcg  # noqa: E402
from bench_metax import greedy_games, per_second, random_games, tictactoe  # noqa: E402
from metatcg.engine.rng import Rng  # noqa: E402
from metatcg.games.metazoo.cards import CardPool  # noqa: E402

TARGETS = {
    "random_actions": 10_000,   # driver actions/s
    "ratio": 0.08,              # driver actions/s ÷ tic-tac-toe moves/s
    "clone": 10_000,            # clones/s
}


def mid_game_states(game, n: int, seed: int = 1000) -> list:
    """States taken at actions 20, 60, 100, 140 and 180 of seeded random games (all deck
    pairs); MetaZoo games last about 200 driver actions."""
    pairs = list(itertools.product(game.starter_deck_names(), repeat=2))
    out = []
    k = 0
    stops = {20, 60, 100, 140, 180}
    while len(out) < n:
        a, b = pairs[k % len(pairs)]
        st = game.new_state([a, b], seed=seed + k)
        rng = Rng(seed + k)
        i = 0
        while not st.is_terminal() and len(out) < n:
            if i in stops:
                out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
            i += 1
        k += 1
    return out


def pool_load_warm(repeats: int) -> tuple[float, float]:
    CardPool.load_dir()  # warm file cache and imports
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        CardPool.load_dir()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


COLD = ("import time; t0 = time.perf_counter(); "
        "from metatcg.games.metazoo.cards import CardPool; t1 = time.perf_counter(); "
        "CardPool.load_dir(); t2 = time.perf_counter(); print(t1 - t0, t2 - t0)")


def pool_load_cold(repeats: int) -> tuple[float, float, float]:
    """(imports + load, of which imports, whole interpreter wall time), median of runs."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent / "src") + os.pathsep + env.get("PYTHONPATH", "")
    totals, imports, walls = [], [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, env=env, check=True)
        walls.append(time.perf_counter() - t0)
        imp, tot = (float(x) for x in out.stdout.split())
        imports.append(imp)
        totals.append(tot)
    return statistics.median(totals), statistics.median(imports), statistics.median(walls)


# --------------------------------------------------------------------------- report
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="MetaZoo (four-lane) engine benchmarks (figures vs targets)")
    ap.add_argument("--quick", action="store_true", help="short run (a few seconds): a tenth of the time budgets")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = ap.parse_args(argv)
    scale = 0.1 if args.quick else 1.0

    game = metatcg.load_game("metazoo")
    print(f"metatcg {metatcg.__version__} | Python {platform.python_version()} "
          f"({platform.python_implementation()}) | {platform.machine()} | {os.cpu_count()} CPUs"
          f"{' | --quick' if args.quick else ''}")

    # warm-up (imports, caches, deck files)
    random_games(game, 0.3)
    tictactoe(0.1)

    ttt_moves, ttt_games, ttt_s = tictactoe(5.0 * scale)
    drv, eng, n_rand, rand_s = random_games(game, 10.0 * scale)
    n_greedy, greedy_drv, greedy_s = greedy_games(game, 8.0 * scale)
    states = mid_game_states(game, 200)
    n_clone, clone_s = per_second(lambda s: s.clone(), states, 3.0 * scale)

    def round_trip(s):  # what the engine offers: JSON text via msgspec, back to a state
        game.state_from_json(s.to_json_text())

    def round_trip_stdlib(s):
        game.state_from_json(json.loads(json.dumps(s.to_json())))
    n_json, json_s = per_second(round_trip, states, 3.0 * scale)
    n_json_std, json_std_s = per_second(round_trip_stdlib, states, 2.0 * scale)
    # where a round trip spends its time (each part timed on its own)
    objs = [s.to_json() for s in states]
    texts = [s.to_json_text() for s in states]
    parts = {}
    for label, fn, items in (("to_json_text", lambda s: s.to_json_text(), states),
                             ("state_from_json(text)", game.state_from_json, texts)):
        n, secs = per_second(fn, items, 0.5 * scale)
        parts[label] = secs / n
    warm_best, warm_median = pool_load_warm(5 if args.quick else 20)
    cold_total, cold_imports, cold_wall = pool_load_cold(1 if args.quick else 3)

    f = {
        "ttt_moves_per_s": ttt_moves / ttt_s,
        "ttt_games_per_s": ttt_games / ttt_s,
        "random_driver_actions_per_s": drv / rand_s,
        "random_engine_actions_per_s": eng / rand_s,
        "random_games_per_s": n_rand / rand_s,
        "random_games": n_rand,
        "random_driver_actions_per_game": drv / n_rand,
        "random_engine_actions_per_game": eng / n_rand,
        "greedy_games_per_s": n_greedy / greedy_s,
        "greedy_games": n_greedy,
        "greedy_driver_actions_per_game": greedy_drv / n_greedy,
        "clone_per_s": n_clone / clone_s,
        "json_round_trip_per_s": n_json / json_s,
        "json_round_trip_stdlib_per_s": n_json_std / json_std_s,
        "json_part_us": {k: v * 1e6 for k, v in parts.items()},
        "json_state_kb": statistics.mean(len(t) for t in texts) / 1024,
        "json_state_stdlib_kb": statistics.mean(len(json.dumps(o)) for o in objs) / 1024,
        "pool_load_warm_s": warm_best,
        "pool_load_warm_median_s": warm_median,
        "pool_load_cold_s": cold_total,
        "pool_load_cold_imports_s": cold_imports,
        "pool_load_cold_interpreter_wall_s": cold_wall,
    }
    f["ratio_to_tictactoe"] = f["random_driver_actions_per_s"] / f["ttt_moves_per_s"]

    def ok(flag: bool) -> str:
        return "ok" if flag else "MISS"

    rows = [
        ("tic-tac-toe baseline, moves/s (plain Python, bench_metax)", f"{f['ttt_moves_per_s']:,.0f}", "", ""),
        ("MetaZoo random play, driver actions/s (state.apply calls)", f"{f['random_driver_actions_per_s']:,.0f}",
         f">= {TARGETS['random_actions']:,}", ok(f["random_driver_actions_per_s"] >= TARGETS["random_actions"])),
        ("  ratio to tic-tac-toe moves/s", f"{f['ratio_to_tictactoe']:.3f}",
         f">= {TARGETS['ratio']}", ok(f["ratio_to_tictactoe"] >= TARGETS["ratio"])),
        ("MetaZoo random play, engine actions/s (state.actions_taken)", f"{f['random_engine_actions_per_s']:,.0f}",
         "", ""),
        ("MetaZoo random play, games/s", f"{f['random_games_per_s']:,.1f}", "", ""),
        ("  per game: driver actions / engine actions",
         f"{f['random_driver_actions_per_game']:.1f} / {f['random_engine_actions_per_game']:.1f}", "", ""),
        ("MetaZoo greedy vs greedy, games/s", f"{f['greedy_games_per_s']:,.2f}", "", ""),
        ("  per game: driver actions", f"{f['greedy_driver_actions_per_game']:.1f}", "", ""),
        ("state.clone() per second (mid-game states)", f"{f['clone_per_s']:,.0f}",
         f">= {TARGETS['clone']:,}", ok(f["clone_per_s"] >= TARGETS["clone"])),
        ("JSON round trips per second (to_json_text + state_from_json)", f"{f['json_round_trip_per_s']:,.0f}",
         "", ""),
        ("  same with stdlib to_json/json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip, µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB (msgspec / stdlib)",
         f"{f['json_state_kb']:.1f} / {f['json_state_stdlib_kb']:.1f}", "", ""),
        ("card pool load, warm (best of runs), s", f"{f['pool_load_warm_s']:.4f}", "", ""),
        ("card pool load, cold (imports incl. pydantic + load), s", f"{f['pool_load_cold_s']:.3f}", "", ""),
        ("  of which imports, s", f"{f['pool_load_cold_imports_s']:.3f}", "", ""),
        ("  whole fresh interpreter, wall s", f"{f['pool_load_cold_interpreter_wall_s']:.3f}", "", ""),
    ]
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    w2 = max(len(r[2]) for r in rows)
    head = f"{'figure':<{w0}}  {'measured':>{w1}}  {'target':<{w2}}  status"
    print(head)
    print("-" * len(head))
    for name, val, target, status in rows:
        print(f"{name:<{w0}}  {val:>{w1}}  {target:<{w2}}  {status}")
    print(f"(random: {n_rand} games in {rand_s:.1f} s; greedy: {n_greedy} games in {greedy_s:.1f} s; "
          f"clone/JSON over {len(states)} mid-game states)")
    if args.json:
        Path(args.json).write_text(json.dumps(f, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
