"""The import graph of src/metatcg has no cycles (imports inside functions count), and every
game package has the same inner layering: data -> primitives -> mechanics -> turn -> rules ->
presentation -> game, each module importing only from its own layer or below (docs/kernel.md,
"One shape inside every game"). The graph is read from the source (tests/support/importgraph.py),
nothing is imported to draw it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from support.importgraph import SRC, cycles, import_graph

GAMES = ("metax", "metazoo", "metabaloids", "metazoo_2022")
ORDER = ("data", "primitives", "mechanics", "turn", "rules", "presentation", "game")
#: the module a job lives in, the same file name in every game that has the job
STANDARD = {"data": "data", "schema": "data", "records": "data", "zones": "primitives",
            "ops": "mechanics", "turn": "turn", "rules": "rules", "view": "rules",
            "present": "presentation", "terminal": "presentation", "game": "game",
            "position": "game"}

@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_the_cycle_finder_finds_a_cycle_behind_a_function_level_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import d\n")
    (pkg / "d.py").write_text("from .c import y\n")
    found = cycles(import_graph("pkg", tmp_path))
    assert found == [["pkg.a", "pkg.b"]]     # c <-> d only under TYPE_CHECKING: no cycle


def test_src_has_no_import_cycle(graph: dict[str, set[str]]) -> None:
    found = cycles(graph)
    assert not found, "import cycles (function-level imports count):\n  " + "\n  ".join(
        " -> ".join(c) for c in found)


def layers_of(game: str) -> dict[str, str]:
    """module -> layer, from the game's layers.py (read as data)."""
    path = SRC / "metatcg" / "games" / game / "layers.py"
    tree = ast.parse(path.read_text())
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(target, ast.Name) and target.id == "LAYERS" and node.value is not None:
                table = ast.literal_eval(node.value)
                return {m: layer for layer, mods in table.items() for m in mods}
    raise AssertionError(f"{path} declares no LAYERS")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_module_sits_in_one_layer_and_imports_only_downward(graph, game: str) -> None:
    if not (SRC / "metatcg" / "games" / game / "layers.py").exists():
        pytest.skip(f"{game} is not yet in the common shape (issue 31)")
    prefix = f"metatcg.games.{game}."
    mine = sorted(m[len(prefix):] for m in graph if m.startswith(prefix))
    layer = layers_of(game)
    assert set(layer.values()) <= set(ORDER), f"unknown layers: {set(layer.values()) - set(ORDER)}"
    missing = [m for m in mine if m not in layer and m != "layers"]
    assert not missing, f"{game}: modules in no layer: {missing}"
    stale = [m for m in layer if m not in mine]
    assert not stale, f"{game}: layers.py names modules that do not exist: {stale}"
    for name, want in STANDARD.items():
        if name in layer:
            assert layer[name] == want, f"{game}.{name} belongs in the {want} layer, not {layer[name]}"
    upward = []
    for m in mine:
        if m == "layers":
            continue
        for t in graph[prefix + m]:
            if t.startswith(prefix) and t[len(prefix):] != "layers":
                other = t[len(prefix):]
                if ORDER.index(layer[other]) > ORDER.index(layer[m]):
                    upward.append(f"{m} ({layer[m]}) imports {other} ({layer[other]})")
    assert not upward, f"{game}: imports from a higher layer:\n  " + "\n  ".join(sorted(upward))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_standard_modules_once_shaped(game: str) -> None:
    if not (SRC / "metatcg" / "games" / game / "layers.py").exists():
        pytest.skip(f"{game} is not yet in the common shape (issue 31)")
    layer = layers_of(game)
    for name in ("data", "schema", "records", "zones", "ops", "turn", "rules", "view", "present", "game",
                 "position"):
        assert name in layer, f"{game} has no {name}.py: that job lives under another name"
