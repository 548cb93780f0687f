"""A saved MetaX state is read back exactly, and one with a defect no game could reach is
refused with an error that says what is wrong (data.py's from_json and check_loaded)."""
from __future__ import annotations

import functools

import pytest

from metatcg.engine.errors import StateDataError
from support import metax as mx

CARDS = '''
[[card]]
name = "J Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "J Sap"
type = "event"
mp = 0
text = "An opposing Character gets -1 Strength this turn."
[[card.effect]]
kind = "play"
do = [{ op = "buff", target = { who = "opponent" }, stat = "strength", amount = -1, duration = "turn" }]

[[card]]
name = "J Seek"
type = "event"
mp = 0
text = "Search your deck for a Strength Battle Card."
[[card.effect]]
kind = "play"
do = [{ op = "search", filter = { type = "battle", stat = "strength" } }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<state-json>")


def _position(p1: dict, p2: dict, step: str = "planning"):
    return mx.position(game(), p1, p2, turn=3, active=0, first=0, step=step, seed=3, auto=False)


def _act(st, name: str) -> None:
    d = st.data
    st.apply(f"event:c{next(c for c in d.hand[0] if d.cards[c].name == name)}")


def _round_trip(st) -> dict:
    return mx.round_trip(game(), st)


def _refused(obj: dict, match: str) -> None:
    mx.refused(game(), obj, match)


@pytest.fixture
def targeting():
    """P1 plays J Sap; its target decision offers P2's only Character (every Character in play)."""
    st = _position({"hand": ["J Grunt", "J Sap"], "deck": ["Brawl 1", "Brawl 2", "Insight 1"]},
                   {"character": ["J Grunt"], "deck_size": 4})
    _act(st, "J Sap")
    assert st.decision.kind == "target"
    assert set(st.decision.params.options) == set(st.data.entered)
    return st


def test_a_target_choice_offering_every_character_in_play_round_trips(targeting):
    _round_trip(targeting)


def test_a_search_that_finds_nothing_round_trips():
    st = _position({"hand": ["J Seek"], "deck": ["Insight 1", "Insight 2"]}, {"character": ["J Grunt"]})
    _act(st, "J Seek")
    assert st.decision.kind == "search" and st.decision.params.options == ()
    _round_trip(st)


def test_a_state_with_modifiers_round_trips(targeting):
    targeting.apply(targeting.legal_actions()[0])
    assert targeting.data.mods
    obj = _round_trip(targeting)
    assert obj["data"]["mods"] == [list(m) for m in targeting.data.mods]


def test_an_effect_naming_a_card_past_the_last_is_refused(targeting):
    obj = targeting.to_json()
    n = len(obj["data"]["cards"])
    use = obj["decision"][2][1][1]
    assert use[0] == "@use"
    use[4] = n  # the Character using the effect
    _refused(obj, f"names card c{n}, which does not exist")


def test_an_effect_index_past_the_cards_effects_is_refused(targeting):
    obj = targeting.to_json()
    obj["decision"][2][1][1][3] = 1  # J Sap has one effect (index 0)
    _refused(obj, "has no effect 1")


def test_an_attack_whose_defending_card_is_a_character_is_refused():
    st = _position({"hand": ["J Grunt"], "character": ["J Grunt"], "deck": ["Brawl 1", "Brawl 2"]},
                   {"character": ["J Grunt"]})
    obj = st.to_json()
    d = obj["data"]
    assert d["cards"][0] == "J Grunt" and d["hand"][0] == [0]
    lead, card = d["inplay"][0][0], d["deck"][0][0]
    d["attacks"] = [[lead, card, [], "", -1, 0, "", False, True]]  # a resolved attack; dcard c0
    _refused(obj, "an attack names cards of the wrong type")


def test_a_decision_that_does_not_fit_its_kind_is_refused(targeting):
    obj = targeting.to_json()
    obj["decision"][1] = "no_such_kind"
    _refused(obj, "unknown decision kind 'no_such_kind'")
    st = _position({"hand": ["J Grunt"], "deck": ["Brawl 1", "Brawl 2"]}, {"character": ["J Grunt"]})
    obj = st.to_json()
    assert obj["decision"][1] == "planning" and obj["decision"][2] == []
    obj["decision"][2] = [1]
    _refused(obj, "a 'planning' decision has no parameters")


@pytest.mark.parametrize("field, value, match", [
    ("mp", [11, 0], "mp must be a list of whole numbers from 0 to 10"),
    ("turn", -1, "turn must be a whole number"),
    ("revealed", [999], "revealed must be a list of whole numbers"),
])
def test_a_value_out_of_range_is_refused_naming_its_field(targeting, field, value, match):
    obj = targeting.to_json()
    obj["data"][field] = value
    _refused(obj, match)


@pytest.mark.parametrize("player, zone", [(0, "deck"), (1, "deck"), (0, "hand")])
def test_a_card_in_two_places_is_refused_naming_both(player, zone):
    st = _position({"hand": ["J Grunt"], "deck": ["Brawl 1", "Brawl 2"]},
                   {"hand": ["Insight 3"], "character": ["J Grunt"], "deck_size": 3})
    obj = st.to_json()
    d = obj["data"]
    c = d[zone][player][0]
    d["discard"][player].append(c)
    where = f"card c{c} is in 2 places: P{player + 1} {zone}, P{player + 1} discard"
    _refused(obj, where)
    if c == 0:
        with pytest.raises(StateDataError) as e:
            game().state_from_json(obj)
        assert "does not exist" not in str(e.value)
