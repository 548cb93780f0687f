"""MetaZoo 2022 Combat (MZ22-COMBAT), Type Advantage in Combat (MZ22-TYPEADV), Aura Attack
Advantage (MZ22-AAA) and Tribal Boost (MZ22-TRIBAL): mid-game positions with stand-in Pages,
driven through the game's own actions."""
from __future__ import annotations

import dataclasses
import itertools

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.bots.greedy import GreedyBot
from metatcg.games.metazoo_2022 import combat, statuses, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.games.metazoo_2022.stats import max_lp, tribal
from support import ids
from support.metazoo_2022 import arena_page as page, lp, play, position
from metatcg.games.metazoo_2022.records import caster_ref, page_ref

PAGES = """
[[page]]
name = "Dawn Stag"
type = "beastie"
cost = [{ aura = "light", n = 1 }]
lp = 60
strong_against = ["dark"]
attack = [{ name = "Glare", damage = 30 }]

[[page]]
name = "Dusk Bat"
type = "beastie"
cost = [{ aura = "dark", n = 1 }]
lp = 100
strong_against = ["spirit"]
attack = [{ name = "Bite", damage = 20 }, { name = "Screech", damage = 10 }]

[[page]]
name = "Plain Mole"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
attack = [{ name = "Dig", damage = 20 }]

[[page]]
name = "Pebble Vole"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 10
attack = [{ name = "Nibble", damage = 10 }]

[[page]]
name = "Twin Shade"
type = "beastie"
cost = [{ aura = "spirit", n = 1 }, { aura = "dark", n = 1 }]
lp = 80
strong_against = ["cosmic"]
attack = [{ name = "Wail", damage = 20 }]

[[page]]
name = "Shell Turtle"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
attack = [{ name = "None", damage = 0 }]   # stripped below: the schema wants one Attack

[[page]]
name = "Quick Lynx"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
traits = ["first_strike"]
attack = [{ name = "Swipe", damage = 70 }]

[[page]]
name = "Iron Idol"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 40

[[page]]
name = "Gloam Hunter"
type = "beastie"
cost = [{ aura = "light", n = 1 }]
lp = 90
strong_against = ["dark"]
attack = [{ name = "Sunlance", damage = 30, aaa = "dark" }]

[[page]]
name = "Odd Stoat"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Odd Bite", damage = 10, bonus = { per = "terra", each = 10, plus = 3 } }]

[[page]]
name = "Ridge Critter"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
tribes = ["Beastie Ridge Critter"]
tribal_boost = true
attack = [{ name = "Gnaw", damage = 20 }]

[[page]]
name = "Ridge Cousin"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
tribes = ["Beastie Lowland Kin", "Beastie Ridge Critter"]
attack = [{ name = "Shove", damage = 10 }]

[[page]]
name = "Burning Boar"
type = "beastie"
cost = [{ aura = "flame", n = 1 }]
lp = 40
strong_against = ["frost"]
attack = [{ name = "Tusk", damage = 20 }]

[[page]]
name = "Pine Lynx"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
terra_bonus = [{ terra = "forest", damage = 20 }]
attack = [{ name = "Pounce", damage = 10 }]

[[page]]
name = "Thorn Hedgehog"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60

[[page.attack]]
name = "Quill Jab"
damage = 20
do = [{ op = "damage", amount = 10, to = "defender" }]
text = "Deal 10 Damage to the primary Defender."

[[page]]
name = "Plated Mole"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Dig", damage = 10 }]

[[page.effect]]
when = "arena"
static = [{ op = "damage_taken", who = "self", source = "attack", none = true }]
text = "ARENA: this Beastie takes no Damage from Attacking or Defending."

[[page]]
name = "Cinder Moth"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 20
attack = [{ name = "Flutter", damage = 10 }]

[[page.effect]]
when = "destroyed"
do = [{ op = "lose_lp", amount = 30, to = "opponents" }]
text = "DESTROYED: each opponent loses 30 LP."

[[page]]
name = "Ember Wasp"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 50
attack = [{ name = "Sting", damage = 10, status = [{ status = "burn", x = 2 }] }]
"""

_DEFS = [dataclasses.replace(df, attacks=()) if df.name == "Shell Turtle" else df
         for df in parse_pages(PAGES, "fight-combat")]
GAME = metatcg.load_game("metazoo-2022").with_cards(_DEFS)     # a Beastie without Attacks (MZ22-COMBAT-16)


def pos(p1_arena, p2_arena, *, p1=None, p2=None, **top):
    """P1 active in Take Actions of turn 3; Arena entries are names or Page tables."""
    return position(GAME, [{"arena": p1_arena, **(p1 or {})}, {"arena": p2_arena, **(p2 or {})}], **top)










def coins(monkeypatch, *faces):
    """Fix the next coin flips (True = heads) everywhere a coin is flipped."""
    seq = list(faces)

    def fake(st, seat, why):
        return seq.pop(0)
    for mod in (combat, statuses, zones):
        monkeypatch.setattr(mod, "flip", fake)
    return seq


def attack(st, attacker, target, atk=None):
    play(st, f"attack:c{attacker}", f"at:{target}")
    if atk is not None:
        play(st, f"atk:{atk}")


# --------------------------------------------------------------------------- declaring
@pytest.mark.rule("MZ22-COMBAT-1", "MZ22-COMBAT-4", "MZ22-COMBAT-5", "MZ22-COMBAT-3", "MZ22-COMBAT-38")
def test_declaring_fatigues_and_offers_every_opposing_target():
    st = pos([{"name": "Dawn Stag"}], ["Dusk Bat", "Iron Idol"])
    stag, bat, idol = page(st, "Dawn Stag"), page(st, "Dusk Bat"), page(st, "Iron Idol")
    assert f"attack:c{stag}" in ids(st)
    play(st, f"attack:c{stag}")
    assert st.data.in_play[stag].fatigued                      # Combat begins with the Fatigue
    assert sorted(ids(st)) == sorted(["at:P2", f"at:c{bat}", f"at:c{idol}"])
    play(st, f"at:c{bat}")
    # the defending Caster picks one of the Dusk Bat's two Attacks (MZ22-COMBAT-3/14)
    assert st.decision.kind == "counter" and ids(st) == ["atk:0", "atk:1"]


@pytest.mark.rule("MZ22-COMBAT-38", "MZ22-PARALYZE-5")
def test_only_awakened_unparalyzed_beasties_attack():
    st = pos([{"name": "Dawn Stag", "fatigued": True}, {"name": "Plain Mole", "statuses": [{"status": "paralyze"}]},
              "Iron Idol"], ["Dusk Bat"])
    assert not any(a.startswith("attack:") for a in ids(st))


# --------------------------------------------------------------------------- Defenders
@pytest.mark.rule("MZ22-COMBAT-10", "MZ22-COMBAT-11", "MZ22-COMBAT-12", "MZ22-COMBAT-44", "MZ22-PARALYZE-6")
def test_defender_choices():
    st = pos(["Dawn Stag"], ["Dusk Bat", "Plain Mole", {"name": "Twin Shade", "fatigued": True}, "Iron Idol",
                             {"name": "Pebble Vole", "statuses": [{"status": "paralyze"}]}, "Ridge Cousin"])
    stag, bat, mole, cousin = (page(st, n) for n in ("Dawn Stag", "Dusk Bat", "Plain Mole", "Ridge Cousin"))
    attack(st, stag, f"c{bat}")
    assert st.decision.kind == "defenders" and st.current_player() == 1
    # not the target, Fatigued, Artifact or Paralyzed
    assert ids(st) == [f"defend:c{mole}", f"defend:c{cousin}", "done"]
    play(st, f"defend:c{mole}")
    assert st.data.in_play[mole].fatigued                      # declaring Fatigues it
    assert ids(st) == [f"defend:c{cousin}", "done"]       # any number: a second one may follow
    play(st, f"defend:c{cousin}")
    assert st.data.in_play[cousin].fatigued and st.data.combat.defenders == (mole, cousin)
    assert st.decision.kind == "primary"                 # nobody else could defend
    assert ids(st) == [f"primary:c{mole}", f"primary:c{cousin}"]


@pytest.mark.rule("MZ22-COMBAT-14", "MZ22-COMBAT-50", "MZ22-COMBAT-45", "MZ22-COMBAT-43")
def test_no_defender_the_target_is_primary_and_must_counter():
    st = pos(["Plain Mole"], ["Dusk Bat"])
    mole, bat = page(st, "Plain Mole"), page(st, "Dusk Bat")
    attack(st, mole, f"c{bat}")
    play(st, "done")                                      # no Defenders
    assert st.data.combat.primary == page_ref(bat)
    assert not st.data.in_play[bat].fatigued                   # not Fatigued by becoming primary Defender
    assert st.decision.kind == "counter" and "done" not in ids(st)    # a counter-Attack is mandatory
    play(st, "atk:1")
    assert st.decision.kind == "main"
    assert lp(st, bat) == 80 and lp(st, mole) == 30      # attacker first, then the Screech (10) back
    log = "\n".join(st.log)
    assert log.index("Dusk Bat takes 20") < log.index("Plain Mole takes 10")
    assert st.data.combat is None and st.data.in_play[mole].fatigued and not st.data.in_play[bat].fatigued


@pytest.mark.rule("MZ22-COMBAT-15", "MZ22-COMBAT-13", "MZ22-COMBAT-45")
@pytest.mark.parametrize("primary", ["Plain Mole", "Pebble Vole"])
def test_only_the_primary_defender_answers_never_a_secondary_one(primary):
    st = pos(["Dawn Stag"], ["Dusk Bat", "Plain Mole", "Pebble Vole"])
    st.logging = True
    stag, bat = page(st, "Dawn Stag"), page(st, "Dusk Bat")
    mole, vole = page(st, "Plain Mole"), page(st, "Pebble Vole")
    attack(st, stag, f"c{bat}")
    play(st, f"defend:c{mole}", f"defend:c{vole}", "done", f"primary:c{page(st, primary)}")
    play(st, f"alloc:c{mole}=25")                          # 30: 25 to the Mole, 5 to the Vole: both live
    assert lp(st, mole) == 15 and lp(st, vole) == 5
    other, answer = ("Pebble Vole", "Dig") if primary == "Plain Mole" else ("Plain Mole", "Nibble")
    strikes = [x for x in st.log if " strikes with " in x]
    assert strikes == ["Dawn Stag strikes with Glare", f"{primary} strikes with {answer}"]
    assert not any(x.startswith(f"{other} strikes") for x in st.log)
    assert lp(st, stag) == (40 if primary == "Plain Mole" else 50)    # only the primary's Damage


@pytest.mark.rule("MZ22-COMBAT-13", "MZ22-COMBAT-16", "MZ22-COMBAT-46")
def test_primary_without_attacks_gives_no_second_attack():
    st = pos(["Dawn Stag"], ["Dusk Bat", "Shell Turtle", "Plain Mole"])
    stag, bat, turtle, mole = (page(st, n) for n in ("Dawn Stag", "Dusk Bat", "Shell Turtle", "Plain Mole"))
    attack(st, stag, f"c{bat}")
    play(st, f"defend:c{turtle}", f"defend:c{mole}", "done")
    assert sorted(ids(st)) == sorted([f"primary:c{turtle}", f"primary:c{mole}"])
    play(st, f"primary:c{turtle}")
    while st.decision.kind == "allocate":
        st.apply(ids(st)[-1])
    assert lp(st, stag) == 60                              # the Turtle has no Attack to answer with
    assert "Dusk Bat" not in "".join(x for x in st.log if "takes" in x)


@pytest.mark.rule("MZ22-COMBAT-16", "MZ22-COMBAT-46")
def test_artifact_and_caster_targets_are_primary_but_never_answer():
    st = pos(["Dawn Stag", "Plain Mole"], ["Iron Idol"])
    stag, mole, idol = page(st, "Dawn Stag"), page(st, "Plain Mole"), page(st, "Iron Idol")
    attack(st, stag, f"c{idol}")
    assert st.decision.kind == "main"
    assert lp(st, idol) == 10 and lp(st, stag) == 60
    attack(st, mole, "P2")
    assert st.data.lp_of_caster(1) == 980 and lp(st, mole) == 40


# --------------------------------------------------------------------------- priority windows
def _any_time_name():
    return "Mending Dew"            # an "any time" Potion of the pool, free (MZ22-PAGE-16)


@pytest.mark.rule("MZ22-COMBAT-2", "MZ22-COMBAT-9", "MZ22-COMBAT-17", "MZ22-COMBAT-40")
def test_combat_windows_ask_only_the_named_caster_first():
    potion = _any_time_name()
    st = pos(["Dawn Stag", "Plain Mole"], ["Dusk Bat", "Pebble Vole"], p1={"chapter": [potion]},
             p2={"chapter": [potion]})
    stag, bat, vole = page(st, "Dawn Stag"), page(st, "Dusk Bat"), page(st, "Pebble Vole")
    play(st, f"attack:c{stag}")
    play(st, f"at:c{bat}")
    # window 1: the attacked Caster only; P1 is not asked when P2 passes
    assert st.decision.kind == "__respond" and st.current_player() == 1
    play(st, "pass")
    assert st.decision.kind == "defenders"
    play(st, f"defend:c{vole}", "done", f"primary:c{vole}")
    # window 2: the attacking Caster only
    assert st.decision.kind == "__respond" and st.current_player() == 0
    play(st, "pass")
    assert st.decision.kind in ("allocate", "main")


@pytest.mark.rule("MZ22-COMBAT-40")
def test_an_action_in_a_combat_window_opens_the_normal_exchange():
    potion = _any_time_name()
    st = pos(["Dawn Stag"], ["Dusk Bat"], p1={"chapter": [potion]}, p2={"chapter": [potion]})
    stag, bat = page(st, "Dawn Stag"), page(st, "Dusk Bat")
    play(st, f"attack:c{stag}", f"at:c{bat}")
    assert st.current_player() == 1
    act = next(a for a in ids(st) if a.startswith("contract:"))
    st.apply(act)
    while st.decision.kind in ("target", "pay"):
        st.apply(ids(st)[0])
    assert st.decision.kind == "__respond" and st.current_player() == 0     # P1 may answer on the chain


# --------------------------------------------------------------------------- who strikes first
@pytest.mark.rule("MZ22-COMBAT-20", "MZ22-COMBAT-23", "MZ22-COMBAT-24")
def test_first_strike_defender_goes_first_and_combat_ends_when_attacker_dies():
    st = pos(["Plain Mole"], ["Quick Lynx"])
    mole, lynx = page(st, "Plain Mole"), page(st, "Quick Lynx")
    attack(st, mole, f"c{lynx}")
    play(st, "done")
    assert mole not in st.data.in_play                          # 70 first-strike Damage Destroys it
    assert lp(st, lynx) == 60                              # the dead attacker never strikes
    assert st.data.combat is None


@pytest.mark.rule("MZ22-COMBAT-19")
def test_first_strike_attacker_goes_first():
    st = pos(["Quick Lynx"], ["Plain Mole"])
    lynx, mole = page(st, "Quick Lynx"), page(st, "Plain Mole")
    attack(st, lynx, f"c{mole}")
    play(st, "done")
    assert mole not in st.data.in_play and lp(st, lynx) == 60   # the Mole is gone before its answer


@pytest.mark.rule("MZ22-COMBAT-21")
@pytest.mark.parametrize("heads", [True, False])
def test_both_first_strike_a_coin_decides(monkeypatch, heads):
    coins(monkeypatch, heads)
    st = pos(["Quick Lynx"], ["Quick Lynx"])
    a, b = page(st, "Quick Lynx", 0), page(st, "Quick Lynx", 1)
    attack(st, a, f"c{b}")
    play(st, "done")
    assert (b not in st.data.in_play) == heads and (a not in st.data.in_play) == (not heads)


# --------------------------------------------------------------------------- Damage
@pytest.mark.rule("MZ22-COMBAT-27", "MZ22-TYPEADV-3", "MZ22-TYPEADV-10", "MZ22-AAA-1", "MZ22-AAA-2", "MZ22-AAA-3",
                  "MZ22-AAA-4", "MZ22-TYPEADV-1")
def test_type_advantage_and_aura_attack_advantage_stack_against_the_primary():
    st = pos(["Gloam Hunter"], ["Dusk Bat"])
    hunter, bat = page(st, "Gloam Hunter"), page(st, "Dusk Bat")
    assert combat.attack_total(st.data, hunter, 0, page_ref(bat)) == 70        # 30 + 20 TA + 20 AAA
    assert combat.attack_total(st.data, bat, 0, page_ref(hunter)) == 20        # Dark is not strong against Light
    assert combat.attack_total(st.data, hunter, 0, caster_ref(1)) == 30             # no TA or AAA against a Caster
    attack(st, hunter, f"c{bat}")
    play(st, "done", "atk:0")
    assert lp(st, bat) == 30 and lp(st, hunter) == 70


@pytest.mark.rule("MZ22-TYPEADV-7", "MZ22-TYPEADV-8", "MZ22-AAA-4")
def test_type_advantage_once_and_never_from_or_to_neutral():
    st = pos(["Dawn Stag", "Plain Mole"], ["Twin Shade", "Pebble Vole"])
    stag, mole, shade, vole = (page(st, n) for n in ("Dawn Stag", "Plain Mole", "Twin Shade", "Pebble Vole"))
    d = st.data
    assert combat.attack_total(d, stag, 0, page_ref(shade)) == 50              # Spirit/Dark: +20 once
    assert combat.attack_total(d, stag, 0, page_ref(vole)) == 30               # to Neutral: none
    assert combat.attack_total(d, mole, 0, page_ref(shade)) == 20              # from Neutral: none


@pytest.mark.rule("MZ22-COMBAT-29", "MZ22-COMBAT-47", "MZ22-COMBAT-31", "MZ22-COMBAT-32")
def test_other_effects_add_and_damage_floors_at_zero():
    st = pos(["Odd Stoat"], ["Pebble Vole"])
    stoat, vole = page(st, "Odd Stoat"), page(st, "Pebble Vole")
    assert combat.attack_total(st.data, stoat, 0, page_ref(vole)) == 13
    attack(st, stoat, f"c{vole}")
    play(st, "done")
    assert vole not in st.data.in_play                          # 13 > 10 LP: Destroyed at once
    assert st.data.limbo[1] == [vole]
    assert lp(st, stoat) == 60                             # and it never answered


@pytest.mark.rule("MZ22-COMBAT-26", "MZ22-STATUS-7", "MZ22-STATUS-13")
def test_attack_status_icons_come_before_damage():
    st = pos(["Ember Wasp"], ["Plain Mole"])
    wasp, mole = page(st, "Ember Wasp"), page(st, "Plain Mole")
    attack(st, wasp, f"c{mole}")
    play(st, "done")
    log = "\n".join(st.log)
    assert log.index("Plain Mole is Burned") < log.index("Plain Mole takes 10")
    assert [(i.status, i.counters) for i in st.data.in_play[mole].indicators] == [("burn", 2)]


@pytest.mark.rule("MZ22-STATUS-8", "MZ22-COMBAT-45")
def test_statuses_hit_only_the_primary_and_the_counter_hits_only_the_attacker():
    st = pos(["Ember Wasp"], ["Dusk Bat", "Plain Mole", "Pebble Vole"])
    wasp, bat, mole, vole = (page(st, n) for n in ("Ember Wasp", "Dusk Bat", "Plain Mole", "Pebble Vole"))
    attack(st, wasp, f"c{bat}")
    play(st, f"defend:c{mole}", f"defend:c{vole}", "done", f"primary:c{mole}")
    while st.decision.kind == "allocate":
        st.apply(ids(st)[0])
    d = st.data
    assert [i.status for i in d.in_play[mole].indicators] == ["burn"]
    assert vole not in d.in_play or not d.in_play[vole].indicators
    assert not d.in_play[bat].indicators
    assert lp(st, wasp) == 30                               # the Mole's Dig, 20, to the attacker only


# --------------------------------------------------------------------------- allocation
def _to_alloc(st, attacker, target, defenders, primary):
    attack(st, attacker, f"c{target}")
    play(st, *[f"defend:c{b}" for b in defenders], "done", f"primary:c{primary}")
    if st.decision.kind == "counter":
        play(st, "atk:0")


@pytest.mark.rule("MZ22-COMBAT-33", "MZ22-COMBAT-34", "MZ22-COMBAT-48")
def test_allocation_in_fives_at_least_five_each():
    st = pos(["Gloam Hunter"], ["Twin Shade", "Plain Mole", "Pebble Vole", "Shell Turtle"])
    hunter, shade, mole, vole, turtle = (page(st, n) for n in
                                         ("Gloam Hunter", "Twin Shade", "Plain Mole", "Pebble Vole", "Shell Turtle"))
    _to_alloc(st, hunter, shade, [mole, vole, turtle], turtle)
    # 30 (no TA/AAA against the Neutral primary) among three: 5 each at least
    assert st.decision.kind == "allocate"
    assert ids(st) == [f"alloc:c{mole}={k}" for k in (5, 10, 15, 20)]    # leaving 5 for each later one
    play(st, f"alloc:c{mole}=5")
    assert ids(st) == [f"alloc:c{vole}={k}" for k in (5, 10, 15, 20)]
    play(st, f"alloc:c{vole}=10")
    assert st.decision.kind == "main"
    assert lp(st, mole) == 35 and vole not in st.data.in_play and lp(st, turtle) == 35
    assert lp(st, shade) == 80                             # not every Defender got its LP: nothing spills


def test_a_saved_allocation_without_its_combat_is_refused():
    st = pos(["Gloam Hunter"], ["Twin Shade", "Plain Mole", "Pebble Vole", "Shell Turtle"])
    hunter, shade, mole, vole, turtle = (page(st, n) for n in
                                         ("Gloam Hunter", "Twin Shade", "Plain Mole", "Pebble Vole", "Shell Turtle"))
    _to_alloc(st, hunter, shade, [mole, vole, turtle], turtle)
    assert st.decision.kind == "allocate"
    saved = st.to_json()
    assert GAME.state_from_json(saved).digest() == st.digest()
    saved["data"]["combat"] = None
    with pytest.raises(StateDataError, match="needs a Combat in progress"):
        GAME.state_from_json(saved)


@pytest.mark.rule("MZ22-COMBAT-48")
def test_remainder_below_five_goes_to_a_defender_of_the_attackers_choice():
    st = pos(["Odd Stoat"], ["Twin Shade", "Plain Mole", "Dusk Bat"])
    stoat, shade, mole, bat = (page(st, n) for n in ("Odd Stoat", "Twin Shade", "Plain Mole", "Dusk Bat"))
    _to_alloc(st, stoat, shade, [mole, bat], mole)
    # 13 = two fives + 3: the Mole gets 5 (or 8 with the remainder), the Bat the rest
    assert ids(st) == [f"alloc:c{mole}=5", f"alloc:c{mole}=8"]
    play(st, f"alloc:c{mole}=5")
    assert st.decision.kind == "main"
    assert lp(st, mole) == 35 and lp(st, bat) == 92


@pytest.mark.rule("MZ22-COMBAT-48", "MZ22-COMBAT-34")
def test_fewer_than_five_each_as_many_as_possible_get_five():
    st = pos(["Pebble Vole"], ["Twin Shade", "Plain Mole", "Dusk Bat", "Shell Turtle"])
    vole, shade, mole, bat, turtle = (page(st, n) for n in
                                      ("Pebble Vole", "Twin Shade", "Plain Mole", "Dusk Bat", "Shell Turtle"))
    _to_alloc(st, vole, shade, [mole, bat, turtle], turtle)
    # 10 Damage, three Defenders: two get 5, one gets none
    assert ids(st) == [f"alloc:c{mole}=0", f"alloc:c{mole}=5"]
    play(st, f"alloc:c{mole}=0")                          # the last two must then both get 5
    assert lp(st, mole) == 40 and lp(st, bat) == 95 and lp(st, turtle) == 45


@pytest.mark.rule("MZ22-COMBAT-35", "MZ22-COMBAT-49")
def test_excess_goes_to_the_original_target_once_every_defender_got_its_lp():
    st = pos(["Quick Lynx"], ["Dusk Bat", "Pebble Vole", "Shell Turtle"])
    lynx, bat, vole, turtle = (page(st, n) for n in ("Quick Lynx", "Dusk Bat", "Pebble Vole", "Shell Turtle"))
    _to_alloc(st, lynx, bat, [vole, turtle], turtle)
    assert ids(st) == [f"alloc:c{vole}={k}" for k in range(5, 70, 5)]
    play(st, f"alloc:c{vole}=10")
    # the last Defender: everything, or at least its 50 LP with the rest going on to the Dusk Bat
    assert ids(st) == [f"alloc:c{turtle}=50", f"alloc:c{turtle}=55", f"alloc:c{turtle}=60"]
    play(st, f"alloc:c{turtle}=50")
    assert vole not in st.data.in_play and turtle not in st.data.in_play
    assert lp(st, bat) == 90


@pytest.mark.rule("MZ22-COMBAT-35")
def test_no_spill_while_a_defender_is_short_of_its_lp():
    st = pos(["Quick Lynx"], ["Dusk Bat", "Pebble Vole", "Shell Turtle"])
    lynx, bat, vole, turtle = (page(st, n) for n in ("Quick Lynx", "Dusk Bat", "Pebble Vole", "Shell Turtle"))
    _to_alloc(st, lynx, bat, [vole, turtle], turtle)
    play(st, f"alloc:c{vole}=5")                           # 5 < its 10 LP
    assert st.decision.kind == "main"                      # the Turtle must take the other 65
    assert turtle not in st.data.in_play and lp(st, vole) == 5 and lp(st, bat) == 100


def legal_splits(total, lps, target_there=True):
    """Every (Damage to each Defender..., Damage to the original target) that p. 29 and
    MZ22-COMBAT-48 allow, worked out from the rules alone: fives, at least one each when there
    are enough (else as many Defenders as possible get one), the remainder below 5 to one
    recipient, and something for the original target only once every Defender got at least
    its LP and 5 (MZ22-COMBAT-35, PR-MZ22-70)."""
    n = len(lps)
    q, r = divmod(total, 5)
    out = set()
    for fives in itertools.product(range(q + 1), repeat=n):
        if sum(fives) > q:
            continue
        if q >= n and min(fives) < 1 or q < n and sorted(fives) != [0] * (n - q) + [1] * q:
            continue
        for gets_rem in range(n + 1) if r else [None]:          # index n: the original target
            amounts = [5 * f + (r if gets_rem == i else 0) for i, f in enumerate(fives)]
            rest = 5 * (q - sum(fives)) + (r if gets_rem == n else 0)
            if rest and not (target_there and all(a >= max(5, x) for a, x in zip(amounts, lps))):
                continue
            out.add((*amounts, rest))
    return out


def taken(st, names, attacker):
    """The Damage each named Page (or Caster) was dealt by ``attacker``, read from the log."""
    return tuple(sum(int(x.split(" takes ")[1].split()[0]) for x in st.log
                     if x.startswith(f"{n} takes ") and f" Damage from {attacker}" in x) for n in names)


def reachable(st, names, attacker):
    """The split every path through the allocate decisions ends with."""
    found = []

    def walk(s):
        if s.decision is not None and s.decision.kind == "allocate":
            for a in ids(s):
                c = s.clone()
                c.apply(a)
                walk(c)
        else:
            found.append(taken(s, names, attacker))
    walk(st)
    return found


SPLITS = [   # attacker, original target, Defenders (the last one is primary), total
    ("Quick Lynx", "Dusk Bat", ["Pebble Vole", "Shell Turtle"], 70),                 # 50/20 and spills
    ("Quick Lynx", "P2", ["Pebble Vole", "Shell Turtle"], 70),                       # a Caster target
    ("Quick Lynx", "Dusk Bat", [{"name": "Plain Mole", "damage": 30}, "Pebble Vole",
                                {"name": "Shell Turtle", "damage": 30}], 70),        # three, spills
    ("Quick Lynx", "Dusk Bat", ["Plain Mole", "Pebble Vole", "Shell Turtle"], 70),  # three, no spill
    ("Odd Stoat", "Dusk Bat", [{"name": "Pebble Vole", "damage": 5},
                               {"name": "Plain Mole", "damage": 35}], 13),          # remainder + spill
    ("Odd Stoat", "Dusk Bat", ["Plain Mole", "Pebble Vole", "Shell Turtle"], 13),   # too few fives, remainder
    ("Pebble Vole", "Twin Shade", ["Plain Mole", "Dusk Bat", "Shell Turtle"], 10),  # too few fives
]


@pytest.mark.rule("MZ22-COMBAT-33", "MZ22-COMBAT-34", "MZ22-COMBAT-35", "MZ22-COMBAT-48", "MZ22-COMBAT-10")
@pytest.mark.parametrize("attacker,target,defenders,total", SPLITS)
def test_every_legal_split_and_no_other_is_reachable(attacker, target, defenders, total):
    st = pos([attacker], ([target] if target[0] != "P" else []) + defenders)
    names = [x if isinstance(x, str) else x["name"] for x in defenders]
    atk, pages = page(st, attacker), [page(st, n) for n in names]
    ref = target if target[0] == "P" else f"c{page(st, target)}"
    assert combat.attack_total(st.data, atk, 0, page_ref(pages[-1])) == total
    attack(st, atk, ref)
    play(st, *[f"defend:c{b}" for b in pages], "done", f"primary:c{pages[-1]}")
    if st.decision.kind == "counter":
        play(st, "atk:0")
    assert st.decision.kind == "allocate"
    lps = [lp(st, b) for b in pages]
    paths = reachable(st, names + [target], attacker)
    assert len(paths) == len(set(paths))                # no two paths mean the same split
    assert set(paths) == legal_splits(total, lps)


@pytest.mark.parametrize("seed", range(3))
def test_greedy_allocates_to_destroy_every_defender_and_spills_the_rest(seed):
    """70 Damage, the Shell Turtle (50 LP) first, then the Pebble Vole (10): greedy gives the
    Turtle exactly 50, though its first choice deals nothing yet, so that the Vole's 10 and the
    last 10 for the Dusk Bat still fit."""
    st = pos(["Quick Lynx"], ["Dusk Bat", "Shell Turtle", "Pebble Vole"])
    lynx, bat, turtle, vole = (page(st, n) for n in ("Quick Lynx", "Dusk Bat", "Shell Turtle", "Pebble Vole"))
    _to_alloc(st, lynx, bat, [turtle, vole], turtle)
    bot = GreedyBot(seed)
    while st.decision.kind == "allocate":
        st.apply(bot.choose(st.handle(0)).id)
    assert turtle not in st.data.in_play and vole not in st.data.in_play and lp(st, bat) == 90


@pytest.mark.rule("MZ22-COMBAT-36")
def test_destroyed_effects_resolve_after_the_damage():
    name = "Cinder Moth"
    st = pos(["Quick Lynx"], [name])
    lynx, victim = page(st, "Quick Lynx"), page(st, name)
    attack(st, lynx, f"c{victim}")
    if st.decision.kind == "counter":
        play(st, "atk:0")
    if st.decision.kind == "defenders":
        play(st, "done")
    log = "\n".join(st.log)
    assert victim not in st.data.in_play
    assert "DESTROYED Effect resolves" in log
    assert log.index("is Destroyed") < log.index("DESTROYED Effect resolves")


# --------------------------------------------------------------------------- Tribal Boost
@pytest.mark.rule("MZ22-TRIBAL-2", "MZ22-TRIBAL-3", "MZ22-TRIBAL-4", "MZ22-TRIBAL-9", "MZ22-TRIBAL-7",
                  "MZ22-TRIBAL-6")
def test_tribal_boost_counts_every_casters_tribe_members():
    st = pos(["Ridge Critter", "Ridge Cousin", "Plain Mole"], ["Ridge Cousin"])
    critter = page(st, "Ridge Critter")
    d = st.data
    assert tribal(d, critter) == 20 and max_lp(d, critter) == 50
    assert combat.attack_total(d, critter, 0, None) == 40


@pytest.mark.rule("MZ22-TRIBAL-8", "MZ22-TRIBAL-5", "MZ22-PARALYZE-8")
def test_paralyzed_members_still_count_but_a_paralyzed_booster_loses_it():
    st = pos(["Ridge Critter", {"name": "Ridge Cousin", "statuses": [{"status": "paralyze"}]}], [])
    critter = page(st, "Ridge Critter")
    assert tribal(st.data, critter) == 10
    st2 = pos([{"name": "Ridge Critter", "statuses": [{"status": "paralyze"}]}, "Ridge Cousin"], [])
    assert tribal(st2.data, page(st2, "Ridge Critter")) == 0 and max_lp(st2.data, page(st2, "Ridge Critter")) == 30


@pytest.mark.rule("MZ22-LP-13", "MZ22-TRIBAL-7")
def test_losing_a_tribe_member_can_destroy_the_booster():
    st = pos(["Quick Lynx"], [{"name": "Ridge Critter", "damage": 35}, "Ridge Cousin"])
    lynx, critter, cousin = page(st, "Quick Lynx"), page(st, "Ridge Critter"), page(st, "Ridge Cousin")
    assert lp(st, critter) == 5
    attack(st, lynx, f"c{cousin}")
    play(st, "done")
    assert cousin not in st.data.in_play and critter not in st.data.in_play      # max LP 40 → 30 with 35 Damage


# --------------------------------------------------------------------------- Paralyze in Combat
@pytest.mark.rule("MZ22-PARALYZE-4", "MZ22-PARALYZE-9", "MZ22-PARALYZE-3")
def test_paralyzed_target_is_primary_and_answers_for_nothing():
    st = pos(["Plain Mole"], [{"name": "Ember Wasp", "statuses": [{"status": "paralyze"}]}])
    mole, wasp = page(st, "Plain Mole"), page(st, "Ember Wasp")
    attack(st, mole, f"c{wasp}")
    assert "Ember Wasp strikes with Sting" in st.log      # it answered, for nothing
    assert lp(st, wasp) == 30 and lp(st, mole) == 40 and not st.data.in_play[mole].indicators   # 0 Damage, no Burn


# --------------------------------------------------------------------------- Terra, Effect Damage
@pytest.mark.rule("MZ22-COMBAT-28", "MZ22-COMBAT-47")
def test_terra_bonus_adds_to_attack_damage():
    st = pos(["Pine Lynx"], ["Dusk Bat"], terra=["Whispering Pines"])
    lynx, bat = page(st, "Pine Lynx"), page(st, "Dusk Bat")
    assert combat.attack_total(st.data, lynx, 0, page_ref(bat)) == 30
    attack(st, lynx, f"c{bat}")
    play(st, "atk:0")
    assert lp(st, bat) == 70


@pytest.mark.rule("MZ22-COMBAT-51", "MZ22-COMBAT-26")
def test_damage_from_an_attacks_effect_text_is_effect_damage():
    st = pos(["Thorn Hedgehog"], ["Plated Mole"])
    hog, mole = page(st, "Thorn Hedgehog"), page(st, "Plated Mole")
    attack(st, hog, f"c{mole}")
    # the red 20 is Damage from Attacking (none taken); the Effect's 10 is Effect Damage
    assert lp(st, mole) == 50 and lp(st, hog) == 50


@pytest.mark.rule("MZ22-COMBAT-49", "MZ22-COMBAT-17")
def test_when_every_defender_is_gone_the_damage_goes_on_to_the_original_target():
    st = pos(["Plain Mole"], ["Dusk Bat", "Pebble Vole"], p1={"chapter": ["Hoarfrost Snap"], "aura": {"frost": 2}})
    mole, bat, vole = page(st, "Plain Mole"), page(st, "Dusk Bat"), page(st, "Pebble Vole")
    attack(st, mole, f"c{bat}")
    play(st, f"defend:c{vole}", f"primary:c{vole}")
    assert st.decision.kind == "__respond" and st.current_player() == 0       # window 2: the attacker
    st.apply(next(a for a in ids(st) if a.startswith("contract:")))
    while st.decision.kind in ("target", "pay", "order"):
        st.apply(f"target:c{vole}" if f"target:c{vole}" in ids(st) else ids(st)[0])
    assert vole not in st.data.in_play
    assert st.decision.kind == "main"
    assert lp(st, bat) == 80                               # PR-MZ22-19: all 20 to the original target
