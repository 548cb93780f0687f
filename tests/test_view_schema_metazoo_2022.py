"""The MetaZoo 2022 view schema (games/metazoo_2022/view_schema.py) is exactly what ``view(p)``
returns: every Caster's view validates at many points of seeded random games with 2 and 4
seats (mid-chain, mid-Combat and in windows included); a wrong type or an unknown key fails; no
view names a Page of another Caster's Chapter (unless everyone saw it) or any Spellbook Page;
docs/schema/metazoo-2022-view.schema.json is the exported model."""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

import metatcg
from metatcg.games.metazoo_2022.view_schema import MZ22View
from support.metazoo_2022 import is_bluff

GAME = metatcg.load_game("metazoo-2022")
NAMES = GAME.starter_deck_names()
_ID = re.compile(r"\bc(\d+)\b")


def views_of_game(seed: int, seats: int, every: int = 1, limit: int = 2500):
    """Every seat's view after every ``every``-th action of one seeded random game."""
    st = GAME.new_state([NAMES[(seed + i) % len(NAMES)] for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        if n % every == 0 or st.is_terminal():
            yield st, [st.view(q) for q in range(seats)]
        if st.is_terminal() or n >= limit:
            return
        st.apply(rng.choice(no_bluff(st)).id)
        n += 1


def no_bluff(st) -> list:
    """Random play without bluffs or ``back``: a random bluff ends the game at the first
    Attack on it (MZ22-TRAP-4), and trap/back loops eat the action budget, cutting the coverage
    this test needs; the property tests keep both. A menu of only bluffs goes ``back``."""
    acts = st.legal_actions()
    return [a for a in acts if a.id != "back" and not is_bluff(st, a)] or [a for a in acts if a.id == "back"] or acts


def hidden_from(st, p: int) -> set[int]:
    """Pages ``p`` may not know: every Spellbook, other Chapters but for Pages all saw."""
    d = st.data
    out: set[int] = set()
    for q in range(d.n):
        out |= set(d.spellbook[q])
        if q != p:
            out |= {c for c in d.chapter[q] if c not in d.revealed}
            out |= {c for c, s in d.in_play.items() if s.face_down and s.controller == q}   # MZ22-TRAP-22
    return out


@pytest.mark.parametrize("seats", [2, 4])
def test_views_validate_and_leak_nothing(seats):
    seen: set[str] = set()
    want = {"chain", "combat", "window:start", "window:chain", "result", "terra", "status"}
    # until every kind of view was seen (and validated) a few games on; a 4-seat game is over a
    # thousand actions, so fewer of its views are enough
    every, games = (3, 5) if seats == 2 else (7, 2)
    for seed in range(40):
        if seen >= want and seen & {"window:combat1", "window:combat2"} and seed >= games:
            break
        for st, views in views_of_game(100 + seed, seats, every=every):
            for p, v in enumerate(views):
                MZ22View.model_validate(v)
                body = {k: x for k, x in v.items() if k != "log"}
                ids = {int(x) for x in _ID.findall(json.dumps(body))}
                leaked = ids & hidden_from(st, p)
                assert not leaked, f"P{p + 1}'s view names hidden Pages {sorted(leaked)[:5]}"
                for q, c in enumerate(v["casters"]):
                    assert (c["chapter"] is None) == (q != p)
                    assert "spellbook" not in c
                seen.update({"chain"} if v["chain"] else set())
                seen.update({"combat"} if v["combat"] else set())
                seen.update({"window:" + v["window"]["name"]} if v["window"] else set())
                seen.update({"result"} if v["result"] else set())
                seen.update({"terra"} if any(v["terra"]) else set())
                seen.update({"status"} if any(p_["statuses"] for p_ in v["arena"]) else set())
    assert seen >= want, seen
    assert seen & {"window:combat1", "window:combat2"}, seen


@pytest.fixture(scope="module")
def mid_view():
    for st, views in views_of_game(7, 2):
        v = views[st.current_player()] if not st.is_terminal() else views[0]
        if v["legal_actions"] and any(p.get("lp") is not None for p in v["arena"]) \
                and v["casters"][v["you"]]["chapter"]:
            return v
    raise AssertionError("no mid-game view with a Beastie in the Arena")


def _a_beastie(v):
    return next(p for p in v["arena"] if p.get("lp") is not None)


@pytest.mark.parametrize("spoil", [
    lambda v: v.__setitem__("turn", "3"),
    lambda v: v.__setitem__("turn", 3.0),
    lambda v: v.__setitem__("step", "lunch"),
    lambda v: v.__setitem__("seats", 5),
    lambda v: v.__setitem__("surprise", 1),
    lambda v: v.pop("log"),
    lambda v: v.pop("window"),
    lambda v: v["terra"].pop(),
    lambda v: v.__setitem__("rotation", 6),
    lambda v: v["casters"][0].__setitem__("lp", -5),
    lambda v: v["casters"][0].__setitem__("spellbook_count", "5"),
    lambda v: v["casters"][0]["aura"].__setitem__("void", 1),
    lambda v: _a_beastie(v).__setitem__("fatigued", 1),
    lambda v: _a_beastie(v).__setitem__("id", 12),
    lambda v: _a_beastie(v)["statuses"].append({"status": "hiccups", "counters": 1, "turn": 1}),
    lambda v: v["legal_actions"].append({"id": "x"}),
    lambda v: v.__setitem__("deciding", {"player": 0, "kind": "dance", "prompt": ""}),
    lambda v: v.__setitem__("window", {"name": "lunch", "seat": 0}),
    lambda v: v.__setitem__("casters", tuple(v["casters"])),
], ids=["turn-str", "turn-float", "step", "seats", "extra-key", "missing-log", "missing-window", "five-slots",
        "rotation-range", "lp-negative", "count-str", "aura-type", "fatigued-int", "page-id-int", "status",
        "action-no-label", "decision-kind", "window-name", "tuple-not-list"])
def test_a_wrong_view_fails(mid_view, spoil):
    MZ22View.model_validate(mid_view)
    bad = copy.deepcopy(mid_view)
    spoil(bad)
    with pytest.raises(ValidationError):
        MZ22View.model_validate(bad)


def test_the_schema_is_closed_and_the_file_is_the_export():
    schema = MZ22View.model_json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(MZ22View.model_fields)
    path = Path(__file__).resolve().parent.parent / "docs" / "schema" / "metazoo-2022-view.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == schema, "run: python -m metatcg.ui.schema"
