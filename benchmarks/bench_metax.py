"""MetaX engine benchmarks: prints figures next to their targets (never run by pytest).

Run from the project root:

    python benchmarks/bench_metax.py            # full run (about 40 s)
    python benchmarks/bench_metax.py --quick    # short run (a few seconds), rougher figures

What is measured (all play is seeded; random choices come from metatcg.engine.rng.Rng,
never from the ``random`` module):

* random-vs-random MetaX games over every ordered pair of starter decks:
  - "driver actions/s": calls to ``state.apply`` made by the benchmark loop;
  - "engine actions/s": ``state.actions_taken``, which also counts the decisions with a
    single option that the engine takes by itself;
  - games/s;
* greedy-vs-greedy games/s (the one-ply greedy bot of metatcg.bots);
* ``state.clone()`` per second on mid-game states;
* JSON round trips per second: ``state.to_json_text()`` (msgspec) + ``game.state_from_json(text)``,
  and the same with stdlib ``to_json`` + ``json.dumps`` + ``json.loads`` + ``state_from_json``;
* card-pool load time: ``CardPool.load_dir()`` with imports warm (best of several), and cold
  in a fresh interpreter (imports of metatcg and pydantic included);
* a baseline in the same run: random tic-tac-toe in plain Python (list board, random legal
  moves, win check; no engine), in moves/s; our driver actions/s are reported as a ratio.
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

import metatcg  # noqa: E402
from metatcg.bots import GreedyBot  # noqa: E402
from metatcg.engine.rng import Rng  # noqa: E402
from metatcg.games.metax.cards import CardPool  # noqa: E402

TARGETS = {
    "random_actions": 30_000,   # driver actions/s
    "ratio": 0.25,              # driver actions/s ÷ tic-tac-toe moves/s
    "clone": 20_000,            # clones/s
    "json": 5_000,              # JSON round trips/s
    "pool_load": 0.2,           # seconds (warm)
}


# --------------------------------------------------------------------------- baseline
WIN_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def tictactoe(budget: float, seed: int = 1) -> tuple[int, int, float]:
    """Random tic-tac-toe games for ``budget`` seconds: (moves, games, seconds)."""
    rng = Rng(seed)
    moves = games = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while True:
        for _ in range(200):
            board = [0] * 9
            player = 1
            while True:
                legal = [i for i in range(9) if board[i] == 0]
                if not legal:
                    break  # draw
                board[rng.choice(legal)] = player
                moves += 1
                if any(board[a] == board[b] == board[c] == player for a, b, c in WIN_LINES):
                    break
                player = 3 - player
            games += 1
        if time.perf_counter() >= deadline:
            break
    return moves, games, time.perf_counter() - t0


# --------------------------------------------------------------------------- MetaX
def random_games(game, budget: float, seed: int = 0):
    """Random-vs-random games, whole games only, for at least ``budget`` seconds."""
    pairs = list(itertools.product(game.starter_deck_names(), repeat=2))
    driver = engine = games = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while time.perf_counter() < deadline:
        a, b = pairs[games % len(pairs)]
        st = game.new_state([a, b], seed=seed + games)
        rng = Rng(seed + games)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            driver += 1
        engine += st.actions_taken
        games += 1
    return driver, engine, games, time.perf_counter() - t0


def greedy_games(game, budget: float, seed: int = 0, min_games: int = 3):
    pairs = list(itertools.product(game.starter_deck_names(), repeat=2))
    games = driver = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while time.perf_counter() < deadline or games < min_games:
        a, b = pairs[games % len(pairs)]
        st = game.new_state([a, b], seed=seed + games)
        bots = [GreedyBot(2 * (seed + games)), GreedyBot(2 * (seed + games) + 1)]
        while not st.is_terminal():
            p = st.current_player()
            st.apply(bots[p].choose(st, p).id)
            driver += 1
        games += 1
    return games, driver, time.perf_counter() - t0


def mid_game_states(game, n: int, seed: int = 1000) -> list:
    """States taken at action 20..80 of seeded random games (all deck pairs)."""
    pairs = list(itertools.product(game.starter_deck_names(), repeat=2))
    out = []
    k = 0
    while len(out) < n:
        a, b = pairs[k % len(pairs)]
        st = game.new_state([a, b], seed=seed + k)
        rng = Rng(seed + k)
        stops = {20, 35, 50, 65, 80}
        i = 0
        while not st.is_terminal() and len(out) < n:
            if i in stops:
                out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
            i += 1
        k += 1
    return out


def per_second(fn, states: list, budget: float) -> tuple[int, float]:
    count = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while True:
        for s in states:
            fn(s)
        count += len(states)
        if time.perf_counter() >= deadline:
            break
    return count, time.perf_counter() - t0


def pool_load_warm(repeats: int) -> float:
    CardPool.load_dir()  # warm file cache and imports
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        CardPool.load_dir()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


COLD = ("import time; t0 = time.perf_counter(); "
        "from metatcg.games.metax.cards import CardPool; t1 = time.perf_counter(); "
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
    ap = argparse.ArgumentParser(description="MetaX engine benchmarks (figures vs targets)")
    ap.add_argument("--quick", action="store_true", help="short run (a few seconds): a tenth of the time budgets")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = ap.parse_args(argv)
    scale = 0.1 if args.quick else 1.0

    game = metatcg.load_game("metax")
    print(f"metatcg {metatcg.__version__} | Python {platform.python_version()} "
          f"({platform.python_implementation()}) | {platform.machine()} | {os.cpu_count()} CPUs"
          f"{' | --quick' if args.quick else ''}")

    # warm-up (imports, caches, deck files)
    random_games(game, 0.2)
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
    texts = [json.dumps(o) for o in objs]
    loaded = [json.loads(t) for t in texts]
    parts = {}
    for label, fn, items in (("to_json", lambda s: s.to_json(), states),
                             ("json.dumps", json.dumps, objs),
                             ("json.loads", json.loads, texts),
                             ("state_from_json", game.state_from_json, loaded)):
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
        ("tic-tac-toe baseline, moves/s (plain Python)", f"{f['ttt_moves_per_s']:,.0f}", "", ""),
        ("MetaX random play, driver actions/s (state.apply calls)", f"{f['random_driver_actions_per_s']:,.0f}",
         f">= {TARGETS['random_actions']:,}", ok(f["random_driver_actions_per_s"] >= TARGETS["random_actions"])),
        ("  ratio to tic-tac-toe moves/s", f"{f['ratio_to_tictactoe']:.3f}",
         f">= {TARGETS['ratio']}", ok(f["ratio_to_tictactoe"] >= TARGETS["ratio"])),
        ("MetaX random play, engine actions/s (state.actions_taken)", f"{f['random_engine_actions_per_s']:,.0f}",
         "", ""),
        ("MetaX random play, games/s", f"{f['random_games_per_s']:,.1f}", "", ""),
        ("  per game: driver actions / engine actions",
         f"{f['random_driver_actions_per_game']:.1f} / {f['random_engine_actions_per_game']:.1f}", "", ""),
        ("MetaX greedy vs greedy, games/s", f"{f['greedy_games_per_s']:,.2f}", "", ""),
        ("  per game: driver actions", f"{f['greedy_driver_actions_per_game']:.1f}", "", ""),
        ("state.clone() per second (mid-game states)", f"{f['clone_per_s']:,.0f}",
         f">= {TARGETS['clone']:,}", ok(f["clone_per_s"] >= TARGETS["clone"])),
        ("JSON round trips per second", f"{f['json_round_trip_per_s']:,.0f}",
         f">= {TARGETS['json']:,}", ok(f["json_round_trip_per_s"] >= TARGETS["json"])),
        ("  same with stdlib json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip (stdlib), µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB", f"{f['json_state_kb']:.1f}", "", ""),
        ("card pool load, warm (best of runs), s", f"{f['pool_load_warm_s']:.4f}",
         f"< {TARGETS['pool_load']}", ok(f["pool_load_warm_s"] < TARGETS["pool_load"])),
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
