"""MZL-ROUND (round structure, end of round), MZL-DRAW (draw phase), MZL-AURAPH (Aura phase)."""
from __future__ import annotations

import pytest

from metatcg.engine.state import ORDER_DECISION

from support import ids
from support.metazoo import (GAME, enh, finish_round, hands, play, pos, started, unit_in_lane as unit, untapped,
                             aura_zone as zone)

RESOLVED3 = [{"resolved": True}, {"resolved": True}, {"resolved": True}]


def idx(log: list[str], text: str, start: int = 0) -> int:
    for i in range(start, len(log)):
        if text in log[i]:
            return i
    raise AssertionError(f"{text!r} not in log")


# ----------------------------------------------------------------- MZL-ROUND
@pytest.mark.rule("MZL-ROUND-1")
def test_round_is_draw_then_aura_then_action_phase():
    s = pos({"aura": ["Fire Aura"], "aura_deck": 3}, {"aura": ["Earth Aura"], "aura_deck": 3},
            phase="round_start", round=2)
    log = s.log
    r = idx(log, "— Round 2")
    d = idx(log, "P1 draws", r)
    a = idx(log, "(Aura phase)", r)
    assert r < d < a
    assert s.decision.kind == "action" and s.data.phase == "action"
    assert s.data.round == 2


@pytest.mark.rule("MZL-ROUND-2")
def test_both_players_do_the_draw_and_aura_phases_together():
    s = started(seed=3)
    log = s.log
    r = idx(log, "— Round 1")
    draws = [i for i in range(r, len(log)) if " draws " in log[i]]
    auras = [i for i in range(r, len(log)) if "(Aura phase)" in log[i]]
    assert len(draws) == 2 and len(auras) == 2
    assert max(draws) < min(auras)  # both draw, then both add Aura
    assert hands(s) == [6, 6] and [len(z) for z in s.data.aura_zone] == [2, 2]


@pytest.mark.rule("MZL-ROUND-3")
def test_round_ends_when_all_four_lanes_are_resolved():
    s = pos({"deck_size": 5}, {"deck_size": 5}, RESOLVED3 + [{}])
    assert s.data.round == 1
    s.apply("declare:lane4")
    assert any("End of round 1" in line for line in s.log)
    assert s.data.round == 2 and s.data.resolved == [False] * 4
    assert s.decision.kind == "action"
    # three resolved lanes are not enough
    s = pos({}, {}, RESOLVED3[:2] + [{}, {}])
    s.apply("declare:lane3")
    assert s.data.round == 1 and s.decision.player == 1


@pytest.mark.rule("MZL-ROUND-4")
def test_priority_is_held_for_the_whole_round_and_changes_only_at_the_next_round():
    s = pos({"aura": ["Fire Aura"], "hand": ["Fire Pup"]}, {"owed": 1, "aura": ["Earth Aura"]}, priority=0)
    # no response windows: after each single action the other player acts
    assert s.decision.player == 0
    play(s, "Fire Pup", 1)
    assert s.decision.kind == "action" and s.decision.player == 1 and s.data.priority == 0
    s.apply("declare:lane2")
    assert s.decision.player == 0 and s.data.priority == 0
    s.apply("declare:lane3")
    assert s.data.priority == 0 and s.data.active == 1
    # P2 (non-priority) takes the round's last action; cleanup is led by the Priority player
    s = pos({"owed": 1, "aura": ["Fire Aura"]}, {"owed": 1, "aura": ["Earth Aura"]},
            RESOLVED3 + [{}], priority=0, active=1)
    s.apply("declare:lane4")
    assert s.decision.kind == ORDER_DECISION
    assert s.decision.player == 0 and s.data.active == 0
    s.apply(ids(s)[0])
    while s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert s.data.round == 2 and s.data.priority == 1 and s.decision.player == 1


@pytest.mark.rule("MZL-ROUND-5")
def test_end_of_round_returns_lane_aura_ends_give_effects_and_removes_damage():
    s = pos({}, {}, RESOLVED3 + [{"p1": [{"name": "Fire Brute", "give": 2, "damage": 1}, "MZA Glow"],
                                  "p1_aura": ["Fire Aura", "Fire Aura"], "p2": ["Earth Pup"]}])
    brute = unit(s, "Fire Brute", 4)
    assert GAME.snapshot(s)["lanes"][3]["p1"][0]["influence"] == 6
    s.apply("declare:lane4")  # P2 must Shatter for 2 Destruction: only Earth Pup can go
    while s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert s.data.round == 2
    assert enh(s, 4) == [] and len(s.data.aura_zone[0]) == 2  # (empty Aura deck: none added)
    assert s.data.damage == {}
    snap = GAME.snapshot(s)["lanes"][3]["p1"]
    assert snap[0]["name"] == "Fire Brute" and snap[0]["influence"] == 4 and snap[0]["damage"] == 0
    assert brute in s.data.lane_of


@pytest.mark.rule("MZL-ROUND-6")
def test_end_of_round_cleanup_order():
    s = pos({"owed": 1, "aura": []},
            {"owed": 1, "aura": ["Earth Aura"]},
            RESOLVED3 + [{"p1": [{"name": "MZA Icon Beast", "give": 2, "damage": 1, "used": [0]}],
                          "p1_aura": [{"name": "Fire Aura", "tapped": True}, "MZA Fire Aura B"]}],
            priority=0, active=1)
    d = s.data
    beast = unit(s, "MZA Icon Beast", 4)
    s.apply("declare:lane4")
    # step 2 is waiting: the two "end of round" obligations, ordered by the Priority player
    assert s.decision.player == 0 and len(ids(s)) == 2
    # step 1 is done: Aura came home keeping their tapped state
    assert enh(s, 4) == [] and zone(s, 0) == ["Fire Aura (tapped)", "MZA Fire Aura B"]
    # steps 3 and 4 are not done yet
    assert d.damage.get(beast) == 1 and any(m[0] == beast and m.duration == "round" for m in d.mods)
    assert d.used
    # the Priority player picks P2's obligation first
    p2_first = [a for a in s.legal_actions() if "P2 puts" in a.label][0]
    s.apply(p2_first.id)
    assert "Earth Aura" in s.log[-1] and "P2" in s.log[-1]
    while s.decision.kind != "action":
        s.apply(ids(s)[0])
    # steps 3 and 4 happened before the next round
    assert s.data.round == 2
    assert s.data.damage == {} and not any(m.duration == "round" for m in s.data.mods) and not s.data.used


@pytest.mark.rule("MZL-ROUND-7")
def test_give_expiring_with_damage_does_not_dispel():
    s = pos({}, {}, RESOLVED3 + [{"p1": [{"name": "Fire Pup", "give": 2, "damage": 3}]}])
    pup = unit(s, "Fire Pup", 4)
    assert GAME.snapshot(s)["lanes"][3]["p1"][0]["influence"] == 4
    s.apply("declare:lane4")
    assert s.data.round == 2
    assert pup in s.data.lane_of and s.data.discard[0] == []
    assert GAME.snapshot(s)["lanes"][3]["p1"][0] == {"name": "Fire Pup", "influence": 2, "damage": 0,
                                                     "tapped": False, "token": False}


# ----------------------------------------------------------------- MZL-DRAW
@pytest.mark.rule("MZL-DRAW-1")
def test_priority_is_traded_at_the_start_of_each_later_round():
    for choice in ("priority:first", "priority:second"):
        s = started(seed=4, choice=choice)
        p1 = s.data.priority
        finish_round(s)
        assert s.data.round == 2 and s.data.priority == 1 - p1 and s.decision.player == 1 - p1
        assert f"— Round 2: P{2 - p1} has Priority —" in s.log
        finish_round(s)
        assert s.data.round == 3 and s.data.priority == p1 and s.decision.player == p1


@pytest.mark.rule("MZL-DRAW-2")
def test_no_trade_in_the_first_round():
    for choice in ("priority:first", "priority:second"):
        s = started(seed=9, choice=choice)
        chooser = 0 if "P1 is picked" in " ".join(s.log) else 1
        expect = chooser if choice == "priority:first" else 1 - chooser
        assert s.data.priority == expect and s.decision.player == expect
        assert f"— Round 1: P{expect + 1} has Priority —" in s.log


@pytest.mark.rule("MZL-DRAW-3")
def test_each_player_draws_one_card_every_round_including_the_first():
    s = started(seed=2)
    assert hands(s) == [6, 6] and [len(x) for x in s.data.deck] == [44, 44]
    finish_round(s)
    assert hands(s) == [7, 7] and [len(x) for x in s.data.deck] == [43, 43]


@pytest.mark.rule("MZL-DRAW-4")
def test_no_hand_size_limit():
    s = pos({"hand": ["Fire Pup"] * 14}, {"hand": ["Earth Pup"] * 20}, phase="round_start", round=4)
    assert hands(s) == [15, 21]
    assert s.decision.kind == "action"
    finish_round(s)
    assert hands(s) == [16, 22]


@pytest.mark.rule("MZL-DRAW-5")
def test_drawing_from_an_empty_deck_draws_nothing_without_penalty():
    s = pos({"deck": [], "hand": ["Fire Pup"], "mp": 4}, {"deck": ["Earth Pup"]}, phase="round_start", round=2)
    assert hands(s) == [1, 1]
    assert "P1 has no card left to draw" in s.log
    assert s.data.mp == [4, 0] and not s.is_terminal() and s.decision.kind == "action"


# ----------------------------------------------------------------- MZL-AURAPH
@pytest.mark.rule("MZL-AURAPH-1")
def test_one_aura_added_so_two_before_round_ones_first_action():
    s = started(seed=6)
    assert [len(z) for z in s.data.aura_zone] == [2, 2]
    assert [len(x) for x in s.data.aura_deck] == [8, 8]
    finish_round(s)
    assert [len(z) for z in s.data.aura_zone] == [3, 3] and [len(x) for x in s.data.aura_deck] == [7, 7]


@pytest.mark.rule("MZL-AURAPH-2")
def test_aura_phase_adds_only_primary_from_the_aura_deck():
    s = pos({"aura": ["Fire Aura", "Earth Aura"], "aura_deck": 4}, {}, phase="round_start", round=3)
    assert zone(s, 0) == ["Earth Aura", "Fire Aura", "Fire Aura"]
    assert len(s.data.aura_deck[0]) == 3 and len(s.data.supply[0]) == 9  # supply untouched
    finish_round(s)
    assert zone(s, 0) == ["Earth Aura", "Fire Aura", "Fire Aura", "Fire Aura"]


@pytest.mark.rule("MZL-AURAPH-3")
def test_ten_aura_means_no_more_but_trading_is_still_possible():
    ten = ["Fire Aura"] * 9 + ["Earth Aura"]
    s = pos({"aura": ten, "aura_deck": 3}, {}, phase="round_start", round=3)
    assert len(s.data.aura_zone[0]) == 10 and len(s.data.aura_deck[0]) == 3
    assert "P1 already has 10 Aura: no Aura is added (Aura phase)" in s.log
    assert any(a.startswith("trade:") for a in ids(s))
    # Aura in lanes count toward the 10 as well
    s = pos({"aura": ["Fire Aura"] * 8, "aura_deck": 3}, {}, [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura"] * 2}],
            phase="round_start", round=3)
    assert len(s.data.aura_zone[0]) == 8 and len(s.data.aura_deck[0]) == 3


@pytest.mark.rule("MZL-AURAPH-4")
def test_the_cap_counts_every_aura_and_applies_to_every_addition():
    # 9 Aura; a temporary Aura makes 10; a further "add an Aura" effect then does nothing
    s = pos({"aura": ["Fire Aura"] * 6 + ["Earth Aura"], "hand": ["Scavenger's Luck", "MZA Ramp"], "aura_deck": 3},
            {}, [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura", "Fire Aura"]}])
    play(s, "Scavenger's Luck")
    while s.decision.player == 0 and s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert s.data.aura_total(0) == 10 and s.data.owed[0] == 1 and len(s.data.aura_deck[0]) == 2
    s.apply("declare:lane4")
    play(s, "MZA Ramp")
    while s.decision.player == 0 and s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert s.data.aura_total(0) == 10 and len(s.data.aura_deck[0]) == 2
    assert any("already has 10 Aura: no Aura is added (MZA Ramp)" in line for line in s.log)


@pytest.mark.rule("MZL-AURAPH-5")
def test_empty_aura_deck_adds_nothing():
    s = pos({"aura": ["Fire Aura"], "aura_deck": 0}, {"aura": ["Earth Aura"], "aura_deck": 2},
            phase="round_start", round=2)
    assert [len(z) for z in s.data.aura_zone] == [1, 2]
    assert "P1's Aura deck is empty: no Aura is added (Aura phase)" in s.log


@pytest.mark.rule("MZL-AURAPH-6")
def test_aura_in_the_aura_zone_untap():
    s = pos({"aura": [{"name": "Fire Aura", "tapped": True}] * 3 + ["Earth Aura"], "aura_deck": 0},
            {"aura": [{"name": "Earth Aura", "tapped": True}], "aura_deck": 0}, phase="round_start", round=2)
    assert untapped(s, 0) == 4 and untapped(s, 1) == 1


@pytest.mark.rule("MZL-AURAPH-7")
def test_all_units_in_play_untap():
    s = pos({}, {}, [{"p1": [{"name": "Fire Pup", "tapped": True}], "p2": [{"name": "Earth Pup", "tapped": True}]},
                     {"p1": [{"name": "Plain Gear", "tapped": True}, {"name": "Fire Brute", "tapped": True}]}],
            phase="round_start", round=2)
    assert not any(u in s.data.tapped for u in s.data.lane_of)
    assert [x["tapped"] for x in GAME.snapshot(s)["lanes"][1]["p1"]] == [False, False]


@pytest.mark.rule("MZL-AURAPH-8")
def test_all_lanes_are_readied():
    s = pos({}, {}, [{"resolved": True}, {"resolved": True}, {}, {"resolved": True}], phase="round_start", round=2)
    assert s.data.resolved == [False] * 4
    assert [a for a in ids(s) if a.startswith("declare:")] == [f"declare:lane{i}" for i in range(1, 5)]


@pytest.mark.rule("MZL-AURAPH-9")
def test_untap_step_also_untaps_casters_in_their_zone_and_every_other_tapped_card():
    s = pos({"caster_tapped": True, "aura": [{"name": "Fire Aura", "tapped": True}], "aura_deck": 2},
            {"caster_tapped": True},
            [{"p1": [{"name": "Spark", "tapped": True}, {"name": "Plain Gear", "tapped": True}, "Fire Pup"]}],
            phase="round_start", round=2)
    d = s.data
    assert d.caster[0] not in d.tapped and d.caster[1] not in d.tapped
    assert not GAME.snapshot(s)["players"][0]["caster"]["tapped"]
    assert not any(x["tapped"] for x in GAME.snapshot(s)["lanes"][0]["p1"])
    # the Aura added in this Aura phase is untapped too, and so is every Aura zone card
    assert zone(s, 0) == ["Fire Aura", "Fire Aura"] and not d.tapped
