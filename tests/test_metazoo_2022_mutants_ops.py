"""MetaZoo 2022 Effect ops that no rule test reached on their own (issue 28, mutation
survivors): LP for every Caster, Awaken, coin flips and rolls that pick a branch, searches
that skip Pages, fixed-type Aura generation, LP conditions and copying a Spell mid-Effect.
Each stand-in Page (``Test …``) isolates one op; positions are P1's Take Actions of turn 3."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

STANDINS = """
[[page]]
name = "Test Drain"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Each Caster loses 10 LP, then you gain 20 LP."

[[page.effect]]
when = "cast"
do = [{ op = "lose_lp", amount = 10, to = "each_caster" }, { op = "gain_lp", amount = 20, to = "controller" }]

[[page]]
name = "Test Tithe"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Every Caster loses 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "lose_lp", amount = 10, to = { each = "caster", side = "any" } }]

[[page]]
name = "Test Rouse"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Awaken target Beastie you control."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "own" }]
do = [{ op = "awaken", to = "t0" }]

[[page]]
name = "Test Coin"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Flip a coin: either way you gain 10 LP, then you gain 5 more."

[[page.effect]]
when = "cast"
do = [
  { op = "flip", heads = [GAIN_10], tails = [GAIN_10] },
  { op = "gain_lp", amount = 5, to = "controller" },
]

[[page]]
name = "Test Dice"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Roll a D6: whatever it shows you gain 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "roll", branches = [{ faces = [1, 2, 3, 4, 5, 6], do = [GAIN_10] }] }]

[[page]]
name = "Test Seek Beastie"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Search for a Beastie."

[[page.effect]]
when = "cast"
do = [{ op = "search", type = "beastie" }]

[[page]]
name = "Test Seek Flame"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Search for a Flame Page."

[[page.effect]]
when = "cast"
do = [{ op = "search", aura = ["flame"] }]

[[page]]
name = "Test Seek Hare"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Search for an Ember Hare."

[[page.effect]]
when = "cast"
do = [{ op = "search", name = "Ember Hare" }]

[[page]]
name = "Test Seek Two"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Search for up to two Beasties."

[[page.effect]]
when = "cast"
do = [{ op = "search", type = "beastie", n = 2 }]

[[page]]
name = "Test Kindling"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "You make 1 Flame Aura."

[[page.effect]]
when = "cast"
do = [{ op = "generate", aura = "flame", n = 1 }]

[[page]]
name = "Test Brave"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "If you have 1000 LP or more, you gain 10 LP."

[[page.effect]]
when = "cast"
do = [
  { op = "if", cond = { count = "controller_lp", cmp = "ge", n = 1000 }, then = [GAIN_10] },
]

[[page]]
name = "Test Spark"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "10 Damage to target Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Echo"
type = "spell"
any_time = true
cost = [{ aura = "neutral", n = 0 }]
text = "Any time: copy target opposing Spell, then you gain 10 LP."

[[page.effect]]
when = "cast"
targets = [{ kind = "spell", side = "opposing" }]
do = [{ op = "copy_spell", of = "t0" }, GAIN_10]
""".replace("GAIN_10", '{ op = "gain_lp", amount = 10, to = "controller" }')
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-ops.toml"))


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def cast(st, name: str, *then: str) -> None:
    """P1 Contracts the free stand-in ``name`` and answers ``then``; the chain resolves."""
    page = next(c for c in st.data.chapter[0] if st.data.defs[c].name == name)
    play(st, f"contract:c{page}", *then)
    while st.result is None and st.decision.kind == "__respond":
        st.apply("pass")


def caster_lp(st) -> list[int]:
    return [st.data.lp_of_caster(p) for p in range(st.data.n)]


@pytest.mark.rule("MZ22-LP-14")
def test_an_effect_on_each_caster_reaches_every_caster_and_lp_gain_raises_the_controller():
    st = pos({"chapter": ["Test Drain", "Test Tithe"]}, {}, {})
    cast(st, "Test Drain")
    assert caster_lp(st) == [1010, 990, 990]
    cast(st, "Test Tithe")
    assert caster_lp(st) == [1000, 980, 980]


def test_each_caster_skips_an_eliminated_caster_and_no_other():
    st = pos({"chapter": ["Test Drain"]}, {}, {"out": True})
    cast(st, "Test Drain")
    assert caster_lp(st)[:2] == [1010, 990]


def test_awaken_readies_a_fatigued_beastie():
    st = pos({"chapter": ["Test Rouse"], "arena": [{"name": "Ember Hare", "fatigued": True}]}, {})
    hare = arena_page(st, "Ember Hare")
    assert st.data.in_play[hare].fatigued
    cast(st, "Test Rouse", f"target:c{hare}")
    assert not st.data.in_play[hare].fatigued


@pytest.mark.rule("MZ22-DIE-2")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_flip_runs_the_branch_it_lands_on_and_then_the_rest_of_the_effect(seed):
    st = pos({"chapter": ["Test Coin"]}, {}, seed=seed)
    cast(st, "Test Coin")
    assert caster_lp(st)[0] == 1015


@pytest.mark.rule("MZ22-DIE-1")
def test_a_roll_runs_the_branch_whose_faces_hold_the_result():
    st = pos({"chapter": ["Test Dice"]}, {})
    cast(st, "Test Dice")
    assert caster_lp(st)[0] == 1010


@pytest.mark.rule("MZ22-SHUF-1")
@pytest.mark.parametrize("spell, book, want", [
    ("Test Seek Beastie", ["Flame Aura", "Water Aura", "Ember Hare", "Flame Aura"], ["Ember Hare"]),
    ("Test Seek Flame", ["Water Aura", "Ember Hare", "Water Aura"], ["Ember Hare"]),
    ("Test Seek Hare", ["Water Aura", "Ember Hare", "Flame Aura"], ["Ember Hare"]),
])
def test_a_search_offers_every_matching_page_past_ones_that_do_not_match(spell, book, want):
    st = pos({"chapter": [spell], "spellbook": book}, {})
    cast(st, spell)
    assert st.decision.kind != "main"
    assert sorted(a.split(":", 1)[1] for a in ids(st)) == want


@pytest.mark.rule("MZ22-SHUF-3")
def test_a_search_that_finds_nothing_still_shuffles():
    book = ["Flame Aura", "Water Aura", "Forest Aura", "Light Aura", "Dark Aura", "Frost Aura"]
    st = pos({"chapter": ["Test Seek Beastie"], "spellbook": book}, {}, seed=5)
    before = list(st.data.spellbook[0])
    cast(st, "Test Seek Beastie")
    assert st.decision.kind == "main"
    assert sorted(st.data.spellbook[0]) == sorted(before) and st.data.spellbook[0] != before


@pytest.mark.rule("MZ22-SHUF-1")
def test_a_search_for_two_asks_twice_and_no_more():
    book = ["Ember Hare", "Ember Hare", "Ember Hare", "Flame Aura"]
    st = pos({"chapter": ["Test Seek Two"], "spellbook": book}, {})
    cast(st, "Test Seek Two")
    kinds = []
    while st.decision.kind != "main":
        kinds.append(st.decision.kind)
        st.apply(ids(st)[0])
    assert len(kinds) == 2
    assert sorted(st.data.defs[c].name for c in st.data.chapter[0]) == ["Ember Hare", "Ember Hare"]


@pytest.mark.rule("MZ22-AURA-9")
def test_generated_aura_of_a_fixed_type_adds_exactly_its_amount():
    st = pos({"chapter": ["Test Kindling"], "aura": {"water": 1}}, {})
    cast(st, "Test Kindling")
    assert st.data.pool[0] == {"water": 1, "flame": 1}


@pytest.mark.parametrize("loss, gains", [(0, True), (10, False)])
def test_an_lp_condition_at_exactly_its_threshold_holds(loss, gains):
    st = pos({"chapter": ["Test Brave"], "lp_loss": loss}, {})
    cast(st, "Test Brave")
    assert caster_lp(st)[0] == 1000 - loss + (10 if gains else 0)


@pytest.mark.rule("MZ22-TOKEN-10", "MZ22-TOKEN-11")
def test_a_spell_copied_mid_effect_waits_for_its_targets_and_the_rest_runs_once():
    st = pos({"chapter": ["Test Spark"], "arena": ["Ember Hare"]},
             {"chapter": ["Test Echo"], "arena": ["Ember Hare"]})
    mine, theirs = arena_page(st, "Ember Hare", 0), arena_page(st, "Ember Hare", 1)
    spark = st.data.chapter[0][0]
    echo = st.data.chapter[1][0]
    play(st, f"contract:c{spark}", f"target:c{theirs}", f"contract:c{echo}", "target:k0")
    assert (st.decision.kind, st.current_player()) == ("target", 1)
    assert caster_lp(st)[1] == 1000                     # the rest of Test Echo waits for the copy
    play(st, f"target:c{mine}")
    while st.decision.kind != "main":
        st.apply("pass")
    assert caster_lp(st)[1] == 1010
    assert st.data.in_play[mine].damage == 10 and st.data.in_play[theirs].damage == 10
