"""MetaZoo 2022 Attack Damage and what it triggers (issue 28, mutation survivors of
``combat.attack_total``, ``combat._hit``, ``chain.resolve`` and ``traits.on_attack_damage``): an
Attack of 0 Damage deals none, a lone Defender takes a 5-Damage Attack, a CONTRACT Effect
carries its Page's Aura Types, and Infectious turns a Beastie it finishes (even with 1 Damage,
even one Destroyer also dooms) into a Token."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import combat
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import page_ref


def beastie(name: str, lp: int, attack: str, extra: str = "", aura: str = "neutral") -> str:
    return (f'[[page]]\nname = "{name}"\ntype = "beastie"\ncost = [{{ aura = "{aura}", n = 1 }}]\n'
            f'lp = {lp}\n{extra}attack = [{attack}]\n')


STANDINS = "\n".join([
    beastie("Test Den", 100, '{ name = "Growl", damage = 5 }'),
    beastie("Test Pup", 20, '{ name = "Yip", damage = 5 }'),
    beastie("Test Frail", 5, '{ name = "Yip", damage = 5 }'),
    beastie("Test Hush Pup", 20, '{ name = "Hush", damage = 0 }'),
    beastie("Test Plague Wyrm", 60, '{ name = "Rot", damage = 10 }', 'traits = ["destroyer", "infectious"]\n'),
    beastie("Test Ghoul Mite", 20, '{ name = "Nip", damage = 0, bonus = { per = "terra", each = 10, plus = 1 } }',
            'traits = ["infectious"]\n'),
    beastie("Test Ember Herald", 30, '{ name = "Spark", damage = 5 }', aura="flame") +
    '\n[[page.effect]]\nwhen = "contract"\n'
    'do = [{ op = "damage", amount = 10, to = { each = "beastie", side = "opposing" } }]\n',
])
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-hits.toml"))


def attack(st, attacker: int, target: int, *defenders: int) -> None:
    """``attacker`` Attacks ``target`` with its first Attack; P2 declares ``defenders``."""
    play(st, f"attack:c{attacker}", f"at:c{target}")
    while st.decision is not None and st.decision.kind != "main":
        k = st.decision.kind
        if k == "defenders":
            play(st, *[f"defend:c{b}" for b in defenders], "done")
            defenders = ()
        elif k in ("attack_choice", "counter"):
            play(st, "atk:0")
        elif k == "__respond":
            st.apply("pass")
        else:
            st.apply(ids(st)[0])


def setup(p1: list, p2: list):
    st = position(GAME, [{"arena": p1}, {"arena": p2}])
    return st, st.data


def test_an_attack_of_no_damage_deals_none():
    st, d = setup(["Test Hush Pup"], ["Test Den"])
    hush, den = arena_page(st, "Test Hush Pup"), arena_page(st, "Test Den")
    assert combat.attack_total(d, hush, 0, page_ref(den)) == 0
    attack(st, hush, den)
    assert d.in_play[den].damage == 0


def test_a_lone_defender_takes_a_five_damage_attack():
    st, d = setup(["Test Pup"], ["Test Den", "Test Pup"])
    mine, den, theirs = arena_page(st, "Test Pup", 0), arena_page(st, "Test Den"), arena_page(st, "Test Pup", 1)
    attack(st, mine, den, theirs)
    assert d.in_play[theirs].damage == 5 and d.in_play[den].damage == 0


@pytest.mark.rule("MZ22-KW-8", "MZ22-TYPEADV-3")
def test_a_contract_effect_carries_its_pages_aura_types():
    """Test Ember Herald prints no icon: its CONTRACT Damage is Flame, strong over Frost by the wheel."""
    st = position(GAME, [{"chapter": ["Test Ember Herald"], "aura": {"flame": 1}}, {"arena": ["Snow Marten"]}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind in ("pay", "__respond"):
        st.apply(ids(st)[0] if st.decision.kind == "pay" else "pass")
    assert any("Snow Marten takes 30 Damage from Test Ember Herald" in line for line in st.log), st.log[-6:]


@pytest.mark.rule("MZ22-TRAIT-INFECTIOUS-1", "MZ22-TRAIT-DESTROYER-1")
def test_infectious_with_destroyer_turns_the_doomed_beastie_into_a_token():
    st, d = setup(["Test Plague Wyrm"], ["Test Den"])
    wyrm, den = arena_page(st, "Test Plague Wyrm"), arena_page(st, "Test Den")
    attack(st, wyrm, den)
    assert den not in d.in_play
    assert [d.in_play[c].controller for c in d.arena if d.is_token(c)] == [0]


@pytest.mark.rule("MZ22-TRAIT-INFECTIOUS-1")
def test_infectious_counts_a_beastie_finished_by_one_damage():
    st = position(GAME, [{"arena": ["Test Ghoul Mite"]}, {"arena": [{"name": "Test Frail", "damage": 4}]}])
    d = st.data
    mite, frail = arena_page(st, "Test Ghoul Mite"), arena_page(st, "Test Frail")
    assert combat.attack_total(d, mite, 0, page_ref(frail)) == 1
    attack(st, mite, frail)
    assert frail not in d.in_play
    assert [d.in_play[c].controller for c in d.arena if d.is_token(c)] == [0]


@pytest.mark.rule("MZ22-TRAIT-INFECTIOUS-1")
def test_infectious_leaves_a_beastie_that_survives_alone():
    """Test Ghoul Mite's 1 Damage does not finish the Test Den: no Destroy, no Token."""
    st, d = setup(["Test Ghoul Mite"], ["Test Den"])
    mite, den = arena_page(st, "Test Ghoul Mite"), arena_page(st, "Test Den")
    attack(st, mite, den)
    assert den in d.in_play and d.in_play[den].damage == 1
    assert not any(d.is_token(c) for c in d.arena)
