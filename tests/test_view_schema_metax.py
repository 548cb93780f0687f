"""The MetaX view schema (games/metax/view_schema.py) is exactly what ``view(p)`` returns:
both players' views validate at every point of seeded random and greedy games, a wrong
type or an unknown key fails, and docs/schema/metax-view.schema.json is the exported model."""
from __future__ import annotations

import copy
import itertools

import pytest
from pydantic import ValidationError

import metatcg
from metatcg.bots import GreedyBot
from metatcg.engine.rng import Rng
from metatcg.games.metax.view_schema import MetaXView

GAME = metatcg.load_game("metax")
PAIRS = list(itertools.product(GAME.starter_deck_names(), repeat=2))


def views_of_game(seed: int, greedy: bool = False, log: bool = True):
    """Both players' views after every action of one seeded game (and at its start and end)."""
    a, b = PAIRS[seed % len(PAIRS)]
    st = GAME.new_state([a, b], seed=seed, log=log)
    chooser = Rng(seed)
    bot = GreedyBot(seed) if greedy else None
    while True:
        yield st, [st.view(0), st.view(1)]
        if st.is_terminal():
            return
        p = st.current_player()
        act = bot.choose(st.handle(p)) if bot is not None and p == 0 else chooser.choice(st.legal_actions())
        st.apply(act.id)


def test_views_cover_the_optional_parts():
    """Across games the views show hands hidden and shown, attacks with defenders and Links,
    Damage, keywords, events resolving and a final result (so the model met them all)."""
    seen = set()
    for seed in range(60):
        for _st, views in views_of_game(1000 + seed, greedy=seed % 3 == 0, log=seed % 4 != 1):
            for v in views:
                MetaXView.model_validate(v)
                for a in v["battle_zone"]:
                    seen.add("attack")
                    seen.update({"defended"} if a["defender"] else set())
                    seen.update({"linked"} if a["links"] else set())
                for pv in v["players"]:
                    seen.add("hidden hand" if pv["hand"] is None else "own hand")
                    for ch in pv["characters"]:
                        seen.update({"damage"} if ch["damage"] else set())
                        seen.update({"keyword"} if ch["keywords"] else set())
                seen.update({"resolving"} if v["resolving"] else set())
                seen.update({"result"} if v["result"] else set())
                seen.update({"actions"} if v["legal_actions"] else set())
    assert seen >= {"attack", "defended", "linked", "hidden hand", "own hand", "damage", "keyword",
                    "result", "actions"}, seen


@pytest.fixture(scope="module")
def mid_view():
    for st, views in views_of_game(7):
        v = views[st.current_player()] if not st.is_terminal() else views[0]
        if any(pv["characters"] for pv in v["players"]) and v["legal_actions"]:
            return v
    raise AssertionError("no mid-game view with Characters in play")


@pytest.mark.parametrize("spoil", [
    lambda v: v.__setitem__("turn", "3"),
    lambda v: v.__setitem__("turn", 3.0),
    lambda v: v.__setitem__("step", "lunch"),
    lambda v: v.__setitem__("seats", 3),
    lambda v: v.__setitem__("surprise", 1),
    lambda v: v.pop("log"),
    lambda v: v["players"][0].__setitem__("mp", 11),
    lambda v: v["players"][0].__setitem__("hand_count", "5"),
    lambda v: v["players"][1].__setitem__("discard", [{"id": 12, "name": "x"}]),
    lambda v: v["players"][0]["known_in_hand"].append({"id": "c1", "name": "x", "extra": 0}),
    lambda v: next(pv for pv in v["players"] if pv["characters"])["characters"][0].__setitem__("pushed", 1),
    lambda v: next(pv for pv in v["players"] if pv["characters"])["characters"][0]["stats"].__setitem__("luck", 3),
    lambda v: v["legal_actions"].append({"id": "x"}),
    lambda v: v.__setitem__("deciding", {"player": 0, "kind": "dance", "prompt": ""}),
    lambda v: v.__setitem__("players", tuple(v["players"])),
], ids=["turn-str", "turn-float", "step", "seats", "extra-key", "missing-key", "mp-range", "count-str",
        "card-id-int", "card-extra", "pushed-int", "unknown-stat", "action-no-label", "decision-kind",
        "tuple-not-list"])
def test_a_wrong_view_fails(mid_view, spoil):
    MetaXView.model_validate(mid_view)
    bad = copy.deepcopy(mid_view)
    spoil(bad)
    with pytest.raises(ValidationError):
        MetaXView.model_validate(bad)


def test_the_schema_is_closed_and_names_every_key():
    schema = MetaXView.model_json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(MetaXView.model_fields)
