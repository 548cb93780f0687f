"""What compiling the rules would buy: MetaZoo greedy-vs-greedy games/s, pure Python against the
same source compiled by Cython, unchanged (pure-Python mode: no type declarations, annotations
not used as C types).

An experiment for deciding whether to ship compiled modules, not a build of the package: the
source tree is copied to a temporary folder, the chosen modules are compiled there (about 3
minutes on 2 cores), and both trees play the same seeded games, round by round, each in a fresh
interpreter, so they see the same machine load. The games must come out the same (their action
counts are compared), or the figures mean nothing.

    pip install cython                     # needs a C compiler and Python's headers
    python benchmarks/bench_compiled.py                      # MetaZoo rules + engine + greedy
    python benchmarks/bench_compiled.py --modules games/metazoo --seconds 10 --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

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
print(json.dumps({"games_per_s": len(counts) / (time.perf_counter() - t0), "counts": counts,
                  "compiled": type(metatcg.engine.state.GameState.apply).__name__ != "function"}))
"""

SETUP = """
import glob
from setuptools import setup
from Cython.Build import cythonize
mods = [m for pattern in {patterns!r} for m in glob.glob(pattern) if not m.endswith("__init__.py")]
setup(ext_modules=cythonize(mods, quiet=True, nthreads=2, compiler_directives={directives!r}))
"""


DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}


def build(tmp: Path, modules: list[str], directives: dict[str, object]) -> Path:
    """A copy of ``src`` with ``modules`` (folders or files under src/metatcg) compiled in place."""
    src = tmp / "src"
    shutil.copytree(SRC, src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    patterns = []
    for m in modules:
        p = f"src/metatcg/{m}"
        patterns.append(p if p.endswith(".py") else p.rstrip("/") + "/*.py")
    (tmp / "setup.py").write_text(SETUP.format(patterns=patterns, directives=directives))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "setup.py", "build_ext", "-q"], cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    built = list((tmp / "build").glob("lib.*"))[0]
    for so in built.rglob("*.so"):
        shutil.copy2(so, src / so.relative_to(built))
    print(f"compiled {len(list(built.rglob('*.so')))} modules in {time.perf_counter() - t0:.0f} s")
    return src


def play(src: Path, seconds: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, "-c", PLAY, str(seconds)], env=env, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modules", nargs="+", default=["games/metazoo", "engine/state.py", "bots/greedy.py"],
                    help="folders or files under src/metatcg to compile")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--directive", nargs="*", default=[], metavar="NAME=VALUE",
                    help="Cython compiler directives over the default ones, e.g. annotation_typing=True")
    args = ap.parse_args()
    directives = dict(DIRECTIVES)
    for d in args.directive:
        name, _, value = d.partition("=")
        directives[name] = {"True": True, "False": False}.get(value, value)
    with tempfile.TemporaryDirectory() as d:
        compiled = build(Path(d), args.modules, directives)
        best = {"pure": 0.0, "compiled": 0.0}
        for r in range(args.rounds):
            a, b = play(SRC, args.seconds), play(compiled, args.seconds)
            n = min(len(a["counts"]), len(b["counts"]))
            if a["counts"][:n] != b["counts"][:n] or a["compiled"] or not b["compiled"]:
                sys.exit("the compiled tree played different games (or was not compiled): figures void")
            best["pure"] = max(best["pure"], a["games_per_s"])
            best["compiled"] = max(best["compiled"], b["games_per_s"])
            print(f"round {r + 1}: pure {a['games_per_s']:.2f}, compiled {b['games_per_s']:.2f} games/s "
                  f"({b['games_per_s'] / a['games_per_s']:.2f}x), the first {n} games identical")
        print(f"MetaZoo greedy vs greedy, best of {args.rounds}: pure {best['pure']:.2f} games/s, "
              f"compiled {best['compiled']:.2f} games/s, {best['compiled'] / best['pure']:.2f}x")


if __name__ == "__main__":
    main()
