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

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # works from a checkout even if not installed
sys.path.insert(0, str(HERE))                 # common.py, whichever the working directory

from common import seats_main  # noqa: E402
from metatcg.games.metazoo_2022.cards import load_pool  # noqa: E402

SEATS = (2, 4)
TARGETS = {
    "quiet_ratio": 0.03,        # quiet-mode driver actions/s ÷ tic-tac-toe moves/s (issue 9)
}
# mid-game states: these driver actions of seeded random games (all deck lists in turn);
# MetaZoo 2022 random games last about 220 (2 seats) to 750 (4 seats) driver actions
STOPS = {20, 60, 100, 140, 180}


def main(argv=None) -> int:
    return seats_main("metazoo-2022", "MetaZoo 2022", load_pool, "metatcg.games.metazoo_2022.cards", TARGETS,
                      STOPS, SEATS, "MetaZoo 2022 engine benchmarks at 2 and 4 seats (figures vs targets)", argv)


if __name__ == "__main__":
    sys.exit(main())
