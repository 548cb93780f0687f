"""MetaZoo 2022 Traits where they meet other rules (issue 28, mutation survivors): Nullifying
one Page's Traits leaves every other Page's, and a granted Trait adds to the Pages that print
it. Positions are P1's Take Actions of turn 3; stand-in Pages are ``Test …``."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import hooks
from metatcg.games.metazoo_2022.cards import parse_pages
from support.metazoo_2022 import arena_page, lp, play, position

STANDINS = """
[[page]]
name = "Test Hush Traits"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Nullify target Beastie's Traits."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "nullify", to = "t0", what = "traits" }]

[[page]]
name = "Test Mending Banner"
type = "artifact"
cost = [{ aura = "neutral", n = 0 }]
lp = 30
text = "ARENA: Beasties you control have Regen."

[[page.effect]]
when = "arena"
static = [{ op = "grant_trait", trait = "regen", who = { each = "beastie", side = "own" } }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-traits.toml"))
HURT_HYDRA = {"name": "Mossy Hydra", "damage": 30}


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def end_turn(st) -> None:
    """P1 ends the turn; everything until P2's Take Actions resolves in the order offered."""
    play(st, "end")
    while st.decision.kind != "main":
        st.apply(st.legal_actions()[0].id)


@pytest.mark.rule("MZ22-TRAIT-3", "MZ22-TRAIT-REGEN-1")
def test_nullifying_one_pages_traits_leaves_every_other_pages():
    st = pos({"chapter": ["Test Hush Traits"]}, {"arena": [HURT_HYDRA, dict(HURT_HYDRA)]})
    hushed, other = (arena_page(st, "Mossy Hydra", 1, n) for n in (0, 1))
    play(st, f"contract:c{st.data.chapter[0][0]}", f"target:c{hushed}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.data.mods
    assert hooks.traits_of(st.data, hushed) == ()
    assert hooks.traits_of(st.data, other).count("regen") == 2
    end_turn(st)
    assert lp(st, hushed) == 30 and lp(st, other) == 50


@pytest.mark.rule("MZ22-TRAIT-1", "MZ22-TRAIT-REGEN-1")
def test_a_granted_trait_works_and_pages_printing_it_keep_theirs():
    st = pos({"arena": ["Test Mending Banner", {"name": "Ember Hare", "damage": 30}]}, {"arena": [HURT_HYDRA]})
    hare, hydra = arena_page(st, "Ember Hare"), arena_page(st, "Mossy Hydra")
    end_turn(st)
    assert lp(st, hare) == 40                          # granted Regen: 10 back
    assert lp(st, hydra) == 50                         # printed, not granted (an opposing Page): 20 back
