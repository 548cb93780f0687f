"""A saved Metabaloids state is read back when a game could reach it and refused, with an error
naming the field and its bounds, when none could (issue 28: mutation survivors of data.py's
from_json and check). The base is a battle in progress (tests/test_metabaloids_state_json.py):
16 cards, 2 seats, P2 attacking with a battle draw on each side."""
from __future__ import annotations

import json
import re

import pytest
from test_metabaloids_rules import GAME, cid, pos
from test_metabaloids_state_json import in_battle

from metatcg.engine.errors import StateDataError

BIG = 1 << 31


def _base() -> dict:
    obj = json.loads(in_battle().to_json_text())
    assert len(obj["data"]["cards"]) == 16 and len(obj["data"]["hand"]) == 2
    return obj


def _set(obj: dict, path: list, value) -> dict:
    at = obj["data"]
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    return obj


def _refused(obj: dict, message: str) -> None:
    with pytest.raises(StateDataError, match="ValueError: " + re.escape(message)):
        GAME.state_from_json(obj)


def _loads(obj: dict):
    st = GAME.state_from_json(obj)
    assert st.to_json()["data"] == obj["data"]
    return st


def _n(what: str, lo: int, hi: int) -> str:
    return f"{what} must be a whole number from {lo} to {hi}"


def _ns(what: str, lo: int, hi: int) -> str:
    return f"{what} must be a list of whole numbers from {lo} to {hi}"


FLAG = "expected true or false"
B = ["battle"]
OUT_OF_BOUNDS = [
    (["cards"], "Spiker", "cards must be a list"),
    (["cards", 0], 5, "cards must be card names"),
    (["hand"], "none", "hand must be a list"),
    (["owner", 15], 2, _ns("owner", 0, 1)),
    (["owner"], [0] * 5 + [1] * 10, _ns("owner", 0, 1)),
    *[([z, 0], [16], _ns(z, 0, 15)) for z in ("draw", "hand", "reserve", "events", "discard", "lost")],
    *[([z], [[]], f"{z} must be a list of 2") for z in ("draw", "reserve", "events", "discard", "lost")],
    (["columns", 0, 2], [16], _ns("a column", 0, 15)),
    (["columns", 0], [[3], [4]], "columns must be a list of 3"),
    (["columns"], [[[3], [4], []]], "columns must be a list of 2"),
    (["safe"], [16], _ns("safe", 0, 15)),
    (["used"], [-1], _ns("used", 0, 15)),
    (["active"], -1, _n("active", 0, 1)),
    (["active"], 2, _n("active", 0, 1)),
    (["first"], -1, _n("first", 0, 1)),
    (["turn"], -1, _n("turn", 0, BIG - 1)),
    (["turn"], BIG, _n("turn", 0, BIG - 1)),
    (["phase"], "lunch", "unknown phase 'lunch'"),
    (["attacked"], [-1], _ns("attacked", 0, 1)),
    (["attacks"], -1, _n("attacks", 0, BIG - 1)),
    (["attacks"], BIG, _n("attacks", 0, BIG - 1)),
    (["penalty"], 0, FLAG),
    (["deploy_points"], [8, 0], _ns("deploy_points", 0, 7)),
    (["deploy_points"], [0], _ns("deploy_points", 0, 7)),
    (["deploy_done"], [False], "deploy_done must be a list of 2"),
    (["deploy_done", 1], 0, FLAG),
    (["battle"], [1, 0, 13, 3, 0, 0, 9, 0, True, 2, 0, -1], "battle must be a list of 13"),
    (B + [0], 2, _n("attacker", 0, 1)),
    (B + [1], -1, _n("defender", 0, 1)),
    (B + [1], 2, _n("defender", 0, 1)),
    (B + [2], 16, _n("acard", 0, 15)),
    (B + [3], -1, _n("tcard", 0, 15)),
    (B + [3], 16, _n("tcard", 0, 15)),
    (B + [4], 3, _n("acol", 0, 2)),
    (B + [5], -1, _n("dcol", 0, 2)),
    (B + [5], 3, _n("dcol", 0, 2)),
    (B + [6], -2, _n("adraw", -1, 15)),
    (B + [7], -2, _n("ddraw", -1, 15)),
    (B + [7], 16, _n("ddraw", -1, 15)),
    (B + [8], 1, FLAG),
    (B + [9], BIG, _n("abonus", -BIG, BIG - 1)),
    (B + [10], -BIG - 1, _n("dbonus", -BIG, BIG - 1)),
    (B + [10], BIG, _n("dbonus", -BIG, BIG - 1)),
    (B + [11], -2, _n("atotal", -1, BIG - 1)),
    (B + [12], -2, _n("dtotal", -1, BIG - 1)),
    (B + [12], BIG, _n("dtotal", -1, BIG - 1)),
    (["short_game"], 0, FLAG),
    (["emptied"], None, FLAG),
    (["known"], [16], _ns("known", 0, 15)),
    (["top_known"], [-2, -1], _ns("top_known", -1, 15)),
    (["top_known"], [-1], _ns("top_known", -1, 15)),
    (["shuffled", 1], [16], _ns("shuffled", 0, 15)),
    (["shuffled"], [[]], "shuffled must be a list of 2"),
    (["seen"], [-1], _ns("seen", 0, (1 << 63) - 1)),
    (["seen"], [1 << 63], _ns("seen", 0, (1 << 63) - 1)),
    (["looped"], [2], _ns("looped", 0, 1)),
    (["turn_shuffled"], 1, FLAG),
]


@pytest.mark.parametrize("path, value, message", OUT_OF_BOUNDS)
def test_a_saved_field_out_of_its_bounds_is_refused_naming_the_field_and_its_bounds(path, value, message):
    _refused(_set(_base(), path, value), message)


@pytest.mark.parametrize("seats", [1, 5])
def test_a_game_of_one_or_five_seats_is_refused(seats):
    obj = _base()
    obj["data"]["hand"] = [[] for _ in range(seats)]
    _refused(obj, "a Metabaloids game has 2 to 4 seats")


def test_a_game_of_four_seats_loads():
    st = pos({"columns": [["Spiker"], [], []]}, {"columns": [["Spiker"], [], []]},
             {"columns": [["Spiker"], [], []]}, {"columns": [["Spiker"], [], []]}, active=3, first=3)
    _loads(json.loads(st.to_json_text()))


@pytest.mark.parametrize("path, value", [
    (["first"], 1), (["turn"], 0), (["attacks"], 0),
    (["deploy_points"], [7, 0]), (["deploy_points"], [0, 7]),
    (B + [4], 2), (B + [5], 2), (B + [9], -BIG), (B + [10], BIG - 1), (B + [10], -3),
    (B + [11], 0), (B + [12], 9), (B + [11], BIG - 1),
    (["seen"], [0, (1 << 63) - 1]), (["looped"], [0, 1]), (["attacked"], []),
])
def test_a_saved_field_at_its_bounds_loads(path, value):
    _loads(_set(_base(), path, value))


def test_seat_0_active_loads():
    _loads(_set(_set(_base(), ["active"], 0), ["attacked"], [1]))


def test_a_battle_before_its_draws_whose_target_is_card_0_loads():
    """P1 holds no hand and no draw pile, so its Thornhog is card 0; the battle has no draw yet."""
    st = pos({"deck": [], "columns": [["Thornhog"], [], []]},
             {"hand": ["Coin", "Pebble", "Coin"], "deck": ["Draw One"] * 3, "columns": [["Spiker"], [], []]},
             active=1)
    st.apply(f"attack:c{cid(st, 'Spiker')}")
    st.apply("target:c0")
    obj = json.loads(st.to_json_text())
    assert st.data.cards[0].name == "Thornhog"
    obj = _set(obj, ["battle"], [1, 0, cid(st, "Spiker"), 0, 0, 0, -1, -1, False, 0, 0, -1, -1])
    back = _loads(obj)
    assert back.data.battle.tcard == 0 and back.data.battle.ddraw == -1


def test_a_state_saved_before_loop_checks_loads_with_none_seen_looped_or_reshuffled():
    obj = _base()
    for key in ("seen", "looped", "turn_shuffled"):
        del obj["data"][key]
    d = GAME.state_from_json(obj).data
    assert d.seen == [] and d.looped == [] and d.turn_shuffled is False


# ----------------------------------------------------------------- consistency (MetabaloidsData.check)
# P1 owns c0..c4: draw [2, 1], columns [[3], [4], []], c0 its battle draw, c4 safe. P2 owns c5..c15:
# hand [7], events [6], discard [5, 8], draw [12, 11, 10], columns [[13, 14], [15], []], c9 its
# battle draw, c15 used.
def _changed(**data) -> dict:
    obj = _base()
    obj["data"].update(data)
    return obj


def _battle(**fields) -> list:
    b = dict(zip(("attacker", "defender", "acard", "tcard", "acol", "dcol", "adraw", "ddraw"),
                 [1, 0, 13, 3, 0, 0, 9, 0]), **fields)
    return [*b.values(), True, 2, 0, -1, -1]


def _refused_exactly(obj: dict, message: str) -> None:
    with pytest.raises(StateDataError, match="ValueError: " + re.escape(message) + "$"):
        GAME.state_from_json(obj)


@pytest.mark.parametrize("data, message", [
    ({"draw": [[2, 1, 12], [11, 10]]}, "card c12 is with P1 but belongs to P2"),
    ({"draw": [[2], [12, 11, 10, 1]]}, "card c1 is with P2 but belongs to P1"),
    ({"hand": [[], [7, 9]]}, "cards lost, doubled or unknown: c9 (P2 hand, battle draw)"),
    ({"draw": [[2, 1, 0], [12, 11, 10]]}, "cards lost, doubled or unknown: c0 (P1 draw, battle draw)"),
    ({"lost": [[], [7]]}, "cards lost, doubled or unknown: c7 (P2 hand, P2 lost)"),
    ({"hand": [[], []]}, "cards lost, doubled or unknown: c7 (nowhere)"),
    ({"hand": [[], []], "discard": [[], []], "draw": [[2, 1], []]},
     "cards lost, doubled or unknown: c5 (nowhere), c7 (nowhere), c8 (nowhere), c10 (nowhere), c11 (nowhere)"),
    ({"safe": [4, 2]}, "safe and used marks belong to cards in play"),
    ({"used": [15, 7]}, "safe and used marks belong to cards in play"),
    ({"known": [2]}, "known hand cards must be in a hand"),
    ({"top_known": [2, -1]}, "a known top card must be on top of its draw pile"),
    ({"top_known": [-1, 7]}, "a known top card must be on top of its draw pile"),
    ({"top_known": [-1, 7], "draw": [[2, 1], []], "discard": [[], [5, 8, 12, 11, 10]]},
     "a known top card must be on top of its draw pile"),
    ({"top_known": [0, -1], "draw": [[0, 2, 1], [12, 11, 10]], "battle": _battle(ddraw=-1)},
     "a known top card must be on top of its draw pile"),
    ({"events": [[], []], "reserve": [[], [6]]}, "Test Surge is an Event: it cannot be in the reserve or play area"),
    ({"events": [[], []], "columns": [[[3], [4], []], [[13, 14], [15], [6]]]},
     "Test Surge is an Event: it cannot be in the reserve or play area"),
    ({"shuffled": [[12], []]}, "a reshuffle names another seat's card"),
    ({"shuffled": [[], [1]]}, "a reshuffle names another seat's card"),
    ({"battle": _battle(tcard=14)}, "the battle's cards do not belong to its sides"),
    ({"battle": _battle(defender=1, tcard=14, ddraw=-1), "draw": [[2, 1, 0], [12, 11, 10]]},
     "the battle's cards do not belong to its sides"),
    ({"battle": _battle(adraw=0, ddraw=-1), "hand": [[], [7, 9]]}, "a battle draw belongs to the other side"),
    ({"battle": _battle(adraw=-1, ddraw=9), "draw": [[2, 1, 0], [12, 11, 10]]},
     "a battle draw belongs to the other side"),
    ({"attacked": [0, 0]}, "attacked lists each opponent once"),
    ({"attacked": [1]}, "attacked lists each opponent once"),
    ({"looped": [1, 1]}, "looped lists each seat once"),
])
def test_a_state_no_game_could_reach_is_refused_saying_what_is_wrong(data, message):
    _refused_exactly(_changed(**data), message)


@pytest.mark.parametrize("data", [
    {"top_known": [1, -1]}, {"top_known": [-1, 10]},
    {"known": [7]}, {"shuffled": [[1, 2], [10]]},
    {"battle": _battle(adraw=-1), "hand": [[], [7, 9]]},
    {"battle": _battle(ddraw=-1), "draw": [[2, 1, 0], [12, 11, 10]]},
])
def test_a_state_a_game_could_reach_loads(data):
    _loads(_changed(**data))
