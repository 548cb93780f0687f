"""MetaZoo 2022: every Action the engine offers passes priority to the other Casters, clockwise
from the one who acted (MZ22-ACTION-1/2/6/7, MZ22-PRIO-5, PR-MZ22-67), and a Trap may go
face-down on its own or straight under a Beastie or Artifact its Caster controls, the move of
MZ22-TURN-10 kept for later (MZ22-TRAP-7/8, PR-MZ22-66).

Each test: a Take Actions position where P2 (and P3) hold Mending Dew, an "any time" Potion
with a legal target, so a window that passes priority asks them; P1 takes one Action; the test
asserts who decides next."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from metatcg.games.metazoo_2022.zones import destroy
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")
RESPONDER = {"arena": ["Reed Kelpie"], "chapter": ["Mending Dew"]}


def who(st) -> tuple[str, int]:
    return st.decision.kind, st.decision.player


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def pay_all(st) -> None:
    while st.decision.kind == "pay":
        st.apply(ids(st)[0])


def p1_to_act(seats: int = 2, **p1):
    """P1 in Take Actions with a Beastie, a Power Artifact, a Self-Destruct Beastie, a Trap, a
    bluff, an Aura and a Terra in hand, Lightning Aura in the pool; every other Caster holds an
    "any time" response."""
    mine = {"arena": [{"name": "Puddle Sprite", "fatigued": False}, {"name": "Storm Rod", "fatigued": False},
                      {"name": "Powder Keg Golem", "fatigued": False}],
            "chapter": ["Bog Lurker", "Ember Hare", "Water Aura", "Whispering Pines"], "aura": {"lightning": 1}}
    mine.update(p1)
    return position(GAME, [mine] + [dict(RESPONDER) for _ in range(seats - 1)])


def _place_alone(st) -> None:
    play(st, "trap", f"trap:c{chapter_page(st, 0, 'Bog Lurker')}")


def _place_under(st) -> None:
    play(st, f"trap:under:c{arena_page(st, 'Puddle Sprite')}", f"trap:c{chapter_page(st, 0, 'Bog Lurker')}")


def _place_bluff_under(st) -> None:
    play(st, f"trap:under:c{arena_page(st, 'Puddle Sprite')}", f"trap:c{chapter_page(st, 0, 'Ember Hare')}")


def _slide(st) -> None:
    lurker = chapter_page(st, 0, "Bog Lurker")
    traps.place(st, 0, lurker)                   # placed earlier this turn (set up by hand)
    st.options_changed()
    play(st, f"slide:c{lurker}>c{arena_page(st, 'Puddle Sprite')}")


def _contract_aura(st) -> None:
    play(st, f"contract:c{chapter_page(st, 0, 'Water Aura')}")


def _contract_terra(st) -> None:
    play(st, f"contract:c{chapter_page(st, 0, 'Whispering Pines')}")


def _use_power(st) -> None:
    play(st, f"use:c{arena_page(st, 'Storm Rod')}.0", f"target:c{arena_page(st, 'Reed Kelpie')}")
    pay_all(st)


def _self_destruct(st) -> None:
    play(st, f"destruct:c{arena_page(st, 'Powder Keg Golem')}")


ACTIONS = {"place a Trap": _place_alone, "place a Trap under a Beastie": _place_under,
           "place a bluff under a Beastie": _place_bluff_under, "move a Trap": _slide,
           "Contract an Aura": _contract_aura, "Contract a Terra": _contract_terra, "use a Power": _use_power,
           "Self-Destruct": _self_destruct}


@pytest.mark.rule("MZ22-ACTION-1", "MZ22-ACTION-2", "MZ22-ACTION-6", "MZ22-PRIO-5")
@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_take_actions_action_passes_priority_to_the_opponent(action):
    st = p1_to_act()
    assert who(st) == ("main", 0)
    ACTIONS[action](st)
    assert who(st) == ("__respond", 1)
    assert f"contract:c{chapter_page(st, 1, 'Mending Dew')}" in ids(st)
    play(st, "pass")
    if st.decision.kind == "target":              # Powder Keg Golem's DESTROYED Effect, if it has one
        return
    assert who(st) == ("main", 0)                 # every other Caster passed: back to Take Actions


@pytest.mark.rule("MZ22-ACTION-2", "MZ22-ACTION-7", "MZ22-PRIO-5")
@pytest.mark.parametrize("action", ["place a Trap", "place a Trap under a Beastie", "move a Trap"])
def test_at_three_seats_a_trap_action_passes_priority_clockwise(action):
    st = p1_to_act(seats=3)
    ACTIONS[action](st)
    assert who(st) == ("__respond", 1)
    play(st, "pass")
    assert who(st) == ("__respond", 2)
    play(st, "pass")
    assert who(st) == ("main", 0)


@pytest.mark.rule("MZ22-ACTION-2", "MZ22-ACTION-3", "MZ22-PRIO-5")
def test_a_response_to_a_trap_action_goes_on_the_chain_and_resolves_before_take_actions_resumes():
    st = position(GAME, [{"arena": [{"name": "Puddle Sprite", "fatigued": False}], "chapter": ["Bog Lurker"]},
                         {"arena": [{"name": "Reed Kelpie", "damage": 30}], "chapter": ["Mending Dew"]}])
    kelpie = arena_page(st, "Reed Kelpie")
    dew = chapter_page(st, 1, "Mending Dew")
    _place_alone(st)
    play(st, f"contract:c{dew}", f"target:c{kelpie}")
    pay_all(st)
    # P2's Action passes priority back to P1, who holds nothing to answer with, so the chain
    # resolves and P1 is back in Take Actions
    assert not st.data.chain and st.data.in_play[kelpie].damage == 0 and dew in st.data.cemetery[1]
    assert who(st) == ("main", 0)


@pytest.mark.parametrize("menu", ["trap", "under"])
def test_backing_out_of_the_trap_menu_takes_no_action_and_passes_nothing(menu):
    """PR-MZ22-67: choosing where, then ``back``, places nothing, so nothing passes."""
    st = p1_to_act()
    play(st, "trap" if menu == "trap" else f"trap:under:c{arena_page(st, 'Puddle Sprite')}", "back")
    assert who(st) == ("main", 0) and not traps.face_down(st.data)


# ------------------------------------------------------------------ placement (p. 41)
@pytest.mark.rule("MZ22-TRAP-8", "MZ22-TRAIT-TRAP-1", "MZ22-TRAP-6")
def test_a_trap_may_be_placed_straight_under_a_beastie_or_artifact_you_control():
    st = p1_to_act(arena=[{"name": "Puddle Sprite", "fatigued": False}, {"name": "Storm Rod", "fatigued": False},
                          "Water Aura"])
    sprite, rod, aura = (arena_page(st, n) for n in ("Puddle Sprite", "Storm Rod", "Water Aura"))
    kelpie = arena_page(st, "Reed Kelpie")
    places = [a for a in ids(st) if a.startswith("trap")]
    # on its own, or under one's own Beastie or Artifact; not under an Aura, not under the other's Page
    assert places == ["trap", f"trap:under:c{sprite}", f"trap:under:c{rod}"]
    assert f"trap:under:c{aura}" not in places and f"trap:under:c{kelpie}" not in places
    lurker = chapter_page(st, 0, "Bog Lurker")
    play(st, f"trap:under:c{rod}", f"trap:c{lurker}", "pass")
    s = st.data.in_play[lurker]
    assert s.face_down and s.under == rod and lurker not in st.data.arena and st.data.pool[0] == {"lightning": 1}
    # one face-down Trap under a Page at a time (MZ22-TRAP-6): the Rod is no longer offered
    assert f"trap:under:c{rod}" not in ids(st) and f"trap:under:c{sprite}" in ids(st)


@pytest.mark.rule("MZ22-TRAP-8", "MZ22-TURN-10", "MZ22-TRAP-28")
def test_placing_under_a_page_keeps_the_once_per_trap_move():
    st = p1_to_act()
    sprite = arena_page(st, "Puddle Sprite")
    lurker = chapter_page(st, 0, "Bog Lurker")
    play(st, f"trap:under:c{sprite}", f"trap:c{lurker}", "pass")
    assert not any(a.startswith(f"slide:c{lurker}") for a in ids(st))     # under a Page: no move
    destroy(st, [sprite])                                                # its host leaves
    st.options_changed()
    assert st.data.in_play[lurker].under == -1
    golem = arena_page(st, "Powder Keg Golem")
    assert f"slide:c{lurker}>c{golem}" in ids(st)                         # its move is still there
    play(st, f"slide:c{lurker}>c{golem}", "pass")
    assert st.data.in_play[lurker].under == golem


@pytest.mark.rule("MZ22-TRAP-22", "MZ22-TRAP-2", "MZ22-TRAP-8")
def test_a_trap_and_a_bluff_placed_under_a_beastie_look_the_same_to_the_others():
    def seen(name: str) -> list:
        st = p1_to_act()
        out = [(st.view(1), st.public_view())]
        for aid in (f"trap:under:c{arena_page(st, 'Puddle Sprite')}", f"trap:c{chapter_page(st, 0, name)}"):
            st.apply(aid)
            out.append((st.view(1), st.public_view()))
        return out
    trap, bluff = seen("Bog Lurker"), seen("Ember Hare")
    assert len(trap) == len(bluff) == 3 and trap == bluff


def test_a_saved_game_choosing_a_page_to_place_under_a_beastie_continues_and_bad_saves_are_refused():
    """The place chosen (TrapPlace.host) is saved with the decision; a save naming a Page P1
    may not place under (P2's Beastie) is refused with a clear error."""
    from metatcg.engine.errors import StateDataError
    st = p1_to_act()
    play(st, f"trap:under:c{arena_page(st, 'Puddle Sprite')}")
    back = GAME.state_from_json(st.to_json())
    assert back.decision == st.decision
    assert [(a.id, a.label) for a in back.legal_actions()] == [(a.id, a.label) for a in st.legal_actions()]
    raw = st.to_json()
    raw["decision"][2][2] = arena_page(st, "Reed Kelpie")
    with pytest.raises(StateDataError, match="cannot place a Page face-down under"):
        GAME.state_from_json(raw)
