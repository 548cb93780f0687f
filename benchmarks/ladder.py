"""A ladder of bots for one game: a seat-swapped round robin on shared seeds, Bradley-Terry
ratings on an Elo scale with 95% intervals, the head-to-head matrix and seconds per decision.

    python benchmarks/ladder.py metax                      # the three levels, 2 seats
    python benchmarks/ladder.py metabaloids --seats 3 --games 24
    python benchmarks/ladder.py metazoo --bots random greedy ismcts:ms=250 hard --games 40

Every group of bots plays the same seeds in every rotation of the seats (at 2 seats: each seed
twice, the bots swapped). The decks sit with the seats and go round the game's starter decks by
seed (every ordered pair at 2 seats, ``common.deck_lists``), so each bot plays each deck pairing
from both sides. Games run on the simulator's machinery (``metatcg.sim``: ``--workers`` local
processes, or ``--backend ray``). Seconds per decision are timed apart, on the decisions of a few
seeded games where the bot has 2 or more options (median and 95th percentile), as
``bench_bot_levels.py`` does. Results go to docs/bots.md by hand, with the command that made them.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import metatcg  # noqa: E402
from common import deck_lists  # noqa: E402
from metatcg.bots import make_bot, searches  # noqa: E402
from metatcg.sim.jobs import run_jobs  # noqa: E402
from metatcg.sim.runner import auto_workers  # noqa: E402
from metatcg.sim.tournament import Entrant, schedule, summarise_tournament  # noqa: E402
from metatcg.sim.work import Job  # noqa: E402

DEFAULT_BOTS = ("easy", "normal", "ismcts:ms=250", "hard")


def decision_seconds(game, spec: str, seats: int, points: int, seed: int) -> list[float]:
    """Seconds the bot ``spec`` takes per decision with 2+ options, over seeded games in which
    greedy bots make the moves (the timed choice is not played), sorted."""
    names = deck_lists(game, seats)
    out: list[float] = []
    g = 0
    while len(out) < points and g < 20:
        state = game.new_state(list(names[(seed + g) % len(names)]), seed=seed + g, log=False)
        movers = [make_bot("greedy", seed + g * 10 + p) for p in range(seats)]
        bot = make_bot(spec, seed + g)
        step = 0
        while not state.is_terminal() and len(out) < points and step < 3000:
            p = state.current_player()
            handle = state.handle(p)
            if len(handle.legal_actions()) > 1 and step % 3 == 0:
                t = time.perf_counter()
                bot.choose(handle)
                out.append(time.perf_counter() - t)
            state.apply(movers[p].choose(handle).id)
            step += 1
        g += 1
    return sorted(out)


def ladder_jobs(game, bots: list[str], seats: int, per_group: int,
                seed: int, mirror: bool = False) -> tuple[list[Job], list[tuple[int, ...]]]:
    """One job per (group of bots, seed, rotation of the seats); decks sit with the seats
    (``mirror``: every seat the same deck, so only the bots differ)."""
    lists = [(d,) * seats for d in game.starter_deck_names()] if mirror else deck_lists(game, seats)
    sched = schedule(len(bots), seats, per_group, seed)
    jobs = [Job(tuple(game.resolve_deck(d) for d in lists[s % len(lists)]), tuple(bots[i] for i in seating), s)
            for seating, s in sched]
    return jobs, [seating for seating, _ in sched]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--bots", nargs="+", default=list(DEFAULT_BOTS),
                    help=f"levels or bot specs (default: {' '.join(DEFAULT_BOTS)})")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=20,
                    help="seeds per group of bots (each played in every seat rotation)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=0, help="processes (default: every usable core)")
    ap.add_argument("--backend", default="local", choices=("local", "ray"))
    ap.add_argument("--points", type=int, default=30, help="decisions timed per bot")
    ap.add_argument("--mirror", action="store_true",
                    help="every starter deck against itself only: the bots' skill without deck luck")
    args = ap.parse_args(argv)
    game = metatcg.load_game(args.game)
    bots = list(args.bots)
    for b in bots:
        make_bot(b)                                       # a clear error for a bad spec, before any game
    entrants = [Entrant(b, "starter decks", b) for b in bots]
    jobs, seatings = ladder_jobs(game, bots, args.seats, args.games, args.seed, args.mirror)
    workers = args.workers or auto_workers(len(jobs), slow=any(searches(b) for b in bots))
    print(f"{game.title}: {len(bots)} bots, {args.seats} seats, {len(jobs)} games "
          f"({args.games} seeds per group, every seat rotation{', mirror decks' if args.mirror else ''}), "
          f"{workers} worker(s)", flush=True)
    out = run_jobs(game, jobs, workers=workers, backend=args.backend)
    done = [seatings[i] for i in out.indexes]
    s = summarise_tournament(game.id, entrants, args.seats, args.games, out.results, done, len(jobs),
                             out.stopped, out.seconds)
    print(f"\n{s.games} games in {s.seconds:.0f} s; draws {s.draws}, action-limit games {s.action_limit_games}")
    print(f"\n{'bot':<18} {'rating':>7} {'95% interval':>15} {'score':>6} {'games':>6}")
    for r in s.ratings:
        lo, hi = r["ci95"]
        print(f"{r['name']:<18} {r['rating']:>7.0f} {f'{lo:.0f}..{hi:.0f}':>15} {r['score']:>6.1%} {r['games']:>6}")
    print("\nscore of the row against the column (wins + half the draws), Wilson 95% interval")
    width = max(14, *(len(b) + 2 for b in bots))
    print(" " * 18 + "".join(f"{b:>{width}}" for b in bots))
    for i, b in enumerate(bots):
        cells = []
        for j in range(len(bots)):
            c = s.matrix[i][j]
            cells.append(f"{'—':>{width}}" if c is None else
                         f"{c['score']:.0%} {c['ci95'][0]:.0%}-{c['ci95'][1]:.0%}".rjust(width))
        print(f"{b:<18}" + "".join(cells))
    print(f"\n{'bot':<18} {'decisions':>9} {'median s':>9} {'95th pct s':>10}")
    for b in bots:
        t = decision_seconds(game, b, args.seats, args.points, args.seed + 1000)
        if t:
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(f"{b:<18} {len(t):>9} {statistics.median(t):>9.3f} {p95:>10.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
