"""'Did you mean ...?' for anything a person names by typing: games, decks, bots, settings,
options, card types. One helper, so every front end suggests the same way."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_names(word: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known names closest to ``word`` (case-insensitive), best first; none when nothing is
    close. A known name that starts with ``word`` (or that ``word`` starts with) counts as close."""
    names = list(dict.fromkeys(known))
    lowered: dict[str, str] = {}
    for k in names:
        lowered.setdefault(k.lower(), k)
    w = word.strip().lower()
    if not w:
        return []
    close = _closest(w, list(lowered), n, 0.6)
    if not close:
        close = [k for k in lowered if len(w) >= 2 and (k.startswith(w) or w.startswith(k))][:n]
    if not close:
        close = _closest(w, list(lowered), n, 0.45)
    return [lowered[c] for c in close]


def _closest(word: str, names: list[str], n: int, cutoff: float) -> list[str]:
    """``difflib``'s closest matches, keeping only those nearly as close as the best one."""
    scored = sorted(((difflib.SequenceMatcher(None, word, k).ratio(), k) for k in names), reverse=True)
    scored = [(r, k) for r, k in scored if r >= cutoff]
    if not scored:
        return []
    best = scored[0][0]
    return [k for r, k in scored[:n] if r >= best - 0.08]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """'; did you mean 'aggro'?' (or 'a' or 'b'), or '' when no known name is close."""
    close = close_names(word, known)
    if not close:
        return ""
    return "; did you mean " + " or ".join(repr(c) for c in close) + "?"
