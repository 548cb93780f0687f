"""The import hook: for a module with a compiled build in the cache, find its source the normal
way, hash it, and load the compiled file only if one was built from exactly those bytes."""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from .cache import cache_dir, index, module_key, pure_requested

_loaded: dict[str, Path] = {}


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Answers only for modules the cache holds; every other import goes on as usual."""

    def __init__(self, compiled: dict[str, dict[str, Path]]) -> None:
        self.compiled = compiled

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        builds = self.compiled.get(fullname)
        if not builds:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            return None
        try:
            source = Path(spec.origin).read_bytes()
        except OSError:
            return None
        built = builds.get(module_key(source))
        if built is None:
            return None                      # the source changed since: run it as Python
        _loaded[fullname] = built
        return importlib.util.spec_from_file_location(fullname, spec.origin, loader=SourcePathLoader(fullname, built))


class SourcePathLoader(importlib.machinery.ExtensionFileLoader):
    """Loads the compiled file but leaves ``__file__`` (and the spec's origin) on the source, so
    a module that finds its data files from its own path finds them where they are. A compiled
    file that will not load (damaged, or built for another platform) warns and runs the source."""

    def __init__(self, fullname: str, built: Path) -> None:
        super().__init__(fullname, str(built))
        self.source: importlib.machinery.SourceFileLoader | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        native = importlib.machinery.ModuleSpec(spec.name, self, origin=self.path)
        try:
            module: ModuleType = super().create_module(native)
        except ImportError as exc:
            warnings.warn(f"compiled {spec.name} would not load ({exc}); running its source instead "
                          "(`metatcg compile --force` rebuilds it)", RuntimeWarning, stacklevel=2)
            _loaded.pop(spec.name, None)
            self.source = importlib.machinery.SourceFileLoader(spec.name, str(spec.origin))
            return ModuleType(spec.name)     # a plain module, filled from the source below
        module.__file__ = spec.origin        # before the module's body runs
        return module

    def exec_module(self, module: ModuleType) -> None:
        if self.source is not None:
            self.source.exec_module(module)
        else:
            super().exec_module(module)


def install() -> bool:
    """Put the hook first on ``sys.meta_path`` if the cache holds anything for this Python and
    ``METATCG_PURE`` is not set. Cheap when there is nothing: one directory listing."""
    if pure_requested() or any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return False
    compiled = index(cache_dir())
    if not compiled:
        return False
    sys.meta_path.insert(0, CompiledFinder(compiled))
    return True


def loaded_modules() -> dict[str, Path]:
    """The modules this process imported compiled, and the file each came from."""
    return dict(_loaded)


def speed_note(rules_module: str = "") -> str:
    """What to add after a speed figure, since a figure is only comparable with one measured the
    same way: `` (compiled rules)`` when ``rules_module`` (the game's rules; any module when not
    named) ran compiled, `` (partly compiled)`` when only other modules did (the kernel, or a
    game's helpers), else nothing."""
    if not _loaded:
        return ""
    if not rules_module or rules_module in _loaded:
        return " (compiled rules)"
    return " (partly compiled)"


#: A run at least this long (seconds) with the game's rules in plain Python ends with
#: :func:`compile_hint`'s pointer.
HINT_AFTER = 60.0


def compile_hint(seconds: float, game_id: str, rules_module: str) -> str:
    """After a long run whose game rules (``rules_module``) ran as plain Python, unless pure
    Python was asked for, one line saying how to make the next one faster; else "". Designers
    run the same tournament again and again, so half their waiting is worth one line."""
    if rules_module in _loaded or pure_requested() or seconds < HINT_AFTER:
        return ""
    return (f"These games ran {game_id}'s rules as plain Python. `metatcg compile {game_id}` (pip install "
            "'metatcg[fast]') builds compiled rules that play the same games 1.4-1.7x faster; see "
            "docs/designers.md, \"Faster runs\".")
