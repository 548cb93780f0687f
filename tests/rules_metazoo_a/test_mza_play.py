"""MZL-PLAY (playing a card from hand)."""
from __future__ import annotations

import pytest

from metatcg.engine.state import ORDER_DECISION

from support import ids
from support.metazoo import (GAME, find_in as find, play, play_id, pos, side, unit_in_lane as unit, untapped,
                             aura_zone as zone)


def plays_to(s, name: str, p: int = 0) -> list[int]:
    c = find(s, name, "hand", p)
    return sorted(int(a.split("@lane")[1]) for a in ids(s) if a.startswith(f"play:c{c}@"))


def label(s, aid: str) -> str:
    return next(a.label for a in s.legal_actions() if a.id == aid)


@pytest.mark.rule("MZL-PLAY-1")
def test_pay_the_cost_by_tapping_that_many_untapped_aura():
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura"] * 4})
    play(s, "Fire Brute", 1)
    assert untapped(s) == 1 and len(s.data.aura_zone[0]) == 4
    assert side(s, 1) == ["Fire Brute"] and s.data.hand[0] == []
    # 2 untapped Aura (and 2 tapped) cannot pay 3
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura"] * 2 + [{"name": "Fire Aura", "tapped": True}] * 2})
    assert plays_to(s, "Fire Brute") == []


@pytest.mark.rule("MZL-PLAY-2")
def test_at_least_one_aura_of_the_cards_type():
    s = pos({"hand": ["Fire Pup", "Fire Brute"], "aura": ["Earth Aura"] * 3})
    assert plays_to(s, "Fire Pup") == [] and plays_to(s, "Fire Brute") == []
    s = pos({"hand": ["Fire Brute"], "aura": ["Earth Aura", "Earth Aura", "Fire Aura"]})
    assert plays_to(s, "Fire Brute") == [1, 2, 3, 4]
    play(s, "Fire Brute", 1)
    assert zone(s) == ["Earth Aura (tapped)", "Earth Aura (tapped)", "Fire Aura (tapped)"]


@pytest.mark.rule("MZL-PLAY-3")
def test_aura_in_lanes_cannot_pay():
    s = pos({"hand": ["Fire Brute", "Fire Pup"], "aura": ["Fire Aura"]}, {},
            [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura", "Fire Aura"]}])
    assert plays_to(s, "Fire Brute") == []  # 1 in the zone + 2 untapped in a lane is not 3
    assert plays_to(s, "Fire Pup") == [1, 2, 3, 4]
    play(s, "Fire Pup", 2)
    assert untapped(s) == 0 and not any(a in s.data.tapped for a in s.data.enh[0])


@pytest.mark.rule("MZL-PLAY-4")
def test_creatures_and_equipment_go_to_own_side_of_a_chosen_lane_with_room():
    full = ["Fire Brute", "MZA Glow", "Earth Pup", "MZA Tapper", "MZA Channeler"]
    s = pos({"hand": ["Fire Pup", "Plain Gear"], "aura": ["Fire Aura"] * 2}, {}, [{"p1": full}])
    pup, gear = find(s, "Fire Pup"), find(s, "Plain Gear")
    assert plays_to(s, "Fire Pup") == [2, 3, 4] and plays_to(s, "Plain Gear") == [2, 3, 4]
    assert f"play:c{pup}" not in ids(s)  # a unit always names its lane
    s.apply(f"play:c{pup}@lane3")
    s.apply("declare:lane1")
    s.apply(f"play:c{gear}@lane4")
    assert side(s, 3) == ["Fire Pup"] and side(s, 4) == ["Plain Gear"]
    assert side(s, 3, 1) == [] and side(s, 4, 1) == []


@pytest.mark.rule("MZL-PLAY-5")
def test_no_second_card_of_exactly_the_same_name_on_own_side_of_a_lane():
    s = pos({"hand": ["MZA Piasa Bird", "MZA Piasa Bird the Territorial", "Plain Gear"], "aura": ["Fire Aura"] * 3},
            {}, [{"p1": ["MZA Piasa Bird", "Plain Gear"]}])
    assert plays_to(s, "MZA Piasa Bird") == [2, 3, 4]
    assert plays_to(s, "Plain Gear") == [2, 3, 4]  # equipment too
    assert 1 in plays_to(s, "MZA Piasa Bird the Territorial")  # only shares words
    play(s, "MZA Piasa Bird the Territorial", 1)
    assert side(s, 1) == ["MZA Piasa Bird", "Plain Gear", "MZA Piasa Bird the Territorial"]


@pytest.mark.rule("MZL-PLAY-6")
def test_name_check_is_own_side_of_that_lane_only_and_tokens_are_exempt():
    s = pos({"hand": ["MZA Piasa Bird"], "aura": ["Fire Aura"]}, {},
            [{"p2": ["MZA Piasa Bird"]}, {"p1": ["MZA Piasa Bird"]}])
    assert plays_to(s, "MZA Piasa Bird") == [1, 3, 4]  # opponent's copy: no matter; own other lane: blocks 2
    play(s, "MZA Piasa Bird", 1)
    assert side(s, 1, 0) == ["MZA Piasa Bird"] and side(s, 1, 1) == ["MZA Piasa Bird"]
    # identical tokens share a side
    s = pos({}, {}, [{"p1": ["MZA Spawner", "Spark"]}])
    s.apply(f"ability:c{unit(s, 'MZA Spawner', 1)}:0")
    assert side(s, 1) == ["MZA Spawner", "Spark", "Spark"]


@pytest.mark.rule("MZL-PLAY-7")
def test_unique_one_copy_per_side_in_play_whatever_the_lane():
    s = pos({"hand": ["Unique Hound"], "aura": ["Fire Aura"] * 2}, {}, [{}, {"p1": ["Unique Hound"]}])
    assert plays_to(s, "Unique Hound") == []
    assert not any(a.startswith(f"play:c{find(s, 'Unique Hound')}") for a in ids(s))
    # the opponent's copy never stops this player
    s = pos({"hand": ["Unique Hound"], "aura": ["Fire Aura"]}, {}, [{"p2": ["Unique Hound"]}])
    assert plays_to(s, "Unique Hound") == [1, 2, 3, 4]
    play(s, "Unique Hound", 1)
    assert side(s, 1, 0) == ["Unique Hound"] and side(s, 1, 1) == ["Unique Hound"]


@pytest.mark.rule("MZL-PLAY-8")
def test_matching_aura_for_terras_and_casters_and_zero_cost_needs_one_in_the_zone():
    s = pos({"hand": ["Fire Field", "MZA Zero Terra"], "aura": ["Earth Aura"] * 3})
    acts = ids(s)
    caster = s.data.caster[0]
    assert not any(a.startswith(f"play:c{find(s, 'Fire Field')}") for a in acts)  # Fire Terra, no Fire
    assert not any(a.startswith(f"play:c{caster}") for a in acts)                       # Fire Caster, no Fire
    assert not any(a.startswith(f"play:c{find(s, 'MZA Zero Terra')}") for a in acts)   # 0 cost, no Fire Aura
    s = pos({"hand": ["Fire Field", "MZA Zero Terra"],
             "aura": ["Earth Aura", "Earth Aura", {"name": "Fire Aura", "tapped": True}]})
    acts = ids(s)
    assert not any(a.startswith(f"play:c{find(s, 'Fire Field')}") for a in acts)  # the Fire one is tapped
    assert not any(a.startswith(f"play:c{caster}") for a in acts)
    assert f"play:c{find(s, 'MZA Zero Terra')}@lane1" in acts  # a tapped Fire Aura is enough at cost 0
    play(s, "MZA Zero Terra", 1)
    assert zone(s) == ["Earth Aura", "Earth Aura", "Fire Aura (tapped)"]  # nothing tapped
    s = pos({"hand": ["Fire Field"], "aura": ["Earth Aura", "Earth Aura", "Fire Aura"]})
    acts = ids(s)
    assert f"play:c{find(s, 'Fire Field')}@lane2" in acts and f"play:c{caster}@lane2" in acts
    s.apply(f"play:c{caster}@lane2")
    assert zone(s) == ["Earth Aura (tapped)", "Earth Aura (tapped)", "Fire Aura (tapped)"]
    assert side(s, 2) == ["MZA Pyra"]


@pytest.mark.rule("MZL-PLAY-9")
def test_costs_never_below_zero_and_the_lane_is_fixed_before_the_cost():
    # -5 on a 3-cost creature: cost 0, not -2 (and a 0 cost needs a Fire Aura in the zone)
    s = pos({"hand": ["Fire Brute"], "aura": [{"name": "Fire Aura", "tapped": True}]}, {},
            [{"p1": ["MZA Discount Idol"]}])
    aid = play_id(s, "Fire Brute", 2)
    assert aid in ids(s) and label(s, aid).endswith("(cost 0)")
    s.apply(aid)
    assert side(s, 2) == ["Fire Brute"] and zone(s) == ["Fire Aura (tapped)"]
    # a discount for units played into one lane: the lane is part of the play, then the cost
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura"] * 3}, {}, [{}, {"terra": "MZA Lane Shrine"}])
    brute = find(s, "Fire Brute")
    costs = {int(a.id.split("@lane")[1]): a.label for a in s.legal_actions() if a.id.startswith(f"play:c{brute}@")}
    assert costs[2].endswith("(cost 2)") and costs[1].endswith("(cost 3)") and costs[4].endswith("(cost 3)")
    play(s, "Fire Brute", 2)
    assert untapped(s) == 1
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura"] * 2}, {}, [{}, {"terra": "MZA Lane Shrine"}])
    assert plays_to(s, "Fire Brute") == [2]  # only affordable where the discount applies


@pytest.mark.rule("MZL-PLAY-10")
def test_cards_may_be_played_into_resolved_lanes_without_affecting_that_mission():
    s = pos({"hand": ["Fire Brute"], "aura": ["Fire Aura"] * 3, "mp": 0}, {},
            [{"resolved": True, "p2": ["Earth Pup"]}])
    assert 1 in plays_to(s, "Fire Brute")
    play(s, "Fire Brute", 1)
    assert side(s, 1) == ["Fire Brute"] and s.data.resolved[0]
    assert "declare:lane1" not in ids(s) and s.data.mp == [0, 0]
    s.apply("declare:lane2")
    assert "declare:lane1" not in ids(s)


@pytest.mark.rule("MZL-PLAY-11")
def test_the_card_is_put_in_the_lane_first_then_its_on_play_resolves():
    s = pos({"hand": ["MZA Herald Beast"], "aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Watcher"]}])
    play(s, "MZA Herald Beast", 1)
    # On Play and the "when played" trigger wait together; the card is already in the lane
    assert s.decision.kind == ORDER_DECISION and len(ids(s)) == 2
    assert side(s, 1) == ["MZA Watcher", "MZA Herald Beast"]
    assert GAME.snapshot(s)["lanes"][0]["p1"][1]["influence"] == 2
    on_play = next(a for a in s.legal_actions() if "MZA Herald Beast" in a.label.split(":")[1])
    s.apply(on_play.id)
    # its own On Play reached it: "friendly creatures in this lane" includes itself
    assert [x["influence"] for x in GAME.snapshot(s)["lanes"][0]["p1"]] == [3, 3]
