"""Deck lists as plain text: ``3 Card Name`` lines, ``#`` comments (any game).

A game whose decks have parts (a leader card, a side deck, ...) uses section
headers such as ``[side]``: the cards after one are stored as entries
``"[side] Card Name"``, so a deck stays a flat list of strings (and records stay
plain JSON). Cards before any header, or after ``[main]``, are plain names.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .errors import DeckError
from .textfile import read_text_file


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

    def section(self, tag: str = "main") -> tuple[str, ...]:
        """The card names of one section (``main``: entries without a tag)."""
        out = []
        for entry in self.cards:
            sec, nm = split_entry(entry)
            if sec == tag:
                out.append(nm)
        return tuple(out)

    def to_text(self) -> str:
        lines = [f"# {self.description}"] if self.description else []
        current = "main"
        for entry, n in self.counts().items():
            sec, nm = split_entry(entry)
            if sec != current:
                lines.append(f"[{sec}]")
                current = sec
            lines.append(f"{n} {nm}")
        return "\n".join(lines) + "\n"


def split_entry(entry: str) -> tuple[str, str]:
    """``"[starter] Name"`` -> ``("starter", "Name")``; a plain name is in ``main``."""
    if entry.startswith("["):
        tag, _, rest = entry[1:].partition("] ")
        if rest:
            return tag, rest
    return "main", entry


# No game's deck comes near these; they only keep hostile input from building huge lists.
MAX_COPIES = 1000
MAX_CARDS = 10_000


def parse_deck_text(text: str, name: str = "deck") -> Deck:
    """Parse a deck list; a malformed line raises DeckError naming it. Counts are plain ASCII
    digits and bounded (a line at most MAX_COPIES, the list at most MAX_CARDS) before any
    list is built, so no deck text can exhaust memory; a UTF-8 byte-order mark is skipped."""
    if not isinstance(text, str):
        raise DeckError(f"{name}: a deck list is text, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")
    cards: list[str] = []
    description = ""
    section = "main"
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if not description and not cards:
                description = line.lstrip("#").strip()
            continue
        line = line.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if not section.replace("_", "").isalnum():
                raise DeckError(f"{name}: line {lineno}: bad section header {raw.strip()!r}")
            continue
        count_s, _, card = line.partition(" ")
        count_s = count_s.rstrip("x")
        if not (count_s.isascii() and count_s.isdigit()) or not card.strip():
            raise DeckError(f"{name}: line {lineno}: expected '<count> <card name>', got {raw.strip()!r}")
        if len(count_s) > 6 or int(count_s) > MAX_COPIES:
            shown = count_s if len(count_s) <= 15 else count_s[:12] + "…"
            raise DeckError(f"{name}: line {lineno}: a count of {shown} copies is more than "
                            f"any deck holds (at most {MAX_COPIES} on a line)")
        count = int(count_s)
        if count < 1:
            raise DeckError(f"{name}: line {lineno}: count must be at least 1")
        if len(cards) + count > MAX_CARDS:
            raise DeckError(f"{name}: line {lineno}: the list passes {MAX_CARDS} cards, more than any deck holds")
        entry = card.strip() if section == "main" else f"[{section}] {card.strip()}"
        cards.extend([entry] * count)
    if not cards:
        raise DeckError(f"{name}: the deck list has no cards")
    return Deck(name, tuple(cards), description)


def read_deck_file(path: str | Path) -> Deck:
    p = Path(path)
    text = read_text_file(p, "deck file", DeckError, " (a deck is a starter deck name or a deck file)")
    return parse_deck_text(text, p.stem)


def unknown_cards(pool: Any, names: Iterable[str]) -> list[str]:
    """A deck check's first lines: each name (once) that the card ``pool`` does not have, with
    suggestions (:func:`unknown_card_message`)."""
    missing = [nm for nm in dict.fromkeys(names) if nm not in pool]
    known = pool.names() if missing else []
    return [unknown_card_message(nm, known) for nm in missing]


def unknown_card_message(name: str, known: list[str]) -> str:
    """'Unknown card' with the closest known names as suggestions."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    if not close:
        lowered = {k.lower(): k for k in known}
        close = [lowered[k] for k in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.4)]
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown card {name!r}{hint}"
