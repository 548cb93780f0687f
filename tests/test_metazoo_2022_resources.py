"""MetaZoo 2022 resources: Aura and its payment, Terra slots and rotation, zones and where Pages
go, set-up and Mulligans, the turn's steps, dice, Spellbooks, Archive swaps, deck-out and the
win checks (MZ22-AURA, ATYPE, GEN, TSLOT, TERRA, ZONE, OWN, TOKEN, SETUP, MULL, TURN, DIE, SHUF,
BOOK, ARCH, DECKOUT, WIN, TERM, PAGE). Positions come from ``game.position(spec)``; stand-in
Pages (``Test …``) are added where the pool has no Page that isolates a rule."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as hs

import metatcg
from metatcg.engine.decks import parse_deck_text
from metatcg.engine.errors import DeckError
from metatcg.games.metazoo_2022 import aura, endings, turn, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.games.metazoo_2022.data import START_LP
from metatcg.games.metazoo_2022.deckcheck import archive, check_deck, spellbook, swap_archive
from metatcg.games.metazoo_2022.schema import AURA_TYPES
from support import ids
from support.metazoo_2022 import position

STANDINS = """
[[page]]
name = "Test Hound"
type = "beastie"
cost = [{ aura = "flame", n = 1 }]
lp = 50
strong_against = ["frost"]
terra_bonus = [{ terra = "river", lp = 20 }]
text = "River: +20 LP."
attack = [{ name = "Nip", damage = 10 }]

[[page]]
name = "Test Crystal"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
produces = ["flame"]
text = "Fatigue: make 1 Flame Aura (a Chaos Crystal stand-in)."

[[page]]
name = "Test Ox"
type = "beastie"
cost = [{ aura = "flame", n = 1 }, { aura = "neutral", n = 1 }]
lp = 80
strong_against = ["frost"]
attack = [{ name = "Gore", damage = 20 }]

[[page]]
name = "Test Tide Spring"
type = "artifact"
cost = [{ aura = "neutral", n = 0 }]
lp = 30
text = "At the start of each turn, you make 1 Water Aura."

[[page.effect]]
when = "start_of_turn"
turns = "each"
do = [{ op = "generate", aura = "water", n = 1 }]

[[page]]
name = "Test Flare"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
any_time = true
text = "Any time: 10 Damage to target opposing Beastie."

[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Test Mender"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
text = "At the end of each turn, you Recover 10 LP. At the end of your turn, Recover 5 LP."
attack = [{ name = "Pat", damage = 10 }]

[[page.effect]]
when = "end_of_turn"
turns = "each"
do = [{ op = "recover", amount = 10, to = "controller" }]

[[page.effect]]
when = "end_of_turn"
turns = "yours"
do = [{ op = "recover", amount = 5, to = "controller" }]
"""
BASE = metatcg.load_game("metazoo-2022")
GAME = BASE.with_cards(parse_pages(STANDINS, "standins.toml"))
TERRAS = ["Whispering Pines", "Open Sea", "Craggy Peaks", "Mangrove Mire", "Sunbaked Dunes", "Thunderhead Sky"]


def pos(*casters, **top):
    """A position in P1's Take Actions step (turn 3) unless ``top`` says otherwise; forced
    decisions wait for their one option so a test sees every decision."""
    return position(GAME, list(casters), **top)




def choose(st, text):
    """Apply the one legal action whose label contains ``text``."""
    hits = [a for a in st.legal_actions() if text in a.label]
    assert len(hits) == 1, f"{text!r} matches {[a.label for a in hits]} of {[a.label for a in st.legal_actions()]}"
    st.apply(hits[0].id)


def pass_all(st, until="main"):
    """Pass every response window until the decision is ``until``."""
    while st.result is None and st.decision.kind != until:
        if st.decision.kind == "__order_triggers":
            st.apply(ids(st)[0])
            continue
        assert "pass" in ids(st), (st.decision.kind, ids(st))
        st.apply("pass")


def page(st, name, seat=None):
    d = st.data
    for c, df in enumerate(d.defs):
        if df.name == name and (seat is None or d.owner[c] == seat):
            return c
    raise AssertionError(name)


def snap(st):
    return GAME.snapshot(st)


def contract_terra(st, name):
    choose(st, f"Contract {name}")
    pass_all(st)


# ================================================================== Terra slots (MZ22-TSLOT)
@pytest.mark.rule("MZ22-TSLOT-2", "MZ22-TSLOT-3", "MZ22-TSLOT-5", "MZ22-TSLOT-6", "MZ22-ZONE-7", "MZ22-TURN-7",
                  "MZ22-TSLOT-16")
def test_terra_fill_slots_in_order_any_number_and_copies():
    st = pos({"chapter": ["River Terra"] * 4 + TERRAS[:3]}, {})
    for _ in range(7):
        assert any(a.startswith("contract:") for a in ids(st))
        c = st.data.chapter[0][0]
        st.apply(f"contract:c{c}")
        pass_all(st)
    s = snap(st)
    assert s["terra"] == ["Craggy Peaks"] + ["River Terra"] * 3 + ["Whispering Pines", "Open Sea"]
    assert s["rotation"] == 1                       # the 7th replaced slot 1 and moved the pointer
    assert s["casters"][0]["afterlife"] == ["River Terra"]
    assert len([t for t in st.data.terra if t >= 0]) == 6       # never more than 6


@pytest.mark.rule("MZ22-TSLOT-4", "MZ22-TSLOT-8", "MZ22-TSLOT-10", "MZ22-TSLOT-11", "MZ22-TSLOT-14",
                  "MZ22-PAGE-13", "MZ22-ZONE-10")
def test_terra_rotation_pointer_ex12():
    st = pos({"chapter": ["River Terra", "First Snowfall", "Moonless Night"]}, {},
             terra=[{"name": t, "owner": i % 2} for i, t in enumerate(TERRAS)])
    d = st.data
    contract_terra(st, "River Terra")
    assert d.terra.index(page(st, "River Terra")) == 0 and d.rot == 1
    assert snap(st)["casters"][0]["afterlife"] == ["Whispering Pines"]
    assert not any("is Destroyed" in ln for ln in st.log[-4:])          # pushed out, not Destroyed
    contract_terra(st, "First Snowfall")
    assert d.terra.index(page(st, "First Snowfall")) == 1 and d.rot == 2
    assert snap(st)["casters"][1]["afterlife"] == ["Open Sea"]      # its owner's Afterlife
    before = list(d.terra)
    zones.destroy(st, [d.terra[3]])
    assert d.terra[3] == -1 and [t for i, t in enumerate(d.terra) if i != 3] == \
        [t for i, t in enumerate(before) if i != 3]                 # nobody moves
    assert snap(st)["casters"][1]["afterlife"] == ["Open Sea", "Mangrove Mire"]
    contract_terra(st, "Moonless Night")
    assert d.terra[3] == page(st, "Moonless Night") and d.rot == 2  # an empty slot leaves the pointer


@pytest.mark.rule("MZ22-TSLOT-14")
def test_rotation_pointer_wraps_from_six_to_one():
    st = pos({"chapter": ["River Terra", "First Snowfall"]}, {}, terra=TERRAS, rotation=5)
    contract_terra(st, "River Terra")
    assert st.data.terra[5] == page(st, "River Terra") and st.data.rot == 0
    contract_terra(st, "First Snowfall")
    assert st.data.terra[0] == page(st, "First Snowfall") and st.data.rot == 1


@pytest.mark.rule("MZ22-TSLOT-13")
def test_only_terra_take_slots():
    st = pos({"chapter": ["Test Hound"]}, {})
    with pytest.raises(ValueError, match="TSLOT-13"):
        zones.terra_in(st, page(st, "Test Hound"), 0)
    with pytest.raises(Exception, match="TSLOT-13"):
        pos({}, {}, terra=["Test Hound"])


@pytest.mark.rule("MZ22-TSLOT-16", "MZ22-CONTRACT-11")
def test_terra_only_in_own_take_actions():
    from metatcg.games.metazoo_2022 import contract
    st = pos({}, {"chapter": ["River Terra", "Mending Dew"], "arena": ["Test Hound"]})
    d = st.data
    assert not any(a.args == page(st, "River Terra") for a in contract.actions_for(d, 1, False))
    st2 = pos({"chapter": ["River Terra"]}, {}, terra=TERRAS)
    assert f"contract:c{page(st2, 'River Terra')}" in ids(st2)     # a full row still rotates


@pytest.mark.rule("MZ22-TSLOT-1", "MZ22-TSLOT-9", "MZ22-TSLOT-7", "MZ22-TERRA-5", "MZ22-TERRA-7",
                  "MZ22-TERRA-14", "MZ22-PAGE-12")
def test_terra_bonus_from_terra_pages_for_every_caster():
    st = pos({"chapter": ["River Terra", "River Terra"], "arena": ["Test Hound"]}, {"arena": ["Test Hound"]})
    assert [p["max_lp"] for p in snap(st)["arena"]] == [50, 50]       # Terra-Pages-only: nothing yet
    contract_terra(st, "River Terra")
    assert [p["max_lp"] for p in snap(st)["arena"]] == [70, 70]       # both Casters' Pages
    choose(st, "Contract River Terra")
    pass_all(st)
    assert [p["max_lp"] for p in snap(st)["arena"]] == [70, 70]       # bonuses do not stack
    for t in [t for t in st.data.terra if t >= 0]:
        zones.destroy(st, [t])
    assert [p["max_lp"] for p in snap(st)["arena"]] == [50, 50]


# ================================================================== zones and owners
@pytest.mark.rule("MZ22-PAGE-3", "MZ22-PAGE-5", "MZ22-PAGE-11", "MZ22-ZONE-8", "MZ22-ZONE-10", "MZ22-OWN-4",
                  "MZ22-OWN-7", "MZ22-ZONE-12")
def test_destroyed_pages_go_to_their_owners_piles():
    st = pos({"arena": ["Flame Aura", {"name": "Test Hound", "owner": 1}, "Test Crystal"]}, {})
    d = st.data
    hound, aura_pg, crystal = page(st, "Test Hound"), page(st, "Flame Aura", 0), page(st, "Test Crystal")
    assert d.controller(hound) == 0 and d.owner[hound] == 1
    zones.destroy(st, [hound, aura_pg, crystal])
    s = snap(st)
    assert s["casters"][1]["limbo"] == ["Test Hound"]                # owner's Limbo, not controller's
    assert s["casters"][0]["limbo"] == ["Test Crystal"]
    assert s["casters"][0]["afterlife"] == ["Flame Aura"]
    assert s["arena"] == []
    assert d.controller(hound) == 1 and not d.in_arena(hound)        # no controller outside: its owner


@pytest.mark.rule("MZ22-OWN-4", "MZ22-OWN-6", "MZ22-STATUS-6")
def test_returned_page_goes_to_owners_chapter_and_loses_its_state():
    st = pos({"arena": [{"name": "Test Hound", "owner": 1, "damage": 20,
                         "statuses": [{"status": "frozen", "counters": 2}]}]}, {})
    hound = page(st, "Test Hound")
    zones.leave(st, hound, "chapter")
    assert hound in st.data.chapter[1] and hound not in st.data.in_play and hound not in st.data.arena
    assert st.data.chapter[0] == []


@pytest.mark.rule("MZ22-PAGE-6", "MZ22-PAGE-8", "MZ22-ZONE-9", "MZ22-PAGE-4", "MZ22-ZONE-6", "MZ22-TURN-8",
                  "MZ22-TERM-4")
def test_contracted_pages_land_where_they_belong():
    st = pos({"chapter": ["Test Hound", "Mending Dew", "Flame Aura"], "arena": ["Flame Aura"]}, {})
    choose(st, "Contract Flame Aura")
    pass_all(st)
    choose(st, "Contract Test Hound")
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])
    pass_all(st)
    s = snap(st)
    by = {p["name"]: p for p in s["arena"]}
    assert by["Test Hound"]["fatigued"] is True and by["Test Hound"]["controller"] == 0
    fresh = [p for p in s["arena"] if p["name"] == "Flame Aura" and not p["fatigued"]]
    assert fresh                                           # the new Aura Page entered Awakened
    choose(st, "Contract Mending Dew")
    while st.decision.kind != "main":
        st.apply("pass" if "pass" in ids(st) else ids(st)[0])
    assert snap(st)["casters"][0]["cemetery"] == ["Mending Dew"]


@pytest.mark.rule("MZ22-TOKEN-1", "MZ22-TOKEN-5", "MZ22-TOKEN-6", "MZ22-TOKEN-7", "MZ22-TOKEN-13",
                  "MZ22-TOKEN-14")
def test_a_token_that_leaves_the_arena_ceases_to_exist():
    from metatcg.games.metazoo_2022 import tokens
    st = pos({}, {})
    d = st.data
    how = {"page": {"name": "Test Gnat", "type": "beastie", "lp": 10, "cost": [{"aura": "forest", "n": 0}],
                    "attack": [{"name": "Buzz", "damage": 5}]}}
    df = tokens.token_def(how, GAME.pool)
    assert df.cost == () and df.limit is None                       # no Aura Cost (MZ22-TOKEN-7)
    t = len(d.defs)
    d.defs = d.defs + [df]
    d.owner = d.owner + [1]                                        # made by P2: P2 owns it
    d.token_src[t] = how
    zones.enter_arena(st, t, 1, contracted=False)
    assert d.is_token(t) and snap(st)["arena"][-1]["token"] is True
    zones.destroy(st, [t])
    s = snap(st)
    assert all(t not in getattr(d, z)[p] for z in ("limbo", "cemetery", "afterlife", "chapter", "spellbook")
               for p in range(2))
    assert any("ceases to exist" in ln for ln in st.log[-3:])
    assert all(p["name"] != "Test Gnat" for p in s["arena"])


# ================================================================== Aura and payment
@pytest.mark.rule("MZ22-AURA-1", "MZ22-AURA-3", "MZ22-AURA-8", "MZ22-AURA-4")
def test_typed_parts_need_their_type_neutral_takes_any():
    assert len([t for t in AURA_TYPES if t != "neutral"]) == 10 and "neutral" not in aura.WHEEL
    f, w = frozenset({"flame"}), frozenset({"water"})
    assert aura.payable((("flame", 1), ("neutral", 1)), [f, w])
    assert not aura.payable((("flame", 2),), [f, w])
    assert aura.payable((("neutral", 2),), [w, w])
    assert not aura.payable((("neutral", 3),), [w, w])
    dual = frozenset({"flame", "water"})
    assert aura.payable((("flame", 1), ("water", 1)), [dual, w])    # the matching finds the split
    assert not aura.payable((("flame", 1), ("frost", 1)), [dual, w])


_TYPES = ("flame", "water", "frost")


@pytest.mark.rule("MZ22-AURA-8")
@settings(max_examples=300, deadline=None)
@given(hs.lists(hs.sampled_from(_TYPES), max_size=6),
       hs.lists(hs.tuples(hs.sampled_from(_TYPES + ("neutral",)), hs.integers(0, 3)), max_size=3))
def test_pay_picks_by_counting_match_the_matching(kinds, parts):
    """Single-type sources are priced by counting; the answer is the one the general matching
    gives (the same picks, each leaving the rest payable), and none when the cost is unpayable."""
    units = [(k if i % 2 else f"pool.{k}", frozenset({k})) for i, k in enumerate(kinds)]
    owed = tuple(parts)
    fast = aura.picks(owed, units)
    if aura.payable(owed, [u for _, u in units]):
        assert fast == aura.picks_by_matching(owed, units)
        for key, left in fast:
            rest = list(units)
            rest.remove(next(u for u in units if u[0] == key))
            assert aura.payable(left, [u for _, u in rest])
    else:
        assert fast == []


@pytest.mark.rule("MZ22-AURA-9", "MZ22-AURA-5")
def test_any_type_source_pays_any_typed_part():
    assert aura.produces(["any"]) == aura.ALL
    st = pos({"chapter": ["Test Hound"], "arena": ["Wanderer's Compass Rose"]}, {})
    assert f"contract:c{page(st, 'Test Hound')}" in ids(st)


@pytest.mark.rule("MZ22-GEN-1", "MZ22-GEN-4", "MZ22-GEN-6", "MZ22-GEN-7", "MZ22-PAGE-1", "MZ22-ACTION-2",
                  "MZ22-GEN-9")
def test_fatiguing_for_aura_opens_no_window_ex19():
    st = pos({"chapter": ["Test Ox"], "arena": ["Flame Aura", "Test Crystal"]},
             {"chapter": ["Mending Dew"], "arena": ["Test Hound"]})
    choose(st, "Contract Test Ox")
    assert st.decision.kind == "pay" and st.current_player() == 0
    choose(st, "Fatigue a Flame Aura Page")
    assert st.decision.kind == "pay" and st.current_player() == 0   # no priority for P2
    choose(st, "Fatigue Test Crystal")
    assert st.current_player() == 1 and "pass" in ids(st)          # first priority: after the Contract
    assert snap(st)["casters"][0]["aura"] == {}                      # exactly what was owed was made
    pass_all(st)
    assert [p["fatigued"] for p in snap(st)["arena"] if p["name"] in ("Flame Aura", "Test Crystal")] == [True, True]


@pytest.mark.rule("MZ22-GEN-3", "MZ22-GEN-2")
def test_aura_pages_pay_on_any_turn_and_stay():
    st = pos({"chapter": ["Test Hound"], "arena": ["Flame Aura", "Test Ox"]},
             {"chapter": ["Test Flare"], "arena": ["Flame Aura"]})
    choose(st, "Contract Test Hound")
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])
    assert st.current_player() == 1
    choose(st, "Test Flare")
    while st.decision.kind in ("target", "pay"):
        st.apply(ids(st)[0])
    pass_all(st)
    s = snap(st)
    assert [p["fatigued"] for p in s["arena"] if p["name"] == "Flame Aura"] == [True, True]
    assert s["casters"][1]["cemetery"] == ["Test Flare"]
    st.apply("end")
    pass_all(st)
    s = snap(st)                                   # the Aura Pages stay; the pools are gone
    assert len([p for p in s["arena"] if p["name"] == "Flame Aura"]) == 2
    assert s["casters"][0]["aura"] == s["casters"][1]["aura"] == {}


@pytest.mark.rule("MZ22-GEN-5", "MZ22-TERM-5", "MZ22-TERM-6")
def test_fatigued_by_effect_makes_no_aura():
    st = pos({"arena": ["Flame Aura"]}, {})
    c = page(st, "Flame Aura")
    assert zones.fatigue(st, c)
    assert st.data.in_play[c].fatigued is True and st.data.pool[0] == {}
    assert zones.fatigue(st, c) and st.data.in_play[c].fatigued is True   # one two-valued state
    assert zones.awaken(st, c) and st.data.in_play[c].fatigued is False


# ================================================================== turn steps
@pytest.mark.rule("MZ22-TURN-5", "MZ22-TURN-21", "MZ22-TURN-16", "MZ22-TURN-1", "MZ22-TURN-20")
def test_aura_dissolves_but_start_of_turn_aura_is_kept():
    st = pos({"arena": ["Test Tide Spring"], "aura": {"flame": 2}},
             {"arena": ["Test Tide Spring"], "aura": {"frost": 1}}, step="start_a")
    pass_all(st)
    s = snap(st)
    assert s["casters"][0]["aura"] == {"water": 1}      # the start-of-turn Aura survives 1e
    assert s["casters"][1]["aura"] == {"water": 1}      # "each turn": P2's too; every pool dissolves
    st.apply("end")
    pass_all(st, until="main")
    assert st.data.active == 1
    # 3c emptied both pools; P2's turn made a fresh unit for each Caster again
    assert snap(st)["casters"][0]["aura"] == {"water": 1}


@pytest.mark.rule("MZ22-TURN-16", "MZ22-TURN-21", "MZ22-GEN-2")
def test_end_of_turn_empties_every_pool():
    st = pos({"aura": {"flame": 2}}, {"aura": {"frost": 1}})
    d = st.data
    turn.dissolve(d, keep=False)
    assert d.pool == [{}, {}]
    d.pool[0] = {"water": 2}
    d.kept[0] = {"water": 1}
    turn.dissolve(d, keep=True)
    assert d.pool[0] == {"water": 1}


@pytest.mark.rule("MZ22-TURN-3", "MZ22-TURN-4", "MZ22-TURN-2", "MZ22-TURN-14", "MZ22-TURN-15", "MZ22-TURN-17",
                  "MZ22-TERM-2", "MZ22-FROZEN-6")
def test_turn_steps_in_order():
    st = pos({"arena": [{"name": "Test Hound", "fatigued": True}], "spellbook": ["Test Ox", "Flame Aura"]},
             {"arena": [{"name": "Test Ox", "fatigued": True},
                        {"name": "Test Hound", "fatigued": True, "statuses": [{"status": "frozen", "counters": 3}]}]},
             step="start_a")
    pass_all(st)
    s = snap(st)
    assert s["casters"][0]["chapter"] == ["Test Ox"]                 # the top Page
    by = {(p["name"], p["controller"]): p for p in s["arena"]}
    assert by[("Test Hound", 0)]["fatigued"] is False               # own Pages Awaken
    assert by[("Test Ox", 1)]["fatigued"] is True                   # not the opponent's
    st.apply("end")
    pass_all(st)
    assert st.data.active == 1 and st.data.turn == 4
    s = snap(st)
    by = {(p["name"], p["controller"]): p for p in s["arena"]}
    assert by[("Test Ox", 1)]["fatigued"] is False
    assert by[("Test Hound", 1)]["fatigued"] is True                # Frozen stays Fatigued


@pytest.mark.rule("MZ22-TURN-15", "MZ22-TURN-20")
def test_each_turn_and_your_turn_end_effects():
    st = pos({"damage": 100}, {"damage": 100, "arena": ["Test Mender"]})
    st.apply("end")
    pass_all(st)
    assert snap(st)["casters"][1]["damage"] == 90            # "each turn" on P1's turn, not "your turn"
    st.apply("end")
    pass_all(st)
    assert snap(st)["casters"][1]["damage"] == 75            # on P2's own turn: both


@pytest.mark.rule("MZ22-TURN-25", "MZ22-TURN-17", "MZ22-WIN-5")
def test_turn_passes_clockwise_skipping_casters_out():
    st = pos({}, {"out": True}, {}, {})
    st.apply("end")
    pass_all(st)
    assert st.data.active == 2
    st.apply("end")
    pass_all(st)
    assert st.data.active == 3
    st.apply("end")
    pass_all(st)
    assert st.data.active == 0


@pytest.mark.rule("MZ22-TURN-6", "MZ22-TURN-22", "MZ22-TURN-23")
def test_one_aura_page_per_turn_and_only_the_active_caster_acts():
    st = pos({"chapter": ["Flame Aura", "Flame Aura"]}, {"chapter": ["Flame Aura"]})
    st.apply([a.id for a in st.legal_actions() if "Flame Aura" in a.label][0])
    pass_all(st)
    assert not any("Flame Aura" in a.label for a in st.legal_actions())
    assert st.current_player() == 0 and ids(st)[-1] == "end"
    st.apply("end")
    pass_all(st)
    assert st.data.active == 1 and any("Flame Aura" in a.label for a in st.legal_actions())


# ================================================================== set-up and Mulligans
def _decks(n):
    names = BASE.starter_deck_names()
    return [BASE.starter_deck(names[i % len(names)]) for i in range(n)]


@pytest.mark.rule("MZ22-SETUP-7", "MZ22-SETUP-2", "MZ22-SETUP-9")
@pytest.mark.parametrize("seed", range(6))
def test_two_casters_call_the_flip(seed):
    st = BASE.new_state(_decks(2), seed, {"auto_single": False})
    d = st.data
    assert st.decision.kind == "call" and st.current_player() == 1 - d.flipper
    st.apply("call:heads")
    flip = next(ln for ln in st.log if "flips a coin for who goes first" in ln)
    heads = flip.endswith("heads")
    chooser = st.current_player()
    assert st.decision.kind == "go_first"
    assert chooser == ((1 - d.flipper) if heads else d.flipper)
    st.apply("second")
    assert d.first == 1 - chooser
    assert [len(c) for c in d.chapter] == [7, 7]
    assert [d.lp_of_caster(p) for p in range(2)] == [START_LP] * 2 == [1000, 1000]
    assert st.decision.kind == "mulligan" and st.current_player() == d.first
    st.apply("keep")
    assert st.current_player() == 1 - d.first
    st.apply("keep")
    pass_all(st)
    assert d.turn == 1 and d.active == d.first
    assert len(d.chapter[d.first]) == 8                              # the first Caster Bookmarks too


@pytest.mark.rule("MZ22-SETUP-7")
@pytest.mark.parametrize("n", [3, 4])
def test_more_casters_a_drawn_seat_chooses(n):
    seen = set()
    for seed in range(12):
        st = BASE.new_state(_decks(n), seed, {"auto_single": False})
        d = st.data
        assert st.decision.kind == "go_first" and st.current_player() == d.flipper
        seen.add(d.flipper)
        st.apply("second" if seed % 2 else "first")
        assert d.first == ((d.flipper + 1) % n if seed % 2 else d.flipper)   # PR-MZ22-9
        assert st.decision.kind == "mulligan" and st.current_player() == d.first
    assert len(seen) > 1


@pytest.mark.rule("MZ22-MULL-1", "MZ22-MULL-2", "MZ22-MULL-3", "MZ22-MULL-4", "MZ22-MULL-5", "MZ22-MULL-6")
def test_mulligans_cost_one_page_each_in_turn_order():
    st = BASE.new_state(_decks(2), 3, {"auto_single": False})
    st.apply("call:tails")
    st.apply("first")
    d = st.data
    p = d.first
    q = 1 - p
    book = len(d.spellbook[p]) + 7
    for k in range(6, 0, -1):
        assert st.current_player() == p and "mulligan" in ids(st)
        st.apply("mulligan")
        assert len(d.chapter[p]) == k and len(d.spellbook[p]) + k == book
        assert snap(st)["casters"][p]["mulligans"] == 7 - k             # public count
    st.apply("mulligan")                                               # N = 1: down to 0 Pages
    assert len(d.chapter[p]) == 0
    assert st.current_player() == q                                   # that Caster's Mulligans end
    assert ids(st) == ["keep", "mulligan"]
    st.apply("mulligan")
    assert len(d.chapter[q]) == 6 and st.current_player() == q
    st.apply("keep")
    assert d.turn == 1 or st.decision.kind != "mulligan"
    assert any("Mulligans (#7)" in ln for ln in st.log)


@pytest.mark.rule("MZ22-SETUP-8", "MZ22-BOOK-1")
def test_an_invalid_spellbook_stops_the_game():
    bad = parse_deck_text("10 Flame Aura\n", "tiny")
    with pytest.raises(DeckError):
        BASE.new_state([bad, _decks(1)[0]], 0)


# ================================================================== Archive (MZ22-ARCH)
ARCH_DECK = "40 Flame Aura\n2 Ember Hare\n[archive]\n1 Ember Hare\n3 Water Aura\n1 Fire Bolt\n"


@pytest.mark.rule("MZ22-ARCH-7", "MZ22-ARCH-2", "MZ22-BOOK-4")
def test_the_archive_is_never_dealt():
    deck = parse_deck_text(ARCH_DECK.replace("1 Fire Bolt\n", ""), "a")
    assert check_deck(BASE.pool, deck) == []
    st = BASE.new_state([deck, deck], 1, {"auto_single": False})
    d = st.data
    names = [df.name for df in d.defs]
    assert len(names) == 84 and "Water Aura" not in names


@pytest.mark.rule("MZ22-ARCH-5", "MZ22-ARCH-6", "MZ22-ARCH-7", "MZ22-BOOK-5", "MZ22-LAYOUT-1")
def test_swap_archive_one_for_one():
    deck = parse_deck_text(ARCH_DECK.replace("1 Fire Bolt\n", ""), "a")
    new = swap_archive(deck, ["Flame Aura", "Flame Aura"], ["Water Aura", "Ember Hare"])
    assert len(spellbook(new)) == len(spellbook(deck)) == 42
    assert len(archive(new)) == len(archive(deck)) == 4
    assert spellbook(new).count("Ember Hare") == 3 and archive(new).count("Flame Aura") == 2
    assert check_deck(BASE.pool, new) == []                          # limits still hold
    assert spellbook(deck).count("Ember Hare") == 2                  # the registered list is unchanged
    back = swap_archive(new, ["Water Aura", "Ember Hare"], ["Flame Aura", "Flame Aura"])
    assert sorted(back.cards) == sorted(deck.cards)
    with pytest.raises(ValueError, match="ARCH-5"):
        swap_archive(deck, ["Flame Aura"], [])
    with pytest.raises(ValueError, match="not in the Archive"):
        swap_archive(deck, ["Flame Aura", "Flame Aura"], ["Ember Hare"] * 2)
    with pytest.raises(ValueError, match="not in the Spellbook"):
        swap_archive(deck, ["Ember Hare"] * 3, ["Water Aura"] * 3)


# ================================================================== dice
@pytest.mark.rule("MZ22-DIE-1", "MZ22-DIE-2", "MZ22-DIE-4", "MZ22-DIE-5", "MZ22-BOOK-10")
def test_dice_are_seeded_d6_logged_with_the_caster():
    a = pos({}, {}, seed=7)
    b = pos({}, {}, seed=7)
    ra = [zones.roll(a, 1, "a test") for _ in range(40)]
    rb = [zones.roll(b, 1, "a test") for _ in range(40)]
    assert ra == rb and set(ra) == {1, 2, 3, 4, 5, 6}
    assert any(ln.startswith("P2 rolls a D6 for a test") for ln in a.log)
    heads = zones.flip(a, 0, "a coin")
    ln = a.log[-1]
    r = int(ln.split("(D6 ")[1].split(")")[0])
    assert heads == (r % 2 == 0) and ln.startswith("P1 flips")


# ================================================================== searching
@pytest.mark.rule("MZ22-SHUF-1", "MZ22-SHUF-2", "MZ22-SHUF-3")
def test_search_reveals_and_shuffles():
    book = ["Test Ox"] * 10 + ["Flame Aura", "Water Aura"] + ["Test Hound"] * 10
    st = pos({"chapter": ["Forager's Call"], "arena": ["Forest Aura"], "spellbook": book}, {}, seed=3)
    before = [st.data.defs[c].name for c in st.data.spellbook[0]]
    choose(st, "Contract Forager's Call")
    while st.result is None and st.decision.kind != "main":
        if "pass" in ids(st):
            st.apply("pass")
        else:
            st.apply(ids(st)[0])
    d = st.data
    got = [c for c in d.chapter[0] if d.defs[c].type == "aura"]
    assert got and all(c in d.revealed for c in got)
    after = [d.defs[c].name for c in d.spellbook[0]]
    taken = [d.defs[c].name for c in got]
    rest = list(before)
    for nm in taken:
        rest.remove(nm)
    assert sorted(after) == sorted(rest)
    assert after != rest                                              # shuffled straight away
    assert any("reveals" in ln.lower() or "shows" in ln.lower() for ln in st.log)


# ================================================================== deck-out and winning
@pytest.mark.rule("MZ22-DECKOUT-1", "MZ22-DECKOUT-2")
def test_an_empty_spellbook_only_skips_the_bookmark():
    st = pos({"spellbook_size": 0}, {"spellbook_size": 5}, step="start_a")
    pass_all(st)
    assert st.result is None and st.decision.kind == "main"
    assert any("Spellbook is empty" in ln for ln in st.log)


@pytest.mark.rule("MZ22-DECKOUT-3", "MZ22-DECKOUT-4", "MZ22-TERM-2")
def test_all_spellbooks_empty_is_a_draw_at_once():
    st = pos({"spellbook": ["Flame Aura"]}, {"spellbook_size": 0}, step="start_a")
    assert st.result is not None and "every Spellbook is empty" in st.reason   # the last Bookmark
    assert st.result[0] == st.result[1]


@pytest.mark.rule("MZ22-DECKOUT-3", "MZ22-DECKOUT-4")
def test_deck_out_never_before_turn_one():
    st = pos({"spellbook_size": 0}, {"spellbook_size": 0}, step="start_b")
    assert st.result is not None                       # (turn 3: it ends)
    st = pos({"spellbook_size": 1}, {"spellbook_size": 0})
    d = st.data
    d.spellbook[0].clear()
    d.turn, d.step = 0, "mulligan"
    st.result = None
    d.dirty = True                     # what the engine's own moves set when a Spellbook empties
    endings.state_check(st)
    assert st.result is None
    d.turn, d.step = 1, "start_a"
    d.dirty = True
    endings.state_check(st)
    assert st.result is not None


@pytest.mark.rule("MZ22-DECKOUT-3", "MZ22-WIN-5")
def test_deck_out_counts_only_casters_still_in():
    st = pos({"spellbook_size": 1}, {"spellbook_size": 0}, {"spellbook_size": 9, "out": True})
    assert st.result is None
    st.data.spellbook[0].clear()
    st.data.dirty = True               # what the engine's own moves set when a Spellbook empties
    endings.state_check(st)
    assert st.result is not None and "every Spellbook is empty" in st.reason
    assert st.result[0] == st.result[1] > st.result[2]


@pytest.mark.rule("MZ22-DECKOUT-4", "MZ22-WIN-4")
def test_lp_check_before_deck_out():
    st = pos({"spellbook_size": 0}, {"spellbook_size": 1})
    d = st.data
    d.spellbook[1].clear()
    d.lp_damage[1] = 1000
    d.dirty = True
    st.result = None
    endings.state_check(st)
    assert st.result is not None and st.result[0] > st.result[1] and "wins" in st.reason


@pytest.mark.rule("MZ22-DECKOUT-5")
def test_bookmark_more_than_left_takes_all():
    st = pos({"spellbook": ["Test Ox", "Test Hound"]}, {"spellbook_size": 5})
    assert zones.bookmark(st, 0, 3) == 2 and len(st.data.chapter[0]) == 2


@pytest.mark.rule("MZ22-WIN-1", "MZ22-WIN-3", "MZ22-WIN-4", "MZ22-WIN-5")
def test_casters_at_zero_lose_together_draw():
    st = pos({}, {})
    d = st.data
    d.lp_damage[1] = 1200
    assert d.lp_of_caster(1) == 0                          # never below 0
    d.dirty = True
    endings.state_check(st)
    assert st.result is not None and st.result[0] > st.result[1]
    st = pos({}, {})
    st.data.lp_damage[0] = st.data.lp_damage[1] = 1000
    st.data.dirty = True
    endings.state_check(st)
    assert st.result is not None and st.result[0] == st.result[1] and "draw" in st.reason


@pytest.mark.rule("MZ22-WIN-5", "MZ22-TSLOT-10")
def test_three_casters_one_out_the_game_goes_on():
    st = pos({}, {"arena": ["Test Hound"], "chapter": ["River Terra"]}, {}, terra=[{"name": "Open Sea", "owner": 1},
                                                                                   "Whispering Pines"])
    d = st.data
    d.lp_loss[1] = 1000
    d.dirty = True
    endings.state_check(st)
    assert st.result is None and d.out[1]
    assert snap(st)["casters"][1]["limbo"] == ["Test Hound"]
    assert d.terra[0] == -1 and d.defs[d.terra[1]].name == "Whispering Pines"
    d.lp_loss[2] = 1000
    d.dirty = True
    endings.state_check(st)
    assert st.result is not None and st.result[0] > st.result[2] > st.result[1]
