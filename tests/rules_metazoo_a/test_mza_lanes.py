"""MZL-LANE (lanes, sides, Terra slot, lane size limits)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError, StateDataError

from support import ids
from support.metazoo import GAME, enh, find_in as find, play, play_id, pos, side, unit_in_lane as unit

FIRE4 = ["Fire Aura"] * 4


def plays_to(s, name: str, p: int = 0) -> list[int]:
    """Lanes (1-based) that a card in hand may be played to now."""
    c = find(s, name, "hand", p)
    return sorted(int(a.split("@lane")[1]) for a in ids(s) if a.startswith(f"play:c{c}@"))


@pytest.mark.rule("MZL-LANE-1")
def test_exactly_four_lanes_and_missions_happen_in_lanes():
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"]})
    assert len(s.data.terra) == 4 and len(s.data.units) == 8 and len(GAME.snapshot(s)["lanes"]) == 4
    assert [a for a in ids(s) if a.startswith("declare:")] == [f"declare:lane{i}" for i in range(1, 5)]
    assert plays_to(s, "Fire Pup") == [1, 2, 3, 4]
    with pytest.raises(StateDataError):
        pos(lanes=[{}] * 5)
    s.apply("declare:lane3")
    assert s.data.last_mission[0] == 2 and s.data.resolved == [False, False, True, False]


@pytest.mark.rule("MZL-LANE-2")
def test_each_lane_has_a_friendly_and_a_rival_side():
    s = pos({"hand": ["Flame Kirin"], "aura": FIRE4},
            {}, [{"p1": ["Fire Pup"], "p2": ["Earth Pup", "Thornback Boar"]}])
    play(s, "Flame Kirin", 1)
    # "a rival creature in this lane": only P2's side of lane 1, never P1's own side
    assert s.decision.kind == "target" and s.decision.player == 0
    targets = sorted(s.data.cards[int(a.split(":c")[1])].name for a in ids(s))
    assert targets == ["Earth Pup", "Thornback Boar"]
    s.apply(f"target:c{unit(s, 'Thornback Boar', 1, 1)}")
    assert s.data.damage == {unit(s, "Thornback Boar", 1, 1): 2}
    assert side(s, 1, 0) == ["Fire Pup", "Flame Kirin"]


@pytest.mark.rule("MZL-LANE-3")
def test_a_players_cards_are_always_on_their_own_side():
    s = pos({"aura": ["Fire Aura"]}, {"hand": ["Earth Pup"], "aura": ["Earth Aura"]},
            [{"p1": ["MZA Spawner"]}], active=1)
    play(s, "Earth Pup", 1, p=1)
    assert side(s, 1, 1) == ["Earth Pup"] and side(s, 1, 0) == ["MZA Spawner"]
    s.apply(f"ability:c{unit(s, 'MZA Spawner', 1)}:0")  # P1 creates a token in lane 1
    assert side(s, 1, 0) == ["MZA Spawner", "Spark"] and side(s, 1, 1) == ["Earth Pup"]
    assert s.data.owner[unit(s, "Spark", 1, 0)] == 0


@pytest.mark.rule("MZL-LANE-4")
def test_one_shared_terra_slot_per_lane():
    s = pos({}, {"caster": "MZA Pyra", "hand": ["Fire Field"], "aura": ["Fire Aura"]},
            [{"terra": "MZA Fire Start", "terra_owner": 0, "p1": ["Fire Pup"]}], active=1)
    old = s.data.terra[0]
    play(s, "Fire Field", 1, p=1)  # P2 plays into the slot P1's Terra occupies
    t = s.data.terra[0]
    assert s.data.cards[t].name == "Fire Field" and s.data.owner[t] == 1
    assert old in s.data.discard[0]  # the single slot holds one Terra: the old one is replaced
    assert "MZA Fire Start" not in [s.data.cards[x].name for x in s.data.terra]


@pytest.mark.rule("MZL-LANE-5")
def test_razed_lane_resolves_normally_awards_mp_and_takes_a_terra():
    s = pos({"hand": ["Fire Field"], "aura": ["Fire Aura"]}, {},
            [{"terra": "MZA Fire Start"}, {"p1": ["Fire Pup"]}])
    assert s.data.terra[1] == -1
    c = find(s, "Fire Field")
    assert f"play:c{c}@lane2" in ids(s)
    assert "razed lane" in next(a.label for a in s.legal_actions() if a.id == f"play:c{c}@lane2")
    s.apply("declare:lane2")
    assert s.data.mp == [2, 0] and s.data.resolved[1]
    s.apply("declare:lane3")
    play(s, "Fire Field", 2)  # later a Terra may fill the empty slot
    assert s.data.cards[s.data.terra[1]].name == "Fire Field"


@pytest.mark.rule("MZL-LANE-6")
def test_at_most_five_units_per_side():
    four = ["Fire Brute", "MZA Glow", "Earth Pup", "MZA Tapper"]
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"]}, {}, [{"p1": four}])
    assert 1 in plays_to(s, "Fire Pup")
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"]}, {}, [{"p1": four + ["MZA Channeler"]}])
    assert plays_to(s, "Fire Pup") == [2, 3, 4]
    with pytest.raises(StateDataError):
        pos({}, {}, [{"p1": four + ["MZA Channeler", "MZA Icon Beast"]}])


@pytest.mark.rule("MZL-LANE-7")
def test_creatures_casters_equipment_and_tokens_each_take_a_slot():
    mix = ["MZA Pyra", "Fire Pup", "Plain Gear", "Spark"]  # Caster, creature, equipment, token
    s = pos({"hand": ["Fire Brute", "MZA Glow"], "aura": FIRE4}, {}, [{"p1": mix}])
    assert GAME.snapshot(s)["players"][0]["caster"]["state"] == "lane"
    assert 1 in plays_to(s, "Fire Brute")  # 4 used: one slot left
    play(s, "Fire Brute", 1)
    s.apply("declare:lane4")  # P2
    assert plays_to(s, "MZA Glow") == [2, 3, 4]  # 5 used: full


@pytest.mark.rule("MZL-LANE-8")
def test_enhanced_aura_takes_a_slot():
    four = ["MZA Glow", "Fire Pup", "Plain Gear", "Spark"]
    s = pos({"hand": ["Fire Brute"], "aura": FIRE4}, {}, [{"p1": four}])
    assert 1 in plays_to(s, "Fire Brute") and "enhance:lane1" in ids(s)
    s.apply("enhance:lane1")
    assert len(enh(s, 1)) == 1
    s.apply("declare:lane4")
    assert plays_to(s, "Fire Brute") == [2, 3, 4]  # 4 units + 1 Aura = 5
    assert "enhance:lane1" not in ids(s)


@pytest.mark.rule("MZL-LANE-9")
def test_terra_takes_no_slot_but_its_effect_can_change_the_limit():
    four = ["Fire Brute", "MZA Glow", "Earth Pup", "MZA Tapper"]
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"]}, {}, [{"terra": "MZA Fire Start", "p1": four}])
    assert 1 in plays_to(s, "Fire Pup")  # Terra + 4 units: still one slot
    five = four + ["MZA Channeler"]
    s = pos({"hand": ["Fire Pup"], "aura": ["Fire Aura"]}, {}, [{"terra": "MZA Wide Terra", "p1": five}])
    assert GAME.snapshot(s)["lanes"][0]["limit"] == [6, 6]
    assert 1 in plays_to(s, "Fire Pup")
    play(s, "Fire Pup", 1)
    assert len(side(s, 1)) == 6


@pytest.mark.rule("MZL-LANE-10")
def test_nothing_can_be_added_to_a_full_side():
    full = ["MZA Glow", "Fire Pup", "Fire Brute", "Earth Pup", "MZA Mover"]
    s = pos({"hand": ["Plain Gear", "MZA Channeler"], "aura": FIRE4}, {},
            [{"p1": full}, {"p1": ["MZA Channeler"]}])
    assert 1 not in plays_to(s, "Plain Gear") and 1 not in plays_to(s, "MZA Channeler")  # play
    assert 2 in plays_to(s, "Plain Gear")
    assert "enhance:lane1" not in ids(s)  # enhance (MZA Glow has the symbol)
    # Move: MZA Mover would pull a creature from another lane into lane 1, which is full, so
    # its ability could do nothing and is not offered (PR-MZL-25)
    assert f"ability:c{unit(s, 'MZA Mover', 1)}:0" not in ids(s)
    # control: with one slot free the same Move happens
    s = pos({"aura": FIRE4}, {}, [{"p1": full[1:]}, {"p1": ["MZA Channeler"]}])
    s.apply(f"ability:c{unit(s, 'MZA Mover', 1)}:0")
    s.apply(f"target:c{unit(s, 'MZA Channeler', 2)}")
    assert side(s, 1) == full[1:] + ["MZA Channeler"] and side(s, 2) == []


@pytest.mark.rule("MZL-LANE-11")
def test_no_removing_own_units_or_aura_to_make_room():
    full = ["MZA Glow", "Fire Pup", "Fire Brute", "Earth Pup"]
    s = pos({"hand": ["Plain Gear"], "aura": FIRE4}, {}, [{"p1": full, "p1_aura": ["Fire Aura"]}])
    acts = ids(s)
    assert not any(a.split(":")[0] in ("remove", "discard", "sacrifice", "return") for a in acts)
    assert {a.split(":")[0] for a in acts} <= {"play", "enhance", "trade", "ability", "declare"}
    before = (GAME.snapshot(s), list(s.history))
    with pytest.raises(IllegalActionError):
        s.apply(play_id(s, "Plain Gear", 1))
    assert (GAME.snapshot(s), list(s.history)) == before


@pytest.mark.rule("MZL-LANE-12")
def test_creatures_equipment_and_enhanced_aura_contribute_influence():
    s = pos({}, {}, [{"p1": ["MZA Glow", "Plain Gear"], "p1_aura": ["Fire Aura"], "p2": ["Earth Pup"]}])
    assert GAME.snapshot(s)["lanes"][0]["influence"] == [3, 2]  # 1 creature + 1 equipment + 1 Aura
    s.apply("declare:lane1")
    assert s.data.last_mission[1:3] == (3, 2)


@pytest.mark.rule("MZL-LANE-13")
def test_more_influence_wins_the_mission_and_mp():
    s = pos({}, {}, [{"p1": ["Fire Brute"], "p2": ["Earth Pup"]}, {"p1": ["Fire Pup"], "p2": ["Fire Brute"]}])
    s.apply("declare:lane1")
    assert s.data.mp == [1, 0] and s.data.last_mission[3] == 0
    s.apply("declare:lane2")
    assert s.data.mp == [1, 1] and s.data.last_mission[3] == 1


@pytest.mark.rule("MZL-LANE-14")
def test_entering_must_fit_including_own_gigantic_and_creations_that_do_not_fit_fail():
    s = pos({"hand": ["MZA Colossus"], "aura": ["Fire Aura"]}, {},
            [{"p1": ["Fire Pup", "Fire Brute", "Earth Pup"]}, {"p1": ["Fire Pup", "Fire Brute"]}])
    lanes = plays_to(s, "MZA Colossus")
    assert 1 not in lanes  # 3 + 1 > 5 - 2
    assert 2 in lanes      # 2 + 1 <= 5 - 2
    play(s, "MZA Colossus", 2)
    assert GAME.snapshot(s)["lanes"][1]["limit"][0] == 3 and len(side(s, 2)) == 3
    # a creation that cannot fit does not happen: Jackalope fills the side, so the Kit its On
    # Play creates has no room; an ability that could only create one is not even offered
    # (PR-MZL-25)
    full = ["MZA Spawner", "Fire Pup", "Fire Brute", "Earth Pup", "MZA Tapper"]
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": full}])
    assert f"ability:c{unit(s, 'MZA Spawner', 1)}:0" not in ids(s)
    s = pos({"hand": ["Jackalope"], "aura": ["Earth Aura"] * 2}, {}, [{"p1": full[1:]}])
    play(s, "Jackalope", 1)
    assert side(s, 1) == full[1:] + ["Jackalope"]
    assert any("no room for a Jackalope Kit token" in line for line in s.log)
    assert s.decision.player == 1 and s.decision.kind == "action"


@pytest.mark.rule("MZL-LANE-15")
def test_side_over_its_limit_for_another_reason_removes_until_it_fits():
    s = pos({"hand": ["MZA Narrow Terra"], "aura": ["Fire Aura"]}, {},
            [{"terra": "MZA Wide Terra", "p1": ["MZA Pyra", "Fire Pup", "Spark", "MZA Glow"],
              "p1_aura": ["Fire Aura", "Fire Aura"], "p2": ["Earth Pup", "Thornback Boar", "Zero Earth"]}])
    d = s.data
    pup, spark, caster = unit(s, "Fire Pup", 1), unit(s, "Spark", 1), d.caster[0]
    play(s, "MZA Narrow Terra", 1)  # limit 6 -> 2: P1 is 4 over, P2 1 over
    assert GAME.snapshot(s)["lanes"][0]["limit"] == [2, 2]
    assert s.decision.kind == "overflow" and s.decision.player == 0  # active player first
    opts = ids(s)
    assert f"remove:c{pup}" in opts and f"remove:c{caster}" in opts and f"remove:c{spark}" in opts
    aura_opt = [a for a in opts if int(a.split(":c")[1]) in d.enh[0]]
    assert len(aura_opt) == 1  # the two Aura are alike: one option
    s.apply(f"remove:c{pup}")
    assert pup in d.discard[0]                   # main-deck card: discard pile (Dispelled)
    s.apply(f"remove:c{spark}")
    assert spark not in d.lane_of and all(spark not in z for z in d.discard + d.hand + d.deck)  # token: gone
    s.apply(f"remove:c{caster}")
    assert d.caster_down[0] and caster not in d.lane_of  # Caster: face down in its zone
    s.apply(aura_opt[0])
    assert len(enh(s, 1)) == 1 and len(d.aura_zone[0]) == 2  # Aura: back to the Aura zone
    assert side(s, 1) == ["MZA Glow"]
    # then P2 fixes their side
    assert s.decision.kind == "overflow" and s.decision.player == 1
    s.apply(ids(s)[0])
    assert len(side(s, 1, 1)) == 2
    assert s.decision.kind == "action" and s.decision.player == 1
    # no limit goes below 0
    s = pos({"hand": ["MZA Void Terra"], "aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Colossus"]}])
    play(s, "MZA Void Terra", 1)
    assert GAME.snapshot(s)["lanes"][0]["limit"][0] == 0
    assert s.decision.kind == "overflow"
    s.apply(ids(s)[0])
    assert side(s, 1) == [] and GAME.snapshot(s)["lanes"][0]["limit"] == [0, 0]
