"""Deck lists as plain text: ``3 Card Name`` lines, ``#`` comments (any game)."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from .errors import DeckError


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    cards: tuple[str, ...]          # one entry per physical card
    description: str = ""

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.cards:
            out[c] = out.get(c, 0) + 1
        return out

    def to_text(self) -> str:
        lines = [f"# {self.description}"] if self.description else []
        lines += [f"{n} {name}" for name, n in self.counts().items()]
        return "\n".join(lines) + "\n"


def parse_deck_text(text: str, name: str = "deck") -> Deck:
    """Parse a deck list; a malformed line raises DeckError naming it."""
    cards: list[str] = []
    description = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if not description and not cards:
                description = line.lstrip("#").strip()
            continue
        line = line.split("#", 1)[0].strip()
        count_s, _, card = line.partition(" ")
        count_s = count_s.rstrip("x")
        if not count_s.isdigit() or not card.strip():
            raise DeckError(f"{name}: line {lineno}: expected '<count> <card name>', got {raw.strip()!r}")
        count = int(count_s)
        if count < 1:
            raise DeckError(f"{name}: line {lineno}: count must be at least 1")
        cards.extend([card.strip()] * count)
    if not cards:
        raise DeckError(f"{name}: the deck list has no cards")
    return Deck(name, tuple(cards), description)


def read_deck_file(path: str | Path) -> Deck:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DeckError(f"cannot read deck file {str(p)!r}: {e}") from None
    return parse_deck_text(text, p.stem)


def unknown_card_message(name: str, known: list[str]) -> str:
    """'Unknown card' with the closest known names as suggestions."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    if not close:
        lowered = {k.lower(): k for k in known}
        close = [lowered[k] for k in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.4)]
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown card {name!r}{hint}"
