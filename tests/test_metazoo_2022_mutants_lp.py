"""MetaZoo 2022 Recover and Damage over several Casters (issue 28, mutation survivors of
``lp.recover`` and ``lp.damage``): targets are fixed when an Effect is announced (MZ22-CHAIN-3),
so a Caster eliminated meanwhile may still be named; they get nothing, and every Caster named
after them still does."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import lp
from support.metazoo_2022 import position
from metatcg.games.metazoo_2022.records import caster_ref

GAME = metatcg.load_game("metazoo-2022")


@pytest.mark.rule("MZ22-LP-10")
def test_recover_skips_an_eliminated_caster_and_goes_on_to_the_next():
    st = position(GAME, [{"damage": 40}, {"damage": 40, "out": True}, {"damage": 40}])
    d = st.data
    lp.recover(st, [caster_ref(1), caster_ref(2), caster_ref(0)], 20)
    assert [d.lp_of_caster(p) for p in range(3)] == [980, 960, 980]


def test_damage_skips_an_eliminated_caster_and_reaches_every_other_one_named():
    st = position(GAME, [{}, {"out": True}, {}])
    d = st.data
    assert lp.damage(st, [caster_ref(1), caster_ref(2), caster_ref(0)], 10) == {caster_ref(2): 10, caster_ref(0): 10}
    assert [d.lp_of_caster(p) for p in range(3)] == [990, 1000, 990]
