"""MetaZoo 2022 Traps paid on a flip (issue 28, mutation survivors of ``traps.flip`` and
``traps.paid``): a flipped Trap's state still saves, a Spell Trap with a target resolves at
once off the chain, and its FLIPPED Effect carries the Page's Aura Types (Type Advantage by
the wheel when it prints no icons)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

# a Flame Trap printing no Strong Against icon: its Type Advantage comes from the wheel
STANDINS = """
[[page]]
name = "Test Cinder Lurker"
type = "beastie"
cost = [{ aura = "flame", n = 1 }]
lp = 60
traits = ["trap"]
text = "Trap."

[[page.effect]]
when = "flipped"
do = [{ op = "damage", amount = 20, to = "attacker" }]
text = "FLIPPED: deal 20 Damage to the attacking Beastie."
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-flips.toml"))


def foe_trap(name: str, attacker: str = "Ember Hare", p2_arena=("Water Aura", "Lightning Aura")):
    """P1 to act with an Awakened ``attacker``; P2 has ``name`` face-down on its own."""
    st = position(GAME, [{"arena": [{"name": attacker, "fatigued": False}]},
                         {"arena": list(p2_arena), "chapter": [name]}])
    c = next(c for c in st.data.chapter[1] if st.data.defs[c].name == name)
    traps.place(st, 1, c)
    return st, c, arena_page(st, attacker)


def flip_and_pay(st, trap: int, attacker: int) -> None:
    """P1 Attacks the face-down ``trap``; P2 pays for it."""
    play(st, f"attack:c{attacker}", f"at:{traps.alias(st.data, trap)}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    assert st.decision.kind == "trap_pay"
    play(st, "trap:pay")
    while st.decision is not None and st.decision.kind == "pay":
        st.apply(ids(st)[0])


@pytest.mark.rule("MZ22-TRAP-13")
def test_a_trap_flipped_face_up_saves_and_reads_back():
    st, lurker, hare = foe_trap("Bog Lurker")
    flip_and_pay(st, lurker, hare)
    assert st.data.in_play[lurker].face_down is False and lurker in st.data.arena
    back = GAME.state_from_json(st.to_json())
    assert back.to_json() == st.to_json() and ids(back) == ids(st)


@pytest.mark.rule("MZ22-TRAP-13", "MZ22-COMBAT-8", "MZ22-TRAP-27")
def test_a_paid_spell_trap_with_a_target_resolves_at_once_off_the_chain():
    st, hex_, hare = foe_trap("Tripwire Hex")
    flip_and_pay(st, hex_, hare)
    assert st.decision.kind == "target" and st.current_player() == 1, st.decision
    assert ids(st) == [f"target:c{hare}"]
    play(st, f"target:c{hare}")
    d = st.data
    assert any(i.status == "paralyze" for i in d.in_play[hare].indicators), d.in_play[hare]
    assert hex_ in d.cemetery[1] and hex_ not in d.in_play
    assert not d.chain and d.pool[1] == {}          # paid once, never put on the chain


@pytest.mark.rule("MZ22-KW-2", "MZ22-KW-8", "MZ22-TYPEADV-3")
def test_a_flipped_effect_uses_its_traps_aura_types_for_type_advantage():
    """Test Cinder Lurker prints no icon: its FLIPPED Damage is strong by the wheel from its
    Flame type (Flame over Frost), so Snow Marten takes 20 + 20."""
    st, lurker, marten = foe_trap("Test Cinder Lurker", attacker="Snow Marten", p2_arena=("Flame Aura",))
    flip_and_pay(st, lurker, marten)
    assert any("Snow Marten takes 40 Damage from Test Cinder Lurker" in line for line in st.log), st.log[-8:]


@pytest.mark.rule("MZ22-COMBAT-7", "MZ22-COMBAT-53", "MZ22-COMBAT-12")
def test_a_beastie_trap_flipped_when_attacked_stays_fatigued_and_cannot_defend_later():
    """P1 Attacks P2's face-down Bog Lurker with the Ember Hare; P2 pays and the flipped Lurker is
    Fatigued. The end of that Combat Awakens nothing, so when the Snow Marten then Attacks P2 the
    Lurker cannot be declared a Defender: P2 is not asked."""
    awake = [{"name": "Ember Hare", "fatigued": False}, {"name": "Snow Marten", "fatigued": False}]
    st = position(GAME, [{"arena": awake},
                         {"arena": ["Water Aura", "Lightning Aura"], "chapter": ["Bog Lurker"]}])
    lurker = next(c for c in st.data.chapter[1] if st.data.defs[c].name == "Bog Lurker")
    traps.place(st, 1, lurker)
    hare, marten = arena_page(st, "Ember Hare"), arena_page(st, "Snow Marten")
    flip_and_pay(st, lurker, hare)
    assert st.decision.kind == "main" and st.data.in_play[lurker].fatigued
    play(st, f"attack:c{marten}", "at:P2")
    assert st.decision.kind == "main" and st.current_player() == 0     # no Defender to declare
    assert st.data.in_play[lurker].fatigued
