"""Helpers shared by the scenario-file tests (test_scenarios_*.py): one test per file of a
scenario folder, marked with the rule IDs the file lists in ``rules``."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from metatcg.scenario import run_file


def rules_of(path: Path) -> list[str]:
    """The rule IDs a scenario file cites (none if it is not valid TOML: the test then fails)."""
    try:
        return list(tomllib.loads(path.read_text(encoding="utf-8")).get("rules", []))
    except tomllib.TOMLDecodeError:
        return []


def scenario_params(files):
    """One pytest.param per scenario file, named by its stem and marked ``rule(*its rules)``."""
    for p in files:
        ids = rules_of(p)
        marks = [pytest.mark.rule(*ids)] if ids else []
        yield pytest.param(p, id=p.stem, marks=marks)


def check_scenario_file(path: Path) -> None:
    """The scenario file runs without a failed step or expectation, and checks something."""
    result = run_file(path)
    assert result.ok, result.report()
    assert result.steps_run + result.checks > 0
