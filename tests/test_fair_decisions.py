"""Decisions hide what they concern (PR-K-9): a Trap and a bluff look alike to the others, and a
response window names no seat to anyone but the seat asked. Fair windows (PR-K-10) ask chosen
seats in every window."""
from __future__ import annotations

import pytest

import metatcg
from support.metazoo_2022 import position

MZ22 = metatcg.load_game("metazoo-2022")


def _placed(page_name: str) -> list[tuple[dict, dict]]:
    """What P2 and a spectator receive at each step while P1 places ``page_name`` face-down."""
    st = position(MZ22, [{"chapter": ["Bog Lurker", "Ember Hare"]}, {}])
    page = next(c for c in st.data.chapter[0] if st.data.defs[c].name == page_name)
    seen = [(st.view(1), st.public_view())]
    for aid in ("trap", f"trap:c{page}"):
        st.apply(aid)
        seen.append((st.view(1), st.public_view()))
    assert st.data.ps[page].face_down and st.decision.kind == "main"
    return seen


@pytest.mark.rule("MZ22-TRAP-22", "MZ22-TRAP-2")
def test_mz22_a_trap_and_a_bluff_look_the_same_to_the_others():
    """Bog Lurker has the Trap Trait, Ember Hare has not: P1 places one or the other. P2 and a
    spectator receive the same views (decision kind, prompt, log, board) at every step, and
    the same number of steps."""
    trap, bluff = _placed("Bog Lurker"), _placed("Ember Hare")
    assert len(trap) == len(bluff) == 3
    for (t2, tp), (b2, bp) in zip(trap, bluff):
        assert t2 == b2
        assert tp == bp
