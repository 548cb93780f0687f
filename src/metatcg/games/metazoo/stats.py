"""Values computed on read, never stored (ARCHITECTURE: continuous effects cannot go stale).

Current Influence (MZL-ERRATA-INFL-2), keywords, lane size limits with Gigantic
(MZL-ERRATA-GIGANTIC), contributed Influence and mission totals (MZL-MISSION-2,
MZL-ERRATA-INFL-3..8), Soar (MZL-KW-SOAR), Destruction instances (MZL-ENHANCE-7/13),
cost changes (MZL-PLAY-9, MZL-ERRATA-DISCOUNT) and conditions of "has" abilities.

Effects are read relative to an effect context (records.Ctx: the source, "you", "this" lane,
the trigger's subject, the mission, the chosen lane...).
"""
from __future__ import annotations

from .data import BASE_LANE_LIMIT, LANES, MetaZooData, opponent
from .records import Ctx, make

BASE_LIMIT = BASE_LANE_LIMIT  # MZL-LANE-6


# ----------------------------------------------------------------------------- sources
def card_lane(d: MetaZooData, iid: int) -> int:
    """The lane a unit or Terra is in (-1: none)."""
    ln = d.lane_of.get(iid)
    if ln is not None:
        return ln
    t = d.terra
    for i in range(LANES):
        if t[i] == iid:
            return i
    return -1


def has_creature(d: MetaZooData, lane: int, p: int) -> bool:
    cards = d.cards
    for u in d.units[lane * 2 + p]:
        if cards[u].creature:
            return True
    return False


def ability_works(d: MetaZooData, iid: int, ai: int) -> bool:
    """Can ability ``ai`` of card ``iid`` work where the card is now?

    Units in lanes: yes, except equipment without a friendly creature (MZL-EQUIP-2).
    Terras in a slot: yes. Casters: face up; Caster Powers and activated abilities work in
    both places (MZL-CASTER-7/8), other abilities only in a lane unless ``where`` says so."""
    c = d.cards[iid]
    t = c.type
    if t == "caster":
        p = d.owner[iid]
        if d.caster_down[p]:
            return False
        a = c.abilities[ai]
        where = a.where or ("anywhere" if (a.power or a.kind == "activated") else "lane")
        if iid in d.lane_of:
            return where != "caster_zone"
        return d.caster[p] == iid and where != "lane"
    if t == "terra":
        return iid in d.terra
    ln = d.lane_of.get(iid)
    if ln is None:
        return False
    if c.equipment:
        return has_creature(d, ln, d.owner[iid])
    return True


class Sources(list):
    """(ctx, ability) of every continuous ability now working, with flags saying which
    static ops occur at all (so reads can skip the scan)."""

    __slots__ = ("inf", "kw", "size", "cost", "contrib", "neg")

    def __init__(self, items) -> None:
        super().__init__(items)
        ops = {op.op for _, ab in items for op in ab.do}
        self.inf = "has_influence" in ops
        self.kw = "has_keyword" in ops
        self.size = "lane_size" in ops
        self.cost = "cost" in ops
        self.contrib = "contribution" in ops
        self.neg = any(op.op == "has_influence" and op.amount < 0 for _, ab in items for op in ab.do)


def static_sources(d: MetaZooData) -> Sources:
    """The continuous abilities working now, cached on ``d`` until the board changes."""
    s = d.srcs
    if s is None:
        s = d.srcs = Sources(_static_sources(d))
    return s


def _static_sources(d: MetaZooData) -> list[tuple[Ctx, object]]:
    out = []
    cards = d.cards
    owner = d.owner
    mission = d.mission
    for side in range(LANES * 2):
        for u in d.units[side]:
            c = cards[u]
            if c.statics:
                for ai in c.statics:
                    if ability_works(d, u, ai):
                        out.append((make(Ctx, (u, owner[u], ai, side >> 1, -1, -1, -2, mission, -1, -1, -1)),
                                    c.abilities[ai]))
    for ln in range(LANES):
        t = d.terra[ln]
        if t >= 0 and cards[t].statics:
            for ai in cards[t].statics:
                out.append((make(Ctx, (t, owner[t], ai, ln, -1, -1, -2, mission, -1, -1, -1)), cards[t].abilities[ai]))
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and not d.caster_down[p] and c0 not in d.lane_of and cards[c0].statics:
            for ai in cards[c0].statics:
                if ability_works(d, c0, ai):
                    out.append((Ctx(c0, p, ai, -1, mission_lane=d.mission), cards[c0].abilities[ai]))
    return out


# ----------------------------------------------------------------------------- matching
def lane_ref(d: MetaZooData, ref: str, ctx: Ctx) -> int | None:
    """The lane a LaneRef names in ``ctx`` (None: any lane; -1: no lane)."""
    if ref == "any":
        return None
    if ref == "this":
        ln = ctx.lane
        if ln < 0:  # a card with no lane: the lane it is confined to, or the one chosen (PR-MZL-17)
            return ctx.confined if ctx.confined >= 0 else ctx.chosen
        return ln
    if ref == "mission":
        return ctx.mission_lane
    if ref == "chosen":
        return ctx.chosen
    if ref == "subject":
        s = ctx.subject
        ln = d.lane_of.get(s, -1) if s >= 0 else -1
        return ln if ln >= 0 else ctx.subject_lane
    return ctx.lane  # "other": handled by the caller


def unit_matches(d: MetaZooData, f, iid: int, ctx: Ctx, depth: int = 0, at: int | None = None) -> bool:
    """Does unit ``iid`` (in a lane) match UnitFilter ``f`` relative to ``ctx``? ``at`` is the
    lane to assume for a unit that has just left play (trigger subjects)."""
    c = d.cards[iid]
    where = d.lane_of.get(iid, -1 if at is None else at)
    side = f.side
    if side != "any":
        mine = d.owner[iid] == ctx.controller
        if (side == "friendly") != mine:
            return False
    ln = f.lane
    if ln != "any":
        if ln == "other":
            this = ctx.lane if ctx.lane >= 0 else ctx.confined
            if where == this and this >= 0:
                return False
        elif where != lane_ref(d, ln, ctx):
            return False
    if ctx.confined >= 0 and (where != ctx.confined or not c.creature):
        return False  # a Strategy confined to one lane's creatures (MZL-ERRATA-DISCOUNT-4)
    t = f.type
    if t == "creature" and not c.creature:
        return False
    if t == "equipment" and not c.equipment:
        return False
    if f.other and iid == ctx.src:
        return False
    if f.itself and iid != ctx.src:
        return False
    if f.caster is not None and (c.type == "caster") != f.caster:
        return False
    if f.token is not None and c.token != f.token:
        return False
    if f.trait is not None and f.trait not in c.traits:
        return False
    if f.aura is not None and c.aura != f.aura:
        return False
    if f.name is not None and c.name != f.name:
        return False
    if f.tapped is not None and (iid in d.tapped) != f.tapped:
        return False
    if f.damaged is not None and (d.damage.get(iid, 0) > 0) != f.damaged:
        return False
    if f.max_cost is not None and c.cost > f.max_cost:
        return False
    if f.keyword is not None and not has_kw(d, iid, f.keyword, depth=depth + 1):
        return False
    if f.min_influence is not None or f.max_influence is not None:
        inf = influence(d, iid, depth=depth + 1)
        if f.min_influence is not None and inf < f.min_influence:
            return False
        if f.max_influence is not None and inf > f.max_influence:
            return False
    return True


def card_matches(c, f) -> bool:
    """CardFilter on a card definition (cards in hidden or public zones)."""
    if f is None:
        return True
    t = f.type
    if t is not None:
        if t == "unit":
            if c.type not in ("creature", "equipment"):
                return False
        elif c.type != t:
            return False
    if f.aura is not None and c.aura != f.aura:
        return False
    if f.trait is not None and f.trait not in c.traits:
        return False
    if f.name is not None and c.name != f.name:
        return False
    if f.max_cost is not None and c.cost > f.max_cost:
        return False
    if f.unique is not None and c.unique != f.unique:
        return False
    if f.starter is not None and c.starter != f.starter:
        return False
    return True


def count_units(d: MetaZooData, f, ctx: Ctx, depth: int = 0) -> int:
    n = 0
    for side in range(LANES * 2):
        for u in d.units[side]:
            if unit_matches(d, f, u, ctx, depth):
                n += 1
    return n


def condition_ok(d: MetaZooData, cond, ctx: Ctx, depth: int = 0) -> bool:
    """MZL-KW-GIVE-3: a "has" applies only while its condition is met."""
    if cond is None:
        return True
    lane = ctx.lane if ctx.lane >= 0 else ctx.mission_lane
    terra = d.terra[lane] if lane >= 0 else -1
    if cond.terra is not None and (terra >= 0) != cond.terra:
        return False
    if cond.terra_aura is not None and (terra < 0 or d.cards[terra].aura != cond.terra_aura):
        return False
    if cond.terra_not_aura is not None and (terra < 0 or d.cards[terra].aura == cond.terra_not_aura):
        return False  # MZL-ERRATA-RAZED-1: a razed lane has no Terra of any kind
    if cond.terra_trait is not None and (terra < 0 or cond.terra_trait not in d.cards[terra].traits):
        return False
    if cond.lane_resolved is not None and (lane < 0 or d.resolved[lane] != cond.lane_resolved):
        return False
    src = ctx.src
    if cond.self_tapped is not None and (src in d.tapped) != cond.self_tapped:
        return False
    if cond.in_lane is not None and (src in d.lane_of) != cond.in_lane:
        return False
    p = ctx.controller
    if cond.mp_behind is not None and (d.mp[p] < d.mp[opponent(p)]) != cond.mp_behind:
        return False
    if cond.result is not None:
        w = ctx.winner
        res = "tied" if w == -1 else ("won" if w == p else ("lost" if w >= 0 else ""))
        if res != cond.result:
            return False
    if cond.enhanced is not None and (lane < 0 or bool(d.enh[lane * 2 + p]) != cond.enhanced):
        return False
    if depth > 3:
        return not cond.count  # guard against conditions that refer to each other
    for cnt in cond.count:
        n = count_units(d, cnt.units, ctx, depth + 1)
        if n < cnt.at_least or (cnt.at_most is not None and n > cnt.at_most):
            return False
    return True


def static_targets(d: MetaZooData, op, ctx: Ctx, iid: int, depth: int) -> bool:
    """Does static op ``op`` (has_influence/has_keyword/contribution) reach unit ``iid``?"""
    tg = op.target
    ch = tg.choose
    if ch == "self":
        return iid == ctx.src
    return unit_matches(d, tg, iid, ctx, depth)


# ----------------------------------------------------------------------------- unit values
def influence(d: MetaZooData, iid: int, srcs: list | None = None, depth: int = 0) -> int:
    """Current Influence: base, plus give/gain modifiers, plus "has" effects now met."""
    c = d.cards[iid]
    total = c.influence
    for m in d.mods:
        if m.unit == iid and m.what == "inf":
            total += m.amount
    if depth > 3:
        return total
    if srcs is None:
        srcs = static_sources(d)
    if not srcs.inf:
        return total
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "has_influence" and static_targets(d, op, ctx, iid, depth) \
                    and condition_ok(d, ab.condition, ctx, depth):
                total += op.amount
    return total


def kw_count(d: MetaZooData, iid: int, kw: str, srcs: list | None = None, depth: int = 0) -> int:
    """How many times unit ``iid`` has keyword ``kw`` now (Destruction adds up)."""
    c = d.cards[iid]
    if kw == "soar":
        n = 1 if c.soar else 0
    elif kw == "destruction":
        n = c.destruction
    elif kw == "enhance":
        n = 1 if c.enhance else 0
    elif kw.startswith("cannot_"):
        n = 1 if kw[7:] in c.cannot else 0
    else:
        n = 0
    for m in d.mods:
        if m.unit == iid and m.what == kw:
            n += 1
    if depth > 3:
        return n
    if srcs is None:
        srcs = static_sources(d)
    if not srcs.kw:
        return n
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "has_keyword" and op.keyword == kw and static_targets(d, op, ctx, iid, depth) \
                    and condition_ok(d, ab.condition, ctx, depth):
                n += 1
    return n


def has_kw(d: MetaZooData, iid: int, kw: str, srcs: list | None = None, depth: int = 0) -> bool:
    return kw_count(d, iid, kw, srcs, depth) > 0


def cannot(d: MetaZooData, iid: int, what: str, srcs: list | None = None) -> bool:
    """MZL-ERRATA-CANNOT: ``what`` is e.g. "be_shattered"."""
    return what in d.cards[iid].cannot or has_kw(d, iid, "cannot_" + what, srcs)


# ----------------------------------------------------------------------------- lanes
def side_count(d: MetaZooData, lane: int, p: int) -> int:
    """Slots used: units plus enhancing Aura (MZL-LANE-7/8)."""
    s = lane * 2 + p
    return len(d.units[s]) + len(d.enh[s])


def lane_limit(d: MetaZooData, lane: int, p: int, srcs: list | None = None) -> int:
    """The side's current limit: 5, Terra/other changes, minus Gigantic (never below 0)."""
    limit = BASE_LIMIT
    cards = d.cards
    for u in d.units[lane * 2 + p]:
        limit -= cards[u].gigantic
    if srcs is None:
        srcs = static_sources(d)
    if not srcs.size:
        return max(0, limit)
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "lane_size":
                if op.lane == "this" and ctx.lane != lane:
                    continue
                if op.side != "any" and (op.side == "friendly") != (ctx.controller == p):
                    continue
                if condition_ok(d, ab.condition, ctx):
                    limit += op.amount
    return max(0, limit)


def room_for(d: MetaZooData, lane: int, p: int, iid: int = -1, srcs: list | None = None) -> bool:
    """Can one more unit (``iid``, counting its own Gigantic) or an Aura (iid -1) fit?"""
    g = d.cards[iid].gigantic if iid >= 0 else 0
    return side_count(d, lane, p) + 1 <= lane_limit(d, lane, p, srcs) - g


def same_name_here(d: MetaZooData, lane: int, p: int, iid: int) -> bool:
    """MZL-PLAY-5/6: a non-token unit of exactly this name already on this side of the lane."""
    c = d.cards[iid]
    if c.token:
        return False
    nm = c.name
    cards = d.cards
    for u in d.units[lane * 2 + p]:
        if u != iid and cards[u].name == nm and not cards[u].token:
            return True
    return False


def unique_in_play(d: MetaZooData, p: int, iid: int) -> bool:
    """MZL-PLAY-7 / MZL-ERRATA-UNIQUE: a player's own copy of a Unique card is in play
    (a Unique Terra: any copy in play, either player's)."""
    c = d.cards[iid]
    if not c.unique:
        return False
    nm = c.name
    if c.type == "terra":
        return any(t >= 0 and d.cards[t].name == nm for t in d.terra)
    for lane in range(LANES):
        for u in d.units[lane * 2 + p]:
            if d.cards[u].name == nm:
                return True
    return False


def can_enhance(d: MetaZooData, lane: int, p: int, srcs: list | None = None) -> bool:
    """MZL-ENHANCE-1/2, MZL-ERRATA-ENHANCE-3: a friendly creature with the symbol, or
    equipment with it while a friendly creature is here."""
    cards = d.cards
    units = d.units[lane * 2 + p]
    creature = False
    symbol = False
    for u in units:
        c = cards[u]
        if c.creature:
            creature = True
        if c.enhance or (srcs is not None and has_kw(d, u, "enhance", srcs)):
            if c.creature:
                return True
            symbol = True
    if srcs is None:
        for u in units:
            if not cards[u].enhance and has_kw(d, u, "enhance"):
                symbol = True
                if cards[u].creature:
                    return True
    return symbol and creature


# ----------------------------------------------------------------------------- missions
def mission_sources(d: MetaZooData, lane: int) -> list[tuple[Ctx, object]]:
    """During Mission abilities that apply to a mission in ``lane`` (MZL-ERRATA-SCOPE-1)."""
    out = []
    cards = d.cards
    for side in range(LANES * 2):
        for u in d.units[side]:
            c = cards[u]
            for ai in c.during:
                a = c.abilities[ai]
                if ((side >> 1) == lane or a.scope == "any_lane") and ability_works(d, u, ai):
                    out.append((Ctx(u, d.owner[u], ai, side >> 1, mission_lane=lane), a))
    for ln in range(LANES):
        t = d.terra[ln]
        if t >= 0:
            c = cards[t]
            for ai in c.during:
                a = c.abilities[ai]
                if ln == lane or a.scope == "any_lane":
                    out.append((Ctx(t, d.owner[t], ai, ln, mission_lane=lane), a))
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and c0 not in d.lane_of and not d.caster_down[p]:
            c = cards[c0]
            for ai in c.during:
                a = c.abilities[ai]
                if a.scope == "any_lane" and ability_works(d, c0, ai):
                    out.append((Ctx(c0, p, ai, -1, mission_lane=lane), a))
    return out


def contributions(d: MetaZooData, lane: int, p: int, srcs: list | None = None,
                  msrcs: list | None = None) -> list[tuple[int, int]]:
    """(unit, contributed Influence) on one side (MZL-MISSION-2/3, MZL-ERRATA-INFL-3..8)."""
    if srcs is None:
        srcs = static_sources(d)
    if msrcs is None:
        msrcs = mission_sources(d, lane)
    hc = has_creature(d, lane, p)
    out = []
    cards = d.cards
    groups = ([srcs] if getattr(srcs, "contrib", True) else []) + ([msrcs] if msrcs else [])
    for u in d.units[lane * 2 + p]:
        c = cards[u]
        if u in d.tapped or (c.equipment and not hc):
            out.append((u, 0))  # MZL-ERRATA-INFL-8, MZL-EQUIP-2/3
            continue
        v = influence(d, u, srcs)
        for group in groups:
            for ctx, ab in group:
                for op in ab.do:
                    if op.op == "contribution" and static_targets(d, op, ctx, u, 0) \
                            and condition_ok(d, ab.condition, ctx):
                        v += op.amount
        out.append((u, v))
    return out


def side_total(d: MetaZooData, lane: int, p: int, srcs: list | None = None, msrcs: list | None = None) -> int:
    """A side's mission total: contributions plus +1 per untapped enhancing Aura while a
    friendly creature is here (MZL-ENHANCE-6/8)."""
    total = sum(v for _, v in contributions(d, lane, p, srcs, msrcs))
    if d.enh[lane * 2 + p] and has_creature(d, lane, p):
        total += sum(1 for a in d.enh[lane * 2 + p] if a not in d.tapped)
    return total


def side_soar(d: MetaZooData, lane: int, p: int, srcs: list | None = None) -> bool:
    """MZL-KW-SOAR-3: any creature of the side has Soar, tapped or not."""
    cards = d.cards
    for u in d.units[lane * 2 + p]:
        if cards[u].creature and (cards[u].soar or has_kw(d, u, "soar", srcs)):
            return True
    return False


def destruction_count(d: MetaZooData, lane: int, p: int, srcs: list | None = None) -> int:
    """Instances of Destruction on a side: units' own (equipment only with a friendly
    creature) plus one per enhancing Aura, tapped or not, while a friendly creature is here
    (MZL-ENHANCE-7/13)."""
    hc = has_creature(d, lane, p)
    if not hc:
        return 0
    n = len(d.enh[lane * 2 + p])
    for u in d.units[lane * 2 + p]:
        n += kw_count(d, u, "destruction", srcs)
    return n


def mp_award_bonus(d: MetaZooData, lane: int, winner: int, msrcs: list) -> int:
    n = 0
    for ctx, ab in msrcs:
        for op in ab.do:
            if op.op == "mp_award":
                if op.side != "any" and (op.side == "friendly") != (ctx.controller == winner):
                    continue
                if condition_ok(d, ab.condition, ctx):
                    n += op.amount
    return n


# ----------------------------------------------------------------------------- costs
def strategy_confinable(c) -> bool:
    """MZL-ERRATA-DISCOUNT-4: a Strategy can keep its result inside one lane's creatures
    only if all it does is act on chosen units (no player effects, no "all" across lanes
    is fine once confined)."""
    from .schema import UNIT_OPS
    for a in c.abilities:
        for o in a.do:
            if o.op not in UNIT_OPS or o.op in ("move", "duel"):
                return False
            if o.target.type == "equipment" or o.target.choose in ("self", "subject"):
                return False
            if o.target.lane in ("other",):
                return False
    return bool(c.abilities)


def play_cost(d: MetaZooData, iid: int, p: int, lane: int = -1, confined: int = -1,
              srcs: list | None = None) -> int:
    """The cost to pay now: base plus cost changes, never below 0 (MZL-PLAY-9)."""
    c = d.cards[iid]
    cost = c.cost
    if srcs is None:
        srcs = static_sources(d)
    if not srcs.cost:
        return cost
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op != "cost":
                continue
            if op.side != "any" and (op.side == "friendly") != (ctx.controller == p):
                continue
            if not card_matches(c, op.card):
                continue
            if op.lane_only:
                here = ctx.lane
                if c.type == "strategy":
                    if confined < 0 or confined != here:
                        continue
                elif lane != here:
                    continue
            if condition_ok(d, ab.condition, ctx):
                cost += op.amount
    return max(0, cost)


def lane_discounts(d: MetaZooData, iid: int, p: int, srcs: list) -> list[int]:
    """Lanes whose lane-only discounts a Strategy could get by being confined there."""
    c = d.cards[iid]
    out = []
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "cost" and op.lane_only and ctx.lane >= 0 and card_matches(c, op.card) \
                    and (op.side == "any" or (op.side == "friendly") == (ctx.controller == p)):
                if ctx.lane not in out:
                    out.append(ctx.lane)
    return out
