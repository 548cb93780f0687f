"""Rules help: each game's glossary (keywords, statuses, phases, how to win) and ``metatcg rules``.

The glossary is data every front end shows (``Presentation.glossary()``); the games write it in
their own words and cite rule IDs beside the text, never in it. A game without a glossary module
still gets one from its presentation's phases and keywords.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import metatcg
from metatcg.ui import Presentation, presentation_of
from metatcg.ui.glossary import KINDS, RULE_ID, Glossary, Topic, minimal_glossary, split_rule_ids
from support.cli import assert_clean, run

CATALOGS = Path(__file__).resolve().parents[2] / "shared" / "rules"
GAMES = {"metax": "metax.md", "metazoo": "metazoo-lanes.md", "metabaloids": "metabaloids.md"}


def glossary(gid: str) -> Glossary:
    return presentation_of(metatcg.load_game(gid)).glossary()


# --------------------------------------------------------------------------- the games' content
@pytest.mark.parametrize("gid", GAMES)
def test_every_keyword_and_phase_the_view_names_has_a_topic(gid: str) -> None:
    pres = presentation_of(metatcg.load_game(gid))
    g = pres.glossary()
    assert g.own
    for k in pres.keywords:
        t = g.topic_for(k)
        assert t is not None and t.kind == "keyword", k
    for phase in pres.phases:
        t = g.topic_for(phase)
        assert t is not None and t.kind in ("phase", "win"), phase


@pytest.mark.parametrize("gid", GAMES)
def test_each_game_covers_the_kinds_a_player_asks_about(gid: str) -> None:
    kinds = {t.kind for t in glossary(gid)}
    assert {"overview", "turn", "phase", "keyword", "status", "win", "zone", "card type"} <= kinds
    assert all(t.text.strip() and t.title.strip() for t in glossary(gid))


@pytest.mark.parametrize("gid", GAMES)
def test_no_rule_id_in_what_a_player_reads(gid: str) -> None:
    for t in glossary(gid):
        for field in (t.title, t.text):
            assert not RULE_ID.search(field), (t.id, RULE_ID.search(field))


@pytest.mark.parametrize("gid", GAMES)
def test_see_also_points_at_topics_of_the_same_game(gid: str) -> None:
    g = glossary(gid)
    for t in g:
        assert t.id not in t.see_also
        assert all(g.get(s) is not None for s in t.see_also), (t.id, t.see_also)


@pytest.mark.skipif(not CATALOGS.exists(), reason="the rules catalogs (../shared/rules) are not present")
@pytest.mark.parametrize("gid", GAMES)
def test_every_topic_cites_rules_that_exist_in_the_catalog(gid: str) -> None:
    known = set(re.findall(r"\*\*([A-Z0-9]+-[A-Z0-9-]+?-\d+)\*\*",
                           (CATALOGS / GAMES[gid]).read_text(encoding="utf-8")))
    for t in glossary(gid):
        if t.kind == "overview" or t.rules:
            assert t.rules, t.id
        assert len(t.rules) == len(set(t.rules)), f"{t.id} cites a rule twice"
        missing = [r for r in t.rules if r not in known]
        assert not missing, f"{t.id} cites rule IDs not in {GAMES[gid]}: {missing}"


def test_numbers_come_from_the_games_constants() -> None:
    from metatcg.games.metax.zones import VP_TO_WIN
    from metatcg.games.metazoo.data import AURA_CAP, MP_TO_WIN
    assert f"Collect {VP_TO_WIN} Victory Points" in glossary("metax").topic_for("winning").text
    assert f"{MP_TO_WIN} Mission Points" in glossary("metazoo").topic_for("win").text
    assert f"{AURA_CAP} Aura" in glossary("metazoo").topic_for("aura phase").text


@pytest.mark.parametrize("gid", GAMES)
def test_the_glossary_is_plain_json(gid: str) -> None:
    data = json.loads(json.dumps(glossary(gid).to_json()))
    assert data["game"] == gid and set(data["kinds"]) == set(KINDS)
    ids = [t["id"] for t in data["topics"]]
    assert len(ids) == len(set(ids)) == len(glossary(gid))


def test_exported_glossaries_are_up_to_date() -> None:
    from metatcg.ui.schema import glossary_text
    out = Path(__file__).resolve().parent.parent / "docs" / "schema"
    for gid in GAMES:
        path = out / f"{gid}-glossary.json"
        assert path.read_text(encoding="utf-8") == glossary_text(gid), "run: python -m metatcg.ui.schema"


# --------------------------------------------------------------------------- lookup
def test_lookup_exact_id_title_and_alias_ignore_case_and_separators() -> None:
    g = glossary("metax")
    assert [t.id for t in g.lookup("tko").matches] == ["tko"]
    assert [t.id for t in g.lookup("Team ATTACK and link").matches] == ["team-attack"]
    assert [t.id for t in g.lookup("team_attack").matches] == ["team-attack"]
    assert [t.id for t in g.lookup("Link").matches] == ["team-attack"]      # an alias
    assert g.get("tko") is g.topic_for("TKO")


def test_lookup_shared_name_returns_every_topic_it_names() -> None:
    """'damage' is both a step of the turn and what a Character carries: both come back."""
    assert {t.id for t in glossary("metax").lookup("damage").matches} == {"damage", "attached-damage"}
    assert glossary("metax").topic_for("damage").kind == "phase"    # the view's step id wins


def test_lookup_prefix_then_substring() -> None:
    g = glossary("metazoo")
    assert [t.id for t in g.lookup("overwh").matches] == ["overwhelm"]
    assert {t.id for t in g.lookup("on").matches} >= {"on-play", "on-mission"}
    assert [t.id for t in glossary("metax").lookup("knockout").matches] == ["tko", "hp-ko"]


def test_unknown_topic_gives_suggestions() -> None:
    found = glossary("metax").lookup("sentinal")
    assert not found.matches and found.suggestions[0] == "Sentinel"
    assert glossary("metax").lookup("   ").matches == ()
    assert glossary("metax").lookup("zzqx").suggestions == ()


def test_a_glossary_refuses_two_topics_under_one_name() -> None:
    a = Topic("a", "A", "keyword", "x")
    with pytest.raises(ValueError, match="names both"):
        Glossary("g", "G", [a, Topic("b", "B", "keyword", "y", aliases=("a",))])
    with pytest.raises(ValueError, match="unknown kind"):
        Topic("c", "C", "flavour", "z")


# --------------------------------------------------------------------------- games without a module
def test_a_game_without_a_glossary_module_gets_one_from_its_presentation() -> None:
    g = presentation_of(metatcg.load_game("spark-circle")).glossary()
    assert not g.own and g.topic_for("overview") is not None


def test_minimal_glossary_reads_phases_and_keywords_without_rule_ids() -> None:
    class Shown(Presentation):
        phases = {"main": "Main phase", "main2": "Main phase", "end": "End"}

        @property
        def keywords(self):
            return {"swift": "Acts at once (XY-SPD-3).", "end": ""}

    g = Shown(metatcg.load_game("spark-circle")).glossary()
    assert g.topic_for("main2") is g.topic_for("main") and g.topic_for("main").kind == "phase"
    swift = g.topic_for("swift")
    assert swift.text == "Acts at once." and swift.rules == ("XY-SPD-3",)
    assert g.get("keyword-end").kind == "keyword" and g.topic_for("end").kind == "phase"


def test_split_rule_ids() -> None:
    assert split_rule_ids("May block while Pushed (lifts MX-DEF-2).") == ("May block while Pushed.", ("MX-DEF-2",))
    assert split_rule_ids("Scores 2 MP (not 1) here.") == ("Scores 2 MP (not 1) here.", ())


def test_minimal_glossary_of_nothing_is_just_an_overview() -> None:
    g = minimal_glossary("g", "Game", {}, {})
    assert [t.kind for t in g] == ["overview"]


# --------------------------------------------------------------------------- the command
def test_cli_index_groups_topics_by_kind_within_80_columns() -> None:
    result = run("rules", "metazoo")
    assert_clean(result, 0, "rules topics", "Keywords", "Soar", "Statuses", "Dispelled", "Winning")
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert not RULE_ID.search(result.output)


def test_cli_topic_shows_text_and_see_also_without_rule_ids() -> None:
    result = run("rules", "metax", "team", "attack")
    assert_clean(result, 0, "Team Attack and Link", "5 MP each", "See also:", "Multi-Stat Battle Card")
    assert not RULE_ID.search(result.output)


def test_cli_prefix_matching_many_topics_lists_them() -> None:
    assert_clean(run("rules", "metax", "b"), 0, "topics match 'b'", "Battle Zone", "Building a deck")


def test_cli_unknown_topic_is_an_error_with_suggestions() -> None:
    result = run("rules", "metax", "sentinal")
    assert_clean(result, 2, "error:", "no metax rules topic matches 'sentinal'", "did you mean 'Sentinel'",
                 "'metatcg rules metax' lists every topic")


def test_cli_unknown_game() -> None:
    assert_clean(run("rules", "nosuchgame"), 2, "error:", "nosuchgame")


def test_show_rules_for_play_uses_the_in_game_command(capsys) -> None:
    from metatcg.cli.rules_help import show_rules
    game = metatcg.load_game("metazoo")
    assert show_rules(game, "shatter", command="rules")
    assert not show_rules(game, "qqq", command="rules")
    out = capsys.readouterr()
    assert "Shatter" in out.out and "'rules' lists every topic" in out.err
