"""MetaZoo (four-lane) scenario files: the worked examples MZL-EX-1 .. MZL-EX-18.

Every file in tests/scenarios/metazoo/ is one test, marked with the rule IDs the file lists in
``rules``. The runner itself is tested in test_scenarios_metax.py; here we check that each
worked example has its file, cites its own ID, and that every cited ID is in the catalog.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from metatcg.scenario import load_file
from support.scenarios import check_scenario_file, rules_of, scenario_params

SCENARIO_DIR = Path(__file__).parent / "scenarios" / "metazoo"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
CATALOG = Path(__file__).resolve().parents[2] / "shared" / "rules" / "metazoo-lanes.md"
EXAMPLES = range(1, 19)  # MZL-EX-1 .. MZL-EX-18 (catalog section 13)


@pytest.mark.parametrize("path", list(scenario_params(FILES)))
def test_scenario_file(path: Path) -> None:
    check_scenario_file(path)


def test_every_worked_example_has_a_scenario() -> None:
    found: dict[int, Path] = {}
    for p in FILES:
        m = re.match(r"mzl-ex-(\d\d)-[a-z0-9-]+\.toml$", p.name)
        assert m, f"{p.name}: scenario files are named mzl-ex-NN-<slug>.toml"
        n = int(m.group(1))
        assert n not in found, f"two files for MZL-EX-{n}: {found.get(n)} and {p.name}"
        found[n] = p
        rules = rules_of(p)
        assert rules and rules[0] == f"MZL-EX-{n}", f"{p.name} must cite MZL-EX-{n} first in rules"
        others = [r for r in rules if r.startswith("MZL-EX-") and r != f"MZL-EX-{n}"]
        assert not others, f"{p.name} cites another worked example: {others}"
        assert load_file(p).game_id == "metazoo"
    assert sorted(found) == list(EXAMPLES)


@pytest.mark.skipif(not CATALOG.exists(), reason="the rules catalog (../shared/rules) is not present")
def test_cited_rules_exist_in_the_catalog() -> None:
    known = set(re.findall(r"\*\*(MZL-[A-Z0-9-]+?-\d+)\*\*", CATALOG.read_text(encoding="utf-8")))
    assert len(known) > 300
    for p in FILES:
        rules = rules_of(p)
        assert len(rules) == len(set(rules)), f"{p.name}: a rule ID is listed twice"
        missing = [r for r in rules if r not in known]
        assert not missing, f"{p.name} cites rule IDs that are not in the catalog: {missing}"
