"""MetaX test support shared by the rule-test folders (rules_metax_a, rules_metax_b)."""
from __future__ import annotations

import copy

import pytest

import metatcg
from metatcg.engine.errors import StateDataError


def stand_in_game(cards: str, path: str):
    """The MetaX game with a folder's stand-in cards (TOML ``cards``) in its pool."""
    base = metatcg.load_game("metax")
    return base.with_cards(base.parse_cards(cards, path))


def position(game, p1: dict, p2: dict, *, turn: int, active: int, first: int, step: str, seed: int, auto: bool):
    """``game.position`` of two [[player]] tables (position.py format). ``auto=False`` turns off
    the automatic "(only choice)" moves, so that a test takes every decision itself."""
    spec = {"turn": turn, "active": active, "first": first, "step": step, "seed": seed,
            "player": [p1, p2], "options": {"auto_single": auto}}
    return game.position(spec)


def round_trip(game, st) -> dict:
    """Save ``st``, load it back, and check the copy saves the same and offers the same options."""
    obj = st.to_json()
    back = game.state_from_json(copy.deepcopy(obj))
    assert back.to_json() == obj
    assert [a.id for a in back.legal_actions()] == [a.id for a in st.legal_actions()]
    return obj


def refused(game, obj: dict, match: str) -> None:
    """Loading ``obj`` is refused with a StateDataError whose message matches ``match``."""
    with pytest.raises(StateDataError, match=match):
        game.state_from_json(obj)
