"""MZL-ERRATA-ENHANCE (enhancement persistence), MZL-ERRATA-GIGANTIC, MZL-ERRATA-UNIQUE,
MZL-ERRATA-BASECOST, MZL-ERRATA-CANNOT."""
from __future__ import annotations

import pytest

from support import card_in, ids, log_has
from support.metazoo import (decider, is_action_turn, kind, labels, play, play_id, player, position, side, snap, target,
                             total, unit)

from metatcg.games.metazoo import stats


# ============================================================================ enhancement
@pytest.mark.rule("MZL-ERRATA-ENHANCE-1")
def test_lane_may_be_enhanced_only_with_a_friendly_creature_bearing_the_symbol():
    st = position(player(aura=["Fire Aura", "Fire Aura"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Enhancer"]},   # creature with the symbol
                   {"terra": "Earth Starter", "p1": ["Fire Pup"]},       # creature without it
                   {"terra": "Fire Starter", "p2": ["Fire Enhancer"]},   # the symbol on the rival side
                   {}])
    legal = ids(st)
    assert "enhance:lane1" in legal
    assert "enhance:lane2" not in legal and "enhance:lane3" not in legal and "enhance:lane4" not in legal


def _enhanced_lane():
    """P1: Fire Enhancer + Fire Pup and one enhancing Aura in lane 1 (Mossback Hollow in lane 2)."""
    return position(player(aura=["Fire Aura", "Fire Aura"]),
                    player("Plain Fire Caster", aura=["Fire Aura", "Fire Aura"], hand=["Smash Unit", "Smash Unit"]),
                    [{"terra": "Fire Starter", "p1": ["Fire Enhancer", "Fire Pup"], "p1_aura": ["Fire Aura"]},
                     {"terra": "Mossback Hollow"}, {}, {}])


@pytest.mark.rule("MZL-ERRATA-ENHANCE-2")
def test_enhancement_keeps_its_influence_and_destruction_after_the_enabler_is_dispelled():
    st = _enhanced_lane()
    assert total(st, 1, 0) == 2 + 2 + 1
    st.apply("declare:lane4")
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Enhancer", 0, 1))
    assert side(st, 1, 0) == ["Fire Pup"]
    assert total(st, 1, 0) == 2 + 1                      # the Aura still adds +1
    assert stats.destruction_count(st.data, 0, 0) == 1   # and still gives Destruction
    # with no friendly creature left at all, the enhancement gives nothing
    st.apply("declare:lane3")
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Pup", 0, 1))
    assert total(st, 1, 0) == 0 and stats.destruction_count(st.data, 0, 0) == 0


@pytest.mark.rule("MZL-ERRATA-ENHANCE-2")
def test_enhancement_keeps_its_influence_after_the_enabler_moves_out():
    st = _enhanced_lane()
    st.apply("declare:lane2")            # Mossback Hollow: each player may Move a creature here
    if kind(st) == "__order_triggers":
        st.apply("trigger:0")
    while kind(st) != "action":
        if kind(st) == "may":
            st.apply("yes")
        elif kind(st) == "target":
            target(st, unit(st, "Fire Enhancer", 0, 1))
        else:
            st.apply(ids(st)[0])
    assert side(st, 2, 0) == ["Fire Enhancer"] and side(st, 1, 0) == ["Fire Pup"]
    assert total(st, 1, 0) == 2 + 1
    assert stats.destruction_count(st.data, 0, 0) == 1


@pytest.mark.rule("MZL-ERRATA-ENHANCE-3")
def test_no_more_enhancing_once_the_last_enabler_is_gone_until_one_returns():
    st = position(player(aura=["Fire Aura", "Fire Aura", "Fire Aura"], hand=["Fire Enhancer Two"]),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Smash Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Fire Enhancer", "Fire Pup"], "p1_aura": ["Fire Aura"]}],
                  active=1)
    play(st, "Smash Unit")
    target(st, unit(st, "Fire Enhancer", 0, 1))
    assert is_action_turn(st, 0)
    assert "enhance:lane1" not in ids(st)           # Fire Pup remains, but has no symbol
    assert total(st, 1, 0) == 3                     # the Aura already there still counts
    play(st, "Fire Enhancer Two", 1)
    st.apply("declare:lane4")
    assert "enhance:lane1" in ids(st)               # an enabling unit is back


# ============================================================================ Gigantic
@pytest.mark.rule("MZL-ERRATA-GIGANTIC-1")
def test_gigantic_cuts_its_controllers_lane_size_by_x():
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Giant Two"], "p2": ["Earth Pup"]}])
    lanes = snap(st)["lanes"]
    assert lanes[0]["limit"] == [3, 5]              # only the controller's side of that lane
    assert [ln["limit"] for ln in lanes[1:]] == [[5, 5]] * 3


@pytest.mark.rule("MZL-ERRATA-GIGANTIC-2")
def test_gigantic_counts_for_its_own_entry_and_adds_up():
    st = position(player(aura=["Fire Aura"] * 3, hand=["Giant Two", "Giant One"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup", "Earth Pup", "Fire Brute"]},
                   {"terra": "Earth Starter", "p1": ["Fire Pup", "Earth Pup"]},
                   {"terra": "Fire Starter", "p1": ["Giant Two"]}])
    legal = ids(st)
    assert play_id(st, "Giant Two", 1) not in legal     # 3 units + itself > 5 - 2
    assert play_id(st, "Giant Two", 2) in legal         # 2 units + itself = 5 - 2
    assert play_id(st, "Giant One", 1) in legal         # 3 + 1 = 5 - 1
    # two Gigantic values on one side add together: 5 - 2 - 1 = 2 and lane 3 already holds 1
    assert play_id(st, "Giant One", 3) in legal
    play(st, "Giant One", 3)
    assert snap(st)["lanes"][2]["limit"] == [2, 5]
    assert snap(st)["lanes"][0]["limit"] == [5, 5]


# ============================================================================ Unique
@pytest.mark.rule("MZL-ERRATA-UNIQUE-1")
def test_no_further_copy_of_a_unique_unit_while_one_is_in_play():
    st = position(player(aura=["Fire Aura"] * 2, hand=["Unique Hound"]),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Smash Unit"]),
                  [{"terra": "Fire Starter", "p1": ["Unique Hound"]}])
    hound = card_in(st, "Unique Hound", 0)
    assert not any(a.startswith(f"play:c{hound}@") for a in ids(st))   # in no lane
    st.apply("declare:lane4")
    play(st, "Smash Unit")
    target(st, unit(st, "Unique Hound", 0, 1))
    assert play_id(st, "Unique Hound", 1) in ids(st)    # once it is gone, a copy may be played


@pytest.mark.rule("MZL-ERRATA-UNIQUE-2")
def test_unique_terra_only_one_copy_in_play_in_total():
    st = position(player(aura=["Fire Aura"], hand=["Unique Arena", "Fire Field"]),
                  player("Plain Fire Caster", aura=["Fire Aura"], hand=["Unique Arena"]),
                  [{"terra": "Fire Starter"}, {"terra": "Unique Arena", "terra_owner": 1}])
    arena = card_in(st, "Unique Arena", 0)
    legal = ids(st)
    assert not any(a.startswith(f"play:c{arena}@") for a in legal)      # P1 may not: P2's copy counts
    assert play_id(st, "Fire Field", 1) in legal
    st.apply("declare:lane4")
    arena2 = card_in(st, "Unique Arena", 1)
    assert not any(a.startswith(f"play:c{arena2}@") for a in ids(st))   # nor P2 a second one


@pytest.mark.rule("MZL-ERRATA-UNIQUE-3")
def test_unique_is_per_exact_name_and_per_side():
    st = position(player(aura=["Fire Aura"] * 2, hand=["Unique Hound", "Unique Hound Pup"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Unique Hound"]},
                   {"terra": "Earth Starter", "p1": ["Unique Hound Pup"]}])
    legal = ids(st)
    assert play_id(st, "Unique Hound", 1) in legal        # the opponent's copy never stops mine
    assert play_id(st, "Unique Hound", 3) in legal
    pup = card_in(st, "Unique Hound Pup", 0)
    assert not any(a.startswith(f"play:c{pup}@") for a in legal)
    # "Unique Hound" and "Unique Hound Pup" are different names
    st = position(player(aura=["Fire Aura"], hand=["Unique Hound"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Unique Hound Pup"]}])
    assert play_id(st, "Unique Hound", 2) in ids(st)


# ============================================================================ base cost
@pytest.mark.rule("MZL-ERRATA-BASECOST-1")
def test_base_cost_is_the_printed_cost_while_the_cost_paid_may_differ():
    st = position(player(aura=["Fire Aura"] * 5, hand=["Fire Brute", "Fire Pup"]), player(),
                  [{"terra": "Cost Cut Terra"}])
    d = st.data
    brute = card_in(st, "Fire Brute", 0)
    assert d.cards[brute].cost == 3                                   # printed
    acts = {a.id: a for a in st.legal_actions()}
    assert acts[play_id(st, "Fire Brute", 2)].args.cost == 2            # paid: 3 - 1
    play(st, "Fire Brute", 2)
    assert snap(st)["players"][0]["aura_untapped"] == 3               # 2 Aura tapped
    assert d.cards[unit(st, "Fire Brute", 0, 2)].cost == 3            # still base 3 in play


@pytest.mark.rule("MZL-ERRATA-BASECOST-2")
def test_cost_in_an_effect_means_base_cost_in_a_hidden_zone():
    # "a creature whose base cost is 2 or less": cost changes in play don't matter
    deck = ["Fire Pup", "Fire Brute", "Earth Pup"]
    for terra_name, fire_pup_ok, brute_ok in (("Cost Tax Terra", True, False), ("Cost Cut Terra", True, False)):
        st = position(player(aura=["Fire Aura"], hand=["Cheap Finder"], deck=deck), player(),
                      [{"terra": terra_name}])
        play(st, "Cheap Finder")
        offered = labels(st).values()
        assert ("Take Fire Pup" in offered) == fire_pup_ok       # base 1 (3 to play under the tax)
        assert ("Take Fire Brute" in offered) == brute_ok        # base 3 (2 to play under the cut)


@pytest.mark.rule("MZL-ERRATA-BASECOST-2")
def test_cost_in_an_effect_means_base_cost_in_play():
    st = position(player(aura=["Fire Aura"], hand=["Cheap Cut"]), player(),
                  [{"terra": "Cost Tax Terra", "p2": ["Earth Pup", "Earth Brute"]}])
    play(st, "Cheap Cut")
    opts = [a for a in ids(st) if a.startswith("target:")]
    assert opts == [f"target:c{unit(st, 'Earth Pup', 1, 1)}"]


# ============================================================================ "cannot"
@pytest.mark.rule("MZL-ERRATA-CANNOT-1")
def test_effect_cannot_choose_a_unit_whose_cannot_trait_forbids_it():
    st = position(player(aura=["Fire Aura"] * 2, hand=["Zap Three", "Smash Unit"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Unhurtable Golem", "Steadfast Golem", "Earth Pup"]}])
    s2 = st.clone()
    play(s2, "Zap Three")
    assert f"target:c{unit(s2, 'Unhurtable Golem', 1)}" not in ids(s2)
    assert f"target:c{unit(s2, 'Steadfast Golem', 1)}" in ids(s2)
    play(st, "Smash Unit")
    assert f"target:c{unit(st, 'Steadfast Golem', 1)}" not in ids(st)
    assert f"target:c{unit(st, 'Unhurtable Golem', 1)}" in ids(st)


@pytest.mark.rule("MZL-ERRATA-CANNOT-2")
def test_destruction_cannot_be_satisfied_with_a_unit_that_cannot_be_shattered():
    st = position(player(), player(),
                  [{"terra": "Fire Starter", "p1": ["Destroyer"], "p2": ["Steadfast Golem", "Earth Pup"]}])
    st.apply("declare:lane1")
    assert kind(st) == "destroy" and decider(st) == 1
    assert [a for a in ids(st)] == [f"shatter:c{unit(st, 'Earth Pup', 1, 1)}"]


@pytest.mark.rule("MZL-ERRATA-CANNOT-3")
def test_part_of_an_effect_with_no_legal_choice_does_nothing():
    # Destruction with only an unshatterable unit: nothing happens
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Destroyer"], "p2": ["Steadfast Golem"]}])
    st.apply("declare:lane1")
    assert is_action_turn(st, 1)
    assert side(st, 1, 1) == ["Steadfast Golem"] and st.data.resolved[0]
    # an On Play "Shatter a rival creature here, then draw": the Shatter does nothing, the draw happens
    st = position(player(aura=["Fire Aura"], hand=["Smash And Draw"], deck_size=3), player(),
                  [{"terra": "Fire Starter", "p2": ["Steadfast Golem"]}])
    play(st, "Smash And Draw", 1)
    assert is_action_turn(st, 1)
    assert side(st, 1, 1) == ["Steadfast Golem"]
    assert len(st.data.hand[0]) == 1 and log_has(st, "no legal target")
