"""MetaZoo 2022 names what it aims at with typed references (records.Ref): a Caster, a Page or a
chain item. Action ids and views still spell them ``P2``/``c12``/``k3``; games saved before Refs
(those spellings inside the Combat and the target slots) read back as the same game; a saved
reference to nothing is refused."""
from __future__ import annotations

import copy
from typing import Any

import pytest

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.engine.rng import Rng
from metatcg.engine.records import decode, encode
from metatcg.games.metazoo_2022.records import (CASTER, ITEM, PAGE, Branch, Ctx, Ref, Run, caster_ref, item_ref,
                                                page_ref, parse_ref, records)

GAME = metatcg.load_game("metazoo-2022")


def test_a_ref_is_spelled_as_action_ids_spell_it_and_read_back():
    assert [str(caster_ref(1)), str(page_ref(12)), str(item_ref(3))] == ["P2", "c12", "k3"]
    for ref in (caster_ref(0), caster_ref(3), page_ref(0), page_ref(120), item_ref(7)):
        assert parse_ref(str(ref)) == ref
    assert caster_ref(1) != page_ref(1) and caster_ref(1).entity == CASTER and page_ref(1).entity == PAGE


@pytest.mark.parametrize("text", ["", "c", "x12", "c-1", "P", "c1.5", "k٣", 12, None])
def test_text_that_names_nothing_is_no_ref(text: Any):
    with pytest.raises(ValueError):
        parse_ref(text)


def _states_with(pred, seats: int = 2, games: int = 40):
    """Random games' positions where ``pred(data)`` holds (the first one of each game)."""
    names = GAME.starter_deck_names()
    for g in range(games):
        decks = [names[(g + k) % len(names)] for k in range(seats)]
        st = GAME.new_state(decks, seed=g)
        rng = Rng(g)
        while not st.is_terminal():
            if pred(st.data):
                yield st
                break
            st.apply(rng.choice(st.legal_actions()))


def _to_old_spelling(obj: Any) -> Any:
    """State JSON as saved before Refs: every Ref as its text, a Combat's missing target or
    primary Defender as ""."""
    if isinstance(obj, list):
        if obj and obj[0] == "@ref":
            return str(Ref(obj[1], obj[2]))
        if obj and obj[0] == "@combat":
            out = [_to_old_spelling(x) for x in obj]
            for i in (4, 7):                       # the marker first, then target (3) and primary (6)
                if out[i] is None:
                    out[i] = ""
            return out
        return [_to_old_spelling(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _to_old_spelling(v) for k, v in obj.items()}
    return obj


def _aimed(d) -> bool:
    return d.combat is not None and d.combat.target is not None or any(any(it.targets) for it in d.chain)


def test_refs_are_typed_in_play():
    st = next(_states_with(_aimed))
    d = st.data
    held = ([d.combat.target] if d.combat is not None and d.combat.target is not None else []) + \
        [r for it in d.chain for slot in it.targets for r in slot]
    assert held and all(type(r) is Ref and r.entity in (CASTER, PAGE, ITEM) for r in held)


@pytest.mark.parametrize("seats", [2, 3])
def test_a_game_saved_before_refs_reads_back_as_the_same_game(seats: int):
    found = list(_states_with(_aimed, seats))
    assert len(found) >= 5
    for st in found:
        saved = st.to_json()
        old = _to_old_spelling(copy.deepcopy(saved))
        assert old != saved and "@ref" not in repr(old)
        back = GAME.state_from_json(old)
        assert back.to_json() == saved
        assert [a.id for a in back.legal_actions()] == [a.id for a in st.legal_actions()]
        a = st.legal_actions()[0].id
        st.apply(a)
        back.apply(a)
        assert back.to_json() == st.to_json()


def _first_ref(obj: Any) -> list | None:
    if isinstance(obj, list):
        if obj and obj[0] == "@ref":
            return obj
        for x in obj:
            got = _first_ref(x)
            if got is not None:
                return got
    if isinstance(obj, dict):
        for v in obj.values():
            got = _first_ref(v)
            if got is not None:
                return got
    return None


@pytest.mark.parametrize("entity,n", [("page", 100000), ("caster", 7), ("caster", -1), ("item", -2),
                                      ("seat", 0)])
def test_a_saved_ref_to_nothing_is_refused(entity: str, n: int):
    st = next(_states_with(_aimed))
    bad = st.to_json()
    ref = _first_ref(bad["data"]) or _first_ref(bad)
    assert ref is not None
    ref[1:] = [entity, n]
    with pytest.raises(StateDataError, match="reference names no Caster, Page or chain item"):
        GAME.state_from_json(bad)


def test_an_old_spelling_that_names_nothing_is_refused():
    st = next(_states_with(lambda d: d.combat is not None and d.combat.target is not None))
    old = _to_old_spelling(st.to_json())
    old["data"]["combat"][4] = "z9"
    with pytest.raises(StateDataError, match="names no Caster, Page or chain item"):
        GAME.state_from_json(old)



def _with_a_run(st) -> bool:
    """A state paused inside an Effect: a Run waits on the stack."""
    return any(type(s) is Run for s in st.stack)


def _states_in_effects(games: int = 40):
    names = GAME.starter_deck_names()
    for g in range(games):
        st = GAME.new_state([names[g % len(names)], names[(g + 1) % len(names)]], seed=g)
        rng = Rng(g)
        while not st.is_terminal():
            if _with_a_run(st):
                yield st
                break
            st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("old,new", [("do", Branch("do")), ("heads", Branch("heads")), ("orelse", Branch("orelse")),
                                     ("b2", Branch("branches", 2)), ("o1", Branch("options", 1))])
def test_a_run_saved_before_branches_reads_its_path_back(old: str, new: Branch):
    ctx = Ctx(0, 3, "fx", 0)
    assert decode(["@run", encode(ctx), [1, old, 0, "do"], 2, 0], records) == Run(ctx, (1, new, 0, Branch("do")), 2)
    assert decode(encode(Run(ctx, (1, new), 2)), records) == Run(ctx, (1, new), 2)


@pytest.mark.parametrize("step", [["@branch", "to_json", -1], ["@branch", "options", 99], "x7", "b", "o-1"])
def test_a_path_that_leads_nowhere_is_refused(step: Any):
    st = next(_states_in_effects())
    bad = st.to_json()

    def spoil(obj: Any) -> bool:
        if isinstance(obj, list):
            if obj and obj[0] == "@run":
                obj[2] = [0, step]
                return True
            return any(spoil(x) for x in obj)
        if isinstance(obj, dict):
            return any(spoil(v) for v in obj.values())
        return False

    assert spoil(bad["stack"])
    with pytest.raises(StateDataError, match="Effect"):
        GAME.state_from_json(bad)
