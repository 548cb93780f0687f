"""MZL-ERRATA-COLORS (ability kinds decide timing) and MZL-ERRATA-INFL (base, current and
contributed Influence)."""
from __future__ import annotations

import typing

import pytest

from support import log_index, zone_names as zone
from support.metazoo import (ability_id, game, influence as inf, is_action_turn, play, player, position, side, snap,
                             target, total, unit)

from metatcg.games.metazoo import stats
from metatcg.games.metazoo.schema import AbilityKind


# ============================================================================ ability kinds
@pytest.mark.rule("MZL-ERRATA-COLORS-1")
def test_ability_names_and_markings_have_no_rules_effect():
    """Two cards that differ only in their ability's printed name and text behave alike."""
    results = []
    for name in ("Play Drawer", "Misnamed Drawer"):
        st = position(player(aura=["Fire Aura"], hand=[name], deck_size=3), player(),
                      [{"terra": "Fire Starter"}])
        play(st, name, 1)
        s = snap(st)
        results.append((s["players"][0]["hand_count"], s["players"][0]["deck_count"], st.decision.kind,
                        st.decision.player))
    assert results[0] == results[1] == (1, 2, "action", 1)


@pytest.mark.rule("MZL-ERRATA-COLORS-2")
def test_on_play_takes_effect_immediately():
    st = position(player(aura=["Fire Aura"], hand=["Play Drawer"], deck=["Fire Brute"]), player(),
                  [{"terra": "Fire Starter"}])
    start = len(st.log)
    play(st, "Play Drawer", 1)
    assert zone(st, 0, "hand") == ["Fire Brute"]
    i_play = log_index(st, "plays Play Drawer", start)
    i_draw = log_index(st, "P1 draws Fire Brute", start)
    assert 0 <= i_play < i_draw
    assert is_action_turn(st, 1)          # resolved within P1's action, before P2 acts


@pytest.mark.rule("MZL-ERRATA-COLORS-3")
def test_activated_ability_needs_an_action_and_its_cost():
    st = position(player(aura=["Fire Aura", "Earth Aura"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Aura Activator"]}])
    use = ability_id(st, unit(st, "Aura Activator", 0, 1))
    assert use in [a.id for a in st.legal_actions()]   # offered as one of the turn's actions
    st.apply(use)
    assert st.data.mp[0] == 1
    assert sorted(snap(st)["players"][0]["aura_zone"]) == ["Earth Aura", "Fire Aura (tapped)"]   # paid
    assert is_action_turn(st, 1)                      # and it was P1's action
    # without the Aura to pay, it can't be used
    st = position(player(aura=["Earth Aura"]), player(), [{"terra": "Fire Starter", "p1": ["Aura Activator"]}])
    assert not any(a.id.startswith("ability:") for a in st.legal_actions())


@pytest.mark.rule("MZL-ERRATA-COLORS-4")
def test_conditional_ability_triggers_when_its_condition_is_met():
    st = position(player(deck_size=5), player("Plain Fire Caster", aura=["Fire Aura"] * 2, hand=["Smash Unit"] * 2),
                  [{"terra": "Fire Starter", "p1": ["Ally Mourner", "Fire Pup"], "p2": ["Earth Pup"]}], active=1)
    play(st, "Smash Unit")
    target(st, unit(st, "Earth Pup", 1, 1))               # a rival creature: not the condition
    assert len(st.data.hand[0]) == 0
    st.apply("declare:lane4")
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Pup", 0, 1))                # a friendly creature is Dispelled
    assert len(st.data.hand[0]) == 1


@pytest.mark.rule("MZL-ERRATA-COLORS-5")
def test_on_mission_ability_triggers_with_its_missions_resolution():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Mission Reporter"]},
                                       {"terra": "Earth Starter"}, {}, {}])
    st.apply("declare:lane2")
    assert st.data.mp == [0, 0]
    st.apply("declare:lane3")
    st.apply("declare:lane1")
    assert st.data.mp[0] == 2 + 1                         # the mission's 2 MP, then its On Mission Resolution
    assert log_index(st, "mission in lane 1") < log_index(st, "Mission Reporter")


@pytest.mark.rule("MZL-ERRATA-COLORS-6")
def test_continuous_ability_switches_on_and_off_with_its_condition():
    st = position(player(aura=["Fire Aura"], hand=["Fire Pup"]),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Smash Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Friend Lover"]}])
    lover = unit(st, "Friend Lover", 0, 1)
    assert inf(st, lover) == 1
    play(st, "Fire Pup", 1)
    assert inf(st, lover) == 3                            # on
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Pup", 0, 1))
    assert inf(st, lover) == 1                            # off again


FAMILIES = {
    "On Play": {"on_play"},
    "Activated": {"activated"},
    "Conditional": {"trigger", "when_dispelled", "replacement"},
    "On Mission": {"on_mission_declaration", "during_mission", "on_mission_resolution", "on_successful_mission",
                   "overwhelm"},
    "Continuous": {"continuous"},
}


@pytest.mark.rule("MZL-ERRATA-COLORS-7")
def test_every_ability_has_one_of_the_five_kinds():
    kinds = set(typing.get_args(AbilityKind))
    fams = [k for f in FAMILIES.values() for k in f]
    assert sorted(fams) == sorted(kinds)          # each kind in exactly one family
    for c in game().pool.by_name.values():
        for a in c.abilities:
            assert a.kind in kinds


@pytest.mark.rule("MZL-ERRATA-COLORS-7")
def test_the_kind_not_the_printed_name_decides_timing():
    """Misnamed Drawer's ability is named "On Mission" and its text speaks of Dispel and
    continuous effects, but its kind is On Play: it draws only when played."""
    st = position(player(aura=["Fire Aura"], hand=["Misnamed Drawer"], deck_size=5),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Smash Unit"]),
                  [{"terra": "Fire Starter"}, {}, {}, {}])
    play(st, "Misnamed Drawer", 1)
    assert len(st.data.hand[0]) == 1
    st.apply("declare:lane2")
    st.apply("declare:lane1")                          # a mission in its lane
    assert len(st.data.hand[0]) == 1
    play(st, "Smash Unit")
    target(st, unit(st, "Misnamed Drawer", 0, 1))      # Dispelled
    assert len(st.data.hand[0]) == 1


# ============================================================================ Influence
def _next_round(st):
    """Declare missions until the round is over (P1 may be asked first again)."""
    r = st.data.round
    while st.data.round == r:
        st.apply(next(a.id for a in st.legal_actions() if a.id.startswith("declare:")))


@pytest.mark.rule("MZL-ERRATA-INFL-1")
def test_base_influence_is_the_printed_value():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Brute", "give": 3}]},
                                       {"resolved": True}, {"resolved": True}, {}])
    brute = unit(st, "Fire Brute", 0, 1)
    assert st.data.cards[brute].influence == 4
    assert inf(st, brute) == 7
    _next_round(st)
    assert inf(st, brute) == 4            # the given +3 is over: back to the printed base


@pytest.mark.rule("MZL-ERRATA-INFL-2")
def test_current_influence_is_base_changed_by_every_effect_now_applying():
    st = position(player(), player(aura=["Fire Aura"], hand=["Fire Field"]),
                  [{"terra": "Lonely Terra", "terra_owner": 1,
                    "p1": [{"name": "Fire Brute", "give": 3, "damage": 7}]}], active=1)
    brute = unit(st, "Fire Brute", 0, 1)
    assert inf(st, brute) == 4 + 3 + 1 == 8          # printed, given, "has" from the Terra
    assert snap(st)["lanes"][0]["p1"][0]["influence"] == 8
    assert brute in st.data.lane_of                  # 7 damage < 8
    play(st, "Fire Field", 1)                        # the Terra's +1 stops applying
    assert brute not in st.data.lane_of              # 7 damage >= 7
    assert "Fire Brute" in zone(st, 0, "discard")


@pytest.mark.rule("MZL-ERRATA-INFL-3")
def test_contributed_influence_is_after_mission_only_modifiers():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Fire Brute", "Fire Pup"],
                                        "p2": ["Weakener"]}])
    d = st.data
    contrib = dict(stats.contributions(d, 0, 0))
    assert contrib[unit(st, "Fire Brute", 0)] == 4 - 2
    assert contrib[unit(st, "Fire Pup", 0)] == 2 - 2
    st.apply("declare:lane1")
    assert d.last_mission[1:3] == (2, 1)             # P1 2 (not 6) against P2 1
    assert d.mp == [1, 0]


@pytest.mark.rule("MZL-ERRATA-INFL-4")
def test_contribution_modifiers_leave_current_influence_and_damage_alone():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Pup", "damage": 1}],
                                        "p2": ["Weakener"]}])
    pup = unit(st, "Fire Pup", 0, 1)
    assert dict(stats.contributions(st.data, 0, 0))[pup] == 0
    assert inf(st, pup) == 2
    st.apply("declare:lane1")
    assert pup in st.data.lane_of and st.data.damage[pup] == 1    # 1 damage < current 2


@pytest.mark.rule("MZL-ERRATA-INFL-5")
def test_negative_contributions_are_added_into_the_total():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Fire Brute", "Zero Fire"],
                                        "p2": ["Weakener"]}])
    assert dict(stats.contributions(st.data, 0, 0))[unit(st, "Zero Fire", 0)] == -1
    assert total(st, 1, 0) == 2 - 1 == 1
    st.apply("declare:lane1")
    assert st.data.last_mission[1:4] == (1, 1, -1)   # 1 against 1: a tie (not 2 against 1)
    assert st.data.mp == [0, 0]


@pytest.mark.rule("MZL-ERRATA-INFL-6")
def test_a_unit_is_not_dispelled_for_contributing_zero_or_less():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Zero Fire", "Fire Pup"],
                                        "p2": ["Weakener"]}])
    st.apply("declare:lane1")
    assert st.data.last_mission[1:3] == (-1, 1)
    assert side(st, 1, 0) == ["Zero Fire", "Fire Pup"]
    assert zone(st, 0, "discard") == []


@pytest.mark.rule("MZL-ERRATA-INFL-6")
def test_current_influence_of_zero_or_less_makes_a_unit_leave_play_dispelled():
    st = position(player(), player("Plain Fire Caster", aura=["Fire Aura"], hand=["Sap Two"]),
                  [{"terra": "Fire Starter", "p1": ["Zero Fire", "Grave Watcher"]}], active=1)
    play(st, "Sap Two")
    target(st, unit(st, "Zero Fire", 0))
    assert zone(st, 0, "discard") == ["Zero Fire"]
    assert st.data.mp[0] == 1                         # Dispelled (Grave Watcher)


@pytest.mark.rule("MZL-ERRATA-INFL-7")
def test_duel_uses_current_influence_for_damage_and_survival():
    # MZL-EX-1: a 9 given +3 (12) Duels a 10 across from a contribution-lowering creature
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Duelist", "give": 3}],
                                        "p2": [{"name": "Fire Titan", "give": 1}, "Weakener"]}])
    duelist = unit(st, "Duelist", 0, 1)
    titan = unit(st, "Fire Titan", 1, 1)
    st.apply(ability_id(st, duelist))
    target(st, titan)
    assert titan not in st.data.lane_of                # took 12 >= 10
    assert duelist in st.data.lane_of and st.data.damage[duelist] == 10   # 10 < 12
    assert log_index(st, "Duelist (12) Duels Fire Titan (10)") >= 0


@pytest.mark.rule("MZL-ERRATA-INFL-8")
def test_tapped_unit_contributes_exactly_zero():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Zero Fire", "tapped": True}],
                                        "p2": ["Weakener"]}])
    assert dict(stats.contributions(st.data, 0, 0))[unit(st, "Zero Fire", 0)] == 0
    assert total(st, 1, 0) == 0
    st.apply("declare:lane1")
    assert st.data.last_mission[1:3] == (0, 1)
