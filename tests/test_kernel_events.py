"""Kernel: events.replacements never offers a replacement already applied to the event
(MZL-ERRATA-REPLEFF-3 made general: a game's own filter is not trusted to do it)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from metatcg.engine.events import replacements
from metatcg.engine.rules import Rules


class _Careless(Rules):
    """Rules whose filter ignores ``applied`` entirely."""

    def __init__(self, found: list[Any]) -> None:
        self.found = found

    def replacements_for(self, state: Any, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        return list(self.found)


class _Keyed(_Careless):
    """Rules that store a key per replacement in ``applied`` (as MetaZoo stores src/ability)."""

    def replacement_key(self, rep: tuple[str, int]) -> str:
        return rep[0]


def _state(rules: Any) -> Any:
    return SimpleNamespace(rules=rules)


def test_the_kernel_drops_replacements_already_applied_to_the_event():
    st = _state(_Careless(["aegis", "amulet"]))
    assert replacements(st, "shatter", ()) == ["aegis", "amulet"]
    assert replacements(st, "shatter", ("aegis",)) == ["amulet"]
    assert replacements(st, "shatter", ("aegis", "amulet")) == []


def test_the_game_key_hook_names_what_applied_holds():
    st = _state(_Keyed([("aegis", 1), ("amulet", 2)]))
    assert replacements(st, "shatter", ("aegis",)) == [("amulet", 2)]
    assert replacements(st, "shatter", ("aegis", "amulet")) == []


def test_a_replacement_that_recreates_its_event_applies_once():
    """A loop of "instead, the same event again" ends after one use of each replacement."""
    st = _state(_Careless(["aegis", "amulet"]))
    applied: tuple[str, ...] = ()
    uses = []
    while True:
        found = replacements(st, "shatter", applied)
        if not found:
            break
        uses.append(found[0])
        applied += (found[0],)
        assert len(uses) <= 2
    assert uses == ["aegis", "amulet"]

