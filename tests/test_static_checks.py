"""The test command also lints the tree (ruff, configured in pyproject.toml) and type-checks
the typed parts strictly (mypy --strict on pyproject's [tool.mypy] files): both must pass."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    exe = shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    out = run(exe, "check", "src", "tests", "benchmarks")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_whole_package_passes_mypy_strict():
    """pyproject's [tool.mypy] files is the whole package (issue 31: typed end to end), and it
    passes mypy --strict."""
    import tomllib
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert [f.rstrip("/") for f in files] == ["src/metatcg"], files
    out = run(sys.executable, "-m", "mypy", "--strict")
    assert out.returncode == 0, out.stdout + out.stderr
