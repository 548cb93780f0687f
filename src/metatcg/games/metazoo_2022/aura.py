"""Aura (MZ22-AURA, MZ22-GEN): the type wheel, what a Caster can make, and paying costs.

Aura is made only while paying (PR-MZ22-1): each pay pick Fatigues one Awakened source (an
Aura Page, or an Artifact that makes Aura) or spends one unit of the pool. Non-Neutral parts of
a cost take only their exact type, Neutral parts any (MZ22-AURA-8); every offered pick leaves
the rest payable, so payment never dead-ends."""
from __future__ import annotations

from typing import Iterable

from .schema import AURA_TYPES

ALL = frozenset(AURA_TYPES)
# MZ22-TYPEADV-6: the placeholder wheel (printed strong_against on a Page wins, TYPEADV-5).
WHEEL: dict[str, tuple[str, ...]] = {
    "water": ("flame",), "flame": ("frost",), "frost": ("forest",), "forest": ("earth",),
    "earth": ("lightning",), "lightning": ("water",), "light": ("dark",), "dark": ("spirit",),
    "spirit": ("cosmic",), "cosmic": ("light",)}
TA_BONUS = 20     # MZ22-AURA-2, MZ22-TYPEADV-3
AAA_BONUS = 20    # MZ22-AAA-1


def strong(printed: Iterable[str], types: Iterable[str]) -> frozenset[str]:
    """The types a source is strong against: its printed icons, else the wheel's for its types."""
    p = frozenset(printed)
    if p:
        return p
    out: set[str] = set()
    for t in types:
        out.update(WHEEL.get(t, ()))
    return frozenset(out)


def produces(types: Iterable[str]) -> frozenset[str]:
    """A source's producible types ("any" = every type, MZ22-AURA-9)."""
    s = frozenset(types)
    return ALL if "any" in s else s


# ------------------------------------------------------------------ payment feasibility
def payable(owed: Iterable[tuple[str, int]], units: list[frozenset[str]]) -> bool:
    """Can ``units`` (one producible-type set per unit of Aura) pay ``owed``? Typed parts need a
    unit that can make the type; Neutral parts take any unit (a small bipartite matching)."""
    need: list[str] = []
    neutral = 0
    for t, k in owed:
        if t == "neutral":
            neutral += k
        else:
            need += [t] * k
    if len(need) + neutral > len(units):
        return False
    if not need:
        return True
    if all(len(u) == 1 for u in units):          # the usual case: single-type sources
        have: dict[str, int] = {}
        for u in units:
            for t in u:
                have[t] = have.get(t, 0) + 1
        want: dict[str, int] = {}
        for t in need:
            want[t] = want.get(t, 0) + 1
        return all(have.get(t, 0) >= k for t, k in want.items())
    match: dict[int, int] = {}                    # unit index -> need index

    def augment(i: int, seen: set[int]) -> bool:
        for j, u in enumerate(units):
            if need[i] in u and j not in seen:
                seen.add(j)
                if j not in match or augment(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(augment(i, set()) for i in range(len(need)))


def pay_choices(owed: tuple[tuple[str, int], ...], unit: frozenset[str]) -> list[tuple[tuple[str, int], ...]]:
    """Every way ``unit`` can pay one part of ``owed`` (distinct parts only)."""
    out = []
    for i, (t, k) in enumerate(owed):
        if k and (t == "neutral" or t in unit):
            out.append(_less(owed, i))
    return out


def _less(owed: tuple[tuple[str, int], ...], i: int) -> tuple[tuple[str, int], ...]:
    t, k = owed[i]
    rest = owed[:i] + (((t, k - 1),) if k > 1 else ()) + owed[i + 1:]
    return rest

