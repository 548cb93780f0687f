"""MetaZoo 2022 auto-pay (issue 29, PR-MZ22-72): the seat preference that pays a cost the way
the digital card games people know tap lands. The pool first, then the Aura Page of the type
the Chapter asks for least, Pages that make several types last; every pick is an ordinary
recorded action, off when the seat turns it off, and no other game's payments are made for it.
Positions are P1's Take Actions of turn 3; stand-in Pages are ``Test …``."""
from __future__ import annotations

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.ui.prefs import SeatPrefs, auto_answer
from metatcg.ui.presentation import presentation_of
from support.metazoo_2022 import play, position

STANDINS = """
[[page]]
name = "Test Grub"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
attack = [{ name = "Nibble", damage = 10 }]

[[page]]
name = "Test Tide Wyrm"
type = "beastie"
cost = [{ aura = "water", n = 2 }]
lp = 80
attack = [{ name = "Surge", damage = 30 }]

[[page]]
name = "Test Ember Wyrm"
type = "beastie"
cost = [{ aura = "flame", n = 2 }]
lp = 80
attack = [{ name = "Scorch", damage = 30 }]
"""
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "autopay.toml"))
PRES = presentation_of(GAME)
ON, OFF = SeatPrefs(), SeatPrefs(auto_pay=False, auto_same=False)


def paying(chapter: list[str], arena: list[str], aura: dict | None = None):
    """P1 has contracted Test Grub (1 Neutral) and is asked how to pay."""
    st = position(GAME, [{"spellbook_size": 5, "chapter": ["Test Grub", *chapter], "arena": arena,
                          "aura": aura or {}}, {"spellbook_size": 5}])
    grub = next(c for c in st.data.chapter[0] if st.data.defs[c].name == "Test Grub")
    play(st, f"contract:c{grub}")
    assert st.decision.kind == "pay" and len(st.legal_actions()) >= 2
    return st


def test_the_aura_the_chapter_needs_is_kept():
    st = paying(["Test Tide Wyrm"], ["Water Aura", "Flame Aura"])
    assert auto_answer(st, 0, ON, PRES).id == "pay:flame"
    st = paying(["Test Ember Wyrm"], ["Water Aura", "Flame Aura"])
    assert auto_answer(st, 0, ON, PRES).id == "pay:water"


def test_the_pool_is_spent_before_any_page_is_fatigued():
    st = paying(["Test Tide Wyrm"], ["Water Aura", "Flame Aura"], aura={"water": 1})
    assert auto_answer(st, 0, ON, PRES).id == "pay:pool.water"


def test_a_page_making_several_types_is_fatigued_last():
    st = paying(["Test Ember Wyrm"], ["Storm Geode", "Flame Aura"])
    geode = next(c for c in st.data.arena if st.data.defs[c].name == "Storm Geode")
    assert {a.id for a in st.legal_actions()} == {"pay:flame", f"pay:c{geode}"}
    assert auto_answer(st, 0, ON, PRES).id == "pay:flame"       # even though the Chapter wants Flame


def test_the_pick_is_an_ordinary_action_and_off_means_asked():
    st = paying(["Test Tide Wyrm"], ["Water Aura", "Flame Aura"])
    assert auto_answer(st, 0, OFF, PRES) is None
    before = len(st.history)
    st.apply(auto_answer(st, 0, ON, PRES))
    assert st.history[before:] == ["pay:flame"]
    assert st.data.in_play[next(c for c in st.data.arena if st.data.defs[c].name == "Flame Aura")].fatigued


def test_it_reads_nothing_of_the_other_casters_hidden_pages():
    a = paying(["Test Tide Wyrm"], ["Water Aura", "Flame Aura"])
    b = position(GAME, [{"spellbook_size": 5, "chapter": ["Test Grub", "Test Tide Wyrm"],
                         "arena": ["Water Aura", "Flame Aura"]},
                        {"spellbook_size": 5, "chapter": ["Test Ember Wyrm", "Test Ember Wyrm"]}])
    play(b, f"contract:c{next(c for c in b.data.chapter[0] if b.data.defs[c].name == 'Test Grub')}")
    assert auto_answer(a, 0, ON, PRES).id == auto_answer(b, 0, ON, PRES).id


def test_no_other_game_has_its_payments_made_for_it():
    """Metabaloids pays by giving up cards from the hand: a real choice no preference makes."""
    for gid in metatcg.game_ids():
        if gid == "metazoo-2022":
            continue
        game = metatcg.load_game(gid)
        pres = presentation_of(game)
        names = game.starter_deck_names()
        st = game.new_state([game.starter_deck(names[i % len(names)]) for i in range(game.seat_counts[0])],
                            seed=2)
        for _ in range(200):
            if st.is_terminal():
                break
            assert pres.auto_pay(st, st.current_player()) is None
            st.apply(st.legal_actions()[-1])


def test_an_aura_page_label_takes_the_right_article():
    st = paying(["Test Tide Wyrm"], ["Earth Aura", "Flame Aura"])
    assert {a.label for a in st.legal_actions()} == {"Fatigue an Earth Aura Page", "Fatigue a Flame Aura Page"}
