"""How many decisions a person is asked per game, before and after seat preferences.

    python benchmarks/decisions.py                     # 200 games per game, every game
    python benchmarks/decisions.py --games metax --count 50

A scripted person sits at seat 1 (P1) against greedy bots and plays like greedy. *Before*:
every decision of P1 with two or more options is a question (the kernel already takes single
options). *After*, with the default preferences (``ui.prefs``): a window that P1's stops let
pass, or a choice whose options all do the same, is answered by the preferences; and a run of
picks of one choice (a payment, card losses, an order: the game's ``pick_kinds``) is one
question, since its options keep their numbers and the picks can be typed in one answer
(``ui.picks``). Both columns count the same seeded games; the "after" games differ only where a
preference answered differently from greedy. Also counted: every action is in the record, and
how many option labels P1 was shown contain an internal id (``#c12``-like or ``[kind:id]``).
With ``--fair`` the person's seat is asked in every response window, holding something or not,
as at a table with people (PR-K-10). Never run by pytest.
"""
from __future__ import annotations

import argparse
import collections
import re
import statistics
import time

import metatcg
from metatcg.bots import make_bot
from metatcg.engine.windows import ASK_SEATS, ask_seats_text
from metatcg.ui.prefs import SeatPrefs, auto_answer
from metatcg.ui.presentation import presentation_of

GAMES = {"metax": 2, "metazoo": 2, "metabaloids": 3, "metazoo-2022": 2}
ID_IN_LABEL = re.compile(r"\[[a-z_]+:[^\]]*\]|\b[cf]\d+\b")
PERSON = 0


KINDS: dict[bool, collections.Counter[str]] = {False: collections.Counter(), True: collections.Counter()}


def play(game, seats: int, seed: int, prefs: SeatPrefs | None, fair: bool = False) -> dict[str, int]:
    names = game.starter_deck_names()
    decks = [game.starter_deck(names[(seed + i) % len(names)]) for i in range(seats)]
    st = game.new_state(decks, seed=seed, options={ASK_SEATS: ask_seats_text([PERSON])} if fair else None)
    pres = presentation_of(game)
    bots = [make_bot("greedy", seed * 31 + p) for p in range(seats)]
    asked = labels = with_id = by_prefs = 0
    last = None                       # (kind, history length) of the person's last pick
    while not st.is_terminal():
        p = st.current_player()
        if p != PERSON:
            st.apply(bots[p].choose(st.handle(p)))
            continue
        legal = st.legal_actions()
        kind = st.decision.kind
        step = len(st.history)
        action = auto_answer(st, p, prefs, pres, fair=fair) if prefs is not None else None
        if action is not None:
            by_prefs += 1
        else:
            continuing = prefs is not None and kind in pres.pick_kinds and last == (kind, step - 1)
            if not continuing:
                asked += 1
                KINDS[prefs is not None][kind] += 1
                labels += len(legal)
                with_id += sum(1 for a in legal if ID_IN_LABEL.search(a.label))
            action = bots[p].choose(st.handle(p))
            last = (kind, step)
        st.apply(action)
    record = st.record()
    assert len(record["actions"]) == len(st.history)
    return {"asked": asked, "labels": labels, "with_id": with_id, "by_prefs": by_prefs,
            "actions": len(st.history)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--kinds", action="store_true", help="also the questions by decision kind")
    ap.add_argument("--fair", action="store_true",
                    help="the person is asked in every response window, as at a table with people (PR-K-10)")
    args = ap.parse_args()
    print(f"{'game':14} {'seats':>5} {'before':>8} {'after':>8} {'fewer':>7} {'by prefs':>9} "
          f"{'ids in labels':>14} {'s/game':>7}")
    for gid in args.games:
        game = metatcg.load_game(gid)
        seats = GAMES[gid]
        t = time.perf_counter()
        before = [play(game, seats, s, None, args.fair) for s in range(args.count)]
        after = [play(game, seats, s, SeatPrefs(), args.fair) for s in range(args.count)]
        b = statistics.mean(r["asked"] for r in before)
        a = statistics.mean(r["asked"] for r in after)
        ids = sum(r["with_id"] for r in after) / max(1, sum(r["labels"] for r in after))
        print(f"{gid:14} {seats:>5} {b:8.1f} {a:8.1f} {1 - a / b:7.1%} "
              f"{statistics.mean(r['by_prefs'] for r in after):9.1f} {ids:14.2%} "
              f"{(time.perf_counter() - t) / (2 * args.count):7.2f}")
        if args.kinds:
            for k, n in KINDS[False].most_common():
                print(f"    {k:20} {n / args.count:6.1f} {KINDS[True][k] / args.count:6.1f}")
        KINDS[False].clear()
        KINDS[True].clear()


if __name__ == "__main__":
    main()
