"""MetaZoo 2022 odds and ends no rule test reached (issue 28, mutation survivors): a Page put on
the bottom of its Spellbook, a Caster target open to every side, an Equipment Artifact whose
only target is burrowed, Pages beneath a Page put under another, and the facts a simulator
reads from a game."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps, zones
from metatcg.games.metazoo_2022.cards import parse_pages
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")
TONIC = parse_pages("""
[[page]]
name = "Test Tonic"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Target Caster, yours or another, gains 10 LP."

[[page.effect]]
when = "cast"
targets = [{ kind = "caster", side = "any" }]
do = [{ op = "gain_lp", amount = 10, to = "t0" }]
""", "zones-targets.toml")


def test_a_page_sent_to_the_bottom_of_its_spellbook_lies_under_all_the_others():
    st = position(GAME, [{"arena": ["Ember Hare"], "spellbook": ["Flame Aura", "Water Aura"]}, {}])
    hare = arena_page(st, "Ember Hare")
    book = list(st.data.spellbook[0])
    zones.leave(st, hare, "spellbook", "bottom")
    assert st.data.spellbook[0] == [hare, *book]
    assert hare not in st.data.arena


@pytest.mark.rule("MZ22-TARGET-1")
def test_a_caster_target_open_to_any_side_offers_every_caster_the_caster_included():
    st = position(GAME.with_cards(TONIC), [{"chapter": ["Test Tonic"]}, {}, {}])
    tonic = st.data.chapter[0][0]
    play(st, f"contract:c{tonic}")
    assert st.decision.kind == "target"
    assert sorted(ids(st)) == ["target:P1", "target:P2", "target:P3"]
    play(st, "target:P1")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.data.lp_of_caster(0) == 1010


@pytest.mark.rule("MZ22-EQUIP-5", "MZ22-TRAIT-BURROW-5")
def test_an_equipment_artifact_whose_only_beastie_is_burrowed_cannot_be_contracted():
    dug = {"name": "Sandworm Burrower", "marks": {"burrowed": 3}}
    st = position(GAME, [{"chapter": ["Leaden Shackle"], "aura": {"dark": 1}}, {"arena": [dug]}])
    shackle = st.data.chapter[0][0]
    assert f"contract:c{shackle}" not in ids(st)
    st = position(GAME, [{"chapter": ["Leaden Shackle"], "aura": {"dark": 1}},
                         {"arena": [dug, "Reed Kelpie"]}])
    assert f"contract:c{shackle}" in ids(st)


@pytest.mark.rule("MZ22-PLACE-5", "MZ22-TRAP-11")
def test_a_trap_under_a_page_put_under_another_stays_face_down_on_its_own():
    st = position(GAME, [{"chapter": ["Hollow Rider"], "aura": {"dark": 6}},
                         {"arena": ["Phoenix Fledgling"], "chapter": ["Bog Lurker"]}])
    d = st.data
    victim = arena_page(st, "Phoenix Fledgling")
    lurker = d.chapter[1][0]
    traps.place(st, 1, lurker)
    traps.slide(st, 1, lurker, victim)
    rider = d.chapter[0][0]
    play(st, f"contract:c{rider}")
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])
    play(st, f"target:c{victim}")
    assert d.in_play[victim].under == rider and victim not in d.arena
    assert d.in_play[lurker].face_down and d.in_play[lurker].under == -1 and d.in_play[lurker].controller == 1


def test_match_facts_name_who_went_first_the_turns_played_and_each_casters_lp():
    st = position(GAME, [{"damage": 30}, {"lp_gain": 20}], turn=5, first=1, active=1)
    assert GAME.match_facts(st) == {"first_player": 1, "turns": 5, "lp": [970, 1020]}
