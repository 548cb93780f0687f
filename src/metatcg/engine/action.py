"""The one decision protocol every game uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Action(NamedTuple):
    """One legal option: a stable ``id``, a readable ``label`` and the game's payload.

    A named tuple: immutable, compared by value, and cheap to build (games build many)."""

    id: str
    label: str
    args: tuple = ()

    def to_json(self) -> dict:
        return {"id": self.id, "label": self.label}

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, what kind of choice it is, and the game's parameters.

    Plain, immutable data: clones share it and it serialises as a list.
    """

    player: int
    kind: str
    params: tuple = ()
    prompt: str = ""

    def to_json(self) -> list:
        return [self.player, self.kind, list(self.params), self.prompt]
