"""MZL-ENHANCE (Aura enhancement) and MZL-TRADE (Trade Aura)."""
from __future__ import annotations

import pytest

from support import ids
from support.metazoo import (GAME, enh, find_in as find, finish_round, play, pos, side, started, unit_in_lane as unit,
                             untapped, aura_zone as zone)

RESOLVED3 = [{"resolved": True}, {"resolved": True}, {"resolved": True}]


def names(s, iids) -> list[str]:
    return sorted(s.data.cards[i].name for i in iids)


def trade(s, swap_tapped: bool | None = None) -> None:
    """Trade Aura: tap the first offered Aura, then give up a primary one (tapped or not)."""
    s.apply([a for a in ids(s) if a.startswith("trade:")][0])
    if s.decision.kind == "swap":
        opts = s.legal_actions()
        if swap_tapped is None:
            s.apply(opts[0].id)
        else:
            s.apply(next(a.id for a in opts if ("(tapped)" in a.label) == swap_tapped))


# ----------------------------------------------------------------- MZL-ENHANCE
@pytest.mark.rule("MZL-ENHANCE-1")
def test_enhance_only_with_a_friendly_unit_bearing_the_symbol():
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["Fire Pup"], "p2": ["MZA Glow"]}, {"p1": ["MZA Glow"]}])
    acts = ids(s)
    assert "enhance:lane1" not in acts  # no symbol on P1's side (the rival's symbol does not count)
    assert "enhance:lane2" in acts
    assert "enhance:lane3" not in acts


@pytest.mark.rule("MZL-ENHANCE-2")
def test_equipment_with_the_symbol_enables_only_with_a_friendly_creature():
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["Enhancer Gear"]}, {"p1": ["Enhancer Gear", "Fire Pup"]},
                                          {"p1": ["MZA Glow"]}])
    acts = ids(s)
    assert "enhance:lane1" not in acts
    assert "enhance:lane2" in acts
    assert "enhance:lane3" in acts  # a creature with the symbol always does


@pytest.mark.rule("MZL-ENHANCE-3")
def test_enhancing_moves_one_untapped_aura_from_the_zone_to_the_side():
    s = pos({"aura": ["Fire Aura", {"name": "Fire Aura", "tapped": True}]}, {}, [{"p1": ["MZA Glow"]}])
    free = [a for a in s.data.aura_zone[0] if a not in s.data.tapped][0]
    s.apply("enhance:lane1")  # one Aura type untapped: no choice needed
    assert enh(s, 1) == [free] and free not in s.data.tapped
    assert zone(s) == ["Fire Aura (tapped)"] and s.data.aura_total(0) == 2
    assert s.decision.player == 1  # it was the whole action
    # only tapped Aura in the zone: no enhancing
    s = pos({"aura": [{"name": "Fire Aura", "tapped": True}]}, {}, [{"p1": ["MZA Glow"]}])
    assert "enhance:lane1" not in ids(s)


@pytest.mark.rule("MZL-ENHANCE-4")
def test_a_lane_may_be_enhanced_again_one_aura_per_action_within_the_limit():
    s = pos({"aura": ["Fire Aura"] * 4}, {}, [{"p1": ["MZA Glow", "Fire Pup", "Fire Brute"]}])
    s.apply("enhance:lane1")
    assert len(enh(s, 1)) == 1
    s.apply("declare:lane4")
    s.apply("enhance:lane1")
    assert len(enh(s, 1)) == 2 and len(side(s, 1)) == 3  # 3 units + 2 Aura = 5
    s.apply("declare:lane3")
    assert "enhance:lane1" not in ids(s) and untapped(s) == 2


@pytest.mark.rule("MZL-ENHANCE-5")
def test_aura_in_a_lane_cannot_pay_costs():
    s = pos({"aura": []}, {}, [{"p1": ["MZA Glow", "MZA Channeler"], "p1_aura": ["Fire Aura", "Fire Aura"]}])
    acts = ids(s)
    assert not any(a.startswith("ability:") for a in acts)  # the Fire cost can't be paid from the lane
    assert not any(a.startswith("trade:") for a in acts)    # nor the Trade cost
    s = pos({"aura": ["Fire Aura"]}, {}, [{"p1": ["MZA Glow", "MZA Channeler"], "p1_aura": ["Fire Aura"]}])
    s.apply(f"ability:c{unit(s, 'MZA Channeler', 1)}:0")
    assert zone(s) == ["Fire Aura (tapped)"] and not any(a in s.data.tapped for a in enh(s, 1))


@pytest.mark.rule("MZL-ENHANCE-6")
def test_each_enhancing_aura_adds_one_influence_to_its_side():
    s = pos({}, {}, [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura", "Fire Aura"], "p2": ["Earth Pup"]}])
    snap = GAME.snapshot(s)["lanes"][0]
    assert snap["influence"] == [3, 2]
    assert [u["name"] for u in snap["p1"]] == ["MZA Glow"]  # the Aura are not units with Influence
    s.apply("declare:lane1")
    assert s.data.last_mission[1:4] == (3, 2, 0)


@pytest.mark.rule("MZL-ENHANCE-7")
def test_each_enhancing_aura_gives_one_destruction():
    s = pos({}, {}, [{"p1": ["Fire Brute"], "p1_aura": ["Fire Aura", "Fire Aura"],
                      "p2": ["Earth Pup", "Zero Earth", "MZA Piasa Bird"]}])
    s.apply("declare:lane1")  # 6 against 4
    shattered = 0
    while s.decision.kind == "destroy":
        assert s.decision.player == 1
        s.apply(ids(s)[0])
        shattered += 1
    assert shattered == 2 and len(side(s, 1, 1)) == 1 and len(s.data.discard[1]) == 2


@pytest.mark.rule("MZL-ENHANCE-8")
def test_no_plus_one_while_the_aura_is_tapped_or_without_a_friendly_creature():
    s = pos({}, {}, [{"p1": ["MZA Glow"], "p1_aura": [{"name": "Fire Aura", "tapped": True}, "Fire Aura"]},
                     {"p1": ["Enhancer Gear"], "p1_aura": ["Fire Aura"]},
                     {"p1_aura": ["Fire Aura"]}])
    lanes = GAME.snapshot(s)["lanes"]
    assert lanes[0]["influence"][0] == 2  # 1 + 1 untapped Aura (the tapped one adds nothing)
    assert lanes[1]["influence"][0] == 0  # equipment only: no friendly creature
    assert lanes[2]["influence"][0] == 0
    s.apply("declare:lane3")
    assert s.data.last_mission[1:4] == (0, 0, -1)


@pytest.mark.rule("MZL-ENHANCE-9")
def test_enhanced_aura_cannot_be_shattered_or_affected_by_the_opponent():
    s = pos({}, {"caster": "MZA Pyra", "hand": ["MZA Wipe"], "aura": ["Fire Aura"]},
            [{"p1": ["MZA Glow", "Fire Pup"], "p1_aura": ["Fire Aura", "Fire Aura"], "p2": ["Earth Pup"]}], active=1)
    aura = enh(s, 1)
    play(s, "MZA Wipe", p=1)
    while s.decision.player == 1 and s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert side(s, 1) == [] and side(s, 1, 1) == []  # every unit is gone
    assert enh(s, 1) == aura                          # the Aura stayed
    assert not any(s.data.cards[c].type == "aura" for c in s.data.discard[0])


@pytest.mark.rule("MZL-ENHANCE-10")
def test_enhanced_aura_never_satisfies_destruction_or_sacrifice():
    s = pos({}, {}, [{"p1": ["Fire Brute"], "p1_aura": ["Fire Aura"],
                      "p2": ["Earth Pup"], "p2_aura": ["Earth Aura", "Earth Aura"]}])
    s.apply("declare:lane1")  # 5 vs 4: P1 wins, 1 Destruction
    assert s.decision.kind == "destroy"
    assert ids(s) == [f"shatter:c{unit(s, 'Earth Pup', 1, 1)}"]
    s = pos({}, {}, [{"p1": ["Fire Brute"], "p1_aura": ["Fire Aura"], "p2_aura": ["Earth Aura"]}])
    s.apply("declare:lane1")  # only Aura on the loser's side: nothing to Shatter
    assert s.decision.kind == "action" and len(enh(s, 1, 1)) == 1
    # Sacrifice cost: only units may be chosen
    s = pos({}, {}, [{"p1": ["MZA Sac Beast", "MZA Glow"], "p1_aura": ["Fire Aura"]}])
    s.apply(f"ability:c{unit(s, 'MZA Sac Beast', 1)}:0")
    assert s.decision.kind == "sacrifice"
    assert sorted(ids(s)) == sorted(f"sacrifice:c{u}" for u in s.data.units[0])


@pytest.mark.rule("MZL-ENHANCE-11")
def test_every_aura_in_a_lane_returns_to_its_zone_at_the_end_of_the_round():
    s = pos({"aura": []}, {"aura": []},
            [{"resolved": True, "p1": ["MZA Glow"], "p1_aura": ["Fire Aura"]},
             {"resolved": True, "p2_aura": ["Earth Aura", {"name": "Earth Aura", "tapped": True}]},
             {"resolved": True, "p1_aura": ["MZA Fire Aura B"]},
             {"p1": ["Fire Brute"], "p1_aura": ["Fire Aura"], "p2": ["Earth Pup"]}])
    s.apply("declare:lane4")  # Destruction used here; the other Aura never used theirs
    while s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert s.data.round == 2
    assert all(e == [] for e in s.data.enh)
    assert names(s, s.data.aura_zone[0]) == ["Fire Aura", "Fire Aura", "MZA Fire Aura B"]
    assert names(s, s.data.aura_zone[1]) == ["Earth Aura", "Earth Aura"]


@pytest.mark.rule("MZL-ENHANCE-12", "MZL-ENHANCE-9")
def test_an_opponents_tap_an_aura_effect_only_reaches_the_aura_zone():
    s = pos({"aura": ["Fire Aura"]}, {"caster": "MZA Pyra", "hand": ["MZA Drain"], "aura": ["Fire Aura"]},
            [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura", "Fire Aura"]}], active=1)
    play(s, "MZA Drain", p=1)
    while s.decision.player == 1 and s.decision.kind != "action":
        s.apply(ids(s)[0])
    assert zone(s, 0) == ["Fire Aura (tapped)"]             # the one in the zone
    assert not any(a in s.data.tapped for a in enh(s, 1))  # "tap 2": the lane's Aura are out of reach
    assert GAME.snapshot(s)["lanes"][0]["influence"][0] == 3


@pytest.mark.rule("MZL-ENHANCE-13")
def test_tapped_aura_still_gives_destruction_and_aura_without_a_creature_gives_nothing():
    s = pos({}, {}, [{"p1": ["Fire Brute"], "p1_aura": [{"name": "Fire Aura", "tapped": True}],
                      "p2": ["Earth Pup", "Zero Earth"]}])
    s.apply("declare:lane1")
    assert s.data.last_mission[1:4] == (4, 3, 0)  # no +1 from the tapped Aura
    assert s.decision.kind == "destroy" and s.decision.player == 1  # but its Destruction counts
    # no friendly creature: neither the +1 nor Destruction (P1 still wins 0 against -1)
    s = pos({}, {}, [{"terra": "MZA Blight Moor", "p1_aura": ["Fire Aura"], "p2": ["Earth Pup"]}])
    s.apply("declare:lane1")
    assert s.data.last_mission[1:4] == (0, -1, 0) and s.data.mp == [1, 0]
    assert s.decision.kind == "action" and side(s, 1, 1) == ["Earth Pup"]


@pytest.mark.rule("MZL-ENHANCE-14")
def test_allied_aura_may_enhance_and_stays_after_the_enabler_leaves():
    s = pos({"aura": ["Fire Aura", "Earth Aura"]},
            {"caster": "MZA Pyra", "hand": ["MZA Smite"], "aura": ["Fire Aura"]},
            [{"p1": ["MZA Glow", "Fire Pup"]}])
    s.apply("enhance:lane1")
    assert s.decision.kind == "enhance_with"
    opts = {s.data.cards[int(a.split(":c")[1])].name: a for a in ids(s)}
    assert set(opts) == {"Fire Aura", "Earth Aura"}
    s.apply(opts["Earth Aura"])
    assert names(s, enh(s, 1)) == ["Earth Aura"]
    play(s, "MZA Smite", p=1)
    s.apply(f"target:c{unit(s, 'MZA Glow', 1)}")
    assert side(s, 1) == ["Fire Pup"] and names(s, enh(s, 1)) == ["Earth Aura"]
    assert GAME.snapshot(s)["lanes"][0]["influence"][0] == 3  # still +1 with a creature there
    assert "enhance:lane1" not in ids(s)  # no enabler left: no further Aura


# ----------------------------------------------------------------- MZL-TRADE
@pytest.mark.rule("MZL-TRADE-1")
def test_trade_taps_one_untapped_aura_as_its_cost():
    s = pos({"aura": ["Fire Aura", "Fire Aura", {"name": "Fire Aura", "tapped": True}]})
    acts = [a for a in ids(s) if a.startswith("trade:")]
    assert len(acts) == 1  # one option per untapped type
    cost = int(acts[0].split(":c")[1])
    assert cost not in s.data.tapped
    s.apply(acts[0])
    assert cost in s.data.tapped
    s = pos({"aura": [{"name": "Fire Aura", "tapped": True}]})
    assert not any(a.startswith("trade:") for a in ids(s))  # nothing untapped to pay with


@pytest.mark.rule("MZL-TRADE-2")
def test_trade_swaps_a_primary_aura_for_an_allied_one_from_the_supply():
    s = pos({"aura": ["Fire Aura", "Fire Aura"]})
    trade(s, swap_tapped=False)
    assert zone(s) == ["Earth Aura", "Fire Aura (tapped)"]
    assert len(s.data.supply[0]) == 9 and len(s.data.aura_zone[0]) == 2
    assert s.decision.kind == "action" and s.decision.player == 1


@pytest.mark.rule("MZL-TRADE-3")
def test_the_allied_aura_comes_in_with_the_given_up_auras_orientation():
    s = pos({"aura": ["Fire Aura", "Fire Aura"]})
    t = s.clone()
    trade(s, swap_tapped=False)
    assert zone(s) == ["Earth Aura", "Fire Aura (tapped)"]
    trade(t, swap_tapped=True)  # give up the Aura just tapped for the cost
    assert zone(t) == ["Earth Aura (tapped)", "Fire Aura"]


@pytest.mark.rule("MZL-TRADE-4")
def test_allied_aura_never_come_from_the_aura_deck():
    s = started(seed=8)
    d = s.data
    assert all(d.cards[a].aura == "fire" for p in (0, 1) for a in d.aura_deck[p] + d.aura_zone[p])
    finish_round(s)
    finish_round(s)
    assert all(d.cards[a].aura == "fire" for p in (0, 1) for a in s.data.aura_zone[p])
    p = s.decision.player
    trade(s)
    assert "Earth Aura" in zone(s, p)[0] and len(s.data.supply[p]) == 9


@pytest.mark.rule("MZL-TRADE-5")
def test_trading_after_ten_aura_and_after_the_caster_is_shattered():
    s = pos({"aura": ["Fire Aura"] * 10})
    assert any(a.startswith("trade:") for a in ids(s))
    trade(s)
    assert s.data.aura_total(0) == 10 and "Earth Aura" in " ".join(zone(s))
    s = pos({"caster_state": "face_down", "aura": ["Fire Aura", "Fire Aura"]})
    assert s.data.caster_down[0]
    trade(s)
    assert "Earth Aura" in " ".join(zone(s))


@pytest.mark.rule("MZL-TRADE-6")
def test_zero_cost_allied_card_needs_an_allied_aura_in_the_zone():
    s = pos({"hand": ["Zero Earth"], "aura": ["Fire Aura", "Fire Aura"]})
    zero = find(s, "Zero Earth")
    assert not any(a.startswith(f"play:c{zero}") for a in ids(s))
    trade(s, swap_tapped=True)  # the Earth Aura comes in tapped
    s.apply("declare:lane4")
    assert f"play:c{zero}@lane1" in ids(s)
    s.apply(f"play:c{zero}@lane1")
    assert side(s, 1) == ["Zero Earth"] and zone(s) == ["Earth Aura (tapped)", "Fire Aura"]


@pytest.mark.rule("MZL-TRADE-7")
def test_trade_needs_an_allied_caster_a_primary_aura_in_the_zone_and_supply_left():
    def can(**p1) -> bool:
        spec = {"aura": ["Fire Aura", "Fire Aura"]}
        spec.update(p1)
        return any(a.startswith("trade:") for a in ids(pos(spec)))
    assert can()
    assert not can(caster="MZA Solo")                         # no allied type
    assert not can(supply=0)                                  # supply exhausted
    assert not can(aura=["Earth Aura", "Earth Aura"])          # no primary Aura in the zone
    # primary Aura only in a lane does not count
    s = pos({"aura": ["Earth Aura"]}, {}, [{"p1": ["MZA Glow"], "p1_aura": ["Fire Aura"]}])
    assert not any(a.startswith("trade:") for a in ids(s))
    # the only primary Aura may be the one tapped for the cost: the allied one comes in tapped
    s = pos({"aura": ["Fire Aura"]})
    trade(s)
    assert zone(s) == ["Earth Aura (tapped)"] and len(s.data.pool[0]) == 1


@pytest.mark.rule("MZL-TRADE-8")
def test_traded_primary_goes_to_the_pool_and_allied_aura_cannot_be_traded_back():
    s = pos({"aura": ["Fire Aura"]})
    fire = s.data.aura_zone[0][0]
    trade(s)
    assert s.data.pool[0] == [fire]
    s.apply("declare:lane4")
    assert not any(a.startswith("trade:") for a in ids(s))  # only an allied Aura left: no trade back
    assert not any(a.split(":")[0] in ("reverse", "untrade") for a in ids(s))
