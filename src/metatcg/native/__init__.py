"""Opt-in compiled rules: the same Python source, compiled by Cython, used only while it matches.

``metatcg compile`` builds modules into a per-user cache, each file named by a hash of the
source it was built from; at import, :mod:`.finder` loads a compiled module only when the
source beside it still hashes to that name, and plain Python otherwise. So an edit can never
run stale rules, and a machine without a compiler simply runs the source. ``METATCG_PURE=1``
turns the compiled modules off for one process (the test suite sets it).
"""
from __future__ import annotations

from .cache import NATIVE_DIR_ENV, PURE_ENV, cache_dir, module_key
from .finder import compile_hint, install, loaded_modules, speed_note

__all__ = ["compile_hint", "install", "loaded_modules", "speed_note", "cache_dir", "module_key", "PURE_ENV",
           "NATIVE_DIR_ENV"]
