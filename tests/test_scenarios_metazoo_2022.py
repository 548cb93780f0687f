"""MetaZoo 2022 scenario files (tests/scenarios/metazoo-2022/*.toml): the worked examples
MZ22-EX-n of the catalog and other positions.

Every file is one test, marked with the rule IDs the file lists in ``rules``. Worked-example files
are named ``mz22-ex-NN-<slug>.toml`` and cite their own ID first; other files cite no worked
example; every cited ID is in the catalog. Not every worked example needs a file yet (part 2's
examples come later), so the set of examples is not checked here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from metatcg.scenario import load_file
from support.scenarios import check_scenario_file, rules_of, scenario_params

SCENARIO_DIR = Path(__file__).parent / "scenarios" / "metazoo-2022"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
CATALOG = Path(__file__).resolve().parents[2] / "shared" / "rules" / "metazoo-2022.md"


@pytest.mark.parametrize("path", list(scenario_params(FILES)))
def test_scenario_file(path: Path) -> None:
    check_scenario_file(path)


def _catalog_ids() -> set[str]:
    return set(re.findall(r"\*\*(MZ22-[A-Z]+(?:-[A-Z]+)?-\d+)\*\*", CATALOG.read_text(encoding="utf-8")))


def test_worked_example_files_cite_their_example_first() -> None:
    assert FILES
    found: dict[int, Path] = {}
    for p in FILES:
        assert re.fullmatch(r"mz22-[a-z0-9-]+\.toml", p.name), f"{p.name}: files are named mz22-<slug>.toml"
        assert load_file(p).game_id == "metazoo-2022"
        rules = rules_of(p)
        m = re.match(r"mz22-ex-(\d\d)-[a-z0-9-]+\.toml$", p.name)
        if m is None:
            cited = [r for r in rules if r.startswith("MZ22-EX-")]
            assert not cited, f"{p.name} is not a worked example file but cites {cited}"
            continue
        n = int(m.group(1))
        assert n not in found, f"two files for MZ22-EX-{n}: {found[n].name} and {p.name}"
        found[n] = p
        assert rules and rules[0] == f"MZ22-EX-{n}", f"{p.name} must cite MZ22-EX-{n} first in rules"
        others = [r for r in rules if r.startswith("MZ22-EX-") and r != f"MZ22-EX-{n}"]
        assert not others, f"{p.name} cites another worked example: {others}"


@pytest.mark.skipif(not CATALOG.exists(), reason="the rules catalog (../shared/rules) is not present")
def test_cited_rules_exist_in_the_catalog() -> None:
    known = _catalog_ids()
    assert len(known) > 400
    for p in FILES:
        rules = rules_of(p)
        assert len(rules) == len(set(rules)), f"{p.name}: a rule ID is listed twice"
        missing = [r for r in rules if r not in known]
        assert not missing, f"{p.name} cites rule IDs that are not in the catalog: {missing}"
