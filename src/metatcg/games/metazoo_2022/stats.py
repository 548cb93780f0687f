"""Values computed on read, never stored: current Aura Types, LP, Terra Bonuses, Tribal Boost,
ARENA statics and counts (MZ22-LP-6, MZ22-TERRA-5, MZ22-TRIBAL-2, MZ22-KW-3)."""
from __future__ import annotations

from typing import Any

from . import hooks
from .data import MZ22Data
from .schema import Per, Selector

TRIBAL_EACH = 10   # MZ22-TRIBAL-2/3


# ------------------------------------------------------------------ types and text
def types_of(d: MZ22Data, page: int) -> frozenset[str]:
    """Current Aura Types (MZ22-ATYPE-12): an Effect's change, else the Base Aura Types."""
    s = d.in_play.get(page)
    if s is not None:
        for kind, c, v in reversed(d.mods):
            if kind == "types" and c == page:
                return frozenset(v)
        if s.types:
            return frozenset(s.types)
        changed = _static_types(d, page)
        if changed is not None:
            return changed
    return d.defs[page].base_types


def has_text(d: MZ22Data, page: int) -> bool:
    """A Paralyzed Page is treated as having no Effect text (MZ22-PARALYZE-3/8), a Nullified one
    too until the end of the turn (MZ22-GLOSS-11)."""
    s = d.in_play.get(page)
    if s is None:
        return True
    return not any(i.status == "paralyze" for i in s.indicators) and not (d.mods and d.nullified(page, "effects"))


def opposing(d: MZ22Data, seat: int, page: int) -> bool:
    return d.controller(page) != seat      # MZ22-TARGET-7


def beasties(d: MZ22Data) -> list[int]:
    return [c for c in d.arena if d.defs[c].type == "beastie"]


# ------------------------------------------------------------------ statics (ARENA)
def statics(d: MZ22Data, op: str) -> list[tuple[int, Any]]:
    """Every active ARENA static of kind ``op``: (holder Page, static). Paralyzed Pages have
    none (MZ22-PARALYZE-8)."""
    printed = d.memo.get("statics")
    if printed is None:                    # who prints which, once per set of Pages there
        printed = d.memo["statics"] = _printed_statics(d)
    mine = printed.get(op)
    if not mine:
        return []
    defs = d.defs
    out = [(c, s) for c, s in mine if c in d.in_play and (defs[c].type == "terra" or has_text(d, c))]
    if op in printed.get("", ()):          # some are 4th Wall gated: checked now (MZ22-WALL-11)
        out = [(c, s) for c, s in out if s.wall is None or hooks.wall_holds(d, s.wall, d.controller(c))]
    return out


def _printed_statics(d: MZ22Data) -> dict[str, list[tuple[int, Any]]]:
    out: dict[str, list[tuple[int, Any]]] = {}
    defs = d.defs
    for c in (*d.arena, *d.terra):
        if c >= 0:
            for s in defs[c].statics:
                out.setdefault(s.op, []).append((c, s))
                if s.wall is not None:     # the ops with gated statics, under the key ""
                    out.setdefault("", []).append(s.op)  # type: ignore[arg-type]
    if d.has_attached():                   # Equipment give their statics (MZ22-EQUIP-11)
        for c, ps in d.in_play.items():
            if ("equip", 1) in ps.marks:
                for s in defs[c].statics:
                    if getattr(s, "who", None) == "equipped":   # only some statics name whom
                        out.setdefault(s.op, []).append((c, s))
    return out


def covers(d: MZ22Data, holder: int, who: Any, page: int) -> bool:
    """Whether a static of ``holder`` naming ``who`` applies to ``page``."""
    if who == "self":
        return page == holder
    if who == "equipped":                                    # MZ22-EQUIP-11/13
        s = d.in_play.get(holder)
        return s is not None and s.under == page and ("equip", 1) in s.marks
    if isinstance(who, Selector):
        return matches(d, d.controller(holder), holder, who, page)
    return False


def matches(d: MZ22Data, seat: int, source: int, sel: Selector, page: int) -> bool:
    """Does ``page`` (in the Arena) belong to the group ``sel`` of an Effect controlled by ``seat``?"""
    kind = d.defs[page].type
    if sel.each == "page":
        pass
    elif sel.each != kind:
        return False
    if sel.side == "own" and d.controller(page) != seat:
        return False
    if sel.side == "opposing" and d.controller(page) == seat:
        return False
    if sel.other and page == source:
        return False
    if sel.aura or sel.aura_not:
        ts = types_of(d, page)
        if sel.aura and not (ts & set(sel.aura)):
            return False
        if sel.aura_not and ts & set(sel.aura_not):       # MZ22-ATYPE-10: any one type counts
            return False
    if sel.tribe is not None and sel.tribe not in d.defs[page].tribes:
        return False
    return True


def _static_types(d: MZ22Data, page: int) -> frozenset[str] | None:
    out = None
    for c, s in statics(d, "type_change"):
        if covers(d, c, s.who, page):
            base = d.defs[page].base_types if out is None else out
            out = frozenset(s.types) if s.mode == "set" else base | frozenset(s.types)
    return out


# ------------------------------------------------------------------ Terra and Tribe
def terra_active(d: MZ22Data, key: str, seat: int) -> bool:
    """A Terra Bonus key is active while a Terra of that name holds a slot (MZ22-TERRA-5,
    MZ22-TSLOT-9), or (part 2) the surroundings provide it."""
    defs = d.defs
    for c in d.terra:
        if c >= 0 and defs[c].terra_name == key:
            return True
    return hooks.surroundings_has(d, key, seat)


def tribe_count(d: MZ22Data, page: int) -> int:
    """Other face-up Beasties in the Arena sharing a Tribe, any Caster's (MZ22-TRIBAL-4/8/9)."""
    if not d.defs[page].tribes:
        return 0
    counts = d.memo.get("tribes")
    if counts is None:                     # every Tribe member's count, once per set of Pages there
        defs = d.defs
        members = [(c, set(defs[c].tribes)) for c in d.arena if defs[c].type == "beastie" and defs[c].tribes]
        counts = d.memo["tribes"] = {c: sum(1 for o, t in members if o != c and mine & t) for c, mine in members}
    if page not in counts:                 # a Page not (yet) in the Arena, e.g. mid-Contract
        mine = set(d.defs[page].tribes)
        return sum(1 for c in counts if mine & set(d.defs[c].tribes))
    return counts[page]  # type: ignore[no-any-return]


def tribal(d: MZ22Data, page: int) -> int:
    """Tribal Boost's +10 per other member, for LP and Attack Damage (MZ22-TRIBAL-2/3/5)."""
    df = d.defs[page]
    if not df.tribal_boost or not has_text(d, page):
        return 0
    return TRIBAL_EACH * tribe_count(d, page)


# ------------------------------------------------------------------ LP
def max_lp(d: MZ22Data, page: int, bonuses: list[tuple[int, Any]] | None = None) -> int:
    """Printed LP + LP Gains + active Terra LP bonuses + Tribal Boost + statics (MZ22-LP-4/7,
    MZ22-TERRA-14, MZ22-TRIBAL-7). ``bonuses``: ``statics(d, "lp_bonus")`` when the caller
    reads many Pages of one unchanged state (a bot's evaluation)."""
    df = d.defs[page]
    s = d.in_play[page]
    lp = df.lp + s.gain
    if s.marks:                            # Defender's gain (MZ22-TRAIT-DEFENDER-1/3)
        lp += hooks.mark_lp(s.marks)
    if d.mods:
        for kind, c, v in d.mods:
            if kind == "gain" and c == page:
                lp += v
    if df.terra_bonus:
        seat = s.controller
        for b in df.terra_bonus:
            if b.lp and terra_active(d, b.terra, seat):
                lp += b.lp
    if df.tribal_boost:
        lp += tribal(d, page)
    if bonuses is None:
        printed = d.memo.get("statics")
        bonuses = statics(d, "lp_bonus") if printed is None or "lp_bonus" in printed else []
    for c, st in bonuses:
        if covers(d, c, st.who, page):
            lp += amount(d, d.controller(c), c, st.amount)
    return lp


def cur_lp(d: MZ22Data, page: int, bonuses: list[tuple[int, Any]] | None = None) -> int:
    s = d.in_play[page]
    return max(0, max_lp(d, page, bonuses) - s.damage - s.loss)


def has_lp(d: MZ22Data, page: int) -> bool:
    """Beasties, Artifacts and Tokens have LP; Aura and Terra Pages do not (MZ22-TARGET-2)."""
    return d.defs[page].type in ("beastie", "artifact")


# ------------------------------------------------------------------ amounts
def count(d: MZ22Data, seat: int, source: int, per: str) -> int:
    """The things an amount counts ("+10 per …", MZ22-EX-16), seen by the Effect's controller."""
    if per in ("opposing_beasties", "own_beasties", "beasties"):
        bs = beasties(d)
        if per == "beasties":
            return len(bs)
        own = per == "own_beasties"
        return sum(1 for c in bs if (d.controller(c) == seat) == own)
    if per == "tribe":
        return tribe_count(d, source) if source >= 0 else 0
    if per in ("chapter", "cemetery", "limbo", "afterlife"):
        return len(getattr(d, per)[seat])
    if per == "terra":
        return sum(1 for c in d.terra if c >= 0)
    if per == "aura_pages":
        return sum(1 for c in d.arena if d.defs[c].type == "aura" and d.controller(c) == seat)
    if per == "indicators":
        return sum(len(d.in_play[c].indicators) for c in d.arena if d.controller(c) != seat) + \
            sum(len(d.caster_indicators[p]) for p in range(d.n) if p != seat)
    raise ValueError(f"unknown count {per!r}")


def amount(d: MZ22Data, seat: int, source: int, a: Any) -> int:
    if isinstance(a, Per):
        return a.plus + a.each * count(d, seat, source, a.per)
    return int(a)


# ------------------------------------------------------------------ costs
def cost_of(d: MZ22Data, page: int, seat: int,
            changes: list[tuple[int, Any]] | None = None) -> tuple[tuple[str, int], ...]:
    """A Page's Aura Cost for ``seat`` now: printed, with ARENA cost changes (never below 0);
    a Potion always costs 0 (MZ22-PAGE-16). ``changes``: the cost statics, when already listed."""
    df = d.defs[page]
    if df.type == "potion":
        return ()
    if changes is None:
        changes = list(statics(d, "cost_change"))
    if not changes:
        return df.cost_due
    cost = [(t, k) for t, k in df.cost if k]
    for c, s in changes:
        holder = d.controller(c)
        if (s.side == "own") != (holder == seat) and s.side != "any":
            continue
        if s.of != "any" and s.of != df.type:
            continue
        for i, (t, k) in enumerate(cost):
            if t == s.aura:
                cost[i] = (t, max(0, k + s.amount))
                break
        else:
            if s.amount > 0:
                cost.append((s.aura, s.amount))
    return tuple((t, k) for t, k in cost if k)


def cannot_attack(d: MZ22Data, page: int) -> bool:
    for c, s in statics(d, "cannot_attack"):
        if covers(d, c, s.who, page):
            return True
    return False
