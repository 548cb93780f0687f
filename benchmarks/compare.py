"""Before/after speed in one run: this checkout against an earlier revision, side by side.

    python benchmarks/compare.py --base 0d5b77a            # both games, random + greedy play
    python benchmarks/compare.py --base HEAD~3 --games metax --seconds 3 --rounds 5

The base revision is checked out into a temporary git worktree. Each measurement runs in a
fresh interpreter (whose ``sys.path`` points at that tree's ``src``), alternating base and
head round by round, so both see the same machine load; the best round of each is shown.
Every interpreter also times the plain-Python random tic-tac-toe loop of ``common.py``, so
ratios are computed against the baseline measured next to them.

Figures: random play driver actions/s (normal mode, and quiet mode ``log=False`` where the
tree has it), the ratio of each to tic-tac-toe moves/s, greedy-vs-greedy games/s (quiet
where the tree has it) and the same games/s with the time spent in the game's evaluation taken
out (the ceiling of any evaluation cache or incremental evaluation), and how many modules ran
compiled (``metatcg compile``; run with
``METATCG_PURE=1`` to compare pure Python). Never run by pytest.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Runs inside a fresh interpreter for one source tree; prints one JSON line.
PROBE = r'''
import inspect, json, sys, time
sys.path.insert(0, SRC)
sys.path.insert(0, BENCH)
from common import tictactoe
import metatcg
from metatcg.bots import make_bot
from metatcg.engine.rng import Rng

def new_state(game, decks, seed, quiet):
    if quiet:
        return game.new_state(decks, seed=seed, log=False)
    return game.new_state(decks, seed=seed)

def random_play(game, seconds, quiet):
    names = game.starter_deck_names()
    pairs = [(a, b) for a in names for b in names]
    rng = Rng(1)
    acts = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        a, b = pairs[games % len(pairs)]
        st = new_state(game, [a, b], games, quiet)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            acts += 1
        games += 1
    return acts / (time.perf_counter() - t0)

def greedy_play(game, seconds, quiet):
    """(games/s, games/s with the time spent evaluating taken out): the second is the most that
    making the evaluation cheaper could ever give."""
    evaluate, spent, clock = game.evaluate, [0.0], time.perf_counter
    def timed(st, player):
        t = clock()
        value = evaluate(st, player)
        spent[0] += clock() - t
        return value
    game.evaluate = timed  # the bots read game.evaluate at each decision
    names = game.starter_deck_names()
    pairs = [(a, b) for a in names for b in names]
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games < 2:
        a, b = pairs[games % len(pairs)]
        st = new_state(game, [a, b], games, quiet)
        bots = [make_bot("greedy", games * 2 + i) for i in range(2)]
        handles = len(inspect.signature(bots[0].choose).parameters) == 1
        while not st.is_terminal():
            p = st.current_player()
            act = bots[p].choose(st.handle(p)) if handles else bots[p].choose(st, p)
            st.apply(act.id)
        games += 1
    took = time.perf_counter() - t0
    game.evaluate = evaluate
    return games / took, games / (took - spent[0])

game = metatcg.load_game(GAME)
has_quiet = "log" in inspect.signature(game.new_state).parameters
moves, _, secs = tictactoe(SECONDS)
out = {"ttt": moves / secs, "random": random_play(game, SECONDS, False)}
if has_quiet:
    out["random_quiet"] = random_play(game, SECONDS, True)
out["greedy"], out["greedy_free_eval"] = greedy_play(game, SECONDS * 2, has_quiet)
try:  # trees with opt-in compiled rules (`metatcg compile`) say how many modules ran compiled
    from metatcg.native import loaded_modules
    out["compiled"] = len(loaded_modules())
except ImportError:
    out["compiled"] = 0
print(json.dumps(out))
'''


def run_probe(src: Path, game: str, seconds: float) -> dict:
    code = (f"SRC = {str(src)!r}\nBENCH = {str(HERE)!r}\nGAME = {game!r}\nSECONDS = {seconds!r}\n" + PROBE)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def fmt(v: float | None) -> str:
    return "—" if v is None else (f"{v:,.0f}" if v >= 100 else f"{v:.2f}")


def best(rounds: list[dict], key: str) -> float | None:
    vals = [r[key] for r in rounds if key in r]
    return max(vals) if vals else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="git revision to compare against")
    ap.add_argument("--games", nargs="+", default=["metax", "metazoo"])
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base_tree), args.base],
                       check=True)
        try:
            for game in args.games:
                runs: dict[str, list[dict]] = {"base": [], "head": []}
                for _ in range(args.rounds):
                    runs["base"].append(run_probe(base_tree / "src", game, args.seconds))
                    runs["head"].append(run_probe(ROOT / "src", game, args.seconds))
                print(f"\n{game}: base {args.base} vs this checkout (best of {args.rounds} rounds)")
                print(f"{'figure':46} {'base':>12} {'head':>12} {'head/base':>10}")
                rows = [("tic-tac-toe moves/s", "ttt"), ("random, driver actions/s (normal)", "random"),
                        ("random, driver actions/s (quiet)", "random_quiet"), ("greedy vs greedy, games/s", "greedy"),
                        ("greedy, games/s if evaluating cost nothing", "greedy_free_eval")]
                for label, key in rows:
                    b, h = best(runs["base"], key), best(runs["head"], key)
                    ratio = f"{h / b:.3f}" if b and h else "—"
                    print(f"{label:46} {fmt(b):>12} {fmt(h):>12} {ratio:>10}")
                b, h = best(runs["base"], "greedy"), best(runs["head"], "greedy_free_eval")
                if b and h:
                    print(f"  the most a cheaper evaluation could give head: {h / b:.2f}x base's greedy games/s")
                compiled = {side: max(r.get("compiled", 0) for r in runs[side]) for side in runs}
                print(f"  modules run compiled (metatcg compile): base {compiled['base']}, head {compiled['head']}")
                for label, key in (("normal", "random"), ("quiet", "random_quiet")):
                    for side in ("base", "head"):
                        ratios = [r[key] / r["ttt"] for r in runs[side] if key in r]
                        if ratios:
                            print(f"  ratio to tic-tac-toe, {label:6} {side}: {min(ratios):.3f}–{max(ratios):.3f}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
