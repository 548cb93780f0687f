"""MetaZoo 2022 "Poison (N)" (MZ22-POISON-8): an Effect's or an Attack icon's Poison with a number
places that many Poison Indicators, up to three. Card files could not say it before (the schema
gave only Frozen and Burn an ``x``), so the op's repeat count was dead code (issue 28, a mutation
survivor of ``ops._inflict_now``). Stand-in Pages are ``Test …``."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import statuses
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import caster_ref

STANDINS = """
[[page]]
name = "Test Twin Venom"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Inflict Poison (2) on target Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "inflict", status = "poison", x = 2, to = "t0" }]

[[page]]
name = "Test Viper"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 100
attack = [{ name = "Double Fang", damage = 10, status = [{ status = "poison", x = 2 }] }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "poison-n.toml"))


@pytest.mark.rule("MZ22-POISON-8", "MZ22-POISON-2", "MZ22-POISON-3")
def test_poison_n_from_an_effect_places_n_indicators_up_to_three():
    """Test Twin Venom inflicts Poison (2): the Bonfire Imp carries 2 Poison Indicators, and after
    a second one 3 (the most a Page can carry)."""
    st = position(GAME, [{"chapter": ["Test Twin Venom", "Test Twin Venom"], "spellbook_size": 5},
                         {"arena": ["Bonfire Imp"], "spellbook_size": 5}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    imp = arena_page(st, "Bonfire Imp")
    for n in (2, 3):
        play(st, f"contract:c{st.data.chapter[0][0]}", f"target:c{imp}")
        while st.decision.kind != "main":
            st.apply("pass" if "pass" in ids(st) else ids(st)[0])
        assert [i.status for i in st.data.in_play[imp].indicators] == ["poison"] * n


@pytest.mark.rule("MZ22-POISON-8", "MZ22-STATUS-7")
def test_an_attacks_poison_n_icon_places_n_indicators():
    """Test Viper's Double Fang carries Poison (2): the Caster it hits carries 2 Poison Indicators."""
    st = position(GAME, [{"arena": ["Test Viper"], "spellbook_size": 5}, {"spellbook_size": 5}])
    viper = arena_page(st, "Test Viper", 0)
    play(st, f"attack:c{viper}", "at:P2")
    while st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else "done" if "done" in ids(st) else ids(st)[0])
    assert [i.status for i in statuses.indicators_of(st.data, caster_ref(1))] == ["poison", "poison"]
