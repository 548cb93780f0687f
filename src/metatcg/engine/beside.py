"""A game's own modules found by name beside its game or rules class (``facts``, ``heuristics``,
``position``, ``view``, ``labels``…), so the kernel's defaults can call them and each game
declares nothing but the modules themselves."""
from __future__ import annotations

import functools
import importlib
from types import ModuleType


@functools.cache
def module_beside(beside: str, name: str) -> ModuleType | None:
    """The module ``name`` of the package of module ``beside``, imported once; None when there
    is no such module."""
    package = beside.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.{name}":
            raise
    return None
