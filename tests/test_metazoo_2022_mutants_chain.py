"""MetaZoo 2022 chain and set-up paths no rule test reached (issue 28, mutation survivors): a
Nullified Effect leaves the chain doing nothing, and with three Casters the one drawn at random
chooses who goes first; a copy Effect naming an Effect and then a Spell copies the Spell.
Stand-in Pages are ``Test …``."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

STANDINS = """
[[page]]
name = "Test Idol"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
text = "Any time (Fatigue): its Caster gains 10 LP."

[[page.effect]]
when = "any_time"
cost = { fatigue = true }
do = [{ op = "gain_lp", amount = 10, to = "controller" }]

[[page]]
name = "Test Hush"
type = "spell"
any_time = true
cost = [{ aura = "neutral", n = 0 }]
text = "Any time: Nullify target Artifact's Effects."

[[page.effect]]
when = "cast"
targets = [{ kind = "artifact" }]
do = [{ op = "nullify", to = "t0", what = "effects" }]

[[page]]
name = "Test Echo Pair"
type = "spell"
any_time = true
cost = [{ aura = "neutral", n = 0 }]
text = "Any time: copy the first Spell among two target items on the chain."

[[page.effect]]
when = "cast"
targets = [{ kind = "item", n = 2 }]
do = [{ op = "copy_spell", of = "t0" }]
"""
BASE = metatcg.load_game("metazoo-2022")
GAME = BASE.with_cards(parse_pages(STANDINS, "mutants-chain.toml"))


@pytest.mark.rule("MZ22-GLOSS-11")
def test_a_nullified_effect_on_the_chain_does_nothing_and_leaves_it():
    st = position(GAME, [{"arena": ["Test Idol"], "spellbook_size": 5},
                         {"chapter": ["Test Hush"], "spellbook_size": 5}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    idol, hush = arena_page(st, "Test Idol"), st.data.chapter[1][0]
    play(st, f"use:c{idol}.0", f"contract:c{hush}", f"target:c{idol}")
    while st.decision.kind != "main":
        st.apply("pass")
    assert st.data.chain == [] and st.data.lp_of_caster(0) == 1000


@pytest.mark.rule("MZ22-SETUP-7")
def test_with_three_casters_the_one_drawn_chooses_who_goes_first():
    names = BASE.starter_deck_names()
    st = BASE.new_state([BASE.starter_deck(names[i]) for i in range(3)], 4, {"auto_single": False})
    chooser = st.data.flipper
    assert st.decision.kind == "go_first" and st.current_player() == chooser
    assert BASE.state_from_json(st.to_json()).digest() == st.digest()     # a save here reads back
    st.apply(ids(st)[0])
    assert st.decision.kind != "go_first"


@pytest.mark.rule("MZ22-TOKEN-10", "MZ22-TOKEN-17")
def test_a_copy_naming_an_effect_first_copies_the_spell_after_it():
    """P1 uses Test Idol (an Effect on the chain), P2 answers with Test Hush (a Spell), and P1
    answers with Test Echo Pair naming the Idol's Effect first and Test Hush second: only a Spell
    or Potion can be copied, so the Effect is passed over and Test Hush is copied (P1 targets
    anew, for free)."""
    st = position(GAME, [{"arena": ["Test Idol"], "chapter": ["Test Echo Pair"], "spellbook_size": 5},
                         {"chapter": ["Test Hush"], "spellbook_size": 5}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    idol, hush, echo = arena_page(st, "Test Idol"), st.data.chapter[1][0], st.data.chapter[0][0]
    play(st, f"use:c{idol}.0", f"contract:c{hush}", f"target:c{idol}")
    effect, spell = (f"k{i.uid}" for i in st.data.chain)
    assert [i.what for i in st.data.chain] == ["effect", "contract"]
    play(st, f"contract:c{echo}", f"target:{effect}", f"target:{spell}")
    while st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else f"target:c{idol}")
    assert "Test Hush (copy) goes on the chain targeting Test Idol (P1)" in st.log
    assert st.log.count("Test Idol's Effects are Nullified until the end of the turn") == 2


@pytest.mark.rule("PR-MZ22-73", "MZ22-LP-8")
@pytest.mark.parametrize("lp,offered", [(30, False), (31, True)])
def test_an_lp_cost_is_paid_only_from_lp_above_it(lp, offered):
    """P1 uses Test Idol; P2's Awakened Null Bell (Fatigue, pay 30 LP: stop an item on the chain)
    is offered only while P2 has more than 30 LP."""
    st = position(GAME, [{"arena": ["Test Idol"], "spellbook_size": 5},
                         {"arena": [{"name": "Null Bell", "fatigued": False}], "damage": 1000 - lp,
                          "spellbook_size": 5}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    idol, bell = arena_page(st, "Test Idol"), arena_page(st, "Null Bell")
    play(st, f"use:c{idol}.0")
    assert st.data.lp_of_caster(1) == lp
    assert (f"use:c{bell}.0" in ids(st) and st.current_player() == 1) is offered

