"""The MetaZoo view schema (games/metazoo/view_schema.py) is exactly what ``view(p)`` returns:
both players' views validate at many points of seeded random and greedy games, a wrong type
or an unknown key fails, and docs/schema/metazoo-view.schema.json is the exported model."""
from __future__ import annotations

import copy
import itertools

import pytest
from pydantic import ValidationError

import metatcg
from metatcg.bots import GreedyBot
from metatcg.engine.rng import Rng
from metatcg.games.metazoo.view_schema import MetaZooView

GAME = metatcg.load_game("metazoo")
PAIRS = list(itertools.product(GAME.starter_deck_names(), repeat=2))


def views_of_game(seed: int, greedy: bool = False, log: bool = True, every: int = 1):
    """Both players' views after every ``every``-th action of one seeded game (and at its
    start and end)."""
    a, b = PAIRS[seed % len(PAIRS)]
    st = GAME.new_state([a, b], seed=seed, log=log)
    chooser = Rng(seed)
    bot = GreedyBot(seed) if greedy else None
    n = 0
    while True:
        if n % every == 0 or st.is_terminal():
            yield st, [st.view(0), st.view(1)]
        if st.is_terminal():
            return
        p = st.current_player()
        act = bot.choose(st.handle(p)) if bot is not None and p == 0 else chooser.choice(st.legal_actions())
        st.apply(act.id)
        n += 1


def test_views_cover_the_optional_parts():
    """Across games the views show hands hidden and shown, revealed cards, Discover, units with
    damage and keywords, tapped and enhancing Aura, razed lanes, a Caster in a lane, missions
    and a final result (so the model met them all)."""
    seen = set()
    for seed in range(24):
        for _st, views in views_of_game(500 + seed, every=3):
            for v in views:
                MetaZooView.model_validate(v)
                for ln in v["lanes"]:
                    seen.update({"razed"} if ln["terra"] is None else {"terra"})
                    for side in ln["sides"]:
                        seen.update({"enhanced"} if side["aura"] else set())
                        for u in side["units"]:
                            seen.update({"damage"} if u["damage"] else set())
                            seen.update({"keyword"} if u["keywords"] else set())
                            seen.update({"token"} if u["type"].startswith("token") else set())
                for pv in v["players"]:
                    seen.add("hidden hand" if pv["hand"] is None else "own hand")
                    seen.update({"revealed"} if pv["revealed_in_hand"] else set())
                    seen.update({"looking"} if pv["looking_at"] else set())
                    seen.update({"caster in lane"} if pv["caster"]["state"] == "lane" else set())
                seen.update({"mission"} if v["mission_lane"] else set())
                seen.update({"last mission"} if v["last_mission"] else set())
                seen.update({"result"} if v["result"] else set())
                seen.update({"actions"} if v["legal_actions"] else set())
    assert seen >= {"terra", "enhanced", "damage", "keyword", "token", "hidden hand", "own hand", "revealed",
                    "looking", "caster in lane", "mission", "last mission", "result", "actions"}, seen


@pytest.fixture(scope="module")
def mid_view():
    for st, views in views_of_game(7):
        v = views[st.current_player()] if not st.is_terminal() else views[0]
        if any(side["units"] for ln in v["lanes"] for side in ln["sides"]) and v["legal_actions"] \
                and v["last_mission"]:
            return v
    raise AssertionError("no mid-game view with units in play")


def _a_unit(v):
    return next(u for ln in v["lanes"] for side in ln["sides"] for u in side["units"])


@pytest.mark.parametrize("spoil", [
    lambda v: v.__setitem__("round", "3"),
    lambda v: v.__setitem__("round", 3.0),
    lambda v: v.__setitem__("phase", "lunch"),
    lambda v: v.__setitem__("seats", 3),
    lambda v: v.__setitem__("surprise", 1),
    lambda v: v.pop("log"),
    lambda v: v["lanes"].pop(),
    lambda v: v["lanes"][0].__setitem__("lane", 5),
    lambda v: v["players"][0].__setitem__("aura_total", 11),
    lambda v: v["players"][0].__setitem__("hand_count", "5"),
    lambda v: v["players"][1].__setitem__("discard", [{"id": 12, "name": "x"}]),
    lambda v: v["players"][0]["aura_zone"].append({"id": "c1", "name": "x", "type": "void", "tapped": False}),
    lambda v: _a_unit(v).__setitem__("tapped", 1),
    lambda v: _a_unit(v)["keywords"].append("luck"),
    lambda v: v["legal_actions"].append({"id": "x"}),
    lambda v: v.__setitem__("deciding", {"player": 0, "kind": "dance", "prompt": ""}),
    lambda v: v["last_mission"].__setitem__("winner", 2),
    lambda v: v.__setitem__("players", tuple(v["players"])),
], ids=["round-str", "round-float", "phase", "seats", "extra-key", "missing-key", "three-lanes", "lane-range",
        "aura-cap", "count-str", "card-id-int", "aura-type", "tapped-int", "unknown-keyword", "action-no-label",
        "decision-kind", "winner-range", "tuple-not-list"])
def test_a_wrong_view_fails(mid_view, spoil):
    MetaZooView.model_validate(mid_view)
    bad = copy.deepcopy(mid_view)
    spoil(bad)
    with pytest.raises(ValidationError):
        MetaZooView.model_validate(bad)


def test_the_schema_is_closed_and_names_every_key():
    schema = MetaZooView.model_json_schema()
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(MetaZooView.model_fields)
