"""MetaZoo 2022 face-down Traps: placing and sliding them, hiding them, the flip when an Attack
targets one or its host, paying or losing it, and the penalty for a Page without the Trait."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


def pay_all(st) -> None:
    """Take the first pay pick until the cost is paid."""
    while st.decision is not None and st.decision.kind == "pay":
        st.apply(ids(st)[0])


def attack(st, hare: int, ref: str, *more: str) -> None:
    play(st, f"attack:c{hare}", f"at:{ref}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    play(st, *more)


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def foe_trap(name: str, host: str | None = None, p2_arena=("Water Aura", "Water Aura"), p1=None):
    """P1 to act with an Awakened Ember Hare; P2 has ``name`` face-down (under ``host``)."""
    arena = list(p2_arena) + ([host] if host else [])
    st = position(GAME, [{"arena": [{"name": "Ember Hare", "fatigued": False}], **(p1 or {})},
                         {"arena": arena, "chapter": [name]}])
    c = chapter_page(st, 1, name)
    traps.place(st, 1, c)
    if host:
        traps.slide(st, 1, c, arena_page(st, host))
    return st, c, arena_page(st, "Ember Hare")


@pytest.mark.rule("MZ22-TURN-9", "MZ22-ACTION-6", "MZ22-TRAP-2", "MZ22-TRAP-29", "MZ22-TRAP-7",
                  "MZ22-TRAIT-TRAP-1", "MZ22-TURN-10", "MZ22-TURN-24", "MZ22-TRAP-8", "MZ22-TRAP-6", "MZ22-TRAP-3")
def test_place_face_down_then_slide_once_per_turn():
    st = position(GAME, [{"arena": ["Puddle Sprite", "Reed Kelpie"], "chapter": ["Bog Lurker", "Ember Hare"]}, {}])
    lurker, hare = chapter_page(st, 0, "Bog Lurker"), chapter_page(st, 0, "Ember Hare")
    assert "trap" in ids(st) and not any(a.startswith("trap:") for a in ids(st))   # one option (PR-MZ22-54)
    play(st, "trap")
    assert st.decision.kind == "trap_place"
    assert set(ids(st)) == {f"trap:c{lurker}", "trap:bluff", "back"}   # no Aura needed
    play(st, "trap:bluff")
    assert set(ids(st)) == {f"trap:c{hare}", "back"}                     # any Page (MZ22-TRAP-2/29)
    play(st, "back", "trap", f"trap:c{lurker}")
    s = st.data.ps[lurker]
    assert s.face_down and s.controller == 0 and lurker not in st.data.arena and st.data.pool[0] == {}
    assert st.decision.kind == "main"                                  # no chain, back to Take Actions
    sprite, kelpie = arena_page(st, "Puddle Sprite"), arena_page(st, "Reed Kelpie")
    assert {f"slide:c{lurker}>c{sprite}", f"slide:c{lurker}>c{kelpie}"} <= set(ids(st))
    play(st, "trap", "trap:bluff", f"trap:c{hare}", f"slide:c{lurker}>c{sprite}")
    assert st.data.ps[lurker].under == sprite
    # the other face-down Page may not join it under the same Page, and Lurker moved already
    assert f"slide:c{hare}>c{kelpie}" in ids(st) and f"slide:c{hare}>c{sprite}" not in ids(st)
    assert not any(a.startswith(f"slide:c{lurker}") for a in ids(st))


@pytest.mark.rule("MZ22-TRAP-22", "MZ22-TRAP-23")
def test_face_down_pages_are_hidden_and_nothing_for_rules():
    st, lurker, hare = foe_trap("Bog Lurker")
    v1 = st.view(0)
    (seen,) = v1["beneath"]
    assert seen == {"id": traps.alias(st.data, lurker), "face_down": True, "controller": 1, "under": None}
    assert f"c{lurker}" not in repr(v1) and not any(f"c{lurker}" in line for line in st.log_for(0))
    assert "Bog Lurker" not in str(v1) and not any("Bog Lurker" in line for line in st.log_for(0))
    assert st.view(1)["beneath"][0]["name"] == "Bog Lurker"
    assert any("Bog Lurker" in line for line in st.log_for(1))
    from metatcg.games.metazoo_2022.stats import beasties
    assert lurker not in beasties(st.data)
    # determinize never keeps the real identity for certain: it is resampled among hidden Pages
    from metatcg.engine.rng import Rng
    names = set()
    for k in range(12):
        d = GAME.determinize(st, 0, Rng(k)).data
        names.add(d.defs[next(c for c, s in d.ps.items() if s.face_down)].name)
    assert names != {"Bog Lurker"}


@pytest.mark.rule("MZ22-COMBAT-6", "MZ22-TRAP-16", "MZ22-TRAP-13", "MZ22-TRAP-24", "MZ22-TRAP-25", "MZ22-KW-2",
                  "MZ22-TRAP-1", "MZ22-TRAP-27", "MZ22-COMBAT-41")
def test_attack_flips_a_stand_alone_trap_and_paying_contracts_it():
    st, lurker, hare = foe_trap("Bog Lurker")
    play(st, f"attack:c{hare}")
    fd = traps.alias(st.data, lurker)
    assert f"at:{fd}" in ids(st) and f"at:c{lurker}" not in ids(st)
    play(st, f"at:{fd}", "atk:0")
    assert st.decision.kind == "trap_pay" and st.current_player() == 1
    assert ids(st) == ["trap:pay", "trap:decline"]
    assert not st.data.ps[lurker].face_down
    play(st, "trap:pay")
    pay_all(st)
    d = st.data
    assert lurker in d.arena and d.ps[lurker].fatigued and d.ps[lurker].contracted
    # its FLIPPED Effect (20, +20 Water over Flame) then Combat went on against it (MZ22-COMBAT-41)
    assert any("Ember Hare takes 40 Damage from Bog Lurker" in line for line in st.log)
    assert d.ps[lurker].damage == 30 and hare in d.limbo[0]
    assert not d.chain                                             # no chain item for the flip


@pytest.mark.rule("MZ22-TRAP-14", "MZ22-KW-5", "MZ22-COMBAT-41")
def test_an_unpaid_trap_goes_to_the_afterlife_and_combat_ends():
    st, lurker, hare = foe_trap("Bog Lurker")
    attack(st, hare, traps.alias(st.data, lurker), "trap:decline")
    d = st.data
    assert lurker in d.afterlife[1] and lurker not in d.ps
    assert d.ps[hare].damage == 0 and d.combat is None and st.decision.kind == "main"


@pytest.mark.rule("MZ22-TRAP-4", "MZ22-TRAP-26", "MZ22-TRAP-5")
def test_a_face_down_page_without_the_trait_loses_the_game():
    st, fake, hare = foe_trap("Snow Marten")
    attack(st, hare, traps.alias(st.data, fake))
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    assert fake in st.data.limbo[1]


@pytest.mark.rule("MZ22-TRAP-18", "MZ22-TRAP-17", "MZ22-TRAP-9", "MZ22-COMBAT-7", "MZ22-COMBAT-42", "MZ22-TRAP-19")
def test_a_trap_under_the_target_flips_and_defends():
    st, lurker, hare = foe_trap("Bog Lurker", host="Puddle Sprite")
    sprite = arena_page(st, "Puddle Sprite")
    play(st, f"attack:c{hare}")
    assert not any(a.startswith("at:f") for a in ids(st)) and f"at:c{sprite}" in ids(st)
    play(st, f"at:c{sprite}", "atk:0", "trap:pay")
    pay_all(st)
    d = st.data
    assert d.combat.defenders == (lurker,) and d.ps[lurker].fatigued and d.ps[lurker].under == -1


@pytest.mark.rule("MZ22-COMBAT-8", "MZ22-COMBAT-41", "MZ22-TRAP-25")
def test_a_spell_trap_resolves_at_once_and_the_attack_ends():
    st, thicket, hare = foe_trap("Sudden Thicket")
    attack(st, hare, traps.alias(st.data, thicket), "trap:pay")
    pay_all(st)
    d = st.data
    assert hare in d.limbo[0] and thicket in d.cemetery[1] and d.combat is None   # 40 + 20 Type Advantage


@pytest.mark.rule("MZ22-TRAP-11", "MZ22-TRAP-28", "MZ22-TRAP-15")
def test_a_trap_stays_when_its_host_leaves():
    st, lurker, hare = foe_trap("Bog Lurker", host="Puddle Sprite")
    from metatcg.games.metazoo_2022.zones import destroy
    destroy(st, [arena_page(st, "Puddle Sprite")])
    s = st.data.ps[lurker]
    assert s.face_down and s.under == -1
