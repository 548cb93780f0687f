"""MetaZoo 2022 glossary terms that carry rules: Index (turn over until found, an opponent
puts the rest back, never a shuffle), Look (private), Reveal (no Effects), Awaken and Fatigue,
where Destroyed Pages go, and the Chapter as the place Pages are Contracted from.

(Named ``terms``, not ``gloss``: benchmarks/mutation.py leaves out test files whose name holds
"gloss", which is meant for the presentation glossary, test_metazoo_2022_glossary.py.)"""
from __future__ import annotations

import itertools
import json

import pytest

import metatcg
from metatcg.games.metazoo_2022 import combat, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, lp, play, position
from metatcg.games.metazoo_2022.records import page_ref

GAME = metatcg.load_game("metazoo-2022")
OWL = "Owl's Long Memory"
SEEK_SPRITE = parse_pages("""
[[page]]
name = "Test Seek Sprite"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Index a Puddle Sprite into your Chapter."

[[page.effect]]
when = "cast"
do = [{ op = "index", name = "Puddle Sprite" }]
""", "terms-index.toml")


def page(st, name: str, zone: str, seat: int = 0) -> int:
    return next(c for c in getattr(st.data, zone)[seat] if st.data.defs[c].name == name)


def names(st, pages) -> list[str]:
    return [st.data.defs[c].name for c in pages]


def cast_owl(st, *responders: int) -> None:
    """P1 Contracts Owl's Long Memory (paying with two Spirit from the pool) and everyone passes."""
    play(st, f"contract:c{page(st, OWL, 'chapter')}")
    while st.decision.kind == "pay":
        st.apply(st.legal_actions()[0].id)
    while st.decision.kind == "__respond":
        play(st, "pass")


def owl_position(spellbook: list[str], seats: int = 2, log: bool = True):
    casters = [{"chapter": [OWL], "aura": {"spirit": 2}, "spellbook": spellbook}] + \
        [{"spellbook_size": 5} for _ in range(seats - 1)]
    st = position(GAME, casters)
    st.logging = log
    return st


# ================================================================== Index
@pytest.mark.rule("MZ22-GLOSS-7", "MZ22-GLOSS-8", "MZ22-GLOSS-14")
def test_index_turns_pages_until_found_and_the_opponent_puts_the_rest_back():
    book = ["Flame Aura", "Water Aura", "Puddle Sprite", "Frost Aura", "Forest Aura"]   # top first
    st = owl_position(book)
    rest = st.data.spellbook[0][:-3]                     # what lies below the turned Pages
    cast_owl(st)
    assert names(st, st.data.chapter[0]) == ["Puddle Sprite"]           # the first Beastie turned
    assert st.decision.kind == "restack" and st.current_player() == 1   # the opponent arranges
    assert "turning over Flame Aura, Water Aura before Puddle Sprite" in "\n".join(st.log_for(1))
    play(st, f"next:c{page(st, 'Water Aura', 'spellbook')}")            # Water Aura on top
    assert st.data.spellbook[0][:-2] == rest                             # never shuffled
    assert names(st, st.data.spellbook[0][-2:]) == ["Flame Aura", "Water Aura"]   # top is last
    assert st.decision.kind == "main" and st.current_player() == 0


@pytest.mark.rule("MZ22-GLOSS-14", "MZ22-GLOSS-8")
def test_an_index_that_finds_nothing_puts_the_whole_spellbook_back_in_the_opponents_order():
    book = ["Flame Aura", "Water Aura", "Frost Aura"]
    st = owl_position(book)
    cast_owl(st)
    assert names(st, st.data.chapter[0]) == []
    assert st.current_player() == 1 and "never finds" in st.log[-1]
    assert {a.id for a in st.legal_actions()} >= {"keep"} and len(st.legal_actions()) == 4
    play(st, f"next:c{page(st, 'Frost Aura', 'spellbook')}", "keep")
    assert names(st, reversed(st.data.spellbook[0])) == ["Frost Aura", "Flame Aura", "Water Aura"]


@pytest.mark.rule("MZ22-GLOSS-8")
def test_the_opponent_can_put_the_turned_pages_back_in_every_order_and_no_other():
    book = ["Flame Aura", "Water Aura", "Frost Aura", "Dark Aura"]          # no Beastie: all four turned
    st = owl_position(book, log=False)
    below = list(st.data.spellbook[0][:-4])
    cast_owl(st)
    orders = set()

    def walk(s):
        if s.decision.kind == "restack":
            for a in ids(s):
                c = s.clone()
                c.apply(a)
                walk(c)
            return
        assert s.data.spellbook[0][:-4] == below                       # only the turned Pages moved
        orders.add(tuple(names(s, reversed(s.data.spellbook[0][-4:]))))
    walk(st)
    assert orders == set(itertools.permutations(book))


@pytest.mark.rule("MZ22-GLOSS-14")
def test_with_more_casters_the_indexing_caster_picks_who_puts_the_pages_back():
    st = owl_position(["Flame Aura", "Water Aura", "Puddle Sprite"], seats=3)
    cast_owl(st)
    assert st.decision.kind == "index_foe" and st.current_player() == 0
    assert set(ids(st)) == {"foe:P2", "foe:P3"}
    play(st, "foe:P3")
    assert st.decision.kind == "restack" and st.current_player() == 2


@pytest.mark.rule("MZ22-GLOSS-8")
def test_a_saved_game_waiting_on_an_index_continues_identically_and_bad_saves_are_refused():
    from metatcg.engine.errors import StateDataError
    st = owl_position(["Flame Aura", "Water Aura", "Frost Aura", "Puddle Sprite", "Dark Aura", "Light Aura"])
    cast_owl(st)
    back = GAME.state_from_json(st.to_json())
    assert back.decision == st.decision and back.legal_actions() == st.legal_actions()
    raw = st.to_json()
    raw["data"]["spellbook"][0] = list(reversed(raw["data"]["spellbook"][0]))   # the turned Pages moved
    with pytest.raises(StateDataError, match="top of that Spellbook"):
        GAME.state_from_json(raw)


@pytest.mark.rule("MZ22-GLOSS-7", "MZ22-GLOSS-8")
def test_an_index_by_name_turns_over_other_pages_until_that_name_and_keep_puts_them_back_as_turned():
    game = GAME.with_cards(SEEK_SPRITE)
    book = ["Ember Hare", "Flame Aura", "Water Aura", "Puddle Sprite", "Frost Aura"]   # top first
    st = position(game, [{"chapter": ["Test Seek Sprite"], "spellbook": book}, {"spellbook_size": 5}])
    below = st.data.spellbook[0][:-4]
    play(st, f"contract:c{page(st, 'Test Seek Sprite', 'chapter')}")
    while st.decision.kind == "__respond":
        play(st, "pass")
    assert names(st, st.data.chapter[0]) == ["Puddle Sprite"]          # not the first Page turned
    assert st.decision.kind == "restack" and st.current_player() == 1
    play(st, "keep")
    assert st.data.spellbook[0][:-3] == below
    assert names(st, reversed(st.data.spellbook[0][-3:])) == ["Ember Hare", "Flame Aura", "Water Aura"]
    assert st.decision.kind == "main" and st.current_player() == 0


# ================================================================== Look and Reveal
@pytest.mark.rule("MZ22-GLOSS-9", "MZ22-GLOSS-16")
def test_a_look_is_private_to_the_looking_caster():
    st = position(GAME, [{"chapter": ["Puddle Sprite"], "aura": {"water": 1},
                          "spellbook": ["Frost Aura", "Flame Aura", "Dark Aura"]}, {}])
    st.logging = True
    play(st, f"contract:c{page(st, 'Puddle Sprite', 'chapter')}")
    while st.decision.kind in ("pay", "__respond"):
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)
    mine, theirs = "\n".join(st.log_for(0)), "\n".join(st.log_for(1))
    assert "You look at the top of P1's Spellbook: Frost Aura, Flame Aura, Dark Aura" in mine
    assert "P1 looks at the top 3 of P1's Spellbook" in theirs and "Frost Aura" not in theirs
    assert names(st, reversed(st.data.spellbook[0][-3:])) == ["Frost Aura", "Flame Aura", "Dark Aura"]


@pytest.mark.rule("MZ22-GLOSS-10")
def test_revealing_a_chapter_shows_it_but_activates_nothing_in_it():
    st = position(GAME, [{"chapter": ["Mothwing Watcher"], "aura": {"dark": 2, "flame": 1}},
                         {"chapter": ["Puddle Sprite", "Owl's Long Memory"]}])
    st.logging = True
    play(st, f"contract:c{page(st, 'Mothwing Watcher', 'chapter')}")
    while st.decision.kind in ("pay", "__respond"):
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)
    assert "P2 reveals their Chapter: Puddle Sprite, Owl's Long Memory" in "\n".join(st.log_for(0))
    assert names(st, st.data.chapter[1]) == ["Puddle Sprite", "Owl's Long Memory"]   # nothing moved
    assert not st.data.chain and st.data.pool[1] == {}                 # no Effect of theirs ran


# ================================================================== Awaken and Fatigue
@pytest.mark.rule("MZ22-GLOSS-1", "MZ22-GLOSS-2")
def test_a_fatigued_page_pays_nothing_until_it_is_awakened():
    st = position(GAME, [{"chapter": ["Puddle Sprite"],
                          "arena": [{"name": "Water Aura", "fatigued": True}]}, {}])
    c = page(st, "Puddle Sprite", "chapter")
    assert f"contract:c{c}" not in ids(st)              # the only source is already Fatigued
    aura = arena_page(st, "Water Aura")
    zones.awaken(st, aura)
    assert not st.data.in_play[aura].fatigued
    st.decide(0, "main", st.decision.params, st.decision.prompt)
    assert f"contract:c{c}" in ids(st)                   # Awakened: it can be Fatigued again
    play(st, f"contract:c{c}", "pay:water")              # paying Fatigues it
    assert st.data.in_play[aura].fatigued and c in st.data.arena


# ================================================================== where Pages go
@pytest.mark.rule("MZ22-GLOSS-3", "MZ22-GLOSS-4")
def test_destroyed_pages_go_to_the_pile_of_their_kind():
    st = position(GAME, [{"arena": ["Puddle Sprite", "Water Aura"]}, {}],
                  terra=[{"name": "River Terra", "owner": 0}])
    sprite, aura, terra = arena_page(st, "Puddle Sprite"), arena_page(st, "Water Aura"), st.data.terra[0]
    zones.destroy(st, [sprite, aura, terra])
    d = st.data
    assert sprite in d.limbo[0] and aura in d.afterlife[0] and terra in d.afterlife[0]
    assert not d.arena and d.terra[0] == -1


@pytest.mark.rule("MZ22-GLOSS-3", "MZ22-GLOSS-5")
def test_an_effect_may_send_what_it_destroys_to_the_cemetery_or_the_afterlife():
    st = position(GAME, [{"chapter": ["Barrow Rite", "Lantern of Passing"], "aura": {"dark": 2, "light": 2,
                                                                                    "flame": 3}},
                         {"arena": ["Puddle Sprite", "Cracked Hourglass"]}])
    sprite, crystal = arena_page(st, "Puddle Sprite"), arena_page(st, "Cracked Hourglass")
    for spell, target in (("Barrow Rite", sprite), ("Lantern of Passing", crystal)):
        play(st, f"contract:c{page(st, spell, 'chapter')}", f"target:c{target}")
        while st.decision.kind in ("pay", "__respond"):                 # Neutral parts from Flame
            acts = ids(st)
            st.apply("pass" if "pass" in acts else "pay:pool.flame" if "pay:pool.flame" in acts else acts[0])
    d = st.data
    assert sprite in d.cemetery[1] and sprite not in d.limbo[1]          # a Beastie in the Cemetery
    assert crystal in d.afterlife[1] and crystal not in d.limbo[1]       # an Artifact in the Afterlife


@pytest.mark.rule("MZ22-GLOSS-6")
def test_pages_are_contracted_from_the_chapter_and_bookmarked_into_it():
    st = position(GAME, [{"chapter": [], "spellbook": ["Puddle Sprite"], "arena": ["Water Aura"]}, {}],
                  step="bookmark")
    assert names(st, st.data.chapter[0]) == ["Puddle Sprite"]       # Bookmarked into the Chapter
    c = page(st, "Puddle Sprite", "chapter")
    assert f"contract:c{c}" in ids(st)
    assert all(a.id.startswith(("contract:c", "end", "use:", "attack:", "trap")) for a in st.legal_actions())
    assert not any(a.id.startswith("contract:") and int(a.id.split("c")[-1]) not in st.data.chapter[0]
                   for a in st.legal_actions())


# ================================================================== flavour
@pytest.mark.rule("MZ22-AURA-7")
def test_the_aura_type_blurbs_are_flavour_a_dark_page_is_no_stronger_at_night():
    """"Dark grows stronger at night" describes the type; it is not a rule: a Dark Beastie's Attack
    deals the same Damage by day and by night."""
    dealt = []
    for moment in ("2024-06-21T12:00:00+00:00", "2024-06-21T23:30:00+00:00"):
        option = json.dumps({"mode": "shared", "moment": moment, "place": [51.5, 0.0]})
        st = position(GAME, [{"arena": ["Gloaming Wraith"]}, {"arena": ["Leviathan Calf"]}],
                      options={"auto_single": False, "surroundings": option})
        assert ("nighttime" in st.view(0)["surroundings"]["casters"][0]["derived"]) == moment.endswith("23:30:00+00:00")
        calf = arena_page(st, "Leviathan Calf")
        play(st, f"attack:c{arena_page(st, 'Gloaming Wraith')}", f"at:c{calf}")
        while st.decision.kind in ("__respond", "defenders", "attack_choice"):
            st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[-1].id)
        dealt.append(st.data.in_play[calf].damage)
    assert dealt[0] == dealt[1] > 0


# ================================================================== Nullify
def cast_hush(st, target: int) -> None:
    play(st, f"contract:c{page(st, 'Hush of the Hollow', 'chapter')}", f"target:c{target}")
    while st.decision.kind in ("pay", "__respond"):                     # the Neutral part from Flame
        acts = ids(st)
        st.apply("pass" if "pass" in acts else "pay:pool.flame" if "pay:pool.flame" in acts else acts[0])


@pytest.mark.rule("MZ22-GLOSS-11", "MZ22-TRAIT-3")
def test_nullify_stops_effects_and_traits_until_the_end_of_the_turn():
    st = position(GAME, [{"chapter": ["Hush of the Hollow", "Hush of the Hollow"], "aura": {"spirit": 2, "flame": 2},
                          "arena": ["Puddle Sprite"]},
                         {"arena": ["Leviathan Calf", "Puddle Sprite", "Gale Roc"]}])
    calf, roc = arena_page(st, "Leviathan Calf"), arena_page(st, "Gale Roc")
    sprite, theirs = arena_page(st, "Puddle Sprite", 0), arena_page(st, "Puddle Sprite", 1)
    assert lp(st, theirs) == 50                                 # 30 + the Calf's ARENA bonus of 20
    assert page_ref(roc) not in combat.attack_targets(st.data, sprite)   # Flight: only fliers attack it
    cast_hush(st, calf)
    assert lp(st, theirs) == 30                                 # the Calf's Effect text does nothing now
    cast_hush(st, roc)
    assert page_ref(roc) in combat.attack_targets(st.data, sprite)  # its Flight does nothing now
    roc_view = next(p for p in st.view(0)["arena"] if p["id"] == f"c{roc}")
    assert roc_view["traits"] == ["flight"]                     # but the Page still has it
    play(st, "end")
    while st.data.turn == 3:
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[-1].id)
    assert lp(st, theirs) == 50 and page_ref(roc) not in combat.attack_targets(st.data, sprite)


# ================================================================== conceding
@pytest.mark.rule("MZ22-WIN-6")
def test_a_caster_who_concedes_is_out_and_the_others_play_on():
    st = position(GAME, [{"arena": ["Puddle Sprite"]}, {"arena": ["Puddle Sprite", "Water Aura"]},
                         {"arena": ["Water Aura"]}])
    st.logging = True
    st.concede(1)                                        # not P2's decision: P1 is in Take Actions
    d = st.data
    assert d.out[1] and not st.is_terminal() and st.current_player() == 0
    assert all(d.in_play[c].controller != 1 for c in d.arena)  # P2's Pages left with them
    assert any("P2 concedes" in ln for ln in st.log)
    with pytest.raises(Exception, match="out of the game already"):
        st.concede(1)
    play(st, "end")
    while st.current_player() == 0 or st.decision.kind == "__respond":
        play(st, "pass" if st.decision.kind == "__respond" else "end")
    assert st.current_player() == 2                      # P2's turn is skipped
    st.concede(2)                                        # mid-decision: the last other Caster goes
    assert st.is_terminal() and st.returns() == [1.0, -1.0, 0.0]      # P2 out first, P3 next
    assert GAME.state_from_json(st.to_json_text()).history[-1] == "concede:P3"


@pytest.mark.rule("MZ22-WIN-6")
def test_conceding_while_choosing_defenders_ends_that_combat():
    st = position(GAME, [{"arena": ["Puddle Sprite"]}, {"arena": ["Puddle Sprite"]}, {"arena": ["Water Aura"]}])
    attacker = arena_page(st, "Puddle Sprite", 0)
    play(st, f"attack:c{attacker}", "at:P2")
    while st.decision.kind in ("attack_choice", "__respond"):
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)
    assert st.decision.kind == "defenders" and st.current_player() == 1
    st.concede(1)
    assert st.data.combat is None and st.decision.kind == "main" and st.current_player() == 0
