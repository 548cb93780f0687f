"""MetaZoo 2022 step 1e (MZ22-TURN-5/21): what a start-of-turn Effect made survives only as far
as it is still in the pool; Aura made then and already spent leaves nothing behind."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import turn
from support.metazoo_2022 import position

GAME = metatcg.load_game("metazoo-2022")


@pytest.mark.rule("MZ22-TURN-5", "MZ22-TURN-21")
def test_step_1e_keeps_only_start_of_turn_aura_still_unspent():
    st = position(GAME, [{}, {}], step="start_a")
    d = st.data
    d.pool[0] = {"water": 1, "flame": 3}              # 1 of 2 Water made at the start was spent
    d.kept[0] = {"water": 2, "spirit": 1}             # the Spirit made then is all spent
    d.pool[1] = {"frost": 2}
    turn.dissolve(d, keep=True)
    assert d.pool == [{"water": 1}, {}]
    assert d.kept == [{}, {}]
