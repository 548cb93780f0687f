"""RL environments (issue 13, point 7): steps/s of the PettingZoo and Gymnasium environments
beside the raw engine's actions/s in quiet mode, random legal actions, in the same run.

    python benchmarks/bench_rl.py                       # every game at 2 seats, about 2 min
    python benchmarks/bench_rl.py --quick               # a few seconds a game, rougher figures
    python benchmarks/bench_rl.py --games metabaloids --seats 4 --json out.json

Every loop plays whole seeded games with the game's first starter decks (one per seat), in
quiet mode (``log=False``), choosing uniformly among the legal actions with
``metatcg.engine.rng.Rng``:

- raw engine: ``state.apply`` on ``legal_actions()``; the figure is driver actions/s.
- PettingZoo, no observation: ``env.last(observe=False)`` and the pick from
  ``info["legal_actions"]``: what the environment itself costs (numbering the legal actions,
  infos, turn order, rewards). Same seed and same pick as the raw loop: the very same games.
- PettingZoo, full: ``env.last()`` as an agent calls it: the observation vector (built from
  ``view(p)``) and the action mask at every step; the same games again.
- Gymnasium: the learner random at seat 0, ``random`` bots at the others; learner steps/s and
  all decisions/s (learner and bots; the latter is the figure beside the raw engine's).
- ``observe(state, p)`` alone: µs per vector, on the states of the raw games.

The loops take turns ``--repeat`` times and each figure is the best run (the machine may be
shared). Nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_header  # noqa: E402

import metatcg  # noqa: E402
from metatcg import rl  # noqa: E402
from metatcg.engine.rng import Rng  # noqa: E402
from metatcg.rl.observation import observe  # noqa: E402

GAMES = ("metax", "metazoo", "metabaloids", "metazoo-2022")


def first_decks(game, seats: int) -> list[str]:
    names = game.starter_deck_names()
    return [names[i % len(names)] for i in range(seats)]


def timed(play_one, budget: float) -> tuple[int, float]:
    """Whole games of ``play_one(k) -> steps`` for at least ``budget`` s: (steps, seconds)."""
    steps = k = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < budget:
        steps += play_one(k)
        k += 1
    return steps, time.perf_counter() - t0


def raw_game(game, decks, k: int) -> int:
    st = game.new_state(decks, seed=k, log=False)
    rng = Rng(k)
    n = 0
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
        n += 1
    return n


def aec_game(env, k: int, full: bool) -> int:
    env.reset(seed=k)
    rng = Rng(k)
    n = 0
    for _agent in env.agent_iter():
        _, _, term, trunc, info = env.last(observe=full)
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(info["legal_actions"]))
        n += 1
    return n


def gym_game(env, k: int) -> tuple[int, int]:
    """(learner steps, all decisions) of one game."""
    _, info = env.reset(seed=k)
    rng = Rng(k)
    n = 0
    done = env.state.is_terminal()
    while not done:
        _, _, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
        done = term or trunc
        n += 1
    return n, len(env.state.history)


def observe_us(game, decks, budget: float) -> float:
    """µs per ``observe`` call on the deciding seat of the raw games' states."""
    calls, spent, k = 0, 0.0, 0
    while spent < budget:
        st = game.new_state(decks, seed=k, log=False)
        rng = Rng(k)
        while not st.is_terminal():
            t = time.perf_counter()
            observe(st, st.current_player())
            spent += time.perf_counter() - t
            calls += 1
            st.apply(rng.choice(st.legal_actions()))
        k += 1
    return spent / calls * 1e6


def measure(game_id: str, seats: int, budget: float, repeat: int) -> dict:
    game = metatcg.load_game(game_id)
    decks = first_decks(game, seats)
    pz = rl.env(game, decks=decks, seats=seats)
    gym = rl.gym_env(game, opponent="random", decks=decks, seats=seats)
    gym_moves: list[int] = [0]

    def one_gym(k: int) -> int:
        steps, moves = gym_game(gym, k)
        gym_moves[0] += moves
        return steps

    loops = {
        "raw": lambda k: raw_game(game, decks, k),
        "pz_no_obs": lambda k: aec_game(pz, k, False),
        "pz_full": lambda k: aec_game(pz, k, True),
        "gym": one_gym,
    }
    for fn in loops.values():   # warm-up: imports, caches, deck files
        fn(10_000)
    best: dict[str, float] = {}
    gym_all = 0.0
    for _ in range(repeat):
        for name, fn in loops.items():
            gym_moves[0] = 0
            steps, secs = timed(fn, budget)
            if steps / secs > best.get(name, 0.0):
                best[name] = steps / secs
                if name == "gym":
                    gym_all = gym_moves[0] / secs
    f = {f"{k}_steps_per_s": v for k, v in best.items()}
    f["gym_all_decisions_per_s"] = gym_all
    f["observe_us"] = observe_us(game, decks, budget / 2)
    f["n_actions"] = pz.table.codec.n
    for k in ("pz_no_obs", "pz_full"):
        f[f"{k}_ratio"] = best[k] / best["raw"]
    f["gym_all_ratio"] = gym_all / best["raw"]
    return f


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--budget", type=float, default=3.0, help="seconds per loop and run (default 3)")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each loop; the best counts")
    ap.add_argument("--quick", action="store_true", help="0.5 s per loop, one run")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    budget, repeat = (0.5, 1) if args.quick else (args.budget, args.repeat)
    print_header(args.quick)
    figures = {}
    head = (f"{'game':<14} {'N':>9} {'raw act/s':>10} {'PZ no obs':>10} {'ratio':>6} {'PZ full':>9} {'ratio':>6} "
            f"{'gym steps/s':>11} {'gym all/s':>10} {'ratio':>6} {'observe µs':>10}")
    print(f"{args.seats} seats, quiet mode, random legal actions; ratio = figure / raw engine actions/s")
    print(head)
    print("-" * len(head))
    for gid in args.games:
        f = figures[gid] = measure(gid, args.seats, budget, repeat)
        print(f"{gid:<14} {f['n_actions']:>9,} {f['raw_steps_per_s']:>10,.0f} {f['pz_no_obs_steps_per_s']:>10,.0f} "
              f"{f['pz_no_obs_ratio']:>6.2f} {f['pz_full_steps_per_s']:>9,.0f} {f['pz_full_ratio']:>6.2f} "
              f"{f['gym_steps_per_s']:>11,.0f} {f['gym_all_decisions_per_s']:>10,.0f} {f['gym_all_ratio']:>6.2f} "
              f"{f['observe_us']:>10,.0f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
