"""MetaZoo 2022 paying and choosing targets (issue 28, mutation survivors of
``contract.pay_step``, ``contract.spend`` and ``contract.pick_target_step``): a cost paid by Aura
type Fatigues the payer's own untapped Aura Pages, a payment with one way goes through at once
when single options are taken for the player, an Effect without a Fatigue cost leaves its Page
Awake, and the target decision says what it is for."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

STANDINS = """
[[page]]
name = "Test Bell"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 20
text = "Any time, no cost: gain 5 LP."

[[page.effect]]
when = "any_time"
do = [{ op = "gain_lp", amount = 5, to = "controller" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-paying.toml"))


@pytest.mark.rule("MZ22-CONTRACT-5")
def test_paying_by_aura_type_fatigues_the_payers_awake_aura_pages():
    st = position(GAME, [{"chapter": ["Ember Hare"],
                          "arena": [{"name": "Flame Aura", "fatigued": True}, "Flame Aura", "Flame Aura"]}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind == "pay":
        assert ids(st) == ["pay:flame"]
        st.apply("pay:flame")
    d = st.data
    assert all(d.in_play[c].fatigued for c in d.arena if d.defs[c].name == "Flame Aura")


def test_a_payment_with_one_way_is_made_at_once_when_single_options_are_taken():
    st = GAME.position({"turn": 3, "active": 0, "first": 0,
                        "caster": [{"chapter": ["Ember Hare"], "arena": ["Flame Aura", "Flame Aura"]}, {}]})
    hare = st.data.chapter[0][0]
    st.apply(f"contract:c{hare}")
    d = st.data
    assert st.decision is None or st.decision.kind != "pay"
    assert all(d.in_play[c].fatigued for c in d.arena if d.defs[c].name == "Flame Aura")
    assert sum("the only way to pay" in line for line in st.log) == 2


def test_an_effect_without_a_fatigue_cost_leaves_its_page_awake():
    st = position(GAME, [{"arena": ["Test Bell"]}, {}])
    bell = arena_page(st, "Test Bell")
    assert not st.data.in_play[bell].fatigued
    play(st, f"use:c{bell}.0")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.data.lp_of_caster(0) == 1005 and not st.data.in_play[bell].fatigued


def test_the_target_decision_names_the_page_it_is_for():
    st = position(GAME, [{"chapter": ["Sweeping Tide"], "aura": {"water": 4}}, {"arena": ["Ember Hare"]}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    assert st.decision.kind == "target"
    assert st.decision.prompt == "Choose a target for Sweeping Tide"
