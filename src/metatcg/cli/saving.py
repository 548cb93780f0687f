"""Where ``metatcg play`` keeps a game: one record file per game, never over an earlier one.

A game claims a free file name when it starts (``claim``) and rewrites only that file
(``save``, atomically: a crash mid-write leaves the previous save whole). The record is the
kernel's ``state.record()`` plus a ``play`` entry saying who sat where, so ``--resume``
can seat everyone again.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from metatcg.engine.errors import StateDataError

RECORD_SUFFIX = ".record.json"
MAX_TRIES = 10_000


def _stem_and_suffix(path: Path) -> tuple[str, str]:
    name = path.name
    if name.endswith(RECORD_SUFFIX):
        return name[: -len(RECORD_SUFFIX)], RECORD_SUFFIX
    return path.stem, path.suffix


def numbered(path: Path, k: int) -> Path:
    """``path`` with ``-k`` before its suffix (k = 1 is the path itself)."""
    if k == 1:
        return path
    stem, suffix = _stem_and_suffix(path)
    return path.with_name(f"{stem}-{k}{suffix}")


def claim(path: Path, first: dict[str, Any]) -> Path:
    """Create the first free file of ``path``, ``path-2``, ``path-3``... holding ``first``; the
    exclusive create means two games started at once never share a file."""
    if not path.parent.is_dir():
        raise StateDataError(f"cannot save the game to {path}: no such directory {path.parent}")
    text = _dump(first)
    for k in range(1, MAX_TRIES):
        candidate = numbered(path, k)
        try:
            with open(candidate, "x", encoding="utf-8") as f:
                f.write(text)
            return candidate
        except FileExistsError:
            continue
    raise StateDataError(f"cannot save the game: {path} and {MAX_TRIES} numbered names are taken")


def save(path: Path, record: dict[str, Any]) -> None:
    """Replace ``path`` (a file this game claimed) with ``record``, atomically."""
    fd, tmp = tempfile.mkstemp(prefix=".metatcg-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(_dump(record))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, indent=1) + "\n"


def seating(record: dict[str, Any]) -> dict[str, Any]:
    """The ``play`` entry of a saved game: ``{"seat": int, "vs": str, "undos": int, "prefs": ...}``,
    checked (the seat preferences are checked when they are read, ``cli.seatprefs``)."""
    play = record.get("play")
    if play is None:
        return {}
    if not isinstance(play, dict):
        raise StateDataError("malformed saved game: 'play' must be an object")
    seat, vs, undos = play.get("seat"), play.get("vs"), play.get("undos", 0)
    if type(seat) is not int or not isinstance(vs, str) or type(undos) is not int:
        raise StateDataError("malformed saved game: 'play' needs a whole-number seat, a 'vs' name and undos")
    return {"seat": seat, "vs": vs, "undos": undos, "prefs": play.get("prefs")}
