"""MetaZoo 2022 saved-state checks (issue 28, mutation survivors of ``rules._check_record`` and
``tokens.token_def``): a valid save with a Poison trigger waiting reads back, and a save whose
running Effect or Token description is broken is refused with a clear error."""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.games.metazoo_2022.tokens import token_def
from support import ids
from support.metazoo_2022 import play, position

GAME = metatcg.load_game("metazoo-2022")
OWL = "Owl's Long Memory"


@pytest.mark.rule("MZ22-SIMUL-1")
def test_a_save_with_poison_and_regen_waiting_to_be_ordered_reads_back():
    """Step 3b: P1's Poison and Mossy Hydra's Regen trigger together, P1 orders them."""
    st = position(GAME, [{"arena": [{"name": "Mossy Hydra", "damage": 30}],
                          "statuses": [{"status": "poison", "counters": 3}]}, {}], step="end_a")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.decision.kind == "__order_triggers" and st.current_player() == 0
    assert '"poison"' in json.dumps(st.to_json())
    back = GAME.state_from_json(st.to_json())
    assert back.to_json() == st.to_json() and ids(back) == ids(st)


def owl_resolving():
    """Owl's Long Memory (Page 1; Page 0 is a Flame Aura, which has no Effect) is resolving:
    P2 puts the turned Pages back while its Effect waits."""
    st = position(GAME, [{"chapter": ["Flame Aura", OWL], "aura": {"spirit": 2},
                          "spellbook": ["Flame Aura", "Water Aura", "Frost Aura", "Puddle Sprite"]}, {}])
    d = st.data
    assert d.defs[0].name == "Flame Aura" and not d.defs[0].effects and d.defs[1].name == OWL
    play(st, "contract:c1")
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.decision.kind == "restack"
    return st


def _retext(obj, old: int, new: int):
    """Every Effect context's printed-text Page ``old`` becomes ``new``."""
    if isinstance(obj, list):
        if obj and obj[0] == "@ctx" and obj[7] == old:
            return [*obj[:7], new]
        return [_retext(x, old, new) for x in obj]
    if isinstance(obj, dict):
        return {k: _retext(v, old, new) for k, v in obj.items()}
    return obj


def test_an_effect_context_reading_a_page_without_that_effect_is_refused():
    st = owl_resolving()
    good = st.to_json()
    assert GAME.state_from_json(good).to_json() == good
    bad = _retext(good, 1, 0)                   # its text read from Page 0, which has no Effect 0
    assert bad != good
    with pytest.raises(StateDataError, match="Flame Aura has no Effect 0"):
        GAME.state_from_json(bad)


@pytest.mark.parametrize("how", [{"copy": "Ember Hare", "extra": 1}, {"copy": "Ember Hare", "nameless": False},
                                 {"copy": "Ember Hare", "nameless": 1}])
def test_a_token_description_with_a_stray_key_or_a_false_nameless_is_refused(how):
    assert token_def({"copy": "Ember Hare"}, GAME.pool).name == "Ember Hare"
    with pytest.raises(ValueError, match="a Token is"):
        token_def(how, GAME.pool)


@pytest.mark.parametrize("value", [[True], [False, False, False], "no"])
def test_a_wrong_aura_done_list_is_refused_by_name(value):
    raw = position(GAME, [{}, {}]).to_json()
    assert raw["data"]["aura_done"] == [False, False]
    raw["data"]["aura_done"] = value
    with pytest.raises(StateDataError, match="aura_done must be a list of 2"):
        GAME.state_from_json(raw)


@pytest.mark.parametrize("value", ["none", {"0": 1}, None])
def test_a_chain_that_is_not_a_list_is_refused_by_name(value):
    raw = position(GAME, [{}, {}]).to_json()
    assert raw["data"]["chain"] == []
    raw["data"]["chain"] = value
    with pytest.raises(StateDataError, match="chain must be a list"):
        GAME.state_from_json(raw)


@pytest.mark.parametrize("combat", [
    ["@combat", 1, 9, 1, "P2", 0, [], "", -1, "declare"],     # a seat that does not exist
    ["@combat", 1, 0, 99, "P2", 0, [], "", -1, "declare"],    # an attacking Page that does not exist
])
def test_a_combat_naming_a_seat_or_page_that_does_not_exist_is_refused(combat):
    obj = owl_resolving().to_json()
    obj["data"]["combat"] = combat
    with pytest.raises(StateDataError, match="the Combat names a Page or seat that does not exist"):
        GAME.state_from_json(obj)


def test_a_step_naming_a_seat_that_does_not_exist_or_mods_that_are_no_list_is_refused_by_name():
    obj = owl_resolving().to_json()
    assert obj["stack"][4] == ["@main", 0]
    obj["stack"][4] = ["@main", 7]
    with pytest.raises(StateDataError, match="main.seat names seat 7, which does not exist"):
        GAME.state_from_json(obj)
    obj = owl_resolving().to_json()
    obj["data"]["mods"] = 5
    with pytest.raises(StateDataError, match="mods must be a list, not 5"):
        GAME.state_from_json(obj)
