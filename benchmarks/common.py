"""Measuring code shared by the engine benchmarks (bench_metax.py, bench_metazoo.py,
bench_metabaloids.py): the tic-tac-toe baseline, the random and greedy game loops (any number
of seats), mid-game state sampling, the per-second timer, JSON round trips, card-pool load
times and the report table.

All play is seeded; random choices come from metatcg.engine.rng.Rng, never from the
``random`` module. The scripts put ``src`` (and this folder) on ``sys.path`` before importing
this module, so it works from a checkout even if metatcg is not installed.
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

import metatcg
from metatcg.bots import GreedyBot
from metatcg.engine.rng import Rng

HERE = Path(__file__).resolve().parent


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


# --------------------------------------------------------------------------- game loops
def deck_lists(game, seats: int = 2) -> list[tuple[str, ...]]:
    """The deck lists the loops go through in turn: for 2 seats every ordered pair of starter
    decks (mirrors included); for more, one list per starter deck, each seat taking the next
    deck in turn (seat k of list i plays deck i + k)."""
    names = game.starter_deck_names()
    if seats == 2:
        return list(itertools.product(names, repeat=2))
    return [tuple(names[(i + k) % len(names)] for k in range(seats)) for i in range(len(names))]


def random_games(game, budget: float, seed: int = 0, log: bool = True, seats: int = 2):
    """Random games (every seat random), whole games only, for at least ``budget`` seconds
    (``log=False``: quiet mode, the same games without log text)."""
    pairs = deck_lists(game, seats)
    driver = engine = games = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while time.perf_counter() < deadline:
        st = game.new_state(list(pairs[games % len(pairs)]), seed=seed + games, log=log)
        rng = Rng(seed + games)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            driver += 1
        engine += st.actions_taken
        games += 1
    return driver, engine, games, time.perf_counter() - t0


def greedy_games(game, budget: float, seed: int = 0, min_games: int = 3, log: bool = True, seats: int = 2):
    """Greedy games (``GreedyBot`` in every seat, seat i seeded seats * game seed + i) for at
    least ``budget`` seconds and ``min_games`` games."""
    pairs = deck_lists(game, seats)
    games = driver = 0
    t0 = time.perf_counter()
    deadline = t0 + budget
    while time.perf_counter() < deadline or games < min_games:
        st = game.new_state(list(pairs[games % len(pairs)]), seed=seed + games, log=log)
        bots = [GreedyBot(seats * (seed + games) + i) for i in range(seats)]
        while not st.is_terminal():
            p = st.current_player()
            st.apply(bots[p].choose(st.handle(p)).id)
            driver += 1
        games += 1
    return games, driver, time.perf_counter() - t0


def mid_game_states(game, n: int, stops, seed: int = 1000, seats: int = 2) -> list:
    """Clones of the states at the driver-action indexes ``stops`` of seeded random games
    (all deck lists in turn), ``n`` in all."""
    pairs = deck_lists(game, seats)
    out = []
    k = 0
    while len(out) < n:
        st = game.new_state(list(pairs[k % len(pairs)]), seed=seed + k)
        rng = Rng(seed + k)
        i = 0
        while not st.is_terminal() and len(out) < n:
            if i in stops:
                out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
            i += 1
        k += 1
    return out


# --------------------------------------------------------------------------- timers
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


def part_times(parts, scale: float) -> dict[str, float]:
    """Seconds per call of each (label, fn, items), each timed on its own."""
    out = {}
    for label, fn, items in parts:
        n, secs = per_second(fn, items, 0.5 * scale)
        out[label] = secs / n
    return out


def pool_load_warm(pool_class, repeats: int) -> tuple[float, float]:
    """``pool_class.load_dir()`` (or ``pool_class()`` if it is a loading function) with imports
    and file cache warm: (best, median) seconds."""
    load = getattr(pool_class, "load_dir", pool_class)
    load()  # warm file cache and imports
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        load()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


COLD = ("import time; t0 = time.perf_counter(); "
        "from {module} import {name}; t1 = time.perf_counter(); "
        "{call}; t2 = time.perf_counter(); print(t1 - t0, t2 - t0)")


def pool_load_cold(module: str, repeats: int, name: str = "CardPool",
                   call: str = "CardPool.load_dir()") -> tuple[float, float, float]:
    """A fresh interpreter imports ``name`` from ``module`` and loads the pool with ``call``:
    (imports + load, of which imports, whole interpreter wall time), median of runs."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent / "src") + os.pathsep + env.get("PYTHONPATH", "")
    code = COLD.format(module=module, name=name, call=call)
    totals, imports, walls = [], [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        walls.append(time.perf_counter() - t0)
        imp, tot = (float(x) for x in out.stdout.split())
        imports.append(imp)
        totals.append(tot)
    return statistics.median(totals), statistics.median(imports), statistics.median(walls)


# --------------------------------------------------------------------------- one run
def parse_args(description: str, argv=None):
    """The benchmarks' command line: (args, time-budget scale)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--quick", action="store_true", help="short run (a few seconds): a tenth of the time budgets")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = ap.parse_args(argv)
    return args, 0.1 if args.quick else 1.0


def print_header(quick: bool) -> None:
    print(f"metatcg {metatcg.__version__} | Python {platform.python_version()} "
          f"({platform.python_implementation()}) | {platform.machine()} | {os.cpu_count()} CPUs"
          f"{' | --quick' if quick else ''}")


def measure_play(game, scale: float, warm_up: float, stops, seats: int = 2) -> dict:
    """The figures every game measures the same way, in this order: the tic-tac-toe baseline,
    random and greedy games at ``seats`` seats, clones and JSON round trips (msgspec text,
    stdlib) of 200 mid-game states taken at ``stops``. Returns the raw counts and the states."""
    random_games(game, warm_up, seats=seats)  # warm-up (imports, caches, deck files)
    tictactoe(0.1)

    m = {}
    m["ttt_moves"], m["ttt_games"], m["ttt_s"] = tictactoe(5.0 * scale)
    m["drv"], m["eng"], m["n_rand"], m["rand_s"] = random_games(game, 8.0 * scale, seats=seats)
    m["q_drv"], m["q_eng"], m["q_n_rand"], m["q_rand_s"] = random_games(game, 8.0 * scale, log=False, seats=seats)
    m["n_greedy"], m["greedy_drv"], m["greedy_s"] = greedy_games(game, 8.0 * scale, log=False, seats=seats)
    states = m["states"] = mid_game_states(game, 200, stops, seats=seats)
    m["n_clone"], m["clone_s"] = per_second(lambda s: s.clone(), states, 3.0 * scale)

    def round_trip(s):  # what the engine offers: JSON text via msgspec, back to a state
        game.state_from_json(s.to_json_text())

    def round_trip_stdlib(s):
        game.state_from_json(json.loads(json.dumps(s.to_json())))
    m["n_json"], m["json_s"] = per_second(round_trip, states, 3.0 * scale)
    m["n_json_std"], m["json_std_s"] = per_second(round_trip_stdlib, states, 2.0 * scale)
    return m


def play_figures(m: dict) -> dict:
    """Per-second and per-game figures of :func:`measure_play`'s counts (JSON key order kept)."""
    return {
        "ttt_moves_per_s": m["ttt_moves"] / m["ttt_s"],
        "ttt_games_per_s": m["ttt_games"] / m["ttt_s"],
        "random_driver_actions_per_s": m["drv"] / m["rand_s"],
        "random_engine_actions_per_s": m["eng"] / m["rand_s"],
        "random_games_per_s": m["n_rand"] / m["rand_s"],
        "quiet_random_driver_actions_per_s": m["q_drv"] / m["q_rand_s"],
        "quiet_random_games_per_s": m["q_n_rand"] / m["q_rand_s"],
        "random_games": m["n_rand"],
        "random_driver_actions_per_game": m["drv"] / m["n_rand"],
        "random_engine_actions_per_game": m["eng"] / m["n_rand"],
        "greedy_games_per_s": m["n_greedy"] / m["greedy_s"],
        "greedy_games": m["n_greedy"],
        "greedy_driver_actions_per_game": m["greedy_drv"] / m["n_greedy"],
        "clone_per_s": m["n_clone"] / m["clone_s"],
        "json_round_trip_per_s": m["n_json"] / m["json_s"],
        "json_round_trip_stdlib_per_s": m["n_json_std"] / m["json_std_s"],
    }


def pool_figures(pool_class, module: str, quick: bool, name: str = "CardPool",
                 call: str = "CardPool.load_dir()") -> dict:
    """Warm and cold card-pool load times (see :func:`pool_load_warm`, :func:`pool_load_cold`)."""
    warm_best, warm_median = pool_load_warm(pool_class, 5 if quick else 20)
    cold_total, cold_imports, cold_wall = pool_load_cold(module, 1 if quick else 3, name, call)
    return {
        "pool_load_warm_s": warm_best,
        "pool_load_warm_median_s": warm_median,
        "pool_load_cold_s": cold_total,
        "pool_load_cold_imports_s": cold_imports,
        "pool_load_cold_interpreter_wall_s": cold_wall,
    }


# --------------------------------------------------------------------------- report
def ok(flag: bool) -> str:
    return "ok" if flag else "MISS"


def at_least(value: float, target, fmt: str = ",") -> tuple[str, str]:
    """(target text, status) of a figure that should reach ``target`` (None: no target)."""
    if target is None:
        return "", ""
    return f">= {target:{fmt}}", ok(value >= target)


def play_rows(f: dict, title: str, targets: dict, ttt_label: str) -> list[tuple[str, str, str, str]]:
    """Table rows of :func:`play_figures` (``title``: the game's name; ``targets``: the
    random_actions, quiet_ratio and clone targets, each optional)."""
    return [
        (ttt_label, f"{f['ttt_moves_per_s']:,.0f}", "", ""),
        (f"{title} random play, driver actions/s (state.apply calls)", f"{f['random_driver_actions_per_s']:,.0f}",
         *at_least(f["random_driver_actions_per_s"], targets.get("random_actions"))),
        ("  ratio to tic-tac-toe moves/s", f"{f['ratio_to_tictactoe']:.3f}", "", ""),
        (f"{title} random play, quiet mode (log=False), driver actions/s",
         f"{f['quiet_random_driver_actions_per_s']:,.0f}", "", ""),
        ("  ratio to tic-tac-toe moves/s", f"{f['quiet_ratio_to_tictactoe']:.3f}",
         *at_least(f["quiet_ratio_to_tictactoe"], targets.get("quiet_ratio"), "")),
        (f"{title} random play, engine actions/s (state.actions_taken)", f"{f['random_engine_actions_per_s']:,.0f}",
         "", ""),
        (f"{title} random play, games/s", f"{f['random_games_per_s']:,.1f}", "", ""),
        ("  per game: driver actions / engine actions",
         f"{f['random_driver_actions_per_game']:.1f} / {f['random_engine_actions_per_game']:.1f}", "", ""),
        (f"{title} greedy vs greedy (quiet, as the simulator plays), games/s", f"{f['greedy_games_per_s']:,.2f}",
         "", ""),
        ("  per game: driver actions", f"{f['greedy_driver_actions_per_game']:.1f}", "", ""),
        ("state.clone() per second (mid-game states)", f"{f['clone_per_s']:,.0f}",
         *at_least(f["clone_per_s"], targets.get("clone"))),
    ]


def pool_rows(f: dict, warm_target: float | None = None) -> list[tuple[str, str, str, str]]:
    """Table rows of :func:`pool_figures` (the warm load against ``warm_target`` if given)."""
    warm = f["pool_load_warm_s"]
    return [
        ("card pool load, warm (best of runs), s", f"{warm:.4f}",
         "" if warm_target is None else f"< {warm_target}", "" if warm_target is None else ok(warm < warm_target)),
        ("card pool load, cold (imports incl. pydantic + load), s", f"{f['pool_load_cold_s']:.3f}", "", ""),
        ("  of which imports, s", f"{f['pool_load_cold_imports_s']:.3f}", "", ""),
        ("  whole fresh interpreter, wall s", f"{f['pool_load_cold_interpreter_wall_s']:.3f}", "", ""),
    ]


def run_sizes(m: dict) -> str:
    """The sizes of a :func:`measure_play` run, in words."""
    return (f"random: {m['n_rand']} games in {m['rand_s']:.1f} s; greedy: {m['n_greedy']} games in "
            f"{m['greedy_s']:.1f} s; clone/JSON over {len(m['states'])} mid-game states")


def print_report(rows, m, figures: dict, json_path: str | None) -> None:
    """The table (figure, measured, target, status), the run's sizes (``m``: one
    :func:`measure_play` result, or a dict of them by label), and the figures as JSON to
    ``json_path`` if given."""
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    w2 = max(len(r[2]) for r in rows)
    head = f"{'figure':<{w0}}  {'measured':>{w1}}  {'target':<{w2}}  status"
    print(head)
    print("-" * len(head))
    for name, val, target, status in rows:
        print(f"{name:<{w0}}  {val:>{w1}}  {target:<{w2}}  {status}")
    if "n_rand" in m:
        print(f"({run_sizes(m)})")
    else:
        for label, one in m.items():
            print(f"({label}: {run_sizes(one)})")
    if json_path:
        Path(json_path).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


# ----------------------------------------------------------------- one game at several table sizes
def measure_seats(game, title: str, targets: dict, stops, seats: int, scale: float) -> tuple[dict, dict, list]:
    """Random/greedy play, clones and JSON round trips of one game at one table size:
    (raw counts, figures, table rows). ``title`` names the game in the rows."""
    m = measure_play(game, scale, warm_up=0.3, stops=stops, seats=seats)
    states = m["states"]
    objs = [s.to_json() for s in states]
    texts = [s.to_json_text() for s in states]
    parts = part_times((("to_json_text", lambda s: s.to_json_text(), states),
                        ("state_from_json(text)", game.state_from_json, texts)), scale)
    f = play_figures(m)
    f["json_part_us"] = {k: v * 1e6 for k, v in parts.items()}
    f["json_state_kb"] = statistics.mean(len(t) for t in texts) / 1024
    f["json_state_stdlib_kb"] = statistics.mean(len(json.dumps(o)) for o in objs) / 1024
    f["ratio_to_tictactoe"] = f["random_driver_actions_per_s"] / f["ttt_moves_per_s"]
    f["quiet_ratio_to_tictactoe"] = f["quiet_random_driver_actions_per_s"] / f["ttt_moves_per_s"]
    rows = [(f"== {seats} seats ==", "", "", "")]
    rows += play_rows(f, f"{title} {seats}p", targets, "tic-tac-toe baseline, moves/s (plain Python, same process)") + [
        ("JSON round trips per second (to_json_text + state_from_json)", f"{f['json_round_trip_per_s']:,.0f}",
         "", ""),
        ("  same with stdlib to_json/json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip, µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB (msgspec / stdlib)",
         f"{f['json_state_kb']:.1f} / {f['json_state_stdlib_kb']:.1f}", "", ""),
    ]
    return m, f, rows


def seats_main(game_id: str, title: str, load_pool, pool_module: str, targets: dict, stops,
               seat_counts, description: str, argv=None) -> int:
    """The whole report of a game measured at each of ``seat_counts`` plus its card-pool load."""
    args, scale = parse_args(description, argv)
    game = metatcg.load_game(game_id)
    print_header(args.quick)
    runs, figures, rows = {}, {}, []
    for seats in seat_counts:
        m, f, r = measure_seats(game, title, targets, stops, seats, scale)
        runs[f"{seats} seats"] = m
        figures[f"seats_{seats}"] = f
        rows += r
    pool = pool_figures(load_pool, pool_module, args.quick, name="load_pool", call="load_pool()")
    figures.update(pool)
    rows += [("== card pool ==", "", "", "")] + pool_rows(pool)
    print_report(rows, runs, figures, args.json)
    return 0
