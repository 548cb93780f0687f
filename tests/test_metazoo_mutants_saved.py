"""A saved MetaZoo (four-lane) state is read back whatever its cards' numbering, and one with a
defect is refused with an error naming the field or decision at fault (data.py's from_json,
check_loaded, _check_record, conserved and misplaced)."""
from __future__ import annotations

import copy

import pytest

from metatcg.engine.errors import StateDataError
from support.metazoo import GAME, play, player, position

_ZONES = ("deck", "hand", "discard", "aura_deck", "aura_zone", "supply", "pool", "starters", "looking", "units", "enh")


def _saved() -> dict:
    """P1: Fire Pup in hand, Fire Brute in discard, a Fire Brute given +2 in lane 1 (Terra:
    Fire Starter) with an enhancing Fire Aura; nothing on the stack."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Fire Pup"], discard=["Fire Brute"]), player(),
                  [{"terra": "Fire Starter", "p1": [{"name": "Fire Brute", "give": 2}], "p1_aura": ["Fire Aura"]}])
    return st.to_json()


def _refused(obj: dict, match: str) -> str:
    with pytest.raises(StateDataError, match=match) as e:
        GAME.state_from_json(obj)
    return str(e.value)


def _terra_first(obj: dict) -> dict:
    """``obj`` with lane 1's Terra and card 0 (P1's Caster) swapping numbers everywhere the data
    names them: the same position, numbered otherwise."""
    d = obj["data"]
    t = d["terra"][0]
    swap = {0: t, t: 0}

    def f(i: int) -> int:
        return swap.get(i, i)
    for k in ("cards", "owner"):
        d[k][0], d[k][t] = d[k][t], d[k][0]
    for k in ("caster", "terra", "tapped", "resolving", "paying", "known"):
        d[k] = [f(c) for c in d[k]]
    for k in _ZONES:
        d[k] = [[f(c) for c in z] for z in d[k]]
    for k in ("lane_of", "damage"):
        d[k] = {str(f(int(c))): v for c, v in d[k].items()}
    d["mods"] = [[f(m[0]), *m[1:]] for m in d["mods"]]
    return obj


# ============================================================================ card conservation
def test_a_state_whose_terra_is_card_zero_reads_back_the_same():
    """Conservation counts every Terra in a lane, card 0 included."""
    obj = _terra_first(_saved())
    assert obj["data"]["terra"][0] == 0 and obj["data"]["cards"][0] == "Fire Starter"
    back = GAME.state_from_json(copy.deepcopy(obj))
    assert back.to_json() == obj
    assert back.data.terra[0] == 0


def test_a_defect_beside_a_terra_that_is_card_zero_is_the_only_one_named():
    """The refusal lists what is wrong, not the Terra numbered 0 as missing."""
    obj = _terra_first(_saved())
    d = obj["data"]
    c = d["hand"][0][0]
    d["discard"][0].append(c)
    msg = _refused(obj, f"card c{c} is in")
    assert msg.endswith(f": card c{c} is in hand[0] and in discard[0]")
    assert "nowhere" not in msg


# ============================================================================ fields named in errors
@pytest.mark.parametrize("field, value, match", [
    ("enh", [[]] * 7, r"enh must be a list of 8, not"),
    ("lane_of", "lane", r"lane must be a whole number from 0 to 3, not 4"),
    ("known", [999], r"known must be a list of whole numbers from 0 to \d+"),
])
def test_a_broken_field_is_refused_by_its_name(field, value, match):
    obj = _saved()
    d = obj["data"]
    if field == "lane_of":
        u = next(iter(d["lane_of"]))
        d["lane_of"][u] = 4
    else:
        d[field] = value
    _refused(obj, match)


# ============================================================================ records of the decision
def _lane_choice() -> dict:
    """P1 has played MZA Resolve ("treat a chosen lane as resolved"): its lane decision."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["MZA Resolve"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"]}, {"terra": "Fire Starter"}])
    play(st, "MZA Resolve")
    obj = st.to_json()
    assert obj["decision"][1] == "lane" and obj["decision"][2][2] == [0, 1, 2, 3]
    return obj


@pytest.mark.parametrize("lane", [4, -1])
def test_a_lane_choice_offering_a_lane_that_does_not_exist_is_refused(lane):
    obj = _lane_choice()
    obj["decision"][2][2] = [0, 1, lane]
    _refused(obj, "lane names a lane that does not exist")


def _may() -> dict:
    """Lane 1's Mossback Hollow ("each player may Move a creature from another lane here") after
    P1 declared it, P2's part first: P2's "may" decision, whose context names P2 as controller."""
    st = position(player(), player(),
                  [{"terra": "Mossback Hollow"},
                   {"terra": "Fire Starter", "p1": ["Fire Brute"], "p2": ["Earth Pup"]},
                   {"terra": "Fire Starter", "p1": ["Fire Pup"], "p2": ["Earth Brute"]}, {}])
    st.apply("declare:lane1")
    st.apply(next(a.id for a in st.legal_actions() if "(P2)" in a.label))
    obj = st.to_json()
    assert obj["decision"][:2] == [1, "may"] and obj["decision"][2][1][2] == 1
    return obj


def test_a_may_decision_reads_back_for_its_controller():
    obj = _may()
    assert GAME.state_from_json(copy.deepcopy(obj)).to_json() == obj


def test_a_may_decision_given_to_the_other_player_is_refused():
    """Whether to use an ability is its controller's choice: a save handing it to the other
    seat is refused."""
    obj = _may()
    obj["decision"][0] = 0
    _refused(obj, "a 'may' decision is for P2, not P1")


def test_a_game_saved_after_a_won_mission_reads_back_with_its_result():
    """P1 wins lane 2's mission (Fire Pup, uncontested: 2 MP); the saved game keeps the
    result (lane, totals, winner, MP) and reads back the same."""
    st = position(player(), player(), [{"terra": "Fire Starter"}, {"terra": "Fire Starter", "p1": ["Fire Pup"]}])
    st.apply("declare:lane2")
    assert st.decision.kind == "action" and st.decision.player == 1
    obj = st.to_json()
    assert obj["data"]["last_mission"] == [1, 2, 0, 0, 2] and obj["data"]["mp"] == [2, 0]
    assert GAME.state_from_json(copy.deepcopy(obj)).to_json() == obj
