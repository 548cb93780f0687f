"""The mutation-testing script's own plumbing: which tests and modules it uses, and how it names
a survivor's place. The mutmut run itself is too long for CI (docs/mutation.md)."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("mutation_script", ROOT / "benchmarks" / "mutation.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


mutation = _script()


@pytest.mark.parametrize("game", sorted(mutation.GAMES))
def test_each_game_runs_its_own_rule_tests_only(game):
    package, patterns = mutation.GAMES[game]
    files = mutation.test_files(patterns)
    assert files, game
    assert all((ROOT / f).exists() for f in files)
    names = " ".join(files)
    # Its own rule tests are there, presentation-only ones are not, nor another game's.
    assert f"scenarios_{package}" in names
    assert "view_schema" not in names and "terminal" not in names
    others = {p for p, _ in mutation.GAMES.values()} - {package}
    for other in others:
        if other.startswith(package):  # metazoo vs metazoo_2022
            assert f"_{other}_" not in names and f"_{other}." not in names
    # Besides its own files, only the contract tests every game keeps (they take each game's cases).
    shared = [f for f in files if package not in f and not f.startswith(f"tests/rules_{package}")]
    contract = ("tests/test_contract", "tests/test_fair_decisions", "tests/test_sim_cards", "tests/test_why_not",
                "tests/test_ops_registry")
    assert shared and all(f.startswith(contract) for f in shared), shared


def test_the_scratch_config_mutates_rules_not_presentation(tmp_path):
    work = tmp_path / "work"
    mutation.prepare(work, "metabaloids", ["tests/test_scenarios_metabaloids.py"])
    config = (work / "pyproject.toml").read_text()
    assert 'only_mutate = ["src/metatcg/games/metabaloids/*.py"]' in config
    assert '"src/metatcg/games/metabaloids/terminal.py"' in config
    assert '"src/metatcg/games/metabaloids/battle.py"' not in config
    assert "-n auto" not in config and "--dist" not in config  # mutmut forks its own workers
    assert tomllib.loads(config)["tool"]["pytest"]["ini_options"]["addopts"] == "-p no:cacheprovider"
    assert (work / "src" / "metatcg" / "games" / "metabaloids" / "battle.py").exists()


def test_a_survivor_is_located_by_its_function_in_the_real_file():
    path = ROOT / "src" / "metatcg" / "games" / "metabaloids" / "battle.py"
    lines = path.read_text().splitlines()
    line = mutation.function_line(path, "x_battle_result")
    assert lines[line - 1].startswith("def battle_result(")
    data = ROOT / "src" / "metatcg" / "games" / "metabaloids" / "data.py"
    line = mutation.function_line(data, "x\u01c1MetabaloidsData\u01c1from_json")
    assert lines and "def from_json(" in data.read_text().splitlines()[line - 1]


def test_equivalent_mutants_are_read_from_the_docs_table():
    known = mutation.equivalents()
    doc = (ROOT / "docs" / "mutation.md").read_text()
    for key in known:
        assert f"| `{key.replace('|', chr(92) + '|')}` |" in doc
    survivor = mutation.Survivor("m.x_f__mutmut_3", "survived", "src/x.py", 3, "    a = b < c", "    a = b <= c")
    assert survivor.key == "src/x.py f: a = b < c -> a = b <= c"


@pytest.mark.parametrize(
    "before,after,only_text",
    [
        ('acts.append(Action("end", "End your turn"))', 'acts.append(Action("end", "XXEnd your turnXX"))', True),
        ('acts.append(Action("end", "End your turn"))', 'acts.append(Action("XXendXX", "End your turn"))', False),
        ('st.decide(p, "go_first", Seat(p), "Go first or second?")', 'st.decide(p, "go_first", Seat(p), )', True),
        ('st.decide(p, "go_first", Seat(p), "Go first?")', 'st.decide(None, "go_first", Seat(p), "Go first?")', False),
        ('if p.type == "aura":', 'if p.type == "AURA":', False),
        ('return "the only thing it can attack"', 'return "THE ONLY THING IT CAN ATTACK"', True),
        ('x = f"{a} is" if n == 1 else "are"', 'x = f"{a} is" if n != 1 else "are"', False),
    ],
)
def test_only_changes_to_words_a_person_reads_are_text_only(before, after, only_text):
    assert mutation.text_only(before, after) is only_text


def test_log_lines_and_error_messages_are_not_mutated(tmp_path):
    import re

    mutation.prepare(tmp_path / "w", "metabaloids", [])
    config = (tmp_path / "w" / "pyproject.toml").read_text()
    patterns = [re.compile(p) for p in mutation.WORDS_ONLY_LINES]
    assert "do_not_mutate_patterns" in config
    for line in ('    st.say(f"{pl(p)} draws")', '        raise ValueError("bad seat")'):
        assert any(p.search(line) for p in patterns)
    assert not any(p.search("    if st.say_all:") for p in patterns)


def test_a_survivor_key_names_its_function_or_method():
    method = mutation.Survivor("metatcg.m.x\u01c1Rules\u01c1perform__mutmut_19", "survived", "src/m.py", 1, "a", "b")
    assert method.function == "Rules.perform" and method.key == "src/m.py Rules.perform: a -> b"
    assert mutation.Survivor("metatcg.m.x_fits__mutmut_2", "survived", "src/m.py", 1, "a", "b").function == "fits"


def test_a_recheck_refuses_a_changed_game_and_brings_in_new_tests(tmp_path):
    work = tmp_path / "work"
    mutation.prepare(work, "metabaloids", ["tests/test_metabaloids_numbers.py"])
    assert mutation.changed_sources(work, "metabaloids") == []
    # A recheck reuses mutants made from the old source: any edit to the game makes that unsound.
    rules = work / "src" / "metatcg" / "games" / "metabaloids" / "rules.py"
    rules.write_text(rules.read_text() + "\n# edited\n")
    assert mutation.changed_sources(work, "metabaloids") == ["rules.py"]
    # New test files written since the run reach the config and the scratch copy.
    (work / "tests" / "test_metabaloids_numbers.py").unlink()
    mutation.configure(work, "metabaloids", ["tests/test_metabaloids_numbers.py", "tests/test_mutation_script.py"])
    assert (work / "tests" / "test_metabaloids_numbers.py").exists()
    assert '"tests/test_mutation_script.py"' in (work / "pyproject.toml").read_text()
    assert (work / "pyproject.toml").read_text().count("[tool.mutmut]") == 1


def test_every_test_of_the_game_reaches_the_work_a_process_keeps(tmp_path, monkeypatch):
    # A card pool loaded once per process is seen reached only by the first test that asked;
    # its mutants must be tried against every test of the game instead.
    import json

    stats = {
        "tests_by_mangled_function_name": {
            "metatcg.games.metabaloids.cards.x_parse_cards": ["t::first"],
            "metatcg.games.metabaloids.battle.x_fight": ["t::fight", "t::first"],
            "metatcg.games.metabaloids.rules.x_setup": ["t::setup"],
            "metatcg.games.metax.cards.x_parse_cards": ["t::other_game"],
        },
        "duration_by_test": {},
    }
    (tmp_path / "mutants").mkdir()
    (tmp_path / "mutants" / "mutmut-stats.json").write_text(json.dumps(stats))
    monkeypatch.setattr(
        mutation, "kept_work", lambda work, game: ["metatcg.games.metabaloids.cards.x_parse_cards"]
    )
    assert mutation.widen_reach(tmp_path, "metabaloids", "metabaloids") == 1
    reach = json.loads((tmp_path / "mutants" / "mutmut-stats.json").read_text())["tests_by_mangled_function_name"]
    assert reach["metatcg.games.metabaloids.cards.x_parse_cards"] == ["t::fight", "t::first", "t::setup"]
    assert reach["metatcg.games.metabaloids.battle.x_fight"] == ["t::fight", "t::first"]
    assert reach["metatcg.games.metax.cards.x_parse_cards"] == ["t::other_game"]



def test_a_key_holding_a_pipe_is_written_escaped_and_read_back_plain():
    keys = [k for k in mutation.equivalents() if "tokens.py page_json:" in k]
    assert keys and all(" | {" in k and "\\|" not in k for k in keys)


def test_the_modules_that_compute_rule_values_are_mutated():
    """``stats.py`` holds Ranks and KO conditions (MetaX), Influence and mission totals (MetaZoo),
    LP and costs (MetaZoo 2022): rules, so its mutants are sampled. Only presentation, encodings
    and statistics are left out."""
    assert "stats.py" not in mutation.NOT_RULES
    for left_out in ("terminal.py", "present.py", "view_schema.py", "facts.py", "whynot.py", "moments.py",
                     "labels.py", "forced.py"):
        assert left_out in mutation.NOT_RULES
    for pkg in ("metax", "metazoo", "metazoo_2022"):
        assert (mutation.ROOT / "src" / "metatcg" / "games" / pkg / "stats.py").exists()
