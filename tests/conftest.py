"""Shared fixtures. Rule tests cite catalog IDs with @pytest.mark.rule("MX-...")."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# The shared test support package (tests/support) is imported as ``support`` by the test files
# and the rule-test folders' own support modules: make sure tests/ is on sys.path whatever the
# import mode (pytest's default "prepend" mode puts it there for this conftest already; every
# xdist worker loads this file too), and let pytest rewrite its asserts for readable failures.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
pytest.register_assert_rewrite("support")

# The suite tests the Python source: modules a developer compiled with `metatcg compile` stay
# off here (tests/test_native.py runs compiled ones in their own interpreters), unless
# METATCG_TEST_COMPILED=1 asks to run the whole suite against the compiled modules.
if os.environ.get("METATCG_TEST_COMPILED") != "1":
    os.environ["METATCG_PURE"] = "1"

import metatcg  # noqa: E402

# Spark Circle (tests/toy), a 2-4 seat game proving the kernel's windows and seat-grouped
# triggers, is registered like any game: with one line. Every generic test then covers it.
metatcg.register_game("spark-circle", "toy", "Spark Circle (kernel test game)")


@pytest.fixture(scope="session")
def metax():
    return metatcg.load_game("metax")


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run the test in its own empty working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
