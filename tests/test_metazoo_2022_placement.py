"""MetaZoo 2022 Placement (MZ22-PLACE): a Page put under another by a different Page's Effect
leaves the Arena without being Destroyed; by its own Effect it stays; what lies under a Page that
leaves goes to its own discard pile unless an Effect brings it back; Pages under another are
public, face-down Traps apart. Hollow Rider (puts a target under itself) and Crimson Spur (puts
itself under a target) are the pool's stand-ins (cards/traps.toml)."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from metatcg.games.metazoo_2022.stats import beasties
from metatcg.games.metazoo_2022.zones import destroy, leave
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")

# A rider whose captives come back when it leaves (MZ22-PLACE-10), and a Spell to aim at them.
EXTRA = '''
[[page]]
name = "Kindly Rider"
type = "beastie"
cost = [{ aura = "dark", n = 2 }]
lp = 60
strong_against = ["spirit"]
text = "A rider that gives back what it carries."
[[page.attack]]
name = "Tap"
damage = 20
[[page.effect]]
when = "contract"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "place_under", what = "t0", under = "self", host_leaves = "return" }]
text = "CONTRACT: put target opposing Beastie under this Page; it comes back when this Page leaves."

[[page]]
name = "Spark Jab"
type = "spell"
cost = [{ aura = "dark", n = 1 }]
strong_against = ["spirit"]
text = "A jab."
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "any" }]
do = [{ op = "damage", amount = 10, to = "t0" }]
text = "Deal 10 Damage to target Beastie."
'''
GAME_X = GAME.with_cards(GAME.parse_cards(EXTRA, "placement tests"))


def pay_through(st) -> None:
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])


def rider_takes(game=GAME, name: str = "Hollow Rider", victim: str = "Phoenix Fledgling", p1_more=()):
    """P1 Contracts ``name`` and puts P2's Poisoned ``victim`` under it. Returns (st, rider, victim)."""
    st = position(game, [{"chapter": [name, *p1_more], "aura": {"dark": 6}},
                         {"arena": [{"name": victim, "statuses": [{"status": "poison"}]}]}])
    d = st.data
    rider = next(c for c in d.chapter[0] if d.defs[c].name == name)
    v = arena_page(st, victim)
    play(st, f"contract:c{rider}")
    pay_through(st)
    play(st, f"target:c{v}")
    assert st.decision.kind == "main"
    return st, rider, v


def spur_on(st_extra: dict | None = None):
    """P1 Contracts Crimson Spur under their Reed Kelpie. Returns (st, spur, kelpie)."""
    st = position(GAME, [{"chapter": ["Crimson Spur"], "aura": {"flame": 1},
                          "arena": ["Reed Kelpie"], **(st_extra or {})}, {"arena": ["Puddle Sprite"]}])
    d = st.data
    spur, kelpie = d.chapter[0][0], arena_page(st, "Reed Kelpie")
    play(st, f"contract:c{spur}")
    pay_through(st)
    play(st, f"target:c{kelpie}")
    assert st.decision.kind == "main"
    return st, spur, kelpie


@pytest.mark.rule("MZ22-PLACE-1")
def test_placement_is_how_a_page_entered_and_what_it_lies_under():
    st, rider, ph = rider_takes()
    d = st.data
    assert rider in d.arena and d.in_play[rider].under == -1            # Contracted: it stands alone
    assert ph not in d.arena and d.in_play[ph].under == rider            # put under it by another Page's Effect
    st2, spur, kelpie = spur_on()
    assert spur in st2.data.arena and st2.data.in_play[spur].under == kelpie   # under by its own Effect


@pytest.mark.rule("MZ22-PLACE-5", "MZ22-PLACE-16", "MZ22-PLACE-4", "MZ22-KW-6")
def test_put_under_by_another_page_leaves_the_arena_not_destroyed():
    st, rider, ph = rider_takes()
    d = st.data
    s = d.in_play[ph]
    assert ph not in d.arena and s.under == rider                  # left the Arena, linked to its host
    assert s.indicators == ()                                            # its Poison went with it (MZ22-PLACE-16)
    assert ph not in beasties(d)                                   # not counted
    assert d.lp_of_caster(0) == 1000 and ph not in d.limbo[1]      # no DESTROYED Effect, not Destroyed
    assert not any(" is Destroyed" in line for line in st.log)


@pytest.mark.rule("MZ22-PLACE-16")
def test_a_page_under_another_cannot_be_targeted():
    st, rider, ph = rider_takes(GAME_X, p1_more=("Spark Jab",))
    jab = next(c for c in st.data.chapter[0] if st.data.defs[c].name == "Spark Jab")
    play(st, f"contract:c{jab}")
    pay_through(st)
    assert f"target:c{ph}" not in ids(st) and f"target:c{rider}" in ids(st)


@pytest.mark.rule("MZ22-PLACE-8", "MZ22-PLACE-11", "MZ22-PLACE-15")
def test_when_the_top_page_is_destroyed_the_page_under_goes_to_its_own_limbo():
    st, rider, ph = rider_takes()
    destroy(st, [rider])
    d = st.data
    assert rider in d.limbo[0] and ph in d.limbo[1]                # each to its own owner's pile
    assert ph not in d.in_play
    st.apply("end")                                                # let any queued trigger resolve
    assert d.lp_of_caster(0) == 1000                               # Phoenix Fledgling's DESTROYED did not fire


@pytest.mark.rule("MZ22-PLACE-9", "MZ22-PLACE-15")
@pytest.mark.parametrize("zone", ["chapter", "spellbook"])
def test_top_page_to_chapter_or_spellbook_sends_the_pages_under_to_their_discard_piles(zone):
    st, rider, ph = rider_takes()
    leave(st, rider, zone)
    d = st.data
    assert rider in getattr(d, zone)[0] and ph in d.limbo[1]


@pytest.mark.rule("MZ22-PLACE-10", "MZ22-CONTRACT-13")
def test_an_effect_that_brings_the_pages_under_back():
    st, rider, ph = rider_takes(GAME_X, "Kindly Rider")
    d = st.data
    assert ph not in d.arena and d.in_play[ph].under == rider
    destroy(st, [rider])
    assert ph in d.arena and d.in_play[ph].under == -1 and d.in_play[ph].controller == 1
    assert not d.in_play[ph].contracted and ph not in d.limbo[1]


@pytest.mark.rule("MZ22-PLACE-6", "MZ22-PLACE-7")
def test_put_under_by_its_own_effect_stays_in_the_arena_and_goes_with_its_host():
    st, spur, kelpie = spur_on()
    d = st.data
    assert spur in d.arena and d.in_play[spur].under == kelpie and d.in_play[spur].contracted
    (row,) = st.view(1)["beneath"]
    assert row["id"] == f"c{spur}" and row["under"] == f"c{kelpie}" and row["in_arena"] is True


@pytest.mark.rule("MZ22-PLACE-9", "MZ22-PLACE-11", "MZ22-PLACE-15")
def test_own_effect_page_goes_to_its_discard_pile_when_its_host_returns_to_the_chapter():
    st, spur, kelpie = spur_on()
    leave(st, kelpie, "chapter")
    d = st.data
    assert kelpie in d.chapter[0] and spur in d.limbo[0] and spur not in d.arena and spur not in d.in_play


@pytest.mark.rule("MZ22-PLACE-14", "MZ22-PLACE-17", "MZ22-PLACE-3")
def test_pages_under_another_are_public_data_and_nothing_is_layered():
    st, rider, ph = rider_takes()
    for seat in (0, 1):
        (row,) = st.view(seat)["beneath"]
        assert row["id"] == f"c{ph}" and row["name"] == "Phoenix Fledgling" and row["under"] == f"c{rider}"
        assert row["in_arena"] is False
    # a face-up Arena Page carries no layering or covering field: only ``under`` links Pages
    for p in st.view(1)["arena"]:
        assert not {"layer", "layered", "covered", "on_top"} & set(p)


@pytest.mark.rule("MZ22-PLACE-17", "MZ22-TRAP-22")
def test_a_face_down_trap_under_a_page_is_the_exception():
    st = position(GAME, [{}, {"arena": ["Puddle Sprite"], "chapter": ["Bog Lurker"]}])
    lurker = st.data.chapter[1][0]
    traps.place(st, 1, lurker)
    traps.slide(st, 1, lurker, arena_page(st, "Puddle Sprite"))
    (row,) = st.view(0)["beneath"]
    assert "name" not in row and row["face_down"] and row["under"] == f"c{arena_page(st, 'Puddle Sprite')}"


@pytest.mark.rule("MZ22-PLACE-2", "MZ22-PLACE-4")
def test_no_action_puts_a_page_on_top_of_or_under_another_without_an_effect():
    st = position(GAME, [{"arena": ["Reed Kelpie", "Puddle Sprite"], "chapter": ["Ember Hare"],
                          "aura": {"flame": 4}}, {}])
    # the only ways under a Page are Effects, Equipment and face-down Traps (``slide``)
    assert not [a for a in ids(st) if a.split(":")[0] not in ("contract", "use", "attack", "trap", "end",
                                                              "destruct", "convert", "slide")]
    assert all(st.data.in_play[c].under == -1 for c in st.data.arena)


@pytest.mark.rule("MZ22-PLACE-12", "MZ22-TRAP-11")
def test_traps_follow_their_own_rules_not_placement():
    st = position(GAME, [{}, {"arena": ["Puddle Sprite"], "chapter": ["Bog Lurker"]}])
    lurker, sprite = st.data.chapter[1][0], arena_page(st, "Puddle Sprite")
    traps.place(st, 1, lurker)
    traps.slide(st, 1, lurker, sprite)
    destroy(st, [sprite])
    s = st.data.in_play[lurker]
    assert s.face_down and s.under == -1 and lurker not in st.data.afterlife[1]   # not discarded


@pytest.mark.rule("MZ22-PLACE-13")
def test_tokens_side_by_side_are_in_the_arena_and_not_under_each_other():
    st = position(GAME, [{"chapter": ["Call the Hive"], "aura": {"forest": 2}}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    pay_through(st)
    while st.decision.kind != "main":
        st.apply(ids(st)[0])
    d = st.data
    toks = [c for c in d.arena if d.is_token(c)]
    assert len(toks) == 2 and all(d.in_play[c].under == -1 for c in toks)
    assert set(toks) <= set(beasties(d)) and st.view(0)["beneath"] == []
