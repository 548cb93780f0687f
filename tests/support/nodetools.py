"""The npm tools the client checks use (package.json: TypeScript's tsc, axe-core), installed
into ./node_modules by ``npm ci`` (.ci/run does it; a test does it once itself when npm is here
and the folder is not)."""
from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "node_modules"
TSC = MODULES / ".bin" / "tsc"
AXE = MODULES / "axe-core" / "axe.min.js"


def need_node_tools() -> Path:
    """./node_modules with the tools of package-lock.json, or skip when there is no npm."""
    if TSC.exists() and AXE.exists():
        return MODULES
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed (.ci/run installs nodejs and npm)")
    with open(ROOT / ".npm-install.lock", "w") as lock:      # one install for all xdist workers
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (TSC.exists() and AXE.exists()):
            done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, capture_output=True,
                                  text=True, timeout=600)
            assert done.returncode == 0, f"npm ci failed: {done.stderr[-2000:]}"
    return MODULES
