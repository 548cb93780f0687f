"""What each piece of MetaX's hidden information is worth to the ISMCTS bot against random.

A measuring experiment, not a bot: in every mode but ``honest`` the search is handed copies
that keep part of the *true* hidden state (labelled cheats), so the gap between the honest bot
and a cheat says how much of its losing comes from what it cannot know. The benchmark owns the
game, so it gives the cheats the true state itself; the bots under test still get only a
handle-like object.

    python benchmarks/bench_hidden_info.py                          # every mode, 50 seeds x 2 seats
    python benchmarks/bench_hidden_info.py --modes honest own --seeds 20 --iters 200

Modes (what the search's copies keep from the true state; everything else is resampled the
way ``Game.determinize`` does it):
  honest   nothing (the real bot)
  hand     the opponent's hand
  own      the order of the bot's own deck (its future draws)
  oppdeck  the order of the opponent's deck (their future draws)
  opp      the opponent's hand and deck order
  all      every hidden card (only the RNG of later shuffles is new)
"""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import metatcg
from metatcg.bots import make_bot
from metatcg.bots.ismcts import IsmctsBot
from metatcg.engine.handle import detach
from metatcg.engine.hidden import redeal
from metatcg.engine.rng import Rng
from metatcg.games.metax.zones import opponent
from metatcg.sim.runner import wilson

MODES = ("honest", "hand", "own", "oppdeck", "opp", "all")


class _Seat:
    """What ISMCTS reads of its seat (``player``, ``game``, ``legal_actions``, ``determinize``),
    with determinizations that keep part of the true state ``true``."""

    def __init__(self, true: Any, handle: Any, mode: str) -> None:
        self.true, self.handle, self.mode = true, handle, mode
        self.player, self.game = handle.player, handle.game

    def legal_actions(self) -> list:
        return self.handle.legal_actions()

    def determinize(self, rng: Rng) -> Any:
        s = self.true.clone()
        d = s.data
        me, opp = self.player, opponent(self.player)
        if self.mode in ("own", "oppdeck"):   # the opponent's unrevealed hand is unknown
            known = [c for c in d.hand[opp] if c in d.revealed]
            hidden = [c for c in d.hand[opp] if c not in d.revealed]
            redeal([hidden, d.vp[me]] if self.mode == "oppdeck" else [hidden, d.deck[opp], d.vp[me]], rng)
            d.hand[opp] = known + hidden
        elif self.mode == "hand":             # the opponent's deck is unknown
            redeal([d.deck[opp], d.vp[me]], rng)
        if self.mode in ("hand", "oppdeck", "opp"):   # my own draws are unknown
            bottom = d.known_bottom(me)
            top = d.deck[me][:len(d.deck[me]) - len(bottom)]
            redeal([top, d.vp[opp]], rng)
            d.deck[me] = top + bottom
        s.rng = Rng(rng.next64())   # later chance (shuffles) unknown, as every game's determinize has it
        return detach(s, rng)


def _game(job: tuple[int, int, str, int, str]) -> bool:
    """One game, ISMCTS (seat ``bot_seat``) against random; True if ISMCTS won."""
    seed, bot_seat, mode, iters, deck = job
    game = metatcg.load_game("metax")
    st = game.new_state([deck, deck], seed=seed, log=False)
    bots: list[Any] = [None, None]
    bots[bot_seat] = IsmctsBot(seed * 7919 + bot_seat, iters=iters)
    bots[1 - bot_seat] = make_bot("random", seed * 7919 + 1 - bot_seat)
    handles = [st.handle(0), st.handle(1)]
    while not st.is_terminal():
        p = st.current_player()
        seat = handles[p] if p != bot_seat or mode == "honest" else _Seat(st, handles[p], mode)
        st.apply(bots[p].choose(seat).id)
    return st.winner() == bot_seat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    ap.add_argument("--seeds", type=int, default=50, help="seeds 1..N, each played with ISMCTS in both seats")
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--deck", default="aggro", help="the deck of both seats (a mirror)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print(f"MetaX, {args.deck} mirror, ismcts:iters={args.iters} against random, seeds 1-{args.seeds}, both seats")
    print(f"{'mode':8s} {'games':>5s} {'wins':>5s} {'win rate':>9s} {'95% CI':>13s} {'seconds':>8s}")
    with ProcessPoolExecutor(args.workers) as pool:
        for mode in args.modes:
            jobs = [(s, b, mode, args.iters, args.deck) for s in range(1, args.seeds + 1) for b in (0, 1)]
            t0 = time.perf_counter()
            wins = sum(pool.map(_game, jobs))
            lo, hi = wilson(wins, len(jobs))
            print(f"{mode:8s} {len(jobs):5d} {wins:5d} {wins / len(jobs):9.1%} {lo:6.1%}-{hi:6.1%} "
                  f"{time.perf_counter() - t0:8.1f}", flush=True)


if __name__ == "__main__":
    main()
