"""Compile modules into the cache with Cython (``pip install 'metatcg[fast]'`` and a C compiler).

Modules are compiled unchanged, in Cython's pure-Python mode; package ``__init__`` files
(they only re-export) are left out. A module whose current source already has a
build is skipped, so a second run only compiles what changed; older builds of a module are
removed when a new one lands.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .cache import DIRECTIVES, cache_dir, file_name, index, module_key


class NativeBuildError(RuntimeError):
    """Cython, setuptools or a C compiler is missing, or the C compiler failed."""


@dataclass
class BuildReport:
    compiled: list[str] = field(default_factory=list)
    up_to_date: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    folder: Path = field(default_factory=cache_dir)


@dataclass(frozen=True)
class Source:
    module: str
    path: Path
    key: str
    text: bytes     # exactly what was hashed: the build compiles these bytes, not a later read


def package_sources(name: str) -> list[Source]:
    """Every module of package ``name`` (or the module ``name`` itself) that can be compiled."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise NativeBuildError(f"no package or module {name!r} can be found")
    if not spec.submodule_search_locations:
        if not spec.origin or not spec.origin.endswith(".py"):
            raise NativeBuildError(f"{name!r} is not a Python source module")
        paths = [(name, Path(spec.origin))]
    else:
        root = Path(list(spec.submodule_search_locations)[0])
        paths = []
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(root).with_suffix("")
            # only modules reachable by import: every folder on the way is a package
            if path.name == "__init__.py" or any(not (root / Path(*rel.parts[:i]) / "__init__.py").exists()
                                                 for i in range(1, len(rel.parts))):
                continue
            paths.append((".".join((name, *rel.parts)), path))
    sources = []
    for module, path in paths:
        text = path.read_bytes()
        sources.append(Source(module, path, module_key(text), text))
    return sources


def _need_tools() -> None:
    for module in ("Cython", "setuptools"):
        if importlib.util.find_spec(module) is None:
            raise NativeBuildError(f"{module} is not installed: pip install 'metatcg[fast]'")
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        raise NativeBuildError("no C compiler found (install gcc, or set CC)")


def build(packages: Iterable[str], *, jobs: int = 1, force: bool = False, folder: Path | None = None,
          progress: Callable[[str], None] = lambda _msg: None) -> BuildReport:
    """Compile every module of ``packages`` whose current source has no build yet, into
    ``folder`` (default: :func:`cache_dir`, where imports look)."""
    _need_tools()
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError
    from setuptools import Distribution, Extension  # type: ignore[import-untyped]

    report = BuildReport(folder=folder or cache_dir())
    folder = report.folder
    have = index(folder)
    todo: list[Source] = []
    for package in packages:
        for src in package_sources(package):
            if not force and src.key in have.get(src.module, {}):
                report.up_to_date.append(src.module)
            else:
                todo.append(src)
    if not todo:
        return report
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="metatcg-native-") as tmp:
        work = Path(tmp)
        extensions = []
        for src in todo:
            # a copy under its package path, so Cython gives the module its full dotted name
            parts = src.module.split(".")
            target = work / "src" / Path(*parts[:-1]) / f"{parts[-1]}.py"
            target.parent.mkdir(parents=True, exist_ok=True)
            for i in range(1, len(parts)):
                (work / "src" / Path(*parts[:i]) / "__init__.py").touch()
            target.write_bytes(src.text)     # an edit made meanwhile gets a build of its own later
            progress(f"cythonizing {src.module}")
            said = io.StringIO()
            try:
                with contextlib.redirect_stderr(said):
                    extensions += cythonize([Extension(src.module, [str(target)])], quiet=True,
                                            compiler_directives=dict(DIRECTIVES),
                                            build_dir=str(work / "c"))  # type: ignore[no-untyped-call]
            except CompileError:
                # Cython prints its reasons; keep the last one, with the line it points at
                where = [ln.strip() for ln in said.getvalue().splitlines() if ln.startswith(str(target))]
                report.failed[src.module] = (where[-1].replace(str(target), src.path.name) if where
                                             else "Cython could not compile it")
        if not extensions:
            return report                      # only modules Cython cannot compile were left
        progress(f"compiling {len(extensions)} modules with the C compiler ({jobs} jobs)")
        dist = Distribution({"ext_modules": extensions, "script_name": "metatcg-compile"})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(work / "lib")
        cmd.build_temp = str(work / "tmp")
        cmd.parallel = max(1, jobs)
        cmd.ensure_finalized()
        try:
            cmd.run()
        except Exception as exc:  # distutils/setuptools raise their own error classes
            raise NativeBuildError(f"the C compiler failed ({exc}); are Python's headers installed "
                                   "(Debian: apt install python3-dev)?") from exc
        by_name = {s.module: s for s in todo}
        for ext in extensions:
            src = by_name[ext.name]
            built = Path(cmd.get_ext_fullpath(ext.name))
            for old in have.get(src.module, {}).values():
                old.unlink(missing_ok=True)
            dest = folder / file_name(src.module, src.key)
            tmp_dest = dest.with_name(dest.name + ".part")
            shutil.copyfile(built, tmp_dest)
            os.replace(tmp_dest, dest)                  # never a half-written module in the cache
            report.compiled.append(src.module)
    return report


def clean() -> int:
    """Remove every compiled module from the cache; returns how many files went."""
    gone = 0
    for builds in index(cache_dir()).values():
        for path in builds.values():
            path.unlink(missing_ok=True)
            gone += 1
    return gone


def status(packages: Iterable[str]) -> dict[str, str]:
    """``{module: state}`` for every module of ``packages``: ``compiled`` (a build matches the
    source), ``stale`` (only builds of an older source) or ``pure`` (never built)."""
    have = index(cache_dir())
    states: dict[str, str] = {}
    for package in packages:
        for src in package_sources(package):
            builds = have.get(src.module, {})
            states[src.module] = "compiled" if src.key in builds else "stale" if builds else "pure"
    return states
