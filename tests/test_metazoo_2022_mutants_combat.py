"""MetaZoo 2022 Combat paths no rule test reached (issue 28, mutation survivors): the attacking
Caster picks among several Attacks. Positions are P1's Take Actions of turn 3; stand-in Pages are ``Test …``."""
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

[[page]]
name = "Test Zap"
type = "spell"
any_time = true
cost = [{ aura = "neutral", n = 0 }]
text = "Any time: 100 Damage to target Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "damage", amount = 100, to = "t0" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-combat.toml"))


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def to_main(st) -> None:
    while st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else "done" if "done" in ids(st) else ids(st)[0])


@pytest.mark.rule("MZ22-COMBAT-3")
def test_the_attacking_caster_chooses_which_of_several_attacks():
    st = pos({"arena": ["Test Twin Fang"]}, {"arena": [{"name": "Test Twin Fang"}]})
    mine, theirs = arena_page(st, "Test Twin Fang", 0), arena_page(st, "Test Twin Fang", 1)
    play(st, f"attack:c{mine}", "at:P2")
    assert st.decision.kind == "attack_choice" and st.current_player() == 0
    assert ids(st) == ["atk:0", "atk:1"]
    play(st, "atk:1")
    to_main(st)
    assert st.data.lp_of_caster(1) == 970 and lp(st, theirs) == 100

