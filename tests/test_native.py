"""The opt-in compiled rules (``metatcg compile``): a compiled module is used only while its
source is byte-for-byte the one it was built from, and it plays the same games as the source.

Real Cython and a real C compiler; every check of what a process imports runs in a fresh
interpreter, since the suite itself runs pure Python (conftest sets METATCG_PURE)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from metatcg.cli.main import app
from metatcg.native import build as native_build
from metatcg.native.cache import EXT_SUFFIX, index

import metatcg

pytestmark = pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None,
                                reason="needs a C compiler")
pytest.importorskip("Cython")

SRC = str(Path(metatcg.__file__).resolve().parent.parent)

PROBE = """
import json, sys
import metatcg
from metatcg.native import loaded_modules
import nativeprobe.calc as calc
import nativeprobe.paths as paths
print(json.dumps({"answer": calc.answer(), "file": calc.__file__, "here": str(paths.HERE),
                  "loaded": sorted(loaded_modules())}))
"""


def python(code: str, *paths: Path | str, cache: Path, pure: bool = False) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter that reads compiled modules from ``cache`` (unless
    ``pure``), with ``paths`` and the source tree importable."""
    env = {k: v for k, v in os.environ.items() if k != "METATCG_PURE"}
    env.update(METATCG_NATIVE_DIR=str(cache), METATCG_PURE="1" if pure else "0", COLUMNS="120",
               PYTHONPATH=os.pathsep.join([*map(str, paths), SRC]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out


def run_python(code: str, *paths: Path | str, cache: Path, pure: bool = False) -> dict:
    """What ``code`` printed last, read as JSON."""
    return json.loads(python(code, *paths, cache=cache, pure=pure).stdout.strip().splitlines()[-1])


@pytest.fixture
def probe(tmp_path, monkeypatch):
    """A one-module package on sys.path, and an empty cache folder."""
    pkg = tmp_path / "pkgs" / "nativeprobe"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "calc.py").write_text("def answer():\n    return 41 + 1\n")
    (pkg / "paths.py").write_text("from pathlib import Path\nHERE = Path(__file__).parent\n")
    cache = tmp_path / "cache"
    monkeypatch.setenv("METATCG_NATIVE_DIR", str(cache))
    monkeypatch.syspath_prepend(str(tmp_path / "pkgs"))
    return pkg, cache


def test_compiled_module_is_used_only_while_its_source_is_unchanged(probe):
    pkg, cache = probe
    report = native_build.build(["nativeprobe"], jobs=1)
    assert report.compiled == ["nativeprobe.calc", "nativeprobe.paths"]
    assert sorted(index(cache)) == ["nativeprobe.calc", "nativeprobe.paths"]

    # compiled, yet __file__ names the source, so data files beside it are found
    got = run_python(PROBE, pkg.parent, cache=cache)
    assert got == {"answer": 42, "file": str(pkg / "calc.py"), "here": str(pkg),
                   "loaded": ["nativeprobe.calc", "nativeprobe.paths"]}

    pure = run_python(PROBE, pkg.parent, cache=cache, pure=True)      # METATCG_PURE=1
    assert pure == {**got, "loaded": []}

    # an edit: the old build no longer matches, so the new source runs, never the stale build
    (pkg / "calc.py").write_text("def answer():\n    return 41 + 2\n")
    edited = run_python(PROBE, pkg.parent, cache=cache)
    assert edited == {**got, "answer": 43, "loaded": ["nativeprobe.paths"]}
    assert native_build.status(["nativeprobe"]) == {"nativeprobe.calc": "stale", "nativeprobe.paths": "compiled"}

    # compiling again replaces the old build (one file per module) and is used again
    again = native_build.build(["nativeprobe"], jobs=1)
    assert again.compiled == ["nativeprobe.calc"]
    assert len(index(cache)["nativeprobe.calc"]) == 1
    assert run_python(PROBE, pkg.parent, cache=cache)["answer"] == 43
    assert native_build.build(["nativeprobe"]).up_to_date == ["nativeprobe.calc", "nativeprobe.paths"]
    assert native_build.status(["nativeprobe"])["nativeprobe.calc"] == "compiled"


def test_a_broken_cache_file_name_or_missing_cache_is_ignored(probe):
    pkg, cache = probe
    cache.mkdir()
    (cache / f"nativeprobe.calc-nothex{EXT_SUFFIX}").write_bytes(b"not a shared library")
    (cache / "stray.txt").write_text("x")
    got = run_python(PROBE, pkg.parent, cache=cache)
    assert got["answer"] == 42 and got["loaded"] == []
    got = run_python(PROBE, pkg.parent, cache=cache / "missing")
    assert got["loaded"] == []


def test_a_damaged_compiled_file_warns_and_runs_the_source(probe):
    pkg, cache = probe
    native_build.build(["nativeprobe"], jobs=1)
    for built in index(cache)["nativeprobe.calc"].values():
        built.write_bytes(b"damaged")                        # right name, wrong bytes
    out = python("import warnings; warnings.simplefilter('always')\n" + PROBE, pkg.parent, cache=cache)
    assert "compiled nativeprobe.calc would not load" in out.stderr and "metatcg compile --force" in out.stderr
    got = json.loads(out.stdout)
    assert got["answer"] == 42 and got["loaded"] == ["nativeprobe.paths"]


def test_a_module_cython_cannot_compile_stays_python_and_is_named(probe):
    pkg, cache = probe
    (pkg / "bad.py").write_text("def f(y):\n    return max([1, *y])\n")   # legal Python, not Cython
    report = native_build.build(["nativeprobe"], jobs=1)
    assert report.compiled == ["nativeprobe.calc", "nativeprobe.paths"]
    assert list(report.failed) == ["nativeprobe.bad"] and report.failed["nativeprobe.bad"].startswith("bad.py:2:")
    assert native_build.status(["nativeprobe"])["nativeprobe.bad"] == "pure"
    got = run_python(PROBE + "import nativeprobe.bad as b; print(json.dumps(b.f([5])))", pkg.parent, cache=cache)
    assert got == 5


def test_build_without_cython_says_how_to_get_it(probe, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "Cython" else real(name, *a))
    with pytest.raises(native_build.NativeBuildError, match=r"metatcg\[fast\]"):
        native_build.build(["nativeprobe"])
    assert not probe[1].exists()                              # nothing written
    with pytest.raises(native_build.NativeBuildError, match="no package or module"):
        native_build.package_sources("nativeprobe_missing")


GAMES = """
import json
import metatcg
from metatcg.bots import make_bot
from metatcg.native import loaded_modules
game = metatcg.load_game("metazoo")
names = game.starter_deck_names()
counts = []
for g in range(3):
    st = game.new_state([names[g % len(names)], names[(g + 1) % len(names)]], seed=g, log=False)
    bots = [make_bot("greedy", g), make_bot("greedy", g + 100)]
    while not st.is_terminal():
        p = st.current_player()
        st.apply(bots[p].choose(st.handle(p)).id)
    counts.append([st.actions_taken, st.winner()])
print(json.dumps({"games": counts, "loaded": sorted(loaded_modules())}))
"""


def test_compiled_rules_play_the_same_games(tmp_path, monkeypatch):
    """One real rules module (MetaZoo's missions: declaring one and resolving it, every round)
    compiled: the seeded greedy games come out identical, move for move counted, winner for
    winner. A small module, since compiling is most of this test's time."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("METATCG_NATIVE_DIR", str(cache))
    report = native_build.build(["metatcg.games.metazoo.mission"], jobs=2)
    assert report.compiled == ["metatcg.games.metazoo.mission"]
    pure = run_python(GAMES, cache=cache, pure=True)
    compiled = run_python(GAMES, cache=cache)
    assert compiled["loaded"] == ["metatcg.games.metazoo.mission"] and pure["loaded"] == []
    assert compiled["games"] == pure["games"]
    # the simulate command says when its speed figure came from compiled modules (here one
    # helper of the rules, not the rules module itself)
    cli = "from metatcg.cli.main import app; app(['simulate', 'metazoo', '--bots', 'greedy', '--games', '2', " \
          "'--workers', '1'], standalone_mode=False); print('{}')"
    for pure, note in ((False, True), (True, False)):
        out = python(cli, cache=cache, pure=pure)
        assert "games/s" in out.stdout and ("(partly compiled)" in out.stdout) is note
        assert "(compiled rules)" not in out.stdout


def test_compile_command(tmp_path, monkeypatch):
    monkeypatch.setenv("METATCG_NATIVE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    bad = runner.invoke(app, ["compile", "nosuchgame"])
    assert bad.exit_code == 2 and "unknown game 'nosuchgame'" in bad.output
    shown = runner.invoke(app, ["compile", "metazoo", "--status"])
    assert shown.exit_code == 0, shown.output
    assert "pure  metatcg.engine.state" in shown.output and "pure  metatcg.games.metazoo.cards" in shown.output
    assert "metatcg.games.metax" not in shown.output
    cleaned = runner.invoke(app, ["compile", "--clean"])
    assert cleaned.exit_code == 0 and "removed 0 compiled modules" in cleaned.output


def test_speed_figures_say_how_much_ran_compiled(monkeypatch):
    """The note after a speed figure: the game's rules module compiled, only other modules, or
    none (what the finder recorded as loaded compiled)."""
    from metatcg.native import finder

    rules = "metatcg.games.metax.rules"
    monkeypatch.setattr(finder, "_loaded", {})
    assert finder.speed_note(rules) == "" and finder.speed_note() == ""
    monkeypatch.setattr(finder, "_loaded", {"metatcg.engine.state": Path("x.so")})
    assert finder.speed_note(rules) == " (partly compiled)" and finder.speed_note() == " (compiled rules)"
    monkeypatch.setattr(finder, "_loaded", {rules: Path("y.so"), "metatcg.engine.state": Path("x.so")})
    assert finder.speed_note(rules) == " (compiled rules)"
    monkeypatch.delenv("METATCG_PURE", raising=False)
    assert finder.compile_hint(600.0, "metax", rules) == ""          # its rules ran compiled: nothing to say
    assert "`metatcg compile metazoo`" in finder.compile_hint(600.0, "metazoo", "metatcg.games.metazoo.rules")


def test_a_long_plain_python_run_points_at_compile(monkeypatch):
    """simulate and tournament end a long run of plain-Python rules with the way to a faster
    one; a short run, or a process told to stay pure, says nothing (in-process: the suite's own
    modules are pure unless METATCG_TEST_COMPILED)."""
    from metatcg.native import finder, loaded_modules

    runner = CliRunner()
    simulate = ["simulate", "metax", "--bots", "greedy", "--games", "2", "--workers", "1"]
    tournament = ["tournament", "metax", "--decks", "aggro", "control", "--bots", "random", "--games", "2",
                  "--workers", "1"]
    monkeypatch.delenv("METATCG_PURE", raising=False)
    short = runner.invoke(app, simulate)
    assert short.exit_code == 0, short.output
    assert "metatcg compile" not in short.output           # two games take well under a minute
    monkeypatch.setattr(finder, "HINT_AFTER", 0.0)
    expected = "metatcg.games.metax.rules" not in loaded_modules()
    for args in (simulate, tournament):
        out = runner.invoke(app, args)
        assert out.exit_code == 0, out.output
        said = " ".join(out.output.split())                 # the console wraps long lines
        assert ("`metatcg compile metax` (pip install 'metatcg[fast]') builds compiled rules" in said) is expected
    monkeypatch.setenv("METATCG_PURE", "1")
    assert "metatcg compile" not in runner.invoke(app, simulate).output
