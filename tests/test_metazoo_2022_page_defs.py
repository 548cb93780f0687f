"""MetaZoo 2022 Page definitions as the rules read them: a parsed Special Terra stays Special,
and the cached lists of Arena Pages a Page belongs to (Aura producers, start/end-of-turn Effect
holders) take in a Page that arrives mid-game."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import position

STANDINS = """
[[page]]
name = "Test Shrine"
type = "terra"
special = true
terra_name = "forest"
text = "A Special Terra: at the start of each turn, its controller makes 1 Water Aura."

[[page.effect]]
when = "start_of_turn"
turns = "each"
do = [{ op = "generate", aura = "water", n = 1 }]

[[page]]
name = "Test Plain Grove"
type = "terra"
terra_name = "forest"
text = "Activates the Forest Terra Bonus."

[[page]]
name = "Test Wellspring"
type = "artifact"
cost = [{ aura = "neutral", n = 0 }]
lp = 30
text = "At the start of each turn, you make 1 Water Aura."

[[page.effect]]
when = "start_of_turn"
turns = "each"
do = [{ op = "generate", aura = "water", n = 1 }]

[[page]]
name = "Test Kiln Hound"
type = "beastie"
cost = [{ aura = "flame", n = 2 }]
lp = 40
text = "Costs two Flame."
attack = [{ name = "Bite", damage = 10 }]
"""
PAGES = parse_pages(STANDINS, "page-defs.toml")
GAME = metatcg.load_game("metazoo-2022").with_cards(PAGES)


def named(name: str):
    return next(p for p in PAGES if p.name == name)


def test_a_parsed_terra_keeps_whether_it_is_special_and_its_terra_name():
    shrine, grove = named("Test Shrine"), named("Test Plain Grove")
    assert shrine.special is True and shrine.terra_name == "forest" and shrine.start_fx == (0,)
    assert grove.special is False and grove.terra_name == "forest"


def chapter_page(st, name: str) -> int:
    return next(c for c in st.data.chapter[0] if st.data.defs[c].name == name)


def pass_until_main(st) -> None:
    while st.result is None and st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else ids(st)[0])


@pytest.mark.rule("MZ22-TURN-6", "MZ22-ZONE-6", "MZ22-GEN-1")
def test_an_aura_page_contracted_this_turn_pays_at_once_alongside_the_one_already_there():
    st = position(GAME, [{"arena": ["Flame Aura"], "chapter": ["Flame Aura", "Test Kiln Hound"]}, {}])
    hound = chapter_page(st, "Test Kiln Hound")
    assert f"contract:c{hound}" not in ids(st)           # one Flame Aura Page: 1 of 2 Flame
    new_aura = chapter_page(st, "Flame Aura")
    st.apply(f"contract:c{new_aura}")
    pass_until_main(st)
    assert new_aura in st.data.arena
    assert f"contract:c{hound}" in ids(st)                # the new Page counts as a source at once


@pytest.mark.rule("MZ22-TURN-1", "MZ22-TURN-20")
def test_a_page_with_a_start_of_turn_effect_that_arrives_mid_game_acts_at_the_next_turn():
    st = position(GAME, [{"chapter": ["Test Wellspring"]}, {}], step="start_a")
    pass_until_main(st)                                  # start-of-turn Effects looked for: none
    assert st.data.pool[0] == {}
    st.apply(f"contract:c{chapter_page(st, 'Test Wellspring')}")
    pass_until_main(st)
    st.apply("end")
    pass_until_main(st)
    assert st.data.active == 1
    assert st.data.pool[0] == {"water": 1}               # "each turn": on P2's turn too
