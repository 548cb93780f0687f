"""MetaZoo 2022 paths no rule test reached (issue 28, mutation survivors of the full sample):
"up to" targets stop with "No more targets", a copy Effect over a group is offered only when
the group has a Page, a copy of a state with a Token stays apart from it, a target that gained
Magiproof meanwhile is no longer a legal one at resolution, and taking Paralyze away in the same
Effect keeps the removal check the Damage before it called for. Stand-in Pages are ``Test …``."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

STANDINS = """
[[page]]
name = "Test Ember Pair"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "10 Damage to each of up to two target Beasties."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", n = 2, up_to = true }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Mirror Host"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Copy each Beastie you control as a Token."

[[page.effect]]
when = "cast"
do = [{ op = "copy_token", of = { each = "beastie", side = "own" } }]

[[page]]
name = "Test Spawn"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
limit = 3
text = "Create a Test Sprout Token."

[[page.effect]]
when = "cast"
do = [{ op = "create_token", page = { name = "Test Sprout", type = "beastie", lp = 20, text = "A Token." } }]

[[page]]
name = "Test Quick Ward"
type = "artifact"
cost = [{ aura = "neutral", n = 0 }]
any_time = true
lp = 20
text = "Any time. Beasties you control have Magiproof."

[[page.effect]]
when = "arena"
static = [{ op = "grant_trait", trait = "magiproof", who = { each = "beastie", side = "own" } }]

[[page]]
name = "Test Cleansing Blast"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "100 Damage to target Beastie; then your target Beastie is no longer Paralyzed."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }, { kind = "beastie", side = "own" }]
do = [{ op = "damage", amount = 100, to = "t0" }, { op = "remove_status", status = "paralyze", to = "t1" }]

[[page]]
name = "Test Flame Jab"
type = "spell"
cost = [{ aura = "flame", n = 0 }]
text = "20 Damage to target Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "damage", amount = 20, to = "t0" }]

[[page]]
name = "Test Herd Bull"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
text = "+10 LP for each Beastie you control."
attack = [{ name = "Butt", damage = 10 }]

[[page.effect]]
when = "arena"
static = [{ op = "lp_bonus", amount = { per = "own_beasties", each = 10 }, who = "self" }]

[[page]]
name = "Test Tide Imp"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
text = "Power (Fatigue): 20 Damage to target opposing Beastie."
attack = [{ name = "Splash", damage = 10 }]

[[page.effect]]
when = "power"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 20, to = "t0" }]

[[page]]
name = "Test Big Zap"
type = "spell"
any_time = true
cost = [{ aura = "neutral", n = 0 }]
text = "Any time: 100 Damage to target Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "damage", amount = 100, to = "t0" }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "mutants-late.toml"))


def pos(p1: dict, p2: dict):
    return position(GAME, [{"spellbook_size": 5, **p1}, {"spellbook_size": 5, **p2}],
                    turn=3, active=0, first=0, options={"auto_single": False})


def resolve(st) -> None:
    while st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else ids(st)[0])


def contract(st, name: str) -> None:
    play(st, f"contract:c{next(c for c in st.data.chapter[0] if st.data.defs[c].name == name)}")


def test_up_to_targets_may_stop_after_the_first():
    st = pos({"chapter": ["Test Ember Pair"]}, {"arena": ["Bonfire Imp", "Phoenix Fledgling"]})
    imp, bird = arena_page(st, "Bonfire Imp"), arena_page(st, "Phoenix Fledgling")
    contract(st, "Test Ember Pair")
    assert ids(st) == [f"target:c{imp}", f"target:c{bird}"]            # the first is not optional
    st.apply(f"target:c{imp}")
    assert [(a.id, a.label) for a in st.legal_actions()] == [
        (f"target:c{bird}", "Target Phoenix Fledgling (P2)"), ("done", "No more targets")]
    st.apply("done")
    resolve(st)
    assert st.data.in_play[imp].damage == 10 and st.data.in_play[bird].damage == 0


@pytest.mark.rule("PR-MZ22-71")
@pytest.mark.parametrize("arena,offered", [([], False), (["Bonfire Imp"], True)])
def test_a_copy_of_each_own_beastie_is_offered_only_with_a_beastie_to_copy(arena, offered):
    st = pos({"chapter": ["Test Mirror Host"], "arena": arena}, {})
    host = st.data.chapter[0][0]
    assert (f"contract:c{host}" in ids(st)) is offered


def test_a_copy_of_a_state_with_a_token_makes_its_own_tokens_apart():
    """A Token is in play; a copy of the state (a bot's look ahead) makes a second one: the
    original does not change."""
    st = pos({"chapter": ["Test Spawn", "Test Spawn"]}, {})
    contract(st, "Test Spawn")
    resolve(st)
    assert sum(st.data.is_token(c) for c in st.data.arena) == 1
    before = st.to_json()
    copy = st.clone()
    contract(copy, "Test Spawn")
    resolve(copy)
    assert sum(copy.data.is_token(c) for c in copy.data.arena) == 2
    assert st.to_json() == before
    assert len(st.data.defs) < len(copy.data.defs)


@pytest.mark.rule("MZ22-TARGET-6", "MZ22-TRAIT-MAGIPROOF-1")
def test_a_target_that_gained_magiproof_is_no_longer_legal_at_resolution():
    """P1 casts Test Big Zap at P2's Bonfire Imp; P2 answers with Test Quick Ward, which gives its
    Beasties Magiproof: when the Zap resolves its target is no longer legal and it deals nothing."""
    st = pos({"chapter": ["Test Big Zap"]}, {"arena": ["Bonfire Imp"], "chapter": ["Test Quick Ward"]})
    imp = arena_page(st, "Bonfire Imp")
    contract(st, "Test Big Zap")
    play(st, f"target:c{imp}")
    assert st.current_player() == 1
    play(st, f"contract:c{st.data.chapter[1][0]}")
    resolve(st)
    assert st.data.in_play[imp].damage == 0
    assert not any("Bonfire Imp takes" in line for line in st.log)


@pytest.mark.rule("MZ22-LP-9", "MZ22-STATUS-5")
def test_taking_paralyze_away_keeps_the_removal_check_the_damage_called_for():
    """Test Cleansing Blast deals 100 to P2's Bonfire Imp, then takes Paralyze off P1's own
    Ember Hare in the same Effect: the Imp is still Destroyed."""
    hare = {"name": "Ember Hare", "statuses": [{"status": "paralyze"}]}
    st = pos({"chapter": ["Test Cleansing Blast"], "arena": [hare]}, {"arena": ["Bonfire Imp"]})
    imp, hare = arena_page(st, "Bonfire Imp"), arena_page(st, "Ember Hare")
    contract(st, "Test Cleansing Blast")
    play(st, f"target:c{imp}", f"target:c{hare}")
    resolve(st)
    assert imp not in st.data.in_play and "Bonfire Imp is Destroyed (0 LP)" in st.log
    assert not st.data.in_play[hare].indicators


def end_turn(st) -> None:
    turn = st.data.turn
    while st.data.turn == turn and st.decision is not None:
        st.apply("end" if "end" in ids(st) else "pass" if "pass" in ids(st) else ids(st)[0])


@pytest.mark.rule("MZ22-PARALYZE-7", "MZ22-BURN-4")
def test_paralyze_ending_leaves_the_other_indicators_alone():
    """P2's Phoenix Fledgling is Paralyzed and Burned (3 Counters) in turn 3: Paralyze ends with
    turn 4, the Burn Indicator stays and loses a Counter at the start of each turn."""
    bird = {"name": "Phoenix Fledgling", "statuses": [{"status": "paralyze"}, {"status": "burn", "counters": 3}]}
    st = pos({}, {"arena": [bird]})
    page = arena_page(st, "Phoenix Fledgling")
    end_turn(st)
    end_turn(st)
    assert st.data.turn == 5
    assert [(i.status, i.counters) for i in st.data.in_play[page].indicators] == [("burn", 1)]


@pytest.mark.rule("MZ22-TURN-4")
def test_start_of_turn_upkeep_awakens_only_a_page_that_thaws():
    """P1's Fatigued Bonfire Imp carries Poison: at the start of P2's turn 4 the status upkeep
    (step 1a) leaves it Fatigued; only P2's own Pages Awaken then."""
    st = pos({"arena": [{"name": "Bonfire Imp", "fatigued": True, "statuses": [{"status": "poison"}]}]}, {})
    imp = arena_page(st, "Bonfire Imp")
    end_turn(st)
    assert st.data.turn == 4 and st.data.active == 1
    assert st.data.in_play[imp].fatigued


@pytest.mark.rule("MZ22-KW-8", "MZ22-TYPEADV-3")
def test_a_spell_with_no_icon_deals_type_advantage_from_its_aura_type():
    """Test Flame Jab prints no Strong Against icon: its Damage is Flame, strong over Frost by the
    wheel, so the Snow Marten takes 20 + 20."""
    st = pos({"chapter": ["Test Flame Jab"]}, {"arena": ["Snow Marten"]})
    marten = arena_page(st, "Snow Marten")
    contract(st, "Test Flame Jab")
    play(st, f"target:c{marten}")
    resolve(st)
    assert any(line.startswith("Snow Marten takes 40 Damage from Test Flame Jab") for line in st.log), st.log[-4:]


@pytest.mark.rule("MZ22-ATYPE-12")
def test_an_arena_static_adds_a_type_to_each_own_beastie():
    """Prism of Tides: Beasties you control are Water too; the opposing ones are not."""
    from metatcg.games.metazoo_2022.stats import types_of
    st = pos({"arena": ["Prism of Tides", "Ember Hare"]}, {"arena": ["Bonfire Imp"]})
    hare, imp = arena_page(st, "Ember Hare"), arena_page(st, "Bonfire Imp")
    assert types_of(st.data, hare) == {"flame", "water"} and types_of(st.data, imp) == {"flame"}


def test_an_lp_bonus_per_beastie_counts_them():
    """Test Herd Bull: +10 LP for each Beastie its Caster controls (itself and the Ember Hare)."""
    from metatcg.games.metazoo_2022.stats import max_lp
    st = pos({"arena": ["Test Herd Bull", "Ember Hare"]}, {})
    assert max_lp(st.data, arena_page(st, "Test Herd Bull")) == 70


@pytest.mark.rule("PR-MZ22-24", "MZ22-ATYPE-12")
@pytest.mark.parametrize("prism,taken", [(True, 40), (False, 20)])
def test_a_power_whose_source_left_keeps_the_types_it_had(prism, taken):
    """Test Tide Imp (Neutral; Water too beside Prism of Tides) uses its Power on P2's Bonfire Imp
    (Flame); P2 answers by Destroying the Tide Imp. The Power still resolves with the types its
    source had when it was used: Water is strong over Flame, so 20 + 20 with the Prism."""
    mine = (["Prism of Tides"] if prism else []) + [{"name": "Test Tide Imp", "fatigued": False}]
    st = pos({"arena": mine}, {"arena": ["Bonfire Imp"], "chapter": ["Test Big Zap"]})
    tide, imp = arena_page(st, "Test Tide Imp"), arena_page(st, "Bonfire Imp")
    play(st, f"use:c{tide}.0", f"target:c{imp}")
    play(st, f"contract:c{st.data.chapter[1][0]}", f"target:c{tide}")
    resolve(st)
    assert tide not in st.data.in_play
    assert st.data.in_play[imp].damage == taken
