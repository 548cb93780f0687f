"""One bot against copies of another at a table of 3 or 4: its share of the wins next to its fair
share (one in N), with a Wilson 95% interval. Issue 32 asks Hard for at least twice its fair share
against greedy opponents at 3-4 seats (Metabaloids, MetaZoo 2022).

    python benchmarks/fair_share.py metabaloids --seats 3 --bot hard --against normal --games 10

Every seed is played once with the bot in each seat (a rotation: the decks sit with the seats and
go round the starter decks by seed, ``common.deck_lists``), on the simulator's machinery. A game the
bot wins alone counts 1; a draw it shares with k players counts 1/k (as ``docs/designers.md``
counts a game at three and four seats: the unit is the game).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import metatcg  # noqa: E402
from common import deck_lists  # noqa: E402
from metatcg.bots import make_bot, searches  # noqa: E402
from metatcg.sim.jobs import run_jobs  # noqa: E402
from metatcg.sim.play import GameResult, wilson  # noqa: E402
from metatcg.sim.runner import auto_workers  # noqa: E402
from metatcg.sim.work import Job  # noqa: E402


def share(result: GameResult, seat: int) -> float:
    """The seat's share of the game's win: 1 alone, 1/k in a draw among k, else 0."""
    best = max(result.returns)
    if result.returns[seat] != best:
        return 0.0
    return 1.0 / result.returns.count(best)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--against", default="normal")
    ap.add_argument("--games", type=int, default=10, help="seeds, each played with the bot in every seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=0, help="processes (default: every usable core)")
    ap.add_argument("--backend", default="local", choices=("local", "ray"))
    args = ap.parse_args(argv)
    game = metatcg.load_game(args.game)
    if args.seats not in game.seat_counts:
        raise SystemExit(f"{game.title} is played at {', '.join(map(str, game.seat_counts))} seats")
    make_bot(args.bot), make_bot(args.against)          # a clear error for a bad spec, before any game
    lists = deck_lists(game, args.seats)
    jobs, seats = [], []
    for s in range(args.seed, args.seed + args.games):
        decks = tuple(game.resolve_deck(d) for d in lists[s % len(lists)])
        for seat in range(args.seats):
            bots = tuple(args.bot if i == seat else args.against for i in range(args.seats))
            jobs.append(Job(decks, bots, s))
            seats.append(seat)
    workers = args.workers or auto_workers(len(jobs), slow=searches(args.bot) or searches(args.against))
    print(f"{game.title}: {args.bot} against {args.seats - 1} x {args.against}, {args.seats} seats, "
          f"{len(jobs)} games ({args.games} seeds, the bot in every seat), {workers} worker(s)", flush=True)
    out = run_jobs(game, jobs, workers=workers, backend=args.backend)
    got = [share(r, seats[i]) for i, r in zip(out.indexes, out.results)]
    n = len(got)
    if not n:
        print("no game finished")
        return 1
    won = sum(got)
    lo, hi = wilson(won, n)
    fair = 1 / args.seats
    by_seat = []
    for k in range(args.seats):
        mine = [g for g, i in zip(got, out.indexes) if seats[i] == k]
        by_seat.append(sum(mine) / max(1, len(mine)))
    print(f"\n{n} games in {out.seconds:.0f} s; action-limit games {sum(r.action_limit for r in out.results)}")
    print(f"{args.bot}: share of the wins {won / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%}); fair share {fair:.1%}, "
          f"twice the fair share {2 * fair:.1%}: {won / n / fair:.2f} x fair")
    print("by seat: " + ", ".join(f"seat {k + 1} {v:.0%}" for k, v in enumerate(by_seat)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
