"""A dependency-light training template: REINFORCE with a linear softmax policy (issue 13).

    python examples/train_light.py --game metax --episodes 3000 --eval-games 200 --seed 0

Needs only numpy, metatcg and gymnasium (no torch, no RL library), so CI can run it in seconds.
It is a template for researchers, not a strong agent: it shows the loop (masked decisions from
the observation vector, terminal rewards, seat-swapped evaluation with confidence intervals)
in a form small enough to read in one sitting.

The policy scores each legal action ``a`` as ``W[a] . x + b[a]`` (``x`` the observation vector,
``W`` one row of weights per action integer) and samples from the softmax over the legal
actions only; illegal actions never get probability. After each game every decision of the
learner is pushed towards (or away from) what it chose, by the game's return minus a running
baseline (REINFORCE, no discount: the only reward is the result). Only the rows of legal
actions are read or written, so a step costs O(legal x observation length), not O(N).

The learner's seat alternates between episodes (two environments, one per seat), and it is
evaluated over the same seat-swapped deals before and after training, with its policy sampled
(before training that is the uniform random policy, a clean baseline).
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

#: evaluation deals are drawn from here, far from the training deals (seed * 10**6 + episode)
EVAL_SEED_BASE = 2**30


class LinearSoftmaxPolicy:
    """Softmax over the legal actions of ``W[a] . x + b[a]``; zero weights = uniform random."""

    def __init__(self, n_actions: int, obs_size: int) -> None:
        self.W = np.zeros((n_actions, obs_size), dtype=np.float32)
        self.b = np.zeros(n_actions, dtype=np.float32)

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """Probabilities over ``legal`` (an int array of action integers) for observation ``x``."""
        logits = self.W[legal] @ x + self.b[legal]
        logits -= logits.max()
        p: np.ndarray = np.exp(logits)
        p /= p.sum()
        return p

    def act(self, x: np.ndarray, legal: np.ndarray, rng: np.random.Generator) -> tuple[int, np.ndarray]:
        """(index into ``legal`` of the sampled action, the probabilities)."""
        p = self.probs(x, legal)
        return int(rng.choice(len(legal), p=p)), p

    def update(self, x: np.ndarray, legal: np.ndarray, chosen: int, p: np.ndarray, step: float) -> None:
        """One REINFORCE step: ``step`` * grad log pi(chosen | x), on the legal rows only."""
        g = -p
        g[chosen] += 1.0
        g *= step
        self.W[legal] += g[:, None].astype(np.float32) * x[None, :]
        self.b[legal] += g.astype(np.float32)


def legal_of(obs: dict[str, np.ndarray]) -> np.ndarray:
    """The learner's legal action integers, from the mask the environment gives."""
    return np.flatnonzero(obs["action_mask"])


def play_episode(env: Any, policy: LinearSoftmaxPolicy, seed: int, rng: np.random.Generator,
                 trace: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] | None = None) -> float:
    """One game from deal ``seed``; the learner's return. Appends (x, legal, chosen, probs) per
    decision to ``trace`` when given (training)."""
    obs, _ = env.reset(seed=seed)
    while True:
        legal = legal_of(obs)
        if len(legal) == 0:   # the bots ended the game before the learner decided: any action reports it
            action = 0
        else:
            x = obs["observation"]
            i, p = policy.act(x, legal, rng)
            action = int(legal[i])
            if trace is not None:
                trace.append((x, legal, i, p))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward)


def evaluate(game: str, opponent: str, policy: LinearSoftmaxPolicy, games: int, seed: int) -> dict[str, Any]:
    """Seat-swapped games (game i at seat i % 2) against ``opponent``: wins, draws, losses, rate, CI."""
    from metatcg import rl
    from metatcg.sim.runner import wilson

    envs = [rl.gym_env(game, opponent=opponent, seat=s) for s in (0, 1)]
    rng = np.random.default_rng(seed)
    wins = draws = 0
    for i in range(games):
        r = play_episode(envs[i % 2], policy, EVAL_SEED_BASE + seed * 10_000 + i, rng)
        wins, draws = wins + (r > 0), draws + (r == 0)
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games if games else 0.0, "ci95": (lo, hi)}


def train(game: str, opponent: str, policy: LinearSoftmaxPolicy, episodes: int, lr: float, seed: int) -> dict[str, Any]:
    """REINFORCE for ``episodes`` games against ``opponent``, the learner's seat alternating."""
    from metatcg import rl

    envs = [rl.gym_env(game, opponent=opponent, seat=s) for s in (0, 1)]
    rng = np.random.default_rng(seed + 1)
    baseline = [0.0, 0.0]   # running mean return per seat (seat 0 and seat 1 differ in strength)
    wins = decisions = 0
    for ep in range(episodes):
        seat = ep % 2
        trace: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
        r = play_episode(envs[seat], policy, seed * 10**6 + ep, rng, trace)
        advantage = r - baseline[seat]
        baseline[seat] += 0.02 * (r - baseline[seat])
        for x, legal, chosen, p in trace:
            policy.update(x, legal, chosen, p, lr * advantage)
        wins += r > 0
        decisions += len(trace)
    return {"episodes": episodes, "decisions": decisions, "train_win_rate": wins / max(episodes, 1)}


def _row(label: str, e: dict[str, Any]) -> str:
    lo, hi = e["ci95"]
    return f"{label:<26} {e['wins']:>4}-{e['draws']}-{e['losses']:<4} {e['win_rate']:>6.3f}   [{lo:.3f}, {hi:.3f}]"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Evaluate, train, evaluate again; prints a table and returns the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="metax", help="our game id (two seats)")
    ap.add_argument("--opponent", default="random", help="the bot trained against")
    ap.add_argument("--episodes", type=int, default=3000, help="training games")
    ap.add_argument("--eval-games", type=int, default=200, help="seat-swapped games per evaluation")
    ap.add_argument("--eval-opponents", default="random,greedy", help="comma-separated bots to evaluate against")
    ap.add_argument("--lr", type=float, default=0.05, help="REINFORCE step size")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    from metatcg import rl

    probe = rl.gym_env(args.game, opponent=args.opponent)
    n_actions = int(probe.action_space.n)
    obs_size = int(probe.observation_space["observation"].shape[0])
    policy = LinearSoftmaxPolicy(n_actions, obs_size)
    opponents = [o for o in args.eval_opponents.split(",") if o]

    before = {o: evaluate(args.game, o, policy, args.eval_games, args.seed) for o in opponents}
    w0 = policy.W.copy()
    start = time.perf_counter()
    stats = train(args.game, args.opponent, policy, args.episodes, args.lr, args.seed)
    seconds = time.perf_counter() - start
    after = {o: evaluate(args.game, o, policy, args.eval_games, args.seed) for o in opponents}
    change = float(np.abs(policy.W - w0).sum() + np.abs(policy.b).sum())

    print(f"{args.game}: linear REINFORCE, {args.episodes} games vs {args.opponent} "
          f"({stats['decisions']} decisions) in {seconds:.1f} s; evaluation: {args.eval_games} seat-swapped games")
    print(f"{'':<26} {'W-D-L':>10} {'win rate':>8}   95% Wilson")
    for o in opponents:
        print(_row(f"vs {o}, before", before[o]))
        print(_row(f"vs {o}, after", after[o]))
    return {"game": args.game, "before": before, "after": after, "train": stats,
            "train_seconds": seconds, "param_change": change}


if __name__ == "__main__":
    main(sys.argv[1:])
