"""MetaZoo 2022 rules help (``metazoo_2022/glossary.py``): the topics are well formed, cite
catalog IDs beside the text and never in it, and every name a player or the view uses finds its
topic. The game is not registered yet, so the glossary is built from ``TOPICS`` directly; once it
is, the generic checks of ``test_rules_help`` apply to it too.

These tests check the help text, not the game's behaviour, so they cite no rule.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from metatcg.games.metazoo_2022 import glossary as mz
from metatcg.games.metazoo_2022.schema import AURA_TYPES, STATUSES
from metatcg.ui.glossary import KINDS, RULE_ID, Glossary

CATALOG = Path(__file__).resolve().parents[2] / "shared" / "rules" / "metazoo-2022.md"
# The step names of the game's data (docs/metazoo-2022.md §2) that a view shows as its phase.
STEPS = ("setup", "mulligan", "start_a", "start_b", "bookmark", "awaken", "dissolve", "actions",
         "end_a", "end_b", "end_c")


@pytest.fixture(scope="module")
def g() -> Glossary:
    return Glossary("metazoo-2022", "MetaZoo 2022", mz.TOPICS)


def test_topic_ids_are_unique_and_every_name_is_taken_once(g: Glossary) -> None:
    ids = [t.id for t in mz.TOPICS]
    assert len(ids) == len(set(ids))
    # Glossary() refuses an id or alias naming two topics; building it is the check
    assert len(g) == len(mz.TOPICS)


def test_every_topic_cites_mz22_rules_without_repeats() -> None:
    for t in mz.TOPICS:
        assert t.rules, f"{t.id} cites no rule"
        assert len(t.rules) == len(set(t.rules)), f"{t.id} cites a rule twice"
        assert all(r.startswith("MZ22-") for r in t.rules), (t.id, t.rules)


@pytest.mark.skipif(not CATALOG.exists(), reason="the rules catalog (../shared/rules) is not present")
def test_every_cited_rule_exists_in_the_catalog() -> None:
    known = set(re.findall(r"\*\*(MZ22-[A-Z0-9-]+?-\d+)\*\*", CATALOG.read_text(encoding="utf-8")))
    assert known, "no MZ22 IDs found in the catalog"
    for t in mz.TOPICS:
        missing = [r for r in t.rules if r not in known]
        assert not missing, f"{t.id} cites rule IDs not in {CATALOG.name}: {missing}"


def test_no_rule_id_in_what_a_player_reads() -> None:
    for t in mz.TOPICS:
        for field in (t.title, t.text, *t.aliases):
            assert not RULE_ID.search(field), (t.id, RULE_ID.search(field))


def test_topics_are_filled_in_and_cover_the_kinds_a_player_asks_about() -> None:
    assert all(t.text.strip() and t.title.strip() for t in mz.TOPICS)
    kinds = {t.kind for t in mz.TOPICS}
    assert {"overview", "turn", "phase", "action", "keyword", "status", "win", "zone", "card type",
            "term"} <= kinds <= set(KINDS)
    assert mz.TOPICS[0].id == "overview"


def test_see_also_points_at_other_topics(g: Glossary) -> None:
    for t in g:
        assert t.id not in t.see_also
        assert len(t.see_also) == len(set(t.see_also)), t.id
        assert all(g.get(s) is not None for s in t.see_also), (t.id, t.see_also)


def test_every_status_has_its_own_topic(g: Glossary) -> None:
    assert len(STATUSES) == 7
    for s in STATUSES:
        t = g.topic_for(s)
        assert t is not None and t.kind == "status" and t.id == s, s
    overview = g.get("statuses")
    assert overview is not None and set(STATUSES) <= set(overview.see_also)


def test_aliases_titles_and_ids_resolve_to_their_topic(g: Glossary) -> None:
    for t in g:
        for name in (t.id, *t.aliases):
            assert g.topic_for(name) is t, (name, t.id)
            assert g.lookup(name).matches[0] is t, (name, t.id)
        assert t in g.lookup(t.title).matches, t.title


def test_the_views_step_names_find_phase_topics(g: Glossary) -> None:
    for step in STEPS:
        t = g.topic_for(step)
        assert t is not None and t.kind == "phase", step


@pytest.mark.parametrize("query, topic", [
    ("Combat", "combat"), ("primary defender", "defenders"), ("allocation", "attack-resolution"),
    ("chain", "chain"), ("fizzle", "chain"), ("priority", "priority"), ("lki", "keywords"),
    ("neutral", "aura"), ("dual aura", "aura-types"), ("wheel", "type-advantage"),
    ("AAA", "aura-attack-advantage"), ("rotation", "terra-slots"), ("lp loss", "lp"),
    ("recover", "lp"), ("limbo", "limbo"), ("what goes where", "discard-piles"), ("tokens", "token"),
    ("deck out", "running-out"), ("side deck", "archive"), ("coin flip", "dice"), ("hand", "chapter"),
    ("mulligan", "mulligan"), ("how to win", "winning"), ("spellbook limit", "deck-building"),
])
def test_what_a_player_types_finds_the_right_topic(g: Glossary, query: str, topic: str) -> None:
    assert g.lookup(query).matches[0].id == topic


def test_numbers_in_the_text_come_from_the_constants(g: Glossary) -> None:
    assert f"{mz.START_LP} LP" in g.get("overview").text
    assert f"at least {mz.MIN_SPELLBOOK} Pages" in g.get("deck-building").text
    assert f"up to {mz.MAX_ARCHIVE} Pages" in g.get("archive").text
    assert f"{mz.TERRA_SLOTS} Terra slots" in g.get("terra-slots").text
    assert f"+{mz.ADVANTAGE_BONUS}" in g.get("type-advantage").text
    assert f"+{mz.AAA_BONUS}" in g.get("aura-attack-advantage").text
    assert f"+{mz.TRIBAL_BONUS} LP" in g.get("tribal-boost").text
    assert f"steps of {mz.ALLOCATION_STEP}" in g.get("attack-resolution").text
    assert f"costs {mz.BURN_LOSS} LP" in g.get("burn").text
    assert f"loses {mz.POISON_LOSS} LP" in g.get("poison").text


def test_the_wheel_table_covers_every_aura_type_once(g: Glossary) -> None:
    assert set(mz.WHEEL) == set(AURA_TYPES) == set(mz.WHEEL.values())
    text = g.get("type-advantage").text
    for strong, weak in mz.WHEEL.items():
        assert f"{strong.capitalize()} is strong against {weak.capitalize()}" in text


# The glossary restates numbers the rules modules own (they are written alongside it); once a
# module and its constant exist, the two must agree.
RESTATED = [
    ("deckcheck", "MIN_SPELLBOOK", "MIN_SPELLBOOK"), ("deckcheck", "MAX_ARCHIVE", "MAX_ARCHIVE"),
    ("data", "START_LP", "START_LP"), ("data", "OPENING", "OPENING_PAGES"), ("data", "SLOTS", "TERRA_SLOTS"),
    ("aura", "TA_BONUS", "ADVANTAGE_BONUS"), ("aura", "AAA_BONUS", "AAA_BONUS"),
    ("stats", "TRIBAL_EACH", "TRIBAL_BONUS"), ("statuses", "MAX_POISON", "MAX_POISON"),
    ("statuses", "POISON_LOSS", "POISON_LOSS"),
]


def _constant(module: str, name: str):
    try:
        mod = importlib.import_module(f"metatcg.games.metazoo_2022.{module}")
    except ModuleNotFoundError as e:
        if e.name == f"metatcg.games.metazoo_2022.{module}":
            pytest.skip(f"metazoo_2022.{module} is not written yet")
        raise
    if not hasattr(mod, name):
        pytest.skip(f"metazoo_2022.{module} has no {name} yet")
    return getattr(mod, name)


@pytest.mark.parametrize("module, name, ours", RESTATED, ids=[f"{m}.{n}" for m, n, _ in RESTATED])
def test_restated_numbers_match_the_rules_modules(module: str, name: str, ours: str) -> None:
    assert getattr(mz, ours) == _constant(module, name)


def test_restated_wheel_matches_the_aura_module() -> None:
    wheel = _constant("aura", "WHEEL")
    assert {k: tuple(v) if isinstance(v, (tuple, list)) else (v,) for k, v in wheel.items()} == \
        {k: (v,) for k, v in mz.WHEEL.items()}


def test_the_views_step_names_are_the_data_modules(g: Glossary) -> None:
    assert tuple(_constant("data", "STEPS")) == STEPS


def test_every_trait_and_the_part2_rules_have_a_topic(g: Glossary) -> None:
    from typing import get_args

    from metatcg.games.metazoo_2022.schema import Trait
    traits = get_args(Trait)
    assert len(traits) == 22 and set(mz.TRAIT_TOPICS) == set(traits)
    for tr in traits:
        t = g.get(mz.TRAIT_TOPICS[tr])
        assert t is not None and t.kind == "keyword" and "traits" in t.see_also, tr
        assert any(r.startswith("MZ22-TRAIT-") for r in t.rules), tr
    for name in ("traps", "equipment", "placement", "surroundings", "4th wall", "match modes", "special terra",
                 "face-down", "burrowed"):
        assert g.topic_for(name) is not None, name
