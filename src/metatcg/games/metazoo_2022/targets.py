"""Targets (MZ22-TARGET): what a target slot may choose, checked when chosen and again at
resolution (MZ22-TARGET-6, MZ22-CHAIN-5). Only Effects whose data has ``targets`` target;
``each`` selectors never do and ignore target blockers (MZ22-TARGET-3/5)."""
from __future__ import annotations

from typing import Any

from . import hooks
from .data import MZ22Data
from .records import Ref, caster_ref, item_ref, page_ref
from .schema import TargetSpec
from .stats import types_of

_PAGE_KINDS = {"beastie": ("beastie",), "artifact": ("artifact",), "aura": ("aura",), "terra": ("terra",),
               "page": ("beastie", "artifact", "aura", "terra")}


def candidates(d: MZ22Data, seat: int, spec: TargetSpec, skip_uid: int = -1, by: Any = None) -> list[Ref]:
    """Every legal choice for ``spec`` for an Effect controlled by ``seat``; ``by`` is the Act or
    chain item targeting, which Trait blockers read (MZ22-TARGET-6)."""
    kind = spec.kind
    side = spec.side
    if kind == "caster":
        return [caster_ref(p) for p in range(d.n) if not d.out[p] and
                (side == "any" or (side == "own") == (p == seat))]
    if kind in ("item", "spell"):
        out = []
        for it in d.chain:
            if it.uid == skip_uid or (side != "any" and (side == "own") != (it.seat == seat)):
                continue
            if kind == "spell" and (it.what == "effect" or d.defs[it.source].type != "spell"):
                continue
            out.append(item_ref(it.uid))
        return out
    kinds = _PAGE_KINDS[kind]
    pool = [c for c in d.terra if c >= 0] if kind == "terra" else d.arena
    if kind in ("artifact", "beastie", "page") and d.has_attached():
        # attached Equipment its own text lets be targeted counts as in the Arena (MZ22-EQUIP-9, PR-MZ22-32)
        pool = pool + [c for c, s in d.in_play.items() if s.under >= 0 and not s.face_down and d.defs[c].targetable
                       and c not in d.arena]
    out = []
    aura = set(spec.aura)
    aura_not = set(spec.aura_not)
    for c in pool:
        if d.defs[c].type not in kinds:
            continue
        if side != "any" and (side == "own") != (d.in_play[c].controller == seat):
            continue
        if aura or aura_not:
            ts = types_of(d, c)
            if aura and not ts & aura or aura_not and ts & aura_not:
                continue
        if not hooks.target_ok(d, seat, c) or by is not None and not hooks.trait_target_ok(d, c, by):
            continue
        out.append(page_ref(c))
    return out


def any_targets(d: MZ22Data, seat: int, specs: Any, by: Any = None) -> bool:
    """Whether every required slot has enough legal choices (MZ22-CONTRACT-3)."""
    for spec in specs:
        n = len(candidates(d, seat, spec, -1, by))
        if n == 0 or (n < spec.n and not spec.up_to):
            return False
    return True


def still_legal(d: MZ22Data, seat: int, specs: Any, chosen: tuple[tuple[Ref, ...], ...],
                skip_uid: int = -1, by: Any = None) -> tuple[tuple[Ref, ...], ...]:
    """The chosen targets that are still legal at resolution (MZ22-TARGET-6)."""
    out = []
    for spec, refs in zip(specs, chosen):
        ok = set(candidates(d, seat, spec, skip_uid, by))
        out.append(tuple(r for r in refs if r in ok))
    return tuple(out)
