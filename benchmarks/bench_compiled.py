"""What compiling buys: MetaZoo greedy-vs-greedy games/s, pure Python against the same source
compiled by ``metatcg compile`` (Cython, pure-Python mode: the source unchanged).

The chosen packages or modules are compiled into a temporary cache (``METATCG_NATIVE_DIR``), not
the user's; then the same seeded games are played round by round, each in a fresh interpreter,
once with ``METATCG_PURE=1`` and once with the compiled modules, so both see the same machine
load. The games must come out the same (their action counts are compared), or the figures mean
nothing.

    pip install -e '.[fast]'               # Cython; needs a C compiler and Python's headers
    python benchmarks/bench_compiled.py                      # MetaZoo rules + engine + bots
    python benchmarks/bench_compiled.py --modules metatcg.games.metazoo --seconds 10 --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
sys.path.insert(0, str(SRC))

PLAY = """
import json, sys, time
import metatcg
from metatcg.bots import make_bot
game = metatcg.load_game("metazoo")
names = game.starter_deck_names()
t0 = time.perf_counter(); counts = []
while time.perf_counter() - t0 < float(sys.argv[1]):
    g = len(counts)
    st = game.new_state([names[g % len(names)], names[(g + 1) % len(names)]], seed=g, log=False)
    bots = [make_bot("greedy", g), make_bot("greedy", g + 100)]
    while not st.is_terminal():
        p = st.current_player()
        st.apply(bots[p].choose(st.handle(p)).id)
    counts.append(st.actions_taken)
from metatcg.native import loaded_modules
print(json.dumps({"games_per_s": len(counts) / (time.perf_counter() - t0), "counts": counts,
                  "compiled": len(loaded_modules()) > 0}))
"""


def build(cache: Path, modules: list[str]) -> None:
    """Compile ``modules`` (packages or modules) into ``cache`` with the shipped build."""
    from metatcg.native.build import build as native_build
    from metatcg.sim.runner import usable_cpus
    t0 = time.perf_counter()
    report = native_build(modules, jobs=usable_cpus(), folder=cache)
    print(f"compiled {len(report.compiled)} modules in {time.perf_counter() - t0:.0f} s"
          + (f"; left as Python: {', '.join(report.failed)}" if report.failed else ""))


def play(cache: Path, seconds: float, pure: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(SRC), METATCG_NATIVE_DIR=str(cache), METATCG_PURE="1" if pure else "0")
    out = subprocess.run([sys.executable, "-c", PLAY, str(seconds)], env=env, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modules", nargs="+", default=["metatcg.games.metazoo", "metatcg.engine", "metatcg.bots"],
                    help="packages or modules to compile")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        cache = Path(d)
        build(cache, args.modules)
        best = {"pure": 0.0, "compiled": 0.0}
        for r in range(args.rounds):
            a, b = play(cache, args.seconds, pure=True), play(cache, args.seconds, pure=False)
            n = min(len(a["counts"]), len(b["counts"]))
            if a["counts"][:n] != b["counts"][:n] or a["compiled"] or not b["compiled"]:
                sys.exit("the compiled modules played different games (or did not run): figures void")
            best["pure"] = max(best["pure"], a["games_per_s"])
            best["compiled"] = max(best["compiled"], b["games_per_s"])
            print(f"round {r + 1}: pure {a['games_per_s']:.2f}, compiled {b['games_per_s']:.2f} games/s "
                  f"({b['games_per_s'] / a['games_per_s']:.2f}x), the first {n} games identical")
        print(f"MetaZoo greedy vs greedy, best of {args.rounds}: pure {best['pure']:.2f} games/s, "
              f"compiled {best['compiled']:.2f} games/s, {best['compiled'] / best['pure']:.2f}x")


if __name__ == "__main__":
    main()
