"""What a MetaZoo player is told and offered (issue 7): no option that can do nothing
(PR-MZL-25), the reason of a forced choice, every choice in the log, copies of one name told
apart, and no rule IDs in what players read."""
from __future__ import annotations

import random
import re

import pytest

import metatcg

GAME = metatcg.load_game("metazoo")
LANES4 = [{"terra": "Redrock Canyon"}] * 4


def position(p1: dict, p2: dict, lanes: list[dict], *, auto: bool = False, active: int | None = None):
    """P1 plays Bram (Earth), P2 Ilsa (Fire), 10-card decks unless given; lanes 1-4 in order."""
    spec = {"seed": 1, "options": {"auto_single": auto},
            "player": [{"caster": "Bram, Stonecaller", "deck_size": 10, **p1},
                       {"caster": "Ilsa, Ember Warden", "deck_size": 10, **p2}],
            "lane": [dict(x) for x in lanes]}
    if active is not None:
        spec["active"] = active
    return GAME.position(spec)


def labels(st) -> list[str]:
    return [a.label for a in st.legal_actions()]


def pick(st, fragment: str) -> None:
    """Apply the one legal action whose label contains ``fragment``."""
    hits = [a for a in st.legal_actions() if fragment in a.label]
    assert len(hits) == 1, (fragment, labels(st))
    st.apply(hits[0].id)


def pay_all(st) -> None:
    while st.decision is not None and st.decision.kind == "pay":
        st.apply(st.legal_actions()[0].id)


def uses(st, card: str) -> list[str]:
    return [lb for lb in labels(st) if lb.startswith(f"Use {card}")]


# ------------------------------------------------------------------ no dead options
@pytest.mark.rule("MZL-CASTER-9")
def test_coral_aegis_is_not_offered_for_a_caster():
    """Returning a Caster to hand would Shatter it anyway: no question about Coral Aegis for
    Ilsa, while it is asked for the Cinder Fox beside it."""
    def shatter(target: str):
        st = position({"hand": ["Sinkhole"], "aura": ["Earth Aura"] * 3}, {"aura": ["Fire Aura"] * 2},
                      [{"terra": "Redrock Canyon",
                        "p2": [{"name": "Ilsa, Ember Warden", "give": -2}, "Coral Aegis", "Cinder Fox"]}]
                      + LANES4[1:])
        pick(st, "Play Strategy Sinkhole")
        pay_all(st)
        pick(st, f"Choose {target}")
        return st
    st = shatter("Ilsa, Ember Warden")
    assert st.decision.kind == "action" and st.data.caster_down[1]
    st = shatter("Cinder Fox")
    assert st.decision.kind == "instead" and st.decision.player == 1


def test_an_ability_without_a_legal_target_is_not_offered():
    """Pukwudgie returns a rival equipment in its lane, Pyrolisk Duels a rival creature in its
    lane, Redrock Canyon Moves one of your creatures from another lane: offered only when
    there is something to act on."""
    earth = ["Earth Aura"] * 2
    craters = [{"terra": "Smoking Crater"}] * 3
    st = position({"aura": earth}, {}, [{"terra": "Redrock Canyon", "p1": ["Pukwudgie"]}] + craters)
    assert uses(st, "Pukwudgie") == [] and uses(st, "Redrock Canyon") == []
    st = position({"aura": earth}, {}, [{"terra": "Redrock Canyon", "p1": ["Pukwudgie"], "p2": ["Lava Plate"]},
                                        {"terra": "Smoking Crater", "p1": ["Hodag"]}] + craters[1:])
    assert len(uses(st, "Pukwudgie")) == 1
    assert len(uses(st, "Redrock Canyon")) == 1      # Hodag can come over from lane 2
    st = position({}, {"aura": ["Fire Aura"]}, [{"terra": "Redrock Canyon", "p2": ["Pyrolisk"]}] + LANES4[1:],
                  active=1)
    assert uses(st, "Pyrolisk") == []
    st = position({}, {"aura": ["Fire Aura"]},
                  [{"terra": "Redrock Canyon", "p1": ["Cinder Fox"], "p2": ["Pyrolisk"]}] + LANES4[1:], active=1)
    assert len(uses(st, "Pyrolisk")) == 1


def test_a_strategy_that_needs_no_target_says_when_it_would_do_nothing():
    """Gale Force taps rival creatures with 2 or less Influence in a lane of your choice: with
    none in play its option says so; with one, the lane to choose is only where it is."""
    hand = {"caster": "Zephyrine Hale", "hand": ["Gale Force"], "aura": ["Air Aura"] * 3}
    st = position({**hand}, {}, LANES4)
    assert "Play Strategy Gale Force (cost 3, no effect)" in labels(st)
    st = position({**hand}, {}, [LANES4[0], {"terra": "Redrock Canyon", "p2": ["Cinder Fox"]}] + LANES4[2:],
                  auto=True)
    assert "Play Strategy Gale Force (cost 3)" in labels(st)
    pick(st, "Play Strategy Gale Force")
    pay_all(st)
    assert st.decision.kind == "action"             # the only useful lane is taken without asking
    assert st.data.lane_of and all(u in st.data.tapped for u in st.data.units[3])
    assert any("(only choice) Choose lane 2: the only lane it can use" in ln for ln in st.log_for(0))


def test_a_may_ability_with_nothing_to_affect_asks_nothing_and_logs_nothing():
    """Aerie of Echoes lets each player Move a Soar creature from its lane to the mission's:
    with no Soar creature there, neither player is asked and the log stays quiet."""
    st = position({}, {}, [{"terra": "Aerie of Echoes", "p1": ["Hodag"]},
                           {"terra": "Redrock Canyon", "p1": ["Pukwudgie"], "p2": ["Cinder Fox"]}] + LANES4[2:])
    before = len(st.log)
    st.apply("declare:lane2")
    while st.decision.kind == "__order_triggers":  # both wait their turn (MZL-ERRATA-FIZZLE-2)
        st.apply(st.legal_actions()[0].id)
    assert st.decision.kind == "action" and st.decision.player == 1
    assert not any(ln.startswith("Aerie of Echoes") or "use Aerie" in ln for ln in st.log[before:])


# ------------------------------------------------------------------ the log
def test_forced_choices_say_why():
    st = position({"caster": "Ilsa, Ember Warden", "aura": [{"name": "Fire Aura", "tapped": True}],
                   "hand": ["Ash Wyvern"]}, {"caster": "Bram, Stonecaller"},
                  [dict(x, resolved=True) for x in LANES4[:3]] + [LANES4[3]], auto=True)
    assert st.decision.player == 1                   # P1's only option was taken
    line = next(ln for ln in st.log_for(0) if ln.startswith("(only choice)"))
    assert line == ("(only choice) Declare a mission in lane 4: it is the last open lane and nothing else is "
                    "possible (all your Aura are tapped)")
    assert not any(ln.startswith("(only choice)") for ln in st.log_for(1))


def test_choices_are_logged_and_copies_named_apart():
    """A lane chosen for Bram's token, the Aura picked to pay, and a unit picked by Sinkhole
    all appear; two Cinder Fox of P2 are told apart by their lanes."""
    st = position({"aura": ["Earth Aura"]}, {}, LANES4)
    pick(st, "Create 1 Stone Sentinel")
    pick(st, "Choose lane 3")
    assert "P1 chooses lane 3 for Bram, Stonecaller" in st.log
    st = position({"aura": ["Earth Aura", "Fire Aura", "Earth Aura"], "hand": ["Sinkhole"]}, {},
                  [{"terra": "Redrock Canyon", "p2": ["Cinder Fox"]},
                   {"terra": "Redrock Canyon", "p2": ["Cinder Fox"]}] + LANES4[2:])
    pick(st, "Play Strategy Sinkhole")
    pay_all(st)
    assert any(ln.startswith("P1 taps") and "to pay for Sinkhole" in ln for ln in st.log)
    pick(st, "Choose Cinder Fox (P2, lane 2)")
    assert "P1 chooses Cinder Fox (P2, lane 2) for Sinkhole" in st.log
    assert "P2's Cinder Fox in lane 2 is Shattered and is Dispelled" in st.log


def random_logs(seeds: range):
    names = GAME.starter_deck_names()
    for seed in seeds:
        rng = random.Random(seed)
        st = GAME.new_state([GAME.starter_deck(names[seed % len(names)]),
                             GAME.starter_deck(names[(seed * 5 + 2) % len(names)])], seed=seed)
        n = 0
        while not st.is_terminal() and n < 1500:
            st.apply(rng.choice(st.legal_actions()))
            n += 1
        yield st


def test_random_games_leak_no_rule_ids_and_offer_no_empty_abilities():
    rule_id = re.compile(r"\b(MZL|PR)-[A-Z0-9-]+")
    for st in random_logs(range(12)):
        for p in (0, 1):
            leaks = [ln for ln in st.log_for(p) if rule_id.search(ln)]
            assert not leaks, leaks[:3]
        for before, line in zip(st.log, st.log[1:]):
            if before.startswith(("P1 uses", "P2 uses")) and "'s ability" in before:
                assert "no legal target" not in line, (before, line)


def test_enhancing_a_resolved_lane_says_it_helps_no_mission():
    """PR-MZL-20 allows it; the option says that the lane's mission is over."""
    lanes = [dict(LANES4[0], resolved=True, p1=["Jackalope"]), dict(LANES4[1], p1=["Jackalope"])] + LANES4[2:]
    st = position({"aura": ["Earth Aura"] * 2}, {}, lanes)
    assert "Enhance lane 1 with an Aura (resolved: no mission to help)" in labels(st)
    assert "Enhance lane 2 with an Aura" in labels(st)
    quiet = position({"aura": ["Earth Aura"] * 2}, {}, lanes)
    quiet.logging = False                            # quiet mode makes labels only when read
    assert labels(quiet) == labels(st)


def test_an_ability_acting_on_your_cards_needs_cards_to_act_on():
    """Bram's Action icon (Discover 2) needs cards in the deck; his token ability needs room in
    some lane."""
    st = position({"deck_size": 0, "aura": ["Earth Aura"]}, {}, LANES4)
    assert [lb for lb in uses(st, "Bram") if "Discover" in lb] == []
    assert [lb for lb in uses(st, "Bram") if "Stone Sentinel" in lb] != []
    full = ["Hodag", "Jackalope", "Pukwudgie", "Yowie", "Bigfoot"]
    st = position({"deck_size": 3, "aura": ["Earth Aura"]}, {}, [dict(x, p1=full) for x in LANES4])
    assert [lb for lb in uses(st, "Bram") if "Discover" in lb] != []
    assert [lb for lb in uses(st, "Bram") if "Stone Sentinel" in lb] == []


def test_a_save_from_before_modifiers_named_their_source_still_loads():
    """Modifiers saved as [unit, what, amount, duration] load with an unknown source, which the
    view calls "an effect"."""
    st = position({}, {}, [dict(LANES4[0], p1=[{"name": "Hodag", "give": 2}])] + LANES4[1:])
    obj = st.to_json()
    obj["data"]["mods"] = [[m[0], m[1], m[2], m[4]] for m in obj["data"]["mods"]]
    back = GAME.state_from_json(obj)
    hodag = back.view(0)["lanes"][0]["sides"][0]["units"][0]
    assert hodag["influence_sources"] == [{"name": "an effect", "own": False, "amount": 2}]


def test_tapping_an_already_tapped_creature_is_not_offered():
    """Marisol's Caster Power taps a rival creature: with every rival creature tapped already
    it would change nothing, so it is not offered; one untapped creature brings it back."""
    def power_uses(tapped: bool) -> list[str]:
        st = position({"caster": "Marisol Deepwater", "aura": ["Water Aura"] * 2},
                      {}, [{"terra": "Redrock Canyon",
                            "p2": [{"name": "Cinder Fox", "tapped": True},
                                   {"name": "Ash Wyvern", "tapped": tapped}]}] + LANES4[1:])
        return [u for u in uses(st, "Marisol Deepwater") if "Tap a rival creature" in u]
    assert len(power_uses(tapped=False)) == 1
    assert power_uses(tapped=True) == []
