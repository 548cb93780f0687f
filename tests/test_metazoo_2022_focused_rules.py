"""MetaZoo 2022 rules that were only cited from long lists, each checked on its own: set-up and
the coin flip, which Status Effects affect what, Terra Bonuses and rotation, priority and the
chain, face-down Traps, the order of one Combat, Potion costs, and Traits whose marks arise in
play. Positions are P1's Take Actions of turn 3 unless a test says otherwise; stand-in Pages
(``Test …``) isolate one rule where the pool has no Page that does."""
from __future__ import annotations

import re

import pytest

import metatcg
from metatcg.games.metazoo_2022 import statuses, traps, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.games.metazoo_2022.records import Trigger
from metatcg.games.metazoo_2022.stats import cost_of
from support import ids
from support.metazoo_2022 import arena_page, lp, play, position
from metatcg.games.metazoo_2022.records import caster_ref, page_ref

STANDINS = """
[[page]]
name = "Test Mole"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 100
attack = [{ name = "Dig", damage = 20 }]

[[page]]
name = "Test Bat"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 100
attack = [{ name = "Screech", damage = 10 }]

[[page]]
name = "Test Idol"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
text = "Any time (Fatigue): its Caster Recovers 10 LP."

[[page.effect]]
when = "any_time"
cost = { fatigue = true }
do = [{ op = "recover", amount = 10, to = "controller" }]
text = "Any time (Fatigue): you Recover 10 LP."

[[page]]
name = "Test River Runner"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
terra_bonus = [{ terra = "river", damage = 10 }]
text = "River: +10 Damage."
attack = [{ name = "Splash", damage = 20 }]

[[page]]
name = "Test Omen Ford"
type = "terra"
special = true
terra_name = "river"
text = "DESTROYED: you Recover 10 LP."

[[page.effect]]
when = "destroyed"
do = [{ op = "recover", amount = 10, to = "controller" }]
text = "DESTROYED: you Recover 10 LP."

[[page]]
name = "Test Quake"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Destroy target Terra."

[[page.effect]]
when = "cast"
targets = [{ kind = "terra" }]
do = [{ op = "destroy", to = "t0" }]

[[page]]
name = "Test Spark"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
text = "10 Damage to target opposing Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Dear Spark"
type = "spell"
cost = [{ aura = "flame", n = 3 }]
text = "30 Damage to target opposing Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 30, to = "t0" }]

[[page]]
name = "Test Mend"
type = "spell"
cost = [{ aura = "water", n = 1 }]
any_time = true
text = "Any time: target Beastie you control Recovers 10 LP."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "own" }]
do = [{ op = "recover", amount = 10, to = "t0" }]

[[page]]
name = "Test Slow Mend"
type = "spell"
cost = [{ aura = "water", n = 1 }]
text = "Target Beastie you control Recovers 10 LP (your Take Actions only)."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "own" }]
do = [{ op = "recover", amount = 10, to = "t0" }]

[[page]]
name = "Test Tonic"
type = "potion"
cost = [{ aura = "flame", n = 0 }]
text = "You Recover 10 LP."

[[page.effect]]
when = "cast"
do = [{ op = "recover", amount = 10, to = "controller" }]

[[page]]
name = "Test Toll"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
text = "Every Page costs 1 more Flame."

[[page.effect]]
when = "arena"
static = [{ op = "cost_change", side = "any", of = "any", aura = "flame", amount = 1 }]
"""
BASE = metatcg.load_game("metazoo-2022")
GAME = BASE.with_cards(parse_pages(STANDINS, "focused-standins.toml"))


def pos(*casters, **top):
    return position(GAME, [{"spellbook_size": 5, **c} for c in casters], **top)


def snap(st):
    return GAME.snapshot(st)


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def to_main(st) -> None:
    """Pass every response window until the active Caster is back in Take Actions."""
    while st.result is None and st.decision.kind != "main":
        assert "pass" in ids(st), (st.decision.kind, ids(st))
        st.apply("pass")


def run_to(st, step: str, turn: int) -> None:
    """Play on (ending turns, passing, keeping) until ``step`` of ``turn``."""
    while st.decision is not None and not (st.data.step == step and st.data.turn == turn):
        a = ids(st)
        st.apply("end" if "end" in a else "pass" if "pass" in a else "stay" if "stay" in a else a[0])


def decks(n: int = 2):
    names = BASE.starter_deck_names()
    return [BASE.starter_deck(names[i % len(names)]) for i in range(n)]


# ================================================================== set-up (MZ22-SETUP, DIE)
@pytest.mark.rule("MZ22-DIE-2", "MZ22-SETUP-2")
def test_the_first_player_flip_is_a_d6_read_even_as_heads_and_the_call_winner_chooses():
    seen = set()
    for seed in range(16):
        st = BASE.new_state(decks(), seed, {"auto_single": False})
        d = st.data
        caller = 1 - d.flipper
        call = "heads" if seed % 2 else "tails"
        st.apply(f"call:{call}")
        line = next(ln for ln in st.log if "flips a coin for who goes first" in ln)
        r, face = re.search(r"\(D6 (\d)\): (heads|tails)$", line).groups()
        assert face == ("heads" if int(r) % 2 == 0 else "tails")
        right = face == call
        assert st.decision.kind == "go_first"
        assert st.current_player() == (caller if right else d.flipper)
        seen.add(right)
    assert seen == {True, False}


@pytest.mark.rule("MZ22-SETUP-1", "MZ22-SETUP-3", "MZ22-SETUP-6")
def test_every_caster_starts_on_1000_lp_with_seven_pages_off_a_shuffled_spellbook():
    hands = set()
    for seed in range(4):
        st = BASE.new_state(decks(), seed, {"auto_single": False})
        d = st.data
        st.apply("call:heads")
        st.apply("first")
        assert [len(c) for c in d.chapter] == [7, 7]
        assert [len(d.chapter[p]) + len(d.spellbook[p]) for p in range(2)] == \
            [len([n for n in deck.cards if not n.startswith("[archive]")]) for deck in decks()]
        assert [c["lp"] for c in snap(st)["casters"]] == [1000, 1000]
        hands.add(tuple(sorted(d.defs[c].name for c in d.chapter[0])))
    assert len(hands) > 1                                     # shuffled: the seven differ by seed
    st = pos({"damage": 30}, {})
    assert [c["lp"] for c in snap(st)["casters"]] == [970, 1000]     # the engine keeps the LP count


@pytest.mark.rule("MZ22-SETUP-4", "MZ22-SETUP-5", "MZ22-MULL-5")
def test_mulligans_come_before_the_first_turn_which_the_chosen_caster_starts():
    for choice in ("first", "second"):
        st = BASE.new_state(decks(), 5, {"auto_single": False})
        d = st.data
        st.apply("call:heads")
        chooser = st.current_player()
        st.apply(choice)
        first = chooser if choice == "first" else 1 - chooser
        assert d.turn == 0 and st.decision.kind == "mulligan" and st.current_player() == first
        st.apply("mulligan")
        assert st.decision.kind == "mulligan" and st.current_player() == first    # finishes theirs first
        st.apply("keep")
        assert st.decision.kind == "mulligan" and st.current_player() == 1 - first
        st.apply("keep")
        while st.decision.kind != "main":
            st.apply("pass" if "pass" in ids(st) else ids(st)[0])
        assert d.turn == 1 and d.active == first and st.current_player() == first


@pytest.mark.rule("MZ22-SETUP-9")
def test_the_first_caster_bookmarks_and_may_attack_on_turn_one():
    st = pos({"arena": [{"name": "Test Mole", "fatigued": True}], "spellbook": ["Flame Aura"]},
             {"arena": ["Test Bat"]}, turn=1, step="start_a")
    run_to(st, "actions", 1)
    d = st.data
    assert d.active == d.first == 0 and [d.defs[c].name for c in d.chapter[0]] == ["Flame Aura"]
    assert f"attack:c{arena_page(st, 'Test Mole')}" in ids(st)


# ================================================================== who each status affects
KINDS = {"frozen": {"beastie", "artifact"}, "burn": {"beastie", "caster"}, "poison": {"beastie", "caster"},
         "paralyze": {"beastie"}, "sleep": {"beastie"}, "scared": {"beastie"}, "confusion": {"beastie"}}


@pytest.mark.rule("MZ22-STATUS-1", "MZ22-STATUS-9")
@pytest.mark.parametrize("kind", [pytest.param(k, marks=pytest.mark.rule(rule)) for k, rule in (
    ("frozen", "MZ22-FROZEN-1"), ("burn", "MZ22-BURN-1"), ("poison", "MZ22-POISON-1"),
    ("paralyze", "MZ22-PARALYZE-1"), ("sleep", "MZ22-SLEEP-1"), ("scared", "MZ22-SCARED-1"),
    ("confusion", "MZ22-CONFUSION-1"))])
def test_each_status_affects_only_what_it_names(kind):
    st = pos({}, {"arena": ["Test Mole", "Test Idol"]})
    refs = {"beastie": page_ref(arena_page(st, 'Test Mole')), "artifact": page_ref(arena_page(st, 'Test Idol')),
            "caster": caster_ref(1)}
    for what, ref in refs.items():
        n = len(st.log)
        got = statuses.inflict(st, 0, kind, [ref], 2 if kind in ("frozen", "burn") else None, auto=True)
        assert got == ([ref] if what in KINDS[kind] else []), what
        assert not any("flips a coin" in ln for ln in st.log[n:])      # automatic: no coin (STATUS-9)


@pytest.mark.rule("MZ22-STATUS-2")
def test_there_are_exactly_seven_status_effects():
    assert set(statuses.NAMES) == set(KINDS)


@pytest.mark.rule("MZ22-STATUS-10")
def test_inflicting_is_an_attempt_that_can_fail():
    outcomes = set()
    for seed in range(12):
        st = pos({}, {"arena": ["Test Mole"]}, seed=seed)
        mole = arena_page(st, "Test Mole")
        got = statuses.inflict(st, 0, "sleep", [page_ref(mole)])
        assert bool(got) == any("sleep" in i.status for i in st.data.in_play[mole].indicators)
        outcomes.add(bool(got))
    assert outcomes == {True, False}


# ================================================================== Terra (MZ22-TERRA, TSLOT)
@pytest.mark.rule("MZ22-TERRA-6")
def test_a_damage_terra_bonus_adds_to_the_attack_while_its_terra_is_in_the_arena():
    for terra, dealt in (([], 20), (["River Terra"], 30)):
        st = pos({"arena": ["Test River Runner"]}, {}, terra=terra)
        play(st, f"attack:c{arena_page(st, 'Test River Runner')}", "at:P2")
        while st.decision.kind != "main":
            st.apply("done" if "done" in ids(st) else "pass" if "pass" in ids(st) else ids(st)[0])
        assert st.data.lp_of_caster(1) == 1000 - dealt


@pytest.mark.rule("MZ22-TSLOT-15", "MZ22-TSLOT-4", "MZ22-TSLOT-8")
def test_a_terra_pushed_out_by_rotation_is_not_destroyed_one_destroyed_by_an_effect_is():
    six = ["Test Omen Ford", "Open Sea", "Craggy Peaks", "Mangrove Mire", "Sunbaked Dunes", "Thunderhead Sky"]
    st = pos({"chapter": ["River Terra"], "damage": 50}, {}, terra=six)
    st.apply(f"contract:c{chapter_page(st, 0, 'River Terra')}")
    to_main(st)
    d = st.data
    assert [d.defs[c].name for c in d.terra][0] == "River Terra"             # it took slot 1
    assert snap(st)["casters"][0]["afterlife"] == ["Test Omen Ford"]
    assert d.lp_of_caster(0) == 950                                          # its DESTROYED did not run
    st2 = pos({"chapter": ["Test Quake"], "damage": 50}, {}, terra=six)
    play(st2, f"contract:c{chapter_page(st2, 0, 'Test Quake')}", f"target:c{st2.data.terra[0]}")
    to_main(st2)
    assert st2.data.lp_of_caster(0) == 960 and snap(st2)["casters"][0]["afterlife"] == ["Test Omen Ford"]


# ================================================================== priority and the chain
def duel():
    """P1 can Contract Test Spark at P2's Test Mole; P2 holds two any-time Test Mends and a Test
    Slow Mend (no "any time"), with the Aura for two of them."""
    return pos({"chapter": ["Test Spark", "Test Dear Spark"], "aura": {"flame": 1}, "arena": ["Test Idol"]},
               {"chapter": ["Test Mend", "Test Mend", "Test Slow Mend"], "aura": {"water": 2},
                "arena": [{"name": "Test Mole", "damage": 30}]})


@pytest.mark.rule("MZ22-CONTRACT-4")
def test_the_aura_cost_is_paid_out_of_generated_aura():
    st = duel()
    assert f"contract:c{chapter_page(st, 0, 'Test Dear Spark')}" not in ids(st)   # 3 Flame: not enough
    spark = chapter_page(st, 0, "Test Spark")
    play(st, f"contract:c{spark}", f"target:c{arena_page(st, 'Test Mole')}")
    assert st.decision.kind == "pay" and st.data.pool[0] == {"flame": 1}
    play(st, "pay:pool.flame")
    assert st.data.pool[0].get("flame", 0) == 0


@pytest.mark.rule("MZ22-PRIO-1", "MZ22-PRIO-5", "MZ22-CHAIN-1", "MZ22-PRIO-2")
def test_priority_answers_an_action_and_passes_after_every_action():
    st = duel()
    mole = arena_page(st, "Test Mole")
    assert st.current_player() == 0                      # nothing to answer: P2 has no priority
    play(st, f"contract:c{chapter_page(st, 0, 'Test Spark')}", f"target:c{mole}", "pay:pool.flame")
    assert (st.decision.kind, st.current_player()) == ("__respond", 1)
    opts = ids(st)
    assert f"contract:c{chapter_page(st, 1, 'Test Mend')}" in opts                # any time: yes
    assert f"contract:c{chapter_page(st, 1, 'Test Slow Mend')}" not in opts       # not outside its turn
    play(st, f"contract:c{chapter_page(st, 1, 'Test Mend')}", f"target:c{mole}", "pay:pool.water")
    assert (st.decision.kind, st.current_player()) == ("__respond", 0)            # back to P1
    idol = arena_page(st, "Test Idol")
    play(st, f"use:c{idol}.0")
    assert (st.decision.kind, st.current_player()) == ("__respond", 1)            # and to P2 again
    assert [it["name"] for it in snap(st)["chain"]] == ["Test Spark", "Test Mend", "Test Idol"]


@pytest.mark.rule("MZ22-ACTION-3")
def test_choosing_no_action_ends_priority_and_the_chain_resolves():
    st = duel()
    mole = arena_page(st, "Test Mole")
    play(st, f"contract:c{chapter_page(st, 0, 'Test Spark')}", f"target:c{mole}", "pay:pool.flame")
    assert any(a.startswith("contract:") for a in ids(st))     # P2 could answer, and passes instead
    play(st, "pass")
    assert st.decision.kind == "main" and st.current_player() == 0 and not st.data.chain
    assert lp(st, mole) == 60 and snap(st)["casters"][0]["cemetery"] == ["Test Spark"]


# ================================================================== face-down Traps
def place_via_actions(st, page: int) -> None:
    """Place ``page`` face-down through the Take Actions options, passing any answer window."""
    play(st, "trap", f"trap:c{page}")
    to_main(st)


@pytest.mark.rule("MZ22-TURN-9", "MZ22-TRAP-7", "MZ22-TRAP-29", "MZ22-TRAIT-TRAP-1", "MZ22-TRAP-3")
def test_traps_go_face_down_unpaid_as_often_as_wished_and_stay_their_placers():
    st = pos({"chapter": ["Bog Lurker", "Bog Lurker", "Ember Hare"]}, {"chapter": ["Bog Lurker"]})
    d = st.data
    a, b = [c for c in d.chapter[0] if d.defs[c].name == "Bog Lurker"]
    hare = chapter_page(st, 0, "Ember Hare")
    assert d.pool[0] == {} and cost_of(d, a, 0)                  # it has a cost, and no Aura is there
    for c in (a, b, hare):                                       # three in one turn, a bluff among them
        place_via_actions(st, c)
    assert all(d.in_play[c].face_down and d.in_play[c].controller == 0 for c in (a, b, hare))
    assert d.pool[0] == {} and not d.chapter[0]
    theirs = chapter_page(st, 1, "Bog Lurker")
    traps.place(st, 1, theirs)
    st.options_changed()
    assert d.in_play[theirs].controller == 1                           # controlled by its placer
    assert not any(x.startswith(f"slide:c{theirs}") for x in ids(st))


@pytest.mark.rule("MZ22-TRAP-8", "MZ22-TRAP-6")
def test_a_trap_goes_only_under_your_beastie_or_artifact_and_one_to_a_page():
    st = pos({"chapter": ["Bog Lurker", "Bog Lurker"], "arena": ["Water Aura", "Puddle Sprite", "Test Idol"]},
             {"arena": ["Reed Kelpie"]})
    d = st.data
    a, b = list(d.chapter[0])
    sprite, idol = arena_page(st, "Puddle Sprite"), arena_page(st, "Test Idol")
    for c in (a, b):
        traps.place(st, 0, c)
    st.options_changed()
    hosts = {x.split(">")[1] for x in ids(st) if x.startswith(f"slide:c{a}>")}
    assert hosts == {f"c{sprite}", f"c{idol}"}                  # not the Aura, not P2's Kelpie
    play(st, f"slide:c{a}>c{sprite}")
    assert d.in_play[a].under == sprite
    assert {x for x in ids(st) if x.startswith(f"slide:c{b}>")} == {f"slide:c{b}>c{idol}"}


@pytest.mark.rule("MZ22-TURN-10", "MZ22-TURN-24")
def test_a_trap_moves_once_a_turn_even_when_its_host_left():
    st = pos({"chapter": ["Bog Lurker"], "arena": ["Puddle Sprite", "Reed Kelpie"]}, {})
    d = st.data
    lurker = d.chapter[0][0]
    sprite, kelpie = arena_page(st, "Puddle Sprite"), arena_page(st, "Reed Kelpie")
    traps.place(st, 0, lurker)
    st.options_changed()
    play(st, f"slide:c{lurker}>c{sprite}")
    zones.destroy(st, [sprite])
    st.options_changed()
    assert d.in_play[lurker].face_down and d.in_play[lurker].under < 0     # alone again (MZ22-TRAP-11)
    assert f"slide:c{lurker}>c{kelpie}" not in ids(st)          # moved already this turn
    run_to(st, "actions", 5)
    assert f"slide:c{lurker}>c{kelpie}" in ids(st)              # its Caster's next turn: once more


@pytest.mark.rule("MZ22-TRAP-12")
def test_the_active_caster_orders_traps_flipping_together_whoever_controls_them():
    # No Page in the pool makes two Casters' Traps flip at one moment (a stated moment flips only
    # its own Caster's Traps, an Attack flips one), so the batch is built here: one Trap each.
    st = pos({"chapter": ["Bog Lurker"]}, {"chapter": ["Bog Lurker"]})
    d = st.data
    mine, theirs = d.chapter[0][0], d.chapter[1][0]
    traps.place(st, 0, mine)
    traps.place(st, 1, theirs)
    batch = (Trigger(0, mine, -1, (), traps.FLIP), Trigger(1, theirs, -1, (), traps.FLIP))
    for active in (0, 1):
        d.active = active
        groups = [(p, ts) for p, ts in GAME.rules.trigger_groups(st, batch) if ts]
        assert groups == [(active, batch)]


@pytest.mark.rule("MZ22-TRAP-12")
def test_other_simultaneous_effects_are_ordered_by_their_controllers():
    # the contrast that makes the Trap case meaningful: ordinary triggers stay with their seat
    st = pos({"arena": ["Test Mole"]}, {"arena": ["Test Bat"]})
    mole, bat = arena_page(st, "Test Mole"), arena_page(st, "Test Bat")
    batch = (Trigger(0, mole, 0, (), "destroyed"), Trigger(1, bat, 0, (), "destroyed"))
    groups = [(p, ts) for p, ts in GAME.rules.trigger_groups(st, batch) if ts]
    assert groups == [(0, batch[:1]), (1, batch[1:])]


# ================================================================== one Combat in order
@pytest.mark.rule("MZ22-COMBAT-18", "MZ22-COMBAT-22", "MZ22-COMBAT-25", "MZ22-COMBAT-30", "MZ22-COMBAT-37",
                  "MZ22-COMBAT-53")
def test_the_attacker_resolves_first_then_the_counter_and_combat_ends_awakening_nothing():
    st = pos({"arena": [{"name": "Test Mole", "fatigued": False}]}, {"arena": ["Test Bat"]})
    mole, bat = arena_page(st, "Test Mole"), arena_page(st, "Test Bat")
    n = len(st.log)
    play(st, f"attack:c{mole}", f"at:c{bat}")
    while st.decision.kind != "main":
        st.apply("done" if "done" in ids(st) else "atk:0" if "atk:0" in ids(st) else "pass")
    took = [ln for ln in st.log[n:] if " takes " in ln]
    assert [ln.split(" takes ")[0] for ln in took] == ["Test Bat", "Test Mole"]
    assert lp(st, bat) == 80 and lp(st, mole) == 90
    assert st.data.combat is None and st.decision.kind == "main" and st.current_player() == 0
    assert st.data.in_play[mole].fatigued


# ================================================================== Potions and Artifacts
@pytest.mark.rule("MZ22-PAGE-16")
def test_a_potion_costs_nothing_even_when_costs_rise_and_an_artifact_ability_is_an_effect():
    st = pos({"chapter": ["Test Tonic", "Test Spark"], "arena": ["Test Toll", "Test Idol"], "damage": 40,
              "aura": {"flame": 1}}, {"arena": ["Test Mole"]})
    d = st.data
    tonic, spark = chapter_page(st, 0, "Test Tonic"), chapter_page(st, 0, "Test Spark")
    assert cost_of(d, tonic, 0) == () and dict(cost_of(d, spark, 0)) == {"flame": 2}
    assert f"contract:c{spark}" not in ids(st) and f"contract:c{tonic}" in ids(st)
    play(st, f"contract:c{tonic}")
    to_main(st)
    assert d.lp_of_caster(0) == 970 and d.pool[0] == {"flame": 1}
    play(st, f"use:c{arena_page(st, 'Test Idol')}.0")                 # the Artifact's Ability
    to_main(st)
    assert d.lp_of_caster(0) == 980


# ================================================================== Traits that arise in play
@pytest.mark.rule("MZ22-TRAIT-FLASH-2")
def test_a_flash_won_in_play_keeps_the_target_from_attacking_through_its_next_turn():
    results = {}
    for seed in range(16):
        st = position(GAME, [{"chapter": ["Flashbulb Sprite"], "aura": {"light": 1}, "spellbook_size": 5},
                             {"arena": ["Cinder Salamander"], "spellbook_size": 5}], seed=seed)
        sal = arena_page(st, "Cinder Salamander")
        st.apply(f"contract:c{st.data.chapter[0][0]}")
        while st.decision.kind != "trait_target":
            st.apply(ids(st)[0])
        st.apply(f"target:c{sal}")
        heads = any("Flash" in x and "heads" in x for x in st.log)
        if heads in results:
            continue
        run_to(st, "actions", 4)
        results[heads] = f"attack:c{sal}" in ids(st)
        if len(results) == 2:
            break
    assert results == {True: False, False: True}
