"""A saved Metabaloids state's steps and decision name seats and cards that exist, abilities
their cards have, and a decision is its seat's with the parameters of its kind; otherwise it is
refused saying what is wrong (issue 28: mutation survivors of rules.check_loaded and
_check_record)."""
from __future__ import annotations

import json
import re

import pytest
from test_metabaloids_rules import GAME, HAND, cid, play, pos

from metatcg.engine.errors import StateDataError


def _obj(st) -> dict:
    return json.loads(st.to_json_text())


def _refused(obj: dict, message: str) -> None:
    with pytest.raises(StateDataError, match=re.escape(message) + "$"):
        GAME.state_from_json(obj)


def _loads(obj: dict) -> None:
    assert GAME.state_from_json(obj).to_json() == obj


def targeting():
    """P1 has chosen its Spiker (c23) to attack; P2's Thornhog (c44) is the last of 45 cards."""
    st = pos({"hand": ["Coin", *HAND], "columns": [["Spiker"], [], []]}, {"columns": [["Thornhog"], [], []]})
    play(st, f"attack:c{cid(st, 'Spiker')}")
    obj = _obj(st)
    assert obj["decision"][:3] == [0, "target", ["@target", 0, 23]] and obj["stack"] == []
    return obj


def declared():
    """P1's Spiker (c23) attacks P2's Thornhog (c44, the last of 45 cards): P1 pays for it."""
    st = pos({"hand": ["Coin", *HAND], "columns": [["Spiker"], [], []]}, {"columns": [["Thornhog"], [], []]})
    play(st, f"attack:c{cid(st, 'Spiker')}", f"target:c{cid(st, 'Thornhog')}")
    obj = _obj(st)
    assert len(obj["data"]["cards"]) == 45 and obj["stack"] == [["@declare", 0, 23, 44]]
    assert obj["decision"][:3] == [0, "pay", ["@pay", 0, 1, True, "starting a battle"]]
    return obj


def paying_for_an_event(seat: int = 1):
    """P2 (the last seat; or P1) pays for its Event Test Insight (c6; P1's is c0) in its Use
    Abilities phase."""
    players = [{"deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
               {"hand": ["Test Insight", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]}]
    st = pos(*(players[::-1] if seat == 0 else players), active=seat, phase="abilities")
    play(st, f"event:c{cid(st, 'Test Insight')}")
    obj = _obj(st)
    c = 6 if seat else 0
    assert obj["stack"] == [["@phase", seat, "abilities+"], ["@loop_check", seat], ["@event_done", seat, c],
                            ["@ops", ["@use", seat, c, -1, True], 0]]
    return obj


def paying_for_an_ability():
    """P1 pays for its Test Drawer's (c23) ability, whose ops wait from op 0."""
    st = pos({"hand": ["Coin", *HAND], "columns": [["Test Drawer"], [], []]}, {"columns": [["Spiker"], [], []]},
             phase="abilities")
    play(st, f"use:c{cid(st, 'Test Drawer')}")
    obj = _obj(st)
    assert obj["stack"][2] == ["@ops", ["@use", 0, 23, 0, True], 0]
    return obj


def burning():
    """P1's Lamplight Banshee (c22) asks which of two opponents' draw piles it burns."""
    st = pos({"hand": ["Coin", "Coin"], "columns": [["Lamplight Banshee"], [], []]},
             {"deck": ["Pebble"] * 3}, {"deck": ["Pebble"] * 3}, phase="abilities")
    play(st, f"use:c{cid(st, 'Lamplight Banshee')}", "pay:top", "pay:top")
    obj = _obj(st)
    assert obj["decision"][:3] == [0, "choose", ["@choose", ["@use", 0, 22, 0, True], 0]]
    return obj


def test_real_states_naming_card_0_the_last_card_and_seat_the_last_seat_load():
    for obj in (targeting(), declared(), paying_for_an_event(), paying_for_an_event(0), paying_for_an_ability(),
                burning()):
        _loads(obj)


def _decision(obj: dict, params: list | None = None, player: int | None = None, kind: str | None = None) -> dict:
    if params is not None:
        obj["decision"][2] = params
    if player is not None:
        obj["decision"][0] = player
    if kind is not None:
        obj["decision"][1] = kind
    return obj


def _stack(obj: dict, i: int, record: list) -> dict:
    obj["stack"][i] = record
    return obj


@pytest.mark.parametrize("make, message", [
    # the decision's own parameters are checked like any step
    (lambda: _decision(targeting(), ["@target", 0, 45]), "target.card names card c45, which does not exist"),
    (lambda: _decision(targeting(), ["@target", 0, -1]), "target.card names card c-1, which does not exist"),
    (lambda: _decision(targeting(), ["@target", 0, 44]), "the attacking card belongs to another seat"),
    (lambda: _decision(declared(), ["@pay", 2, 1, True, "x"]), "pay.seat names seat 2, which does not exist"),
    (lambda: _decision(declared(), ["@pay", -1, 1, True, "x"]), "pay.seat names seat -1, which does not exist"),
    (lambda: _decision(declared(), ["@pay", 0, -1, True, "x"]), "pay.left must not be negative"),
    (lambda: _decision(declared(), ["@seat", 0]), "a 'pay' decision needs Pay parameters"),
    (lambda: _decision(declared(), ["@pay", 1, 1, True, "x"]), "a 'pay' decision is for P2, not P1"),
    (lambda: _decision(targeting(), ["@target", 1, 44]), "a 'target' decision is for P2, not P1"),
    (lambda: _decision(burning(), player=1), "a 'choose' decision is for P1, not P2"),
    (lambda: _decision(burning(), ["@choose", ["@use", 0, 22, 0, True], 1]), "a choice names an op that asks for none"),
    (lambda: _decision(burning(), ["@choose", ["@use", 0, 22, 0, True], -1]), "choose.op must not be negative"),
    (lambda: _decision(burning(), ["@choose", ["@use", 0, 29, 0, True], 0]),
     "use.card names card c29, which does not exist"),
    # declared attacks
    (lambda: _stack(declared(), 0, ["@declare", 0, 44, 44]), "a declared attack names the wrong cards"),
    (lambda: _stack(declared(), 0, ["@declare", 0, 23, 23]), "a declared attack names the wrong cards"),
    (lambda: _stack(declared(), 0, ["@declare", 0, 23, 45]), "declare.target names card c45, which does not exist"),
    (lambda: _stack(declared(), 0, ["@declare", 2, 23, 44]), "declare.seat names seat 2, which does not exist"),
    # uses of abilities and Events
    (lambda: _stack(paying_for_an_ability(), 2, ["@ops", ["@use", 0, 23, 0, True], -1]), "ops.op must not be negative"),
    (lambda: _stack(paying_for_an_ability(), 2, ["@ops", ["@use", 0, 23, 1, True], 0]), "card c23 has no ability 1"),
    (lambda: _stack(paying_for_an_ability(), 2, ["@ops", ["@use", 0, 23, -1, True], 0]), "card c23 has no ability -1"),
    (lambda: _stack(paying_for_an_ability(), 2, ["@ops", ["@use", 1, 23, 0, True], 0]),
     "an ability is used by the seat that does not own its card"),
    (lambda: _stack(paying_for_an_event(), 3, ["@ops", ["@use", 1, 6, -2, True], 0]), "card c6 has no ability -2"),
    (lambda: _stack(paying_for_an_event(), 3, ["@ops", ["@use", 1, 6, 0, True], 0]), "card c6 has no ability 0"),
    (lambda: _stack(paying_for_an_event(), 0, ["@phase", 1, "lunch"]), "unknown phase 'lunch'"),
    (lambda: _stack(paying_for_an_event(), 0, ["@phase", 2, "abilities+"]),
     "phase.seat names seat 2, which does not exist"),
    (lambda: _stack(paying_for_an_event(), 2, ["@event_done", 1, 14]),
     "event_done.card names card c14, which does not exist"),
])
def test_a_step_or_decision_naming_what_no_game_could_is_refused(make, message):
    _refused(make(), message)


def test_an_unknown_decision_kind_is_refused():
    with pytest.raises(StateDataError, match="lunch"):
        GAME.state_from_json(_decision(declared(), kind="lunch"))
