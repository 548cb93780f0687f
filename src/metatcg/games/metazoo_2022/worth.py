"""Options that can do nothing are not offered (PR-MZ22-71): a Spell, Potion, Power or "any time"
Effect none of whose ops names anything now (Sudden Thicket's "the attacking Beastie" with no
Combat on, Ember Rain's "each opposing Beastie" with none in the Arena).

Only what the op list names *without* targeting is read here: chosen targets are MZ22-CONTRACT-3's
business (``targets.any_targets``), and an op with no recipient to read (Bookmark, Search,
Generate, a Token…) always counts as doing something. Everything read is public (the Arena holds
face-up Pages only, Combat is announced), so the answer tells the deciding Caster nothing new."""
from __future__ import annotations

from typing import Any

from .data import MZ22Data
from .records import CASTER
from .schema import Selector
from .stats import matches

#: ops whose ``to`` is a recipient (a Ref); ``pay_lp`` is a cost and does nothing on its own
_TO_OPS = frozenset({"damage", "lose_lp", "gain_lp", "recover", "inflict", "remove_status", "destroy",
                     "return_to_chapter", "return_to_spellbook", "fatigue", "awaken", "change_types",
                     "nullify"})
_NESTED = ("do", "heads", "tails", "then", "orelse")
#: Refs whose recipients depend on the state (the rest name a Caster, ``self`` or a chosen target)
_VARIABLE = frozenset({"attacker", "defender"})
_fixed: dict[int, tuple[list[Any], bool]] = {}   # id(op list) -> (it, does something whatever the state)


def could_act(d: MZ22Data, seat: int, source: int, ops: list[Any]) -> bool:
    """Could at least one of ``ops``, used by ``seat`` from Page ``source``, act on something now?"""
    got = _fixed.get(id(ops))
    if got is None or got[0] is not ops:
        got = _fixed[id(ops)] = (ops, _always(ops))
    return got[1] or _now(d, seat, source, ops)


def _always(ops: list[Any]) -> bool:
    for op in ops:
        k = op.op
        if k == "pay_lp":
            continue
        if k in _TO_OPS:
            to = op.to
            if not isinstance(to, Selector) and to not in _VARIABLE:
                return True
        elif k == "copy_token":
            if not isinstance(op.of, Selector) and op.of not in _VARIABLE:
                return True
        elif not _branches(op):
            return True                       # no recipient to read: it does something
        elif any(_always(b) for b in _branches(op)):
            return True
    return False


def _now(d: MZ22Data, seat: int, source: int, ops: list[Any]) -> bool:
    for op in ops:
        k = op.op
        if k in _TO_OPS:
            if _names_any(d, seat, source, op.to):
                return True
        elif k == "copy_token":
            if _names_any(d, seat, source, op.of):
                return True
        elif any(_now(d, seat, source, b) for b in _branches(op)):
            return True
    return False


def _branches(op: Any) -> list[list[Any]]:
    k = op.op
    if k == "roll":
        return [b.do for b in op.branches]
    if k == "choose":
        return list(op.options)
    return [getattr(op, b) for b in _NESTED if isinstance(getattr(op, b, None), list)]


def _names_any(d: MZ22Data, seat: int, source: int, to: Any) -> bool:
    """Does the recipient ``to`` name at least one Page or Caster now (as ops.refs would)?"""
    if isinstance(to, Selector):
        if to.each == "caster":
            return any(to.side == "any" or (to.side == "own") == (p == seat) for p in d.alive())
        pool = [c for c in d.terra if c >= 0] if to.each == "terra" else d.arena
        return any(matches(d, seat, source, to, c) for c in pool)
    if to not in _VARIABLE:
        return True
    cb = d.combat
    if cb is None:
        return False
    if to == "attacker":
        return cb.attacker in d.in_play
    return cb.primary is not None and (cb.primary.entity == CASTER or cb.primary.n in d.in_play)
