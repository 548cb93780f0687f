"""Keywords: MZL-KW-GIVE, DISCOVER, DISPEL, MOVE, SACRIFICE, SHATTER and TAP."""
from __future__ import annotations

import pytest

from support import act, ids, log_index, zone_names as zone
from support.metazoo import (ability as ability_id, can_play, declare, finish_round, idle, in_play, influence, lane_of,
                             play, z_position as position, settle, side, target, total, unit)


def _deck_names(st, p: int) -> list[str]:
    return [st.data.cards[c].name for c in st.data.deck[p]]


# ----------------------------------------------------------------- give / gain / have / deal
@pytest.mark.rule("MZL-KW-GIVE-1")
def test_give_lasts_until_the_end_of_the_round():
    st = position({"hand": ["Z Boost"]}, lanes=[{"p1": ["Z Fire 3"]}])
    f = unit(st, "Z Fire 3", 0)
    play(st, "Z Boost")
    assert influence(st, f) == 5
    finish_round(st)
    assert in_play(st, f) and influence(st, f) == 3


@pytest.mark.rule("MZL-KW-GIVE-2")
def test_gain_is_permanent():
    st = position({"hand": ["Z Windfall", "Z Bless"]}, lanes=[{"p1": ["Z Fire 3"]}])
    f = unit(st, "Z Fire 3", 0)
    play(st, "Z Windfall")
    assert st.data.mp == [1, 0]
    idle(st)
    play(st, "Z Bless")
    assert influence(st, f) == 5
    finish_round(st)  # P1 wins lane 1 uncontested on the way (+2)
    assert st.data.mp == [3, 0]
    assert influence(st, f) == 5


@pytest.mark.rule("MZL-KW-GIVE-3", "MZL-ERRATA-COLORS-6")
def test_has_applies_only_while_its_condition_is_met():
    st = position({"hand": ["Z Fire 2", "Smash Unit"]}, lanes=[{"p1": ["Friend Lover"]}])
    pair = unit(st, "Friend Lover", 0)
    assert influence(st, pair) == 1
    play(st, "Z Fire 2", 1)
    assert influence(st, pair) == 3
    idle(st)
    play(st, "Smash Unit")
    target(st, unit(st, "Z Fire 2", 0))
    assert influence(st, pair) == 1


@pytest.mark.rule("MZL-KW-GIVE-5")
def test_a_gained_change_is_lost_when_the_unit_leaves_play():
    st = position({"hand": ["Z Bless", "Bounce Unit"]}, lanes=[{"p1": ["Z Fire 3"]}])
    f = unit(st, "Z Fire 3", 0)
    play(st, "Z Bless")
    assert influence(st, f) == 5
    idle(st)
    play(st, "Bounce Unit")
    target(st, f)
    assert f in st.data.hand[0]
    idle(st)
    play(st, "Z Fire 3", 2)
    assert in_play(st, f) and influence(st, f) == 3


# ----------------------------------------------------------------- Discover
@pytest.mark.rule("MZL-KW-DISCOVER-1")
def test_discover_looks_at_the_top_x_cards():
    st = position({"hand": ["Cheap Discover"], "deck": ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4", "Z Fire 5"]})
    play(st, "Cheap Discover")
    assert st.decision.kind == "discover" and st.decision.player == 0
    assert [st.data.cards[c].name for c in st.data.looking[0]] == ["Z Fire 1", "Z Fire 2", "Z Fire 3"]
    assert sorted(a.label for a in st.legal_actions()) == sorted(
        ["Take Z Fire 1", "Take Z Fire 2", "Take Z Fire 3", "Take nothing (Fail to Find)"])
    assert _deck_names(st, 0) == ["Z Fire 4", "Z Fire 5"]


@pytest.mark.rule("MZL-KW-DISCOVER-2")
def test_discover_takes_a_card_meeting_the_restriction_reveals_it_and_puts_it_in_hand():
    st = position({"hand": ["Z Look Terra"], "deck": ["Z Fire 1", "Z Plain", "Z Fire 2", "Z Fire 3"]})
    play(st, "Z Look Terra")
    assert [a.label for a in st.legal_actions()] == ["Take Z Plain", "Take nothing (Fail to Find)"]
    plain = st.data.looking[0][1]
    act(st, f"take:c{plain}")
    assert st.data.hand[0] == [plain] and plain in st.data.known
    assert log_index(st, "P1 reveals Z Plain and puts it in their hand") > 0
    assert "Z Plain" in " ".join(st.log_for(1))  # shown to the opponent


@pytest.mark.rule("MZL-KW-DISCOVER-3")
def test_discover_puts_the_rest_on_the_bottom_in_the_players_order():
    st = position({"hand": ["Cheap Discover"], "deck": ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4", "Z Fire 5"]})
    play(st, "Cheap Discover")
    act(st, f"take:c{st.data.looking[0][1]}")
    assert st.decision.kind == "bottom"
    act(st, f"bottom:c{st.data.looking[0][1]}")  # Z Fire 3 first
    assert _deck_names(st, 0) == ["Z Fire 4", "Z Fire 5", "Z Fire 3", "Z Fire 1"]
    assert zone(st, 0, "hand") == ["Z Fire 2"]


@pytest.mark.rule("MZL-KW-DISCOVER-4", "MZL-ERRATA-FAIL-1")
def test_discover_short_deck_take_nothing_and_no_shuffle():
    st = position({"hand": ["Cheap Discover"], "deck": ["Z Fire 1", "Z Fire 2"]})
    play(st, "Cheap Discover")
    assert len(st.data.looking[0]) == 2 and st.data.deck[0] == []
    act(st, "none")
    act(st, f"bottom:c{st.data.looking[0][1]}")
    assert _deck_names(st, 0) == ["Z Fire 2", "Z Fire 1"] and st.data.hand[0] == []
    deck = [f"Z Fire {n}" for n in range(1, 10)]
    st = position({"hand": ["Cheap Discover"], "deck": deck}, seed=7)
    play(st, "Cheap Discover")
    act(st, "none", f"bottom:c{st.data.looking[0][2]}", f"bottom:c{st.data.looking[0][0]}")
    assert _deck_names(st, 0) == deck[3:] + ["Z Fire 3", "Z Fire 1", "Z Fire 2"]  # not shuffled
    assert log_index(st, "shuffles") == -1


# ----------------------------------------------------------------- Dispel
@pytest.mark.rule("MZL-KW-DISPEL-1")
@pytest.mark.parametrize("card", ["Smash Unit", "Z Offering", "Z Blast 2"])
def test_when_dispelled_triggers_whatever_sent_the_card_to_the_discard_pile(card):
    st = position({"hand": [card], "deck_size": 5}, lanes=[{"p1": ["Z Martyr 2"]}])
    m = unit(st, "Z Martyr 2", 0)
    play(st, card)
    target(st, m)
    assert zone(st, 0, "discard") == sorted(["Z Martyr 2", card])
    assert len(st.data.hand[0]) == 1  # its When Dispelled drew a card


@pytest.mark.rule("MZL-KW-DISPEL-1")
def test_when_dispelled_triggers_on_removal_by_a_lane_size_change():
    six = ["Z Martyr 2", "Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4", "Z Fire 5"]
    st = position({"deck_size": 5}, {"hand": ["Z Field"]},
                  lanes=[{"terra": "Granite Terraces", "terra_owner": 1, "p1": six}], priority=1)
    play(st, "Z Field", 1)  # the +1 limit goes: P1 must remove a unit
    assert st.decision.kind == "overflow" and st.decision.player == 0
    act(st, f"remove:c{unit(st, 'Z Martyr 2', 0)}")
    assert zone(st, 0, "discard") == ["Z Martyr 2"]
    assert len(st.data.hand[0]) == 1


@pytest.mark.rule("MZL-KW-DISPEL-2")
def test_aura_can_be_neither_shattered_nor_dispelled():
    st = position({"hand": ["Total Ruin"], "deck_size": 5}, lanes=[{"p1": ["Fire Enhancer"], "p1_aura": ["Fire Aura"]},
                                                                     {"p1": ["Z Mourner 2"]}])
    play(st, "Total Ruin")
    assert sorted(ids(st)) == sorted([f"order:c{unit(st, 'Fire Enhancer', 0)}", f"order:c{unit(st, 'Z Mourner 2', 0)}"])
    act(st, f"order:c{unit(st, 'Fire Enhancer', 0)}")  # Glow first: Z Mourner sees it Dispelled
    settle(st)
    assert len(st.data.hand[0]) == 1                  # one Dispel (the Glow), none for the Aura
    assert [st.data.cards[a].name for a in st.data.enh[0]] == ["Fire Aura"]


@pytest.mark.rule("MZL-KW-DISPEL-3", "MZL-ERRATA-LEAVES-2")
def test_casters_and_tokens_are_never_dispelled():
    # Z Mourner draws whenever a friendly unit is Dispelled
    st = position({"hand": ["Smash Unit"] * 3, "deck_size": 5},
                  lanes=[{"p1": ["Z Pyra", "Spark", "Z Fire 2"]}, {"p1": ["Z Mourner 2"]}])
    play(st, "Smash Unit")
    target(st, st.data.caster[0])
    assert st.data.caster_down[0] and len(st.data.hand[0]) == 2
    idle(st)
    play(st, "Smash Unit")
    target(st, unit(st, "Spark", 0))
    assert len(st.data.hand[0]) == 1
    idle(st)
    play(st, "Smash Unit")
    target(st, unit(st, "Z Fire 2", 0))
    assert len(st.data.hand[0]) == 1  # a main-deck creature: Dispelled, Z Mourner drew
    assert zone(st, 0, "discard") == ["Smash Unit", "Smash Unit", "Smash Unit", "Z Fire 2"]


# ----------------------------------------------------------------- Move
@pytest.mark.rule("MZL-KW-MOVE-1")
def test_move_puts_a_unit_in_play_into_a_different_lane():
    st = position({"hand": ["Z Relocate"]}, lanes=[{"p1": ["Z Fire 3"]}])
    f = unit(st, "Z Fire 3", 0)
    play(st, "Z Relocate")
    assert st.decision.kind == "move_to" and sorted(ids(st)) == ["lane:2", "lane:3", "lane:4"]
    act(st, "lane:3")
    assert lane_of(st, f) == 3 and side(st, 1, 0) == [] and side(st, 3, 0) == ["Z Fire 3"]


@pytest.mark.rule("MZL-KW-MOVE-2")
def test_move_respects_the_name_rule_and_the_lane_size_limit():
    full = ["Z Fire 1", "Z Fire 2", "Z Fire 3", "Z Fire 4", "Z Fire 5"]
    st = position({"hand": ["Z Relocate"]},
                  lanes=[{"p1": ["Z Fire 6"]}, {"p1": ["Z Fire 6"]}, {"p1": full}, {"p2": ["Z Fire 6"]}], auto=False)
    f = unit(st, "Z Fire 6", 0, 1)
    play(st, "Z Relocate")
    act(st, f"target:c{f}")
    # lane 2: same name on P1's side; lane 3: full; lane 4: the opponent's copy doesn't matter.
    # With a single legal destination there is nothing to choose.
    assert lane_of(st, f) == 4
    assert log_index(st, "P1's Z Fire 6 Moves from lane 1 to lane 4") > 0


@pytest.mark.rule("MZL-KW-MOVE-3", "MZL-ERRATA-ENTERS-1")
def test_a_moved_unit_keeps_its_state_is_not_played_but_enters():
    st = position({"hand": ["Z Relocate"], "deck_size": 5},
                  lanes=[{"p1": [{"name": "Play Drawer", "tapped": True, "damage": 1, "give": 2}]},
                         {"p1": ["Z Greeter 2"]}])
    h = unit(st, "Play Drawer", 0)
    play(st, "Z Relocate")
    act(st, f"target:c{h}", "lane:2")
    assert lane_of(st, h) == 2 and st.data.owner[h] == 0 and side(st, 2, 0) == ["Z Greeter 2", "Play Drawer"]
    assert h in st.data.tapped and st.data.damage[h] == 1 and influence(st, h) == 4
    assert len(st.data.hand[0]) == 1  # Z Greeter saw it enter; Z Herald's On Play did not fire


# ----------------------------------------------------------------- Sacrifice
@pytest.mark.rule("MZL-KW-SACRIFICE-1")
def test_sacrifice_moves_a_unit_from_play_to_the_discard_pile():
    st = position({"deck_size": 5}, lanes=[{"p1": ["Z Devourer 3", "Z Fire 2"]}])
    dv, f = unit(st, "Z Devourer 3", 0), unit(st, "Z Fire 2", 0)
    act(st, ability_id(dv, 0), f"sacrifice:c{f}")
    assert zone(st, 0, "discard") == ["Z Fire 2"] and not in_play(st, f)
    assert log_index(st, "Z Fire 2 in lane 1 is Sacrificed and is Dispelled") > 0


@pytest.mark.rule("MZL-KW-SACRIFICE-2")
def test_sacrifice_is_not_a_shatter_and_cannot_be_prevented():
    st = position({"hand": ["Z Offering", "Z Offering"]}, lanes=[{"p1": ["Z Rock 5", "Lava Plate", "Z Fire 2"]}])
    r, f = unit(st, "Z Rock 5", 0), unit(st, "Z Fire 2", 0)
    play(st, "Z Offering")
    target(st, r)  # cannot be Shattered, but can be Sacrificed
    assert zone(st, 0, "discard") == ["Z Offering", "Z Rock 5"]
    idle(st)
    play(st, "Z Offering")
    target(st, f)  # Lava Plate's "Shatter this instead" is not offered
    assert st.decision.kind == "action" and st.decision.player == 1
    assert not in_play(st, f) and in_play(st, unit(st, "Lava Plate", 0))


@pytest.mark.rule("MZL-KW-SACRIFICE-3", "MZL-ACTION-7")
def test_sacrifice_as_an_extra_cost_is_paid_before_the_effect():
    st = position({"deck_size": 5}, lanes=[{"p1": ["Z Devourer 3", "Z Fire 2"]}])
    dv, f = unit(st, "Z Devourer 3", 0), unit(st, "Z Fire 2", 0)
    start = len(st.log)
    act(st, ability_id(dv, 0))
    assert st.decision.kind == "sacrifice" and st.data.hand[0] == []  # nothing resolved yet
    act(st, f"sacrifice:c{f}")
    assert log_index(st, "is Sacrificed", start) < log_index(st, "P1 draws", start)
    assert st.decision.player == 1  # paying was part of the one action


@pytest.mark.rule("MZL-KW-SACRIFICE-4", "MZL-ERRATA-SELFSAC-1")
@pytest.mark.parametrize("victim,discard,draws", [
    ("Spark", [], 1),                        # a token only leaves play
    ("Z Pyra", [], 1),                       # so does a Caster (face down)
    ("Z Devourer 3", ["Z Devourer 3"], 2),   # itself (MZL-EX-14): Dispelled, Z Mourner draws too
])
def test_a_sacrificed_main_deck_unit_is_dispelled_a_token_or_caster_only_leaves(victim, discard, draws):
    st = position({"deck_size": 5}, lanes=[{"p1": ["Z Devourer 3", "Z Pyra", "Spark"]}, {"p1": ["Z Mourner 2"]}])
    dv = unit(st, "Z Devourer 3", 0)
    u = unit(st, victim, 0)
    act(st, ability_id(dv, 0), f"sacrifice:c{u}")
    if st.decision.kind == "__order_triggers":
        act(st, ids(st)[0])
    assert not in_play(st, u)
    assert zone(st, 0, "discard") == discard
    assert len(st.data.hand[0]) == draws
    assert st.data.caster_down[0] == (victim == "Z Pyra")


@pytest.mark.rule("MZL-KW-SACRIFICE-5")
def test_a_player_may_sacrifice_only_cards_they_control():
    st = position({"hand": ["Z Offering"]}, lanes=[{"p1": ["Z Devourer 3", "Z Fire 2"], "p2": ["Z Earth 2"]}],
                  auto=False)
    dv, f = unit(st, "Z Devourer 3", 0), unit(st, "Z Fire 2", 0)
    act(st, ability_id(dv, 0))
    assert sorted(ids(st)) == sorted([f"sacrifice:c{dv}", f"sacrifice:c{f}"])
    st = position({"hand": ["Z Offering"]}, lanes=[{"p2": ["Z Earth 2"]}])
    assert not can_play(st, "Z Offering")  # no unit of P1's to Sacrifice


# ----------------------------------------------------------------- Shatter
@pytest.mark.rule("MZL-KW-SHATTER-1")
def test_shatter_ignores_influence():
    st = position({"hand": ["Smash Unit"]}, lanes=[{"p2": [{"name": "Z Earth 6", "give": 9}]}])
    e = unit(st, "Z Earth 6", 1)
    play(st, "Smash Unit")
    target(st, e)
    assert not in_play(st, e) and zone(st, 1, "discard") == ["Z Earth 6"]


@pytest.mark.rule("MZL-KW-SHATTER-2")
def test_shattered_main_deck_unit_is_dispelled_token_leaves_caster_goes_face_down():
    st = position({"hand": ["Total Ruin"]}, {"deck_size": 5},
                  lanes=[{"p2": ["Z Martyr 2", "Spark", "Z Pyra"]}])
    m, s, c = unit(st, "Z Martyr 2", 1), unit(st, "Spark", 1), st.data.caster[1]
    play(st, "Total Ruin")
    act(st, f"order:c{s}", f"order:c{c}")
    d = st.data
    assert zone(st, 1, "discard") == ["Z Martyr 2"] and len(d.hand[1]) == 1  # Dispelled: its trigger drew
    assert not in_play(st, s) and all(s not in z for z in d.discard + d.hand + d.deck)
    assert d.caster_down[1] and c not in d.lane_of and c not in d.discard[1]
    assert m not in d.lane_of


# ----------------------------------------------------------------- Tap
@pytest.mark.rule("MZL-KW-TAP-1")
def test_a_tapped_unit_contributes_nothing_while_it_stays_tapped():
    st = position({"hand": ["Z Freeze", "Z Thaw"]}, lanes=[{"p2": ["Z Earth 5", "Z Earth 1"]}])
    e = unit(st, "Z Earth 5", 1)
    play(st, "Z Freeze")
    target(st, e)
    assert total(st, 1, 1) == 1
    idle(st)
    assert total(st, 1, 1) == 1
    play(st, "Z Thaw")
    target(st, e)
    assert total(st, 1, 1) == 6


@pytest.mark.rule("MZL-KW-TAP-2", "MZL-AURAPH-7")
def test_units_untap_in_the_aura_phase():
    st = position({"caster_tapped": True}, lanes=[{"p1": [{"name": "Z Fire 3", "tapped": True}],
                                                   "p2": [{"name": "Z Gear 2", "tapped": True}]}])
    f, g = unit(st, "Z Fire 3", 0), unit(st, "Z Gear 2", 1)
    finish_round(st)
    assert f not in st.data.tapped and g not in st.data.tapped and st.data.caster[0] not in st.data.tapped


@pytest.mark.rule("MZL-KW-TAP-3")
def test_an_opponent_can_tap_a_players_untapped_aura():
    st = position({"hand": ["Ember Tithe"]}, {"hand": ["Z Fire 1"], "aura": ["Fire Aura", "Fire Aura"]})
    play(st, "Ember Tithe")
    assert all(a in st.data.tapped for a in st.data.aura_zone[1])
    assert not can_play(st, "Z Fire 1")  # P2 can't spend them now


@pytest.mark.rule("MZL-KW-TAP-4")
def test_tapping_affects_only_influence_keywords_and_other_abilities_still_work():
    st = position(lanes=[{"p1": [{"name": "Z Razer 4", "tapped": True}, "Z Fire 5"], "p2": ["Z Earth 1", "Z Earth 2"]},
                         {"p1": [{"name": "Z Hunter 3", "tapped": True}], "p2": ["Z Earth 1"]}])
    h = unit(st, "Z Hunter 3", 0)
    assert ability_id(h, 0) in ids(st)   # an activated ability that doesn't tap its card
    declare(st, 1)
    assert st.data.last_mission[1:3] == (5, 3)
    assert st.decision.kind == "destroy"  # the tapped Razer still brings Destruction


@pytest.mark.rule("MZL-KW-TAP-5", "MZL-ABILITY-2")
def test_a_tap_cost_taps_the_card_which_then_contributes_nothing():
    st = position(lanes=[{"p1": ["Z Tapper 2", "Z Fire 1"], "p2": ["Z Earth 3"]}])
    t = unit(st, "Z Tapper 2", 0)
    assert total(st, 1, 0) == 3
    act(st, ability_id(t, 0), f"target:c{unit(st, 'Z Earth 3', 1)}")
    assert t in st.data.tapped and total(st, 1, 0) == 1 and total(st, 1, 1) == 0
    idle(st)
    assert ability_id(t, 0) not in ids(st)


@pytest.mark.rule("MZL-KW-TAP-6")
def test_tapping_aura_is_part_of_the_action_it_pays_for():
    st = position({"hand": ["Ash Wyvern"], "aura": ["Fire Aura"] * 3})
    assert not any(a.startswith("tap") for a in ids(st))
    play(st, "Ash Wyvern", 1)
    assert all(a in st.data.tapped for a in st.data.aura_zone[0])
    assert st.decision.kind == "action" and st.decision.player == 1  # one action, now P2's turn


@pytest.mark.rule("MZL-KW-TAP-7", "MZL-ABILITY-5")
def test_untap_restores_and_being_tapped_by_an_effect_is_not_using_the_ability():
    st = position({"hand": ["Z Freeze", "Z Thaw"]}, lanes=[{"p2": ["Z Tapper 2", "Z Earth 1"]}])
    t = unit(st, "Z Tapper 2", 1)
    start = len(st.log)
    play(st, "Z Freeze")
    target(st, t)
    assert t in st.data.tapped and log_index(st, "uses Z Tapper 2", start) == -1
    assert ability_id(t, 0) not in ids(st)   # P2: an already tapped card can't pay a tap cost
    assert total(st, 1, 1) == 1
    idle(st)
    play(st, "Z Thaw")
    target(st, t)
    assert total(st, 1, 1) == 3
    assert ability_id(t, 0) in ids(st)
