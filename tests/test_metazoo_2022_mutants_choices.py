"""MetaZoo 2022 choices inside an Effect and Bookmark ops (issue 28, mutation survivors of
``ops.op_text``, ``ops.ask_options``, ``ops._bookmark`` and ``ops.casters``): a "choose"
Effect lists each option by its ops, those without a recipient included, and the option taken
is the one that happens; a "may" asks yes or no; a Bookmark draws for its controller only and
the Effect goes on after it."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import play, position

STANDINS = """
[[page]]
name = "Test Study"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Bookmark 1, then gain 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "bookmark", n = 1 }, { op = "gain_lp", amount = 10, to = "controller" }]

[[page]]
name = "Test Maybe"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "You may Bookmark 1."

[[page.effect]]
when = "cast"
do = [{ op = "may", do = [{ op = "bookmark", n = 1 }] }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-choices.toml"))


def brew_choice():
    """P1 has Contracted Trickster Brew and both Casters passed: P1 chooses its option."""
    st = position(GAME, [{"chapter": ["Trickster Brew"], "spellbook": ["Water Aura", "Ember Hare"], "damage": 50}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind != "choose":
        st.apply("pass")
    assert st.current_player() == 0
    return st


def test_a_choose_effect_labels_each_option_by_its_ops():
    st = brew_choice()
    assert [(a.id, a.label) for a in st.legal_actions()] == [
        ("opt:0", "Option 1: recover 30 to controller"), ("opt:1", "Option 2: bookmark")]


def test_the_option_chosen_is_the_one_that_happens():
    st = brew_choice()
    d = st.data
    before = d.lp_of_caster(0)
    play(st, "opt:1")                             # Bookmark 1: the top Page, Water Aura
    assert d.lp_of_caster(0) == before
    assert [d.defs[c].name for c in d.chapter[0]] == ["Water Aura"]
    assert [d.defs[c].name for c in d.spellbook[0]] == ["Ember Hare"]


def cast(name: str):
    """P1 Contracts ``name`` (free) and both Casters pass: it resolves."""
    st = position(GAME, [{"chapter": [name], "spellbook": ["Water Aura", "Ember Hare"]},
                         {"spellbook": ["Frost Aura", "Flame Aura"]}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind in ("__respond", "pay"):
        st.apply(ids(st)[0] if st.decision.kind == "pay" else "pass")
    return st


@pytest.mark.rule("MZ22-TERM-2")
def test_a_bookmark_draws_for_its_controller_only_and_the_effect_goes_on():
    st = cast("Test Study")
    d = st.data
    assert [d.defs[c].name for c in d.chapter[0]] == ["Water Aura"]
    assert d.chapter[1] == [] and len(d.spellbook[1]) == 2      # the opponent draws nothing
    assert d.lp_of_caster(0) == 1010                            # the op after the Bookmark happened


def test_a_may_asks_yes_or_no_and_no_does_nothing():
    st = cast("Test Maybe")
    assert st.decision.kind == "may" and st.current_player() == 0
    assert [(a.id, a.label) for a in st.legal_actions()] == [("yes", "Yes"), ("no", "No")]
    play(st, "no")
    assert st.data.chapter[0] == [] and len(st.data.spellbook[0]) == 2
