"""MetaZoo 2022 rules-module paths no rule test reached (issue 28, mutation survivors): the
label of a rule-made trigger offered for ordering, why a single option was forced, and which
saved games are read back and which are refused. Positions are P1's Take Actions of turn 3."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from support.metazoo_2022 import arena_page, lp, play, position

GAME = metatcg.load_game("metazoo-2022")


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def two_hydras():
    """P1 ends the turn with two damaged Mossy Hydras: two Regen triggers at once, for P1 to order."""
    hurt = {"name": "Mossy Hydra", "damage": 30}
    st = pos({"arena": [hurt, dict(hurt)]}, {})
    play(st, "end")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.decision.kind == "__order_triggers"
    return st


@pytest.mark.rule("MZ22-SIMUL-2", "MZ22-TRAIT-REGEN-1")
def test_simultaneous_regen_triggers_are_ordered_by_their_controller_and_named_for_it():
    st = two_hydras()
    a, b = (arena_page(st, "Mossy Hydra", 0, n) for n in (0, 1))
    assert st.current_player() == 0
    labels = [x.label for x in st.legal_actions()]
    assert labels and all("Regen of Mossy Hydra" in x for x in labels)
    st.apply("trigger:1")
    assert lp(st, a) == lp(st, b) == 50                 # both recovered 20 (two copies of Regen)


def test_a_forced_payment_says_it_was_the_only_way_to_pay():
    st = pos({"chapter": ["Ember Hare"], "aura": {"flame": 2}}, {})
    hare = st.data.chapter[0][0]
    play(st, f"contract:c{hare}")
    assert st.decision.kind == "pay" and len(st.legal_actions()) == 1
    assert st.rules.forced_reason(st, st.decision, st.legal_actions()[0]) == "the only way to pay"


def test_a_saved_game_that_is_over_reads_back_over():
    st = pos({}, {})
    st.concede(1)
    assert st.result is not None and st.decision is None
    back = GAME.state_from_json(st.to_json())
    assert back.result == st.result and back.decision is None


def test_a_saved_trigger_naming_a_page_that_does_not_exist_is_refused():
    st = two_hydras()
    saved = st.to_json()
    saved["stack"].append(["@trigger", ["@trig", 0, -1, -1, [], "regen"]])
    with pytest.raises(StateDataError, match="Regen trigger names a Page"):
        GAME.state_from_json(saved)
    ok = st.to_json()
    ok["stack"].append(["@trigger", ok["decision"][2][2][0]])
    GAME.state_from_json(ok)                           # a real Regen trigger waiting is fine


@pytest.mark.parametrize("kind", ["attack_target", "attack_choice", "defenders", "primary", "counter"])
def test_a_saved_combat_decision_without_a_combat_is_refused(kind):
    st = pos({}, {})
    saved = st.to_json()
    saved["decision"][1] = kind
    assert saved["data"]["combat"] is None
    with pytest.raises(StateDataError, match="needs a Combat in progress"):
        GAME.state_from_json(saved)
