"""MZL-TERRA, MZL-STRATEGY, MZL-CASTER and MZL-AURA."""
from __future__ import annotations

import pytest

from metatcg.games.metazoo import schema

from support import act, ids, log_index, zone_names as zone
from support.metazoo import (ability as ability_id, can_play, z_deck as deck, declare, finish_round, game, idle,
                             in_play, influence, z_game as new_game, play, play_id, z_position as position, settle,
                             side, target, total, unit)


def _tapped(st, p: int) -> int:
    return sum(1 for a in st.data.aura_zone[p] if a in st.data.tapped)


def _terra(st, lane: int):
    t = st.data.terra[lane - 1]
    return None if t < 0 else st.data.cards[t].name


# ----------------------------------------------------------------- Terras
@pytest.mark.rule("MZL-TERRA-1")
def test_a_terras_effect_reaches_every_relevant_card_whoever_placed_it():
    st = position(lanes=[{"terra": "Cinder Flats", "terra_owner": 1, "p1": ["Z Fire 2"],
                          "p2": ["Z Fire 3", "Z Earth 3"]}])
    assert influence(st, unit(st, "Z Fire 2", 0)) == 3       # P1's Fire creature, P2's Terra
    assert influence(st, unit(st, "Z Fire 3", 1)) == 4
    assert influence(st, unit(st, "Z Earth 3", 1)) == 3      # not a Fire creature


@pytest.mark.rule("MZL-TERRA-2")
def test_a_terra_takes_no_slot_but_may_change_the_limit():
    four = ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4"]
    st = position({"hand": ["Z Fire 5", "Z Fire 6"]},
                  lanes=[{"terra": "Z Plain", "p1": four}, {"terra": "Granite Terraces", "p1": four + ["Z Fire 5"]},
                         {"terra": "Z Plain", "p1": four + ["Z Fire 5"]}])
    assert can_play(st, "Z Fire 5", 1)        # 4 units + a Terra: room for a fifth
    assert can_play(st, "Z Fire 6", 2)        # Granite Terraces: limit 6
    assert not can_play(st, "Z Fire 6", 3)    # 5 units: full, Terra or not
    assert game().snapshot(st)["lanes"][1]["limit"] == [6, 6]


@pytest.mark.rule("MZL-TERRA-3")
def test_a_lane_holds_one_terra_and_a_lane_without_one_is_razed():
    st = position({"hand": ["Z Field"]}, lanes=[{"terra": "Z Plain"}, {}])
    assert _terra(st, 2) is None and game().snapshot(st)["lanes"][1]["terra"] is None  # razed
    play(st, "Z Field", 1)
    assert _terra(st, 1) == "Z Field"
    assert sum(1 for t in st.data.terra if t >= 0) == 1       # the old one left the slot
    assert zone(st, 0, "discard") == ["Z Plain"]


@pytest.mark.rule("MZL-TERRA-4")
def test_a_terra_can_be_played_into_a_razed_lane_by_paying_its_cost():
    st = position({"hand": ["Z Field"], "aura": ["Fire Aura"] * 2})
    assert can_play(st, "Z Field", 3)
    play(st, "Z Field", 3)
    assert _terra(st, 3) == "Z Field" and _tapped(st, 0) == 1
    assert st.data.owner[st.data.terra[2]] == 0


@pytest.mark.rule("MZL-TERRA-5", "MZL-TERRA-9", "MZL-ERRATA-REPLACE-1")
def test_replacing_a_terra_sends_the_old_one_to_its_owners_discard_pile():
    st = position({"hand": ["Z Field"]}, {"hand": ["Z Plain"]}, lanes=[{"terra": "Z Plain", "terra_owner": 1}])
    play(st, "Z Field", 1)
    assert _terra(st, 1) == "Z Field"
    assert zone(st, 1, "discard") == ["Z Plain"] and zone(st, 0, "discard") == []
    assert log_index(st, "Z Plain (P2) leaves lane 1 for the discard pile") > 0
    # the Terra P2 plays is P2's: replaced, it goes to P2's pile; P1's goes to P1's
    play(st, "Z Plain", 1)
    assert st.data.owner[st.data.terra[0]] == 1
    assert zone(st, 0, "discard") == ["Z Field"]


@pytest.mark.rule("MZL-TERRA-6")
def test_a_starter_terra_from_hand_costs_its_printed_cost():
    st = position({"hand": ["Z Plain"], "aura": ["Fire Aura"]})
    assert not can_play(st, "Z Plain")        # cost 2, only 1 Aura
    st = position({"hand": ["Z Plain"], "aura": ["Fire Aura"] * 3})
    play(st, "Z Plain", 2)
    assert _terra(st, 2) == "Z Plain" and _tapped(st, 0) == 2


@pytest.mark.rule("MZL-TERRA-7")
def test_terra_type_and_traits():
    # only a "Terra (Starter)" may start the game on the field
    problems = game().check_deck(deck(starters=("Z Field", "Z Plain")))
    assert any("Z Field" in p and "MZL-DECK-10" in p for p in problems)
    assert game().check_deck(deck()) == []
    # traits are read by other cards: Z Bog Dweller has +2 while its lane's Terra is a Swamp
    st = position({"hand": ["Z Field", "Z Plain"]}, lanes=[{"terra": "Z Plain", "p1": ["Z Bog Dweller 2"]}])
    b = unit(st, "Z Bog Dweller 2", 0)
    assert influence(st, b) == 2
    play(st, "Z Field", 1)
    assert influence(st, b) == 4


@pytest.mark.rule("MZL-TERRA-8", "MZL-TERRA-1")
@pytest.mark.parametrize("declarer,loser", [(0, 0), (1, 0), (0, 1)])
def test_a_terras_ability_affects_both_players(declarer, loser):
    # MZL-EX-18: Ashen Caldera (P1's) hands a card to whoever loses its mission
    lane = {"terra": "Ashen Caldera", "terra_owner": 0, "p1": ["Z Fire 1" if loser == 0 else "Z Fire 5"],
            "p2": ["Z Earth 3"]}
    st = position({"deck_size": 5}, {"deck_size": 5}, lanes=[lane], priority=declarer)
    declare(st, 1)
    assert [len(h) for h in st.data.hand] == ([1, 0] if loser == 0 else [0, 1])


@pytest.mark.rule("MZL-TERRA-9")
def test_terra_you_wording_applies_to_each_player_for_their_own_cards():
    # Z Cave (P2's): each player may Move one of their own creatures here on declaration
    st = position(lanes=[{"terra": "Z Cave", "terra_owner": 1}, {"p1": ["Z Fire 4"], "p2": ["Z Earth 3"]}])
    declare(st, 1)
    assert st.decision.kind == "__order_triggers" and len(ids(st)) == 2  # one step per player
    while st.decision.kind != "action":
        legal = ids(st)
        act(st, "yes" if "yes" in legal else legal[0])
    assert side(st, 1, 0) == ["Z Fire 4"] and side(st, 1, 1) == ["Z Earth 3"]
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-TERRA-10")
def test_either_player_may_play_a_terra_into_any_lane_resolved_or_full():
    full = ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4", "Z Fire 5"]
    st = position({}, {"hand": ["Z Field", "Z Field"]},
                  lanes=[{"terra": "Z Plain", "resolved": True}, {"terra": "Z Plain", "p1": full, "p2": full}],
                  priority=1)
    legal = ids(st)
    assert play_id(st, "Z Field", 1) in legal and play_id(st, "Z Field", 2) in legal
    play(st, "Z Field", 1)
    assert _terra(st, 1) == "Z Field" and st.data.resolved[0]
    idle(st)
    play(st, "Z Field", 2)
    assert _terra(st, 2) == "Z Field"


# ----------------------------------------------------------------- Strategies
@pytest.mark.rule("MZL-STRATEGY-1")
def test_a_strategy_is_a_one_time_effect():
    st = position({"hand": ["Z Boost"]}, lanes=[{"p1": ["Z Fire 3"]}])
    f = unit(st, "Z Fire 3", 0)
    play(st, "Z Boost")
    assert influence(st, f) == 5
    assert zone(st, 0, "discard") == ["Z Boost"] and side(st, 1, 0) == ["Z Fire 3"]
    idle(st)
    assert influence(st, f) == 5  # nothing further happens on later turns


@pytest.mark.rule("MZL-STRATEGY-2")
def test_a_strategy_costs_aura_with_at_least_one_of_its_type():
    st = position({"hand": ["Fire Lash"], "aura": ["Earth Aura", "Earth Aura"]}, lanes=[{"p2": ["Z Earth 3"]}])
    assert not can_play(st, "Fire Lash")
    st = position({"hand": ["Fire Lash"], "aura": ["Earth Aura", "Fire Aura"]}, lanes=[{"p2": ["Z Earth 3"]}])
    assert st.data.cards[st.data.hand[0][0]].type == "strategy"
    play(st, "Fire Lash")
    assert _tapped(st, 0) == 2
    assert zone(st, 1, "discard") == ["Z Earth 3"]  # Fire Lash dealt its 3 damage


@pytest.mark.rule("MZL-STRATEGY-3")
def test_a_strategy_resolves_when_played_then_goes_to_the_discard_pile():
    st = position({"hand": ["Z Blast 2"]}, lanes=[{"p2": ["Z Earth 5", "Z Earth 6"]}])
    c = st.data.hand[0][0]
    play(st, "Z Blast 2")
    assert st.decision.kind == "target"
    assert c in st.data.resolving and c not in st.data.hand[0] and c not in st.data.discard[0]
    target(st, unit(st, "Z Earth 5", 1))
    assert st.data.discard[0] == [c] and not st.data.resolving
    assert log_index(st, "is dealt 2 damage") < log_index(st, "Z Blast 2 goes to the discard pile")


@pytest.mark.rule("MZL-STRATEGY-4", "MZL-KW-DISPEL-2")
def test_a_strategy_is_never_in_a_lane_and_never_dispelled():
    st = position({"hand": ["Z Boost"], "deck_size": 5}, lanes=[{"p1": ["Z Mourner 2"]}])
    c = st.data.hand[0][0]
    play(st, "Z Boost")
    assert c not in st.data.lane_of and all(c not in u for u in st.data.units)
    assert st.data.discard[0] == [c]
    assert len(st.data.hand[0]) == 0  # Z Mourner: no friendly unit was Dispelled


@pytest.mark.rule("MZL-STRATEGY-5")
def test_a_strategy_needs_a_legal_target_but_may_do_nothing_in_part():
    st = position({"hand": ["Z Rival Blast", "Z Draw Strike"], "deck_size": 5},
                  {"aura": [{"name": "Fire Aura", "tapped": True}]}, lanes=[{"p2": ["Z Gear 2"]}])
    assert not can_play(st, "Z Rival Blast")   # no rival creature to target
    assert can_play(st, "Z Draw Strike")       # the opponent has no untapped Aura: that part does nothing
    play(st, "Z Draw Strike")
    assert len(st.data.hand[0]) == 2


# ----------------------------------------------------------------- Casters
@pytest.mark.rule("MZL-CASTER-1")
def test_a_caster_in_a_lane_behaves_like_a_creature():
    st = position({}, {"hand": ["Z Blast 2"]}, lanes=[{"p1": ["Z Pyra"], "p2": ["Z Earth 2"]}], priority=1)
    c = st.data.caster[0]
    assert total(st, 1, 0) == 3
    play(st, "Z Blast 2")
    target(st, c)
    assert st.data.damage[c] == 2 and in_play(st, c)  # damage stays like on a creature


@pytest.mark.rule("MZL-CASTER-2")
def test_each_caster_begins_in_its_caster_zone():
    st = new_game()
    act(st, "priority:first")
    snap = game().snapshot(st)
    assert [p["caster"]["state"] for p in snap["players"]] == ["zone", "zone"]
    assert not st.data.lane_of


@pytest.mark.rule("MZL-CASTER-3")
def test_a_caster_in_its_zone_is_not_a_creature_and_not_a_target():
    st = position({"hand": ["Z Rival Blast", "Smash Unit"]}, lanes=[{"p1": ["Z Fire 2"]}])
    assert not can_play(st, "Z Rival Blast")  # P2's Caster in its zone is no rival creature
    play(st, "Smash Unit")                      # the only unit: P1's own creature
    assert f"target:c{st.data.caster[1]}" not in ids(st)
    st = position(lanes=[{"p1": ["Z Fire 2"]}])
    declare(st, 1)
    assert st.data.mp == [2, 0]  # uncontested: a Caster in its zone is in no lane


@pytest.mark.rule("MZL-CASTER-4")
def test_a_caster_is_played_from_its_zone_to_a_lane_by_paying_its_cost():
    st = position()
    play(st, "Z Pyra", 2)
    c = st.data.caster[0]
    assert st.data.lane_of[c] == 1 and _tapped(st, 0) == 2
    assert game().snapshot(st)["players"][0]["caster"]["state"] == "lane"


@pytest.mark.rule("MZL-CASTER-5")
def test_a_caster_in_a_lane_is_a_creature_and_a_caster_and_takes_a_slot():
    four = ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4"]
    st = position({"hand": ["Z Fire 5"]}, lanes=[{"p1": four + ["Z Pyra"]}, {"p2": ["Z Pyra"], "p1": ["Z Fire 9"]}])
    assert not can_play(st, "Z Fire 5", 1)
    c2 = st.data.caster[1]
    assert st.data.cards[c2].creature and st.data.cards[c2].type == "caster"
    idle(st)  # P2
    declare(st, 2)
    assert st.data.mp == [1, 0]  # the Caster contests lane 2


@pytest.mark.rule("MZL-CASTER-6", "MZL-CASTER-7")
def test_caster_powers_are_always_on_in_the_zone_and_in_a_lane():
    lanes = [{"p1": ["Z Fire 2"], "p2": ["Z Earth 2"]}]
    st = position({"caster": "Z Warden"}, lanes=lanes)
    assert influence(st, unit(st, "Z Fire 2", 0)) == 3 and influence(st, unit(st, "Z Earth 2", 1)) == 2
    st = position({"caster": "Z Warden"}, lanes=lanes + [{"p1": ["Z Warden"]}])
    assert influence(st, unit(st, "Z Fire 2", 0)) == 3
    w = st.data.caster[0]
    assert ability_id(w, 1) in ids(st)  # the costed power too


@pytest.mark.rule("MZL-CASTER-8")
def test_caster_text_abilities_are_usable_from_the_zone_and_from_a_lane():
    for lanes in ([], [{"p1": ["Z Warden"]}]):
        st = position({"caster": "Z Warden", "deck_size": 5}, lanes=lanes)
        w = st.data.caster[0]
        act(st, ability_id(w, 2))
        assert len(st.data.hand[0]) == 1


@pytest.mark.rule("MZL-CASTER-9")
def test_a_caster_sent_anywhere_but_a_lane_or_its_zone_is_shattered_instead():
    st = position({}, {"hand": ["Bounce Unit"]}, lanes=[{"p1": ["Z Pyra"]}], priority=1)
    c = st.data.caster[0]
    play(st, "Bounce Unit")
    target(st, c)
    assert c not in st.data.hand[0] and c not in st.data.lane_of
    assert st.data.caster_down[0]
    assert log_index(st, "P1's Z Pyra in lane 1 is Shattered: the Caster goes face down to its Caster zone") > 0


@pytest.mark.rule("MZL-CASTER-9")
@pytest.mark.parametrize("use_plate", [True, False])
def test_returning_a_caster_is_a_shatter_so_shatter_replacements_apply(use_plate):
    st = position({}, {"hand": ["Bounce Unit"]}, lanes=[{"p1": ["Z Pyra", "Lava Plate"]}], priority=1)
    c, plate = st.data.caster[0], unit(st, "Lava Plate", 0)
    play(st, "Bounce Unit")
    target(st, c)
    assert st.decision.kind == "instead" and st.decision.player == 0
    act(st, "yes" if use_plate else "no")
    assert in_play(st, c) == use_plate and st.data.caster_down[0] != use_plate
    assert in_play(st, plate) != use_plate
    assert c not in st.data.hand[0]


@pytest.mark.rule("MZL-CASTER-10")
def test_a_shattered_caster_goes_face_down_and_only_trade_aura_remains():
    st = position({"caster": "Z Warden", "hand": ["Smash Unit"]}, {"hand": ["Smash Unit"]},
                  lanes=[{"p1": ["Z Warden", "Z Fire 2"]}])
    w, f = st.data.caster[0], unit(st, "Z Fire 2", 0)
    assert influence(st, f) == 3
    play(st, "Smash Unit")
    target(st, w)
    assert st.data.caster_down[0] and w not in st.data.lane_of
    assert influence(st, f) == 2   # its power is off
    idle(st)                        # P2
    legal = ids(st)
    assert not any(a.startswith(f"play:c{w}") or a.startswith(f"ability:c{w}:") for a in legal)
    assert any(a.startswith("trade:") for a in legal)


@pytest.mark.rule("MZL-CASTER-11")
def test_a_costed_caster_power_is_used_once_per_round_and_a_free_one_is_continuous():
    st = position({"caster": "Z Warden"}, lanes=[{"p1": ["Z Fire 2"]}])
    w, f = st.data.caster[0], unit(st, "Z Fire 2", 0)
    assert ability_id(w, 0) not in ids(st) and influence(st, f) == 3  # always on, never an action
    act(st, ability_id(w, 1))
    assert influence(st, f) == 5
    idle(st)
    assert ability_id(w, 1) not in ids(st)  # used this round (Aura is still there)
    finish_round(st)
    if st.decision.player != 0:
        idle(st)
    assert ability_id(w, 1) in ids(st)


@pytest.mark.rule("MZL-CASTER-12")
def test_a_face_down_caster_has_no_powers_but_still_defines_the_aura_types():
    st = position({"caster": "Z Warden", "caster_state": "face_down", "hand": ["Z Fire 1"]},
                  lanes=[{"p1": ["Z Fire 2"]}])
    w = st.data.caster[0]
    assert influence(st, unit(st, "Z Fire 2", 0)) == 2
    legal = ids(st)
    assert not any(a.startswith(f"play:c{w}") or a.startswith(f"ability:c{w}:") for a in legal)
    assert can_play(st, "Z Fire 1")          # Fire is still primary
    trade = [a for a in legal if a.startswith("trade:")]
    act(st, trade[0])                         # Earth is still allied
    settle(st, "swap")
    assert "Earth Aura" in zone(st, 0, "aura_zone")
    finish_round(st)
    assert st.data.caster_down[0]


# ----------------------------------------------------------------- Aura
@pytest.mark.rule("MZL-AURA-1")
def test_aura_is_the_typed_resource_that_pays_for_cards():
    pool = game().pool
    auras = [c for c in pool.by_name.values() if c.type == "aura"]
    assert auras and all(c.aura in schema.AURA_TYPES for c in auras)
    st = position({"hand": ["Z Fire 1"], "aura": ["Fire Aura", "Earth Aura"]})
    play(st, "Z Fire 1", 1)
    assert [st.data.cards[a].name for a in st.data.aura_zone[0] if a in st.data.tapped] == ["Fire Aura"]


@pytest.mark.rule("MZL-AURA-2")
def test_the_four_current_aura_types_each_have_aura_and_casters():
    pool = game().pool
    for t in ("air", "earth", "fire", "lightning"):
        assert pool[pool.aura_card(t)].aura == t
        assert any(c.type == "caster" and c.aura == t for c in pool.by_name.values())


@pytest.mark.rule("MZL-AURA-3")
def test_water_is_a_fifth_aura_type_that_works_like_the_others():
    assert schema.AURA_TYPES == ("air", "earth", "fire", "lightning", "water")
    st = position({"caster": "Z Tide", "aura": ["Water Aura"] * 5, "hand": ["Ningen of the Ice Shelf"],
                   "aura_deck": 3}, {"aura_deck": 3})
    play(st, "Ningen of the Ice Shelf", 1)
    assert _tapped(st, 0) == 5 and side(st, 1, 0) == ["Ningen of the Ice Shelf"]
    finish_round(st)
    assert zone(st, 0, "aura_zone").count("Water Aura") == 6  # the Aura phase adds a Water Aura


@pytest.mark.rule("MZL-AURA-4")
def test_an_aura_deck_holds_only_the_primary_type():
    text = deck().to_text().replace("10 Fire Aura", "9 Fire Aura\n1 Earth Aura")
    problems = game().check_deck(game().parse_deck(text, "mixed"))
    assert any("Earth Aura" in p and "[aura]" in p for p in problems)
    st = position({"aura_deck": 3}, phase="round_start")
    assert zone(st, 0, "aura_zone") == ["Fire Aura"] * 6 and zone(st, 0, "aura_deck") == ["Fire Aura"] * 2


@pytest.mark.rule("MZL-AURA-5")
def test_aura_never_goes_to_a_discard_pile_deck_or_hand():
    st = position({"hand": ["Total Ruin"]}, lanes=[{"p1": ["Fire Enhancer"], "p1_aura": ["Fire Aura"]}])
    play(st, "Total Ruin")
    settle(st)
    assert zone(st, 0, "discard") == ["Fire Enhancer", "Total Ruin"]
    assert [st.data.cards[a].name for a in st.data.enh[0]] == ["Fire Aura"]  # still enhancing lane 1
    finish_round(st)
    d = st.data
    for p in (0, 1):
        assert all(d.cards[c].type != "aura" for z in (d.discard[p], d.hand[p], d.deck[p]) for c in z)
    assert zone(st, 0, "aura_zone") == ["Fire Aura"] * 6  # back home at the end of the round


@pytest.mark.rule("MZL-AURA-6")
def test_aura_cannot_be_shattered_damaged_or_returned():
    lanes = [{"p1": ["Fire Enhancer"], "p1_aura": ["Fire Aura"], "p2": ["Z Earth 2"], "p2_aura": ["Fire Aura"]}]
    for card in ("Smash Unit", "Z Blast 2", "Bounce Unit"):
        st = position({"hand": [card]}, lanes=lanes)
        play(st, card)
        offered = {int(a.split(":c")[1]) for a in ids(st)}
        assert all(st.data.cards[u].type != "aura" for u in offered)
        assert offered == {unit(st, "Fire Enhancer", 0), unit(st, "Z Earth 2", 1)}


@pytest.mark.rule("MZL-AURA-7")
def test_an_effect_can_put_an_aura_back_on_the_aura_deck():
    st = position({"hand": ["Z Aura Home"], "aura_deck": 2, "aura": ["Fire Aura", "Fire Aura"]}, auto=True)
    top_before = len(st.data.aura_deck[0])
    play(st, "Z Aura Home")
    settle(st, "aura_op")
    assert len(st.data.aura_deck[0]) == top_before + 1 and len(st.data.aura_zone[0]) == 1
    assert st.data.cards[st.data.aura_deck[0][0]].name == "Fire Aura"


@pytest.mark.rule("MZL-AURA-8")
def test_an_allied_aura_sent_to_the_aura_deck_leaves_the_game_and_a_primary_goes_there_instead():
    st = position({"hand": ["Z Aura Home"], "aura": ["Fire Aura", "Earth Aura"], "aura_deck": 0, "pool": 1,
                   "supply": 9})
    play(st, "Z Aura Home")
    earth = [a.id for a in st.legal_actions() if "Earth Aura" in a.label]
    act(st, earth[0])
    d = st.data
    assert zone(st, 0, "aura_zone") == ["Fire Aura"]
    assert zone(st, 0, "aura_deck") == ["Fire Aura"]           # a primary from outside the game
    assert len(d.supply[0]) == 10 and len(d.pool[0]) == 0       # the Earth Aura went back outside
