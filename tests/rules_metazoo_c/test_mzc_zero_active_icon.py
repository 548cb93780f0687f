"""MZL-ERRATA-ZERO (0-cost cards), MZL-ERRATA-ACTIVE (the active player), MZL-ERRATA-ICON
(Action-icon abilities)."""
from __future__ import annotations

import pytest

from support import card_in, ids
from support.metazoo import (ability_id, decider, is_action_turn, kind, play, play_id, player, position, snap, terra,
                             unit)

from metatcg.engine.state import ORDER_DECISION
from metatcg.games.metazoo.data import use_key

ALL_RESOLVED_BUT_1 = [{"terra": "Fire Starter"}, {"resolved": True}, {"resolved": True}, {"resolved": True}]


# ============================================================================ 0-cost cards
@pytest.mark.rule("MZL-ERRATA-ZERO-2")
def test_zero_cost_allied_card_needs_an_allied_aura_in_the_aura_zone():
    st = position(player(aura=["Fire Aura", "Fire Aura"], hand=["Zero Earth", "Zero Fire"]))
    earth = card_in(st, "Zero Earth", 0)
    fire = card_in(st, "Zero Fire", 0)
    legal = ids(st)
    assert not any(a.startswith(f"play:c{earth}@") for a in legal)   # no Earth Aura yet
    assert f"play:c{fire}@lane1" in legal
    # trade a Fire Aura for an Earth Aura, then (next turn) the Earth 0-cost card can be played
    trade = next(a for a in legal if a.startswith("trade:"))
    st.apply(trade)
    if kind(st) == "swap":
        st.apply(next(a for a in ids(st) if a.startswith("swap:")))
    assert is_action_turn(st, 1)
    st.apply("declare:lane4")
    assert is_action_turn(st, 0)
    assert f"play:c{earth}@lane1" in ids(st)


@pytest.mark.rule("MZL-ERRATA-ZERO-2")
def test_zero_cost_primary_card_needs_a_primary_aura_after_all_were_traded_away():
    # P1's only Aura is an allied Earth Aura (every primary Aura was traded away)
    st = position(player(aura=["Earth Aura", "Earth Aura"], hand=["Zero Fire", "Zero Earth"]))
    fire = card_in(st, "Zero Fire", 0)
    legal = ids(st)
    assert not any(a.startswith(f"play:c{fire}@") for a in legal)
    assert play_id(st, "Zero Earth", 1) in legal


@pytest.mark.rule("MZL-ERRATA-ZERO-3")
def test_zero_cost_card_matching_aura_may_be_tapped_and_is_not_tapped_by_playing():
    st = position(player(aura=[{"name": "Fire Aura", "tapped": True}], hand=["Zero Fire"]))
    assert play_id(st, "Zero Fire", 2) in ids(st)          # a tapped matching Aura is enough
    play(st, "Zero Fire", 2)
    assert unit(st, "Zero Fire", 0, 2) >= 0
    # untapped matching Aura: playing the 0-cost card taps nothing
    st = position(player(aura=["Fire Aura"], hand=["Zero Fire"]))
    play(st, "Zero Fire", 2)
    assert snap(st)["players"][0]["aura_untapped"] == 1
    assert is_action_turn(st, 1)


# ============================================================================ the active player
@pytest.mark.rule("MZL-ERRATA-ACTIVE-1")
def test_active_player_is_the_one_taking_the_action_not_the_priority_player():
    # P1 holds Priority but it is P2's turn: P2's mass Shatter is ordered by P2
    st = position(player(), player("Plain Fire Caster", aura=["Fire Aura"], hand=["Total Ruin"]),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup", "Fire Brute"], "p2": ["Earth Pup"]}],
                  priority=0, active=1)
    assert st.data.priority == 0 and is_action_turn(st, 1)
    play(st, "Total Ruin")
    assert kind(st) == "order" and decider(st) == 1
    assert st.data.active == 1


@pytest.mark.rule("MZL-ERRATA-ACTIVE-1")
def test_active_player_orders_triggers_caused_by_their_action():
    # P2 (not Priority) plays a creature that sets off its own On Play and a Play Watcher:
    # P2 orders the two triggers.
    # (Play Drawer is Fire: P2, Earth primary with Fire allied, pays with an allied Fire Aura)
    st = position(player(), player(aura=["Fire Aura"], hand=["Play Drawer"], deck_size=5),
                  [{"terra": "Fire Starter", "p1": ["Play Watcher"]}], priority=0, active=1)
    play(st, "Play Drawer", 1)
    assert kind(st) == ORDER_DECISION and decider(st) == 1


@pytest.mark.rule("MZL-ERRATA-ACTIVE-2")
def test_priority_player_is_active_during_end_of_round_cleanup():
    # Round 2, P2 holds Priority. P1 (not Priority) declares the last mission; both players
    # owe a temporary Aura, so two "end of round" effects happen at once: P2 orders them.
    p1 = player(aura=["Fire Aura", {"name": "Fire Aura", "tapped": True}], owed=1)
    p2 = player("Plain Earth Caster", aura=["Earth Aura", {"name": "Earth Aura", "tapped": True}], owed=1)
    st = position(p1, p2, [{"resolved": True}, {"resolved": True}, {"resolved": True}, {}],
                  round=2, priority=1, active=0)
    assert is_action_turn(st, 0)
    st.apply("declare:lane4")
    assert kind(st) == ORDER_DECISION
    assert decider(st) == 1 and st.data.active == 1 and st.data.phase == "end"


# ============================================================================ Action icon
def _icon_position(**p1):
    return position(player(aura=["Fire Aura"], deck_size=10, **p1), player(deck_size=10),
                    [{"terra": "Fire Starter", "p1": ["Icon Critter"]}, {"resolved": True},
                     {"resolved": True}, {}])


@pytest.mark.rule("MZL-ERRATA-ICON-1")
def test_action_icon_ability_can_be_used_once_per_round():
    st = _icon_position()
    critter = unit(st, "Icon Critter", 0, 1)
    use = ability_id(st, critter, 0)
    assert use in ids(st)
    st.apply(use)
    assert len(st.data.hand[0]) == 1 and is_action_turn(st, 1)
    st.apply("declare:lane4")
    assert is_action_turn(st, 0)
    assert use not in ids(st)                     # not again this round
    st.apply("declare:lane1")                     # the last lane: the round ends
    assert st.data.round == 2
    while not is_action_turn(st, 0):
        st.apply(next(a for a in ids(st) if a.startswith("declare:")))
    assert use in ids(st)                         # a new round: usable again


@pytest.mark.rule("MZL-ERRATA-ICON-2")
def test_action_icon_can_be_on_a_terra_a_caster_and_a_unit():
    st = position(player("Icon Caster", aura=[{"name": "Fire Aura", "tapped": True}]), player(),
                  [{"terra": "Icon Terra", "p1": ["Icon Critter"]}])
    legal = ids(st)
    d = st.data
    assert ability_id(st, terra(st, 1)) in legal
    assert ability_id(st, d.caster[0]) in legal
    assert ability_id(st, unit(st, "Icon Critter", 0, 1)) in legal
    for src in (terra(st, 1), d.caster[0], unit(st, "Icon Critter", 0, 1)):
        s2 = st.clone()
        before = len(s2.data.hand[0])
        s2.apply(ability_id(s2, src))
        assert len(s2.data.hand[0]) == before + 1     # each one works
        assert is_action_turn(s2, 1)                  # and it was the player's action


@pytest.mark.rule("MZL-ERRATA-ICON-3")
def test_action_icon_counts_as_an_activated_ability_but_needs_no_aura():
    # every Aura tapped: the Action-icon ability is still an action, an Aura ability is not
    st = position(player(aura=[{"name": "Fire Aura", "tapped": True}] * 2), player(),
                  [{"terra": "Fire Starter", "p1": ["Icon Critter", "Aura Activator"]}])
    icon = ability_id(st, unit(st, "Icon Critter", 0, 1), 1)
    aura_ab = ability_id(st, unit(st, "Aura Activator", 0, 1), 0)
    assert icon in ids(st) and aura_ab not in ids(st)
    st.apply(icon)
    assert st.data.mp[0] == 1
    assert snap(st)["players"][0]["aura_zone"] == ["Fire Aura (tapped)"] * 2
    # with an untapped Aura, using the icon ability still taps none
    st = position(player(aura=["Fire Aura"]), player(), [{"terra": "Fire Starter", "p1": ["Icon Critter"]}])
    st.apply(ability_id(st, unit(st, "Icon Critter", 0, 1), 1))
    assert snap(st)["players"][0]["aura_untapped"] == 1
    assert is_action_turn(st, 1)                   # it was the turn's action (an activated ability use)


@pytest.mark.rule("MZL-ERRATA-ICON-4")
def test_action_icon_use_is_marked_per_ability_and_cleared_with_the_round():
    st = _icon_position()
    critter = unit(st, "Icon Critter", 0, 1)
    st.apply(ability_id(st, critter, 0))
    assert use_key(critter, 0, 0) in st.data.used
    assert use_key(critter, 1, 0) not in st.data.used
    st.apply("declare:lane4")
    legal = ids(st)
    assert ability_id(st, critter, 0) not in legal
    assert ability_id(st, critter, 1) in legal         # the card's other icon ability is unmarked
    st.apply("declare:lane1")                          # round ends: marks are cleared
    assert use_key(critter, 0, 0) not in st.data.used


@pytest.mark.rule("MZL-ERRATA-ICON-5")
def test_terra_action_icon_usable_by_each_player_once_per_round():
    st = position(player(deck_size=5), player(deck_size=5),
                  [{"terra": "Icon Terra", "terra_owner": 0}, {"resolved": True}, {}, {}])
    t = terra(st, 1)
    use = ability_id(st, t)
    st.apply(use)                                  # P1 uses it: P1 draws
    assert len(st.data.hand[0]) == 1
    assert use in ids(st) and is_action_turn(st, 1)   # P2 may use the same Terra ability
    st.apply(use)
    assert len(st.data.hand[1]) == 1               # "you" is the player using it
    assert is_action_turn(st, 0) and use not in ids(st)   # P1 already used it this round
    st.apply("declare:lane3")
    assert is_action_turn(st, 1) and use not in ids(st)


@pytest.mark.rule("MZL-ERRATA-ICON-5")
def test_caster_and_unit_action_icons_only_for_their_controller():
    st = position(player("Icon Caster"), player(), [{"terra": "Fire Starter", "p1": ["Icon Critter"]}],
                  active=1)
    legal = ids(st)
    assert not any(a.startswith("ability:") for a in legal)
    assert is_action_turn(st, 1)
