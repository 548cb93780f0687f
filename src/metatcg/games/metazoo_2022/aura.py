"""Aura (MZ22-AURA, MZ22-GEN): the type wheel, what a Caster can make, and paying costs.

Aura is made only while paying (PR-MZ22-1): each pay pick Fatigues one Awakened source (an
Aura Page, or an Artifact that makes Aura) or spends one unit of the pool. Non-Neutral parts of
a cost take only their exact type, Neutral parts any (MZ22-AURA-8); every offered pick leaves
the rest payable, so payment never dead-ends."""
from __future__ import annotations

from typing import Iterable, NamedTuple

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


# ------------------------------------------------------------------ what pays
class AuraSource(NamedTuple):
    """One pick a Caster may pay with: a unit of ``aura`` from the pool, any Aura Page that
    makes only ``aura`` (copies are interchangeable, PR-K-4), or one Page (``page``) that makes
    several types or makes Aura as an Artifact or by Convert. ``str()`` is its part of the
    ``pay:`` action id: ``pool.flame``, ``flame``, ``c12``."""

    aura: str = ""                     # the pool's or the Aura Pages' type ("" for one Page)
    page: int = -1                     # the Page that pays (-1: the pool or any Aura Page)
    pool: bool = False

    def __str__(self) -> str:
        return f"pool.{self.aura}" if self.pool else (self.aura if self.page < 0 else f"c{self.page}")


def from_pool(aura: str) -> AuraSource:
    return AuraSource(aura, -1, True)


def aura_page(aura: str) -> AuraSource:
    return AuraSource(aura)


def paying_page(page: int) -> AuraSource:
    return AuraSource("", page)


Unit = tuple[AuraSource, frozenset[str]]   # a pick and the types it can make


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


def picks(owed: tuple[tuple[str, int], ...], units: list[Unit]) \
        -> list[tuple[AuraSource, tuple[tuple[str, int], ...]]]:
    """The pay picks (PR-MZ22-1): for each distinct source key among ``units`` (key, producible
    types), what is left owed after it pays the first part of ``owed`` it can pay that leaves
    the rest payable. None when ``owed`` cannot be paid at all."""
    out = []
    seen: set[AuraSource] = set()
    if all(len(u) == 1 for _, u in units):      # the usual case: counting is enough
        have: dict[str, int] = {}
        for _, u in units:
            for t in u:
                have[t] = have.get(t, 0) + 1
        need: dict[str, int] = {}
        for t, k in owed:
            if k and t != "neutral":
                need[t] = need.get(t, 0) + k
        if sum(k for _, k in owed) > len(units) or any(have.get(t, 0) < k for t, k in need.items()):
            return []
        for key, u in units:
            if key in seen:                     # units of one key are interchangeable (PR-K-4)
                continue
            seen.add(key)
            (t1,) = u
            for i, (t, k) in enumerate(owed):   # its own type, or Neutral if a spare unit
                if k and (t == t1 or (t == "neutral" and have[t1] > need.get(t1, 0))):
                    out.append((key, _less(owed, i)))
                    break
        return out
    return picks_by_matching(owed, units)


def picks_by_matching(owed: tuple[tuple[str, int], ...], units: list[Unit]) \
        -> list[tuple[AuraSource, tuple[tuple[str, int], ...]]]:
    """:func:`picks` for any sources (some make several types): each pick tried with the matching."""
    out = []
    seen: set[AuraSource] = set()
    for i, (key, unit) in enumerate(units):
        if key in seen:
            continue
        seen.add(key)
        rest = [u for _, u in units[:i]] + [u for _, u in units[i + 1:]]
        for left in pay_choices(owed, unit):
            if payable(left, rest):
                out.append((key, left))
                break
    return out


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

