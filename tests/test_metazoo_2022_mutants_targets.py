"""MetaZoo 2022 legal targets and when a Page may be Contracted (issue 28, mutation survivors of
``targets.candidates`` and ``contract.can_contract``): a Caster target on one's own or the
opposing side, a target limited to an Aura Type, and no Page without "any time" Contracted
outside Take Actions."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import contract
from metatcg.games.metazoo_2022.schema import TargetSpec
from metatcg.games.metazoo_2022.targets import candidates
from support.metazoo_2022 import arena_page, position
from metatcg.games.metazoo_2022.records import caster_ref, page_ref

GAME = metatcg.load_game("metazoo-2022")


@pytest.mark.rule("MZ22-TARGET-1")
def test_a_caster_target_is_on_the_side_it_names():
    st = position(GAME, [{}, {}, {}])
    d = st.data
    spec = TargetSpec.model_validate
    assert candidates(d, 0, spec({"kind": "caster", "side": "own"})) == [caster_ref(0)]
    assert candidates(d, 0, spec({"kind": "caster", "side": "opposing"})) == [caster_ref(1), caster_ref(2)]
    assert candidates(d, 1, spec({"kind": "caster", "side": "any"})) == [caster_ref(0), caster_ref(1), caster_ref(2)]


def test_a_target_limited_to_an_aura_type_takes_only_pages_of_that_type():
    st = position(GAME, [{"arena": ["Ember Hare", "Snow Marten"]}, {}])
    d = st.data
    hare = arena_page(st, "Ember Hare")
    spec = TargetSpec.model_validate({"kind": "beastie", "side": "any", "aura": ["flame"]})
    assert candidates(d, 0, spec) == [page_ref(hare)]


@pytest.mark.rule("MZ22-CONTRACT-11")
def test_a_page_without_any_time_is_contracted_only_in_take_actions():
    st = position(GAME, [{"chapter": ["Ember Hare"], "aura": {"flame": 2}}, {}])
    d = st.data
    hare = d.chapter[0][0]
    assert contract.can_contract(d, 0, hare, True)
    assert not contract.can_contract(d, 0, hare, False)
