"""MZL-MISSION (mission resolution) and the mission keywords: Soar, Overwhelm, Destruction,
On Mission Declaration / Resolution, On Successful Mission, During Mission."""
from __future__ import annotations

import pytest

from support import act, ids, log_index, zone_names as zone
from support.metazoo import declare, finish_round, in_play, play, z_position as position, side, total, unit


def _mission(st):
    lm = st.data.last_mission
    return {"lane": lm[0] + 1, "totals": [lm[1], lm[2]], "winner": lm[3], "mp": lm[4]}


# ----------------------------------------------------------------- totals
@pytest.mark.rule("MZL-MISSION-1", "MZL-KW-INFLUENCE-1")
def test_mission_adds_up_each_sides_influence_and_the_higher_total_wins():
    st = position(lanes=[{"p1": ["Z Fire 3", "Z Fire 2"], "p2": ["Z Earth 4"]}])
    declare(st, 1)
    assert _mission(st) == {"lane": 1, "totals": [5, 4], "winner": 0, "mp": 1}
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-MISSION-2")
def test_side_total_counts_equipment_and_untapped_enhancing_aura_only_with_a_friendly_creature():
    st = position(lanes=[
        {"p1": [{"name": "Z Fire 3", "tapped": True}, "Z Gear 2"],
         "p1_aura": ["Fire Aura", {"name": "Fire Aura", "tapped": True}], "p2": ["Z Earth 2"]},
        {"p1": ["Z Gear 2"], "p1_aura": ["Fire Aura"]},
    ])
    # lane 1: tapped creature 0 + equipment 2 (a tapped creature still counts as present)
    #         + 1 untapped enhancing Aura (the tapped one adds nothing)
    assert total(st, 1, 0) == 3
    # lane 2: no friendly creature: neither the equipment nor the Aura count
    assert total(st, 2, 0) == 0
    declare(st, 1)
    assert _mission(st)["totals"] == [3, 2]
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-MISSION-3")
def test_tapped_units_add_nothing_to_the_total():
    st = position(lanes=[{"p1": [{"name": "Z Fire 5", "tapped": True}, "Z Fire 1",
                                 {"name": "Z Gear 2", "tapped": True}], "p2": ["Z Earth 2"]}])
    declare(st, 1)
    assert _mission(st)["totals"] == [1, 2]
    assert _mission(st)["winner"] == 1
    assert st.data.mp == [0, 1]


@pytest.mark.rule("MZL-MISSION-4")
def test_soar_and_during_mission_effects_are_taken_into_account():
    # raw Influence: P1 4+2+2 = 8 against P2 6+4 = 10; During Mission, Z Damper makes P2's two
    # creatures contribute 2 less each (6), Soar turns the contested win into 2 MP and Z Patron's
    # During Mission award adds 1 more.
    st = position(lanes=[{"p1": ["Z Damper 4", "Z Patron 2", "Z Sky 2"], "p2": ["Z Earth 6", "Z Earth 4"]}])
    declare(st, 1)
    assert _mission(st) == {"lane": 1, "totals": [8, 6], "winner": 0, "mp": 3}
    assert st.data.mp == [3, 0]


# ----------------------------------------------------------------- MP awarded
@pytest.mark.rule("MZL-MISSION-5")
@pytest.mark.parametrize("p1,p2", [([], []), (["Z Fire 3"], ["Z Earth 3"]),
                                   (["Z Fire 2"], ["Z Earth 1", "Enhancer Gear"])])
def test_a_tie_awards_no_mp_with_or_without_creatures(p1, p2):
    st = position(lanes=[{"p1": p1, "p2": p2}])
    declare(st, 1)
    assert _mission(st)["winner"] == -1
    assert st.data.mp == [0, 0]
    assert st.data.resolved[0]


@pytest.mark.rule("MZL-MISSION-6")
def test_uncontested_win_scores_2_mp():
    st = position(lanes=[{"p1": ["Z Fire 1"]}])
    declare(st, 1)
    assert _mission(st) == {"lane": 1, "totals": [1, 0], "winner": 0, "mp": 2}
    assert st.data.mp == [2, 0]


@pytest.mark.rule("MZL-MISSION-7")
def test_contested_win_scores_1_mp():
    st = position(lanes=[{"p1": ["Z Fire 9"], "p2": ["Z Earth 1"]}])
    declare(st, 1)
    assert _mission(st)["mp"] == 1
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-MISSION-8", "MZL-KW-SOAR-1")
def test_soar_scores_a_contested_win_as_uncontested_unless_the_loser_has_soar_too():
    st = position(lanes=[{"p1": ["Z Sky 3"], "p2": ["Z Earth 1"]},
                         {"p1": ["Z Sky 3"], "p2": ["Z Sky 2"]}])
    declare(st, 1)
    assert _mission(st)["mp"] == 2
    declare(st, 2)  # P2 declares; P1 still wins 3-2 but both sides have Soar
    assert _mission(st) == {"lane": 2, "totals": [3, 2], "winner": 0, "mp": 1}
    assert st.data.mp == [3, 0]


@pytest.mark.rule("MZL-MISSION-9")
@pytest.mark.parametrize("p2,p2_aura,mp", [
    ([{"name": "Z Earth 1", "tapped": True}], [], 1),   # a tapped creature contests
    (["Spark"], [], 1),                                  # a creature token contests
    (["Z Pyra"], [], 1),                                 # a Caster in the lane contests
    (["Z Gear 2"], [], 2),                               # equipment does not
    ([], ["Fire Aura"], 2),                              # an enhanced Aura does not
])
def test_what_counts_as_the_opponent_having_a_creature_in_the_lane(p2, p2_aura, mp):
    st = position(lanes=[{"p1": ["Z Fire 9"], "p2": p2, "p2_aura": p2_aura}])
    declare(st, 1)
    assert _mission(st)["winner"] == 0
    assert st.data.mp == [mp, 0]


@pytest.mark.rule("MZL-MISSION-10")
def test_an_empty_side_beats_a_side_with_a_negative_total():
    # Z Mire: creatures in its lane contribute 3 less, so P2's 1-Influence creature adds -2
    st = position(lanes=[{"terra": "Z Mire", "p2": ["Z Earth 1"]}])
    declare(st, 1)
    assert _mission(st) == {"lane": 1, "totals": [0, -2], "winner": 0, "mp": 1}
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-MISSION-11", "MZL-MISSION-12", "MZL-MISSION-13", "MZL-MISSION-17")
def test_mission_steps_run_in_order_declaration_totals_mp_resolution_destruction_resolved_win():
    st = position({"mp": 28}, {"deck_size": 5},
                  lanes=[{"p1": ["Z Caller 2", "Z Razer 4", "Z Crusher 5", "Z Damper 4"], "p2": ["Z Martyr 2"]}])
    start = len(st.log)
    declare(st, 1)
    # (5) the On Mission Resolution batch: Z Crusher's Overwhelm alone here
    decl = log_index(st, "Z Caller 2 (P1): Z Caller 2 gets +3", start)        # (1)
    # (2) Z Caller counts 5; Z Damper makes Z Martyr contribute 0
    totals = log_index(st, "Mission in lane 1: P1 18 Influence, P2 0 Influence", start)
    mp = log_index(st, "P1 gains 1 MP (mission in lane 1", start)             # (3)
    over = log_index(st, "P1 gains 1 MP (Z Crusher 5)", start)                # (5)
    destroy = log_index(st, "Destruction: P2 Shatters Z Martyr 2", start)    # (6)
    dispel_draw = log_index(st, "P2 draws", start)
    resolved = log_index(st, "Lane 1 is resolved", start)                    # (7)
    over_line = log_index(st, "Game over", start)                            # (8)
    assert 0 <= decl < totals < mp < over < destroy < dispel_draw < resolved < over_line
    assert st.data.mp == [30, 0]
    assert st.winner() == 0
    assert zone(st, 1, "discard") == ["Z Martyr 2"]
    assert st.data.resolved[0]


@pytest.mark.rule("MZL-MISSION-12", "MZL-KW-DESTRUCTION-2")
def test_destruction_makes_the_loser_choose_one_of_their_units_in_that_lane_to_shatter():
    st = position(lanes=[{"p1": ["Z Razer 4"], "p2": ["Z Earth 1", "Z Earth 2"]},
                         {"p2": ["Z Earth 3"]}])
    e1, e2, e3 = unit(st, "Z Earth 1", 1), unit(st, "Z Earth 2", 1), unit(st, "Z Earth 3", 1)
    declare(st, 1)
    assert st.decision.kind == "destroy" and st.decision.player == 1
    assert sorted(ids(st)) == sorted([f"shatter:c{e1}", f"shatter:c{e2}"])  # not the unit in lane 2
    act(st, f"shatter:c{e2}")
    assert zone(st, 1, "discard") == ["Z Earth 2"]
    assert in_play(st, e1) and in_play(st, e3)
    assert st.data.resolved[0]


@pytest.mark.rule("MZL-MISSION-13", "MZL-DECLARE-2")
def test_the_lane_is_marked_resolved_and_cannot_be_declared_again():
    st = position(lanes=[{"p1": ["Z Fire 1"]}])
    declare(st, 1)
    assert st.data.resolved == [True, False, False, False]
    assert "declare:lane1" not in ids(st)
    assert st.data.mp == [2, 0]


@pytest.mark.rule("MZL-MISSION-14")
def test_reaching_30_mp_in_a_mission_ends_the_game():
    st = position({"mp": 29}, {"mp": 12}, lanes=[{"p1": ["Z Fire 3"], "p2": ["Z Earth 1"]}])
    declare(st, 1)
    assert st.data.mp == [30, 12]
    assert st.is_terminal() and st.winner() == 0


@pytest.mark.rule("MZL-MISSION-15")
def test_both_reaching_30_together_level_plays_on_until_one_leads_by_1():
    # MZL-EX-8: A 28 wins uncontested (+2 = 30), the Terra gives the loser B 1 MP (29 + 1 = 30)
    st = position({"mp": 28, "hand": ["Z Windfall"]}, {"mp": 29},
                  lanes=[{"terra": "Z Loser Gift 1", "p1": ["Z Fire 2"]}])
    declare(st, 1)
    assert st.data.mp == [30, 30]
    assert st.result is None and st.data.tied_at_30
    declare(st, 2)  # P2's turn: an empty lane, a tie, no MP
    assert st.data.mp == [30, 30] and st.result is None
    play(st, "Z Windfall")  # P1 gains 1 MP: ahead by 1, wins at once
    assert st.data.mp == [31, 30]
    assert st.is_terminal() and st.winner() == 0


@pytest.mark.rule("MZL-MISSION-16")
def test_both_past_30_at_one_check_the_higher_wins_at_once():
    st = position({"mp": 28}, {"mp": 29}, lanes=[{"terra": "Z Loser Gift 2", "p1": ["Z Fire 2"]}])
    declare(st, 1)
    assert st.data.mp == [30, 31]
    assert st.is_terminal() and st.winner() == 1


@pytest.mark.rule("MZL-MISSION-16")
def test_a_level_tie_at_30_continues_into_later_rounds_and_any_later_mp_change_is_checked():
    st = position({"mp": 28}, {"mp": 29, "hand": ["Z Windfall"]},
                  lanes=[{"terra": "Z Loser Gift 1", "p1": ["Z Fire 2"]}])
    declare(st, 1)
    assert st.data.mp == [30, 30] and st.result is None
    assert finish_round(st) == 2  # three tied lanes; a new round begins, nobody has won
    assert st.result is None
    # round 2: Priority traded to P2, who gains 1 MP with a Strategy and wins straight after it
    assert st.decision.player == 1
    play(st, "Z Windfall")
    assert st.data.mp == [30, 31]
    assert st.is_terminal() and st.winner() == 1


@pytest.mark.rule("MZL-MISSION-18")
def test_a_tie_has_no_destruction_overwhelm_or_successful_mission_but_resolution_effects_trigger():
    st = position({"deck_size": 10}, lanes=[{"p1": ["Z Razer 4", "Z Crusher 5", "Z Winner 3", "Z Scribe 2"],
                                            "p2": ["Z Earth 6", "Z Earth 5", "Z Earth 3"]}])
    declare(st, 1)
    assert _mission(st)["totals"] == [14, 14] and _mission(st)["winner"] == -1
    assert st.data.mp == [0, 0]
    assert len(st.data.hand[0]) == 1               # only Z Scribe's On Mission Resolution drew
    assert side(st, 1, 1) == ["Z Earth 6", "Z Earth 5", "Z Earth 3"]  # no Destruction
    assert st.data.resolved[0]


# ----------------------------------------------------------------- Soar
@pytest.mark.rule("MZL-KW-SOAR-2")
def test_soar_does_not_add_up():
    st = position(lanes=[{"p1": ["Z Sky 3", "Z Sky 2"], "p2": ["Z Earth 1"]},
                         {"p1": ["Z Sky 3", "Z Sky 2"], "p2": ["Z Sky 2"]}])
    declare(st, 1)
    assert _mission(st)["mp"] == 2   # two Soar creatures: still just the uncontested 2
    declare(st, 2)
    assert _mission(st)["mp"] == 1   # one rival Soar creature cancels however many the winner has
    assert st.data.mp == [3, 0]


@pytest.mark.rule("MZL-KW-SOAR-3")
def test_soar_never_turns_a_tie_or_loss_into_a_win_and_a_tapped_soar_creature_still_gives_it():
    st = position(lanes=[{"p1": ["Z Sky 3"], "p2": ["Z Earth 3"]},
                         {"p1": ["Z Sky 2"], "p2": ["Z Earth 3"]},
                         {"p1": [{"name": "Z Sky 3", "tapped": True}, "Z Fire 4"], "p2": ["Z Earth 2"]}])
    declare(st, 1)
    assert _mission(st)["winner"] == -1 and st.data.mp == [0, 0]
    declare(st, 2)
    assert _mission(st)["winner"] == 1 and st.data.mp == [0, 1]
    declare(st, 3)
    assert _mission(st) == {"lane": 3, "totals": [4, 2], "winner": 0, "mp": 2}


# ----------------------------------------------------------------- Overwhelm
@pytest.mark.rule("MZL-KW-OVERWHELM-1")
@pytest.mark.parametrize("p1,p2,mp", [
    (["Z Crusher 5"], ["Z Earth 2"], [2, 0]),   # won by 3: contested 1 MP + Overwhelm 1
    (["Z Crusher 5"], ["Z Earth 3"], [1, 0]),   # won by 2: no Overwhelm
    (["Z Crusher 5"], ["Z Earth 6"], [0, 1]),   # lost: no Overwhelm
])
def test_overwhelm_triggers_only_for_the_winner_by_x_or_more(p1, p2, mp):
    st = position(lanes=[{"p1": p1, "p2": p2}])
    declare(st, 1)
    assert st.data.mp == mp


@pytest.mark.rule("MZL-KW-OVERWHELM-2")
def test_overwhelm_margin_is_fixed_before_on_mission_resolution_effects():
    # won 5-2; Z Pump Terra's On Mission Resolution then gives P2's Beast +5, ordered first
    st = position(lanes=[{"terra": "Z Pump Terra", "p1": ["Z Crusher 5"], "p2": ["Z Earth 2"]}])
    declare(st, 1)
    assert st.decision.kind == "__order_triggers"
    pump = [a.id for a in st.legal_actions() if "Z Pump Terra" in a.label]
    act(st, pump[0])
    assert st.data.mp == [2, 0]  # the Overwhelm still resolved after the pump
    assert log_index(st, "gets +5 Influence") < log_index(st, "P1 gains 1 MP (Z Crusher 5)")


@pytest.mark.rule("MZL-KW-OVERWHELM-3")
def test_overwhelm_margin_uses_contributed_totals():
    # raw 9 against 8, but Z Damper makes P2's two creatures contribute 2 less: 9 against 4
    st = position(lanes=[{"p1": ["Z Crusher 5", "Z Damper 4"], "p2": ["Z Earth 5", "Z Earth 3"]}])
    declare(st, 1)
    assert _mission(st)["totals"] == [9, 4]
    assert st.data.mp == [2, 0]


# ----------------------------------------------------------------- Destruction
@pytest.mark.rule("MZL-KW-DESTRUCTION-1")
def test_each_destruction_instance_on_the_winning_side_costs_the_loser_a_unit():
    # Z Razer's Destruction plus one enhancing Aura: two instances
    st = position(lanes=[{"p1": ["Z Razer 4", "Z Fire 5"], "p1_aura": ["Fire Aura"],
                          "p2": ["Z Earth 1", "Z Earth 2", "Z Earth 3"]}])
    declare(st, 1)
    act(st, f"shatter:c{unit(st, 'Z Earth 1', 1)}")
    act(st, f"shatter:c{unit(st, 'Z Earth 3', 1)}")
    assert side(st, 1, 1) == ["Z Earth 2"]
    assert zone(st, 1, "discard") == ["Z Earth 1", "Z Earth 3"]
    assert st.data.resolved[0] and st.decision.kind == "action"


@pytest.mark.rule("MZL-KW-DESTRUCTION-3")
def test_units_that_cannot_be_shattered_and_enhanced_aura_cannot_satisfy_destruction():
    st = position(lanes=[{"p1": ["Z Razer 4", "Z Fire 9"],
                          "p2": ["Z Rock 5", "Z Earth 1", "Fire Enhancer"], "p2_aura": ["Fire Aura"]}], auto=False)
    declare(st, 1)
    assert st.decision.kind == "destroy"
    assert sorted(ids(st)) == sorted([f"shatter:c{unit(st, 'Z Earth 1', 1)}",
                                      f"shatter:c{unit(st, 'Fire Enhancer', 1)}"])


@pytest.mark.rule("MZL-KW-DESTRUCTION-4")
def test_destruction_count_is_fixed_when_the_winner_is_decided():
    # Z Giant Bane Shatters the winner's only Destruction source during On Mission Resolution
    st = position(lanes=[{"terra": "Z Giant Bane", "p1": ["Z Giant 6"], "p2": ["Z Earth 1", "Z Earth 2"]}])
    declare(st, 1)
    assert zone(st, 0, "discard") == ["Z Giant 6"]
    assert st.decision.kind == "destroy" and st.decision.player == 1
    act(st, f"shatter:c{unit(st, 'Z Earth 1', 1)}")
    assert side(st, 1, 1) == ["Z Earth 2"]


@pytest.mark.rule("MZL-KW-DESTRUCTION-4")
def test_destruction_with_fewer_eligible_units_shatters_them_all_and_each_finishes_before_the_next():
    st = position({}, {"deck_size": 5}, lanes=[{"p1": ["Z Razer 4", "Z Fire 9"], "p1_aura": ["Fire Aura"] * 2,
                                               "p2": ["Z Martyr 2", "Z Earth 1"]}])
    start = len(st.log)
    declare(st, 1)  # three instances, two eligible units
    act(st, f"shatter:c{unit(st, 'Z Martyr 2', 1)}")
    # the When Dispelled draw finished before the next pick; the last unit goes, the 3rd instance is lost
    assert log_index(st, "P2 draws", start) < log_index(st, "Destruction: P2 Shatters Z Earth 1", start)
    assert side(st, 1, 1) == []
    assert st.data.resolved[0] and st.decision.kind == "action" and st.decision.player == 1


# ----------------------------------------------------------------- On Mission abilities
@pytest.mark.rule("MZL-KW-ONDECL-1")
def test_on_mission_declaration_resolves_before_the_mission_is_worked_out():
    st = position(lanes=[{"p1": ["Z Caller 2"], "p2": ["Z Earth 4"]}])
    declare(st, 1)
    assert _mission(st)["totals"] == [5, 4]  # 2 + 3 from its own declaration trigger
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-KW-ONRES-1")
def test_on_mission_resolution_comes_after_the_winner_is_decided_and_mp_awarded():
    st = position({"deck_size": 5}, lanes=[{"terra": "Z Loser Gift 1", "p1": ["Z Scribe 2"], "p2": ["Z Earth 3"]}])
    start = len(st.log)
    declare(st, 1)
    if st.decision.kind == "__order_triggers":
        act(st, ids(st)[0])
    awarded = log_index(st, "P2 gains 1 MP (mission", start)
    assert awarded > 0
    assert log_index(st, "P1 draws", start) > awarded       # Z Scribe's draw
    assert log_index(st, "P1 gains 1 MP (Z Loser Gift 1)", start) > awarded  # knows who lost
    assert st.data.mp == [1, 1]


@pytest.mark.rule("MZL-KW-ONSUCCESS-1")
def test_on_successful_mission_only_for_the_player_who_won():
    st = position(lanes=[{"p1": ["Z Winner 3"], "p2": ["Z Earth 1"]},
                         {"p1": ["Z Winner 3"], "p2": ["Z Earth 5"]}])
    declare(st, 1)
    assert len(st.data.hand[0]) == 1
    start = len(st.log)
    declare(st, 2)  # P2 declares and wins
    assert st.data.mp == [1, 1]
    assert len(st.data.hand[0]) == 1 and log_index(st, "P1 draws", start) == -1


@pytest.mark.rule("MZL-KW-DURING-1")
def test_during_mission_changes_totals_and_mp_while_they_are_worked_out():
    st = position(lanes=[{"p1": ["Z Damper 4", "Z Patron 2"], "p2": ["Z Earth 6", "Z Earth 1"]}])
    assert total(st, 1, 1) == 3  # projected: 4 + (-1)
    declare(st, 1)
    assert _mission(st)["totals"] == [6, 3]
    assert st.data.mp == [2, 0]  # contested 1 + 1 from Z Patron


@pytest.mark.rule("MZL-KW-DURING-2")
def test_during_mission_changes_only_contributions_and_only_in_its_own_lane():
    st = position(lanes=[{"p1": ["Z Damper 4"], "p2": ["Z Earth 3"]},
                         {"p1": ["Z Fire 2"], "p2": ["Z Earth 3"]}])
    e = unit(st, "Z Earth 3", 1, lane=1)
    declare(st, 1)
    assert _mission(st)["totals"] == [4, 1]
    from support.metazoo import influence
    assert influence(st, e) == 3                       # current Influence untouched
    declare(st, 2)  # the Damper in lane 1 does nothing in lane 2
    assert _mission(st)["totals"] == [2, 3]
