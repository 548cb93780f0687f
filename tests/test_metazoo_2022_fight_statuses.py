"""MetaZoo 2022 Status Effects (MZ22-STATUS and the seven statuses) and LP (MZ22-LP): positions
with stand-in Pages, driven through Combat and turn ends, or through the LP and status
primitives with the state check after them."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import combat, endings, statuses, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.games.metazoo_2022.lp import damage, gain_lp, lose_lp, recover
from metatcg.games.metazoo_2022.stats import max_lp
from support import ids
from support.metazoo_2022 import arena_page as page, lp, play, position
from metatcg.games.metazoo_2022.records import caster_ref, page_ref

PAGES = """
[[page]]
name = "Plain Mole"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
attack = [{ name = "Dig", damage = 20 }]

[[page]]
name = "Big Badger"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 200
attack = [{ name = "Maul", damage = 10 }]

[[page]]
name = "Rime Newt"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Chill", damage = 10, status = [{ status = "frozen", x = 2 }] }]

[[page]]
name = "Hush Moth"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Lull", damage = 10, status = [{ status = "sleep", auto = true }] }]

[[page]]
name = "Coin Moth"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Doze", damage = 10, status = [{ status = "sleep" }] }]

[[page]]
name = "Fever Toad"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Scald", damage = 10, status = [{ status = "burn" }, { status = "poison" }] }]

[[page]]
name = "Jolt Eel"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Zap", damage = 10, status = [{ status = "paralyze" }] }]

[[page]]
name = "Boo Wisp"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 60
attack = [{ name = "Boo", damage = 10, status = [{ status = "scared" }, { status = "confusion" }] }]

[[page]]
name = "Sun Heron"
type = "beastie"
cost = [{ aura = "light", n = 1 }]
lp = 60
strong_against = ["dark"]
attack = [{ name = "Beam", damage = 30, aaa = "dark" }]

[[page]]
name = "Night Shrew"
type = "beastie"
cost = [{ aura = "dark", n = 1 }]
lp = 200
attack = [{ name = "Nip", damage = 10 }]

[[page]]
name = "Kin Booster"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
tribes = ["Beastie Burrow Kin"]
tribal_boost = true
attack = [{ name = "Rally", damage = 10 }]

[[page]]
name = "Kin Digger"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
tribes = ["Beastie Burrow Kin"]
attack = [{ name = "Dig", damage = 10 }]

[[page]]
name = "Iron Idol"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
"""

GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(PAGES, "fight-statuses"))


def pos(p1_arena, p2_arena, *, p1=None, p2=None, **top):
    """P1 active in Take Actions of turn 3; Arena entries are names or Page tables."""
    return position(GAME, [{"arena": p1_arena, **(p1 or {})}, {"arena": p2_arena, **(p2 or {})}], **top)










def kinds(st, c):
    return [i.status for i in st.data.in_play[c].indicators]


def coins(monkeypatch, *faces):
    seq = list(faces)

    def fake(st, seat, why):
        return seq.pop(0)
    for mod in (combat, statuses, zones):
        monkeypatch.setattr(mod, "flip", fake)
    return seq


def attack(st, attacker, target):
    play(st, f"attack:c{attacker}", f"at:{target}", "done")


def end_turn(st):
    """The active Caster ends Take Actions; stop at the next Take Actions decision."""
    play(st, "end")
    while st.decision is not None and st.decision.kind != "main":
        st.apply(ids(st)[0])


def check(st):
    st.data.dirty = True
    endings.state_check(st)


# --------------------------------------------------------------------------- general
@pytest.mark.rule("MZ22-STATUS-3", "MZ22-STATUS-4", "MZ22-POISON-2", "MZ22-POISON-3", "MZ22-POISON-8")
def test_one_indicator_each_but_up_to_three_poison():
    st = pos(["Plain Mole"], [])
    mole = page(st, "Plain Mole")
    statuses.inflict(st, 0, "burn", [page_ref(mole)], 2)
    statuses.inflict(st, 0, "burn", [page_ref(mole)], 5)
    assert [(i.status, i.counters) for i in st.data.in_play[mole].indicators] == [("burn", 2)]
    statuses.inflict(st, 0, "poison", [page_ref(mole)], 2)
    statuses.inflict(st, 0, "poison", [page_ref(mole)], 2)
    assert kinds(st, mole).count("poison") == 3


@pytest.mark.rule("MZ22-STATUS-5", "MZ22-STATUS-6", "MZ22-SCARED-7")
def test_removal_and_leaving_the_arena_clear_indicators():
    st = pos([{"name": "Plain Mole", "statuses": [{"status": "burn", "counters": 3}, {"status": "poison"}]}], [])
    mole = page(st, "Plain Mole")
    statuses.remove(st, [page_ref(mole)], "burn")
    assert kinds(st, mole) == ["poison"]
    zones.leave(st, mole, "chapter")
    assert mole in st.data.chapter[0] and mole not in st.data.in_play


@pytest.mark.rule("MZ22-STATUS-12", "MZ22-PARALYZE-2", "MZ22-SLEEP-2")
@pytest.mark.parametrize("heads", [True, False])
def test_only_paralyze_and_sleep_need_heads(monkeypatch, heads):
    coins(monkeypatch, heads, heads)
    st = pos(["Plain Mole", "Big Badger"], [])
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    got = statuses.inflict(st, 1, "paralyze", [page_ref(mole)]) + statuses.inflict(st, 1, "sleep", [page_ref(badger)])
    assert bool(got) == heads and (len(got) == 2) == heads
    assert st.data.in_play[badger].fatigued == heads
    assert statuses.inflict(st, 1, "confusion", [page_ref(mole)]) == [page_ref(mole)]   # no coin at all


@pytest.mark.rule("MZ22-STATUS-14")
def test_caster_primary_defender_takes_only_burn_and_poison():
    st = pos(["Fever Toad", "Boo Wisp"], [])
    toad, wisp = page(st, "Fever Toad"), page(st, "Boo Wisp")
    attack(st, toad, "P2")
    assert sorted(i.status for i in st.data.caster_indicators[1]) == ["burn", "poison"]
    attack(st, wisp, "P2")
    assert sorted(i.status for i in st.data.caster_indicators[1]) == ["burn", "poison"]


@pytest.mark.rule("MZ22-STATUS-16", "MZ22-COMBAT-52", "MZ22-STATUS-11")
def test_indicators_record_turn_and_combat():
    st = pos(["Rime Newt", "Rime Newt"], ["Big Badger", "Night Shrew"])
    n1, n2 = page(st, "Rime Newt", n=0), page(st, "Rime Newt", n=1)
    badger, shrew = page(st, "Big Badger"), page(st, "Night Shrew")
    attack(st, n1, f"c{badger}")
    attack(st, n2, f"c{shrew}")
    i1, i2 = st.data.in_play[badger].indicators[0], st.data.in_play[shrew].indicators[0]
    assert (i1.status, i1.counters, i1.turn) == ("frozen", 2, 3) and i2.turn == 3
    assert i1.combat and i2.combat and i1.combat != i2.combat


# --------------------------------------------------------------------------- Frozen
@pytest.mark.rule("MZ22-FROZEN-2", "MZ22-FROZEN-3", "MZ22-FROZEN-4", "MZ22-FROZEN-6", "MZ22-FROZEN-7",
                  "MZ22-STATUS-15", "MZ22-TURN-18")
def test_frozen_counts_down_and_thaws():
    st = pos(["Rime Newt"], ["Big Badger"])
    newt, badger = page(st, "Rime Newt"), page(st, "Big Badger")
    attack(st, newt, f"c{badger}")
    assert st.data.in_play[badger].fatigued and st.data.in_play[badger].indicators[0].counters == 2
    assert lp(st, badger) == 190                             # same Combat: Frozen stays
    end_turn(st)                                             # P2's turn 4: one Counter off, no Awaken
    assert st.data.in_play[badger].indicators[0].counters == 1 and st.data.in_play[badger].fatigued
    assert not zones.awaken(st, badger)
    end_turn(st)                                             # turn 5: the last Counter; it Awakens
    assert not st.data.in_play[badger].indicators and not st.data.in_play[badger].fatigued


@pytest.mark.rule("MZ22-FROZEN-5", "MZ22-FROZEN-8", "MZ22-LP-15")
def test_damage_outside_its_combat_frees_a_frozen_page_but_it_stays_fatigued():
    st = pos(["Plain Mole"], [{"name": "Big Badger", "fatigued": True,
                               "statuses": [{"status": "frozen", "counters": 3}]}])
    badger = page(st, "Big Badger")
    lose_lp(st, [page_ref(badger)], 10)
    damage(st, [page_ref(badger)], 0)
    assert kinds(st, badger) == ["frozen"]                   # LP Loss and 0 Damage do nothing
    damage(st, [page_ref(badger)], 10)
    assert not st.data.in_play[badger].indicators and st.data.in_play[badger].fatigued


# --------------------------------------------------------------------------- Sleep
@pytest.mark.rule("MZ22-SLEEP-5", "MZ22-SLEEP-3", "MZ22-SLEEP-7", "MZ22-SLEEP-8", "MZ22-STATUS-9")
def test_sleep_doubles_damage_outside_its_combat_then_wakes():
    st = pos(["Hush Moth", "Plain Mole"], ["Big Badger"])
    moth, badger = page(st, "Hush Moth"), page(st, "Big Badger")
    attack(st, moth, f"c{badger}")                           # auto Sleep, no coin; Lull not doubled
    assert kinds(st, badger) == ["sleep"] and lp(st, badger) == 190 and st.data.in_play[badger].fatigued
    end_turn(st)
    assert kinds(st, badger) == ["sleep"] and st.data.in_play[badger].fatigued     # no time limit, no Awaken
    damage(st, [page_ref(badger)], 0)
    assert kinds(st, badger) == ["sleep"]                    # 0 stays 0 and does not wake it
    damage(st, [page_ref(badger)], 15)
    assert lp(st, badger) == 160 and not st.data.in_play[badger].indicators and not st.data.in_play[badger].fatigued


@pytest.mark.rule("MZ22-SLEEP-4", "MZ22-SLEEP-6", "MZ22-COMBAT-39")
def test_attacking_a_sleeping_page_wakes_it_without_awakening():
    st = pos(["Plain Mole"], [{"name": "Big Badger", "fatigued": True, "statuses": [{"status": "sleep"}]}])
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    attack(st, mole, f"c{badger}")
    assert lp(st, badger) == 180                             # removed before the Damage: not doubled
    assert not st.data.in_play[badger].indicators and st.data.in_play[badger].fatigued


# --------------------------------------------------------------------------- Burn
@pytest.mark.rule("MZ22-BURN-2", "MZ22-BURN-3", "MZ22-BURN-4", "MZ22-BURN-10")
def test_burn_counters_roll_and_tick():
    st = pos(["Fever Toad"], ["Big Badger"])
    toad, badger = page(st, "Fever Toad"), page(st, "Big Badger")
    attack(st, toad, f"c{badger}")
    n = st.data.in_play[badger].indicators[0].counters
    assert 1 <= n <= 6 and any("rolls a D6 for Burn" in x for x in st.log)
    statuses.inflict(st, 0, "burn", [caster_ref(1)], 1)
    assert st.data.caster_indicators[1][0].counters == 1                 # a fixed value: no roll
    end_turn(st)
    assert not st.data.caster_indicators[1]                              # its last Counter came off
    burn = [i for i in st.data.in_play[badger].indicators if i.status == "burn"]
    assert (burn[0].counters if burn else 0) == n - 1


@pytest.mark.rule("MZ22-BURN-5", "MZ22-BURN-6", "MZ22-BURN-7", "MZ22-BURN-8", "MZ22-LP-2")
@pytest.mark.parametrize("caster,beastie", [(True, False), (False, True), (True, True)])
def test_burn_loss_at_declaration(caster, beastie):
    burn = [{"status": "burn", "counters": 3}]
    st = pos([{"name": "Big Badger", "statuses": burn if beastie else []}], ["Plain Mole"],
             p1={"statuses": burn if caster else []})
    badger, mole = page(st, "Big Badger"), page(st, "Plain Mole")
    play(st, f"attack:c{badger}", f"at:c{mole}")
    assert st.data.lp_of_caster(0) == (980 if caster else 1000) and st.data.lp_damage[0] == 0
    assert st.data.in_play[badger].loss == (20 if beastie else 0)       # its 20 Damage is the Mole's answer
    assert not any("Big Badger takes 20 Damage to Burn" in x for x in st.log)


@pytest.mark.rule("MZ22-BURN-9")
def test_a_burned_primary_defender_loses_nothing_for_answering():
    st = pos(["Plain Mole"], [{"name": "Big Badger", "statuses": [{"status": "burn", "counters": 3}]}],
             p2={"statuses": [{"status": "burn", "counters": 3}]})
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    attack(st, mole, f"c{badger}")
    assert st.data.in_play[badger].loss == 0 and st.data.lp_of_caster(1) == 1000


@pytest.mark.rule("MZ22-BURN-11", "MZ22-COMBAT-24", "MZ22-LP-16")
def test_burn_can_destroy_the_attacker_or_defeat_the_caster():
    st = pos([{"name": "Plain Mole", "damage": 25, "statuses": [{"status": "burn", "counters": 2}]}],
             ["Big Badger"])
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    play(st, f"attack:c{mole}", f"at:c{badger}")
    assert mole not in st.data.in_play and st.data.combat is None and lp(st, badger) == 200
    assert st.decision.kind == "main"
    st = pos(["Plain Mole"], ["Big Badger"], p1={"damage": 990, "statuses": [{"status": "burn", "counters": 2}]})
    play(st, f"attack:c{page(st, 'Plain Mole')}", f"at:c{page(st, 'Big Badger')}")
    assert st.result is not None and st.data.out[0]


# --------------------------------------------------------------------------- Poison
@pytest.mark.rule("MZ22-POISON-4", "MZ22-POISON-5", "MZ22-POISON-6", "MZ22-POISON-7", "MZ22-TURN-19",
                  "MZ22-LP-1", "MZ22-LP-3", "MZ22-LP-8")
def test_poison_loses_twice_then_comes_off():
    st = pos([], ["Big Badger"], p2={"statuses": []})
    badger = page(st, "Big Badger")
    statuses.inflict(st, 0, "poison", [page_ref(badger), caster_ref(1)])
    end_turn(st)                                             # end of turn 3
    assert st.data.in_play[badger].loss == 10 and st.data.in_play[badger].damage == 0
    assert max_lp(st.data, badger) == 200 and st.data.lp_of_caster(1) == 990
    end_turn(st)                                             # end of turn 4, start of turn 5
    assert st.data.in_play[badger].loss == 20 and not st.data.in_play[badger].indicators
    assert not st.data.caster_indicators[1]
    end_turn(st)
    assert st.data.in_play[badger].loss == 20


# --------------------------------------------------------------------------- Paralyze
@pytest.mark.rule("MZ22-PARALYZE-7", "MZ22-PARALYZE-10")
def test_paralyze_ends_at_the_end_of_the_next_turn():
    st = pos([], ["Big Badger"])
    badger = page(st, "Big Badger")
    statuses.inflict(st, 0, "paralyze", [page_ref(badger)], auto=True)
    assert st.log[-1] == "Big Badger is Paralyzed"
    end_turn(st)
    assert kinds(st, badger) == ["paralyze"]                  # still on in turn 4
    play(st, "end")
    while st.decision is not None and st.decision.kind != "main":
        st.apply(ids(st)[0])
    assert not st.data.in_play[badger].indicators
    log = "\n".join(st.log)
    assert log.rindex("no longer Paralyzed") > log.rindex("— Turn 4")
    assert log.rindex("no longer Paralyzed") < log.rindex("— Turn 5")


# --------------------------------------------------------------------------- Scared
@pytest.mark.rule("MZ22-SCARED-2", "MZ22-SCARED-3", "MZ22-SCARED-4", "MZ22-SCARED-6")
def test_scared_attacker_on_tails_runs_back_and_no_attack_happens(monkeypatch):
    coins(monkeypatch, False)
    st = pos([{"name": "Plain Mole", "statuses": [{"status": "scared"}]}], ["Big Badger"])
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    play(st, f"attack:c{mole}")
    assert mole in st.data.chapter[0] and st.data.combat is None and st.decision.kind == "main"
    assert lp(st, badger) == 200


@pytest.mark.rule("MZ22-SCARED-5", "MZ22-SCARED-6")
def test_scared_attacker_on_heads_loses_scared_and_attacks(monkeypatch):
    coins(monkeypatch, True)
    st = pos([{"name": "Plain Mole", "statuses": [{"status": "scared"}]}], ["Big Badger"])
    mole, badger = page(st, "Plain Mole"), page(st, "Big Badger")
    attack(st, mole, f"c{badger}")
    assert not st.data.in_play[mole].indicators and lp(st, badger) == 180


@pytest.mark.rule("MZ22-SCARED-3", "MZ22-SCARED-4", "MZ22-SCARED-6")
def test_scared_defender_on_tails_is_no_defender(monkeypatch):
    coins(monkeypatch, False)
    st = pos(["Plain Mole"], ["Big Badger", {"name": "Night Shrew", "statuses": [{"status": "scared"}]}])
    mole, badger, shrew = page(st, "Plain Mole"), page(st, "Big Badger"), page(st, "Night Shrew")
    play(st, f"attack:c{mole}", f"at:c{badger}", f"defend:c{shrew}")
    assert shrew in st.data.chapter[1]
    assert lp(st, badger) == 180                             # no Defender: the target took it


# --------------------------------------------------------------------------- Confusion
@pytest.mark.rule("MZ22-CONFUSION-2", "MZ22-CONFUSION-3", "MZ22-CONFUSION-4", "MZ22-CONFUSION-5",
                  "MZ22-CONFUSION-7", "MZ22-CONFUSION-9")
def test_confused_attacker_on_tails_hurts_itself_and_combat_goes_on(monkeypatch):
    coins(monkeypatch, False)
    st = pos([{"name": "Sun Heron", "statuses": [{"status": "confusion"}]}], ["Night Shrew"])
    heron, shrew = page(st, "Sun Heron"), page(st, "Night Shrew")
    attack(st, heron, f"c{shrew}")
    # 30 (no Type Advantage, no AAA), then the Shrew still answers with 10
    assert lp(st, heron) == 20 and lp(st, shrew) == 200 and not st.data.in_play[heron].indicators


@pytest.mark.rule("MZ22-CONFUSION-6", "MZ22-CONFUSION-7")
def test_confused_on_heads_attacks_and_stays_confused(monkeypatch):
    coins(monkeypatch, True)
    st = pos([{"name": "Sun Heron", "statuses": [{"status": "confusion"}]}], ["Night Shrew"])
    heron, shrew = page(st, "Sun Heron"), page(st, "Night Shrew")
    attack(st, heron, f"c{shrew}")
    assert lp(st, shrew) == 130 and kinds(st, heron) == ["confusion"]


@pytest.mark.rule("MZ22-CONFUSION-7", "MZ22-CONFUSION-8")
def test_confused_primary_defender_flips_too_and_paralyze_makes_it_zero(monkeypatch):
    coins(monkeypatch, False)
    st = pos(["Plain Mole"], [{"name": "Night Shrew", "statuses": [{"status": "confusion"},
                                                                   {"status": "paralyze"}]}])
    mole, shrew = page(st, "Plain Mole"), page(st, "Night Shrew")
    attack(st, mole, f"c{shrew}")
    assert lp(st, shrew) == 180 and lp(st, mole) == 40 and kinds(st, shrew) == ["paralyze"]


# --------------------------------------------------------------------------- LP
@pytest.mark.rule("MZ22-LP-4", "MZ22-LP-5", "MZ22-LP-6", "MZ22-LP-7", "MZ22-LP-10", "MZ22-LP-11", "MZ22-LP-12")
def test_gain_recover_and_the_two_totals():
    st = pos(["Plain Mole"], [])
    mole = page(st, "Plain Mole")
    c = page_ref(mole)
    assert lp(st, mole) == max_lp(st.data, mole) == 40
    damage(st, [c], 10)
    lose_lp(st, [c], 5)
    gain_lp(st, [c], 20)
    assert max_lp(st.data, mole) == 60 and lp(st, mole) == 45
    recover(st, [c], 12)
    s = st.data.in_play[mole]
    assert (s.damage, s.loss, lp(st, mole)) == (0, 3, 57)
    recover(st, [c], 100)
    assert lp(st, mole) == 60 and st.data.in_play[mole].loss == 0
    recover(st, [c], 10)                                     # at maximum: allowed, nothing changes
    assert lp(st, mole) == 60


@pytest.mark.rule("MZ22-LP-13", "MZ22-LP-9", "MZ22-LP-14")
def test_gain_ending_destroys_a_page_left_at_zero_and_works_on_casters():
    st = pos(["Plain Mole"], [])
    mole = page(st, "Plain Mole")
    gain_lp(st, [page_ref(mole)], 30, "turn_end")
    damage(st, [page_ref(mole)], 50)
    check(st)
    assert lp(st, mole) == 20
    end_turn(st)
    assert mole not in st.data.in_play and mole in st.data.limbo[0]
    gain_lp(st, [caster_ref(0)], 50)
    damage(st, [caster_ref(0)], 30)
    lose_lp(st, [caster_ref(0)], 10)
    assert st.data.lp_of_caster(0) == 1010
    recover(st, [caster_ref(0)], 35)
    assert (st.data.lp_damage[0], st.data.lp_loss[0]) == (0, 5)


@pytest.mark.rule("MZ22-LP-16", "MZ22-COMBAT-32")
def test_lp_loss_to_zero_destroys():
    st = pos(["Plain Mole"], [])
    mole = page(st, "Plain Mole")
    lose_lp(st, [page_ref(mole)], 40)
    check(st)
    assert mole not in st.data.in_play


@pytest.mark.rule("MZ22-LP-13", "MZ22-TRIBAL-5")
def test_paralyze_taking_tribal_boost_away_can_destroy():
    st = pos([{"name": "Kin Booster", "damage": 35}, "Kin Digger"], [])
    booster = page(st, "Kin Booster")
    assert lp(st, booster) == 5
    statuses.inflict(st, 1, "paralyze", [page_ref(booster)], auto=True)
    endings.state_check(st)                                  # Paralyze itself asks for the check
    assert booster not in st.data.in_play and booster in st.data.limbo[0]
