"""The glossary files (``games/<package>/glossary.toml``) and their one loader
(``metatcg.ui.glossary.load_topics``): every game's file loads, each ``{NAME}`` is filled from the
constants the game passes, and a broken file is refused with an error naming the file and the topic.

These tests check how rules help is read, not the game's behaviour, so they cite no rule.
"""
from __future__ import annotations

import importlib
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from metatcg.ui.glossary import PLACEHOLDER, GlossaryFileError, Topic, load_topics, parse_topics

GAMES = ("metax", "metazoo", "metabaloids", "metazoo_2022")
SRC = "games/demo/glossary.toml"

GOOD = '''
[[topic]]
id = "overview"
title = "Demo at a glance"
kind = "overview"
text = """
First to {VP_TO_WIN} VP wins; a game may last {LIMIT:,} actions. \\
Braces that name no constant stay: {like this}."""
see_also = ["winning"]
rules = ["DM-WIN-1"]

[[topic]]
id = "winning"
title = "Winning at {VP_TO_WIN}"
kind = "win"
text = "Score."
aliases = ["win"]
'''


@pytest.mark.parametrize("package", GAMES)
def test_every_game_ships_its_glossary_file_and_supplies_each_placeholder(package: str) -> None:
    file = resources.files(f"metatcg.games.{package}").joinpath("glossary.toml")
    assert file.is_file()
    raw = tomllib.loads(file.read_text(encoding="utf-8"))["topic"]
    topics = importlib.import_module(f"metatcg.games.{package}.glossary").TOPICS
    assert [t["id"] for t in raw] == [t.id for t in topics]
    for table, topic in zip(raw, topics):
        assert not PLACEHOLDER.search(topic.title + topic.text), topic.id      # all filled in
        for field in ("see_also", "rules", "aliases"):
            assert tuple(table.get(field, ())) == getattr(topic, field), (topic.id, field)


def test_the_package_data_ships_toml_files() -> None:
    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.toml" in pyproject["tool"]["setuptools"]["package-data"]["*"]


def test_placeholders_are_filled_from_the_values_the_game_passes() -> None:
    topics = parse_topics(GOOD, SRC, {"VP_TO_WIN": 5, "LIMIT": 6000})
    assert [t.id for t in topics] == ["overview", "winning"]
    assert topics[0].text == ("First to 5 VP wins; a game may last 6,000 actions. "
                              "Braces that name no constant stay: {like this}.")
    assert topics[1] == Topic("winning", "Winning at 5", "win", "Score.", aliases=("win",))
    assert topics[0].see_also == ("winning",) and topics[0].rules == ("DM-WIN-1",) and topics[0].aliases == ()
    # a changed constant changes the text
    assert "First to 7 VP" in parse_topics(GOOD, SRC, {"VP_TO_WIN": 7, "LIMIT": 1})[0].text


def test_a_changed_game_constant_changes_the_game_text() -> None:
    import metatcg.games.metax.glossary as glossary
    assert "the first player to 9 VP wins" not in glossary.TOPICS[0].text
    topics = load_topics(glossary.__name__, {"VP_TO_WIN": 9})
    assert topics[0].id == "overview" and "the first player to 9 VP wins" in topics[0].text
    assert "Collect 9 Victory Points" in next(t for t in topics if t.id == "winning").text


@pytest.mark.parametrize("broken, topic, says", [
    (GOOD.replace('kind = "win"', 'kind = "victory"'), "topic 2 ('winning')", "unknown kind 'victory'"),
    (GOOD.replace('text = "Score."', 'txt = "Score."'), "topic 2 ('winning')", "unknown field txt"),
    (GOOD.replace('title = "Demo at a glance"\n', ''), "topic 1 ('overview')", "'title' must be a non-empty string"),
    (GOOD.replace('aliases = ["win"]', 'aliases = "win"'), "topic 2 ('winning')", "'aliases' must be a list"),
    (GOOD.replace('rules = ["DM-WIN-1"]', 'rules = ["DM-WIN-1", 2]'), "topic 1 ('overview')", "'rules' must be"),
    (GOOD.replace("{LIMIT:,}", "{LIMITS}"), "topic 1 ('overview'), text", "no value for {LIMITS}"),
    (GOOD.replace("{LIMIT:,}", "{LIMIT:q}"), "topic 1 ('overview'), text", "{LIMIT:q}: Unknown format code"),
    (GOOD.replace('id = "winning"', 'id = "overview"'), "topic 2 ('overview')", "used twice"),
    (GOOD.replace('id = "winning"', 'id = ""'), "topic 2", "'id' must be a non-empty string"),
], ids=["kind", "unknown-field", "missing-title", "aliases-not-list", "rule-not-string", "unknown-placeholder",
        "bad-format-spec", "duplicate-id", "empty-id"])
def test_a_broken_glossary_file_names_the_file_and_the_topic(broken: str, topic: str, says: str) -> None:
    with pytest.raises(GlossaryFileError) as e:
        parse_topics(broken, SRC, {"VP_TO_WIN": 5, "LIMIT": 6000})
    message = str(e.value)
    assert message.startswith(f"{SRC}: {topic}"), message
    assert says in message, message


@pytest.mark.parametrize("broken, says", [
    (GOOD.replace('kind = "win"', 'kind = "win'), "not valid TOML"),
    ("[meta]\nx = 1\n" + GOOD, "only [[topic]] tables belong here, not meta"),
    ("# nothing yet\n", "no [[topic]] tables"),
], ids=["toml-syntax", "other-table", "empty"])
def test_a_file_that_is_not_a_list_of_topics_is_refused(broken: str, says: str) -> None:
    with pytest.raises(GlossaryFileError, match=re.escape(f"{SRC}: {says}")):
        parse_topics(broken, SRC, {"VP_TO_WIN": 5, "LIMIT": 6000})


def test_load_topics_reads_the_file_beside_the_module_and_names_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "demo_glossary_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "glossary.toml").write_text(GOOD.replace('kind = "win"', 'kind = "victory"'), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(GlossaryFileError) as e:
        load_topics("demo_glossary_pkg.glossary", {"VP_TO_WIN": 5, "LIMIT": 1})
    assert str(e.value).startswith(f"{pkg / 'glossary.toml'}: topic 2 ('winning'): ")
    (pkg / "glossary.toml").write_text(GOOD, encoding="utf-8")
    assert len(load_topics("demo_glossary_pkg.glossary", {"VP_TO_WIN": 5, "LIMIT": 1})) == 2


# ------------------------------------------------------------------ board help files
@pytest.mark.parametrize("package", GAMES)
def test_every_games_board_help_file_loads_and_names_its_glossary_topics(package):
    from metatcg import load_game
    from metatcg.ui.help import check_help
    from metatcg.ui.helpterms import read_board_help
    path = Path(importlib.import_module(f"metatcg.games.{package}").__file__).parent / "board_help.toml"
    terms, jargon = read_board_help(path)
    assert terms and jargon
    game = load_game(package.replace("_", "-"))
    assert game.presentation.help_terms == terms and game.presentation.jargon == jargon
    assert check_help(game.presentation) == []


@pytest.mark.parametrize("text, words", [
    ('jargon = ["Aura"\n', "board_help.toml"),
    ('jargon = "Aura"\n', "jargon is a list of words"),
    ('jargon = []\n[[term]]\npattern = "^x$"\n', "term 1 needs a pattern and a topic"),
    ('[[term]]\npattern = "^x$"\ntopic = "t"\nhint = "?"\n', "term 1 needs"),
    ('jargon = []\nterms = []\n', "unknown field(s) terms"),
])
def test_a_broken_board_help_file_is_refused_naming_the_file_and_the_entry(tmp_path, text, words):
    from metatcg.ui.helpterms import read_board_help
    path = tmp_path / "board_help.toml"
    path.write_text(text)
    with pytest.raises(ValueError, match=re.escape(words)):
        read_board_help(path)


def test_a_game_without_a_board_help_file_has_no_terms(tmp_path):
    from metatcg.ui.helpterms import HelpTerm, read_board_help
    assert read_board_help(tmp_path / "board_help.toml") == ((), ())
    path = tmp_path / "x" / "board_help.toml"
    path.parent.mkdir()
    path.write_text('jargon = ["Aura"]\n[[term]]\npattern = "^(\\\\d+) dmg$"\ntopic = "damage"\n')
    assert read_board_help(path) == ((HelpTerm(r"^(\d+) dmg$", "damage"),), ("Aura",))
