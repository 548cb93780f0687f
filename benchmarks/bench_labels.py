"""How many option labels read alike as a game first words them, and how many the kernel
still has to number (issue 29: the target is 0; before, each such label got its action id).
Also the cost of stripping rule IDs from log lines, old and new way.

    python benchmarks/bench_labels.py             # 30 greedy-vs-greedy games per game and seat count
    python benchmarks/bench_labels.py --games 200
"""
from __future__ import annotations

import argparse
import re
import timeit
from collections import Counter

import metatcg
from metatcg.bots import make_bot
from metatcg.engine import labels as engine_labels
from metatcg.engine import state as engine_state
from metatcg.engine.citations import without_rule_ids

CONFIGS = [("metax", 2), ("metazoo", 2), ("metabaloids", 2), ("metabaloids", 3), ("metabaloids", 4),
           ("metazoo-2022", 2), ("metazoo-2022", 3), ("metazoo-2022", 4)]
_OLD = re.compile(r" \((?:[A-Z]{1,5}[0-9]*-[A-Z0-9]+(?:-[0-9]+[a-z]?)?(?:/[0-9]+[a-z]?)*(?:, )?)+\)")


def old_strip(line: str) -> str:
    """The stripper before issue 29: only whole bracketed groups of IDs at a line's end."""
    return _OLD.sub("", line) if "-" in line and "(" in line else line


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    n_games = ap.parse_args().games
    counts: Counter[str] = Counter()
    real_hook = engine_state.distinct_labels
    real_numbered = engine_labels.numbered

    def hook(state, actions, game_hook):          # called only when labels clash
        counts["alike"] += sum(k for k in Counter(a.label for a in actions).values() if k > 1)
        return real_hook(state, actions, game_hook)

    def numbering(actions):
        out = real_numbered(actions)
        counts["numbered"] += sum(1 for a, b in zip(actions, out) if a.label != b.label)
        return out

    engine_state.distinct_labels = hook
    engine_labels.numbered = numbering
    lines: list[str] = []
    print(f"{'game':16} {'games':>5} {'labels':>8} {'alike':>7} {'share':>7} {'numbered':>8}")
    for gid, seats in CONFIGS:
        game = metatcg.load_game(gid)
        names = game.starter_deck_names()
        counts.clear()
        for seed in range(n_games):
            st = game.new_state([game.starter_deck(names[(seed + i) % len(names)]) for i in range(seats)], seed=seed)
            bots = [make_bot("greedy", seed * 10 + i) for i in range(seats)]
            while not st.is_terminal():
                counts["labels"] += len(st.legal_actions())
                p = st.current_player()
                st.apply(bots[p].choose(st.handle(p)))
            if seed == 0:
                lines += st.log
        share = 100 * counts["alike"] / max(counts["labels"], 1)
        print(f"{gid + ' ' + str(seats) + 'p':16} {n_games:>5} {counts['labels']:>8} {counts['alike']:>7} "
              f"{share:>6.2f}% {counts['numbered']:>8}")
    for name, f in (("old stripper", old_strip), ("new stripper", without_rule_ids)):
        t = min(timeit.repeat(lambda f=f: [f(x) for x in lines], number=10, repeat=5)) / 10 / len(lines)
        print(f"{name}: {t * 1e6:.3f} µs a log line ({len(lines)} lines of one game of each)")


if __name__ == "__main__":
    main()
