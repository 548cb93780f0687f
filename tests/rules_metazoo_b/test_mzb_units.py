"""MZL-TOKEN, MZL-EQUIP, MZL-KW-UNIT, MZL-KW-CREATE and MZL-KW-ONPLAY."""
from __future__ import annotations

import pytest

from support import act, ids, log_index, zone_names as zone
from support.metazoo import (ability as ability_id, can_play, z_deck as deck, declare, idle, in_play, influence,
                             lane_of, z_game as new_game, play, z_position as position, settle, side, target,
                             tokens_in_play, total, unit)


def _everywhere(st, iid: int) -> bool:
    d = st.data
    return any(iid in getattr(d, z)[p] for p in (0, 1)
               for z in ("hand", "deck", "discard", "aura_zone", "aura_deck", "supply", "pool", "starters"))


# ----------------------------------------------------------------- tokens
@pytest.mark.rule("MZL-TOKEN-1", "MZL-KW-CREATE-1")
def test_tokens_come_from_outside_the_game_only_when_created():
    st = position({"hand": ["Z Spawn"], "deck_size": 3})
    d = st.data
    assert not any(c.token for c in d.cards)          # no token is anywhere before the creation
    n_cards, hand, deck_ = len(d.cards), len(d.hand[0]), list(d.deck[0])
    play(st, "Z Spawn")
    act(st, "lane:2")
    d = st.data
    (tok,) = tokens_in_play(st)
    assert d.cards[tok].name == "Spark" and d.owner[tok] == 0 and lane_of(st, tok) == 2
    assert len(d.cards) == n_cards + 1                 # a new card, not one of P1's
    assert len(d.hand[0]) == hand - 1 and d.deck[0] == deck_  # only the Strategy left the hand
    assert not _everywhere(st, tok)


@pytest.mark.rule("MZL-TOKEN-2")
def test_a_shattered_token_leaves_the_game():
    st = position({"hand": ["Smash Unit"]}, lanes=[{"p2": ["Spark", "Z Mourner 2"]}])
    tok = unit(st, "Spark", 1)
    hand2 = len(st.data.hand[1])
    play(st, "Smash Unit")
    target(st, tok)
    assert not in_play(st, tok) and not _everywhere(st, tok)
    assert log_index(st, "P2's Spark in lane 1 is Shattered and leaves the game (token)") > 0
    assert len(st.data.hand[1]) == hand2  # not Dispelled


@pytest.mark.rule("MZL-TOKEN-3")
def test_a_token_sent_to_hand_is_removed_from_the_game_instead():
    st = position({"hand": ["Bounce Unit"]}, lanes=[{"p2": ["Stone Sentinel"]}])
    tok = unit(st, "Stone Sentinel", 1)
    play(st, "Bounce Unit")
    target(st, tok)
    assert not in_play(st, tok)
    assert not _everywhere(st, tok)
    assert st.data.hand[1] == []


@pytest.mark.rule("MZL-TOKEN-4")
def test_token_supply_never_runs_out():
    st = position({"hand": ["Z Swarm", "Z Swarm"]})
    play(st, "Z Swarm")
    act(st, "lane:1")
    idle(st)
    play(st, "Z Swarm")
    act(st, "lane:2")
    assert side(st, 1, 0) == ["Spark"] * 5 and side(st, 2, 0) == ["Spark"] * 5
    assert len(set(tokens_in_play(st))) == 10


@pytest.mark.rule("MZL-TOKEN-5")
def test_identical_tokens_share_a_side_but_lane_size_limits_still_apply():
    st = position({"hand": ["Z Swarm"]}, lanes=[{"p1": ["Z Fire 1", "Z Fire 2", "Spark"]}])
    play(st, "Z Swarm")
    act(st, "lane:1")
    assert side(st, 1, 0) == ["Z Fire 1", "Z Fire 2", "Spark", "Spark", "Spark"]
    assert log_index(st, "no room for a Spark token in P1's side of lane 1") > 0
    assert "lane:1" not in ids(st)


@pytest.mark.rule("MZL-TOKEN-6")
def test_a_token_is_a_creature_unless_its_definition_says_otherwise():
    st = position({"hand": ["Z Spawn", "Z Drone Call"]}, lanes=[{"p1": ["Z Fire 9"]}, {"p1": ["Z Fire 9"]}])
    play(st, "Z Spawn")          # a Spark (type not stated): a creature
    act(st, "lane:1")
    idle(st)
    assert st.data.cards[unit(st, "Spark", 0)].creature
    play(st, "Z Drone Call")     # an equipment token
    act(st, "lane:3")
    drone = unit(st, "Z Drone", 0)
    assert st.data.cards[drone].equipment and not st.data.cards[drone].creature
    assert total(st, 3, 0) == 0  # equipment: nothing without a friendly creature
    # P2 wins both lanes: the Spark contests lane 1, the Drone does not contest lane 2
    st = position(lanes=[{"p1": ["Spark"], "p2": ["Z Earth 5"]}, {"p1": ["Z Drone"], "p2": ["Z Earth 5"]}],
                  priority=1)
    declare(st, 1)
    assert st.data.mp == [0, 1]  # contested by a creature token
    declare(st, 2)
    assert st.data.mp == [0, 3]  # an equipment token does not contest


# ----------------------------------------------------------------- equipment
@pytest.mark.rule("MZL-EQUIP-1")
def test_equipment_is_its_own_unit_not_attached_to_a_creature():
    st = position({"hand": ["Smash Unit"]}, lanes=[{"p2": ["Z Earth 2", "Z Gear 2"]}, {"p2": ["Z Earth 1"]}])
    e, g = unit(st, "Z Earth 2", 1), unit(st, "Z Gear 2", 1)
    play(st, "Smash Unit")
    assert f"target:c{g}" in ids(st)  # a unit in its own right
    target(st, e)
    assert in_play(st, g) and lane_of(st, g) == 1 and side(st, 1, 1) == ["Z Gear 2"]
    assert total(st, 1, 1) == 0  # and without a friendly creature it adds nothing now


@pytest.mark.rule("MZL-EQUIP-2", "MZL-ABILITY-9")
def test_equipment_without_a_friendly_creature_gives_no_influence_and_no_abilities():
    st = position({"hand": ["Z Satchel"], "deck_size": 5},
                  lanes=[{"p1": ["Z Crank", "Z Gear 2"], "p2": ["Z Earth 1"]}, {"p1": ["Z Crank", "Z Fire 1"]}])
    c1, c2 = unit(st, "Z Crank", 0, 1), unit(st, "Z Crank", 0, 2)
    assert total(st, 1, 0) == 0 and total(st, 2, 0) == 2
    assert ability_id(c1, 0) not in ids(st) and ability_id(c2, 0) in ids(st)
    play(st, "Z Satchel", 3)
    assert side(st, 3, 0) == ["Z Satchel"]
    assert len(st.data.hand[0]) == 0  # its On Play did nothing
    assert log_index(st, "On Play does nothing without a friendly creature") > 0


@pytest.mark.rule("MZL-EQUIP-2")
@pytest.mark.parametrize("with_creature,draws", [(True, 1), (False, 0)])
def test_a_lone_equipments_when_dispelled_ability_does_not_work(with_creature, draws):
    st = position({"hand": ["Smash Unit"], "deck_size": 5},
                  lanes=[{"p1": ["Z Relic"] + (["Z Fire 2"] if with_creature else [])}])
    r = unit(st, "Z Relic", 0)
    play(st, "Smash Unit")
    target(st, r)
    assert zone(st, 0, "discard") == ["Smash Unit", "Z Relic"]
    assert len(st.data.hand[0]) == draws


@pytest.mark.rule("MZL-EQUIP-3")
def test_equipment_contributes_with_any_friendly_creature_even_tapped_but_not_when_tapped_itself():
    st = position(lanes=[{"p1": [{"name": "Z Fire 3", "tapped": True}, "Z Gear 2"]},
                         {"p1": ["Z Fire 3", {"name": "Z Gear 2", "tapped": True}]}])
    assert total(st, 1, 0) == 2
    assert total(st, 2, 0) == 3


@pytest.mark.rule("MZL-EQUIP-4")
def test_equipment_name_cost_and_influence():
    st = position({"hand": ["Z Gear 2", "Z Gear 2"]}, lanes=[{"p1": ["Z Fire 1", "Z Gear 2"]}, {"p1": ["Z Fire 1"]}])
    assert not can_play(st, "Z Gear 2", 1)  # same exact name on this side of lane 1
    play(st, "Z Gear 2", 2)
    assert sum(1 for a in st.data.aura_zone[0] if a in st.data.tapped) == 1
    assert total(st, 2, 0) == 1 + 2  # its printed Influence
    st = position({"hand": ["Z Gear 2"], "aura": ["Earth Aura"] * 3})
    assert not can_play(st, "Z Gear 2")  # needs a Fire Aura


@pytest.mark.rule("MZL-EQUIP-5")
def test_equipment_at_zero_influence_is_shattered():
    st = position({"hand": ["Z Weaken"]}, lanes=[{"p2": ["Z Earth 2", "Enhancer Gear"]}])
    g = unit(st, "Enhancer Gear", 1)
    play(st, "Z Weaken")
    target(st, g)
    assert not in_play(st, g) and zone(st, 1, "discard") == ["Enhancer Gear"]
    assert log_index(st, "Enhancer Gear has 0 Influence and is Shattered") > 0


@pytest.mark.rule("MZL-EQUIP-6")
def test_a_unique_equipment_has_one_copy_in_play_per_side():
    st = position({"hand": ["Z Unique Gear"]}, {"hand": ["Z Unique Gear"]}, lanes=[{"p1": ["Z Unique Gear"]}])
    assert not can_play(st, "Z Unique Gear")
    idle(st)
    assert can_play(st, "Z Unique Gear", 1)


@pytest.mark.rule("MZL-EQUIP-7")
def test_equipment_may_carry_the_enhancement_symbol_and_abilities():
    st = position({"hand": ["Z Satchel"], "deck_size": 5},
                  lanes=[{"p1": ["Enhancer Gear", "Z Fire 2"]}, {"p1": ["Enhancer Gear"]}, {"p1": ["Z Fire 2"]}])
    legal = ids(st)
    assert "enhance:lane1" in legal and "enhance:lane2" not in legal and "enhance:lane3" not in legal
    play(st, "Z Satchel", 3)  # On Play with a friendly creature there: draw
    assert len(st.data.hand[0]) == 1


@pytest.mark.rule("MZL-EQUIP-8", "MZL-ERRATA-FIZZLE-1")
def test_equipment_on_play_checks_for_a_creature_when_it_resolves_and_never_fires_later():
    st = position({"hand": ["Z Satchel", "Z Fire 2"], "deck_size": 5})
    play(st, "Z Satchel", 1)
    idle(st)
    play(st, "Z Fire 2", 1)  # a creature arrives afterwards: the On Play does not come back
    assert len(st.data.hand[0]) == 0
    # MZL-EX-4: the Spark created by Spark Smith first lets the On Play find a creature
    for first, drew in (("Spark", 1), ("Z Satchel", 0)):
        st = position({"hand": ["Z Satchel"], "deck_size": 5}, lanes=[{"p1": ["Spark Smith"]}])
        play(st, "Z Satchel", 2)
        assert st.decision.kind == "__order_triggers"
        pick = [a.id for a in st.legal_actions() if ("create" in a.label) == (first == "Spark")]
        act(st, pick[0])
        assert side(st, 2, 0) == ["Z Satchel", "Spark"]
        assert len(st.data.hand[0]) == drew


@pytest.mark.rule("MZL-EQUIP-9")
def test_equipment_influence_and_continuous_abilities_follow_friendly_creatures():
    st = position({"hand": ["Z Fire 2", "Smash Unit"]}, lanes=[{"p1": ["Z Banner"]}])
    assert total(st, 1, 0) == 0
    play(st, "Z Fire 2", 1)
    f = unit(st, "Z Fire 2", 0)
    assert influence(st, f) == 3 and total(st, 1, 0) == 3 + 1
    idle(st)
    play(st, "Smash Unit")
    target(st, f)
    assert total(st, 1, 0) == 0


# ----------------------------------------------------------------- units
@pytest.mark.rule("MZL-KW-UNIT-1", "MZL-KW-UNIT-2")
def test_units_are_creatures_tokens_equipment_and_casters_in_lanes_not_aura_or_terras():
    st = position({"hand": ["Total Ruin"]},
                  lanes=[{"terra": "Z Plain", "p1": ["Z Fire 2", "Spark", "Z Gear 2", "Z Pyra"],
                          "p1_aura": ["Fire Aura"], "p2": ["Z Earth 1"]}])
    hit = [unit(st, n, p) for n, p in (("Z Fire 2", 0), ("Spark", 0), ("Z Gear 2", 0), ("Z Pyra", 0),
                                       ("Z Earth 1", 1))]
    assert not can_play(st, "Z Fire 1", 1)  # the enhancing Aura fills the fifth slot (it is not a unit)
    play(st, "Total Ruin")
    assert st.decision.kind == "order"
    assert sorted(ids(st)) == sorted(f"order:c{u}" for u in hit)  # the tagged units: no Aura, no Terra
    settle(st)
    d = st.data
    assert all(not in_play(st, u) for u in hit)
    assert d.caster_down == [True, False]             # P2's Caster in its zone is not a unit
    assert [d.cards[a].name for a in d.enh[0]] == ["Fire Aura"] and d.cards[d.terra[0]].name == "Z Plain"
    assert zone(st, 0, "discard") == ["Total Ruin", "Z Fire 2", "Z Gear 2"]


# ----------------------------------------------------------------- create / On Play
@pytest.mark.rule("MZL-KW-CREATE-2")
def test_creating_is_not_playing():
    # MZL-EX-17: "when a unit is played to this lane"
    st = position({"hand": ["Z Spawn", "Z Fire 2"], "deck_size": 5}, lanes=[{"p1": ["Z Usher 2"]}])
    play(st, "Z Spawn")
    act(st, "lane:1")
    assert side(st, 1, 0) == ["Z Usher 2", "Spark"] and len(st.data.hand[0]) == 1
    idle(st)
    play(st, "Z Fire 2", 1)
    assert len(st.data.hand[0]) == 1  # the Fire 2 left, the trigger drew one


@pytest.mark.rule("MZL-KW-CREATE-3")
def test_a_created_unit_enters_on_its_creators_side_in_a_lane_with_room():
    st = position({"deck_size": 5}, {"hand": ["Z Spawn"]}, lanes=[
        {"p2": ["Z Earth 1", "Z Earth 2", "Z Earth 3", "Z Earth 4", "Z Earth 5"]}, {"p1": ["Z Greeter 2"]}],
        priority=1)
    play(st, "Z Spawn")
    assert st.decision.kind == "lane" and "lane:1" not in ids(st)  # no room in lane 1
    act(st, "lane:2")
    assert side(st, 2, 1) == ["Spark"] and side(st, 2, 0) == ["Z Greeter 2"]
    assert len(st.data.hand[0]) == 1  # it entered lane 2: Z Greeter (P1's, "any" side) drew


@pytest.mark.rule("MZL-KW-ONPLAY-1")
def test_on_play_triggers_when_played_only():
    st = position({"hand": ["Play Drawer", "Z Wisp Call", "Z Relocate"], "deck_size": 5})
    play(st, "Play Drawer", 1)
    assert len(st.data.hand[0]) == 3  # played: drew
    idle(st)
    play(st, "Z Wisp Call")           # created: a token with an On Play does not draw
    act(st, "lane:2")
    assert side(st, 2, 0) == ["Z Wisp"] and len(st.data.hand[0]) == 2
    idle(st)
    play(st, "Z Relocate")            # Moved: no On Play
    act(st, f"target:c{unit(st, 'Play Drawer', 0)}", "lane:3")
    assert side(st, 3, 0) == ["Play Drawer"] and len(st.data.hand[0]) == 1


@pytest.mark.rule("MZL-KW-ONPLAY-1", "MZL-SETUP-14")
def test_a_starter_terra_placed_at_setup_does_not_trigger_its_on_play():
    st = new_game(deck(starters=("Z Opener", "Z Opener")), deck(starters=("Z Opener", "Z Opener")))
    act(st, "priority:first")
    d = st.data
    assert [d.cards[t].name for t in d.terra] == ["Z Opener"] * 4
    assert [len(h) for h in d.hand] == [6, 6]  # 5 + the round's draw, nothing from On Play
