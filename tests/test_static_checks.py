"""The test command also lints the tree (ruff, configured in pyproject.toml) and type-checks
the kernel strictly (mypy --strict on src/metatcg/engine): both must pass."""
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


def test_the_kernel_passes_mypy_strict():
    out = run(sys.executable, "-m", "mypy", "--strict", "src/metatcg/engine")
    assert out.returncode == 0, out.stdout + out.stderr
