"""One choice made of several picks (a payment, card losses, an order): numbers that stay put,
and several picks typed at once.

The rules ask for such a choice one pick at a time (ARCHITECTURE: small picks, never the
power set), so a person would meet a fresh, renumbered list after every pick: a misclick
waiting to happen. Here an option keeps its number for the whole run of one seat's picks of
one kind (known by its label, or by its id when its label changed, "2 points" becoming "1
point, 1 wasted"), numbers of options that are gone are not reused, and ``2 2 4`` or ``2*3``
takes several picks in one answer. The record still holds every pick.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_PICKS = re.compile(r"^\s*\d+(\s*\*\s*\d+)?(\s*[ ,]\s*\d+(\s*\*\s*\d+)?)*\s*$")


def parse_picks(text: str) -> list[int] | None:
    """``"3"`` -> [3]; ``"2 2 4"``, ``"2,2,4"`` -> [2, 2, 4]; ``"2*3"`` -> [2, 2, 2]; None when
    the text is not a list of option numbers. A repeat is capped at 99 (no choice is longer)."""
    if not _PICKS.match(text):
        return None
    out: list[int] = []
    for part in re.split(r"\s*[ ,]\s*", re.sub(r"\s*\*\s*", "*", text.strip())):
        n, _, times = part.partition("*")
        out.extend([int(n)] * min(99, int(times) if times else 1))
    return out


@dataclass
class PickNumbers:
    """The numbers one seat's options carry while its picks of one kind follow each other."""

    key: tuple[int, str] | None = None
    step: int = -1
    by_label: dict[str, int] = field(default_factory=dict)
    by_id: dict[str, int] = field(default_factory=dict)
    top: int = 0

    def number(self, seat: int, kind: str, step: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``actions`` (``{"id", "label"}`` dicts) each with its number ``"n"``, in number order.
        ``step``: how many actions the game has taken; a pick continues the run only if it comes
        right after the previous one of the same seat and kind."""
        if (seat, kind) != self.key or step != self.step + 1:
            self.key, self.by_label, self.by_id, self.top = (seat, kind), {}, {}, 0
        self.step = step
        claimed = {self.by_label[a["label"]] for a in actions if a["label"] in self.by_label}
        taken: set[int] = set()
        out = []
        for a in actions:
            n = self.by_label.get(a["label"])
            if n is None or n in taken:
                n = self.by_id.get(a["id"])
                if n is not None and n in claimed:
                    n = None                   # that number now belongs to the option with its label
            if n is None or n in taken:
                self.top += 1
                n = self.top
            taken.add(n)
            out.append({**a, "n": n})
        self.by_label = {a["label"]: a["n"] for a in out} | {k: v for k, v in self.by_label.items() if v not in taken}
        self.by_id = {a["id"]: a["n"] for a in out} | {k: v for k, v in self.by_id.items() if v not in taken}
        return sorted(out, key=lambda a: a["n"])

    def reset(self) -> None:
        self.key, self.step = None, -1
