"""Metabaloids: every state change in the middle of a battle (the class audit of issue 28).

Between the declaration and the result (the window of every seat, then the bonus window of the
two sides, MB-TOT-8) any-time abilities and Events can make a fighting column safe or upright,
shift cards in or out of it and change the totals; between the totals and the card losses a
when-lost trigger resolves. Safety is read once, at the result, so the totals and the losses
always see the same column (PR-MB-14).
"""
from __future__ import annotations

import pytest
from test_metabaloids_rules import HAND, cid, ids, names, play, pos, safe_names


def attack(st, attacker: str, target: str, payer: str = "Coin") -> None:
    """Declare the attack and pay its point from hand (MB-ATK-10)."""
    play(st, f"attack:c{cid(st, attacker, 0)}", f"target:c{cid(st, target, 1)}", f"pay:c{cid(st, payer, 0, 'hand')}")


@pytest.mark.rule("MB-SAFE-8", "MB-SAFE-5", "MB-TOT-7", "MB-CL-1")
def test_an_attacker_who_shelters_its_own_column_fights_with_nothing_and_keeps_its_card():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4,
              "columns": [["Spiker", "Glimmer"], ["Test Sentry"], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    play(st, "pass")                                   # the window opening the Attack Phase
    attack(st, "Spiker", "Dozer")
    assert st.current_player() == 0 and f"use:c{cid(st, 'Test Sentry')}" in ids(st)
    play(st, f"use:c{cid(st, 'Test Sentry')}", "shelter:@1")
    # 1 + nothing (Spiker and Glimmer are safe) against 1 + 3: the defender wins by 3
    assert "Battle totals: P1 attack 1, P2 defense 4" in st.log
    assert names(st, "lost", 0) == [] and safe_names(st, 0) == ["Glimmer", "Spiker"]
    assert st.decision.kind == "lose" and st.current_player() == 0 and st.decision.params.left == 3
    assert f"lose:c{cid(st, 'Spiker')}" not in ids(st)   # a safe card never pays losses either


@pytest.mark.rule("MB-TOT-4", "MB-TOT-7", "MB-SAFE-1", "MB-LOSS-1")
def test_a_safe_card_turned_upright_mid_battle_counts_and_is_safe_again_after_the_loss():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Ripjaw"], [], []]},
             {"deck": ["Draw One"] * 4,
              "columns": [["Thornhog", {"name": "Puffling", "safe": True}], ["Test Waker"], []]})
    play(st, "pass")
    attack(st, "Ripjaw", "Thornhog")
    play(st, f"use:c{cid(st, 'Test Waker')}", "rally:@1")
    assert safe_names(st, 1) == []
    # 1 + 5 against 1 + 4 + 2 (Puffling counts again): the defender wins by 1
    assert "Battle totals: P1 attack 6, P2 defense 7" in st.log
    assert names(st, "lost", 0) == ["Ripjaw"] and names(st, "lost", 1) == []
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four"] * 4, "columns": [["Ripjaw"], [], []]},
             {"deck": ["Draw One"] * 4,
              "columns": [["Thornhog", {"name": "Puffling", "safe": True}], ["Test Waker"], []]})
    play(st, "pass")
    attack(st, "Ripjaw", "Thornhog")
    play(st, f"use:c{cid(st, 'Test Waker')}", "rally:@1")
    assert "Battle totals: P1 attack 9, P2 defense 7" in st.log
    # Thornhog takes the 2 points (below its Defense 4) and is lost; Puffling turns sideways again
    assert names(st, "lost", 1) == ["Thornhog"] and safe_names(st, 1) == ["Puffling"]


@pytest.mark.rule("MB-SAFE-3", "MB-ABIL-5", "MB-ABIL-3")
def test_a_column_made_safe_mid_battle_loses_its_battle_abilities_at_once():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Spiker"], [], []]},
             {"hand": ["Coin"], "deck": ["Draw One"] * 4,
              "columns": [["Test Booster", "Dozer"], ["Test Sentry"], []]})
    play(st, "pass")
    attack(st, "Spiker", "Dozer")
    booster = f"use:c{cid(st, 'Test Booster')}"
    kept = st.clone()
    play(kept, "pass")                                 # nothing sheltered: the bonus window offers the +3
    assert kept.current_player() == 1 and booster in ids(kept)
    play(st, f"use:c{cid(st, 'Test Sentry')}", "shelter:@1")
    # the bonus window asks nobody (Bo has nothing left to use): straight to the result
    assert "Battle totals: P1 attack 5, P2 defense 1" in st.log
    assert st.decision.kind == "lose" and booster not in ids(st)


@pytest.mark.rule("MB-TOT-3", "MB-TOT-4")
def test_a_shift_mid_battle_changes_the_column_the_totals_count_but_never_moves_a_marked_card():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Spiker"], [], []]},
             {"deck": ["Draw One"] * 4, "columns": [["Thornhog", "Puffling"], ["Test Nudger"], ["Sprig"]]})
    play(st, "pass")
    attack(st, "Spiker", "Thornhog")
    play(st, f"use:c{cid(st, 'Test Nudger')}")
    thornhog, puffling = cid(st, "Thornhog"), cid(st, "Puffling")
    assert not any(a.startswith(f"shift:c{thornhog}@") for a in ids(st))      # marked cards stay (PR-MB-4)
    play(st, f"shift:c{puffling}@2")
    # Puffling left the defending column before the result: 1 + 4 against 1 + 4, a tie (not 7)
    assert "Battle totals: P1 attack 5, P2 defense 5" in st.log
    assert names(st, "lost", 0) == ["Draw One"] and names(st, "lost", 1) == ["Draw One"]


@pytest.mark.rule("MB-TOT-8", "MB-RES-5")
def test_weakening_takes_a_total_down_to_zero_never_below():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw One"] * 4, "columns": [["Sprig"], [], []]},
             {"hand": ["Test Sapper", "Coin"], "deck": ["Draw One"] * 4, "columns": [["Dozer"], [], []]})
    attack(st, "Sprig", "Dozer")
    play(st, f"event:c{cid(st, 'Test Sapper')}", f"pay:c{cid(st, 'Coin', 1)}")
    # 1 + 1 - 3 is 0, not -1; 1 + 3 = 4: the damage is 4
    assert "Battle totals: P1 attack 0, P2 defense 4" in st.log
    assert names(st, "lost", 0) == ["Sprig"] and st.decision.params.left == 3


@pytest.mark.rule("MB-CL-4", "MB-CL-8")
def test_a_when_lost_trigger_resolves_before_the_card_losses_are_paid():
    st = pos({"hand": ["Coin", *HAND], "deck": ["Draw Four"] * 4, "columns": [["Ripjaw"], [], []]},
             {"deck": ["Draw One", "Shellback", "Pebble"], "columns": [["Test Martyr"], [], []]})
    attack(st, "Ripjaw", "Test Martyr")
    # 4 + 5 against 1 + 1: 7 damage; the Martyr absorbs 1 and draws Shellback before the 6 are paid
    assert names(st, "lost", 1) == ["Test Martyr"] and names(st, "hand", 1) == ["Shellback"]
    assert st.decision.kind == "lose" and st.decision.params.left == 6
    play(st, f"lose:c{cid(st, 'Shellback')}")
    assert st.decision.params.left == 3
