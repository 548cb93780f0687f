"""Fuzz run of Metabaloids (issue 8): many seeded games at 2, 3 and 4 seats, random and greedy,
with the property-test invariants (tests/test_metabaloids_properties.py) checked after every
action; counts the violations and the games the kernel ended at its action limit (target 0
for both) and prints the seeds of any failing game. It also counts the loops the rules stopped
(a seat back in a position of the same turn, PR-MB-13) and names a few of their seeds.

Run from the project root (never run by pytest; the test module holds 60 games per seat count):

    python benchmarks/fuzz_metabaloids.py                        # 1,000 random + 200 greedy per seat count
    python benchmarks/fuzz_metabaloids.py --random 100 --greedy 20   # a quicker run
    python benchmarks/fuzz_metabaloids.py --replay 3 random 100042   # one game again, with its traceback

Checked after every action (``check`` and ``summary`` of the test module, imported from
tests/ by path): every card in exactly one zone of its owner; no column deeper than the grid
allows unless it gains nothing; lost piles only grow; the Draw Phase fills the hand to 7 (or
leaves a larger hand alone); each turn ended with one initiated attack per attacked opponent
or the no-attack penalty. At the end: no action-limit ending (counted apart), the game over
by its rules. On a sample of games (every ``--sample``-th seed): every seat's view leaks no
hidden card (every 13 actions); clone and JSON round trip give the same JSON text and a state
read from JSON plays on the same (every 97 actions); the game's record replays to the same
digest and returns.

As in the test module, forced decisions are not taken automatically (``auto_single`` off), so
the Draw Phase can be checked exactly at each change of turn; seeds divisible by 7 play the
short game, by 4 keep the log. Seat i of game ``seed`` plays starter deck
``(seed + i * (1 + seed % 5)) % 6`` (mirrors included). Random choices come from
``Rng(seed * 7919 + seats)``; greedy seat i is ``GreedyBot(seed * 7919 + i)`` seeing only its
handle. Games run on all cores (``concurrent.futures`` process pool, chunks of seeds).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))     # works from a checkout even if not installed
sys.path.insert(0, str(ROOT / "tests"))   # the property test's invariant checks

import pytest  # noqa: E402

import test_metabaloids_properties as props  # noqa: E402
from metatcg.bots import GreedyBot  # noqa: E402
from metatcg.engine.rng import Rng  # noqa: E402

GAME = props.GAME
DECKS = props.DECKS
Failed = pytest.fail.Exception   # what the test module's ``fail`` raises
SEAT_COUNTS = (2, 3, 4)
SEED_SPAN = 1_000_000            # seeds of (seats, bot) rows never overlap


def first_seed(base: int, seats: int, bot: str) -> int:
    return base + SEED_SPAN * (2 * seats + (bot == "greedy"))


def copies_agree(st, r) -> None:
    """Clone and JSON round trip give the same text, and a state read from JSON plays on the same."""
    text = st.to_json_text()
    if st.clone().to_json_text() != text:
        props.fail(st, "clone differs")
    loaded = GAME.state_from_json(text)
    if loaded.to_json_text() != text:
        props.fail(st, "JSON round trip differs")
    if not st.is_terminal():
        nxt = r.choice(st.legal_actions()).id
        copy = st.clone()
        loaded.apply(nxt)
        copy.apply(nxt)
        if loaded.digest() != copy.digest():
            props.fail(st, "a state read from JSON plays on differently")


def play(seats: int, bot: str, seed: int, sample: int) -> tuple[int, bool, str | None, int]:
    """One game: (driver actions, hit the action limit, violation or None, loops stopped by
    PR-MB-13). Raises nothing."""
    decks = [DECKS[(seed + i * (1 + seed % 5)) % len(DECKS)] for i in range(seats)]
    opts = {"auto_single": False, "short_game": seed % 7 == 0}
    sampled = sample > 0 and seed % sample == 0
    k = stopped = 0
    st = None
    try:
        st = GAME.new_state(decks, seed=seed, options=opts, log=seed % 4 == 0)
        r = Rng(seed * 7919 + seats)
        bots = [GreedyBot(seed * 7919 + i) for i in range(seats)] if bot == "greedy" else None
        handles = [st.handle(p) for p in range(seats)]
        before = props.summary(st.data)
        before_looped: list[int] = []
        while not st.is_terminal():
            acts = st.legal_actions()
            if not acts:
                props.fail(st, "no legal actions before the end")
            if bots is None:
                st.apply(r.choice(acts).id)
            else:
                p = st.current_player()
                st.apply(bots[p].choose(handles[p]).id)
            k += 1
            looped = len(st.data.looped)
            stopped += looped > len(before_looped)
            before_looped = st.data.looped[:] if looped else []
            props.check(st, before, sampled and k % 13 == 0)
            before = props.summary(st.data)
            if sampled and k % 97 == 0:
                copies_agree(st, r)
        if st.hit_action_limit:
            return k, True, None, stopped
        if not (st.data.phase == "over" or st.data.short_game):
            props.fail(st, f"ended in phase {st.data.phase!r} outside the short game")
        if sampled:
            again = GAME.replay(st.record(), log=False)
            if again.digest() != st.digest() or again.returns() != st.returns():
                props.fail(st, "the record replays differently")
        return k, False, None, stopped
    except Failed as e:
        return k, bool(st is not None and st.hit_action_limit), str(e), stopped
    except Exception as e:  # a crash is a violation too
        return k, False, f"after action #{k}: {type(e).__name__}: {e}", stopped


def play_chunk(seats: int, bot: str, seeds: list[int], sample: int) -> dict:
    actions = loops = 0
    limits: list[int] = []
    looped: list[int] = []
    bad: list[tuple[int, str]] = []
    for seed in seeds:
        k, limit, violation, stopped = play(seats, bot, seed, sample)
        actions += k
        loops += stopped
        if stopped:
            looped.append(seed)
        if limit:
            limits.append(seed)
        if violation is not None:
            bad.append((seed, violation))
    return {"games": len(seeds), "actions": actions, "limits": limits, "violations": bad, "loops": loops,
            "looped": looped}


def run_row(pool, seats: int, bot: str, games: int, base: int, sample: int, workers: int) -> dict:
    start = first_seed(base, seats, bot)
    seeds = list(range(start, start + games))
    size = max(1, min(50, games // (8 * workers) or 1))
    chunks = [seeds[i:i + size] for i in range(0, games, size)]
    t0 = time.perf_counter()
    if pool is None:
        parts = [play_chunk(seats, bot, c, sample) for c in chunks]
    else:
        parts = list(pool.map(play_chunk, [seats] * len(chunks), [bot] * len(chunks), chunks,
                              [sample] * len(chunks)))
    dt = time.perf_counter() - t0
    return {"seats": seats, "bot": bot, "games": sum(p["games"] for p in parts),
            "actions": sum(p["actions"] for p in parts),
            "loops_stopped": sum(p["loops"] for p in parts),
            "looped_seeds": [s for p in parts for s in p["looped"]],
            "violations": [v for p in parts for v in p["violations"]],
            "action_limit_seeds": [s for p in parts for s in p["limits"]],
            "sampled_games": sum(1 for s in seeds if sample > 0 and s % sample == 0),
            "first_seed": start, "seconds": dt}


def replay_one(seats: int, bot: str, seed: int, sample: int) -> int:
    """Play one game in this process and show where it fails, with the traceback."""
    props.fail = _fail_with_trace
    k, limit, violation, stopped = play(seats, bot, seed, sample)
    print(f"{seats} seats, {bot}, seed {seed}: {k} actions, action limit {limit}, loops stopped {stopped}, "
          f"violation: {violation}")
    return 1 if (limit or violation) else 0


def _fail_with_trace(st, msg):
    traceback.print_stack()
    pytest.fail(f"after action #{len(st.history)} (last {st.history[-5:]}): {msg}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=1000, help="random games per seat count")
    ap.add_argument("--greedy", type=int, default=200, help="greedy games per seat count")
    ap.add_argument("--seats", type=int, nargs="*", default=list(SEAT_COUNTS))
    ap.add_argument("--seed", type=int, default=100_000, help="base seed")
    ap.add_argument("--sample", type=int, default=2,
                    help="every N-th seed also checks views, clone/JSON and replay (0: none)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", type=Path, default=None, help="write the rows here")
    ap.add_argument("--replay", nargs=3, metavar=("SEATS", "BOT", "SEED"),
                    help="play one game again in this process (sampled checks on)")
    args = ap.parse_args(argv)
    if args.replay:
        seats, bot, seed = args.replay
        return replay_one(int(seats), bot, int(seed), 1)

    plan = [(s, b, n) for s in args.seats for b, n in (("random", args.random), ("greedy", args.greedy)) if n > 0]
    print(f"Metabaloids fuzz | {args.workers} workers | base seed {args.seed} | "
          f"views/clone/JSON/replay checked on every {args.sample}-th seed", flush=True)
    head = (f"{'seats':>5} {'bot':<7} {'games':>6} {'sampled':>7} {'actions':>9} {'act/game':>8} "
            f"{'violations':>10} {'limit':>5} {'loops':>5} {'seconds':>8}")
    print(head)
    print("-" * len(head), flush=True)
    rows = []
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for seats, bot, n in plan:
            r = run_row(pool, seats, bot, n, args.seed, args.sample, args.workers)
            rows.append(r)
            print(f"{seats:>5} {bot:<7} {r['games']:>6} {r['sampled_games']:>7} {r['actions']:>9,} "
                  f"{r['actions'] / max(1, r['games']):>8.1f} {len(r['violations']):>10} "
                  f"{len(r['action_limit_seeds']):>5} {r['loops_stopped']:>5} {r['seconds']:>8.1f}", flush=True)
            if r["looped_seeds"]:
                print(f"    loops stopped (PR-MB-13) in {len(r['looped_seeds'])} games, e.g. seeds "
                      f"{', '.join(map(str, r['looped_seeds'][:5]))}")
            for seed, msg in r["violations"][:20]:
                print(f"    VIOLATION seed {seed}: {msg[:300]}")
                print(f"      again: python benchmarks/fuzz_metabaloids.py --replay {seats} {bot} {seed}")
            for seed in r["action_limit_seeds"][:20]:
                print(f"    ACTION LIMIT seed {seed}: "
                      f"python benchmarks/fuzz_metabaloids.py --replay {seats} {bot} {seed}")
    finally:
        if pool is not None:
            pool.shutdown()
    games = sum(r["games"] for r in rows)
    bad = sum(len(r["violations"]) for r in rows)
    limited = sum(len(r["action_limit_seeds"]) for r in rows)
    print("-" * len(head))
    print(f"{'all':>5} {'':<7} {games:>6} {sum(r['sampled_games'] for r in rows):>7} "
          f"{sum(r['actions'] for r in rows):>9,} {'':>8} {bad:>10} {limited:>5} "
          f"{sum(r['loops_stopped'] for r in rows):>5} "
          f"{sum(r['seconds'] for r in rows):>8.1f}")
    print(f"violations: {bad} (target 0); action-limit endings: {limited} (target 0); {games} games")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 1 if bad or limited else 0


if __name__ == "__main__":
    sys.exit(main())
