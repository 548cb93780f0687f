"""MetaZoo 2022 dividing an Attack's Damage among Defenders (issue 28, mutation survivors of
``combat.alloc_menu``): the last Defender's options with the remainder below 5 when the rest
may go on to the original target, and more fives than Defenders spread over six of them.
Every path through the allocate decisions must end in a split the rules allow, and every
such split must be reachable (the oracle of test_metazoo_2022_fight_combat)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import combat
from metatcg.games.metazoo_2022.cards import parse_pages
from support.metazoo_2022 import arena_page as page, play, position
from test_metazoo_2022_fight_combat import legal_splits, reachable
from metatcg.games.metazoo_2022.records import page_ref

PUPS = [f"Test Pup {c}" for c in "ABCDEF"]
PAGES = "\n".join(
    [f'[[page]]\nname = "{n}"\ntype = "beastie"\ncost = [{{ aura = "neutral", n = 1 }}]\nlp = 5\n'
     f'attack = [{{ name = "Yip", damage = 5 }}]\n' for n in PUPS]
    + ['[[page]]\nname = "Test Den"\ntype = "beastie"\ncost = [{ aura = "neutral", n = 1 }]\nlp = 100\n'
       'attack = [{ name = "Growl", damage = 5 }]\n',
       '[[page]]\nname = "Test Odd Brute"\ntype = "beastie"\ncost = [{ aura = "neutral", n = 1 }]\nlp = 100\n'
       'attack = [{ name = "Maul", damage = 20, bonus = { per = "terra", each = 10, plus = 3 } }]\n',
       '[[page]]\nname = "Test Wide Brute"\ntype = "beastie"\ncost = [{ aura = "neutral", n = 1 }]\nlp = 100\n'
       'attack = [{ name = "Sweep", damage = 35 }]\n',
       '[[page]]\nname = "Test Stone Den"\ntype = "beastie"\ncost = [{ aura = "neutral", n = 1 }]\nlp = 100\n'
       'traits = ["stone_skin"]\ntext = "Stone Skin."\n'])
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(PAGES, "mutants-alloc.toml"))


def to_allocation(st, atk: int, den: int, pages: list[int]) -> None:
    """P1's ``atk`` attacks Test Den; ``pages`` all Defend, the last one primary, answering with
    its first Attack: the Damage is then P1's to allocate."""
    play(st, f"attack:c{atk}", f"at:c{den}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    play(st, *[f"defend:c{b}" for b in pages], "done", f"primary:c{pages[-1]}")
    if st.decision.kind == "counter":
        play(st, "atk:0")


@pytest.mark.rule("MZ22-COMBAT-33", "MZ22-COMBAT-34", "MZ22-COMBAT-35", "MZ22-COMBAT-48")
@pytest.mark.parametrize("attacker,defenders,total", [
    ("Test Odd Brute", PUPS[:2], 23),          # 18 left for the last: 5/8, 10/13, 15 or 18, rest spills
    ("Test Wide Brute", PUPS, 35),             # seven fives over six Defenders
])
def test_every_legal_split_and_no_other_is_reachable(attacker, defenders, total):
    st = position(GAME, [{"arena": [attacker]}, {"arena": ["Test Den", *defenders]}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    atk, den, pages = page(st, attacker), page(st, "Test Den"), [page(st, n) for n in defenders]
    assert combat.attack_total(st.data, atk, 0, page_ref(pages[-1])) == total
    to_allocation(st, atk, den, pages)
    assert st.decision.kind == "allocate"
    paths = reachable(st, [*defenders, "Test Den"], attacker)
    assert len(paths) == len(set(paths))
    assert set(paths) == legal_splits(total, [5] * len(defenders))


@pytest.mark.rule("MZ22-COMBAT-33")
def test_an_allocation_option_says_when_it_carries_the_remainder_below_five():
    """23 Damage over two Defenders and the original target: the parts that are not a multiple of
    5 carry the 3 left over, and the last Defender's options say what goes on to the target. The
    view shows the primary Defender's answering Attack meanwhile."""
    st = position(GAME, [{"arena": ["Test Odd Brute"]}, {"arena": ["Test Den", *PUPS[:2]]}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    atk, den, pages = page(st, "Test Odd Brute"), page(st, "Test Den"), [page(st, n) for n in PUPS[:2]]
    to_allocation(st, atk, den, pages)
    assert [a.label for a in st.legal_actions()][:2] == ["5 Damage to Test Pup A",
                                                          "8 Damage to Test Pup A (with the remainder)"]
    assert st.view(0)["combat"]["counter_damage"] == "Yip (5)"    # the primary Defender answers
    st.apply(st.legal_actions()[0].id)
    assert [a.label for a in st.legal_actions()][:2] == ["5 Damage to Test Pup B, 13 to Test Den",
                                                          "8 Damage to Test Pup B (with the remainder), 10 to Test Den"]


@pytest.mark.rule("MZ22-COMBAT-35", "MZ22-COMBAT-51", "MZ22-TRAIT-STONESKIN-4")
def test_damage_passed_on_to_the_original_target_is_attack_damage():
    """Test Wide Brute's 35 is split 5 and 5 over two Pups and 25 goes on to the original target,
    Test Stone Den: it is still the Attack's Damage dealt in Combat, so Stone Skin does not stop it."""
    st = position(GAME, [{"arena": ["Test Wide Brute"]}, {"arena": ["Test Stone Den", *PUPS[:2]]}],
                  turn=3, active=0, first=0, options={"auto_single": False})
    atk, den, pages = page(st, "Test Wide Brute"), page(st, "Test Stone Den"), [page(st, n) for n in PUPS[:2]]
    to_allocation(st, atk, den, pages)
    while st.decision.kind == "allocate":
        st.apply(st.legal_actions()[0].id)               # the least to each Pup: the rest goes on
    assert st.data.in_play[den].damage == 25
    assert "Test Stone Den takes 25 Damage from Test Wide Brute (75/100 LP)" in st.log
