"""No module-level randomness anywhere in the package: all chance comes from a seeded
``metatcg.engine.rng.Rng`` (the state's own, or a bot's). Python's ``random`` module and
numpy's random generators are banned in every ``.py`` file under ``src/metatcg``.

The scan reads each file's syntax tree, so words like "random" in docstrings, comments or
names such as ``random_bot`` do not count; imports, attribute uses (``random.choice``,
``np.random.default_rng``) and dynamic imports (``importlib.import_module("random")``) do.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import metatcg

SRC = Path(metatcg.__file__).resolve().parent
BANNED_MODULES = ("random", "numpy.random")


def _banned(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in BANNED_MODULES)


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def offences(source: str, filename: str = "<src>") -> list[str]:
    """Every use of global randomness in ``source``, as 'line N: what'."""
    tree = ast.parse(source, filename)
    numpy_names = {"numpy"}
    random_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "numpy":
                    numpy_names.add(a.asname or "numpy")
                if a.name == "random" or a.name.startswith("random."):
                    random_names.add(a.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "numpy":
            for a in node.names:
                if a.name == "random":
                    random_names.add(a.asname or "random")
    out = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            out += [f"line {line}: import {a.name}" for a in node.names if _banned(a.name)]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if _banned(mod):
                out.append(f"line {line}: from {mod} import ...")
            elif mod == "numpy" and any(a.name == "random" for a in node.names):
                out.append(f"line {line}: from numpy import random")
        elif isinstance(node, ast.Attribute):
            name = _dotted(node)
            head = name.split(".")[0]
            if head in random_names and name.count(".") == 1 or \
                    (head in numpy_names and name == f"{head}.random"):
                out.append(f"line {line}: {name}")
            elif head == "random" and name.count(".") == 1 and "random" not in random_names:
                out.append(f"line {line}: {name} (module random used without an import)")
        elif isinstance(node, ast.Call):
            fn = _dotted(node.func)
            if fn.split(".")[-1] in ("import_module", "__import__") and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) and \
                    _banned(node.args[0].value):
                out.append(f"line {line}: {fn}({node.args[0].value!r})")
    return sorted(set(out), key=lambda s: int(s.split()[1].rstrip(":")))


def python_files() -> list[Path]:
    files = sorted(SRC.rglob("*.py"))
    assert files, f"no Python files found under {SRC}"
    return files


def test_no_global_random_in_the_package():
    bad = {}
    for path in python_files():
        found = offences(path.read_text(encoding="utf-8"), str(path))
        if found:
            bad[str(path.relative_to(SRC.parent))] = found
    assert not bad, "module-level randomness (use the state's seeded Rng instead):\n" + "\n".join(
        f"  {f}: {'; '.join(lines)}" for f, lines in bad.items())


@pytest.mark.parametrize("snippet", [
    "import random\n",
    "import random as r\n",
    "from random import choice\n",
    "from random import Random as R\n",
    "x = random.random()\n",
    "import numpy as np\nx = np.random.default_rng(0)\n",
    "import numpy\nnumpy.random.seed(1)\n",
    "from numpy import random as npr\nnpr.shuffle([1])\n",
    "from numpy.random import default_rng\n",
    "import numpy.random\n",
    "import importlib\nm = importlib.import_module('random')\n",
    "m = __import__('random')\n",
])
def test_the_scan_catches(snippet):
    assert offences(snippet), snippet


@pytest.mark.parametrize("snippet", [
    '"""Uniformly random legal actions, chosen at random."""\n',
    "# pick at random. not with the random module\n",
    "from ..engine.rng import Rng\nrng = Rng(3)\nrng.shuffle([1, 2])\n",
    "from .random_bot import RandomBot\n",
    "import numpy as np\nx = np.zeros(3)\n",
    "random_bot = 1\nrandom_bot.real\n",
])
def test_the_scan_ignores(snippet):
    assert offences(snippet) == [], snippet
