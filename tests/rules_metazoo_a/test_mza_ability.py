"""MZL-ABILITY (using card abilities)."""
from __future__ import annotations

import pytest

from support import ids
from support.metazoo import (GAME, ability_id, finish_round, hands, play, pos, side, unit_in_lane as unit, untapped,
                             aura_zone as zone)


def abilities(s) -> list[str]:
    return [a for a in ids(s) if a.startswith("ability:")]


def srcs(s) -> list[str]:
    """Names of the cards whose abilities are offered now."""
    return sorted(s.data.cards[int(a.split(":c")[1].split(":")[0])].name for a in abilities(s))


@pytest.mark.rule("MZL-ABILITY-1")
def test_abilities_of_own_units_and_own_caster_in_its_zone():
    s = pos({"caster": "MZA Warden", "aura": ["Fire Aura"] * 2}, {"caster": "MZA Warden", "aura": ["Fire Aura"]},
            [{"p1": ["MZA Channeler", "Storm Mote"], "p2": ["MZA Channeler", "MZA Icon Beast"]},
             {"p1": ["MZA Tool", "Fire Pup"]}])
    assert srcs(s) == ["MZA Channeler", "MZA Tool", "MZA Warden", "MZA Warden", "Storm Mote"]
    assert all(s.data.owner[int(a.split(":c")[1].split(":")[0])] == 0 for a in abilities(s))
    # a Caster in a lane is one of the player's units: its abilities are still there
    s = pos({"caster": "MZA Warden", "aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Warden"]}])
    assert srcs(s) == ["MZA Warden", "MZA Warden"]
    s.apply(ability_id(s, s.data.caster[0], 1))
    assert hands(s)[0] == 1


@pytest.mark.rule("MZL-ABILITY-2")
def test_a_tap_ability_needs_its_card_untapped_and_taps_it():
    s = pos({}, {}, [{"p1": ["MZA Tapper", {"name": "MZA Tapper", "tapped": True}]}, {}])
    t1, t2 = s.data.units[0]
    assert abilities(s) == [ability_id(s, t1)]  # the tapped one can't pay its tap cost
    s.apply(ability_id(s, t1))
    assert t1 in s.data.tapped and hands(s)[0] == 1
    assert GAME.snapshot(s)["lanes"][0]["p1"][0]["tapped"]


@pytest.mark.rule("MZL-ABILITY-3")
def test_a_tapped_unit_contributes_no_influence():
    s = pos({}, {}, [{"p1": ["MZA Tapper", "Fire Pup"], "p2": ["Fire Brute"]}])
    assert GAME.snapshot(s)["lanes"][0]["influence"] == [5, 4]
    s.apply(ability_id(s, unit(s, "MZA Tapper", 1)))
    assert GAME.snapshot(s)["lanes"][0]["influence"] == [2, 4]
    s.apply("declare:lane1")  # P2 declares
    assert s.data.last_mission[1:4] == (2, 4, 1) and s.data.mp == [0, 1]


@pytest.mark.rule("MZL-ABILITY-4")
def test_a_tap_ability_can_be_used_again_once_its_card_is_untapped():
    s = pos({"hand": ["MZA Refresh"], "aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Tapper"]}])
    t = unit(s, "MZA Tapper", 1)
    s.apply(ability_id(s, t))
    s.apply("declare:lane4")
    assert ability_id(s, t) not in ids(s)
    play(s, "MZA Refresh")  # untap a friendly creature (the only one: no choice)
    if s.decision.kind == "target":
        s.apply(f"target:c{t}")
    assert t not in s.data.tapped
    s.apply("declare:lane3")
    assert ability_id(s, t) in ids(s)  # same round
    s.apply(ability_id(s, t))
    assert hands(s)[0] == 2 and s.data.round == 1


@pytest.mark.rule("MZL-ABILITY-5")
def test_being_tapped_by_another_effect_is_not_using_the_tap_ability():
    s = pos({"hand": []}, {"caster": "MZA Pyra", "hand": ["MZA Tap Strike"], "aura": ["Fire Aura"]},
            [{"p1": ["MZA Tapper"]}], active=1)
    t = unit(s, "MZA Tapper", 1)
    play(s, "MZA Tap Strike", p=1)
    if s.decision.kind == "target":
        s.apply(f"target:c{t}")
    assert t in s.data.tapped
    assert hands(s) == [0, 0]  # the Tapper's draw did not happen
    assert s.decision.player == 0 and ability_id(s, t) not in ids(s)


@pytest.mark.rule("MZL-ABILITY-6")
def test_an_activated_ability_is_paid_with_aura_matching_every_symbol():
    s = pos({"aura": ["Fire Aura", "Fire Aura"]}, {}, [{"p1": ["MZA Dual Channeler"]}])
    assert abilities(s) == []  # Fire + Earth needed
    s = pos({"aura": ["Fire Aura", "Earth Aura", "Fire Aura"]}, {}, [{"p1": ["MZA Dual Channeler"]}])
    s.apply(ability_id(s, unit(s, "MZA Dual Channeler", 1)))
    assert zone(s) == ["Earth Aura (tapped)", "Fire Aura", "Fire Aura (tapped)"]
    assert hands(s)[0] == 1


@pytest.mark.rule("MZL-ABILITY-7")
def test_other_payments_sacrifice_or_just_marking_the_ability_used():
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Sac Beast", "Fire Pup"]}])
    s.apply(ability_id(s, unit(s, "MZA Sac Beast", 1)))
    assert s.decision.kind == "sacrifice" and len(ids(s)) == 2
    s.apply(f"sacrifice:c{unit(s, 'Fire Pup', 1)}")
    assert side(s, 1) == ["MZA Sac Beast"] and [s.data.cards[c].name for c in s.data.discard[0]] == ["Fire Pup"]
    assert hands(s)[0] == 1 and untapped(s) == 1  # no Aura paid
    # an Action icon costs nothing but its mark
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Icon Beast"]}])
    b = unit(s, "MZA Icon Beast", 1)
    s.apply(ability_id(s, b))
    assert hands(s)[0] == 1 and untapped(s) == 1 and b not in s.data.tapped
    assert s.data.used  # marked as used for the round


@pytest.mark.rule("MZL-ABILITY-8")
def test_each_activated_ability_at_most_once_per_round():
    s = pos({"aura": ["Fire Aura"] * 3, "aura_deck": 2}, {}, [{"p1": ["MZA Channeler"]}])
    c = unit(s, "MZA Channeler", 1)
    s.apply(ability_id(s, c))
    s.apply("declare:lane4")
    assert untapped(s) == 2 and ability_id(s, c) not in ids(s)  # payable, but used this round
    finish_round(s)
    assert s.data.round == 2 and s.decision.player == 1
    s.apply("declare:lane4")
    assert ability_id(s, c) in ids(s)  # the next round it may be used again


@pytest.mark.rule("MZL-ABILITY-9")
def test_equipment_abilities_need_a_friendly_creature_in_its_lane():
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Tool"], "p2": ["Earth Pup"]}, {"p1": ["MZA Tool", "Fire Pup"]}])
    t2 = unit(s, "MZA Tool", 2)
    assert abilities(s) == [ability_id(s, t2)]  # not the Tool alone in lane 1
    s.apply(ability_id(s, t2))
    assert hands(s)[0] == 1


@pytest.mark.rule("MZL-ABILITY-10")
def test_once_per_round_for_activated_icon_and_costed_powers_tap_self_reusable():
    s = pos({"caster": "MZA Warden", "aura": ["Fire Aura"] * 3, "hand": ["MZA Refresh"]},
            {"hand": ["Earth Pup"], "aura": ["Earth Aura"]}, [{"p1": ["MZA Tapper"]}])
    w, t = s.data.caster[0], unit(s, "MZA Tapper", 1)
    s.apply(ability_id(s, w, 0))  # the costed Caster Power
    s.apply("declare:lane4")
    assert ability_id(s, w, 0) not in ids(s) and untapped(s) == 2
    s.apply(ability_id(s, w, 1))  # the Action icon
    s.apply("declare:lane3")
    assert ability_id(s, w, 1) not in ids(s)
    s.apply(ability_id(s, t))     # tap: this card
    s.apply("declare:lane2")
    play(s, "MZA Refresh")
    if s.decision.kind == "target":
        s.apply(f"target:c{t}")
    play(s, "Earth Pup", 1, p=1)
    assert s.data.round == 1
    assert ability_id(s, t) in ids(s)  # usable again once untapped
    assert ability_id(s, w, 0) not in ids(s) and ability_id(s, w, 1) not in ids(s)


@pytest.mark.rule("MZL-ABILITY-11")
def test_each_symbol_needs_its_own_aura_of_that_type_generic_takes_any():
    s = pos({"aura": ["Fire Aura", "Earth Aura"]}, {}, [{"p1": ["MZA Twin Flame", "MZA Loose Flame"]}])
    assert srcs(s) == ["MZA Loose Flame"]  # 2 Fire symbols need 2 Fire Aura
    s.apply(ability_id(s, unit(s, "MZA Loose Flame", 1)))
    assert untapped(s) == 0 and hands(s)[0] == 1
    s = pos({"aura": ["Fire Aura", "Fire Aura"]}, {}, [{"p1": ["MZA Twin Flame"]}])
    assert srcs(s) == ["MZA Twin Flame"]
    s = pos({"aura": ["Earth Aura", "Earth Aura"]}, {}, [{"p1": ["MZA Loose Flame"]}])
    assert srcs(s) == []  # the generic part can't stand in for the Fire symbol


@pytest.mark.rule("MZL-ABILITY-12")
def test_usage_is_tracked_per_card_resets_on_leaving_play_only_own_cards_plus_terra_icons():
    s = pos({"aura": ["Fire Aura"] * 6, "hand": ["MZA Recall"]},
            {"aura": ["Earth Aura"]},
            [{"terra": "Cinder Wastes", "p1": ["MZA Channeler"], "p2": ["MZA Channeler", "Earth Pup"]},
             {"p1": ["MZA Channeler"]}])
    a, b = unit(s, "MZA Channeler", 1), unit(s, "MZA Channeler", 2)
    theirs = unit(s, "MZA Channeler", 1, 1)
    terra = s.data.terra[0]
    assert ability_id(s, theirs) not in ids(s)
    s.apply(ability_id(s, a))
    # P2 may use the Terra's Action icon too, and P1's use is separate
    assert s.decision.player == 1 and ability_id(s, terra) in ids(s)
    s.apply(ability_id(s, terra))
    if s.decision.kind == "target":
        s.apply(ids(s)[0])
    assert ability_id(s, a) not in ids(s) and ability_id(s, b) in ids(s)  # per card
    assert ability_id(s, terra) in ids(s)  # P1 has not used it this round
    s.apply(ability_id(s, terra))
    if s.decision.kind == "target":
        s.apply(ids(s)[0])
    assert ability_id(s, terra) not in ids(s)
    s.apply("declare:lane4")
    # return the used Channeler to hand and play it again: a fresh card
    play(s, "MZA Recall")
    s.apply(f"target:c{a}")
    s.apply("declare:lane3")
    play(s, "MZA Channeler", 3)
    s.apply("declare:lane2")
    assert s.data.round == 1 and ability_id(s, a) in ids(s)


@pytest.mark.rule("MZL-ABILITY-12")
def test_a_costed_terra_ability_is_only_for_the_terras_controller():
    # only Terra Action-icon abilities are open to both players; a costed one belongs to the
    # player who controls the Terra like any other card's ability
    s = pos({"aura": ["Fire Aura"]}, {"aura": ["Earth Aura"] * 2},
            [{"terra": "MZA Costed Terra", "terra_owner": 0},
             {"terra": "Cinder Wastes", "terra_owner": 0, "p1": ["Fire Pup"], "p2": ["Earth Pup"]}])
    costed, icon = s.data.terra[0], s.data.terra[1]
    assert ability_id(s, costed) in ids(s) and ability_id(s, icon) in ids(s)
    s.apply("declare:lane4")
    assert s.decision.player == 1
    assert ability_id(s, icon) in ids(s)          # either player: the Action icon
    assert ability_id(s, costed) not in ids(s)    # P2 does not control this Terra
