"""MetaZoo 2022: when targets are chosen. An Equipment chooses its target from its written
Effects as it is Contracted, the chain item carries it, and resolution uses it: if it is gone by
then, the Equipment goes to its discard pile rather than Equip another Page (rulebook p. 40,
MZ22-EQUIP-4/7, PR-MZ22-68). With it, the other "chooses a target" moments: a Power's target as
it is used (MZ22-CONTRACT-2 read with MZ22-ACTION-8), re-checked at resolution (MZ22-CHAIN-5)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import equipment
from metatcg.games.metazoo_2022.stats import beasties
from metatcg.games.metazoo_2022.zones import leave
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import page_ref

GAME = metatcg.load_game("metazoo-2022")


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def pay_all(st) -> None:
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])


def two_beasties(chapter: list[str], aura: str = "forest"):
    """P1 controls Ember Hare and Reed Kelpie, holds ``chapter`` and 2 Aura of ``aura``; P2 has
    a Beastie and Spark Snap (30 Damage, "any time") with a Lightning Aura to pay for it."""
    st = position(GAME, [{"arena": [{"name": "Ember Hare", "damage": 30}, "Reed Kelpie"], "chapter": chapter,
                          "aura": {aura: 2}},
                         {"arena": ["Lightning Aura", "Puddle Sprite"], "chapter": ["Spark Snap"]}])
    return st, arena_page(st, "Ember Hare"), arena_page(st, "Reed Kelpie")


def snap_hare(st, hare: int) -> None:
    """P2 answers with Spark Snap on Ember Hare (30 Damage: it is Destroyed) and all pass."""
    play(st, f"contract:c{chapter_page(st, 1, 'Spark Snap')}", f"target:c{hare}")
    pay_all(st)
    while st.decision is not None and "pass" in ids(st):
        play(st, "pass")


@pytest.mark.rule("MZ22-EQUIP-4", "MZ22-CHAIN-3")
@pytest.mark.parametrize("name", ["Thornmail Vest", "Leaden Shackle", "Burr Tick"])
def test_an_equipment_chooses_its_target_as_it_is_contracted_and_the_chain_item_carries_it(name):
    st, hare, kelpie = two_beasties([name], aura="dark" if name == "Leaden Shackle" else "forest")
    page = chapter_page(st, 0, name)
    play(st, f"contract:c{page}")
    assert st.decision.kind == "target" and st.decision.player == 0        # before paying
    assert {f"target:c{hare}", f"target:c{kelpie}"} <= set(ids(st))
    play(st, f"target:c{kelpie}")
    pay_all(st)
    (item,) = st.data.chain
    assert item.source == page and item.targets == ((page_ref(kelpie),),)


@pytest.mark.rule("MZ22-EQUIP-4")
def test_at_resolution_the_equipment_uses_the_target_chosen_at_contract():
    st, hare, kelpie = two_beasties(["Thornmail Vest"])
    vest = chapter_page(st, 0, "Thornmail Vest")
    play(st, f"contract:c{vest}", f"target:c{kelpie}")
    pay_all(st)
    play(st, "pass")                                   # P2 lets it resolve: no second choice of target
    assert st.decision.kind == "main"
    assert equipment.holder(st.data, vest) == kelpie


@pytest.mark.rule("MZ22-EQUIP-7")
@pytest.mark.parametrize("name, pile", [("Thornmail Vest", "limbo"), ("Burr Tick", "limbo")])
def test_if_the_original_target_leaves_the_equipment_is_discarded_not_equipped_elsewhere(name, pile):
    """Ember Hare, the target chosen at Contract, is Destroyed in response; Reed Kelpie would be
    a legal target at resolution, but the Equipment goes to its discard pile (a Beastie too:
    PR-MZ22-68)."""
    st, hare, kelpie = two_beasties([name])
    page = chapter_page(st, 0, name)
    play(st, f"contract:c{page}", f"target:c{hare}")
    pay_all(st)
    snap_hare(st, hare)
    d = st.data
    assert hare in d.limbo[0]
    assert page in getattr(d, pile)[0] and page not in d.in_play and page not in d.arena
    assert equipment.holder(d, page) == -1 and not any(s.under == kelpie for s in d.in_play.values())
    assert st.decision.kind == "main"


@pytest.mark.rule("MZ22-EQUIP-6", "MZ22-TRAIT-EQUIPMENT-2")
def test_a_beastie_equipment_may_be_contracted_without_choosing_a_page_and_enters_as_a_beastie():
    st, hare, kelpie = two_beasties(["Burr Tick"])
    tick = chapter_page(st, 0, "Burr Tick")
    play(st, f"contract:c{tick}")
    assert "done" in ids(st)                            # Equip it to no Page
    st.apply("done")                                    # (support's play skips "done")
    pay_all(st)
    assert st.data.chain[0].targets == ((),)
    snap_hare(st, hare)                                 # no target to lose: it still enters
    d = st.data
    assert tick in d.arena and tick in beasties(d) and equipment.holder(d, tick) == -1
    assert st.decision.kind == "main"                  # nothing asked again at resolution


@pytest.mark.rule("MZ22-TRAIT-EQUIPMENT-1")
def test_an_artifact_equipment_cannot_skip_its_target():
    st, hare, kelpie = two_beasties(["Thornmail Vest"])
    play(st, f"contract:c{chapter_page(st, 0, 'Thornmail Vest')}")
    assert "done" not in ids(st)


@pytest.mark.rule("MZ22-CHAIN-3", "MZ22-CHAIN-5", "MZ22-ACTION-8")
def test_a_power_chooses_its_target_as_it_is_used_and_fizzles_if_it_is_gone():
    """Storm Rod's Power (Fatigue, 1 Lightning: 20 Damage to target opposing Beastie): the
    target is chosen before paying; when it has left by resolution the Power does nothing."""
    st = position(GAME, [{"arena": [{"name": "Storm Rod", "fatigued": False}], "aura": {"lightning": 1}},
                         {"arena": ["Puddle Sprite", "Reed Kelpie"], "chapter": ["Mending Dew"]}])
    rod, sprite, kelpie = (arena_page(st, n) for n in ("Storm Rod", "Puddle Sprite", "Reed Kelpie"))
    play(st, f"use:c{rod}.0")
    assert st.decision.kind == "target" and st.data.in_play[rod].fatigued is False      # target first
    play(st, f"target:c{sprite}")
    pay_all(st)
    assert st.data.chain[-1].targets == ((page_ref(sprite),),)
    leave(st, sprite, "chapter")                        # gone before resolution
    st.options_changed()
    play(st, "pass")
    d = st.data
    assert not d.chain and d.in_play[kelpie].damage == 0     # not redirected to the other Beastie
    assert any("no legal target left" in line for line in st.log)
