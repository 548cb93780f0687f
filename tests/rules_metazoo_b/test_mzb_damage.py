"""MZL-DAMAGE, MZL-CREATURE, MZL-KW-DUEL and MZL-KW-INFLUENCE."""
from __future__ import annotations

import pytest

from support import act, card_in as find, ids, log_index, zone_names as zone
from support.metazoo import (ability as ability_id, can_play, declare, finish_round, idle, in_play, influence, lane_of,
                             play, z_position as position, side, target, total, unit)


def _blast(st, card: str, victim: int) -> None:
    play(st, card)
    target(st, victim)


# ----------------------------------------------------------------- damage
@pytest.mark.rule("MZL-DAMAGE-1")
def test_damage_removes_a_unit_from_play():
    st = position({"hand": ["Z Blast 3"]}, lanes=[{"p2": ["Z Earth 3"]}])
    e = unit(st, "Z Earth 3", 1)
    _blast(st, "Z Blast 3", e)
    assert not in_play(st, e)
    assert log_index(st, "Z Earth 3 in lane 1 is defeated by damage") > 0


@pytest.mark.rule("MZL-DAMAGE-2", "MZL-KW-INFLUENCE-2")
@pytest.mark.parametrize("card,victim,removed", [
    ("Z Blast 2", "Z Earth 2", True),    # damage equal to Influence
    ("Z Blast 3", "Z Earth 2", True),    # more than Influence
    ("Z Blast 2", "Z Earth 3", False),   # less: it survives
])
def test_damage_at_or_over_current_influence_puts_the_unit_in_its_owners_discard(card, victim, removed):
    st = position({"hand": [card]}, lanes=[{"p2": [victim]}])
    v = unit(st, victim, 1)
    _blast(st, card, v)
    assert in_play(st, v) != removed
    assert zone(st, 1, "discard") == ([victim] if removed else [])
    assert zone(st, 0, "discard") == [card]  # the Strategy, not the unit, in P1's pile


@pytest.mark.rule("MZL-DAMAGE-3")
def test_a_main_deck_unit_removed_by_damage_is_dispelled_but_a_token_is_not():
    st = position({"hand": ["Z Blast 2", "Z Blast 2"]}, {"deck_size": 5},
                  lanes=[{"p2": ["Z Martyr 2", "Z Mourner 2"]}, {"p2": ["Stone Sentinel"]}])
    m = unit(st, "Z Martyr 2", 1)
    _blast(st, "Z Blast 2", m)
    # Dispelled: into the discard pile, its own When Dispelled and Z Mourner's trigger both draw
    assert st.decision.kind == "__order_triggers" and len(ids(st)) == 2
    act(st, "trigger:0")
    assert zone(st, 1, "discard") == ["Z Martyr 2"]
    assert len(st.data.hand[1]) == 2
    idle(st)
    tok = unit(st, "Stone Sentinel", 1)
    _blast(st, "Z Blast 2", tok)
    assert not in_play(st, tok)
    assert zone(st, 1, "discard") == ["Z Martyr 2"]       # the token is in no discard pile
    assert len(st.data.hand[1]) == 2                       # and Z Mourner did not trigger


@pytest.mark.rule("MZL-DAMAGE-4")
def test_damage_that_does_not_remove_stays_and_adds_up():
    st = position({"hand": ["Z Blast 2", "Z Blast 2", "Z Blast 2"]}, lanes=[{"p2": ["Z Earth 5"]}])
    e = unit(st, "Z Earth 5", 1)
    _blast(st, "Z Blast 2", e)
    assert st.data.damage[e] == 2
    idle(st)
    _blast(st, "Z Blast 2", e)
    assert st.data.damage[e] == 4 and in_play(st, e)
    idle(st)
    _blast(st, "Z Blast 2", e)  # 6 >= 5
    assert not in_play(st, e)


@pytest.mark.rule("MZL-DAMAGE-5", "MZL-KW-GIVE-4")
def test_damage_is_removed_from_surviving_units_when_the_round_ends():
    st = position({"hand": ["Z Blast 2"]}, lanes=[{"p1": [{"name": "Z Fire 5", "damage": 3}], "p2": ["Z Earth 6"]}])
    f, e = unit(st, "Z Fire 5", 0), unit(st, "Z Earth 6", 1)
    _blast(st, "Z Blast 2", e)   # dealt this round
    assert st.data.damage == {f: 3, e: 2}
    assert finish_round(st) == 2
    assert in_play(st, f) and in_play(st, e)
    assert st.data.damage == {}


@pytest.mark.rule("MZL-DAMAGE-6")
def test_damage_threshold_uses_current_not_contributed_influence():
    # P2's creature contributes 3 - 2 = 1 (Z Damper) but its current Influence stays 3 > 2 damage;
    # P1's creature was given +2: current 5 > 4 damage.
    st = position(lanes=[{"p1": ["Z Damper 4", {"name": "Z Fire 3", "damage": 4, "give": 2}],
                          "p2": [{"name": "Z Earth 3", "damage": 2}]}])
    e, f = unit(st, "Z Earth 3", 1), unit(st, "Z Fire 3", 0)
    declare(st, 1)
    assert st.data.last_mission[1:3] == (9, 1)
    assert in_play(st, e) and in_play(st, f)
    assert influence(st, e) == 3 and influence(st, f) == 5


@pytest.mark.rule("MZL-DAMAGE-7")
def test_damage_is_rechecked_when_a_damaged_units_current_influence_drops():
    # Friend Lover has +2 only while another friendly creature is in its lane; it carries 2 damage
    st = position({"hand": ["Smash Unit", "Z Weaken"]},
                  lanes=[{"p2": [{"name": "Friend Lover", "damage": 2}, "Z Earth 2"]},
                         {"p2": [{"name": "Z Earth 3", "damage": 2}]}])
    pair = unit(st, "Friend Lover", 1)
    assert influence(st, pair) == 3 and in_play(st, pair)
    play(st, "Smash Unit")
    target(st, unit(st, "Z Earth 2", 1))
    assert not in_play(st, pair)  # its "has" condition failed: 2 damage >= 1
    assert log_index(st, "Friend Lover in lane 1 is defeated by damage") > 0
    idle(st)
    e3 = unit(st, "Z Earth 3", 1)
    play(st, "Z Weaken")          # a given -1: current 2, damage 2
    target(st, e3)
    assert not in_play(st, e3)
    assert zone(st, 1, "discard") == ["Friend Lover", "Z Earth 2", "Z Earth 3"]


@pytest.mark.rule("MZL-DAMAGE-8")
def test_a_moved_unit_keeps_its_damage_and_a_token_at_its_threshold_just_leaves_play():
    st = position({"hand": ["Z Relocate", "Z Blast 2"]},
                  lanes=[{"p1": [{"name": "Z Fire 4", "damage": 2}]}, {}, {"p2": ["Stone Sentinel", "Z Mourner 2"]}])
    f = unit(st, "Z Fire 4", 0)
    play(st, "Z Relocate")
    act(st, "lane:2")
    assert lane_of(st, f) == 2 and st.data.damage[f] == 2
    idle(st)
    tok = unit(st, "Stone Sentinel", 1)
    hand2 = len(st.data.hand[1])
    _blast(st, "Z Blast 2", tok)
    assert not in_play(st, tok) and tok not in st.data.damage
    assert all(tok not in getattr(st.data, z)[p] for p in (0, 1) for z in ("discard", "hand", "deck"))
    assert len(st.data.hand[1]) == hand2  # not Dispelled: Z Mourner stays silent
    # a Caster at its threshold goes face down to its Caster zone
    st = position({"hand": ["Z Blast 3"]}, lanes=[{"p2": ["Z Pyra"]}])
    c = st.data.caster[1]
    _blast(st, "Z Blast 3", c)
    assert st.data.caster_down[1] and c not in st.data.lane_of and c not in st.data.discard[1]


# ----------------------------------------------------------------- creatures
@pytest.mark.rule("MZL-CREATURE-1")
def test_a_creature_is_played_to_a_lane_provides_influence_and_its_abilities_work_there():
    st = position({"hand": ["Play Drawer"], "deck_size": 5})
    assert can_play(st, "Play Drawer", 3)
    play(st, "Play Drawer", 3)
    assert side(st, 3, 0) == ["Play Drawer"]
    assert total(st, 3, 0) == 2
    assert len(st.data.hand[0]) == 1  # its On Play drew a card


@pytest.mark.rule("MZL-CREATURE-2")
def test_a_creatures_cost_name_and_traits_are_what_the_rules_use():
    # cost: 3 Aura tapped, at least one of them Fire; with only Earth Aura it can't be played
    st = position({"hand": ["Ash Wyvern"], "aura": ["Earth Aura", "Earth Aura", "Earth Aura"]})
    assert not can_play(st, "Ash Wyvern")
    st = position({"hand": ["Ash Wyvern"], "aura": ["Earth Aura", "Fire Aura", "Earth Aura", "Fire Aura"]})
    play(st, "Ash Wyvern", 1)
    while st.decision.kind == "pay":  # the generic part: pay it with Earth
        act(st, [a.id for a in st.legal_actions() if "Earth" in a.label][0])
    d = st.data
    assert sorted(d.cards[a].name for a in d.aura_zone[0] if a in d.tapped) == ["Earth Aura", "Earth Aura", "Fire Aura"]
    assert side(st, 1, 0) == ["Ash Wyvern"] and total(st, 1, 0) == 3
    # name: a second copy can't join the first on the same side of a lane (another lane is fine)
    st = position({"hand": ["Z Fire 3"]}, lanes=[{"p1": ["Z Fire 3"]}])
    assert not can_play(st, "Z Fire 3", 1) and can_play(st, "Z Fire 3", 2)
    # traits: an effect on Beasts reaches only the creatures with that trait
    st = position({"hand": ["Z Beast Call"]}, lanes=[{"p1": ["Z Fire 3", "Z Sky 2"], "p2": ["Z Earth 2"]}])
    play(st, "Z Beast Call")
    assert [influence(st, unit(st, n, p)) for n, p in (("Z Fire 3", 0), ("Z Sky 2", 0), ("Z Earth 2", 1))] == [4, 2, 3]


@pytest.mark.rule("MZL-CREATURE-3", "MZL-KW-INFLUENCE-2")
def test_a_creature_at_zero_current_influence_is_shattered_at_once():
    st = position({"hand": ["Z Weaken 3"]}, lanes=[{"p2": ["Z Earth 3", "Z Earth 4"]}])
    e3, e4 = unit(st, "Z Earth 3", 1), unit(st, "Z Earth 4", 1)
    play(st, "Z Weaken 3")
    target(st, e3)
    assert not in_play(st, e3)
    assert zone(st, 1, "discard") == ["Z Earth 3"]
    assert log_index(st, "Z Earth 3 has 0 Influence and is Shattered") > 0
    assert in_play(st, e4)


@pytest.mark.rule("MZL-CREATURE-4")
def test_a_unique_creature_has_one_copy_in_play_per_side():
    st = position({"hand": ["Z Unique 3"]}, {"hand": ["Z Unique 3"]}, lanes=[{"p1": ["Z Unique 3"]}])
    assert not any(a.startswith(f"play:c{find(st, 'Z Unique 3', 0)}") for a in ids(st))
    idle(st)
    assert can_play(st, "Z Unique 3", 1)  # the opponent has their own copy
    play(st, "Z Unique 3", 1)
    assert side(st, 1, 1) == ["Z Unique 3"]


@pytest.mark.rule("MZL-CREATURE-5")
def test_creature_enhancement_symbol_and_abilities():
    st = position({"hand": ["Play Drawer"], "deck_size": 5},
                  lanes=[{"p1": ["Fire Enhancer"]}, {"p1": ["Z Fire 2"]}, {"p1": ["Z Greeter 2"]}])
    legal = ids(st)
    assert "enhance:lane1" in legal and "enhance:lane2" not in legal
    play(st, "Play Drawer", 3)  # its On Play and Z Greeter's trigger both draw
    if st.decision.kind == "__order_triggers":
        act(st, ids(st)[0])
    assert len(st.data.hand[0]) == 2


# ----------------------------------------------------------------- Duel
@pytest.mark.rule("MZL-KW-DUEL-1")
def test_duel_creatures_deal_damage_equal_to_their_influence_to_each_other():
    st = position(lanes=[{"p1": ["Z Hunter 3"], "p2": ["Z Earth 5"]}])
    h, e = unit(st, "Z Hunter 3", 0), unit(st, "Z Earth 5", 1)
    act(st, ability_id(h, 0))
    assert st.data.damage.get(e) == 3
    assert not in_play(st, h)  # took 5


@pytest.mark.rule("MZL-KW-DUEL-2")
def test_a_duelled_unit_whose_damage_reaches_its_influence_goes_to_the_discard_pile():
    st = position(lanes=[{"p1": ["Z Hunter 3"], "p2": ["Z Earth 2"]}])
    h, e = unit(st, "Z Hunter 3", 0), unit(st, "Z Earth 2", 1)
    act(st, ability_id(h, 0))
    assert not in_play(st, e) and zone(st, 1, "discard") == ["Z Earth 2"]
    assert in_play(st, h) and st.data.damage[h] == 2


@pytest.mark.rule("MZL-KW-DUEL-3")
def test_duel_damage_that_does_not_defeat_stays_until_the_round_ends():
    st = position(lanes=[{"p1": ["Z Hunter 3"], "p2": ["Z Earth 5"]}, {"p1": ["Z Fire 9"]}])
    e = unit(st, "Z Earth 5", 1)
    act(st, ability_id(unit(st, "Z Hunter 3", 0), 0))
    assert st.data.damage[e] == 3
    idle(st)
    assert st.data.damage[e] == 3  # still there a turn later
    finish_round(st)
    assert in_play(st, e) and e not in st.data.damage


@pytest.mark.rule("MZL-KW-DUEL-4")
def test_duel_amounts_are_fixed_first_and_dealt_together_and_tapped_creatures_duel():
    st = position(lanes=[{"p1": [{"name": "Z Hunter 3", "tapped": True}], "p2": ["Z Earth 3"]}])
    h, e = unit(st, "Z Hunter 3", 0), unit(st, "Z Earth 3", 1)
    act(st, ability_id(h, 0))
    assert st.data.damage == {h: 3, e: 3}
    # both reached their threshold together: the active player orders the two removals
    assert st.decision.kind == "order" and sorted(ids(st)) == sorted([f"order:c{h}", f"order:c{e}"])
    act(st, f"order:c{e}")
    assert not in_play(st, h) and not in_play(st, e)  # both fell
    assert zone(st, 0, "discard") == ["Z Hunter 3"] and zone(st, 1, "discard") == ["Z Earth 3"]


@pytest.mark.rule("MZL-KW-DUEL-4")
def test_a_creature_at_zero_influence_deals_no_duel_damage():
    st = position({"hand": ["Z Duel"]}, lanes=[{"p1": ["Z Fire 4"], "p2": [{"name": "Z Rock 5", "give": -5}]}])
    f, r = unit(st, "Z Fire 4", 0), unit(st, "Z Rock 5", 1)
    assert influence(st, r) == 0 and in_play(st, r)  # cannot be Shattered
    play(st, "Z Duel")
    assert st.data.damage.get(f, 0) == 0 and in_play(st, f)
    assert log_index(st, "Z Fire 4 (4) Duels Z Rock 5 (0)") > 0


@pytest.mark.rule("MZL-KW-INFLUENCE-1")
def test_more_influence_on_a_side_wins_its_mission():
    st = position(lanes=[{"p1": ["Z Fire 2", "Z Fire 2"], "p2": ["Z Earth 3"]},
                         {"p1": ["Z Fire 2"], "p2": ["Z Earth 3"]}])
    declare(st, 1)
    assert st.data.last_mission[3] == 0
    declare(st, 2)
    assert st.data.last_mission[3] == 1
    assert st.data.mp == [1, 1]
