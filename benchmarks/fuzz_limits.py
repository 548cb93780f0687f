"""Fuzz run for action-limit endings (issue 7, defect 2): many seeded bot games of every
registered game over every ordered pair of its starter decks (mirrors included), counting the
games the kernel ended at its action limit (``GameState.hit_action_limit``). The target is 0:
a sound game always ends by its own rules long before the limit.

Run from the project root (never run by pytest; tests/test_properties_metazoo.py holds a
small sample):

    python benchmarks/fuzz_limits.py                         # >= 2,000 greedy, >= 5,000 random per game
    python benchmarks/fuzz_limits.py --greedy 200 --random 500   # a quicker run
    python benchmarks/fuzz_limits.py --games metazoo --workers 4

Games run on all cores (``metatcg.sim.simulate`` with workers). Each pairing gets its own
range of seeds; the seeds of any game that hit the limit are printed, so it can be replayed
with ``metatcg simulate GAME --decks A B --bots BOT BOT -n 1 --seed SEED``.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import metatcg  # noqa: E402
from metatcg.sim import simulate  # noqa: E402


def fuzz_game(gid: str, bot: str, total: int, seed: int, workers: int) -> dict:
    """At least ``total`` games of ``gid`` with ``bot`` in every seat, spread evenly over the
    ordered pairs of starter decks (seats beyond 2 take the next decks in turn)."""
    game = metatcg.load_game(gid)
    n = 2 if 2 in game.seat_counts else min(game.seat_counts)
    starters = game.starter_deck_names()
    pairs = list(itertools.product(starters, repeat=2)) if n == 2 else \
        [tuple(starters[(i + k) % len(starters)] for k in range(n)) for i in range(len(starters))]
    per = math.ceil(total / len(pairs))
    games = limited = draws = actions = 0
    seeds: list[tuple[list[str], int]] = []
    t0 = time.perf_counter()
    for i, decks in enumerate(pairs):
        s = simulate(game, list(decks), [bot] * n, per, seed=seed + i * per, workers=workers)
        games += s.games
        draws += s.draws
        limited += s.action_limit_games
        actions += sum(r.actions for r in s.results)
        seeds += [(list(decks), x) for x in s.action_limit_seeds]
    dt = time.perf_counter() - t0
    return {"game": gid, "bot": bot, "pairings": len(pairs), "games": games, "draws": draws,
            "action_limit_games": limited, "action_limit_seeds": seeds,
            "mean_actions": actions / games if games else 0.0, "seconds": dt,
            "games_per_second": games / dt if dt > 0 else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    ap.add_argument("--greedy", type=int, default=2000, help="greedy-vs-greedy games per game")
    ap.add_argument("--random", type=int, default=5000, help="random-vs-random games per game")
    ap.add_argument("--seed", type=int, default=100_000, help="first seed")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = ap.parse_args(argv)
    gids = args.games or list(metatcg.game_ids())
    rows = []
    print(f"{'game':<10} {'bot':<7} {'pairs':>5} {'games':>7} {'draws':>6} {'limit':>6} "
          f"{'actions':>8} {'games/s':>8} {'seconds':>8}", flush=True)
    for gid in gids:
        for bot, total in (("greedy", args.greedy), ("random", args.random)):
            if total <= 0:
                continue
            r = fuzz_game(gid, bot, total, args.seed, args.workers)
            rows.append(r)
            print(f"{gid:<10} {bot:<7} {r['pairings']:>5} {r['games']:>7} {r['draws']:>6} "
                  f"{r['action_limit_games']:>6} {r['mean_actions']:>8.1f} {r['games_per_second']:>8.1f} "
                  f"{r['seconds']:>8.1f}", flush=True)
            for decks, s in r["action_limit_seeds"]:
                print(f"    action limit: {gid} --decks {' '.join(decks)} --bots {bot} {bot} -n 1 --seed {s}")
    bad = sum(r["action_limit_games"] for r in rows)
    print(f"action-limit endings: {bad} of {sum(r['games'] for r in rows)} games (target 0)")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
