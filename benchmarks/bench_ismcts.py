"""ISMCTS (issue 12): iterations per second for every game, beside the tic-tac-toe reference, and
optionally its strength: seat-swapped matches against random and greedy with 95% intervals.

    python benchmarks/bench_ismcts.py                         # speed: every game, iters=200
    python benchmarks/bench_ismcts.py --strength 200          # + 200 games against each opponent
    python benchmarks/bench_ismcts.py --games metax --bot ismcts:iters=400,depth=10 --strength 100

Speed: the bot thinks at decision points of seeded random games (the same points for every
run), and the figure is its iterations divided by its thinking time. Strength: half the games
with ISMCTS in seat 1 and half in seat 2, same seeds and decks both ways (seat-swapped pairs);
the ISMCTS seat's wins, draws and the Wilson 95% interval of its win rate. Nothing is asserted.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import deck_lists, mid_game_states, tictactoe  # noqa: E402

import metatcg  # noqa: E402
from metatcg.bots import make_bot  # noqa: E402
from metatcg.sim.runner import simulate, usable_cpus, wilson  # noqa: E402

GAMES = ("metax", "metazoo", "metabaloids", "metazoo-2022")
TARGETS = {"metax": 1000, "metazoo": 300}    # iterations/s the issue asks for


def speed(game_id: str, spec: str, points: int, seed: int) -> tuple[int, float]:
    """(iterations, seconds) of ``spec`` thinking at ``points`` decision points with 2+ options."""
    game = metatcg.load_game(game_id)
    states = [s for s in mid_game_states(game, points * 3, (5, 15, 30, 60), seed=seed)
              if not s.is_terminal() and len(s.legal_actions()) > 1][:points]
    bot = make_bot(spec, seed)
    t = time.perf_counter()
    for st in states:
        bot.choose(st.handle(st.current_player()))
    return bot.iterations, time.perf_counter() - t


def strength(game_id: str, spec: str, opponent: str, games: int, seed: int, workers: int) -> tuple[int, int, int]:
    """(ISMCTS wins, draws, games) over seat-swapped pairs."""
    game = metatcg.load_game(game_id)
    decks = list(deck_lists(game)[0])
    half = games // 2
    a = simulate(game, decks, [spec, opponent], half, seed=seed, workers=workers)
    b = simulate(game, decks, [opponent, spec], half, seed=seed, workers=workers)
    return a.wins[0] + b.wins[1], a.draws + b.draws, 2 * half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--bot", default="ismcts:iters=200", help="the ISMCTS settings (default iters=200)")
    ap.add_argument("--points", type=int, default=12, help="decision points for the speed figure")
    ap.add_argument("--strength", type=int, default=0, help="games against each opponent (0: speed only)")
    ap.add_argument("--against", nargs="+", default=["random", "greedy"])
    ap.add_argument("--workers", type=int, default=usable_cpus())
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    moves, _, secs = tictactoe(1.0)
    ttt = moves / secs
    print(f"ISMCTS benchmark ({args.bot}); tic-tac-toe reference {ttt:,.0f} moves/s")
    print(f"{'game':14} {'iterations/s':>13} {'target':>7} {'ratio to ttt':>13}")
    for gid in args.games:
        iters, secs = speed(gid, args.bot, args.points, args.seed)
        target = TARGETS.get(gid)
        print(f"{gid:14} {iters / secs:13,.0f} {target or '-':>7} {iters / secs / ttt:13.4f}")
    if args.strength:
        print(f"\nstrength: {args.strength} seat-swapped games per pair, {args.workers} workers")
        print(f"{'game':14} {'against':8} {'wins':>5} {'draws':>5} {'games':>5} {'win rate':>9} {'95% CI':>15}")
        for gid in args.games:
            for opp in args.against:
                t = time.perf_counter()
                wins, draws, n = strength(gid, args.bot, opp, args.strength, args.seed, args.workers)
                lo, hi = wilson(wins, n)
                print(f"{gid:14} {opp:8} {wins:5} {draws:5} {n:5} {wins / n:9.1%} {lo:7.1%}-{hi:.1%}"
                      f"   ({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
