"""MetaZoo 2022 Effects and Page definitions no rule test reached (issue 28, mutation survivors
of ``cards.PageDef``/``cards.to_def``, ``ops._ordered``, ``rules._trigger`` and
``statuses._past``): a Trap's stated flip moment, start-of-turn Effects, a Basic Aura's own
type, a Page with a printed Trait counted once it arrives, an Effect inflicting Frozen before
its Damage, a triggered Effect that is not a Page's last one choosing its target, and the word
for Confusion. The Page definitions are parsed inside the tests, where the definition code runs."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import statuses, traits, traps, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import page_ref

BASE = metatcg.load_game("metazoo-2022")

SNAPPER = """
[[page]]
name = "Test Dawn Snapper"
type = "beastie"
cost = [{ aura = "water", n = 1 }]
lp = 40
traits = ["trap"]
flip_at = "start_of_turn"
text = "It flips at the start of its Caster's turn."
[[page.attack]]
name = "Snap"
damage = 20
"""

SPRING = """
[[page]]
name = "Test Spark Spring"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 20
text = "Start of your turn: make 1 Lightning Aura."

[[page.effect]]
when = "start_of_turn"
turns = "yours"
do = [{ op = "generate", aura = "lightning", n = 1 }]
"""

AURAS = """
[[page]]
name = "Test Brook Aura"
type = "aura"
aura = "water"

[[page]]
name = "Test Prism Aura"
type = "aura"
special = true
aura = "water"
produces = ["water", "frost"]
limit = 2
"""

STANDINS = """
[[page]]
name = "Test Frost Snap"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Freeze target opposing Beastie, then deal 10 Damage to it."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "inflict", status = "frozen", x = 2, auto = true, to = "t0" }, { op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Omen Owl"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
text = "Start of your turn: 10 Damage to target opposing Beastie. End of your turn: gain 5 LP."
attack = [{ name = "Peck", damage = 10 }]

[[page.effect]]
when = "start_of_turn"
turns = "yours"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page.effect]]
when = "end_of_turn"
turns = "yours"
do = [{ op = "gain_lp", amount = 5, to = "controller" }]
"""
GAME = BASE.with_cards(parse_pages(STANDINS, "mutants-effects.toml"))


def pass_all(st, until: str = "main") -> None:
    while st.result is None and st.decision.kind != until:
        if st.decision.kind in ("pay", "__order_triggers"):
            st.apply(ids(st)[0])
        else:
            st.apply("pass")


@pytest.mark.rule("MZ22-TRAP-21")
def test_a_trap_stating_its_flip_moment_flips_at_the_start_of_its_casters_turn():
    game = BASE.with_cards(parse_pages(SNAPPER, "snapper.toml"))
    st = position(game, [{"chapter": ["Test Dawn Snapper"], "arena": ["Water Aura", "Water Aura"],
                          "spellbook_size": 5}, {"spellbook_size": 5}], active=1)
    snap = st.data.chapter[0][0]
    traps.place(st, 0, snap)
    play(st, "end")
    assert st.decision.kind == "trap_pay" and st.current_player() == 0 and st.data.turn == 4
    assert not st.data.in_play[snap].face_down


@pytest.mark.rule("MZ22-TURN-1", "MZ22-TURN-5")
def test_a_start_of_turn_effect_happens_at_the_start_of_the_turn():
    game = BASE.with_cards(parse_pages(SPRING, "spring.toml"))
    st = position(game, [{"arena": ["Test Spark Spring"]}, {}], step="start_a")
    pass_all(st)
    assert st.data.pool[0] == {"lightning": 1}


@pytest.mark.rule("MZ22-AURA-5")
def test_a_basic_aura_is_of_its_type_and_a_special_aura_of_none():
    brook, prism = parse_pages(AURAS, "auras.toml")
    assert brook.base_types == frozenset({"water"}) and not brook.dual
    assert prism.base_types == frozenset({"special"})


@pytest.mark.rule("MZ22-SIMUL-3")
def test_frozen_inflicted_before_damage_in_one_effect_asks_the_order():
    st = position(GAME, [{"chapter": ["Test Frost Snap"]}, {"arena": [{"name": "Ember Hare", "fatigued": False}]}])
    hare = arena_page(st, "Ember Hare")
    play(st, f"contract:c{st.data.chapter[0][0]}", f"target:c{hare}")
    while st.decision.kind in ("__respond", "pay"):
        st.apply(ids(st)[0] if st.decision.kind == "pay" else "pass")
    assert st.decision.kind == "order" and st.current_player() == 0
    assert ids(st) == ["first:damage", "first:status"]


@pytest.mark.rule("MZ22-TURN-1")
def test_a_triggered_effect_that_is_not_the_pages_last_chooses_its_own_targets():
    st = position(GAME, [{"arena": ["Test Omen Owl"]}, {"arena": ["Ember Hare"]}], step="start_a")
    hare = arena_page(st, "Ember Hare")
    while st.decision.kind != "target":
        st.apply(ids(st)[0] if st.decision.kind == "__order_triggers" else "pass")
    assert ids(st) == [f"target:c{hare}"]
    play(st, f"target:c{hare}")
    assert st.data.in_play[hare].damage == 10


def test_confusion_is_logged_in_words():
    st = position(GAME, [{}, {"arena": ["Ember Hare"]}])
    hare = arena_page(st, "Ember Hare")
    assert statuses.inflict(st, 0, "confusion", [page_ref(hare)], auto=True) == [page_ref(hare)]
    assert st.log[-1] == "Ember Hare is Confused"


NEWT = """
[[page]]
name = "Test Regen Newt"
type = "beastie"
cost = [{ aura = "water", n = 1 }]
lp = 30
traits = ["regen"]
attack = [{ name = "Lick", damage = 10 }]
"""


def test_a_page_with_a_printed_trait_arriving_is_seen_with_it():
    game = BASE.with_cards(parse_pages(NEWT, "newt.toml"))
    st = position(game, [{"arena": ["Test Regen Newt"], "chapter": ["Test Regen Newt"]}, {}])
    d = st.data
    first, second = arena_page(st, "Test Regen Newt"), d.chapter[0][0]
    assert traits.with_trait(d, "regen") == [first]           # the list is cached now
    d.chapter[0].remove(second)
    zones.enter_arena(st, second, 0, contracted=True)
    assert traits.with_trait(d, "regen") == [first, second]
