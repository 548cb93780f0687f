"""Test support shared by every folder of the suite (imported as ``support``).

``tests/`` is on ``sys.path`` (tests/conftest.py makes sure of it, under pytest-xdist too),
so a rule-test folder's own support module and any test file can ``import support`` or
``from support.metazoo import ...``. This module holds the game-independent helpers for
reading a state; ``support.metax`` and ``support.metazoo`` hold the per-game ones (the rule-test
folders' stand-in games, positions and actions; MetaZoo's stand-in cards are the TOML files of
``support/metazoo_cards``). ``support.contract`` drives the contract suite, which runs for every
registered game; ``support.persistence``, ``support.hidden_info``, ``support.properties``,
``support.scenarios`` and ``support.cli`` hold the drivers that it and the per-game test files
share.
"""
from __future__ import annotations


# ------------------------------------------------------------------ reading a state
def ids(st) -> list[str]:
    """The ids of the legal actions, in the order the engine offers them."""
    return [a.id for a in st.legal_actions()]


def act(st, *action_ids: str) -> None:
    """Apply the actions in turn."""
    for a in action_ids:
        st.apply(a)


def nm(st, iid: int) -> str:
    """The name of card instance ``iid``."""
    return st.data.cards[iid].name


def names(st, iids) -> list[str]:
    """Sorted names of card instances."""
    return sorted(st.data.cards[c].name for c in iids)


def zone_names(st, p: int, zone: str) -> list[str]:
    """Sorted names in player ``p``'s ``zone`` (any per-player list of ``state.data``)."""
    return names(st, getattr(st.data, zone)[p])


def card_in(st, name: str, p: int, zone: str = "hand", nth: int = 0) -> int:
    """The instance id of the ``nth`` card called ``name`` in player ``p``'s ``zone``."""
    d = st.data
    hits = [c for c in getattr(d, zone)[p] if d.cards[c].name == name]
    assert len(hits) > nth, f"no {name!r} #{nth} in P{p + 1}'s {zone}: {names(st, getattr(d, zone)[p])}"
    return hits[nth]


def log_index(st, fragment: str, start: int = 0) -> int:
    """Index of the first log line (from ``start``) containing ``fragment``; -1 if none."""
    for i, line in enumerate(st.log[start:], start):
        if fragment in line:
            return i
    return -1


def log_has(st, fragment: str, start: int = 0) -> bool:
    return log_index(st, fragment, start) >= 0
