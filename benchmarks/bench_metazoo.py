"""MetaZoo (four-lane edition) engine benchmarks: prints figures next to their targets (never
run by pytest).

Run from the project root:

    python benchmarks/bench_metazoo.py            # full run (about 40 s)
    python benchmarks/bench_metazoo.py --quick    # short run (a few seconds), rougher figures

Same structure as bench_metax.py, with the same measuring code (benchmarks/common.py: the
tic-tac-toe baseline, the random and greedy game loops, the timers and the table):

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
* the baseline in the same run: the random tic-tac-toe in plain Python that bench_metax.py
  measures too (common.tictactoe), in moves/s; our driver actions/s are reported as a ratio to it.
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
from common import (measure_play, parse_args, part_times, play_figures, play_rows, pool_figures,  # noqa: E402
                    pool_rows, print_header, print_report)
from metatcg.games.metazoo.cards import CardPool  # noqa: E402

TARGETS = {
    "random_actions": 10_000,   # driver actions/s
    "quiet_ratio": 0.035,        # quiet-mode driver actions/s ÷ tic-tac-toe moves/s (issue 6)
    "clone": 10_000,            # clones/s
}
# mid-game states: actions 20, 60, 100, 140 and 180 of seeded random games (all deck pairs);
# MetaZoo games last about 200 driver actions
STOPS = {20, 60, 100, 140, 180}


# --------------------------------------------------------------------------- report
def main(argv=None) -> int:
    args, scale = parse_args("MetaZoo (four-lane) engine benchmarks (figures vs targets)", argv)

    game = metatcg.load_game("metazoo")
    print_header(args.quick)
    m = measure_play(game, scale, warm_up=0.3, stops=STOPS)
    states = m["states"]
    # where a round trip spends its time (each part timed on its own)
    objs = [s.to_json() for s in states]
    texts = [s.to_json_text() for s in states]
    parts = part_times((("to_json_text", lambda s: s.to_json_text(), states),
                        ("state_from_json(text)", game.state_from_json, texts)), scale)

    f = play_figures(m)
    f["json_part_us"] = {k: v * 1e6 for k, v in parts.items()}
    f["json_state_kb"] = statistics.mean(len(t) for t in texts) / 1024
    f["json_state_stdlib_kb"] = statistics.mean(len(json.dumps(o)) for o in objs) / 1024
    f.update(pool_figures(CardPool, "metatcg.games.metazoo.cards", args.quick))
    f["ratio_to_tictactoe"] = f["random_driver_actions_per_s"] / f["ttt_moves_per_s"]
    f["quiet_ratio_to_tictactoe"] = f["quiet_random_driver_actions_per_s"] / f["ttt_moves_per_s"]

    rows = play_rows(f, "MetaZoo", TARGETS, "tic-tac-toe baseline, moves/s (plain Python, bench_metax)") + [
        ("JSON round trips per second (to_json_text + state_from_json)", f"{f['json_round_trip_per_s']:,.0f}",
         "", ""),
        ("  same with stdlib to_json/json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip, µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB (msgspec / stdlib)",
         f"{f['json_state_kb']:.1f} / {f['json_state_stdlib_kb']:.1f}", "", ""),
    ] + pool_rows(f)
    print_report(rows, m, f, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
