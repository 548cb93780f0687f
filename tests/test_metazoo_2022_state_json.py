"""MetaZoo 2022 saved states: a valid save reads back identically, and a broken one is refused
with an error that names what is wrong (a chain item's seat or Page, a mulligan count), so
nothing half-loaded ever plays on."""
from __future__ import annotations

import copy

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.games.metazoo_2022 import lp
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import page_ref

GAME = metatcg.load_game("metazoo-2022")
OWL = "Owl's Long Memory"


def owl_on_the_chain():
    """P1 has Contracted Owl's Long Memory: it is on the chain while P2 puts the turned Pages back."""
    st = position(GAME, [{"chapter": [OWL], "aura": {"spirit": 2},
                          "spellbook": ["Flame Aura", "Water Aura", "Frost Aura", "Puddle Sprite"]}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.data.chain and st.decision.kind == "restack"
    return st


def test_a_state_with_an_item_on_the_chain_reads_back_identically():
    st = owl_on_the_chain()
    back = GAME.state_from_json(st.to_json())
    assert back.to_json() == st.to_json() and ids(back) == ids(st)


@pytest.mark.parametrize("seat", [2, 5, -1])
def test_a_chain_item_naming_a_seat_that_does_not_exist_is_refused(seat):
    raw = owl_on_the_chain().to_json()
    item = raw["data"]["chain"][0]
    assert item[0] == "@item" and item[2] == "contract"
    bad = copy.deepcopy(raw)
    bad["data"]["chain"][0][4] = seat                    # the seat (its Page stays valid)
    with pytest.raises(StateDataError, match="a chain item names a seat or Page that does not exist"):
        GAME.state_from_json(bad)


@pytest.mark.parametrize("value", [[0, 9], [0], [0, -1]])
def test_a_mulligan_count_out_of_range_is_refused_by_name(value):
    raw = position(GAME, [{}, {}]).to_json()
    raw["data"]["mull_n"] = value
    with pytest.raises(StateDataError, match="mull_n"):
        GAME.state_from_json(raw)


@pytest.mark.rule("MZ22-LP-4")
def test_a_game_right_after_a_page_gains_lp_saves_and_reads_back():
    st = position(GAME, [{"arena": ["Ember Hare"]}, {}])
    hare = arena_page(st, "Ember Hare")
    lp.gain_lp(st, [page_ref(hare)], 20)
    assert st.data.in_play[hare].gain == 20
    back = GAME.state_from_json(st.to_json())
    assert back.to_json() == st.to_json() and back.data.in_play[hare].gain == 20
