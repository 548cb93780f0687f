"""Text for the report and its charts: escaping, numbers read safely from JSON (a hand-edited
summary may hold anything), percentages, intervals and the Elo expectation."""
from __future__ import annotations

import html
import math
from typing import Any


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def mpl_text(text: Any) -> str:
    """A name as matplotlib shows it literally (a ``$`` would start mathtext)."""
    return str(text).replace("\\", "\\\\").replace("$", r"\$")


def num(x: Any, default: float = 0.0) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return default
    return v if math.isfinite(v) else default


def pct(x: Any, digits: int = 1) -> str:
    return f"{100 * num(x):.{digits}f}%"


def interval(ci: Any, digits: int = 1) -> str:
    lo, hi = pair(ci)
    return f"{100 * lo:.{digits}f}–{100 * hi:.{digits}f}%"


def points(x: Any) -> str:
    """A difference of two rates in percentage points."""
    return f"{100 * num(x):+.1f} points".replace("-", "−")


def pair(ci: Any) -> tuple[float, float]:
    if isinstance(ci, (list, tuple)) and len(ci) == 2:
        return num(ci[0]), num(ci[1])
    return 0.0, 0.0


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def elo_expected(diff: float) -> float:
    """The expected score of a lead of ``diff`` rating points (the Elo scale)."""
    return 1 / (1 + 10 ** (-diff / 400))


