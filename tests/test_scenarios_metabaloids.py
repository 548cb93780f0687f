"""Metabaloids scenario files (tests/scenarios/metabaloids/*.toml): the worked examples MB-EX-n
of the catalog and situations only a grid or several players show.

Every file is one test, marked with the rule IDs the file lists in ``rules``. The runner itself
is tested in test_scenarios_metax.py; here we check that each worked example of the catalog has
its file (``mb-ex-NN-<slug>.toml``, citing its own ID first), that the other files cite no worked
example, and that every cited ID is in the catalog.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from metatcg.scenario import load_file
from support.scenarios import check_scenario_file, rules_of, scenario_params

SCENARIO_DIR = Path(__file__).parent / "scenarios" / "metabaloids"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
CATALOG = Path(__file__).resolve().parents[2] / "shared" / "rules" / "metabaloids.md"
KNOWN_EXAMPLES = range(1, 5)  # MB-EX-1 .. MB-EX-4 (catalog section 24), when the catalog is absent


@pytest.mark.parametrize("path", list(scenario_params(FILES)))
def test_scenario_file(path: Path) -> None:
    check_scenario_file(path)


def _catalog_ids() -> set[str]:
    return set(re.findall(r"\*\*(MB-[A-Z]+-\d+)\*\*", CATALOG.read_text(encoding="utf-8")))


def test_every_worked_example_has_a_scenario() -> None:
    found: dict[int, Path] = {}
    for p in FILES:
        assert re.fullmatch(r"mb-[a-z0-9-]+\.toml", p.name), f"{p.name}: files are named mb-<slug>.toml"
        assert load_file(p).game_id == "metabaloids"
        rules = rules_of(p)
        m = re.match(r"mb-ex-(\d\d)-[a-z0-9-]+\.toml$", p.name)
        if m is None:
            cited = [r for r in rules if r.startswith("MB-EX-")]
            assert not cited, f"{p.name} is not a worked example file but cites {cited}"
            continue
        n = int(m.group(1))
        assert n not in found, f"two files for MB-EX-{n}: {found[n].name} and {p.name}"
        found[n] = p
        assert rules and rules[0] == f"MB-EX-{n}", f"{p.name} must cite MB-EX-{n} first in rules"
        others = [r for r in rules if r.startswith("MB-EX-") and r != f"MB-EX-{n}"]
        assert not others, f"{p.name} cites another worked example: {others}"
    if CATALOG.exists():
        wanted = sorted(int(i.rsplit("-", 1)[1]) for i in _catalog_ids() if i.startswith("MB-EX-"))
    else:
        wanted = list(KNOWN_EXAMPLES)
    assert wanted and sorted(found) == wanted


def test_grid_and_multiplayer_situations_are_covered() -> None:
    """Besides the worked examples, at least four files show what only a grid or several
    players show (their rules are listed in docs/scenarios.md, "Metabaloids positions")."""
    others = [p for p in FILES if not p.name.startswith("mb-ex-")]
    assert len(others) >= 4
    cited = {r for p in others for r in rules_of(p)}
    for rule in ("MB-ATK-3", "MB-ATK-8", "MB-DEPLOY-9", "MB-GRID-5", "MB-ABIL-1", "MB-EVT-4", "MB-WIN-10"):
        assert rule in cited, f"no grid/multiplayer scenario checks {rule}"


@pytest.mark.skipif(not CATALOG.exists(), reason="the rules catalog (../shared/rules) is not present")
def test_cited_rules_exist_in_the_catalog() -> None:
    known = _catalog_ids()
    assert len(known) > 150
    for p in FILES:
        rules = rules_of(p)
        assert len(rules) == len(set(rules)), f"{p.name}: a rule ID is listed twice"
        missing = [r for r in rules if r not in known]
        assert not missing, f"{p.name} cites rule IDs that are not in the catalog: {missing}"
