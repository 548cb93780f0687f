"""MX-DMG (Damage), MX-TKO, MX-HPKO and MX-KO (KO timing, KO'd cards, triggers, replacement)."""
from __future__ import annotations

import pytest

from mxb_helpers import (act, attack, damage_names, defend, find, ids, in_play, log_index, position,
                         resolve_id, zone_names)


# ----------------------------------------------------------------- the two KO conditions, by table
def _with_damage(char: str, damage: list[str]):
    """P2 controls ``char`` carrying ``damage[:-1]`` (cards owned by P1); in P1's Planning Step an
    Event attaches the last card from P1's discard pile, which runs the KO checks."""
    st = position({"mp": 1, "hand": ["Hex Bolt"], "discard": [damage[-1]], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": [{"name": char, "damage": damage[:-1]}]},
                  step="planning")
    target = find(st, char, 1)
    act(st, f"event:c{find(st, 'Hex Bolt', 0, 'hand')}", f"target:c{target}",
        f"card:c{find(st, damage[-1], 0, 'discard')}")
    assert st.decision.kind == "planning"
    assert in_play(st, target) == (_ko_reason(st, char) == "")
    return st


def _ko_reason(st, char: str) -> str:
    for line in st.log:
        if line.startswith(f"{char} (P2) is KO'd: "):
            return line.split(": ", 1)[1]
    return ""


TKO_CASES = [
    # three Stat types need all three colours
    ("Trio 7-3-5", ["Str1", "Int1"], ""),
    ("Trio 7-3-5", ["Str1", "Int1", "Spe2"], "TKO"),
    # two Stat types: any two different colours
    ("Duo S5I4", ["Str1", "Int1"], "TKO"),
    ("Duo S5I4", ["Str1", "Spe1"], "TKO"),
    ("Duo S5I4", ["Int1", "Spe2"], "TKO"),
    ("Duo S5I4", ["Str1", "Str1"], ""),
    # one Stat type: any Damage at all
    ("Solo S5", ["Str1"], "TKO"),
    ("Solo S5", ["Spe1"], "TKO"),
]


@pytest.mark.rule("MX-TKO-1", "MX-TKO-2", "MX-DMG-4")
@pytest.mark.parametrize("char,damage,expected", TKO_CASES)
def test_tko_needs_as_many_damage_colours_as_the_character_has_stat_types(char, damage, expected):
    st = _with_damage(char, damage)
    assert _ko_reason(st, char) == expected
    assert (char in zone_names(st, 1, "discard")) == bool(expected)


@pytest.mark.rule("MX-TKO-3")
def test_tko_counts_damage_colours_the_character_does_not_have():
    # Strength/Intelligence Character: Intelligence + Special Damage is two colours
    st = _with_damage("Duo S5I4", ["Int1", "Spe1"])
    assert _ko_reason(st, "Duo S5I4") == "TKO"
    # and a Special-only Character is TKO'd by a single Strength card
    st = _with_damage("Solo P3", ["Str1"])
    assert _ko_reason(st, "Solo P3") == "TKO"


@pytest.mark.rule("MX-TKO-4")
def test_tko_ignores_the_damage_value_and_counts_multi_stat_cards_once():
    # value 3 against highest Rank 7: still a TKO
    assert _ko_reason(_with_damage("Trio 7-3-5", ["Str1", "Int1", "Spe1"]), "Trio 7-3-5") == "TKO"
    # a big value of one colour is no TKO (it is an HP KO only when the value reaches the Rank)
    assert _ko_reason(_with_damage("Wall 777", ["Str3", "Str3"]), "Wall 777") == ""
    # Multi-Stat Damage (MX-MULTI-5): one Strength/Special card is one colour, never two
    assert _ko_reason(_with_damage("Duo S4I6", ["StrSpe2"]), "Duo S4I6") == ""
    # ... but it fills the missing colour next to a Strength card
    assert _ko_reason(_with_damage("Duo S4I6", ["Str1", "StrSpe2"]), "Duo S4I6") == "TKO"
    assert _ko_reason(_with_damage("Duo S4I6", ["StrSpe2", "StrSpe2"]), "Duo S4I6") == "TKO"


HP_CASES = [
    ("Trio 6-2-4", ["Str6"], "HP KO"),
    ("Trio 6-2-4", ["Str4", "Str2"], "HP KO"),
    ("Trio 6-2-4", ["Str5"], ""),
    ("Trio 2-5-3", ["Int5"], "HP KO"),
    ("Trio 2-5-3", ["Int3", "Int2"], "HP KO"),
    ("Trio 2-5-3", ["Int4"], ""),
    ("Wall 777", ["Str7"], "HP KO"),
    ("Wall 777", ["Int3", "Int4"], "HP KO"),
    ("Wall 777", ["Int3", "Int3"], ""),
]


@pytest.mark.rule("MX-HPKO-1", "MX-DMG-4")
@pytest.mark.parametrize("char,damage,expected", HP_CASES)
def test_hp_ko_when_the_damage_value_reaches_the_highest_rank(char, damage, expected):
    st = _with_damage(char, damage)
    assert _ko_reason(st, char) == expected


@pytest.mark.rule("MX-HPKO-2")
def test_hp_ko_uses_only_the_single_highest_rank():
    # Strength 2 / Special 6: Damage 2 (= its Strength) or 5 does not KO it, 6 does
    assert _ko_reason(_with_damage("Duo S2P6", ["Str2"]), "Duo S2P6") == ""
    assert _ko_reason(_with_damage("Duo S2P6", ["Spe5"]), "Duo S2P6") == ""
    assert _ko_reason(_with_damage("Duo S2P6", ["Spe6"]), "Duo S2P6") == "HP KO"
    # colours play no part: one colour against three Stat types, value 7 = highest Rank
    assert _ko_reason(_with_damage("Wall 777", ["Spe3", "Spe4"]), "Wall 777") == "HP KO"


# ----------------------------------------------------------------- Damage in the Battle Step
@pytest.mark.rule("MX-DMG-2", "MX-DMG-6", "MX-KO-3", "MX-KO-4")
def test_both_battle_cards_attach_at_once_and_both_characters_can_be_kod_together():
    st = position({"mp": 5, "hand": ["Str2"], "character": ["Solo S5", "Wall 777"]},
                  {"mp": 5, "hand": ["Spe1"], "character": ["Solo P3"]})
    start = len(st.log)
    attack(st, "Solo S5", "Str2")
    act(st, "end_attacks")
    defend(st, "Solo P3", "Solo S5", "Spe1")
    act(st, "end_defense")
    # both cards were attached before either KO (the defender's card still reached the attacker)
    a1 = log_index(st, "Str2 is attached to Solo P3", start)
    a2 = log_index(st, "Spe1 is attached to Solo S5", start)
    k1 = log_index(st, "Solo S5 (P1) is KO'd", start)
    k2 = log_index(st, "Solo P3 (P2) is KO'd", start)
    assert min(a1, a2) >= 0 and min(k1, k2) > max(a1, a2)
    # each KO'd Character goes with its Damage, card by card to each owner's discard pile
    assert zone_names(st, 0, "discard") == ["Solo S5", "Str2"]
    assert zone_names(st, 1, "discard") == ["Solo P3", "Spe1"]
    assert not st.data.damage
    assert st.data.vp == [[], []]


@pytest.mark.rule("MX-DMG-3")
def test_the_attacking_player_orders_the_defended_attacks():
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": 5, "hand": ["Int1", "Int2"], "character": ["Trio 2-5-3", "Duo S4I6"]})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    defend(st, "Trio 2-5-3", "Wall 777", "Int1")
    defend(st, "Duo S4I6", "Duo I7P7", "Int2")
    act(st, "end_defense")
    assert st.decision.kind == "resolve_order" and st.current_player() == 0
    assert set(ids(st)) == {resolve_id(st, "Wall 777"), resolve_id(st, "Duo I7P7")}
    for first, second in (("Wall 777", "Duo I7P7"), ("Duo I7P7", "Wall 777")):
        s = st.clone()
        start = len(s.log)
        act(s, resolve_id(s, first))
        assert log_index(s, f"attached to {first}", start) < log_index(s, f"attached to {second}", start)


@pytest.mark.rule("MX-DMG-5")
def test_damage_stays_attached_across_turns_and_keeps_counting():
    st = position({"mp": 5, "hand": ["Str1", "Str2"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Int3", "Int4"], "character": ["Duo I7P7"]})
    wall = find(st, "Wall 777", 0)
    attack(st, "Wall 777", "Str1")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Wall 777", "Int3")
    act(st, "end_defense")
    assert damage_names(st, wall) == ["Int3"]
    # P2's turn 4 passes without a fight; the Damage is still there
    act(st, "end_planning", "end_attacks")
    assert st.data.turn == 5 and st.data.active == 0
    assert damage_names(st, wall) == ["Int3"]
    act(st, "end_planning")
    attack(st, "Wall 777", "Str2")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Wall 777", "Int4")
    act(st, "end_defense")
    # 3 + 4 = 7 reaches the Wall's highest Rank 7: the old Damage counted
    assert not in_play(st, wall)
    assert "Wall 777 (P1) is KO'd: HP KO" in st.log


# ----------------------------------------------------------------- KO timing
@pytest.mark.rule("MX-KO-1")
def test_a_ko_happens_at_once_before_the_next_attack_resolves():
    st = position({"mp": 5, "hand": ["Str1", "Spe1", "Str2"],
                   "character": ["Wall 777", "Duo I7P7", "Trio 7-3-5"]},
                  {"mp": 5, "hand": ["Int1", "Int2", "Spe1"], "character": ["Duo I7P7", "Solo P3", "Duo S4I6"]})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    attack(st, "Trio 7-3-5", "Str2")
    act(st, "end_attacks")
    defend(st, "Solo P3", "Wall 777", "Spe1")
    defend(st, "Duo I7P7", "Duo I7P7", "Int1")
    defend(st, "Duo S4I6", "Trio 7-3-5", "Int2")
    act(st, "end_defense")
    solo = find(st, "Solo P3", 1)
    act(st, resolve_id(st, "Wall 777"))
    # the next ordering decision comes only after Solo P3 (one Stat, hit once) has left play
    assert st.decision.kind == "resolve_order"
    assert not in_play(st, solo)
    assert zone_names(st, 1, "discard") == ["Solo P3"]
    assert zone_names(st, 0, "discard") == ["Str1"]   # its Damage went with it, to its owner
    assert damage_names(st, find(st, "Wall 777", 0)) == ["Spe1"]


@pytest.mark.rule("MX-KO-2", "MX-KO-4")
def test_damage_attached_by_an_event_kos_outside_the_battle_step():
    st = position({"mp": 1, "hand": ["Hex Bolt"], "discard": ["Str1"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": [{"name": "Duo S5I4", "damage": ["Str4"]}]},
                  step="planning")
    duo = find(st, "Duo S5I4", 1)
    act(st, f"event:c{find(st, 'Hex Bolt', 0, 'hand')}")
    act(st, f"target:c{duo}")
    act(st, f"card:c{find(st, 'Str1', 0, 'discard')}")
    # 4 + 1 = 5 reaches Rank 5: KO'd in the Planning Step, at once
    assert st.decision.kind == "planning" and st.data.phase == "planning"
    assert not in_play(st, duo)
    assert "Duo S5I4 (P2) is KO'd: HP KO" in st.log
    assert zone_names(st, 1, "discard") == ["Duo S5I4"]
    assert zone_names(st, 0, "discard") == ["Hex Bolt", "Str1", "Str4"]


@pytest.mark.rule("MX-KO-5")
def test_meeting_both_conditions_kos_once_and_triggers_once():
    st = position({"mp": 5, "hand": ["Spe1"], "deck": ["Str7", "Str6", "Str5", "Str4"],
                   "character": ["Solo P3", "Mourner"]},
                  {"mp": 5, "hand": ["Str4"], "character": ["Duo S5I4"]})
    solo = find(st, "Solo P3", 0)
    attack(st, "Solo P3", "Spe1")
    act(st, "end_attacks")
    defend(st, "Duo S5I4", "Solo P3", "Str4")
    act(st, "end_defense")
    assert "Solo P3 (P1) is KO'd: TKO and HP KO" in st.log
    assert sum("is KO'd" in line for line in st.log) == 1
    assert zone_names(st, 0, "discard").count("Solo P3") == 1
    assert not in_play(st, solo)
    assert zone_names(st, 0, "hand") == ["Str7"]  # Mourner drew exactly once


@pytest.mark.rule("MX-KO-6")
def test_a_character_is_kod_when_a_turn_buff_ends():
    st = position({"mp": 5, "hand": ["Str1 Surge"], "character": [{"name": "Duo S5I4", "damage": ["Str4"]}]},
                  {"mp": 5, "hand": ["Str2"], "character": ["Wall 777"]})
    duo = find(st, "Duo S5I4", 0)
    attack(st, "Duo S5I4", "Str1 Surge")
    assert st.data.cards[duo].name == "Duo S5I4"
    act(st, "end_attacks")
    defend(st, "Wall 777", "Duo S5I4", "Str2")
    start = len(st.log)
    act(st, "end_defense")
    # during the battle it had Strength 7: Damage 4 + 2 = 6 did not KO it
    i_attach = log_index(st, "Str2 is attached to Duo S5I4", start)
    i_ko = log_index(st, "Duo S5I4 (P1) is KO'd: HP KO", start)
    i_next = log_index(st, "— Turn 4", start)
    assert 0 <= i_attach < i_ko < i_next  # KO'd when the buff ended, before the next turn
    assert not in_play(st, duo)


@pytest.mark.rule("MX-KO-6")
def test_a_character_is_kod_when_an_effect_lowers_its_highest_rank():
    st = position({"mp": 0, "hand": ["Gloom Lord"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": [{"name": "Duo S6I2", "damage": ["Str5"]}]},
                  step="planning")
    duo = find(st, "Duo S6I2", 1)
    assert in_play(st, duo)
    act(st, f"play:c{find(st, 'Gloom Lord', 0, 'hand')}")
    assert st.decision.kind == "planning"
    assert not in_play(st, duo)
    assert "Duo S6I2 (P2) is KO'd: HP KO" in st.log
    # a one-turn Rank loss from an Event works the same way
    st = position({"mp": 0, "hand": ["Sap Strength"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": [{"name": "Duo S6I2", "damage": ["Str4"]},
                                                       {"name": "Duo S5I4", "damage": ["Str1"]}]},
                  step="planning")
    duo = find(st, "Duo S6I2", 1)
    act(st, f"event:c{find(st, 'Sap Strength', 0, 'hand')}", f"target:c{duo}")
    assert not in_play(st, duo)
    assert in_play(st, find(st, "Duo S5I4", 1))


@pytest.mark.rule("MX-KO-6")
def test_a_ko_that_removes_an_aura_kos_the_character_it_kept_alive_at_once():
    st = position({"mp": 1, "hand": ["Hex Bolt"], "discard": ["Int1"], "character": ["Wall 777"]},
                  {"mp": 0, "hand": [], "character": [{"name": "Banner Duo", "damage": ["Str1"]},
                                                       {"name": "Duo S5I4", "damage": ["Str5"]}]},
                  active=0, step="planning")
    banner, duo = find(st, "Banner Duo", 1), find(st, "Duo S5I4", 1)
    assert in_play(st, duo)  # Strength 6 thanks to the aura, Damage 5
    act(st, f"event:c{find(st, 'Hex Bolt', 0, 'hand')}", f"target:c{banner}",
        f"card:c{find(st, 'Int1', 0, 'discard')}")
    assert not in_play(st, banner)
    assert not in_play(st, duo)
    assert st.decision.kind == "planning"


@pytest.mark.rule("MX-KO-6")
def test_kos_cascade_at_once_when_a_buff_ends_at_the_end_of_the_turn():
    """The aura's source is KO'd when its turn buff ends; the Character its aura kept alive must
    go at the same point, not after the next player's Prep Step."""
    st = position({"mp": 5, "hand": ["Str1 Surge"],
                   "character": [{"name": "Banner Duo", "damage": ["Str3"]},
                                 {"name": "Duo S5I4", "damage": ["Str5"]}]},
                  {"mp": 5, "hand": ["Str2"], "character": ["Wall 777"]})
    banner, duo = find(st, "Banner Duo", 0), find(st, "Duo S5I4", 0)
    attack(st, "Banner Duo", "Str1 Surge")
    act(st, "end_attacks")
    defend(st, "Wall 777", "Banner Duo", "Str2")
    start = len(st.log)
    act(st, "end_defense")
    i_banner = log_index(st, "Banner Duo (P1) is KO'd", start)
    i_duo = log_index(st, "Duo S5I4 (P1) is KO'd", start)
    i_next = log_index(st, "— Turn 4", start)
    assert 0 <= i_banner < i_duo < i_next
    assert not in_play(st, banner) and not in_play(st, duo)


@pytest.mark.rule("MX-KO-7")
def test_kos_give_no_vp_and_an_attacker_that_left_play_gains_none():
    st = position({"mp": 5, "hand": ["Str1", "Spe1"], "character": ["Wall 777", "Duo I7P7"]},
                  {"mp": 5, "hand": ["Int1 Ambush"], "character": ["Solo P3", "Duo S4I6"]})
    attack(st, "Wall 777", "Str1")
    attack(st, "Duo I7P7", "Spe1")
    act(st, "end_attacks")
    duo_atk = find(st, "Duo I7P7", 0)
    # Duo S4I6 blocks the Wall; its card's effect discards the other, undefended attacker
    defend(st, "Duo S4I6", "Wall 777", "Int1 Ambush")
    act(st, f"target:c{duo_atk}")
    assert not in_play(st, duo_atk)
    act(st, "end_defense")
    d = st.data
    assert d.vp == [[], []]                              # no VP for the attacker that left play
    assert "Spe1" in zone_names(st, 0, "discard")        # its Battle Card is discarded
    # a KO in battle gives nobody a VP either
    st = position({"mp": 5, "hand": ["Str1"], "character": ["Wall 777"]},
                  {"mp": 5, "hand": ["Spe1"], "character": ["Solo P3"]})
    attack(st, "Wall 777", "Str1")
    act(st, "end_attacks")
    defend(st, "Solo P3", "Wall 777", "Spe1")
    act(st, "end_defense")
    assert "Solo P3" in zone_names(st, 1, "discard")
    assert st.data.vp == [[], []]


# ----------------------------------------------------------------- triggered abilities and replacement
def _trigger_position():
    st = position({"mp": 5, "hand": ["Str1"], "deck": ["Str7", "Str6", "Str5"], "character": ["Solo S5", "Mourner"]},
                  {"mp": 2, "hand": ["Int1"], "character": ["Duo I7P7", "Vulture"]})
    attack(st, "Solo S5", "Str1")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Solo S5", "Int1")
    act(st, "end_defense")
    return st


@pytest.mark.rule("MX-KO-1", "MX-KO-3", "MX-KO-4")
def test_simultaneous_ko_triggers_are_ordered_by_the_active_player():
    st = _trigger_position()
    assert "Solo S5 (P1) is KO'd: TKO" in st.log
    # the KO already happened (Character and Damage discarded) before the triggers resolve
    assert zone_names(st, 0, "discard") == ["Solo S5"] and zone_names(st, 1, "discard") == ["Int1"]
    # Mourner (P1: another of yours KO'd) and Vulture (P2: an opposing one KO'd) trigger together
    assert st.decision.kind == "__order_triggers"
    assert st.current_player() == 0  # the active player orders both, P2's included
    labels = [a.label for a in st.legal_actions()]
    assert ids(st) == ["trigger:0", "trigger:1"]
    assert any("Mourner" in lab for lab in labels) and any("Vulture" in lab for lab in labels)
    for first_idx in (0, 1):
        s = st.clone()
        first_name = "Mourner" if "Mourner" in s.legal_actions()[first_idx].label else "Vulture"
        start = len(s.log)
        act(s, f"trigger:{first_idx}")
        i_draw = log_index(s, "P1 draws", start)
        i_mp = log_index(s, "P2 MP 2 → 3", start)
        assert i_draw >= 0 and i_mp >= 0
        assert (i_draw < i_mp) == (first_name == "Mourner")
        # then the turn goes on: the Battle Step finishes, P2's turn begins
        assert s.data.active == 1 and s.data.turn == 4
        assert zone_names(s, 0, "hand") == ["Str7"]


@pytest.mark.rule("MX-OVR-3")
def test_the_ko_replacement_effect_applies_instead_of_the_ko():
    st = position({"mp": 5, "hand": ["Str1"], "deck": ["Str7"] * 3, "character": ["Phoenix", "Mourner"]},
                  {"mp": 2, "hand": ["Int1"], "character": ["Duo I7P7", "Vulture"]})
    phoenix = find(st, "Phoenix", 0)
    attack(st, "Phoenix", "Str1")
    act(st, "end_attacks")
    defend(st, "Duo I7P7", "Phoenix", "Int1")
    act(st, "end_defense")
    d = st.data
    assert phoenix in d.hand[0] and not in_play(st, phoenix)   # returned to hand instead
    assert not any("Phoenix (P1) is KO'd" in line for line in st.log)
    assert zone_names(st, 1, "discard") == ["Int1"]            # its Damage went to its owner's pile
    # it was not KO'd, so no "whenever ... is KO'd" ability triggered
    assert d.mp[1] == 2 and zone_names(st, 0, "hand") == ["Phoenix"]


@pytest.mark.rule("MX-OVR-3", "MX-KO-2")
def test_a_once_per_turn_ko_replacement_only_saves_once_a_turn():
    st = position({"mp": 0, "hand": [], "character": ["Mender"]},
                  {"mp": 3, "hand": ["Hex Bolt", "Hex Bolt", "Hex Bolt"], "discard": ["Int1", "Spe1", "Str1"],
                   "character": ["Wall 777"]},
                  active=1, turn=4, step="planning")
    mender = find(st, "Mender", 0)

    def bolt(card):
        act(st, f"event:c{find(st, 'Hex Bolt', 1, 'hand')}")
        if st.decision.kind == "target":
            act(st, f"target:c{mender}")
        act(st, f"card:c{find(st, card, 1, 'discard')}")

    bolt("Int1")
    assert in_play(st, mender) and not st.data.damage.get(mender)   # Damage discarded instead
    assert "Int1" in zone_names(st, 1, "discard")
    bolt("Spe1")
    assert not in_play(st, mender)
    assert "Mender (P1) is KO'd: TKO" in st.log


@pytest.mark.rule("MX-KO-2")
def test_triggers_from_a_ko_in_the_opponents_turn_are_ordered_by_that_active_player():
    st = position({"mp": 0, "hand": [], "deck": ["Str7", "Str6"], "character": ["Solo S5", "Mourner"]},
                  {"mp": 1, "hand": ["Hex Bolt"], "discard": ["Int1"], "character": ["Vulture"]},
                  active=1, turn=4, step="planning")
    solo = find(st, "Solo S5", 0)
    act(st, f"event:c{find(st, 'Hex Bolt', 1, 'hand')}", f"target:c{solo}",
        f"card:c{find(st, 'Int1', 1, 'discard')}")
    assert not in_play(st, solo)
    assert st.decision.kind == "__order_triggers" and st.current_player() == 1
    first = next(a.id for a in st.legal_actions() if "Vulture" in a.label)
    start = len(st.log)
    act(st, first)
    assert 0 <= log_index(st, "P2 MP 0 → 1", start) < log_index(st, "P1 draws", start)
    assert st.decision.kind == "planning" and st.current_player() == 1
    assert zone_names(st, 0, "hand") == ["Str7"] and st.data.mp[1] == 1


# ----------------------------------------------------------------- simultaneous KOs are one event
@pytest.mark.rule("MX-DMG-6", "MX-KO-1")
@pytest.mark.parametrize("attacker_damage", [[], ["Spe1"]], ids=["fresh-attacker", "attacker-held-damage"])
def test_characters_kod_together_all_see_each_other(attacker_damage):
    """Issue 7, defect 1: a blocked attack KOs both Characters. The attacker's "whenever an
    opposing Character is KO'd" ability fires whether or not the attacker took Damage earlier
    (which used to decide the order the KOs were carried out in, and so whether it saw the other)."""
    st = position({"mp": 3, "hand": ["Str5"],
                   "character": [{"name": "Scavenger S5P3", "damage": attacker_damage}]},
                  {"mp": 0, "hand": ["Spe5"], "character": [{"name": "Duo S2P6", "damage": ["Str1"]}]},
                  turn=5)
    scav, duo = find(st, "Scavenger S5P3", 0), find(st, "Duo S2P6", 1)
    attack(st, "Scavenger S5P3", "Str5")
    act(st, "end_attacks")
    defend(st, "Duo S2P6", "Scavenger S5P3", "Spe5")
    act(st, "end_defense")
    assert not in_play(st, scav) and not in_play(st, duo)   # both KO'd, at the same moment
    assert "Duo S2P6 (P2) is KO'd: HP KO" in st.log
    assert any(line.startswith("Scavenger S5P3 (P1) is KO'd") for line in st.log)
    assert "P1 MP 3 → 4 (Scavenger S5P3)" in st.log           # its ability saw the other KO
    assert st.data.mp[0] == 4


@pytest.mark.rule("MX-DMG-6", "MX-KO-1", "MX-KO-6")
def test_a_ko_own_ability_sees_a_partner_kod_with_it_but_not_itself():
    """A "whenever another Character you control is KO'd" Character KO'd together with another
    of its controller's Characters triggers once (for the other one), never for itself."""
    st = position({"mp": 0, "hand": [], "deck": ["Str7", "Str6", "Str5"],
                   "character": [{"name": "Mourner S5", "damage": ["Str4"]},
                                 {"name": "Solo S5", "damage": ["Str4"]}]},
                  {"mp": 0, "hand": ["Gloom Lord"], "character": []},
                  active=1, turn=4, step="planning")
    mourner, solo = find(st, "Mourner S5", 0), find(st, "Solo S5", 0)
    act(st, f"play:c{find(st, 'Gloom Lord', 1, 'hand')}")  # -1 Strength: both meet HP KO at once
    assert not in_play(st, mourner) and not in_play(st, solo)
    assert zone_names(st, 0, "hand") == ["Str7"]             # one draw: for Solo S5, not itself
    assert sorted(zone_names(st, 0, "deck")) == ["Str5", "Str6"]
