"""Metabaloids saved states: a valid one loads back exactly, one with a defect is refused.

Each valid state below holds what a round trip can get wrong: a battle in progress (drawn
cards, a bonus, a lasting Event, the seat attacked), card 0 in a battle draw and in a column,
safe and used marks, a reshuffle this turn, a new game at its first placement. Each broken one
has one defect a loader must see (a seat or card out of range, a battle whose cards belong to
the wrong sides, a card in two places, decks that are not the game's) and is refused with a
StateDataError saying what is wrong.
"""
from __future__ import annotations

import json

import pytest
from test_metabaloids_rules import GAME, HAND, cid, ids, play, pos

import metatcg
from metatcg.engine.errors import StateDataError

REAL = metatcg.load_game("metabaloids")


def same_after_loading(st) -> None:
    """The state read back from its JSON text is the same, and plays on the same."""
    back = GAME.state_from_json(st.to_json_text())
    assert back.to_json() == st.to_json()
    if not st.is_terminal():
        a = ids(st)[0]
        st, back = st.clone(), back
        st.apply(a)
        back.apply(a)
        assert back.to_json() == st.to_json()


def in_battle():
    """P2 attacks P1; P1's battle draw is card 0; P2 has played an Event that lasts for the
    battle (+2) and waits in the bonus window with Test Booster still to use."""
    st = pos({"deck": ["Draw One", "Draw Two", "Draw One"],
              "columns": [["Thornhog"], [{"name": "Mossback", "safe": True}], []]},
             {"hand": ["Coin", "Test Surge", *HAND], "deck": ["Draw Two"] * 4,
              "columns": [["Spiker", "Test Booster"], [{"name": "Test Drawer", "used": True}], []]}, active=1)
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Thornhog')}", f"pay:c{cid(st, 'Coin', 1, 'hand')}")
    play(st, f"event:c{cid(st, 'Test Surge')}")
    play(st, f"pay:c{cid(st, 'Coin', 1, 'hand')}")
    return st


def test_a_state_in_the_middle_of_a_battle_loads_back_exactly():
    st = in_battle()
    b = st.data.battle
    assert b is not None and b.ddraw == 0 and b.drawn and b.abonus == 2
    assert st.data.attacked == [0] and st.data.used and st.data.safe
    same_after_loading(st)


def test_a_state_with_card_0_in_a_column_and_a_reshuffle_this_turn_loads_back_exactly():
    st = pos({"columns": [["Spiker"], [], []], "deck": []},
             {"discard": ["Pebble"] * 6, "deck": ["Pebble"] * 3, "columns": [["Test Drawer"], [], []]},
             active=1, phase="draw")
    assert st.data.columns[0][0] == [0] and st.data.turn_shuffled   # the 7-card draw reshuffled
    same_after_loading(st)


def test_a_state_paying_for_an_ability_in_the_use_abilities_phase_loads_back_exactly():
    """The phase's own decision waits on the stack ("abilities+") under the payment."""
    st = pos({"hand": ["Coin", *HAND], "columns": [["Test Drawer"], [], []]}, {"columns": [["Spiker"], [], []]},
             phase="abilities")
    play(st, f"use:c{cid(st, 'Test Drawer')}")
    assert st.decision.kind == "pay" and ["@phase", 0, "abilities+"] in st.to_json()["stack"]
    same_after_loading(st)


def test_a_new_game_loads_back_exactly_at_its_first_placement():
    st = REAL.new_state(["starter", "swarm"], seed=3)
    assert st.data.phase == "setup" and st.decision.kind == "place"
    back = REAL.state_from_json(st.to_json_text())
    assert back.to_json() == st.to_json()
    a = ids(st)[0]
    st.apply(a)
    back.apply(a)
    assert back.to_json() == st.to_json()


def _broken(change) -> dict:
    obj = json.loads(in_battle().to_json_text())
    change(obj)
    return obj


def _battle(o: dict, **fields) -> None:
    names = ("attacker", "defender", "acard", "tcard")
    for f, v in fields.items():
        o["data"]["battle"][names.index(f)] = v


def _card(o: dict, name: str, seat: int) -> int:
    return next(c for c, nm in enumerate(o["data"]["cards"]) if nm == name and o["data"]["owner"][c] == seat)


BROKEN = {
    "active seat 2 of 2": (lambda o: o["data"].update(active=2), "active must be a whole number from 0 to 1"),
    "first seat 2 of 2": (lambda o: o["data"].update(first=2), "first must be a whole number from 0 to 1"),
    "attacked seat 2 of 2": (lambda o: o["data"].update(attacked=[2]), "attacked must be a list"),
    "a battle of a seat against itself": (
        lambda o: _battle(o, defender=1, tcard=_card(o, "Test Booster", 1)), "do not belong to its sides"),
    "an attacking card of the defender": (
        lambda o: _battle(o, acard=_card(o, "Mossback", 0)), "do not belong to its sides"),
    "an attacker seat 2 of 2": (lambda o: _battle(o, attacker=2), "attacker must be a whole number from 0 to 1"),
    "an attacking card that does not exist": (
        lambda o: _battle(o, acard=len(o["data"]["cards"])), "acard must be a whole number"),
    "a used mark on a card in hand": (
        lambda o: o["data"]["used"].append(o["data"]["hand"][1][0]), "marks belong to cards in play"),
    "a card in a hand and in the lost pile": (
        lambda o: o["data"]["lost"][1].append(o["data"]["hand"][1][0]), r"\(P2 hand, P2 lost\)"),
    "three decks for a game of two": (lambda o: o["decks"].append(o["decks"][0]), "deck"),
    "a step for seat 9": (lambda o: o["stack"].append(["@phase", 9, "restock"]), "phase.seat names seat 9"),
    "a trigger of a card that does not exist": (
        lambda o: o["stack"].append(["@trigger", ["@use", 1, 99, 0, False]]), "use.card names card c99"),
}


@pytest.mark.parametrize("defect", list(BROKEN))
def test_a_saved_state_with_a_defect_is_refused_with_a_clear_error(defect: str):
    change, message = BROKEN[defect]
    with pytest.raises(StateDataError, match=message):
        GAME.state_from_json(_broken(change))
