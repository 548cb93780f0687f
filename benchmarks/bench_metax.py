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

The measuring code (game loops, timers, table) is benchmarks/common.py, shared with
bench_metazoo.py.
"""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # works from a checkout even if not installed
sys.path.insert(0, str(HERE))                 # common.py, whichever the working directory

import metatcg  # noqa: E402
from common import (measure_play, ok, parse_args, part_times, play_figures, play_rows,  # noqa: E402
                    pool_figures, pool_rows, print_header, print_report)
from metatcg.games.metax.cards import CardPool  # noqa: E402

TARGETS = {
    "random_actions": 30_000,   # driver actions/s
    "quiet_ratio": 0.09,        # quiet-mode driver actions/s ÷ tic-tac-toe moves/s (issue 6)
    "clone": 20_000,            # clones/s
    "json": 5_000,              # JSON round trips/s
    "pool_load": 0.2,           # seconds (warm)
}
STOPS = {20, 35, 50, 65, 80}    # mid-game states: these driver actions of each game


# --------------------------------------------------------------------------- report
def main(argv=None) -> int:
    args, scale = parse_args("MetaX engine benchmarks (figures vs targets)", argv)

    game = metatcg.load_game("metax")
    print_header(args.quick)
    m = measure_play(game, scale, warm_up=0.2, stops=STOPS)
    states = m["states"]
    # where a round trip spends its time (each part timed on its own)
    objs = [s.to_json() for s in states]
    texts = [json.dumps(o) for o in objs]
    loaded = [json.loads(t) for t in texts]
    parts = part_times((("to_json", lambda s: s.to_json(), states),
                        ("json.dumps", json.dumps, objs),
                        ("json.loads", json.loads, texts),
                        ("state_from_json", game.state_from_json, loaded)), scale)

    f = play_figures(m)
    f["json_part_us"] = {k: v * 1e6 for k, v in parts.items()}
    f["json_state_kb"] = statistics.mean(len(t) for t in texts) / 1024
    f.update(pool_figures(CardPool, "metatcg.games.metax.cards", args.quick))
    f["ratio_to_tictactoe"] = f["random_driver_actions_per_s"] / f["ttt_moves_per_s"]
    f["quiet_ratio_to_tictactoe"] = f["quiet_random_driver_actions_per_s"] / f["ttt_moves_per_s"]

    rows = play_rows(f, "MetaX", TARGETS, "tic-tac-toe baseline, moves/s (plain Python)") + [
        ("JSON round trips per second", f"{f['json_round_trip_per_s']:,.0f}",
         f">= {TARGETS['json']:,}", ok(f["json_round_trip_per_s"] >= TARGETS["json"])),
        ("  same with stdlib json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip (stdlib), µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB", f"{f['json_state_kb']:.1f}", "", ""),
    ] + pool_rows(f, TARGETS["pool_load"])
    print_report(rows, m, f, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
