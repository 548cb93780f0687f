"""MetaZoo 2022 resources, continued: the Battleground's zones and who sees them, Page types,
Aura and Terra enumerations, current vs Base Aura Types, Terra control, Powers and Attacks only
from Awakened Pages (MZ22-TERM, ZONE, PAGE, AURA, ATYPE, TERRA, TSLOT, TURN, BOOK, DIE)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import aura, zones
from metatcg.games.metazoo_2022.deckcheck import MAX_SPELLBOOK, check_deck
from metatcg.games.metazoo_2022.schema import AURA_TYPES, TERRA_KEYS
from support import ids
from support.metazoo_2022 import position

GAME = metatcg.load_game("metazoo-2022")


def pos(*casters, **top):
    return position(GAME, list(casters), **top)




def page(st, name, seat=None):
    d = st.data
    return next(c for c, df in enumerate(d.defs) if df.name == name and (seat is None or d.owner[c] == seat))


@pytest.mark.rule("MZ22-TERM-1", "MZ22-TERM-3", "MZ22-ZONE-1", "MZ22-ZONE-3", "MZ22-ZONE-4", "MZ22-ZONE-5",
                  "MZ22-ZONE-11", "MZ22-ZONE-13")
def test_each_caster_has_zones_the_arena_is_shared_and_hidden_zones_stay_hidden():
    st = pos({"chapter": ["Ember Hare", "Cinder Volley"], "spellbook": ["River Terra", "Flame Aura"],
              "arena": ["Flame Aura"]},
             {"chapter": ["Water Aura"], "arena": ["Ember Hare"]})
    s = GAME.snapshot(st)
    for c in s["casters"]:
        assert {"chapter", "limbo", "cemetery", "afterlife", "spellbook_count"} <= set(c)
    assert {p["controller"] for p in s["arena"]} == {0, 1}            # one shared Arena
    assert len(s["terra"]) == 6 and s["rotation"] == 0                # slot numbers, no positions
    mine, theirs = st.view(0), st.view(1)
    text0, text1 = repr(mine), repr(theirs)
    assert "Cinder Volley" in text0 and "Cinder Volley" not in text1  # the Chapter: its Caster only
    assert "River Terra" not in text0 and "River Terra" not in text1  # the Spellbook: nobody
    assert theirs["casters"][0]["chapter_count"] == 2                  # its size is public


@pytest.mark.rule("MZ22-ZONE-14", "MZ22-ZONE-2")
def test_the_chapter_has_no_maximum():
    st = pos({"chapter": ["Flame Aura"] * 40, "spellbook_size": 5}, {})
    zones.bookmark(st, 0, 3)
    assert len(st.data.chapter[0]) == 43
    st.apply("end")
    assert st.result is None and len(st.data.chapter[0]) == 43       # nothing discards down


@pytest.mark.rule("MZ22-PAGE-14", "MZ22-BOOK-3", "MZ22-TERRA-3", "MZ22-TERRA-4", "MZ22-AURA-10", "MZ22-AURA-2",
                  "MZ22-LAYOUT-3")
def test_enumerations():
    types = {df.type for df in GAME.pool.by_name.values()}
    assert types == {"aura", "beastie", "spell", "potion", "artifact", "terra"}
    assert len(TERRA_KEYS) == 24 and "lightning_storm" in TERRA_KEYS and "forest" in TERRA_KEYS
    assert "lightning" not in TERRA_KEYS and "lightning_storm" not in AURA_TYPES   # separate enumerations
    assert aura.TA_BONUS == 20
    for df in GAME.pool.by_name.values():
        if df.type == "terra":
            assert df.terra_name in TERRA_KEYS                       # one Terra per bonus key


@pytest.mark.rule("MZ22-ATYPE-8", "MZ22-ATYPE-12")
def test_changed_types_leave_the_cost_and_base_types():
    st = pos({"arena": [{"name": "Ember Hare", "types": ["water"]}]}, {})
    s = GAME.snapshot(st)["arena"][0]
    assert s["types"] == ["water"] and s["base_types"] == ["flame"]
    assert dict(st.data.defs[page(st, "Ember Hare")].cost) == {"flame": 1, "neutral": 1}


@pytest.mark.rule("MZ22-TSLOT-17", "MZ22-OWN-7", "MZ22-ZONE-6")
def test_a_contracted_terra_is_controlled_by_its_owner_and_enters_awakened():
    st = pos({}, {"chapter": ["River Terra"]}, active=1)
    st.apply(f"contract:c{page(st, 'River Terra')}")
    while st.decision.kind != "main":
        st.apply("pass")
    t = page(st, "River Terra")
    assert st.data.terra[0] == t and st.data.in_play[t].controller == st.data.owner[t] == 1
    assert st.data.in_play[t].fatigued is False


@pytest.mark.rule("MZ22-TURN-11", "MZ22-TURN-12", "MZ22-TURN-13", "MZ22-PAGE-9")
def test_powers_and_attacks_need_an_awakened_page():
    st = pos({"arena": ["Ember Hare", {"name": "Ember Hare", "fatigued": True}]},
             {"arena": ["Ember Brazier", "Ember Hare"]})
    awake, tired = [c for c in st.data.arena if st.data.defs[c].name == "Ember Hare" and st.data.owner[c] == 0]
    acts = ids(st)
    assert any(a.startswith(f"use:c{awake}.") for a in acts) and f"attack:c{awake}" in acts
    assert not any(a.startswith(f"use:c{tired}.") for a in acts) and f"attack:c{tired}" not in acts
    st.apply(f"attack:c{awake}")
    assert st.data.in_play[awake].fatigued is True                      # declaring Fatigues it
    assert any(a == f"at:c{page(st, 'Ember Brazier')}" for a in ids(st))   # an Artifact can be attacked


@pytest.mark.rule("MZ22-BOOK-2", "MZ22-BOOK-8")
def test_no_gameplay_maximum_only_a_technical_cap():
    from metatcg.engine.decks import parse_deck_text
    ok = parse_deck_text(f"{MAX_SPELLBOOK} Flame Aura\n", "big")
    over = parse_deck_text(f"{MAX_SPELLBOOK + 1} Flame Aura\n", "too big")
    assert check_deck(GAME.pool, ok) == []
    assert any("BOOK-8" in p for p in check_deck(GAME.pool, over))


@pytest.mark.rule("MZ22-DIE-3", "MZ22-DIE-4")
def test_rolls_are_uniform_server_side_never_rerolled():
    st = pos({}, {}, seed=11)
    rolls = [zones.roll(st, 0, "a count") for _ in range(600)]
    counts = [rolls.count(k) for k in range(1, 7)]
    assert min(counts) > 60 and max(counts) < 140
    assert len([ln for ln in st.log if "rolls a D6" in ln]) == 600  # each one logged once


@pytest.mark.rule("MZ22-SHUF-4")
def test_looking_is_not_a_search_and_does_not_shuffle():
    book = ["Ember Hare", "Water Aura", "Cinder Volley", "Flame Aura", "River Terra", "Open Sea"]
    st = pos({"chapter": ["Puddle Sprite"], "arena": ["Water Aura"], "spellbook": book}, {}, seed=5)
    before = list(st.data.spellbook[0])
    st.apply(f"contract:c{page(st, 'Puddle Sprite')}")
    while st.result is None and st.decision.kind != "main":
        acts = ids(st)
        st.apply("pass" if "pass" in acts else acts[0])
    assert page(st, "Puddle Sprite") in st.data.arena and any("look" in ln.lower() for ln in st.log)
    assert st.data.spellbook[0] == before                            # same order: no shuffle
    assert not any("shuffle" in ln.lower() for ln in st.log)


@pytest.mark.rule("MZ22-PAGE-10", "MZ22-PAGE-9")
def test_an_artifact_has_lp_and_an_effect_it_uses_by_fatiguing():
    st = pos({"arena": ["Briar Snare"]}, {"arena": ["Ember Hare"]})
    snare = page(st, "Briar Snare")
    assert GAME.snapshot(st)["arena"][0]["max_lp"] == 40
    use = [a for a in ids(st) if a.startswith(f"use:c{snare}.")]
    assert use
    st.apply(use[0])
    while st.result is None and st.decision.kind != "main":
        acts = ids(st)
        st.apply("pass" if "pass" in acts else acts[0])
    assert st.data.in_play[snare].fatigued is True
    assert st.data.in_play[page(st, "Ember Hare")].fatigued is True
