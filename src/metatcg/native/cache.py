"""Where compiled modules live and how each is named: ``<module>-<key><EXT_SUFFIX>``, the key a
hash of the exact source bytes it was built from plus the build settings, so a file can only
ever be used for the source that made it. ``EXT_SUFFIX`` names the interpreter's ABI, so one
cache serves several Pythons side by side."""
from __future__ import annotations

import hashlib
import os
import sysconfig
from pathlib import Path

import platformdirs

PURE_ENV = "METATCG_PURE"
NATIVE_DIR_ENV = "METATCG_NATIVE_DIR"

#: Cython settings every cached module is built with; part of each key, so changing them
#: retires every older build. ``annotation_typing`` off: annotations stay hints, as in
#: Python, so a compiled module behaves exactly like its source.
DIRECTIVES: dict[str, object] = {"language_level": 3, "binding": True, "annotation_typing": False}
BUILD_TAG = b"metatcg-native-1 " + repr(sorted(DIRECTIVES.items())).encode()

EXT_SUFFIX: str = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def cache_dir() -> Path:
    """The folder of compiled modules (``METATCG_NATIVE_DIR`` overrides it)."""
    env = os.environ.get(NATIVE_DIR_ENV)
    return Path(env) if env else Path(platformdirs.user_cache_dir("metatcg")) / "native"


def module_key(source: bytes) -> str:
    """The name part that ties a compiled file to the source bytes it was built from."""
    return hashlib.sha256(BUILD_TAG + b"\0" + source).hexdigest()[:24]


def file_name(module: str, key: str) -> str:
    return f"{module}-{key}{EXT_SUFFIX}"


def index(folder: Path) -> dict[str, dict[str, Path]]:
    """``{module: {key: path}}`` of the compiled files in ``folder`` for this interpreter."""
    found: dict[str, dict[str, Path]] = {}
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    for entry in entries:
        name = entry.name
        if not name.endswith(EXT_SUFFIX):
            continue
        module, sep, key = name[: -len(EXT_SUFFIX)].rpartition("-")
        if sep and module:
            found.setdefault(module, {})[key] = Path(entry.path)
    return found


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")
