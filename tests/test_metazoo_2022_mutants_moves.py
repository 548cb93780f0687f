"""MetaZoo 2022 moves and turn-step bookkeeping that no rule test reached (issue 28, mutation
survivors): an Index into a zone other than the Chapter, washing a Beastie to the bottom of its
owner's Spellbook, start-of-turn Aura kept through step 1e on top of Aura already there, Trait
indicators that outlast step 3b, and the game's ending hook."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

STANDINS = """
[[page]]
name = "Test Dredge"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Index a Beastie into your Limbo."

[[page.effect]]
when = "cast"
do = [{ op = "index", type = "beastie", to = "limbo" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-moves.toml"))


def pass_all(st, until: str = "main") -> None:
    """Pay the first way, order triggers the first way and pass every window until ``until``."""
    while st.result is None and st.decision.kind != until:
        if st.decision.kind in ("pay", "__order_triggers"):
            st.apply(ids(st)[0])
        else:
            st.apply("pass")


def contract(st, name: str, *more: str) -> int:
    c = next(c for c in st.data.chapter[0] if st.data.defs[c].name == name)
    play(st, f"contract:c{c}", *more)
    pass_all(st)
    return c


@pytest.mark.rule("MZ22-GLOSS-7")
def test_an_index_puts_the_page_found_into_the_zone_it_names():
    st = position(GAME, [{"chapter": ["Test Dredge"], "spellbook": ["Flame Aura", "Ember Hare", "Water Aura"]}, {}])
    d = st.data
    hare = next(c for c in d.spellbook[0] if d.defs[c].name == "Ember Hare")
    contract(st, "Test Dredge")
    assert d.limbo[0] == [hare]
    assert hare not in d.chapter[0] and [d.defs[c].name for c in d.spellbook[0]] == ["Water Aura", "Flame Aura"]


def test_sweeping_tide_puts_the_beastie_on_the_bottom_of_its_owners_spellbook():
    st = position(GAME, [{"chapter": ["Sweeping Tide"], "aura": {"water": 4}},
                         {"arena": ["Ember Hare"], "spellbook": ["Flame Aura", "Frost Aura"]}])
    hare = arena_page(st, "Ember Hare")
    contract(st, "Sweeping Tide", f"target:c{hare}")
    d = st.data
    assert hare not in d.arena and hare not in d.in_play
    assert [d.defs[c].name for c in d.spellbook[1]] == ["Ember Hare", "Frost Aura", "Flame Aura"]  # bottom first


@pytest.mark.rule("MZ22-TURN-5", "MZ22-TURN-1")
def test_step_1e_keeps_only_the_aura_a_start_of_turn_effect_made():
    """P1 has 1 Lightning in the pool when Voltjaw Eel's start-of-turn Effect makes 1 more:
    step 1e dissolves the older unit and keeps the new one."""
    st = position(GAME, [{"arena": ["Voltjaw Eel"], "aura": {"lightning": 1}}, {}], step="start_a")
    assert st.data.kept == [{}, {}]
    pass_all(st)
    assert st.data.step == "actions" and st.data.pool[0] == {"lightning": 1}


@pytest.mark.rule("MZ22-TRAIT-FLASH-3", "MZ22-TRAIT-BURROW-8")
def test_step_3b_ends_only_the_trait_indicators_due_that_turn():
    """At the end of P1's turn P1's burrowing ends; the Flash restriction on P2's Beastie has
    not begun (it lasts through P2's next turn), so it stays and nothing is said about it."""
    st = position(GAME, [{"arena": [{"name": "Ember Hare", "marks": {"burrowed": 3}}]},
                         {"arena": [{"name": "Snow Marten", "marks": {"flash": 0}}]}], step="end_a")
    hare, marten = arena_page(st, "Ember Hare"), arena_page(st, "Snow Marten")
    pass_all(st)
    d = st.data
    assert d.active == 1 and d.in_play[hare].marks == () and d.in_play[marten].marks == (("flash", 4),)
    ended = [line for line in st.log if "Trait indicators of this turn end" in line]
    assert ended == ["Ember Hare: Trait indicators of this turn end"]


@pytest.mark.rule("MZ22-DECKOUT-3")
def test_the_game_names_how_a_finished_game_ended():
    st = position(GAME, [{"chapter": ["Ember Hare"], "spellbook": ["Flame Aura"]},
                         {"chapter": ["Ember Hare"], "spellbook": []}], step="end_a", seed=1)
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    assert GAME.ending(st) == "draw: spellbooks empty"
