"""MetaZoo 2022: a Caster conceding while the others play on (issue 28, mutation survivors).
Their Pages leave with them, face-down ones too, and a Combat whose attacker left that way
ends at priority window 2. Three Casters; P1's Take Actions of turn 3."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, lp, play, position

STANDINS = """
[[page]]
name = "Test Twin Fang"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 100
attack = [{ name = "Nip", damage = 10 }, { name = "Maul", damage = 30 }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-concede.toml"))


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


@pytest.mark.rule("MZ22-WIN-6", "MZ22-COMBAT-41")
def test_a_combat_whose_attacking_caster_conceded_ends_at_window_two():
    st = pos({"arena": ["Ember Hare"]}, {"arena": ["Test Twin Fang"]}, {})
    hare, fang = arena_page(st, "Ember Hare"), arena_page(st, "Test Twin Fang")
    play(st, f"attack:c{hare}", f"at:c{fang}")
    while st.decision.kind != "counter":
        st.apply("pass" if "pass" in ids(st) else "done" if "done" in ids(st) else ids(st)[0])
    st.concede(0)                                      # P2 is still choosing the counter-Attack
    assert hare not in st.data.in_play and st.decision.kind == "counter"
    play(st, "atk:1")
    assert st.data.combat is None and st.decision.kind == "main" and st.current_player() == 1
    assert lp(st, fang) == 100


@pytest.mark.rule("MZ22-WIN-6")
def test_a_conceding_casters_face_down_page_leaves_with_them_unrevealed():
    st = pos({"chapter": ["Ember Hare"]}, {}, {})
    hare = st.data.chapter[0][0]
    play(st, "trap", f"trap:c{hare}")
    assert st.data.in_play[hare].face_down
    st.concede(0)
    assert hare not in st.data.in_play and st.data.limbo[0] == [hare]
    assert hare not in st.data.revealed
