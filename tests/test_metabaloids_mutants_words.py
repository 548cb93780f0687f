"""The words a Metabaloids player reads where a change of one word went unnoticed (issue 28,
mutation survivors): a deploy option names the verb the rule uses, a card's numbers end with
"promo" only on a promo card, and a window names the phase it opens; the window after a declared
attack asks the active seat first."""
from __future__ import annotations

import pytest
from test_metabaloids_battle_changes import attack
from test_metabaloids_rules import GAME, HAND, cid, play, pos


@pytest.mark.rule("MB-DEPLOY-1")
def test_a_deploy_option_reads_deploy_the_card_into_a_column():
    st = pos({"reserve": ["Sprig"], "columns": [["Pebble"], [], []], "hand": HAND},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    assert [a.label for a in st.legal_actions()] == [
        "Deploy Sprig (cost 1, ATK 1 DEF 1) into a new middle column",
        "Deploy Sprig (cost 1, ATK 1 DEF 1) into a new right column"]


def test_a_cards_numbers_end_with_promo_only_on_a_promo_card():
    assert GAME.pool["Sprig"].numbers() == "C1 · ATK 1 DEF 1 · META 0"
    promo = next(c for c in GAME.pool.by_name.values() if c.promo)
    assert promo.numbers().endswith(" · promo")


def _both_can_respond():
    return pos({"hand": ["Coin", "Coin", *HAND], "deck": ["Pebble"] * 5,
                "columns": [["Spiker", "Test Drawer"], [], []]},
               {"hand": ["Coin", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Dozer", "Test Drawer"], [], []]})


@pytest.mark.rule("PR-MB-1")
def test_a_phase_window_names_the_phase_and_the_declared_attack_window_asks_the_active_seat_first():
    st = _both_can_respond()
    assert st.decision.prompt == "Attack Phase begins: use an ability or Event, or pass"
    play(st, "pass", "pass")
    attack(st, "Spiker", "Dozer")
    assert (st.decision.kind, st.current_player()) == ("__respond", 0)
    assert st.decision.prompt == "An attack was declared: use an ability or Event, or pass"
    play(st, "pass")
    assert (st.decision.kind, st.current_player()) == ("__respond", 1)


def test_during_the_initial_deployment_an_own_turn_ability_is_not_usable_even_for_the_active_seat():
    st = pos({"hand": ["Sprig", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Test Digger"], [], []]},
             {"deck": ["Pebble"] * 5, "columns": [["Dozer"], [], []]}, phase="setup")
    assert (st.decision.kind, st.current_player()) == ("place", 0)
    assert st.rules.why_not(st, 0, "Test Digger") == "Test Digger's ability is used in your own turn, not now"


@pytest.mark.rule("MB-RESTOCK-2")
def test_a_payment_prompt_counts_the_points_still_owed():
    """Nib costs 2, paid from hand one Coin (META 1) at a time."""
    st = pos({"hand": ["Nib", "Coin", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Spiker"], [], []]},
             {"deck": ["Pebble"] * 5, "columns": [["Dozer"], [], []]}, phase="restock")
    play(st, f"restock:c{cid(st, 'Nib')}")
    assert st.decision.prompt == "Pay 2 more points for restocking Nib (from hand)"
    play(st, st.legal_actions()[0].id)
    assert st.decision.prompt == "Pay 1 more point for restocking Nib (from hand)"


@pytest.mark.rule("MB-ABIL-1")
def test_a_card_with_two_abilities_offers_the_one_usable_now():
    """Test Twin has an own-turn and an any-time ability: in its own Use Abilities phase both are
    offered; in the other seat's Attack Phase window only the any-time one."""
    twin = {"hand": ["Coin", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Test Twin"], [], []]}
    other = {"hand": ["Coin", "Coin"], "deck": ["Pebble"] * 5, "columns": [["Dozer"], [], []]}
    mine = pos(twin, other, phase="abilities")
    c = cid(mine, "Test Twin")
    assert [a for a in [a.id for a in mine.legal_actions()] if a.startswith("use:")] == [f"use:c{c}#0", f"use:c{c}#1"]
    theirs = pos(other, twin)
    assert theirs.current_player() == 1
    assert [a.id for a in theirs.legal_actions()] == [f"use:c{cid(theirs, 'Test Twin')}#1", "pass"]
