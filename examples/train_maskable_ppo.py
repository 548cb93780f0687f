"""MaskablePPO (sb3-contrib, CPU) trained on one of our games against a bot (issue 13).

    pip install 'metatcg[rl]'          # sb3-contrib, which pulls torch
    python examples/train_maskable_ppo.py --game metax --opponent random --steps 50000 --eval-games 100

The learner's seat alternates between episodes: :class:`SeatSwapEnv` holds one
``rl.gym_env`` per seat and switches at every reset, so the policy learns both seats. The
network sees only the observation vector (a Box): the mask is not an input, MaskablePPO reads it
from ``action_masks()`` and gives illegal actions no probability. Passing the environment's
Dict to ``MultiInputPolicy`` would feed the policy the 15k-long mask as well, for nothing.

The policy (masked, deterministic: the most probable legal action) is evaluated over the same
seat-swapped deals against random and greedy before and after training, with Wilson 95%
intervals. Before training it is an arbitrary fixed policy (an untrained network's argmax), not
a random player.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

try:
    import gymnasium
except ImportError as e:   # pragma: no cover - gymnasium comes with metatcg[rl]
    raise ImportError("this example needs gymnasium: pip install 'metatcg[rl]'") from e

#: evaluation deals: a fixed range, the same before and after training (training deals are drawn at
#: random below 2**31 by the environments, so an overlap is possible but rare)
EVAL_SEED_BASE = 2**30
INSTALL = "this example needs sb3-contrib and torch: pip install 'metatcg[rl]'"


class SeatSwapEnv(gymnasium.Env):
    """One learner against ``opponent`` at alternating seats; observation = the vector only.

    Keeps ``action_masks()`` (what MaskablePPO reads). A game the bots end before the learner's
    first decision (nothing to decide) is skipped at reset: an all-false mask would break the
    masked distribution."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, game: str, opponent: str, seed: int = 0) -> None:
        from metatcg import rl

        self.envs = [rl.gym_env(game, opponent=opponent, seat=s, seed=seed * 2 + s) for s in (0, 1)]
        self.observation_space = self.envs[0].observation_space["observation"]
        self.action_space = self.envs[0].action_space
        self.episodes = 0
        self.wins = 0
        self.current = self.envs[0]
        self._mask = np.zeros(self.envs[0].table.codec.n, dtype=np.bool_)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            self.current = self.envs[self.episodes % 2]
            self.episodes += 1
            obs, info = self.current.reset(seed=seed)
            seed = None if seed is None else seed + 1
            if obs["action_mask"].any():
                self._mask = obs["action_mask"].astype(bool)
                return obs["observation"], info
            self.current.step(0)   # over before the learner's turn: close it, deal again

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.current.step(int(action))
        self._mask = obs["action_mask"].astype(bool)
        if terminated or truncated:
            self.wins += reward > 0
        return obs["observation"], reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """Bool mask of the learner's legal actions now."""
        return self._mask


def evaluate(model: Any, game: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """Seat-swapped games (game i at seat i % 2) with the masked deterministic policy."""
    from metatcg import rl
    from metatcg.sim.runner import wilson

    envs = [rl.gym_env(game, opponent=opponent, seat=s) for s in (0, 1)]
    wins = draws = 0
    for i in range(games):
        env = envs[i % 2]
        obs, _ = env.reset(seed=EVAL_SEED_BASE + seed * 10_000 + i)
        while True:
            mask = obs["action_mask"].astype(bool)
            if mask.any():
                action, _ = model.predict(obs["observation"], action_masks=mask, deterministic=True)
            else:   # over before the learner decided: any action reports the end
                action = 0
            obs, r, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                break
        wins, draws = wins + (r > 0), draws + (r == 0)
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games if games else 0.0, "ci95": (lo, hi)}


def _row(label: str, e: dict[str, Any]) -> str:
    lo, hi = e["ci95"]
    return f"{label:<26} {e['wins']:>4}-{e['draws']}-{e['losses']:<4} {e['win_rate']:>6.3f}   [{lo:.3f}, {hi:.3f}]"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Evaluate, train, evaluate again; prints a table and returns the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="metax", help="our game id (two seats)")
    ap.add_argument("--opponent", default="random", help="the bot trained against")
    ap.add_argument("--steps", type=int, default=50_000, help="training steps (learner decisions)")
    ap.add_argument("--eval-games", type=int, default=100, help="seat-swapped games per evaluation")
    ap.add_argument("--eval-opponents", default="random,greedy", help="comma-separated bots to evaluate against")
    ap.add_argument("--n-steps", type=int, default=2048, help="PPO rollout length (capped at --steps)")
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="save the trained model here (MaskablePPO.load reads it)")
    args = ap.parse_args(argv)

    try:
        import torch
        from sb3_contrib import MaskablePPO  # type: ignore[import-not-found, unused-ignore]
    except ImportError as e:
        raise ImportError(INSTALL) from e

    torch.set_num_threads(args.threads)
    env = SeatSwapEnv(args.game, args.opponent, seed=args.seed)
    n_steps = max(64, min(args.n_steps, args.steps))
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=64, seed=args.seed, device="cpu", verbose=0)
    opponents = [o for o in args.eval_opponents.split(",") if o]

    before = {o: evaluate(model, args.game, o, args.eval_games, args.seed) for o in opponents}
    w0 = torch.nn.utils.parameters_to_vector(model.policy.parameters()).detach().clone()
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - start
    w1 = torch.nn.utils.parameters_to_vector(model.policy.parameters()).detach()
    after = {o: evaluate(model, args.game, o, args.eval_games, args.seed) for o in opponents}
    if args.save:
        model.save(args.save)

    steps = int(model.num_timesteps)
    print(f"{args.game}: MaskablePPO, {steps} steps vs {args.opponent} ({env.episodes} games, seats alternating) "
          f"in {seconds:.1f} s ({1000 * seconds / max(steps, 1):.2f} s per 1k steps); "
          f"evaluation: {args.eval_games} seat-swapped games, deterministic")
    print(f"{'':<26} {'W-D-L':>10} {'win rate':>8}   95% Wilson")
    for o in opponents:
        print(_row(f"vs {o}, before", before[o]))
        print(_row(f"vs {o}, after", after[o]))
    return {"game": args.game, "before": before, "after": after, "steps": steps, "train_episodes": env.episodes,
            "train_seconds": seconds, "seconds_per_1k_steps": 1000 * seconds / max(steps, 1),
            "param_change": float((w1 - w0).abs().sum())}


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except ImportError as e:
        sys.exit(str(e))
