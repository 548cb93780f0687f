"""MZL-ERRATA-LANERES, MZL-ERRATA-SCOPE, MZL-ERRATA-REPLACE, MZL-ERRATA-TERRAREPL,
MZL-ERRATA-RAZED, MZL-ERRATA-ENTERS."""
from __future__ import annotations

import pytest

from support import card_in, ids, zone_names as zone
from support.metazoo import (ability_id, influence as inf, kind, play, play_id, player, position, side, target, terra,
                             unit)

R = {"resolved": True}


# ============================================================================ lane resolution
@pytest.mark.rule("MZL-ERRATA-LANERES-1")
def test_units_in_a_resolved_lane_keep_their_abilities():
    st = position(player(aura=["Fire Aura"], deck_size=5),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Smash Unit"]),
                  [{"terra": "Fire Starter", "resolved": True, "p1": ["Aura Activator", "Ally Mourner", "Fire Pup"]}])
    use = ability_id(st, unit(st, "Aura Activator", 0, 1))
    assert use in ids(st)                          # activated ability in a resolved lane
    st.apply(use)
    assert st.data.mp[0] == 1
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Pup", 0, 1))
    assert len(st.data.hand[0]) == 1               # Ally Mourner's trigger in a resolved lane


@pytest.mark.rule("MZL-ERRATA-LANERES-2")
def test_ability_limited_by_its_own_text_once_its_lane_is_resolved():
    st = position(player(), player(),
                  [{"terra": "Earth Starter", "resolved": True, "p1": ["Cavern Basilisk"], "p2": ["Earth Pup"]},
                   {"terra": "Fire Starter", "p1": ["Cavern Basilisk"], "p2": ["Earth Pup"]}])
    legal = ids(st)
    assert ability_id(st, unit(st, "Cavern Basilisk", 0, 1)) not in legal
    assert ability_id(st, unit(st, "Cavern Basilisk", 0, 2)) in legal


@pytest.mark.rule("MZL-ERRATA-LANERES-3")
def test_unit_moved_from_a_resolved_lane_counts_in_the_destination_mission():
    st = position(player(), player(),
                  [{"terra": "Fire Starter", "resolved": True, "p1": ["Runner"]},
                   {"terra": "Earth Starter", "p2": ["Earth Pup"]}, R, {}])
    st.apply(ability_id(st, unit(st, "Runner", 0, 1)))
    st.apply("lane:2")
    assert side(st, 2, 0) == ["Runner"]
    st.apply("declare:lane2")
    assert st.data.last_mission[1:4] == (3, 2, 0)
    assert st.data.mp == [1, 0]


@pytest.mark.rule("MZL-ERRATA-LANERES-4")
def test_treat_as_resolved_is_no_mission():
    st = position(player(aura=["Earth Aura", "Fire Aura", "Fire Aura"], hand=["Tremor Line"], deck_size=5),
                  player(deck_size=5),
                  [{"terra": "Loser's Solace", "p1": ["Mission Reporter", "Herald", "Fire Brute"]},
                   {"terra": "Ashen Caldera", "p2": ["Earth Pup"]}, {}, {}])
    play(st, "Tremor Line")
    assert kind(st) == "lane"
    st.apply("lane:1")
    assert st.data.resolved == [True, False, False, False]
    assert st.data.mp == [0, 0]                    # no scoring, no On Mission effects
    st.apply("declare:lane2")                      # P2 wins lane 2: Ashen Caldera works there
    assert "declare:lane1" not in ids(st)
    assert st.data.mp == [0, 2] and len(st.data.hand[0]) == 1


# ============================================================================ On Mission scope
@pytest.mark.rule("MZL-ERRATA-SCOPE-1")
def test_on_mission_abilities_in_other_lanes_do_not_trigger():
    st = position(player(deck_size=5), player(deck_size=5),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"]},
                   {"terra": "Loser's Solace", "p2": ["Weakener"]},   # a Terra's On Mission Resolution,
                                                                      # a unit's During Mission
                   {"terra": "Ashen Caldera", "p1": ["Mission Reporter", "Herald"]},   # units'; loser draws
                   {}])
    st.apply("declare:lane1")
    assert st.data.last_mission[1:3] == (2, 0)           # Weakener (lane 2) does not reach lane 1
    assert st.data.mp == [2, 0]
    assert len(st.data.hand[1]) == 0


@pytest.mark.rule("MZL-ERRATA-SCOPE-2")
def test_on_mission_abilities_that_say_so_reach_beyond_their_lane():
    st = position(player(deck_size=5), player(deck_size=5),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"]},
                   {"terra": "Far Beacon"},                         # declaration in any lane: each draws
                   {"terra": "Fire Starter", "p1": ["Beyond Reporter"]},   # resolution in any lane: +1 MP
                   {}])
    st.apply("declare:lane1")
    assert st.data.mp == [2 + 1, 0]
    assert len(st.data.hand[0]) == 1 and len(st.data.hand[1]) == 1


# ============================================================================ replace
@pytest.mark.rule("MZL-ERRATA-REPLACE-1")
def test_replacing_discards_the_old_terra_and_fills_its_slot():
    st = position(player(aura=["Fire Aura"], hand=["Fire Field"]), player(),
                  [{"terra": "Fire Starter"}, {"terra": "Earth Starter", "terra_owner": 1}])
    old = terra(st, 2)
    play(st, "Fire Field", 2)
    assert st.data.cards[terra(st, 2)].name == "Fire Field" and st.data.owner[terra(st, 2)] == 0
    assert old in st.data.discard[1]             # its owner's discard pile


@pytest.mark.rule("MZL-ERRATA-REPLACE-2")
def test_replacing_play_needs_no_open_slot():
    five = ["Fire Pup", "Fire Brute", "Earth Pup", "Earth Brute", "Fire Titan"]
    st = position(player(aura=["Fire Aura"], hand=["Fire Field"]), player(),
                  [{"terra": "Fire Starter", "p1": five, "p2": five}, {"terra": "Earth Starter"},
                   {"terra": "Fire Starter"}, {"terra": "Earth Starter"}])
    assert all(t >= 0 for t in st.data.terra)
    legal = ids(st)
    assert all(play_id(st, "Fire Field", ln) in legal for ln in (1, 2, 3, 4))
    play(st, "Fire Field", 1)                        # both sides full: still allowed
    assert st.data.cards[terra(st, 1)].name == "Fire Field"


@pytest.mark.rule("MZL-ERRATA-REPLACE-3")
def test_only_terras_are_replaced():
    five = ["Fire Pup", "Fire Brute", "Earth Pup", "Earth Brute", "Fire Titan"]
    st = position(player(aura=["Fire Aura"] * 3, hand=["Fire Pup", "Plain Gear"]), player(),
                  [{"terra": "Fire Starter", "p1": five}, {"terra": "Fire Starter", "p1": ["Fire Pup"]}])
    legal = ids(st)
    pup, gear = card_in(st, "Fire Pup", 0), card_in(st, "Plain Gear", 0)
    # a full side can't take a unit: nothing is replaced to make room
    assert f"play:c{pup}@lane1" not in legal and f"play:c{gear}@lane1" not in legal
    # a unit of the same name is not replaced either
    assert f"play:c{pup}@lane2" not in legal
    assert f"play:c{pup}@lane3" in legal


@pytest.mark.rule("MZL-ERRATA-REPLACE-4")
def test_replaced_terra_is_dispelled_not_shattered():
    st = position(player(aura=["Fire Aura"], hand=["Fire Field"], deck_size=5), player(deck_size=5),
                  [{"terra": "Mourning Starter", "terra_owner": 1}])
    start = len(st.log)
    play(st, "Fire Field", 1)
    assert "Mourning Starter" in zone(st, 1, "discard")
    assert len(st.data.hand[0]) == 1 and len(st.data.hand[1]) == 1   # its When Dispelled resolved
    new = st.log[start:]
    assert any("Mourning Starter" in ln and "Dispelled" in ln for ln in new)
    assert not any("Shatter" in ln for ln in new)


# ============================================================================ Terra replacement
@pytest.mark.rule("MZL-ERRATA-TERRAREPL-1")
def test_replacing_the_terra_of_a_resolved_lane_keeps_it_resolved():
    st = position(player(aura=["Fire Aura", "Earth Aura"], hand=["Fire Field", "Earth Field"]), player(),
                  [{"terra": "Fire Starter", "resolved": True}, {"terra": "Earth Starter"}, {}, {}])
    play(st, "Fire Field", 1)
    assert st.data.cards[terra(st, 1)].name == "Fire Field"
    assert st.data.resolved == [True, False, False, False]
    assert "declare:lane1" not in ids(st)
    st.apply("declare:lane3")
    play(st, "Earth Field", 2)                    # an unresolved lane stays unresolved too
    assert st.data.resolved == [True, False, True, False]


# ============================================================================ razed lanes
@pytest.mark.rule("MZL-ERRATA-RAZED-1")
def test_razed_lane_meets_no_condition_that_needs_a_terra():
    st = position(player(aura=["Fire Aura", "Earth Aura"], hand=["Fire Field", "Earth Field"]), player(),
                  [{"terra": "Fire Starter"}, {"p1": ["Dune Crocodile", "Terra Lover"]}])
    croc, lover = unit(st, "Dune Crocodile", 0, 2), unit(st, "Terra Lover", 0, 2)
    assert st.data.terra[1] < 0
    assert (inf(st, croc), inf(st, lover)) == (2, 2)   # no "non-Earth Terra", no Terra at all
    play(st, "Fire Field", 2)
    assert (inf(st, croc), inf(st, lover)) == (4, 4)
    st.apply("declare:lane4")
    play(st, "Earth Field", 2)
    assert (inf(st, croc), inf(st, lover)) == (2, 4)


# ============================================================================ enters
@pytest.mark.rule("MZL-ERRATA-ENTERS-1")
def test_units_and_aura_enter_when_played_created_moved_or_put_in_a_lane():
    st = position(player(aura=["Fire Aura", "Fire Aura"], hand=["Fire Enhancer"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Gatekeeper"]},
                   {"terra": "Fire Starter", "p1": ["Token Maker", "Runner"]}, {}, {}])

    def mp():                                          # Gatekeeper's controller's MP
        return st.data.mp[1]

    play(st, "Fire Enhancer", 1)                       # played
    assert mp() == 1
    st.apply("declare:lane4")
    st.apply(ability_id(st, unit(st, "Token Maker", 0, 2)))
    st.apply("lane:1")                                 # created
    assert side(st, 1, 0) == ["Fire Enhancer", "Spark"] and mp() == 2
    st.apply("declare:lane3")
    st.apply(ability_id(st, unit(st, "Runner", 0, 2)))
    st.apply("lane:1")                                 # Moved
    assert mp() == 3
    st.apply("declare:lane2")
    st.apply("enhance:lane1")                          # an Aura put into the lane
    assert mp() == 4
