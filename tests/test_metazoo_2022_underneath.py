"""MetaZoo 2022: where the Pages under a Page go when it leaves the Arena (rulebook p. 44,
MZ22-PLACE-8/9, PR-MZ22-69): to their owner's Limbo, Cemetery or Afterlife matching the pile the
top Page was sent to; by their own type when it went to a Chapter or Spellbook; Equipment by its
type whatever the pile (MZ22-EQUIP-12); a face-down Trap stays (MZ22-TRAP-11). Hollow Rider puts
a target under itself, Crimson Spur puts itself under a target (cards/traps.toml)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.zones import destroy, leave
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


def pay_through(st) -> None:
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])


def rider_takes():
    """P1's Hollow Rider holds P2's Phoenix Fledgling under it (a Beastie: Limbo by its type)."""
    st = position(GAME, [{"chapter": ["Hollow Rider"], "aura": {"dark": 6}},
                         {"arena": ["Phoenix Fledgling"]}])
    rider = st.data.chapter[0][0]
    ph = arena_page(st, "Phoenix Fledgling")
    play(st, f"contract:c{rider}")
    pay_through(st)
    play(st, f"target:c{ph}")
    assert st.data.in_play[ph].under == rider and ph not in st.data.arena
    return st, rider, ph


def spur_on():
    """P1's Crimson Spur (an Artifact) lies under their Reed Kelpie by its own Effect."""
    st = position(GAME, [{"chapter": ["Crimson Spur"], "aura": {"flame": 1}, "arena": ["Reed Kelpie"]}, {}])
    spur, kelpie = st.data.chapter[0][0], arena_page(st, "Reed Kelpie")
    play(st, f"contract:c{spur}")
    pay_through(st)
    play(st, f"target:c{kelpie}")
    assert st.data.in_play[spur].under == kelpie
    return st, spur, kelpie


@pytest.mark.rule("MZ22-PLACE-8")
@pytest.mark.parametrize("pile", ["limbo", "cemetery", "afterlife"])
def test_the_page_under_goes_to_its_owners_pile_of_the_same_name_as_the_top_pages(pile):
    """The top Page Destroyed into its Limbo (its own pile), or into the Cemetery or Afterlife an
    Effect names (MZ22-GLOSS-3/5): the Beastie under it goes to P2's pile of that name."""
    st, rider, ph = rider_takes()
    destroy(st, [rider], into=pile)
    d = st.data
    assert rider in getattr(d, pile)[0] and ph in getattr(d, pile)[1]
    assert ph not in d.in_play
    assert all(ph not in getattr(d, z)[1] for z in ("limbo", "cemetery", "afterlife") if z != pile)
    assert not any("Phoenix Fledgling is Destroyed" in line for line in st.log)


@pytest.mark.rule("MZ22-PLACE-8")
def test_a_page_under_by_its_own_effect_follows_its_host_to_the_afterlife():
    st, spur, kelpie = spur_on()
    destroy(st, [kelpie], into="afterlife")
    d = st.data
    assert kelpie in d.afterlife[0] and spur in d.afterlife[0] and spur not in d.limbo[0]


@pytest.mark.rule("MZ22-PLACE-9", "MZ22-PLACE-15")
@pytest.mark.parametrize("zone", ["chapter", "spellbook"])
def test_top_page_to_a_chapter_or_spellbook_sends_the_page_under_by_its_own_type(zone):
    st, spur, kelpie = spur_on()
    leave(st, kelpie, zone)
    d = st.data
    assert kelpie in getattr(d, zone)[0] and spur in d.limbo[0]          # an Artifact: its Limbo


@pytest.mark.rule("MZ22-EQUIP-12", "MZ22-PLACE-12")
def test_equipment_goes_to_its_discard_pile_by_type_whatever_pile_its_equipped_page_went_to():
    st = position(GAME, [{"chapter": ["Mirrored Buckler"], "aura": {"light": 1}, "arena": ["Reed Kelpie"]}, {}])
    buckler, kelpie = st.data.chapter[0][0], arena_page(st, "Reed Kelpie")
    play(st, f"contract:c{buckler}", f"target:c{kelpie}")
    pay_through(st)
    while st.decision.kind == "__respond":
        play(st, "pass")
    assert st.data.in_play[buckler].under == kelpie
    destroy(st, [kelpie], into="afterlife")
    d = st.data
    assert kelpie in d.afterlife[0] and buckler in d.limbo[0] and buckler not in d.afterlife[0]
