"""How long the lobby's bots take to move: seconds per decision of a bot level, every game.

The greedy bot plays both seats of a seeded game; at every third decision with more than one
option the measured bot (``--bot``, by default the server's Hard, ``server/players.HARD``) times
its choice on that seat's handle (the choice is not played). Prints the median and the slowest.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import metatcg  # noqa: E402
from metatcg.bots import make_bot  # noqa: E402
from metatcg.engine.handle import PlayerHandle  # noqa: E402
from metatcg.server.players import HARD  # noqa: E402

GAMES = ("metax", "metabaloids", "metazoo", "metazoo-2022")


def timings(game_id: str, spec: str, points: int, seed: int) -> list[float]:
    game = metatcg.load_game(game_id)
    names = game.starter_deck_names()
    state = game.new_state([names[0], names[1 % len(names)]], seed=seed)
    greedy, bot = make_bot("greedy", seed), make_bot(spec, seed + 1)
    out: list[float] = []
    steps = 0
    while not state.is_terminal() and len(out) < points and steps < 2000:
        p = state.current_player()
        if len(state.legal_actions()) > 1 and steps % 3 == 0:
            start = time.perf_counter()
            bot.choose(PlayerHandle(state, p))
            out.append(time.perf_counter() - start)
        state.apply(greedy.choose(PlayerHandle(state, p)).id)
        steps += 1
    return sorted(out)


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
