"""OpenSpiel's MCTS bot against one of ours, through the OpenSpiel registration (issue 13).

    python examples/openspiel_mcts.py --game metax --games 10 --simulations 50 --opponent greedy

MCTS is a perfect-information search: given our true state it would read the opponent's hand and
the future shuffles. So before every decision it searches a determinized copy
(``resample_from_infostate``: hidden cards and future chance resampled for its seat), which makes
it an honest single-sample "determinized MCTS". Seats alternate between games.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np


def play_one(game: Any, mcts_bot: Any, opponent: Any, mcts_seat: int, seed: int, rand: np.random.RandomState) -> float:
    """One game from deal ``seed``; MCTS's return."""
    state = game.new_initial_state(seed=seed)
    codec = game.codec
    while not state.is_terminal():
        player = state.current_player()
        if player == mcts_seat:
            searched = state.resample_from_infostate(player, rand.random_sample)
            action = mcts_bot.step(searched)
        else:
            engine = state.engine
            action = codec.encode(opponent.choose(engine.handle(player)))
        state.apply_action(action)
    return float(state.returns()[mcts_seat])


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the match; prints and returns the MCTS bot's wins, draws, losses and seconds per game."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="metax", help="our game id (played at two seats)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=50, help="MCTS simulations per decision")
    ap.add_argument("--rollouts", type=int, default=1, help="random rollouts per MCTS leaf")
    ap.add_argument("--opponent", default="greedy", help="our bot: random, greedy, ismcts:iters=200, ...")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

    from metatcg.bots import make_bot
    from metatcg.rl.openspiel_game import openspiel_name, register

    register(args.game)
    game = pyspiel.load_game(openspiel_name(args.game))
    rand = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rand)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator,
                       random_state=rand, solve=False)
    opponent = make_bot(args.opponent, seed=args.seed)
    wins = draws = losses = 0
    start = time.perf_counter()
    for i in range(args.games):
        r = play_one(game, bot, opponent, mcts_seat=i % 2, seed=args.seed * 1000 + i, rand=rand)
        wins, draws, losses = wins + (r > 0), draws + (r == 0), losses + (r < 0)
        print(f"game {i + 1}: MCTS (seat {i % 2}) {'wins' if r > 0 else 'draws' if r == 0 else 'loses'}",
              flush=True)
    per_game = (time.perf_counter() - start) / max(args.games, 1)
    n = max(args.games, 1)
    print(f"{args.game}: OpenSpiel MCTS ({args.simulations} sims) vs {args.opponent}: "
          f"{wins}W {draws}D {losses}L, win rate {wins / n:.2f}, {per_game:.1f} s/game")
    return {"wins": wins, "draws": draws, "losses": losses, "win_rate": wins / n, "seconds_per_game": per_game}


if __name__ == "__main__":
    main(sys.argv[1:])
