"""MetaZoo 2022 face-down Traps as state: a Beastie with no Trap beneath has none (an Attack on
it flips no other face-down Page), and a game with a face-down Trap saves and reads back."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


@pytest.mark.rule("MZ22-TRAP-18")
def test_an_attack_on_a_beastie_with_no_trap_beneath_flips_no_face_down_page():
    st = position(GAME, [{"arena": [{"name": "Ember Hare", "fatigued": False}]},
                         {"arena": ["Water Aura", "Reed Kelpie"], "chapter": ["Bog Lurker"]}])
    lurker = chapter_page(st, 1, "Bog Lurker")
    traps.place(st, 1, lurker)                          # stand-alone, beneath nothing
    kelpie, hare = arena_page(st, "Reed Kelpie"), arena_page(st, "Ember Hare")
    assert traps.trap_under(st.data, kelpie) == -1
    play(st, f"attack:c{hare}", f"at:c{kelpie}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    while st.decision.kind != "main":                   # the Attack runs to its end
        st.apply("pass" if "pass" in ids(st) else ids(st)[0])
    assert st.data.in_play[lurker].face_down and st.data.in_play[lurker].under == -1


@pytest.mark.rule("MZ22-TURN-9", "MZ22-TRAP-22")
def test_a_game_with_a_face_down_trap_saves_and_reads_back_identically():
    st = position(GAME, [{"arena": ["Reed Kelpie"], "chapter": ["Bog Lurker"]}, {}])
    lurker = chapter_page(st, 0, "Bog Lurker")
    play(st, "trap", f"trap:c{lurker}")
    back = GAME.state_from_json(st.to_json())
    assert back.data.in_play == st.data.in_play and back.data.in_play[lurker].face_down
    assert ids(back) == ids(st)
    assert back.to_json() == st.to_json()
