"""A fixed numbering of every action id a game can offer, for learners that need range(N).

A game lists its id forms as templates with typed slots, e.g. ``"attack:c{card}/c{card}"``;
each template owns a block of integers (the product of its slots' sizes) at an offset, so N
is fixed by the game and seat count alone and two different ids never share an integer.
Knows no game: the slots' ranges come from the game's own ``action_space`` module.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Union

import numpy as np

from .errors import MetatcgError


class ActionCodeError(MetatcgError, ValueError):
    """An action id no template of the game's action space fits, or an integer outside range(N)."""


@dataclass(frozen=True)
class Ints:
    """A whole-number slot: values ``start`` .. ``stop - 1`` (card instances, lanes, seats)."""

    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class Words:
    """A slot holding one of a fixed list of words (stat names, Aura types, card names)."""

    words: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.words)


Slot = Union[Ints, Words]
_SLOT = re.compile(r"\{(\w+)\}")
_INT = "(0|[1-9][0-9]*)"   # no leading zeros: "c07" is not "c7", so decode(encode(x)) == x


class _Template:
    """One compiled template: its regex, its slots and its block of integers."""

    __slots__ = ("text", "literals", "slots", "regex", "offset", "size", "radix", "index")

    def __init__(self, text: str, kinds: Mapping[str, Slot], offset: int) -> None:
        parts = _SLOT.split(text)
        self.text = text
        self.literals: list[str] = parts[0::2]
        names = parts[1::2]
        for nm in names:
            if nm not in kinds:
                raise ValueError(f"action template {text!r}: no slot kind {nm!r} "
                                 f"(kinds: {', '.join(kinds)})")
        if ":" not in self.literals[0] and names:
            raise ValueError(f"action template {text!r}: a slot before the first ':'")
        self.slots: list[Slot] = [kinds[nm] for nm in names]
        pattern = re.escape(self.literals[0])
        for slot, lit in zip(self.slots, self.literals[1:]):
            if isinstance(slot, Ints):
                pattern += _INT
            else:
                pattern += "(" + "|".join(re.escape(w) for w in sorted(slot.words, key=len, reverse=True)) + ")"
            pattern += re.escape(lit)
        self.regex = re.compile(pattern)
        self.offset = offset
        self.size = 1
        self.radix: list[int] = []
        for slot in reversed(self.slots):
            self.radix.insert(0, self.size)
            self.size *= slot.size
        # word -> position, per word slot (None for whole-number slots)
        self.index: list[dict[str, int] | None] = [
            {w: i for i, w in enumerate(s.words)} if isinstance(s, Words) else None for s in self.slots]

    def encode(self, aid: str) -> int | None:
        """The integer of ``aid`` if it fits this template, else None."""
        m = self.regex.fullmatch(aid)
        if m is None:
            return None
        code = self.offset
        for value, slot, index, step in zip(m.groups(), self.slots, self.index, self.radix):
            if index is None:
                assert isinstance(slot, Ints)
                k = int(value) - slot.start
                if not 0 <= k < slot.size:
                    raise ActionCodeError(f"action id {aid!r}: {value} is outside {slot.start}..{slot.stop - 1} "
                                          f"in {self.text!r} (the action space's bound)")
            else:
                k = index[value]
            code += k * step
        return code

    def decode(self, code: int) -> str:
        k = code - self.offset
        out = [self.literals[0]]
        for slot, step, lit in zip(self.slots, self.radix, self.literals[1:]):
            j, k = divmod(k, step)
            out.append(str(slot.start + j) if isinstance(slot, Ints) else slot.words[j])
            out.append(lit)
        return "".join(out)


def _prefix(aid: str) -> str:
    return aid.split(":", 1)[0]


class ActionSpace:
    """Every action id of one game at one seat count, numbered 0..size-1.

    ``templates`` are patterns such as ``"play:c{card}@lane{lane}"``; ``slots`` gives each
    slot name its kind (:class:`Ints` or :class:`Words`). Templates are numbered in the order
    given, so the numbering is stable as long as the list is."""

    def __init__(self, templates: Iterable[str], slots: Mapping[str, Slot]) -> None:
        self.templates: list[_Template] = []
        offset = 0
        for text in templates:
            t = _Template(text, slots, offset)
            self.templates.append(t)
            offset += t.size
        self.size = offset
        self._starts = [t.offset for t in self.templates]
        self._by_prefix: dict[str, list[_Template]] = {}
        for t in self.templates:
            self._by_prefix.setdefault(_prefix(t.literals[0]), []).append(t)
        self._known: dict[str, int] = {}   # ids seen before: learners ask for the same ones again

    def __len__(self) -> int:
        return self.size

    def encode(self, aid: str) -> int:
        """The integer of action id ``aid``; :class:`ActionCodeError` if no template fits it."""
        try:
            code = self._known.get(aid)
        except TypeError:   # unhashable: not an id
            code = None
        if code is not None:
            return code
        if not isinstance(aid, str):
            raise ActionCodeError(f"an action id is a string, not {aid!r:.60}")
        for t in self._by_prefix.get(_prefix(aid), ()):
            code = t.encode(aid)
            if code is not None:
                self._known[aid] = code
                return code
        raise ActionCodeError(f"action id {aid!r:.80} fits no template of this action space")

    def decode(self, code: int) -> str:
        """The action id numbered ``code``; :class:`ActionCodeError` outside range(size)."""
        if type(code) is not int and not isinstance(code, np.integer):
            raise ActionCodeError(f"an action number is a whole number, not {code!r:.60}")
        code = int(code)
        if not 0 <= code < self.size:
            raise ActionCodeError(f"action number {code} is outside 0..{self.size - 1}")
        return self.templates[bisect_right(self._starts, code) - 1].decode(code)

    def mask(self, actions: Iterable[Any]) -> np.ndarray:
        """A bool array of length ``size``, True at each of ``actions`` (ids or Actions)."""
        out = np.zeros(self.size, dtype=bool)
        for a in actions:
            out[self.encode(a if isinstance(a, str) else a.id)] = True
        return out

    def describe(self) -> list[tuple[str, int, int]]:
        """(template, offset, size) per template, in numbering order (for docs)."""
        return [(t.text, t.offset, t.size) for t in self.templates]

    def describe_text(self) -> str:
        lines = [f"{t.offset:>9} {t.size:>9}  {t.text}" for t in self.templates]
        return "\n".join([f"{'offset':>9} {'size':>9}  template", *lines, f"N = {self.size}"])
