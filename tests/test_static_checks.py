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


def test_the_typed_parts_pass_mypy_strict():
    """Every path in pyproject's [tool.mypy] files (the kernel, and each part typed since: issue
    31 grows it to the whole package) passes mypy --strict."""
    import tomllib
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert any("src/metatcg/engine".startswith(f.rstrip("/")) for f in files), files   # never less than the kernel
    out = run(sys.executable, "-m", "mypy", "--strict")
    assert out.returncode == 0, out.stdout + out.stderr
