"""A saved MetaZoo (four-lane) state is read back exactly, and one with a defect no game could
reach is refused with an error that names what is wrong (data.py's from_json, misplaced and
matches_decks)."""
from __future__ import annotations

import copy

import pytest

from metatcg.engine.errors import StateDataError
from support.metazoo import GAME, new_game, play, player, position


def _saved() -> dict:
    """P1: Fire Pup in hand, Fire Brute in discard, a Fire Brute given +2 in lane 1 with an
    enhancing Fire Aura."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Fire Pup"], discard=["Fire Brute"]), player(),
                  [{"terra": "Fire Starter", "p1": [{"name": "Fire Brute", "give": 2}], "p1_aura": ["Fire Aura"]}])
    return st.to_json()


def _refused(obj: dict, match: str, trust: bool = False) -> str:
    with pytest.raises(StateDataError, match=match) as e:
        GAME.state_from_json(obj, trust=trust)
    return str(e.value)


def _with(change) -> dict:
    obj = copy.deepcopy(_saved())
    change(obj["data"])
    return obj


def test_a_saved_state_reads_back_exactly():
    obj = _saved()
    assert GAME.state_from_json(copy.deepcopy(obj)).to_json() == obj


def test_a_modifier_saved_before_modifiers_named_their_source_reads_back_with_no_source():
    obj = _saved()
    (mod,) = obj["data"]["mods"]
    unit, what, amount, _src, duration = mod
    old = _with(lambda d: d.update(mods=[[unit, what, amount, duration]]))
    assert GAME.state_from_json(old).to_json()["data"]["mods"] == [[unit, what, amount, -1, duration]]


@pytest.mark.parametrize("field, value, match", [
    ("enh", [[999]] + [[]] * 7, "enh must be a list of whole numbers"),
    ("paying", [999], "paying must be a list of whole numbers"),
    ("owed", [0, 0, 0], "owed must be a list of whole numbers"),
    ("mission", 4, "mission must be a whole number from -1 to 3"),
    ("active", 2, "active must be a whole number from 0 to 1"),
    ("last_mission", [0, 1, 2, -2, 0], "winner must be a whole number from -1 to 1"),
])
def test_an_out_of_range_field_is_refused_by_name(field, value, match):
    _refused(_with(lambda d: d.update({field: value})), match)


def test_a_card_in_two_places_is_named_with_both_places_and_nothing_else():
    def twice(d):
        d["discard"][0].append(d["hand"][0][0])
    c = _saved()["data"]["hand"][0][0]
    msg = _refused(_with(twice), f"card c{c} is in")
    assert msg.endswith(f"card c{c} is in hand[0] and in discard[0]")


def test_a_caster_in_two_places_names_the_caster_zone():
    def twice(d):
        d["hand"][0].append(d["caster"][0])
    c = _saved()["data"]["caster"][0]
    msg = _refused(_with(twice), f"card c{c} is in")
    assert msg.endswith(f"card c{c} is in hand[0] and in caster zone")


def test_decks_listing_an_aura_the_game_does_not_have_are_refused():
    obj = new_game().to_json()
    deck = obj["decks"][0]
    deck[deck.index("[aura] Fire Aura")] = "[aura] Air Aura"
    del obj["fingerprint"]  # the edited decks no longer match it; loaded trusted, the cards are still checked
    _refused(obj, "the decks do not match the cards of the game data", trust=True)


# ============================================================================ records in the decision
def _targeting() -> dict:
    """P1 has played Pump Two: its target decision (op 0 of ability 0, two candidates)."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["Pump Two"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup", "Fire Brute"]}])
    play(st, "Pump Two")
    obj = st.to_json()
    assert obj["decision"][1] == "target"
    return obj


def _target_with(change) -> dict:
    obj = _targeting()
    change(obj["decision"][2])  # ["@target", op_no, ctx, picks, mode, candidates, ...]
    return obj


def test_a_target_decision_reads_back_exactly():
    obj = _targeting()
    assert GAME.state_from_json(copy.deepcopy(obj)).to_json() == obj


def test_a_target_decision_offering_a_card_that_does_not_exist_is_refused():
    _refused(_target_with(lambda t: t.__setitem__(5, [t[5][0], 999])), "target names a card that does not exist")


def test_a_context_naming_a_card_that_does_not_exist_is_refused():
    _refused(_target_with(lambda t: t[2].__setitem__(1, 999)), "ctx.src = 999 is out of range")


def test_a_context_naming_an_ability_its_card_lacks_is_refused():
    _refused(_target_with(lambda t: t[2].__setitem__(3, 5)), r"card c\d+ has no ability 5")


def test_a_target_step_naming_no_op_of_its_ability_is_refused():
    _refused(_target_with(lambda t: t.__setitem__(1, -1)), "target names no op of an ability")


def test_a_lane_choice_decision_reads_back_exactly():
    st = position(player(aura=["Fire Aura"] * 3, hand=["MZA Resolve"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"]}, {"terra": "Fire Starter"}])
    play(st, "MZA Resolve")
    obj = st.to_json()
    assert obj["decision"][1] == "lane"
    back = GAME.state_from_json(copy.deepcopy(obj))
    assert back.to_json() == obj
    assert [a.id for a in back.legal_actions()] == [a.id for a in st.legal_actions()]


def test_a_state_check_batch_needs_no_ability_but_an_op_number_needs_one():
    """A batch of the state check ("sba") runs no ability (op -1, no context); a batch naming
    an op must say whose ability it is."""
    obj = _saved()
    unit = obj["data"]["units"][0][0]
    ok = copy.deepcopy(obj)
    ok["stack"].append(["@batch", "sba", [unit], -1, None, -1])
    assert GAME.state_from_json(copy.deepcopy(ok)).to_json() == ok
    obj["stack"].append(["@batch", "sba", [unit], 0, None, -1])
    _refused(obj, "batch names no op of an ability")
