"""MetaZoo 2022, the stack area: Contracting, Actions and priority, the resolution chain,
simultaneous Effects, targets, keyword triggers with last known information, Tokens and copies,
Page-defined wins (MZ22-CONTRACT, ACTION, OWN, PRIO, KW, CHAIN, SIMUL, TARGET, TOKEN, WIN-2,
GLOSS-12/13/15). Positions are built with ``game.position(spec)``; the stand-in Pages below
are our own."""
from __future__ import annotations

import pytest

import metatcg
from support import ids
from support.metazoo_2022 import position

PAGES = r'''
[[page]]
name = "Kindle Bolt"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 25, to = "t0" }, { op = "inflict", status = "burn", to = "t0" }]
text = "Deal 25 Damage to target opposing Beastie and inflict Burn on it."

[[page]]
name = "Rime Lance"
type = "spell"
any_time = true
cost = [{ aura = "frost", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "any" }]
do = [{ op = "damage", amount = 10, to = "t0" }, { op = "inflict", status = "frozen", x = 2, to = "t0" }]
text = "Any time: deal 10 Damage to target Beastie and inflict Frozen (2) on it."

[[page]]
name = "Twin Sparks"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing", n = 2 }]
do = [{ op = "damage", amount = 10, to = "t0" }]
text = "Deal 10 Damage to each of two target opposing Beasties."

[[page]]
name = "Grinning Jester"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
[[page.attack]]
name = "Jest"
damage = 10

[[page]]
name = "Goat-Sucker Shade"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
[[page.attack]]
name = "Drain"
damage = 10
[[page.effect]]
when = "any_time"
cost = { fatigue = true }
targets = [{ kind = "beastie", side = "own" }]
do = [{ op = "recover", amount = "all", to = "t0" }]
text = "Any time (Fatigue): target Beastie you control Recovers all its LP."

[[page]]
name = "Mirror Ward"
type = "spell"
any_time = true
cost = [{ aura = "water", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "spell", side = "opposing" }]
do = [{ op = "copy_spell", of = "t0" }]
text = "Any time: copy target opposing Spell; you may choose new targets for the copy."

[[page]]
name = "Hush"
type = "spell"
any_time = true
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "item", side = "opposing" }]
do = [{ op = "stop", to = "t0" }]
text = "Any time: stop target opposing Page or Effect on the chain."

[[page]]
name = "Quiet Hare"
type = "beastie"
any_time = true
cost = [{ aura = "neutral", n = 1 }]
lp = 30
[[page.attack]]
name = "Nibble"
damage = 10
[[page.effect]]
when = "contract"
do = [{ op = "bookmark", n = 1 }]
text = "CONTRACT: Bookmark 1."
[[page.effect]]
when = "contract"
do = [{ op = "lose_lp", amount = 10, to = "opponents" }]
text = "CONTRACT: each opposing Caster loses 10 LP."

[[page]]
name = "Mimic Moth"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 20
[[page.attack]]
name = "Flutter"
damage = 10
[[page.effect]]
when = "power"
cost = { fatigue = true }
targets = [{ kind = "beastie", side = "any" }]
do = [{ op = "copy_token", of = "t0" }]
text = "Power (Fatigue): create a Token copy of target Beastie."
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "damage", amount = 10, to = { each = "beastie", side = "opposing" } }]
text = "Power (Fatigue): deal 10 Damage to each opposing Beastie."

[[page]]
name = "Ashen Hound"
type = "beastie"
cost = [{ aura = "flame", n = 1 }]
lp = 20
[[page.attack]]
name = "Bite"
damage = 10
[[page.effect]]
when = "destroyed"
do = [{ op = "damage", amount = 20, to = { each = "beastie", side = "opposing" } }]
text = "DESTROYED: deal 20 Damage to each opposing Beastie."

[[page]]
name = "Tidewater Wisp"
type = "beastie"
cost = [{ aura = "water", n = 1 }, { aura = "dark", n = 1 }]
lp = 40
[[page.attack]]
name = "Splash"
damage = 10

[[page]]
name = "Deluge"
type = "spell"
cost = [{ aura = "water", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "destroy", to = { each = "beastie", aura_not = ["water"] } }]
text = "Destroy each Beastie that is not Water."

[[page]]
name = "Last Page"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 10
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "win" }]
text = "Power (Fatigue): you win the game."
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "lose", who = "opponents" }]
text = "Power (Fatigue): each opposing Caster loses the game."

[[page]]
name = "Homeward Call"
type = "spell"
any_time = true
cost = [{ aura = "water", n = 1 }]
[[page.effect]]
when = "cast"
targets = [{ kind = "page", side = "any" }]
do = [{ op = "return_to_chapter", to = "t0" }]
text = "Any time: return target Page in the Arena to its owner's Chapter."

[[page]]
name = "Cinder Storm"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "damage", amount = 20, to = { each = "beastie" } }]
text = "Deal 20 Damage to each Beastie."

[[page]]
name = "Ember Rain"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "inflict", status = "burn", to = { each = "beastie", side = "opposing" } }]
text = "Inflict Burn on each opposing Beastie."

[[page]]
name = "Banner Totem"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 20
[[page.effect]]
when = "arena"
static = [{ op = "lp_bonus", amount = 10, who = { each = "beastie", side = "own" } }]
text = "ARENA: Beasties you control have +10 LP."

[[page]]
name = "Idle Thoughts"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "discard_from_chapter", n = 1, who = "opponents" }]
text = "Each opposing Caster discards a Page from their Chapter."

[[page]]
name = "Snap Lizard"
type = "beastie"
cost = [{ aura = "flame", n = 1 }]
lp = 30
[[page.attack]]
name = "Snap"
damage = 10
[[page.effect]]
when = "contract"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]
text = "CONTRACT: deal 10 Damage to target opposing Beastie."
'''

BASE = metatcg.load_game("metazoo-2022")
GAME = BASE.with_cards(BASE.parse_cards(PAGES, "stack-pages"))


def pos(*casters, **top):
    """A position in P1's Take Actions (turn 3) unless ``top`` says otherwise; forced
    decisions wait for their one option so a test sees every step."""
    return position(GAME, list(casters), **top)


def cid(st, name, n=0):
    """The id of the ``n``th Page called ``name``."""
    return [c for c, df in enumerate(st.data.defs) if df.name == name][n]


def play(st, *aids):
    for a in aids:
        assert st.decision is not None, f"the game is over before {a}"
        assert a in ids(st), f"{a} not in {ids(st)}"
        st.apply(a)


def snap(st):
    return GAME.snapshot(st)


def page(st, name):
    return next(p for p in snap(st)["arena"] if p["name"] == name)


def lines(st):
    return st.log_for(0)


def who(st):
    return (st.decision.kind, st.decision.player)


# --------------------------------------------------------------------------- MZ22-EX-1
def ex1():
    return pos({"chapter": ["Kindle Bolt", "Hush"], "aura": {"flame": 2}},
               {"chapter": ["Mirror Ward"], "aura": {"water": 1},
                "arena": [{"name": "Grinning Jester", "damage": 15}, "Goat-Sucker Shade"]})


@pytest.mark.rule("MZ22-EX-1", "MZ22-CHAIN-2", "MZ22-CHAIN-6", "MZ22-ACTION-2", "MZ22-CONTRACT-1",
                  "MZ22-CONTRACT-2", "MZ22-CONTRACT-9", "MZ22-CONTRACT-10")
def test_ex1_the_chain_resolves_last_in_first_out():
    st = ex1()
    kb, hush, mw = cid(st, "Kindle Bolt"), cid(st, "Hush"), cid(st, "Mirror Ward")
    jester, shade = cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade")
    play(st, f"contract:c{kb}")
    assert who(st) == ("target", 0)                       # the target is chosen as it is Contracted
    assert kb in st.data.revealed                         # and the Page is shown to the others
    play(st, f"target:c{jester}", "pay:pool.flame")
    assert who(st) == ("__respond", 1)                    # priority passes to the opponent
    assert kb not in st.data.chapter[0] and kb not in st.data.arena   # on the chain only
    assert snap(st)["chain"] == [{"name": "Kindle Bolt", "what": "contract", "seat": 0,
                                  "targets": [[f"c{jester}"]]}]
    play(st, f"contract:c{mw}", "target:k0", "pay:pool.water")
    assert who(st) == ("__respond", 0)
    play(st, f"contract:c{hush}", "target:k1", "pay:pool.flame")
    assert who(st) == ("__respond", 1)
    play(st, f"use:c{shade}.0", f"target:c{jester}")
    # P1 has nothing left to answer with: that is a pass, and the chain resolves to the end
    assert who(st) == ("main", 0)
    log = lines(st)
    order = [next(i for i, x in enumerate(log) if x.startswith(f"Resolving {n}"))
             for n in ("Goat-Sucker Shade", "Hush", "Kindle Bolt")]
    assert order == sorted(order)
    assert "Mirror Ward is stopped and does not resolve" in log
    assert not any(x.startswith("Resolving Mirror Ward") for x in log)
    j = page(st, "Grinning Jester")
    assert (j["lp"], j["max_lp"]) == (15, 40)
    assert [s["status"] for s in j["statuses"]] == ["burn"]
    s = snap(st)
    assert sorted(s["casters"][0]["cemetery"]) == ["Hush", "Kindle Bolt"]
    assert s["casters"][1]["cemetery"] == ["Mirror Ward"]
    assert s["chain"] == []
    assert page(st, "Goat-Sucker Shade")["fatigued"]


@pytest.mark.rule("MZ22-EX-1", "MZ22-CHAIN-2")
def test_ex1_without_the_recovery_the_jester_is_destroyed():
    st = ex1()
    kb, jester = cid(st, "Kindle Bolt"), cid(st, "Grinning Jester")
    play(st, f"contract:c{kb}", f"target:c{jester}", "pay:pool.flame", "pass")
    assert who(st) == ("main", 0)
    assert jester not in st.data.arena and jester in st.data.limbo[1]


# --------------------------------------------------------------------------- simultaneous
@pytest.mark.rule("MZ22-SIMUL-3", "MZ22-SIMUL-8")
@pytest.mark.parametrize("first", ["damage", "status"])
def test_damage_and_frozen_the_active_caster_picks_the_order(first):
    # P2 casts Rime Lance on P1's Beastie in P1's turn: P1, the active Caster, picks
    st = pos({"arena": ["Grinning Jester"]}, {"chapter": ["Rime Lance"], "aura": {"frost": 1}},
             step="end_a", active=0)
    jester, lance = cid(st, "Grinning Jester"), cid(st, "Rime Lance")
    assert who(st) == ("__respond", 1)                # P1 has nothing "any time": skipped (PRIO-9)
    play(st, f"contract:c{lance}", f"target:c{jester}", "pay:pool.frost")
    assert who(st) == ("order", 0)
    assert ids(st) == ["first:damage", "first:status"]
    play(st, f"first:{first}")
    j = page(st, "Grinning Jester")
    assert j["lp"] == 30 and j["fatigued"]
    # Damage after Frozen thaws it (outside its Combat); Frozen after the Damage stays
    assert [s["status"] for s in j["statuses"]] == (["frozen"] if first == "damage" else [])


@pytest.mark.rule("MZ22-SIMUL-3")
def test_damage_and_burn_are_not_asked_damage_comes_first():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}}, {"arena": ["Grinning Jester"]})
    kb, jester = cid(st, "Kindle Bolt"), cid(st, "Grinning Jester")
    play(st, f"contract:c{kb}", f"target:c{jester}", "pay:pool.flame")
    assert who(st) == ("main", 0)                     # P2 could not respond: no window asked
    log = lines(st)
    assert log.index(next(x for x in log if "takes 25 Damage" in x)) < \
        log.index(next(x for x in log if "is Burned" in x))


@pytest.mark.rule("MZ22-CONTRACT-6", "MZ22-CONTRACT-7", "MZ22-CONTRACT-12", "MZ22-KW-1", "MZ22-SIMUL-1",
                  "MZ22-OWN-5", "MZ22-ACTION-4", "MZ22-ACTION-5")
def test_contract_effects_are_ordered_by_the_active_caster_before_the_page_enters():
    # P2 Contracts an "any time" Beastie with two CONTRACT Effects in P1's end window; P1 could
    # answer at any time (a damaged Shade), yet is never asked while the Contract resolves
    st = pos({"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]},
             {"chapter": ["Quiet Hare"], "aura": {"flame": 1}}, step="end_a")
    hare = cid(st, "Quiet Hare")
    play(st, "pass", f"contract:c{hare}", "pay:pool.flame", "pass")
    assert who(st) == ("__order_triggers", 0)          # P1, the active Caster, orders them
    assert hare not in st.data.arena                   # CONTRACT Effects come first
    opts = [a.label for a in st.legal_actions()]
    assert any("Bookmark" in x for x in opts) and any("loses 10 LP" in x for x in opts)
    play(st, ids(st)[1])
    assert hare in st.data.arena and st.data.in_play[hare].contracted
    assert st.data.lp_of_caster(0) == 990
    log = lines(st)
    assert log.index("P1 chooses what resolves next: Quiet Hare: CONTRACT: each opposing Caster loses 10 LP.") \
        < log.index("P1 loses 10 LP (990 LP left)") < log.index("P2 Bookmarks 1 Page") \
        < log.index("Quiet Hare enters the Arena for P2")
    assert who(st) == ("__respond", 0) and st.data.step == "end_a"    # then the window, from P1


# --------------------------------------------------------------------------- priority
@pytest.mark.rule("MZ22-PRIO-3", "MZ22-PRIO-8", "MZ22-PRIO-9", "MZ22-CHAIN-4")
def test_start_window_restarts_with_the_active_caster_after_the_chain():
    st = pos({"arena": [{"name": "Goat-Sucker Shade", "damage": 10}, {"name": "Goat-Sucker Shade", "damage": 10}]},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]}, step="start_b")
    s1, s2 = cid(st, "Goat-Sucker Shade"), cid(st, "Goat-Sucker Shade", 1)
    assert who(st) == ("__respond", 0)                  # the active Caster first
    play(st, f"use:c{s1}.0", f"target:c{s1}")
    assert who(st) == ("__respond", 1)
    play(st, "pass")                                    # the chain resolves ...
    assert st.data.in_play[s1].damage == 0
    assert who(st) == ("__respond", 0)                  # ... and the window reopens with P1
    assert st.data.step == "start_b"
    play(st, "pass")
    assert who(st) == ("__respond", 1)                  # P1 passed with an empty chain: P2 next
    play(st, "pass")
    assert st.data.step == "actions" and who(st) == ("main", 0)
    assert st.data.in_play[s2].damage == 10


@pytest.mark.rule("MZ22-PRIO-4", "MZ22-PRIO-8")
def test_end_window_an_action_by_the_other_caster_then_the_active_caster_again():
    st = pos({"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]}, step="end_a")
    mine, theirs = cid(st, "Goat-Sucker Shade"), cid(st, "Goat-Sucker Shade", 1)
    play(st, "pass")
    assert who(st) == ("__respond", 1)
    play(st, f"use:c{theirs}.0", f"target:c{theirs}")
    assert who(st) == ("__respond", 0)                  # priority passes after the Action
    play(st, "pass")
    assert st.data.in_play[theirs].damage == 0
    assert who(st) == ("__respond", 0) and st.data.step == "end_a"     # restarted from P1
    play(st, f"use:c{mine}.0", f"target:c{mine}")
    assert st.data.in_play[mine].damage == 0                 # P2 had nothing left: resolved at once
    assert st.data.turn == 4                            # then the window closed and the turn ended


@pytest.mark.rule("MZ22-PRIO-7", "MZ22-CONTRACT-11", "MZ22-PRIO-2", "MZ22-GLOSS-13")
def test_only_any_time_pages_and_effects_answer_outside_take_actions():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}, "arena": ["Mimic Moth"]},
             {"chapter": ["Kindle Bolt", "Hush"], "aura": {"flame": 2}, "arena": ["Mimic Moth", "Grinning Jester"]})
    kb1, moth1 = cid(st, "Kindle Bolt"), cid(st, "Mimic Moth")
    kb2, hush, moth2 = cid(st, "Kindle Bolt", 1), cid(st, "Hush"), cid(st, "Mimic Moth", 1)
    assert f"contract:c{kb1}" in ids(st) and f"use:c{moth1}.0" in ids(st)   # Take Actions: anything
    play(st, f"contract:c{kb1}", f"target:c{cid(st, 'Grinning Jester')}", "pay:pool.flame")
    assert who(st) == ("__respond", 1)
    # P2 holds priority: only "any time" Pages; no Spell without permission, no Power (own turn only)
    assert f"contract:c{hush}" in ids(st)
    assert f"contract:c{kb2}" not in ids(st)
    assert not any(a.startswith(f"use:c{moth2}") for a in ids(st))


@pytest.mark.rule("MZ22-GLOSS-12", "MZ22-GLOSS-15", "MZ22-ACTION-1", "MZ22-ACTION-8")
def test_a_power_fatigues_its_page_when_declared_and_goes_on_the_chain():
    st = pos({"arena": ["Mimic Moth"]}, {"chapter": ["Hush"], "aura": {"flame": 1}, "arena": ["Grinning Jester"]})
    moth, hush = cid(st, "Mimic Moth"), cid(st, "Hush")
    play(st, f"use:c{moth}.1")
    assert st.data.in_play[moth].fatigued                    # paid as it is declared
    assert who(st) == ("__respond", 1)                  # an Action: P2 gets priority
    assert snap(st)["chain"][0]["what"] == "effect"
    play(st, f"contract:c{hush}", "target:k0", "pay:pool.flame")
    assert who(st) == ("main", 0)
    assert page(st, "Grinning Jester")["lp"] == 40      # the stopped Power did nothing
    assert not any(a.startswith(f"use:c{moth}") for a in ids(st))   # a Fatigued Page has no Power


@pytest.mark.rule("MZ22-ACTION-7", "MZ22-ACTION-2")
def test_three_casters_every_other_caster_passes_clockwise_before_resolution():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}},
             {"arena": ["Grinning Jester", {"name": "Goat-Sucker Shade", "damage": 10}]},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}], "chapter": ["Hush"], "aura": {"flame": 1}})
    kb, s2 = cid(st, "Kindle Bolt"), cid(st, "Grinning Jester")
    play(st, f"contract:c{kb}", f"target:c{s2}", "pay:pool.flame")
    assert who(st) == ("__respond", 1)
    play(st, "pass")
    assert who(st) == ("__respond", 2)                  # not resolved yet: P3 is asked
    play(st, "pass")
    assert who(st) == ("main", 0) and st.data.in_play[s2].damage == 25
    # after an answer the others are asked from the seat after the one who acted
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]})
    kb, s2, s3 = cid(st, "Kindle Bolt"), cid(st, "Goat-Sucker Shade"), cid(st, "Goat-Sucker Shade", 1)
    play(st, f"contract:c{kb}", f"target:c{s3}", "pay:pool.flame", "pass")
    play(st, f"use:c{s3}.0", f"target:c{s3}")
    assert who(st) == ("__respond", 1)                  # P3 acted: P1 has nothing, P2 is asked


# --------------------------------------------------------------------------- targets at resolution
@pytest.mark.rule("MZ22-CHAIN-5", "MZ22-TARGET-6", "MZ22-CHAIN-3")
def test_only_the_targets_still_legal_are_affected():
    st = pos({"chapter": ["Twin Sparks"], "aura": {"flame": 1}},
             {"chapter": ["Homeward Call"], "aura": {"water": 1}, "arena": ["Grinning Jester", "Goat-Sucker Shade"]})
    ts, hc = cid(st, "Twin Sparks"), cid(st, "Homeward Call")
    jester, shade = cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade")
    play(st, f"contract:c{ts}", f"target:c{jester}", f"target:c{shade}", "pay:pool.flame")
    play(st, f"contract:c{hc}", f"target:c{shade}", "pay:pool.water")
    assert who(st) == ("main", 0)
    assert shade in st.data.chapter[1]
    assert st.data.in_play[jester].damage == 10
    assert "Twin Sparks" in snap(st)["casters"][0]["cemetery"]


@pytest.mark.rule("MZ22-CHAIN-5", "MZ22-TARGET-6", "MZ22-PAGE-6")
def test_an_item_whose_targets_are_all_gone_fizzles_and_the_spell_still_goes_to_the_cemetery():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}},
             {"chapter": ["Homeward Call"], "aura": {"water": 1}, "arena": ["Grinning Jester"]})
    kb, hc, jester = cid(st, "Kindle Bolt"), cid(st, "Homeward Call"), cid(st, "Grinning Jester")
    play(st, f"contract:c{kb}", f"target:c{jester}", "pay:pool.flame")
    play(st, f"contract:c{hc}", f"target:c{jester}", "pay:pool.water")
    assert who(st) == ("main", 0)
    assert "Kindle Bolt has no legal target left and does nothing" in lines(st)
    assert snap(st)["casters"][0]["cemetery"] == ["Kindle Bolt"]
    assert not any("Burn" in x for x in lines(st))


@pytest.mark.rule("MZ22-CHAIN-7", "MZ22-KW-4", "MZ22-KW-8", "MZ22-WIN-4")
def test_triggers_and_state_checks_come_between_chain_items():
    # bottom: P1's Shade will heal the Jester; top: P2's Rime Lance finishes P2's own Ashen Hound,
    # whose DESTROYED Effect (off the chain, no window) kills the Jester before the heal resolves
    st = pos({"arena": [{"name": "Grinning Jester", "damage": 25}, "Goat-Sucker Shade"]},
             {"arena": [{"name": "Ashen Hound", "damage": 10}], "chapter": ["Rime Lance"], "aura": {"frost": 1}})
    jester, shade, hound, lance = (cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade"), cid(st, "Ashen Hound"),
                                   cid(st, "Rime Lance"))
    play(st, f"use:c{shade}.0", f"target:c{jester}")
    play(st, f"contract:c{lance}", f"target:c{hound}", "pay:pool.frost")
    play(st, "first:damage")
    assert who(st) == ("main", 0)
    log = lines(st)
    assert hound in st.data.limbo[1] and jester in st.data.limbo[0]
    assert log.index("Ashen Hound is Destroyed (0 LP)") < log.index("Grinning Jester is Destroyed (0 LP)") \
        < log.index("Resolving Goat-Sucker Shade (Effect)")
    assert "Goat-Sucker Shade has no legal target left and does nothing" in log
    assert st.data.in_play[shade].damage == 20


# --------------------------------------------------------------------------- copies and Tokens
@pytest.mark.rule("MZ22-TOKEN-10", "MZ22-TOKEN-11", "MZ22-TOKEN-17")
def test_a_spell_copy_goes_on_the_chain_free_with_new_targets_and_leaves_no_page():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}, "arena": ["Goat-Sucker Shade"]},
             {"chapter": ["Mirror Ward"], "aura": {"water": 1}, "arena": ["Grinning Jester"]})
    kb, mw = cid(st, "Kindle Bolt"), cid(st, "Mirror Ward")
    jester, shade = cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade")
    play(st, f"contract:c{kb}", f"target:c{jester}", "pay:pool.flame")
    play(st, f"contract:c{mw}", "target:k0", "pay:pool.water")
    # Mirror Ward resolves: P2 targets the copy as if Contracting it (opposing = P1's Pages)
    play(st, "pass")
    assert who(st) == ("target", 1)
    assert ids(st) == [f"target:c{shade}"]
    play(st, f"target:c{shade}")
    assert who(st) == ("__respond", 0)                  # priority passes as after a Contract
    assert [x["what"] for x in snap(st)["chain"]] == ["contract", "contract", "copy"]
    assert st.data.pool[1] == {}                        # nothing paid for the copy
    play(st, "pass")
    assert who(st) == ("main", 0)
    assert st.data.in_play[shade].damage == 25 and st.data.in_play[jester].damage == 25
    s = snap(st)
    assert s["casters"][0]["cemetery"] == ["Kindle Bolt"]     # one Kindle Bolt: the copy went nowhere
    assert s["casters"][1]["cemetery"] == ["Mirror Ward"]


@pytest.mark.rule("MZ22-TOKEN-8", "MZ22-TOKEN-9", "MZ22-TOKEN-15", "MZ22-TOKEN-16", "MZ22-TOKEN-6",
                  "MZ22-TOKEN-2", "MZ22-CONTRACT-13", "MZ22-OWN-1")
def test_a_token_copy_takes_printed_information_only():
    st = pos({"arena": ["Mimic Moth"]},
             {"arena": [{"name": "Quiet Hare", "damage": 10, "statuses": [{"status": "poison"}], "gain": 10}]})
    moth, hare = cid(st, "Mimic Moth"), cid(st, "Quiet Hare")
    chapter = len(st.data.chapter[0])
    play(st, f"use:c{moth}.0", f"target:c{hare}")
    tok = st.data.arena[-1]
    assert st.data.is_token(tok) and st.data.defs[tok].name == "Quiet Hare"
    t = snap(st)["arena"][-1]
    assert (t["owner"], t["controller"], t["fatigued"]) == (0, 0, True)
    assert (t["lp"], t["max_lp"], t["statuses"]) == (30, 30, [])     # no Damage, gain or Indicator
    assert t["types"] == ["neutral"] and st.data.defs[tok].cost == ()
    assert len(st.data.chapter[0]) == chapter and st.data.lp_of_caster(1) == 1000    # no CONTRACT Effects
    # a copy of a Page whose type an Effect changed has the printed (base) types
    st2 = pos({"arena": ["Mimic Moth"]}, {"arena": [{"name": "Tidewater Wisp", "types": ["flame"]}]})
    play(st2, f"use:c{cid(st2, 'Mimic Moth')}.0", f"target:c{cid(st2, 'Tidewater Wisp')}")
    assert snap(st2)["arena"][-1]["types"] == ["dark", "water"]


@pytest.mark.rule("MZ22-TOKEN-5", "MZ22-TOKEN-14", "MZ22-KW-6")
def test_a_token_leaving_the_arena_ceases_to_exist_and_a_return_is_not_a_destroy():
    st = pos({"arena": ["Mimic Moth"], "chapter": ["Homeward Call"], "aura": {"water": 1}},
             {"arena": ["Ashen Hound", "Grinning Jester"]})
    moth, hound, hc = cid(st, "Mimic Moth"), cid(st, "Ashen Hound"), cid(st, "Homeward Call")
    play(st, f"use:c{moth}.0", f"target:c{hound}")
    tok = st.data.arena[-1]
    play(st, f"contract:c{hc}", f"target:c{tok}", "pay:pool.water")
    assert tok not in st.data.arena and all(tok not in z for zs in (st.data.chapter, st.data.limbo)
                                            for z in zs)
    assert "DESTROYED" not in " ".join(lines(st))
    assert st.data.in_play[cid(st, "Grinning Jester")].damage == 0


@pytest.mark.rule("MZ22-TOKEN-14", "MZ22-KW-4")
def test_a_destroyed_token_still_has_its_destroyed_effect():
    st = pos({"arena": ["Mimic Moth"], "chapter": ["Kindle Bolt"], "aura": {"flame": 1}},
             {"arena": ["Ashen Hound", "Grinning Jester"]})
    moth, hound = cid(st, "Mimic Moth"), cid(st, "Ashen Hound")
    play(st, f"use:c{moth}.0", f"target:c{hound}")      # P1's Token copy of the Hound
    tok = st.data.arena[-1]
    st.data.in_play[tok] = st.data.in_play[tok]._replace(damage=15)
    st.data.dirty = True
    play(st, f"contract:c{cid(st, 'Kindle Bolt')}", f"target:c{hound}", "pay:pool.flame")
    # the real Hound dies: 20 to P1's Beasties, which Destroys the Token (5 LP left): its own
    # DESTROYED Effect hits P2's Jester
    assert tok not in st.data.arena and tok not in st.data.limbo[0]
    assert st.data.in_play[cid(st, "Grinning Jester")].damage == 20


# --------------------------------------------------------------------------- last known information
@pytest.mark.rule("MZ22-KW-8")
def test_an_effect_whose_source_left_still_resolves():
    # PR-MZ22-7: the Power resolves with the Moth gone back to P1's Chapter
    st = pos({"arena": ["Mimic Moth"]},
             {"chapter": ["Homeward Call"], "aura": {"water": 1}, "arena": ["Grinning Jester"]})
    moth, hc, jester = cid(st, "Mimic Moth"), cid(st, "Homeward Call"), cid(st, "Grinning Jester")
    play(st, f"use:c{moth}.1", f"contract:c{hc}", f"target:c{moth}", "pay:pool.water")
    assert who(st) == ("main", 0)
    assert moth in st.data.chapter[0]
    assert st.data.in_play[jester].damage == 10


# --------------------------------------------------------------------------- targeting
@pytest.mark.rule("MZ22-EX-9", "MZ22-TARGET-3", "MZ22-TARGET-5", "MZ22-ATYPE-10")
def test_a_non_targeting_effect_spares_a_water_dark_beastie():
    st = pos({"chapter": ["Deluge"], "aura": {"water": 1}},
             {"arena": ["Tidewater Wisp", "Grinning Jester"]})
    play(st, f"contract:c{cid(st, 'Deluge')}")
    assert who(st) == ("pay", 0)                        # no target to choose: it does not target
    play(st, "pay:pool.water")
    assert [p["name"] for p in snap(st)["arena"]] == ["Tidewater Wisp"]


@pytest.mark.rule("MZ22-TARGET-1", "MZ22-TARGET-2", "MZ22-TARGET-7", "MZ22-CONTRACT-3")
def test_targets_are_what_the_effect_names_and_opposing_means_another_caster():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}, "arena": ["Grinning Jester"]},
             {"arena": ["Flame Aura", "Goat-Sucker Shade"]},
             {"arena": ["Ashen Hound"]})
    play(st, f"contract:c{cid(st, 'Kindle Bolt')}")
    assert sorted(ids(st)) == sorted([f"target:c{cid(st, 'Goat-Sucker Shade')}", f"target:c{cid(st, 'Ashen Hound')}"])
    # with no opposing Beastie the Spell cannot be Contracted at all
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}, "arena": ["Grinning Jester"]},
             {"arena": ["Flame Aura"]})
    assert f"contract:c{cid(st, 'Kindle Bolt')}" not in ids(st)


# --------------------------------------------------------------------------- owners and controllers
@pytest.mark.rule("MZ22-OWN-2", "MZ22-OWN-3", "MZ22-OWN-4", "MZ22-OWN-7")
def test_a_page_goes_to_its_owners_pile_whoever_controls_it():
    st = pos({"chapter": ["Kindle Bolt"], "aura": {"flame": 1}},
             {"arena": [{"name": "Goat-Sucker Shade", "owner": 0, "damage": 10}]})
    shade = cid(st, "Goat-Sucker Shade")
    assert st.data.owner[shade] == 0 and st.data.in_play[shade].controller == 1
    play(st, f"contract:c{cid(st, 'Kindle Bolt')}", f"target:c{shade}", "pay:pool.flame", "pass")
    assert shade in st.data.limbo[0] and not st.data.limbo[1]


# --------------------------------------------------------------------------- Page-defined ends
@pytest.mark.rule("MZ22-WIN-2")
def test_a_page_may_win_or_lose_the_game():
    st = pos({"arena": ["Last Page"]}, {})
    play(st, f"use:c{cid(st, 'Last Page')}.0")
    assert st.result == (1.0, 0.0) or list(st.result)[0] > list(st.result)[1]
    st = pos({"arena": ["Last Page"]}, {}, {})
    play(st, f"use:c{cid(st, 'Last Page')}.1")
    assert st.result is not None and st.result[0] > st.result[1] and st.result[0] > st.result[2]


@pytest.mark.rule("MZ22-PRIO-6", "MZ22-COMBAT-40")
def test_combat_windows_ask_only_the_named_caster_and_a_pass_closes_them():
    def start():
        st = pos({"arena": ["Grinning Jester"], "chapter": ["Rime Lance"], "aura": {"frost": 2}},
                 {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]},
                 {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}]})
        j, s2 = cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade")
        play(st, f"attack:c{j}", f"at:c{s2}")
        return st, s2

    st, s2 = start()
    assert who(st) == ("__respond", 1)                  # window 1: the attacked Page's controller
    play(st, "pass")
    assert who(st) == ("__respond", 0) and st.decision.params.name == "combat2"   # P3 was never asked
    play(st, "pass")
    assert who(st) == ("main", 0) and st.data.combat is None      # nobody else was asked
    # an Action in window 1 starts the normal exchange: the others get priority in turn
    st, s2 = start()
    play(st, f"use:c{s2}.0", f"target:c{s2}")
    assert who(st) == ("__respond", 2) and st.decision.params.name == "chain"
    play(st, "pass")
    assert who(st) == ("__respond", 0)
    play(st, "pass")                                    # the chain resolves, the Combat goes on
    assert st.data.in_play[s2].damage == 0 and st.data.chain == []
    assert who(st) == ("__respond", 0) and st.decision.params.name == "combat2"


@pytest.mark.rule("MZ22-CONTRACT-10", "MZ22-CHAIN-6")
def test_a_stopped_contract_sends_its_page_to_its_discard_pile_and_nothing_resolves():
    st = pos({"chapter": ["Hush"], "aura": {"flame": 1}},
             {"chapter": ["Quiet Hare"], "aura": {"flame": 1}}, step="end_a")
    hare = cid(st, "Quiet Hare")
    play(st, f"contract:c{hare}", "pay:pool.flame")
    assert hare not in st.data.chapter[1] and hare not in st.data.arena
    play(st, f"contract:c{cid(st, 'Hush')}", "target:k0", "pay:pool.flame")
    assert st.data.limbo[1] == [hare] and st.data.chain == []
    assert st.data.lp_of_caster(0) == 1000             # no CONTRACT Effect resolved


@pytest.mark.rule("MZ22-SIMUL-2", "MZ22-SIMUL-6", "MZ22-KW-4", "MZ22-KW-8")
def test_simultaneous_destroyed_effects_the_active_casters_first_then_clockwise():
    st = pos({"chapter": ["Cinder Storm"], "aura": {"flame": 1}, "arena": ["Ashen Hound", "Grinning Jester"]},
             {"arena": ["Ashen Hound", "Goat-Sucker Shade"]})
    play(st, f"contract:c{cid(st, 'Cinder Storm')}", "pay:pool.flame", "pass")
    log = lines(st)
    # both Hounds die in one event; P1's (the active Caster's) Effect hits P2's Shade first
    mine = log.index("Goat-Sucker Shade takes 20 Damage from Ashen Hound (0/30 LP)")
    theirs = log.index("Grinning Jester takes 20 Damage from Ashen Hound (0/40 LP)")
    assert mine < theirs
    assert cid(st, "Grinning Jester") in st.data.limbo[0] and cid(st, "Goat-Sucker Shade") in st.data.limbo[1]


@pytest.mark.rule("MZ22-SIMUL-4", "MZ22-SIMUL-5", "MZ22-SIMUL-7")
def test_one_roll_sets_the_burn_counters_of_every_target():
    st = pos({"chapter": ["Ember Rain"], "aura": {"flame": 1}},
             {"arena": ["Grinning Jester", "Ashen Hound",
                        {"name": "Goat-Sucker Shade", "statuses": [{"status": "burn", "counters": 5}]}]})
    play(st, f"contract:c{cid(st, 'Ember Rain')}", "pay:pool.flame", "pass")
    log = lines(st)
    rolls = [x for x in log if "rolls a D6" in x]
    assert len(rolls) == 1
    r = int(rolls[0].rsplit(" ", 1)[1])
    s = {p["name"]: p["statuses"] for p in snap(st)["arena"]}
    assert s["Grinning Jester"] == s["Ashen Hound"] == [{"status": "burn", "counters": r}]
    assert s["Goat-Sucker Shade"] == [{"status": "burn", "counters": 5}]


@pytest.mark.rule("MZ22-KW-3", "MZ22-KW-7")
def test_arena_effects_apply_while_their_page_is_in_the_arena():
    st = pos({"arena": ["Banner Totem", "Grinning Jester"]}, {"chapter": ["Homeward Call"], "aura": {"water": 1},
                                                            "arena": ["Goat-Sucker Shade"]},
             step="end_a")
    assert page(st, "Grinning Jester")["max_lp"] == 50 and page(st, "Goat-Sucker Shade")["max_lp"] == 30
    play(st, f"contract:c{cid(st, 'Homeward Call')}", f"target:c{cid(st, 'Banner Totem')}", "pay:pool.water")
    assert page(st, "Grinning Jester")["max_lp"] == 40


@pytest.mark.rule("MZ22-CONTRACT-5", "MZ22-CONTRACT-8", "MZ22-CONTRACT-6")
def test_contracting_pays_with_aura_made_before_and_puts_the_page_into_the_arena():
    st = pos({"chapter": ["Grinning Jester"], "arena": [{"name": "Flame Aura", "fatigued": True}]}, {})
    jester = cid(st, "Grinning Jester")
    assert f"contract:c{jester}" not in ids(st)         # no Aura can be made: no Contract
    st = pos({"chapter": ["Grinning Jester"], "arena": ["Flame Aura"]}, {})
    aura = next(c for c in st.data.arena if st.data.defs[c].name == "Flame Aura")
    play(st, f"contract:c{jester}")
    assert who(st) == ("pay", 0) and ids(st) == ["pay:flame"]
    play(st, "pay:flame")
    assert st.data.in_play[aura].fatigued                    # the Aura was made for the payment
    assert jester in st.data.arena and st.data.in_play[jester].fatigued and st.data.in_play[jester].contracted


@pytest.mark.rule("MZ22-TARGET-3", "MZ22-TARGET-6")
def test_a_target_blocker_is_checked_when_chosen_and_at_resolution_but_not_by_selectors(monkeypatch):
    from metatcg.games.metazoo_2022 import hooks
    blocked: set[int] = set()
    monkeypatch.setattr(hooks, "target_ok", lambda d, seat, c: c not in blocked)
    st = pos({"chapter": ["Kindle Bolt", "Cinder Storm"], "aura": {"flame": 2}},
             {"arena": ["Grinning Jester", "Goat-Sucker Shade"]})
    jester, shade = cid(st, "Grinning Jester"), cid(st, "Goat-Sucker Shade")
    blocked.add(shade)
    play(st, f"contract:c{cid(st, 'Kindle Bolt')}")
    assert ids(st) == [f"target:c{jester}"]             # checked when chosen
    play(st, f"target:c{jester}", "pay:pool.flame")
    blocked.add(jester)                                 # the Jester gains protection meanwhile
    play(st, "pass")
    assert st.data.in_play[jester].damage == 0               # checked again at resolution: fizzled
    play(st, f"contract:c{cid(st, 'Cinder Storm')}", "pay:pool.flame")
    assert st.data.in_play[jester].damage == 20 and st.data.in_play[shade].damage == 20    # "each" ignores it


@pytest.mark.rule("MZ22-GLOSS-4", "MZ22-OWN-4")
def test_a_discarded_page_goes_to_its_owners_pile_of_its_kind():
    st = pos({"chapter": ["Idle Thoughts"], "aura": {"flame": 1}},
             {"chapter": ["Grinning Jester", "Kindle Bolt"]})
    play(st, f"contract:c{cid(st, 'Idle Thoughts')}", "pay:pool.flame")
    assert who(st) == ("discard", 1)                    # the discarding Caster picks
    play(st, f"discard:c{cid(st, 'Grinning Jester')}")
    s = snap(st)["casters"][1]
    assert s["limbo"] == ["Grinning Jester"] and s["cemetery"] == [] and s["chapter"] == ["Kindle Bolt"]


@pytest.mark.rule("MZ22-SIMUL-3")
def test_the_order_is_not_asked_when_the_recipient_cannot_take_the_status_and_saves_mid_choice():
    st = pos({"arena": [{"name": "Grinning Jester", "statuses": [{"status": "frozen", "counters": 1}]}]},
             {"chapter": ["Rime Lance"], "aura": {"frost": 1}}, step="end_a")
    play(st, f"contract:c{cid(st, 'Rime Lance')}", f"target:c{cid(st, 'Grinning Jester')}", "pay:pool.frost")
    assert st.decision is None or st.decision.kind != "order"
    # a game saved while the active Caster picks the order loads and goes on the same way
    st = pos({"arena": ["Grinning Jester"]}, {"chapter": ["Rime Lance"], "aura": {"frost": 1}}, step="end_a")
    play(st, f"contract:c{cid(st, 'Rime Lance')}", f"target:c{cid(st, 'Grinning Jester')}", "pay:pool.frost")
    assert who(st) == ("order", 0)
    again = GAME.state_from_json(st.to_json())
    copy = st.clone()
    for s in (st, again, copy):
        s.apply("first:status")
    assert st.digest() == again.digest() == copy.digest()


@pytest.mark.rule("MZ22-CONTRACT-12", "MZ22-CONTRACT-2")
def test_a_contract_effect_chooses_its_target_as_the_page_resolves():
    st = pos({"chapter": ["Snap Lizard"], "aura": {"flame": 1}},
             {"arena": [{"name": "Goat-Sucker Shade", "damage": 10}, "Grinning Jester"]})
    lizard, jester = cid(st, "Snap Lizard"), cid(st, "Grinning Jester")
    play(st, f"contract:c{lizard}")
    assert who(st) == ("pay", 0)                        # a Beastie chooses no target when Contracted
    play(st, "pay:pool.flame", "pass")
    assert who(st) == ("target", 0) and lizard not in st.data.arena
    play(st, f"target:c{jester}")
    assert st.data.in_play[jester].damage == 10 and lizard in st.data.arena
    # PR-MZ22-10: with no legal target the Effect does nothing and the Page still enters
    st = pos({"chapter": ["Snap Lizard"], "aura": {"flame": 1}}, {})
    play(st, f"contract:c{cid(st, 'Snap Lizard')}", "pay:pool.flame")
    assert cid(st, "Snap Lizard") in st.data.arena and who(st) == ("main", 0)
