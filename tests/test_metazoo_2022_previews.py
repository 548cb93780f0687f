"""Previews tell the truth (issue 29): an Attack's label, the view's Combat line and the Damage
log lines show the amount the rules deal, each modifier named, from the same calculation
(``combat.attack_total`` / ``lp.taken`` with parts)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.amounts import breakdown
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page as page, play, position

PAGES = """
[[page]]
name = "Hopping Hare"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
tribes = ["Beastie Warren"]
tribal_boost = true
attack = [{ name = "Antler Hop", damage = 40 }, { name = "Nuzzle", damage = 10 }]

[[page]]
name = "Warren Kit"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
tribes = ["Beastie Warren"]
attack = [{ name = "Squeak", damage = 10 }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(PAGES, "previews"))


def _pos(p1: dict, p2: dict):
    return position(GAME, [p1, p2])


@pytest.mark.rule("MZ22-TRIBAL-3")
def test_the_attack_label_shows_the_damage_it_will_deal_and_the_hit_deals_exactly_that():
    st = _pos({"arena": ["Hopping Hare", "Warren Kit"]}, {"arena": ["Warren Kit"]})   # 2 Warren kin: +20
    hare = page(st, "Hopping Hare")
    play(st, f"attack:c{hare}", "at:P2")
    labels = {a.id: a.label for a in st.legal_actions()}
    assert labels["atk:0"] == "Antler Hop (40 +20 Tribal Boost = 60)"       # not "Antler Hop (40)"
    assert labels["atk:1"] == "Nuzzle (10 +20 Tribal Boost = 30)"
    play(st, "atk:0")
    while st.data.combat is not None and st.data.combat.stage == "declared" and "done" not in ids(st):
        st.apply(st.legal_actions()[0].id)          # the windows before Defenders
    assert st.view(1)["combat"]["damage"] == "Antler Hop (40 +20 Tribal Boost = 60)"
    before = st.data.lp_of_caster(1)
    while st.data.combat is not None and not st.is_terminal():
        st.apply("done" if "done" in ids(st) else st.legal_actions()[0].id)
    assert before - st.data.lp_of_caster(1) == 60
    assert any(line.startswith("P2 takes 60 Damage from Hopping Hare (40 +20 Tribal Boost = 60)")
               for line in st.log_for(1)), st.log_for(1)[-8:]


def test_an_attack_without_modifiers_reads_plainly():
    st = _pos({"arena": ["Hopping Hare"]}, {"arena": []})
    play(st, f"attack:c{page(st, 'Hopping Hare')}", "at:P2")
    assert [a.label for a in st.legal_actions()] == ["Antler Hop (40)", "Nuzzle (10)"]


def test_effect_damage_names_warding_runestone():
    """Cinder Volley (25) on a Beastie whose Caster has Warding Runestone: 15, the −10 named."""
    st = _pos({"chapter": ["Cinder Volley"], "aura": {"flame": 2}, "arena": []},
              {"arena": ["Warding Runestone", "Warren Kit"]})
    kit = page(st, "Warren Kit")
    parts: list = [("", 25)]
    from metatcg.games.metazoo_2022.lp import taken
    expect = taken(st.data, kit, 25, "effect", parts=parts)
    assert expect == 15 and breakdown(parts, expect) == "25 −10 Warding Runestone = 15"
    volley = next(a for a in st.legal_actions() if "Cinder Volley" in a.label)
    st.apply(volley.id)
    for _ in range(40):
        if any("Warren Kit takes" in line for line in st.log) or st.is_terminal():
            break
        acts = st.legal_actions()
        pick = next((a for a in acts if f"c{kit}" in a.id), None) or next(
            (a for a in acts if a.id in ("done", "pass")), acts[0])
        st.apply(pick.id)
    line = next(x for x in st.log_for(0) if "Warren Kit takes" in x)
    assert line.startswith("Warren Kit takes 15 Damage") and "(25 −10 Warding Runestone = 15)" in line, line


def test_breakdown_words():
    assert breakdown([("Antler Hop", 40), ("Rage", 20)]) == "40 +20 Rage = 60"
    assert breakdown([("Bite", 20)]) == "20"
    assert breakdown([("Bite", 5), ("Shield", -10)], 0) == "5 −10 Shield = 0"
