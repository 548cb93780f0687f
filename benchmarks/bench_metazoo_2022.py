"""MetaZoo 2022 engine benchmarks at 2 and 4 seats: prints figures next to their targets (never
run by pytest).

Run from the project root:

    python benchmarks/bench_metazoo_2022.py            # full run (a few minutes)
    python benchmarks/bench_metazoo_2022.py --quick    # short run (several seconds), rougher figures

Same structure as bench_metazoo.py, with the same measuring code (benchmarks/common.py), once
for 2 seats and once for 4 (3 seats behave like 4):

* random games (every seat random; 2 seats: every ordered pair of the starter decks; 4 seats:
  the rotations of the starter decks, seat k of list i playing deck i + k):
  - "driver actions/s": calls to ``state.apply`` made by the benchmark loop, in normal mode and
    in quiet mode (``new_state(..., log=False)``), each as a ratio to the tic-tac-toe baseline
    (common.tictactoe) measured in the same process just before;
  - "engine actions/s": ``state.actions_taken``, which also counts the decisions with a single
    option that the engine takes by itself;
  - games/s;
* greedy games/s (the one-ply greedy bot of metatcg.bots in every seat, quiet mode);
* ``state.clone()`` per second and JSON round trips per second (``to_json_text`` +
  ``state_from_json``; and the stdlib variant) on 200 mid-game states (driver actions 20 to 180
  of seeded random games);
* card-pool load time: ``load_pool()`` of metatcg.games.metazoo_2022.cards with imports warm
  (best of several), and cold in a fresh interpreter (imports of metatcg and pydantic included).
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
from metatcg.games.metazoo_2022.cards import load_pool  # noqa: E402

SEATS = (2, 4)
TARGETS = {
    "quiet_ratio": 0.03,        # quiet-mode driver actions/s ÷ tic-tac-toe moves/s (issue 9)
}
# mid-game states: these driver actions of seeded random games (all deck lists in turn);
# MetaZoo 2022 random games last about 220 (2 seats) to 750 (4 seats) driver actions
STOPS = {20, 60, 100, 140, 180}


def measure_seats(game, seats: int, scale: float) -> tuple[dict, dict, list]:
    """One seat count: (raw counts, figures, table rows)."""
    m = measure_play(game, scale, warm_up=0.3, stops=STOPS, seats=seats)
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
    title = f"MetaZoo 2022 {seats}p"
    rows = [(f"== {seats} seats ==", "", "", "")]
    rows += play_rows(f, title, TARGETS, "tic-tac-toe baseline, moves/s (plain Python, same process)") + [
        ("JSON round trips per second (to_json_text + state_from_json)", f"{f['json_round_trip_per_s']:,.0f}",
         "", ""),
        ("  same with stdlib to_json/json.dumps/json.loads", f"{f['json_round_trip_stdlib_per_s']:,.0f}", "", ""),
        ("  per round trip, µs: " + ", ".join(f"{k} {v:.0f}" for k, v in f["json_part_us"].items()),
         f"{1e6 / f['json_round_trip_per_s']:.0f}", "", ""),
        ("  mean state JSON size, KiB (msgspec / stdlib)",
         f"{f['json_state_kb']:.1f} / {f['json_state_stdlib_kb']:.1f}", "", ""),
    ]
    return m, f, rows


def main(argv=None) -> int:
    args, scale = parse_args("MetaZoo 2022 engine benchmarks at 2 and 4 seats (figures vs targets)", argv)

    game = metatcg.load_game("metazoo-2022")
    print_header(args.quick)
    runs, figures, rows = {}, {}, []
    for seats in SEATS:
        m, f, r = measure_seats(game, seats, scale)
        runs[f"{seats} seats"] = m
        figures[f"seats_{seats}"] = f
        rows += r
    pool = pool_figures(load_pool, "metatcg.games.metazoo_2022.cards", args.quick,
                        name="load_pool", call="load_pool()")
    figures.update(pool)
    rows += [("== card pool ==", "", "", "")] + pool_rows(pool)
    print_report(rows, runs, figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
