"""How long the lobby's bots take to move: seconds per decision of a bot level, every game.

Greedy bots play seeded games; at every third decision with more than one option the measured
bot (``--bot``, by default the server's Hard, ``server/players.HARD``) times its choice on that
seat's handle (the choice is not played), as ``ladder.py`` times each bot. Prints the median and
the slowest.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import metatcg  # noqa: E402
from ladder import decision_seconds  # noqa: E402
from metatcg.server.players import HARD  # noqa: E402

GAMES = ("metax", "metabaloids", "metazoo", "metazoo-2022")


def timings(game_id: str, spec: str, points: int, seed: int) -> list[float]:
    """Seconds per decision of ``spec`` at 2 seats, sorted (``ladder.decision_seconds``)."""
    return decision_seconds(metatcg.load_game(game_id), spec, 2, points, seed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default=HARD, help=f"the bot's spec (default: Hard, {HARD})")
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--points", type=int, default=25, help="decisions timed per game")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"{'game':<14} {'bot':<20} {'decisions':>9} {'median s':>9} {'max s':>7}")
    for g in args.games:
        t = timings(g, args.bot, args.points, args.seed)
        if t:
            print(f"{g:<14} {args.bot:<20} {len(t):>9} {t[len(t) // 2]:>9.2f} {t[-1]:>7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
