"""More MetaZoo 2022 Effect ops that no rule test reached (issue 28, mutation survivors of the
corrected sampling): LP paid by an Effect (Blood Pact), a random discard from another Caster's Chapter, and
an Effect that goes on after making Aura of a fixed type. Stand-in Pages ``Test …``; positions
are P1's Take Actions of turn 3."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support.metazoo_2022 import play, position

STANDINS = """
[[page]]
name = "Test Scatter"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Each opponent discards a Page from their Chapter at random."

[[page.effect]]
when = "cast"
do = [{ op = "discard_from_chapter", who = "opponents", random = true }]

[[page]]
name = "Test Kindle Gain"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "You make 1 Flame Aura, then you gain 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "generate", aura = "flame", n = 1 }, { op = "gain_lp", amount = 10, to = "controller" }]

[[page]]
name = "Test Maybe"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "You may deal 10 Damage to the attacker, then you gain 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "may", do = [{ op = "damage", amount = 10, to = "attacker" }] },
      { op = "gain_lp", amount = 10, to = "controller" }]

[[page]]
name = "Test Flame Check"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Choose a Beastie: if it is of the Flame type you gain 10 LP, else 5."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]

[[page.effect.do]]
op = "if"
cond = { count = "types_of", of = "t0", aura = ["flame"] }
then = [{ op = "gain_lp", amount = 10, to = "controller" }]
else = [{ op = "gain_lp", amount = 5, to = "controller" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-ops2.toml"))


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def cast(st, name: str) -> None:
    """P1 Contracts the free stand-in ``name``; the chain resolves."""
    page = next(c for c in st.data.chapter[0] if st.data.defs[c].name == name)
    play(st, f"contract:c{page}")
    while st.result is None and st.decision.kind in ("__respond", "pay"):
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)


@pytest.mark.rule("MZ22-LP-14")
def test_lp_paid_by_an_effect_comes_from_its_controller():
    """Blood Pact: pay 50 LP, then Bookmark 2."""
    st = pos({"chapter": ["Blood Pact"], "aura": {"dark": 1}}, {})
    cast(st, "Blood Pact")
    assert [st.data.lp_of_caster(p) for p in (0, 1)] == [950, 1000]
    assert len(st.data.chapter[0]) == 2 and "P1 loses 50 LP (paid)" in " ".join(st.log)


def test_a_random_discard_takes_one_page_from_each_opponents_chapter():
    st = pos({"chapter": ["Test Scatter"]}, {"chapter": ["Ember Hare", "Ember Hare"]},
             {"chapter": ["Ember Hare"]})
    cast(st, "Test Scatter")
    d = st.data
    assert [len(d.chapter[p]) for p in range(3)] == [0, 1, 0]
    assert [[d.defs[c].name for c in d.limbo[p]] for p in (1, 2)] == [["Ember Hare"], ["Ember Hare"]]


def test_an_effect_goes_on_after_making_aura_of_a_fixed_type():
    st = pos({"chapter": ["Test Kindle Gain"]}, {})
    cast(st, "Test Kindle Gain")
    assert st.data.pool[0].get("flame") == 1
    assert st.data.lp_of_caster(0) == 1010


@pytest.mark.parametrize("per, expected", [("chapter", 3), ("cemetery", 2), ("limbo", 1), ("afterlife", 0)])
def test_an_amount_per_page_counts_the_pages_in_that_zone_of_the_controller(per, expected):
    from metatcg.games.metazoo_2022 import stats
    st = pos({"chapter": ["Ember Hare"] * 3, "cemetery": ["Test Scatter"] * 2, "limbo": ["Ember Hare"]},
             {"chapter": ["Ember Hare"] * 5})
    assert stats.count(st.data, 0, -1, per) == expected
    assert stats.count(st.data, 0, -1, "tribe") == 0           # no Page to count the tribe of


@pytest.mark.rule("PR-MZ22-71")
def test_a_may_that_would_do_nothing_is_not_asked_and_the_effect_goes_on():
    """Outside Combat there is no attacker, so "you may deal 10 Damage to the attacker" would do
    nothing: no question, and the LP gain after it still happens."""
    st = pos({"chapter": ["Test Maybe"]}, {})
    cast(st, "Test Maybe")
    assert st.decision.kind == "main" and st.data.lp_of_caster(0) == 1010


@pytest.mark.parametrize("beastie, gain", [("Ember Hare", 10), ("Puddle Sprite", 5)])
def test_a_condition_on_a_targets_types_reads_the_target_chosen(beastie, gain):
    st = pos({"chapter": ["Test Flame Check"], "arena": [beastie]}, {})
    target = next(c for c in st.data.arena if st.data.defs[c].name == beastie)
    page = st.data.chapter[0][0]
    play(st, f"contract:c{page}", f"target:c{target}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.data.lp_of_caster(0) == 1000 + gain
