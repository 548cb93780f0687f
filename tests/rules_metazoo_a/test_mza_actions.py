"""MZL-ACTION (the action phase) and MZL-DECLARE (declaring a mission)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError
from metatcg.engine.state import ORDER_DECISION

from support import ids
from support.metazoo import GAME, hands, play, pos, side, unit_in_lane as unit

RESOLVED3 = [{"resolved": True}, {"resolved": True}, {"resolved": True}]
KINDS = {"play", "enhance", "trade", "ability", "declare"}


def kinds(s) -> set[str]:
    return {a.split(":")[0] for a in ids(s)}


def idx(log: list[str], text: str, start: int = 0) -> int:
    for i in range(start, len(log)):
        if text in log[i]:
            return i
    raise AssertionError(f"{text!r} not in log")


# ----------------------------------------------------------------- MZL-ACTION
@pytest.mark.rule("MZL-ACTION-1")
def test_one_action_per_turn_alternating_priority_player_first():
    s = pos({"hand": ["Fire Pup", "MZA Glow"], "aura": ["Fire Aura"] * 2},
            {"hand": ["Earth Pup"], "aura": ["Earth Aura"]}, priority=1)
    assert s.decision.kind == "action" and s.decision.player == 1
    play(s, "Earth Pup", 1, p=1)
    assert s.decision.kind == "action" and s.decision.player == 0  # exactly one action, then P1
    play(s, "Fire Pup", 1)
    assert s.decision.player == 1
    s.apply("declare:lane2")
    assert s.decision.player == 0
    play(s, "MZA Glow", 3)
    assert s.decision.player == 1


@pytest.mark.rule("MZL-ACTION-2")
def test_an_action_is_play_enhance_trade_ability_or_declare():
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"] * 3}, {},
            [{"p1": ["MZA Glow", "MZA Channeler"]}])
    assert kinds(s) == KINDS
    for a in ("play", "enhance", "trade", "ability", "declare"):
        t = s.clone()
        t.apply(next(x for x in ids(t) if x.startswith(a + ":")))
        while t.decision.player == 0 and t.decision.kind != "action":
            t.apply(ids(t)[0])
        assert t.decision.kind == "action" and t.decision.player == 1  # each was one whole action


@pytest.mark.rule("MZL-ACTION-3")
def test_no_passing_a_player_with_nothing_else_must_declare():
    s = pos({"caster": "MZA Solo", "hand": ["Fire Brute"], "aura": ["Fire Aura"]}, {},
            [{"resolved": True}, {}, {"resolved": True}, {}])
    assert ids(s) == ["declare:lane2", "declare:lane4"]
    before = GAME.snapshot(s)
    for bad in ("pass", "end_turn", "declare:lane1"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert GAME.snapshot(s) == before


@pytest.mark.rule("MZL-ACTION-4")
def test_action_phase_and_round_end_once_all_four_lanes_are_resolved():
    s = pos({"deck_size": 4}, {"deck_size": 4})
    for n, lane in enumerate((2, 4, 1), 1):
        s.apply(f"declare:lane{lane}")
        assert s.data.round == 1 and s.data.phase == "action" and sum(s.data.resolved) == n
    s.apply("declare:lane3")
    assert any(line == "End of round 1: Aura in lanes return to their Aura zones" for line in s.log)
    assert s.data.round == 2 and s.data.resolved == [False] * 4


@pytest.mark.rule("MZL-ACTION-5")
def test_declaring_in_any_unresolved_lane_is_always_legal():
    full = ["Fire Pup", "Fire Brute", "MZA Glow", "Earth Pup", "MZA Tapper"]
    # a player with no cards anywhere, no Aura, no hand: still one legal action per open lane
    s = pos({"caster": "MZA Solo"}, {"aura": ["Earth Aura"] * 3, "hand": ["Earth Pup"]},
            [{"p2": full[:3]}, {"resolved": True}, {}, {"p2": ["Earth Pup"]}])
    assert ids(s) == ["declare:lane1", "declare:lane3", "declare:lane4"]
    s.apply("declare:lane1")
    s.apply("declare:lane3")
    assert ids(s) == ["declare:lane4"]  # never zero actions while a lane is open
    s.apply("declare:lane4")
    assert s.data.round == 2


@pytest.mark.rule("MZL-ACTION-6")
def test_turns_alternate_strictly_and_a_fourth_lane_resolved_by_effect_ends_the_phase():
    # P1 wins with Destruction: P2 makes the Shatter choice, yet the next turn is still P2's
    s = pos({}, {}, [{"p1": ["Fire Brute", "MZA Glow"], "p1_aura": ["Fire Aura"], "p2": ["Earth Pup"]}])
    s.apply("declare:lane1")
    assert s.decision.kind == "destroy" and s.decision.player == 1
    s.apply(ids(s)[0])
    assert s.decision.kind == "action" and s.decision.player == 1
    # the fourth lane resolved by an effect ends the action phase after that action
    s = pos({"hand": ["MZA Resolve"], "aura": ["Fire Aura"]}, {}, RESOLVED3 + [{"p1": ["Fire Brute"]}])
    play(s, "MZA Resolve")
    assert s.decision.kind == "lane" and ids(s) == ["lane:4"]
    s.apply("lane:4")
    assert s.data.round == 2 and s.decision.kind == "action"
    assert s.data.mp == [0, 0]  # treated as resolved: no mission
    assert s.data.priority == 1 and s.decision.player == 1


@pytest.mark.rule("MZL-ACTION-7")
def test_paying_costs_is_part_of_the_action_not_an_action():
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura", "Earth Aura", "Earth Aura", "Fire Aura"]}, {})
    play(s, "Fire Brute", 1)
    picks = 0
    while s.decision.kind == "pay":
        assert s.decision.player == 0
        s.apply(ids(s)[0])
        picks += 1
    assert picks >= 1  # choosing which Aura pay the generic part
    assert side(s, 1) == ["Fire Brute"] and untapped(s) == 1
    assert s.decision.kind == "action" and s.decision.player == 1  # one action in all
    # tapping a unit and marking an ability used are paid inside the ability action
    s = pos({}, {}, [{"p1": ["MZA Tapper", "MZA Icon Beast"]}])
    s.apply(f"ability:c{unit(s, 'MZA Tapper', 1)}:0")
    assert unit(s, "MZA Tapper", 1) in s.data.tapped
    assert s.decision.kind == "action" and s.decision.player == 1


def untapped(s, p=0):
    return sum(1 for a in s.data.aura_zone[p] if a not in s.data.tapped)


@pytest.mark.rule("MZL-ACTION-8")
def test_the_active_player_not_the_priority_player_orders_simultaneous_effects():
    s = pos({}, {"caster": "MZA Pyra", "hand": ["MZA Echo Beast"], "aura": ["Fire Aura"]},
            [{"p1": ["MZA Watcher"]}], priority=0, active=1)
    assert s.data.priority == 0
    play(s, "MZA Echo Beast", 2, p=1)
    # two triggers at once: Echo Beast's On Play (P2) and P1's Watcher
    assert s.decision.kind == ORDER_DECISION and s.decision.player == 1 and len(ids(s)) == 2
    first = next(a for a in s.legal_actions() if "MZA Watcher" in a.label)
    s.apply(first.id)
    assert s.log.index(next(x for x in s.log if x.startswith("P1 draws"))) < \
        s.log.index(next(x for x in s.log if x.startswith("P2 draws")))
    assert hands(s) == [1, 1] and s.decision.player == 0


# ----------------------------------------------------------------- MZL-DECLARE
@pytest.mark.rule("MZL-DECLARE-1")
def test_declare_in_any_unresolved_lane_with_or_without_cards_there():
    s = pos({}, {}, [{"p2": ["Earth Pup"]}])
    assert {f"declare:lane{i}" for i in range(1, 5)} <= set(ids(s))
    s.apply("declare:lane3")  # nobody has cards there
    assert s.data.resolved[2] and s.data.last_mission == (2, 0, 0, -1, 0)
    s.apply("declare:lane2")  # P2 declares where neither has anything either
    s.apply("declare:lane1")  # P1 declares where only the opponent has cards
    assert s.data.mp == [0, 2] and s.data.resolved[0]


@pytest.mark.rule("MZL-DECLARE-2")
def test_a_resolved_lane_cannot_be_declared_again():
    s = pos({}, {}, [{"resolved": True, "p1": ["Fire Pup"]}])
    assert "declare:lane1" not in ids(s)
    before = GAME.snapshot(s)
    with pytest.raises(IllegalActionError):
        s.apply("declare:lane1")
    assert GAME.snapshot(s) == before and s.data.mp == [0, 0]
    s.apply("declare:lane2")
    assert "declare:lane2" not in ids(s)


@pytest.mark.rule("MZL-DECLARE-3")
def test_on_mission_declaration_effects_come_first_then_the_mission_resolves():
    s = pos({}, {}, [{"terra": "Sunlit Colosseum", "terra_owner": 0, "p1": ["Fire Pup"], "p2": ["Fire Brute"]}])
    s.apply("declare:lane1")
    log = s.log
    d = idx(log, "P1 declares a mission in lane 1")
    g = idx(log, "Fire Brute gets +3 Influence", d)
    m = idx(log, "Mission in lane 1: P1 2 Influence, P2 7 Influence", g)
    assert d < g < m
    assert s.data.mp == [0, 1] and s.data.resolved[0]


@pytest.mark.rule("MZL-DECLARE-4")
def test_the_declaring_player_is_active_for_the_whole_declaration():
    s = pos({}, {}, [{"terra": "Sunlit Colosseum", "p1": ["Fire Pup"], "p2": ["Earth Pup"]}],
            priority=0, active=1)
    s.apply("declare:lane1")
    # the +3 goes to one of the tied creatures: the declaring (active) player picks
    assert s.decision.kind == "target" and s.decision.player == 1 and s.data.active == 1
    assert len(ids(s)) == 2
    s.apply(f"target:c{unit(s, 'Fire Pup', 1, 0)}")  # may even pick the opponent's
    assert s.data.last_mission[1:4] == (5, 2, 0) and s.data.mp == [1, 0]
    assert s.decision.kind == "action" and s.decision.player == 0
