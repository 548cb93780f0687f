"""Finding cards by what a person types or what a label says (plain strings, any game)."""
from __future__ import annotations

import difflib
import re
from typing import Iterable


def find_cards(names: Iterable[str], query: str) -> tuple[list[str], list[str]]:
    """Cards matching ``query``: (matches, suggestions).

    An exact name (case-insensitive) wins; then names starting with the query; then names
    containing it. When nothing matches, the closest names come back as suggestions.
    """
    q = query.strip().lower()
    names = list(names)
    if not q:
        return [], []
    exact = [n for n in names if n.lower() == q]
    if exact:
        return exact, []
    prefix = [n for n in names if n.lower().startswith(q)]
    if prefix:
        return prefix, []
    inside = [n for n in names if q in n.lower()]
    if inside:
        return inside, []
    lowered = {n.lower(): n for n in names}
    close = difflib.get_close_matches(q, list(lowered), n=3, cutoff=0.5)
    return [], [lowered[c] for c in close]


def names_in(names: Iterable[str], text: str) -> list[str]:
    """Card names mentioned in ``text`` (longest names first, no overlaps), in text order."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for name in sorted(names, key=len, reverse=True):
        if name not in text:
            continue
        for m in re.finditer(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])", text):
            span = (m.start(), m.end())
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            taken.append(span)
            found.append((m.start(), name))
    seen: list[str] = []
    for _, n in sorted(found):
        if n not in seen:
            seen.append(n)
    return seen
