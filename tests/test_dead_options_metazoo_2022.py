"""MetaZoo 2022: an option whose effect could do nothing now is not offered (PR-MZ22-71).

Mid-game positions: a Spell, a Power and an "any time" Spell that name "the attacking Beastie" or
"each opposing Beastie" are left out while nothing answers to that name, and offered as soon as
something does. The stand-in Pages are our own."""
from __future__ import annotations

import pytest

import metatcg
from support import ids
from support.metazoo_2022 import arena_page, play, position

PAGES = r'''
[[page]]
name = "Bramble Snap"
type = "spell"
any_time = true
cost = [{ aura = "forest", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "damage", amount = 10, to = "attacker" }]
text = "Any time: deal 10 Damage to the attacking Beastie."

[[page]]
name = "Thorn Drummer"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
attack = [{ name = "Drum", damage = 10 }]
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "damage", amount = 10, to = { each = "beastie", side = "opposing" } }]
text = "Power (Fatigue): deal 10 Damage to each opposing Beastie."

[[page]]
name = "Bramble Herald"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
attack = [{ name = "Prick", damage = 10 }]
[[page.effect]]
when = "contract"
do = [{ op = "may", do = [{ op = "damage", amount = 10, to = { each = "beastie", side = "opposing" } }] }]
text = "CONTRACT: you may deal 10 Damage to each opposing Beastie."

[[page]]
name = "Moss Runner"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
attack = [{ name = "Kick", damage = 10 }]
'''

BASE = metatcg.load_game("metazoo-2022")
GAME = BASE.with_cards(BASE.parse_cards(PAGES, "dead-option-pages"))


def pos(*casters, **top):
    return position(GAME, list(casters), **top)


def cid(st, name):
    return next(c for c, df in enumerate(st.data.defs) if df.name == name)


@pytest.mark.rule("MZ22-CONTRACT-11")
def test_sudden_thicket_is_not_offered_in_take_actions_with_no_attacker():
    """The reported case: in your own Take Actions no Beastie is ever attacking (Combat and the
    chain are empty), so the Spell could only ever deal its Damage as a flipped Trap."""
    st = pos({"chapter": ["Sudden Thicket", "Quake Tremor"], "aura": {"water": 1, "earth": 1}},
             {"arena": ["Moss Runner"]})
    legal = ids(st)
    assert f"contract:c{cid(st, 'Quake Tremor')}" in legal        # the same purse pays a live Spell
    assert f"contract:c{cid(st, 'Sudden Thicket')}" not in legal
    assert "trap" in legal                                          # it may still go face-down as a Trap


def test_a_spell_hitting_each_opposing_beastie_waits_for_one():
    empty = pos({"chapter": ["Quake Tremor"], "aura": {"earth": 1}}, {})
    assert f"contract:c{cid(empty, 'Quake Tremor')}" not in ids(empty)
    own_only = pos({"chapter": ["Quake Tremor"], "aura": {"earth": 1}, "arena": ["Moss Runner"]}, {})
    assert f"contract:c{cid(own_only, 'Quake Tremor')}" not in ids(own_only)   # its own Beastie is no target
    live = pos({"chapter": ["Quake Tremor"], "aura": {"earth": 1}}, {"arena": ["Moss Runner"]})
    assert f"contract:c{cid(live, 'Quake Tremor')}" in ids(live)


def test_a_power_with_nothing_to_hit_is_not_offered():
    st = pos({"arena": ["Thorn Drummer"]}, {})
    drummer = arena_page(st, "Thorn Drummer")
    assert not any(a.startswith(f"use:c{drummer}.") for a in ids(st))
    st = pos({"arena": ["Thorn Drummer"]}, {"arena": ["Moss Runner"]})
    drummer = arena_page(st, "Thorn Drummer")
    assert f"use:c{drummer}.0" in ids(st)


@pytest.mark.rule("MZ22-PRIO-2")
def test_an_any_time_spell_naming_the_attacker_waits_for_an_attack():
    st = pos({"arena": ["Moss Runner"], "chapter": ["Bramble Snap"], "aura": {"forest": 1}},
             {"arena": ["Thorn Drummer"], "chapter": ["Bramble Snap"], "aura": {"forest": 1}})
    snap0, snap1 = [c for c, df in enumerate(st.data.defs) if df.name == "Bramble Snap"]
    assert f"contract:c{snap0}" not in ids(st)           # P1's Take Actions: nobody attacks
    runner, drummer = arena_page(st, "Moss Runner"), arena_page(st, "Thorn Drummer")
    play(st, f"attack:c{runner}", f"at:c{drummer}")
    # the attacked Caster holds priority in the first Combat window: now it answers
    assert st.decision.player == 1
    assert f"contract:c{snap1}" in ids(st)


def _contract_herald(st) -> list[str]:
    """Contract Bramble Herald, let it resolve; the decision kinds met on the way."""
    kinds = []
    play(st, f"contract:c{cid(st, 'Bramble Herald')}")
    for _ in range(12):
        kinds.append(st.decision.kind)
        if st.decision.kind == "may" or (st.decision.kind == "main" and cid(st, "Bramble Herald") in st.data.arena):
            break
        st.apply(ids(st)[0])
    return kinds


def test_a_may_that_could_do_nothing_is_not_asked():
    st = pos({"chapter": ["Bramble Herald"], "aura": {"flame": 1}}, {})
    kinds = _contract_herald(st)
    assert "may" not in kinds and cid(st, "Bramble Herald") in st.data.arena
    st = pos({"chapter": ["Bramble Herald"], "aura": {"flame": 1}}, {"arena": ["Moss Runner"]})
    assert _contract_herald(st)[-1] == "may"
