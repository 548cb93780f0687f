"""MetaZoo 2022 choices inside an Effect (issue 28, mutation survivors of ``ops.op_text``):
a "choose" Effect lists each option by its ops, those without a recipient included, and the
option taken is the one that happens."""
from __future__ import annotations

import metatcg
from support.metazoo_2022 import play, position

GAME = metatcg.load_game("metazoo-2022")


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
