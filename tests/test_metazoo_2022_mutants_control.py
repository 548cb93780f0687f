"""MetaZoo 2022 control when a Page goes under another by its own Effect (issue 28, mutation
survivors of ``placement.put_under``): Crimson Spur, Contracted by P1 under a Beastie P1
controls but P2 owns, enters the Arena under P1's control."""
from __future__ import annotations

import pytest

import metatcg
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


@pytest.mark.rule("MZ22-PLACE-6", "MZ22-OWN-7", "MZ22-OWN-3")
def test_a_page_going_under_a_borrowed_beastie_is_controlled_by_the_beasties_controller():
    st = position(GAME, [{"chapter": ["Crimson Spur"], "aura": {"flame": 1},
                          "arena": [{"name": "Reed Kelpie", "owner": 1}]}, {"arena": ["Puddle Sprite"]}])
    d = st.data
    spur, kelpie = d.chapter[0][0], arena_page(st, "Reed Kelpie")
    assert d.owner[kelpie] == 1 and d.in_play[kelpie].controller == 0
    play(st, f"contract:c{spur}")
    while st.decision.kind in ("pay", "__respond"):
        st.apply(ids(st)[0] if st.decision.kind == "pay" else "pass")
    play(st, f"target:c{kelpie}")
    assert spur in d.arena and d.in_play[spur].under == kelpie
    assert d.in_play[spur].controller == 0 and d.owner[spur] == 0
