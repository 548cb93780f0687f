"""Where a one-ply lookahead spends its time, per kind of option: for seeded greedy-vs-greedy
games of one game, every decision with more than one option is looked at as ``GreedyBot`` does
(one determinized sample, each option tried on a copy and evaluated). Printed per option kind
(the decision kind and the action id's first word): how many were tried, µs to copy and apply
one (to the next decision), µs to evaluate the result, the share of all lookahead time, and the
engine actions each try took. Determinizing is shown apart.

    python benchmarks/bench_lookahead_costs.py metazoo --games 40
    python benchmarks/bench_lookahead_costs.py metax --games 200

It answers "which rules steps would a faster lookahead have to make cheaper" (issue 12,
point 2): a share spread over many kinds means no single cache can buy much.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "src"), str(HERE)]

import metatcg  # noqa: E402
from common import deck_lists  # noqa: E402
from metatcg.bots import GreedyBot  # noqa: E402


def measure(game_id: str, games: int, seed: int = 0) -> dict[str, object]:
    game = metatcg.load_game(game_id)
    pairs = deck_lists(game, 2)
    apply_s: dict[str, float] = defaultdict(float)
    eval_s: dict[str, float] = defaultdict(float)
    tries: dict[str, int] = defaultdict(int)
    steps: dict[str, int] = defaultdict(int)
    det_s, decisions = 0.0, 0
    for g in range(games):
        st = game.new_state(list(pairs[g % len(pairs)]), seed=seed + g, log=False)
        bots = [GreedyBot(2 * (seed + g) + i) for i in range(2)]
        while not st.is_terminal():
            p = st.current_player()
            me = st.handle(p)
            options = me.legal_actions()
            if len(options) > 1:
                t0 = time.perf_counter()
                base = me.determinize(bots[p].rng)
                det_s += time.perf_counter() - t0
                decisions += 1
                own = {a.id: a for a in base.legal_actions()}
                kind = st.decision.kind if st.decision is not None else "?"
                for a in options:
                    key = f"{kind}: {a.id.split(':')[0]}"
                    t0 = time.perf_counter()
                    s = base.clone()
                    before = s.actions_taken
                    s.apply(own.get(a.id, a.id))
                    t1 = time.perf_counter()
                    game.evaluate(s, p)
                    t2 = time.perf_counter()
                    apply_s[key] += t1 - t0
                    eval_s[key] += t2 - t1
                    tries[key] += 1
                    steps[key] += s.actions_taken - before
            st.apply(bots[p].choose(me).id)
    return {"apply": apply_s, "eval": eval_s, "tries": tries, "steps": steps,
            "determinize": det_s, "decisions": decisions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=metatcg.game_ids())
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--top", type=int, default=15, help="option kinds shown")
    args = ap.parse_args(argv)
    m = measure(args.game, args.games, args.seed)
    apply_s, eval_s, tries, steps = m["apply"], m["eval"], m["tries"], m["steps"]  # type: ignore[misc]
    det, n_dec = float(m["determinize"]), int(m["decisions"])  # type: ignore[arg-type]
    total = det + sum(apply_s.values()) + sum(eval_s.values())
    all_tries = sum(tries.values())
    print(f"{args.game}: {args.games} greedy games, {n_dec} decisions with a choice, {all_tries} options tried "
          f"({all_tries / max(1, n_dec):.1f} per decision), {total:.2f} s of lookahead")
    print(f"determinize: {det / max(1, n_dec) * 1e6:.0f} µs per decision, {det / total:.0%} of the time")
    heads = ("tried", 7), ("copy+apply µs", 14), ("evaluate µs", 12), ("share", 6), ("actions", 8)
    print(f"{'option kind':34s} " + " ".join(f"{h:>{w}s}" for h, w in heads))
    order = sorted(tries, key=lambda k: -(apply_s[k] + eval_s[k]))
    for k in order[:args.top]:
        n = tries[k]
        print(f"{k[:34]:34s} {n:7d} {apply_s[k] / n * 1e6:14.0f} {eval_s[k] / n * 1e6:12.0f} "
              f"{(apply_s[k] + eval_s[k]) / total:6.0%} {steps[k] / n:8.1f}")
    rest = order[args.top:]
    if rest:
        share = sum(apply_s[k] + eval_s[k] for k in rest) / total
        print(f"{len(rest)} other kinds: {share:.0%}")
    print(f"all options: copy+apply {sum(apply_s.values()) / total:.0%}, evaluate {sum(eval_s.values()) / total:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
