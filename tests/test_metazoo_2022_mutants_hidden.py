"""MetaZoo 2022 determinization (issue 28, mutation survivors of ``MZ22Game.determinize`` and
``traps.resample``): a lookahead copy keeps what its Caster knows (their own Chapter) and
resamples what they cannot see (the other Chapters, every face-down Page of every other
Caster, a Caster without one in between included)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.games.metazoo_2022 import traps
from support.metazoo_2022 import position

GAME = metatcg.load_game("metazoo-2022")
BOOK = ["Flame Aura", "Water Aura", "Frost Aura", "Puddle Sprite", "Snow Marten"]


def names(d, zone):
    return [d.defs[c].name for c in zone]


def test_a_determinized_copy_keeps_its_casters_chapter_and_resamples_the_others():
    st = position(GAME, [{"chapter": ["Ember Hare", "Sweeping Tide"], "spellbook": BOOK},
                         {"chapter": ["Bog Lurker", "Reed Kelpie"], "spellbook": BOOK}])
    d = st.data
    theirs = set()
    for k in range(12):
        c = GAME.determinize(st, 0, Rng(k)).data
        assert c.chapter[0] == d.chapter[0]                          # P1 knows their own Chapter
        assert sorted(c.spellbook[0]) == sorted(d.spellbook[0])      # their Spellbook only reordered
        assert len(c.chapter[1]) == 2 and len(c.spellbook[1]) == len(BOOK)
        theirs.add(tuple(sorted(names(c, c.chapter[1]))))
    assert len(theirs) > 1                                           # P2's Chapter is guessed afresh


@pytest.mark.rule("MZ22-TRAP-22")
def test_every_other_casters_face_down_pages_are_resampled():
    """Three Casters: P2 has nothing face-down, P3 has Bog Lurker face-down; P1's copies do
    not always see Bog Lurker there."""
    st = position(GAME, [{}, {}, {"chapter": ["Bog Lurker"], "spellbook": BOOK}])
    d = st.data
    lurker = d.chapter[2][0]
    traps.place(st, 2, lurker)
    assert not [c for c, s in d.in_play.items() if s.face_down and d.owner[c] == 1]
    seen = {GAME.determinize(st, 0, Rng(k)).data.defs[lurker].name for k in range(12)}
    assert len(seen) > 1 and seen <= {"Bog Lurker", *BOOK}
