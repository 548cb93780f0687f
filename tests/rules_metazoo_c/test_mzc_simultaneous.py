"""MZL-ERRATA-SIMUL (simultaneous effects as mini-steps), MZL-ERRATA-REPLEFF (replacement
effects at the moment of the event), MZL-ERRATA-TIE (single-reward ties),
MZL-ERRATA-FIZZLE (ordering triggers that may fizzle)."""
from __future__ import annotations

import pytest

from support import card_in, ids, log_index, zone_names as zone
from support.metazoo import (decider, influence as inf, is_action_turn, kind, labels, order, pick_trigger, play, player,
                             position, side, target, unit)

from metatcg.engine.state import ORDER_DECISION

FIRE = ["Fire Aura", "Fire Aura"]


def _ruin(p1_units, p2_units, *, active=0, **kw):
    """The active player holds Total Ruin ("Shatter all units"); units in lane 1."""
    hand = {"hand": ["Total Ruin"], "aura": FIRE}
    p1 = player(deck_size=5, **(hand if active == 0 else {}))
    p2 = player("Plain Fire Caster", deck_size=5, **(hand if active == 1 else {}))
    return position(p1, p2, [{"terra": "Fire Starter", "p1": p1_units, "p2": p2_units}], active=active, **kw)


def _order_ids(st) -> list[str]:
    return sorted(a for a in ids(st) if a.startswith("order:"))


# ============================================================================ simultaneous effects
@pytest.mark.rule("MZL-ERRATA-SIMUL-1")
def test_each_affected_unit_is_its_own_step():
    st = _ruin(["Fire Pup", "Fire Brute"], ["Earth Pup"])
    a, b, c = unit(st, "Fire Pup", 0), unit(st, "Fire Brute", 0), unit(st, "Earth Pup", 1)
    play(st, "Total Ruin")
    assert _order_ids(st) == sorted(f"order:c{u}" for u in (a, b, c))
    order(st, b)
    assert b not in st.data.lane_of and a in st.data.lane_of and c in st.data.lane_of   # one step done
    assert _order_ids(st) == sorted(f"order:c{u}" for u in (a, c))
    order(st, c)
    assert is_action_turn(st, 1) and side(st, 1, 0) == [] and side(st, 1, 1) == []


@pytest.mark.rule("MZL-ERRATA-SIMUL-2")
def test_items_are_tagged_before_any_step_resolves():
    # Spark Mother's When Dispelled creates a Spark in its lane during the mass Shatter:
    # the Spark was not tagged, so the Shatter does not reach it.
    st = _ruin([], ["Spark Mother", "Earth Pup"])
    play(st, "Total Ruin")
    start = len(st.log)
    order(st, unit(st, "Spark Mother", 1))
    i_spark = log_index(st, "P2 creates a Spark token in lane 1", start)
    i_pup = log_index(st, "Earth Pup in lane 1 is Shattered", start)
    assert 0 <= i_spark < i_pup                      # the Spark was there before Earth Pup's step
    assert is_action_turn(st, 1)
    assert side(st, 1, 1) == ["Spark"]               # but it was never tagged


@pytest.mark.rule("MZL-ERRATA-SIMUL-3")
@pytest.mark.parametrize("active", [0, 1])
def test_the_active_player_orders_the_steps(active):
    st = _ruin(["Fire Pup", "Fire Brute"], ["Earth Pup", "Earth Brute"], active=active)
    play(st, "Total Ruin")
    assert kind(st) == "order" and decider(st) == active
    # including the order of the opponent's units
    theirs = unit(st, "Earth Brute" if active == 0 else "Fire Brute", 1 - active)
    order(st, theirs)
    assert theirs not in st.data.lane_of and decider(st) == active


@pytest.mark.rule("MZL-ERRATA-SIMUL-4")
def test_the_effects_owner_makes_the_choices_within_each_step():
    # P2's Shover triggers when P1 plays a unit to lane 1: it Moves each of P1's creatures
    # there to a lane of P2's choice. P1 (active) orders the Moves; P2 picks each destination.
    st = position(player(aura=["Fire Aura"] * 3, hand=["Fire Brute"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"], "p2": ["Shover"]}, {}, {}, {}])
    play(st, "Fire Brute", 1)
    assert kind(st) == "order" and decider(st) == 0
    order(st, unit(st, "Fire Brute", 0, 1))
    assert kind(st) == "move_to" and decider(st) == 1
    st.apply("lane:3")
    assert kind(st) == "move_to" and decider(st) == 1       # the last step: no order left to choose
    st.apply("lane:4")
    assert side(st, 3, 0) == ["Fire Brute"] and side(st, 4, 0) == ["Fire Pup"]


@pytest.mark.rule("MZL-ERRATA-SIMUL-5")
def test_triggers_from_a_step_resolve_before_the_remaining_steps():
    # Shield Bearer's When Dispelled makes its friends unshatterable: resolved before the next step
    st = _ruin([], ["Shield Bearer", "Earth Pup", "Earth Brute"])
    play(st, "Total Ruin")
    start = len(st.log)
    order(st, unit(st, "Shield Bearer", 1))
    assert log_index(st, "cannot be shattered", start) >= 0    # the trigger already resolved
    assert kind(st) == "order"                                  # before the next step is chosen
    while kind(st) == "order":
        st.apply(_order_ids(st)[0])
    assert side(st, 1, 1) == ["Earth Pup", "Earth Brute"]


@pytest.mark.rule("MZL-ERRATA-SIMUL-6")
def test_the_outcome_depends_on_the_order_chosen():
    outcomes = {}
    for first in ("Shield Bearer", "Earth Pup"):
        st = _ruin([], ["Shield Bearer", "Earth Pup"])
        play(st, "Total Ruin")
        order(st, unit(st, first, 1))
        while kind(st) == "order":
            st.apply(_order_ids(st)[0])
        outcomes[first] = side(st, 1, 1)
    assert outcomes == {"Shield Bearer": ["Earth Pup"], "Earth Pup": []}


def _mossback():
    """Lane 1: Mossback Hollow ("each player may Move a creature from another lane here")."""
    return position(player(), player(),
                    [{"terra": "Mossback Hollow"},
                     {"terra": "Fire Starter", "p1": ["Fire Brute"], "p2": ["Earth Pup"]},
                     {"terra": "Fire Starter", "p1": ["Fire Pup"], "p2": ["Earth Brute"]}, {}])


@pytest.mark.rule("MZL-ERRATA-SIMUL-7")
def test_active_player_orders_a_terras_effects_for_both_players():
    st = _mossback()
    st.apply("declare:lane1")
    assert kind(st) == ORDER_DECISION and decider(st) == 0
    assert len(trigger_labels := list(labels(st).values())) == 2 and all("Mossback" in t for t in trigger_labels)
    # P1 makes P2 choose and resolve first
    p2_first = next(a.id for a in st.legal_actions() if "(P2)" in a.label)
    st.apply(p2_first)
    assert kind(st) == "may" and decider(st) == 1
    st.apply("yes")
    target(st, unit(st, "Earth Brute", 1, 3))
    assert side(st, 1, 1) == ["Earth Brute"]                 # P2's Move is done ...
    assert kind(st) == "may" and decider(st) == 0            # ... before P1 decides
    st.apply("yes")
    target(st, unit(st, "Fire Brute", 0, 2))
    assert st.data.last_mission[1:4] == (4, 4, -1)


@pytest.mark.rule("MZL-ERRATA-SIMUL-7")
def test_active_player_orders_each_players_part_of_a_terra_effect():
    # Toll Gate: "each player discards a card" when its mission is declared
    st = position(player(hand=["Fire Pup", "Fire Brute"]), player(hand=["Earth Pup", "Earth Brute"]),
                  [{"terra": "Toll Gate", "terra_owner": 1}], active=0)
    st.apply("declare:lane1")
    assert kind(st) == "order" and decider(st) == 0
    assert sorted(ids(st)) == ["order:p1", "order:p2"]
    st.apply("order:p2")                                   # P2 discards first
    assert kind(st) == "discard" and decider(st) == 1
    st.apply(f"discard:c{card_in(st, 'Earth Brute', 1)}")
    assert kind(st) == "discard" and decider(st) == 0      # then P1, knowing what P2 discarded
    assert zone(st, 1, "discard") == ["Earth Brute"]


@pytest.mark.rule("MZL-ERRATA-SIMUL-8")
def test_separate_effects_triggering_together_are_ordered_by_the_active_player():
    st = position(player(aura=["Fire Aura"], hand=["Play Drawer"], deck_size=5), player(),
                  [{"terra": "Fire Starter", "p2": ["Play Watcher"]}])
    play(st, "Play Drawer", 1)
    assert kind(st) == ORDER_DECISION and decider(st) == 0
    start = len(st.log)
    pick_trigger(st, "Play Watcher")
    assert st.data.mp[1] == 1 and len(st.data.hand[0]) == 1
    assert log_index(st, "P2 gains 1 MP", start) < log_index(st, "P1 draws", start)
    # the other order
    st = position(player(aura=["Fire Aura"], hand=["Play Drawer"], deck_size=5), player(),
                  [{"terra": "Fire Starter", "p2": ["Play Watcher"]}])
    play(st, "Play Drawer", 1)
    start = len(st.log)
    pick_trigger(st, "Play Drawer")
    assert log_index(st, "P1 draws", start) < log_index(st, "P2 gains 1 MP", start)


@pytest.mark.rule("MZL-ERRATA-SIMUL-9")
def test_each_player_chooses_in_their_own_step():
    st = _mossback()
    st.apply("declare:lane1")
    p1_first = next(a.id for a in st.legal_actions() if "(P1)" in a.label)
    st.apply(p1_first)
    assert kind(st) == "may" and decider(st) == 0
    st.apply("no")
    assert kind(st) == "may" and decider(st) == 1              # P2's own step, P2's own choice
    st.apply("yes")
    assert kind(st) == "target" and decider(st) == 1
    assert sorted(ids(st)) == sorted(f"target:c{unit(st, n, 1)}" for n in ("Earth Pup", "Earth Brute"))


@pytest.mark.rule("MZL-ERRATA-SIMUL-9")
def test_nested_triggers_resolve_depth_first_and_gone_items_are_skipped():
    # Wisp Lord's When Dispelled Shatters all friendly Wisps (a nested batch the active player
    # orders); each Wisp's When Dispelled resolves before the next Wisp's step; the Wisps'
    # own steps of the outer batch are then skipped.
    st = _ruin(["Fire Pup"], ["Wisp Lord", "Wisp A", "Wisp B", "Earth Pup"])
    d = st.data
    lord, wa, wb, pup = (unit(st, n, 1) for n in ("Wisp Lord", "Wisp A", "Wisp B", "Earth Pup"))
    fire_pup = unit(st, "Fire Pup", 0)
    play(st, "Total Ruin")
    start = len(st.log)
    order(st, lord)
    # the nested batch: only the two Wisps, ordered by P1 (the active player)
    assert kind(st) == "order" and decider(st) == 0
    assert _order_ids(st) == sorted([f"order:c{wa}", f"order:c{wb}"])
    order(st, wb)
    lines = st.log[start:]
    i_b = next(i for i, ln in enumerate(lines) if "Wisp B in lane 1 is Shattered" in ln)
    i_a = next(i for i, ln in enumerate(lines) if "Wisp A in lane 1 is Shattered" in ln)
    i_draws = [i for i, ln in enumerate(lines) if ln.startswith("P2 draws")]
    assert i_b < i_draws[0] < i_a < i_draws[1]              # depth first
    assert len(d.hand[1]) == 2
    # back in the outer batch: the Wisps' own steps are skipped
    assert kind(st) == "order" and decider(st) == 0
    assert _order_ids(st) == sorted([f"order:c{pup}", f"order:c{fire_pup}"])
    order(st, pup)
    assert is_action_turn(st, 1) and side(st, 1, 0) == [] and side(st, 1, 1) == []
    assert sum(1 for ln in st.log if "Wisp A" in ln and "Shattered" in ln) == 1


@pytest.mark.rule("MZL-ERRATA-SIMUL-9")
def test_active_player_orders_a_new_batch_of_triggers_from_a_step():
    # Last Wish's step sets off two of P2's triggers at once: P1, the active player, orders them
    st = _ruin([], ["Last Wish", "Grave Watcher", "Earth Pup"])
    play(st, "Total Ruin")
    order(st, unit(st, "Last Wish", 1))
    assert kind(st) == ORDER_DECISION and decider(st) == 0
    start = len(st.log)
    pick_trigger(st, "Grave Watcher")
    assert log_index(st, "P2 gains 1 MP", start) < log_index(st, "P2 gains 2 MP", start)
    assert st.data.mp[1] == 3 and kind(st) == "order"        # then the remaining steps


# ============================================================================ replacement effects
@pytest.mark.rule("MZL-ERRATA-REPLEFF-1", "MZL-ERRATA-REPLEFF-2")
def test_damage_prevention_applies_at_the_moment_the_damage_is_dealt():
    # Ward Charm prevents 2 of the first damage dealt to a friendly creature here each round.
    # Which creature it saves depends on which damage step comes first.
    results = {}
    for first in ("Earth Pup", "Earth Brute"):
        st = position(player(aura=["Fire Aura"], hand=["Blast All"]), player(),
                      [{"terra": "Fire Starter", "p2": ["Earth Pup", "Earth Brute", "Ward Charm"]}])
        play(st, "Blast All")
        assert kind(st) == "order"
        order(st, unit(st, first, 1))
        while kind(st) == "order":
            st.apply(_order_ids(st)[0])
        results[first] = (side(st, 1, 1), {st.data.cards[u].name: st.data.damage.get(u, 0)
                                            for u in st.data.units[1]})
    assert results["Earth Pup"] == (["Earth Pup", "Earth Brute", "Ward Charm"], {"Earth Pup": 1, "Earth Brute": 3,
                                                                                  "Ward Charm": 0})
    assert results["Earth Brute"] == (["Earth Brute", "Ward Charm"], {"Earth Brute": 1, "Ward Charm": 0})


@pytest.mark.rule("MZL-ERRATA-REPLEFF-2", "MZL-ERRATA-SIMUL-6")
def test_shatter_replacement_only_when_its_unit_is_being_shattered():
    # MZL-EX-2: Guard Plate ("when another friendly unit here would be Shattered, you may
    # Shatter this instead") against a mass Shatter.
    # (a) Guard Plate's step first: nothing was being Shattered yet, so it saves nobody.
    st = _ruin([], ["Earth Brute", "Guard Plate"])
    play(st, "Total Ruin")
    order(st, unit(st, "Guard Plate", 1))
    assert kind(st) != "instead"
    assert side(st, 1, 1) == []
    # (b) Earth Brute's step first: the replacement applies as it is being Shattered
    st = _ruin([], ["Earth Brute", "Guard Plate"])
    play(st, "Total Ruin")
    order(st, unit(st, "Earth Brute", 1))
    assert kind(st) == "instead" and decider(st) == 1
    st.apply("yes")
    assert side(st, 1, 1) == ["Earth Brute"]              # saved; Guard Plate's own step is skipped
    assert is_action_turn(st, 1)


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
def test_replacements_once_per_event_controller_decides_active_player_orders():
    st = position(player(aura=["Fire Aura"], hand=["Smash Unit"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Earth Brute", "Guard Plate", "Guard Cloak"]}])
    brute = unit(st, "Earth Brute", 1)
    play(st, "Smash Unit")
    target(st, brute)
    assert kind(st) == "replace_order" and decider(st) == 0     # several could apply: the active player
    cloak = unit(st, "Guard Cloak", 1)
    st.apply(next(a for a in ids(st) if a.startswith(f"replace:c{cloak}:")))
    assert kind(st) == "instead" and decider(st) == 1           # optional: its controller decides
    st.apply("no")
    assert kind(st) == "instead" and decider(st) == 1
    assert "Guard Plate" in labels(st)["yes"]                   # the other one; Cloak is not offered again
    st.apply("no")
    assert brute not in st.data.lane_of                         # neither used: it is Shattered
    assert side(st, 1, 1) == ["Guard Plate", "Guard Cloak"]


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
def test_used_replacement_applies_once_and_the_event_is_replaced():
    st = position(player(aura=["Fire Aura"], hand=["Smash Unit"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Earth Brute", "Guard Plate"]}])
    brute = unit(st, "Earth Brute", 1)
    play(st, "Smash Unit")
    target(st, brute)
    assert kind(st) == "instead"
    st.apply("yes")
    assert side(st, 1, 1) == ["Earth Brute"] and "Guard Plate" in zone(st, 1, "discard")
    assert is_action_turn(st, 1)


# ============================================================================ ties
def _crowning(active: int):
    return position(player(), player(),
                    [{"terra": "Crowning Terra", "terra_owner": 0, "p1": ["Fire Brute"], "p2": ["Earth Brute"]}],
                    active=active)


@pytest.mark.rule("MZL-ERRATA-TIE-1")
@pytest.mark.parametrize("active", [0, 1])
def test_active_player_breaks_a_tie_for_a_terras_single_reward(active):
    st = _crowning(active)
    st.apply("declare:lane1")
    assert kind(st) == "target" and decider(st) == active
    assert sorted(ids(st)) == sorted(f"target:c{unit(st, n, p)}" for n, p in (("Fire Brute", 0), ("Earth Brute", 1)))


@pytest.mark.rule("MZL-ERRATA-TIE-2")
def test_active_player_may_give_the_reward_to_the_opponents_candidate():
    st = _crowning(1)                                   # P2 declares and is the active player
    st.apply("declare:lane1")
    fire = unit(st, "Fire Brute", 0)
    target(st, fire)                                    # P2 picks P1's creature
    assert inf(st, fire) == 9
    assert st.data.last_mission[1:4] == (9, 4, 0)


@pytest.mark.rule("MZL-ERRATA-TIE-3")
def test_tie_break_applies_to_non_terra_effects_too():
    # P2's Humble Patron (a creature) gives +3 to the creature here with the least Influence
    # when a unit is played here; P1 plays a 2 next to P2's 2: P1, the active player, picks.
    st = position(player(aura=["Fire Aura"], hand=["Fire Pup"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Humble Patron", "Earth Pup"]}])
    play(st, "Fire Pup", 1)
    assert kind(st) == "target" and decider(st) == 0
    pup1, pup2 = unit(st, "Fire Pup", 0), unit(st, "Earth Pup", 1)
    assert sorted(ids(st)) == sorted([f"target:c{pup1}", f"target:c{pup2}"])
    target(st, pup2)
    assert inf(st, pup2) == 5 and inf(st, pup1) == 2


# ============================================================================ triggers that may fizzle
def _fizzle():
    """P1: Spark Smith in lane 2 (a Spark token in the lane of each equipment P1 plays);
    Medicine Pouch (On Play: draw, needs a friendly creature) goes to empty lane 1."""
    st = position(player(aura=["Fire Aura"], hand=["Medicine Pouch"], deck_size=5), player(),
                  [{"terra": "Fire Starter"}, {"terra": "Fire Starter", "p1": ["Spark Smith"]}])
    play(st, "Medicine Pouch", 1)
    return st


@pytest.mark.rule("MZL-ERRATA-FIZZLE-1")
def test_token_creation_and_equipment_on_play_check_are_ordered_together():
    st = _fizzle()
    assert kind(st) == ORDER_DECISION and decider(st) == 0
    texts = sorted(labels(st).values())
    assert len(texts) == 2
    assert any("Spark Smith" in t for t in texts) and any("Medicine Pouch" in t for t in texts)


@pytest.mark.rule("MZL-ERRATA-FIZZLE-2")
def test_an_effect_that_may_fizzle_still_gets_a_place_and_is_checked_on_its_turn():
    st = _fizzle()
    assert side(st, 1, 0) == ["Medicine Pouch"]          # no friendly creature there right now
    assert any("Medicine Pouch" in t for t in labels(st).values())   # still offered in the order
    pick_trigger(st, "Medicine Pouch")                   # checked now: no creature, it does nothing
    assert len(st.data.hand[0]) == 0
    assert side(st, 1, 0) == ["Medicine Pouch", "Spark"]
    assert len(st.data.hand[0]) == 0 and is_action_turn(st, 1)   # and never fires later


@pytest.mark.rule("MZL-ERRATA-FIZZLE-3")
def test_creating_the_token_first_lets_the_equipment_find_a_creature():
    st = _fizzle()
    pick_trigger(st, "Spark Smith")
    assert side(st, 1, 0) == ["Medicine Pouch", "Spark"]
    assert len(st.data.hand[0]) == 1
    assert is_action_turn(st, 1)
