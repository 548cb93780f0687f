"""Pieces shared by the property tests of every game (test_properties_*.py): the seated
random/greedy game driver and the invariant checker's base (failure messages naming the
game and the action, and the checks of the legal action list)."""
from __future__ import annotations

from collections import Counter

import pytest

from metatcg.bots import GreedyBot
from metatcg.engine.rng import Rng


def play_seated(st, seed: int, bots, after_each) -> None:
    """Play ``st`` to the end: seat i is ``GreedyBot(seed * 31 + i)`` where ``bots[i]`` is
    "greedy", else a random player (one seeded chooser for both); ``after_each(st)`` runs
    after every action."""
    chooser = Rng(seed * 2654435761 + 17)
    players = [GreedyBot(seed * 31 + i) if b == "greedy" else None for i, b in enumerate(bots)]
    while not st.is_terminal():
        p = st.current_player()
        bot = players[p]
        act = bot.choose(st.handle(p)) if bot is not None else chooser.choice(st.legal_actions())
        st.apply(act.id)
        after_each(st)


class BaseChecker:
    """Checks one game; a failure names the game (``label``), the action index and the last ids."""

    def __init__(self, label: str) -> None:
        self.label = label

    def fail(self, st, msg: str) -> None:
        tail = st.history[-6:]
        pytest.fail(f"{self.label}, after action #{len(st.history)} (last ids {tail}): {msg}")

    def check_legal_actions(self, st, try_all_actions: bool) -> None:
        """While the game runs: the legal action list is non-empty, its ids are unique and (if
        ``try_all_actions``) every offered id applies on a clone without error."""
        acts = st.legal_actions()
        if not acts:
            self.fail(st, "no legal actions before the end")
        ids = [a.id for a in acts]
        dups = [i for i, c in Counter(ids).items() if c > 1]
        if dups:
            self.fail(st, f"duplicate action ids {dups}")
        if try_all_actions:
            for aid in ids:
                trial = st.clone()
                try:
                    trial.apply(aid)
                except Exception as e:  # noqa: BLE001 - any error is a failure here
                    self.fail(st, f"offered action {aid!r} raised {type(e).__name__}: {e}")
