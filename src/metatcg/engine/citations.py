"""Rule citations in log lines: the judge's log keeps them, players read the lines without.

A game may cite the rule it applies anywhere in a line: "(MB-LOSS-1..3)", "(0 LP, MZ22-WIN-4)",
"(MZ22-PLACE-8, not Destroyed)", "MZ22-TRAP-4/26". :func:`without_rule_ids` takes them out and
keeps every other word ("(0 LP)", "(not Destroyed)"). What counts as a citation is a catalog
prefix followed by hyphenated parts; each game names its catalog's prefix (``Game.rule_prefixes``)
so a game's own capitalised terms ("END-OF-TURN Effect") are never mistaken for one. The kernel
knows only "PR", the project's own rulings.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, NamedTuple

_PART = re.compile(r"\s*[,;]\s*")
_BRACKETED = re.compile(r" ?\(([^()]*)\)| ?\[([^\[\]]*)\]")
_SPACES = re.compile(r"  +")
_BEFORE_STOP = re.compile(r" +(?=[,.;:)\]])")


class _Citing(NamedTuple):
    one: re.Pattern[str]      # one citation, ranges and lists included: "MB-TOT-3/4/7", "MB-LOSS-1..3"
    pure: re.Pattern[str]     # a bracketed group of citations only: " (MX-TKO-2, MX-TKO-3)"
    quick: re.Pattern[str]    # "PREFIX-": whether a text may cite anything at all (no word boundary: fast)


@lru_cache(maxsize=32)
def _citing(prefixes: frozenset[str]) -> _Citing:
    alt = "|".join(sorted((re.escape(p) for p in prefixes), key=len, reverse=True))
    one = rf"\b(?:{alt})-[A-Z0-9]+(?:-[A-Za-z0-9]+)*(?:(?:\.\.|/|–)[0-9]+[a-z]?)*\b"
    return _Citing(re.compile(one), re.compile(rf" ?[(\[](?:{one}(?:, |; | and )?)+[)\]]"),
                   re.compile(rf"(?:{alt})-"))


_prefixes: set[str] = {"PR"}
_now = _citing(frozenset(_prefixes))


def add_rule_prefixes(*prefixes: str) -> None:
    """Count ``PREFIX-...`` as a rule citation (a game calls it with its catalog's prefix)."""
    global _now
    new = {p for p in prefixes if p not in _prefixes}
    for p in new:
        if not re.fullmatch(r"[A-Z][A-Z0-9]{0,7}", p):
            raise ValueError(f"a rule ID prefix is capitals and digits, like 'MX', not {p!r}")
    if new:
        _prefixes.update(new)
        _now = _citing(frozenset(_prefixes))


def rule_ids(text: str) -> list[str]:
    """The citations in ``text``, in order ("MB-LOSS-1..3" stays one)."""
    return _now.one.findall(text) if _now.quick.search(text) else []


def _keep(part: str, one: re.Pattern[str]) -> str:
    """A part of a bracketed group without its citations; nothing when only the citations and
    a linking word ("see", "lifts") were there."""
    if not one.search(part):
        return part
    words = one.sub(" ", part).replace(",", " ").split()
    if not words or (len(words) == 1 and words[0].islower()) or all(w in ("and", "or", "&") for w in words):
        return ""
    return " ".join(words)


def _ungroup(m: re.Match[str], c: _Citing) -> str:
    whole = m.group(0)
    inner = m.group(1) if m.group(1) is not None else m.group(2)
    if not c.quick.search(inner):
        return whole
    kept = [k for k in (_keep(p, c.one) for p in _PART.split(inner)) if k]
    if not kept:
        return ""
    lead = " " if whole.startswith(" ") else ""
    opening = whole[len(lead)]
    return f"{lead}{opening}{', '.join(kept)}{')' if opening == '(' else ']'}"


def without_rule_ids(line: str, prefixes: Iterable[str] | None = None) -> str:
    """``line`` without the rule IDs it cites, wherever they stand, the other words kept: what a
    player reads of a line the judge's log keeps whole (PR-K-8). ``prefixes``: count only these
    catalogs' IDs (default: every registered game's, see :func:`add_rule_prefixes`)."""
    c = _now if prefixes is None else _citing(frozenset(prefixes))
    if "-" not in line or not c.quick.search(line):
        return line
    out = c.pure.sub("", line)            # the usual case, and a quick one
    if not c.quick.search(out):
        return out.strip()
    out = _BRACKETED.sub(lambda m: _ungroup(m, c), out)
    if c.quick.search(out):
        out = c.one.sub("", out)
    return _BEFORE_STOP.sub("", _SPACES.sub(" ", out)).strip()
