"""The one decision protocol every game uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Union

from .records import encode

LabelText = Union[str, Callable[[], str]]


class Action(NamedTuple):
    """One legal option: a stable ``id``, a readable label and the game's payload.

    A named tuple: immutable and cheap to build (games build many). ``text`` is the label
    or a function that makes it, so a label costs nothing until someone reads it (quiet
    mode never does). Such a function must only use values captured when the action was
    made (card names, numbers), never the live state."""

    id: str
    text: LabelText
    args: Any = ()

    @property
    def label(self) -> str:
        t = self.text
        return t if isinstance(t, str) else t()

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "label": self.label}

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, what kind of choice it is, and the game's parameters (a record).

    Plain, immutable data: clones share it and it serialises as a list.
    """

    player: int
    kind: str
    params: Any = ()
    prompt: str = ""

    def to_json(self) -> list[Any]:
        return [self.player, self.kind, encode(self.params), self.prompt]
