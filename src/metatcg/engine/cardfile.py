"""Card files for any game: TOML validated by the game's schema, errors naming file,
card and field, and a pool of cards by unique name."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Protocol, Self, Sequence, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import CardDataError



class Named(Protocol):
    """What the kernel needs of a card definition: its unique name."""

    @property
    def name(self) -> str: ...


Def = TypeVar("Def", bound=Named)


def explain(err: ValidationError, data: Any, path: str, tags: Iterable[str] = (), table: str = "card",
            noun: str = "card") -> str:
    """Pydantic errors as ``file: card #n 'Name': field a.b: message`` lines.

    ``tags`` are the discriminator values pydantic puts in error locations (card types,
    op names); they are left out so the path reads like the file. ``table`` is the file's
    ``[[table]]`` name and ``noun`` what a game calls its cards ("Page")."""
    skip = set(tags)
    cards = data.get(table) if isinstance(data, dict) else None
    lines = []
    for e in err.errors()[:6]:
        loc = list(e["loc"])
        where = path
        loc_card = None
        if len(loc) >= 2 and loc[0] == table and isinstance(loc[1], int):
            idx = loc_card = loc[1]
            name = None
            if isinstance(cards, list) and idx < len(cards) and isinstance(cards[idx], dict):
                name = cards[idx].get("name")
            where += f": {noun} #{idx + 1}" + (f" {name!r}" if name else "")
            loc = loc[2:]
        node = cards[loc_card] if isinstance(cards, list) and isinstance(loc_card, int) \
            and loc_card < len(cards) else None
        parts = []
        for x in loc:  # walk the data: a name that is not a key there is a tag pydantic added
            if isinstance(x, int):
                parts.append(f"#{x + 1}")
                node = node[x] if isinstance(node, list) and x < len(node) else None
            elif isinstance(node, dict) and x in node:
                parts.append(str(x))
                node = node[x]
            elif x not in skip:
                parts.append(str(x))
                node = None
        msg = e["msg"].removeprefix("Value error, ")
        lines.append(f"{where}: field {'.'.join(parts) or f'({noun})'}: {msg}")
    return "\n".join(lines)


def parse_card_text(text: str, path: str, file_model: type[BaseModel], to_def: Callable[[Any], Def],
                    tags: Iterable[str] = (), table: str = "card", noun: str = "card") -> list[Def]:
    """Validate one card file (``[[card]]`` tables, or ``[[table]]``: a field of that name in
    ``file_model``) and turn each card into the game's def."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(f"{path}: not valid TOML: {e}") from None
    try:
        model = file_model.model_validate(data)
    except ValidationError as e:
        raise CardDataError(explain(e, data, path, tags, table, noun)) from None
    cards: list[Any] = getattr(model, table)  # the file model's [[table]] list
    return [to_def(c) for c in cards]


def first_of_each_name(cards: Sequence[Named], iids: Iterable[int]) -> list[int]:
    """The first card instance of each name among ``iids`` (``cards[i].name``): one option
    per name keeps decision lists short, since copies in one zone are interchangeable (PR-K-4)."""
    seen: set[str] = set()
    out = []
    for i in iids:
        n = cards[i].name
        if n not in seen:
            seen.add(n)
            out.append(i)
    return out


class CardPool(Generic[Def]):
    """All cards of a game by exact name (names are unique)."""

    def __init__(self, defs: list[Def]) -> None:
        self.by_name: dict[str, Def] = {}
        for d in defs:
            if d.name in self.by_name:
                raise CardDataError(f"card name {d.name!r} is defined twice")
            self.by_name[d.name] = d
        self.check()

    def check(self) -> None:
        """Cross-card checks a game adds (e.g. referenced token names exist)."""

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> Def:
        return self.by_name[name]

    def __len__(self) -> int:
        return len(self.by_name)

    def names(self) -> list[str]:
        return list(self.by_name)

    def with_cards(self, extra: list[Def]) -> Self:
        """A pool with extra (scenario stand-in) cards; extras win on a name clash."""
        merged = dict(self.by_name)
        for d in extra:
            merged[d.name] = d
        pool = type(self)([])
        pool.by_name = merged
        pool.check()
        return pool

    @classmethod
    def load_files(cls, folder: Path, parse: Callable[[str, str], list[Def]]) -> Self:
        files = sorted(folder.glob("*.toml"))
        if not files:
            raise CardDataError(f"no card files in {folder}")
        defs: list[Def] = []
        for p in files:
            defs.extend(parse(p.read_text(encoding="utf-8"), p.name))
        return cls(defs)
