"""MetaZoo 2022 Contracting and paying paths no rule test reached (issue 28, mutation
survivors): a payment with two ways is asked even when single options are made for the
player, an Effect's cost checked on its own, and Burrow refusing Powers and Artifacts' Effects
as targets. Positions are P1's Take Actions of turn 3; stand-in Pages are ``Test …``."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import contract
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, lp, play, position

STANDINS = """
[[page]]
name = "Test Prodder"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
attack = [{ name = "Poke", damage = 10 }]
text = "Power (Fatigue, 1 Flame): 10 Damage to target opposing Beastie."

[[page.effect]]
when = "power"
cost = { fatigue = true, aura = [{ aura = "flame", n = 1 }] }
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Snare"
type = "artifact"
cost = [{ aura = "neutral", n = 0 }]
lp = 30
text = "CONTRACT: 10 Damage to target opposing Beastie."

[[page.effect]]
when = "contract"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-contract.toml"))
DUG = {"name": "Sandworm Burrower", "marks": {"burrowed": 3}}


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


@pytest.mark.rule("MZ22-CONTRACT-4")
def test_a_payment_with_two_ways_is_asked_even_when_single_options_are_made_for_the_player():
    st = pos({"chapter": ["Test Prodder"], "aura": {"flame": 1}, "arena": ["Water Aura"]}, {},
             options={"auto_single": True})
    play(st, f"contract:c{st.data.chapter[0][0]}")
    assert st.decision.kind == "pay"
    assert len(ids(st)) == 2                           # the pool's Flame or the Water Aura Page
    assert st.data.pool[0] == {"flame": 1}             # nothing spent for the Caster


@pytest.mark.rule("MZ22-CONTRACT-5")
def test_an_effect_cost_is_checked_against_what_its_caster_can_pay():
    st = pos({"aura": {"flame": 1}, "arena": ["Test Prodder"]}, {"arena": ["Ember Hare"]})
    d = st.data
    prodder = arena_page(st, "Test Prodder")
    assert contract.can_use(d, 0, prodder, 0, True)
    d.pool[0] = {"water": 1}
    assert not contract.can_use(d, 0, prodder, 0, True)


@pytest.mark.rule("MZ22-TRAIT-BURROW-5")
def test_a_burrowed_beastie_is_no_target_for_a_power():
    st = pos({"aura": {"flame": 1}, "arena": ["Test Prodder"]}, {"arena": [DUG]})
    prodder = arena_page(st, "Test Prodder")
    assert f"use:c{prodder}.0" not in ids(st)
    st = pos({"aura": {"flame": 1}, "arena": ["Test Prodder"]}, {"arena": [DUG, "Ember Hare"]})
    play(st, f"use:c{arena_page(st, 'Test Prodder')}.0")
    assert ids(st) == [f"target:c{arena_page(st, 'Ember Hare')}"]


@pytest.mark.rule("MZ22-TRAIT-BURROW-5", "MZ22-CONTRACT-12")
def test_an_artifact_contract_effect_whose_only_target_is_burrowed_does_nothing():
    st = pos({"chapter": ["Test Snare"]}, {"arena": [DUG]})
    dug, snare = arena_page(st, "Sandworm Burrower"), st.data.chapter[0][0]
    play(st, f"contract:c{snare}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.decision.kind == "main" and snare in st.data.arena
    assert lp(st, dug) == 40
