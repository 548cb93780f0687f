"""Values computed on read, never stored (ARCHITECTURE: continuous effects cannot go stale).

Current Influence (MZL-ERRATA-INFL-2), keywords, lane size limits with Gigantic
(MZL-ERRATA-GIGANTIC), contributed Influence and mission totals (MZL-MISSION-2,
MZL-ERRATA-INFL-3..8), Soar (MZL-KW-SOAR), Destruction instances (MZL-ENHANCE-7/13),
cost changes (MZL-PLAY-9, MZL-ERRATA-DISCOUNT) and conditions of "has" abilities.

Effects are read relative to an effect context (records.Ctx: the source, "you", "this" lane,
the trigger's subject, the mission, the chosen lane...).
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from .cards import CardDef, Plain
from .data import BASE_LANE_LIMIT, KEYWORDS, LANES, MetaZooData, opponent
from .records import Ctx, make

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


#: a working ability: the context it works in and the ability (a Plain copy of its card-file model)
Source = tuple[Ctx, Plain]
#: a cost change working now: the op and the lane of its source
CostChange = tuple[Plain, int]
#: a compiled UnitFilter: ``(d, iid, ctx, depth, at) -> bool``
Matcher = Callable[[MetaZooData, int, Ctx, int, "int | None"], bool]

#: a "has" Influence effect as :func:`influences` applies it: (ctx, op, condition, sides, matcher)
InfluenceEffect = tuple[Ctx, Plain, Any, "list[int] | None", "Matcher | None"]


class Sources(list[Source]):
    """(ctx, ability) of every continuous ability now working, with flags saying which
    static ops occur at all (so reads can skip the scan)."""

    __slots__ = ("inf", "kw", "size", "cost", "contrib", "neg", "shrink", "missions", "kw_given", "during",
                 "inf_ops")

    def __init__(self, items: list[Source], ops: "set[str] | frozenset[str]", during: bool = True) -> None:
        super().__init__(items)
        # False: no card in play has a During Mission ability (every mission_sources list is empty)
        self.during = during
        self.inf = "has_influence" in ops
        self.kw = "has_keyword" in ops
        self.size = "lane_size" in ops
        self.cost = "cost" in ops
        self.contrib = "contribution" in ops
        self.neg = "neg_influence" in ops
        # the most lane size effects could take from a side's limit (0: none lowers one)
        self.shrink = sum(op.amount for _, ab in items for op in ab.do if op.op == "lane_size" and op.amount < 0) \
            if self.size else 0
        self.missions: dict[int, list[Source]] = {}  # mission_sources by lane: they change only when cards move
        # the keywords "has" effects could give (kw_count need not look for others)
        self.kw_given = frozenset(op.keyword for _, ab in items for op in ab.do if op.op == "has_keyword") \
            if self.kw else frozenset()
        self.inf_ops: list[InfluenceEffect] | None = None  # influences' plan of the "has" Influence effects (inf_plan)


def inf_plan(d: MetaZooData, srcs: Sources) -> list[InfluenceEffect]:
    """(ctx, op, condition, sides, matcher) of every "has" Influence effect in ``srcs``, in
    order: the sides its target can reach (None: the source itself) and the matcher of that
    target. Worked out once per ``srcs``: a continuous source's context names no subject, so
    the sides it reaches stay the same while it works."""
    plan = srcs.inf_ops
    if plan is None:
        plan = srcs.inf_ops = []
        for ctx, ab in srcs:
            for op in ab.do:
                if op.op == "has_influence":
                    tg = op.target
                    if tg.choose == "self":
                        plan.append((ctx, op, ab.condition, None, None))
                    else:
                        e = _MATCHERS.get(id(tg))
                        if e is None or e[0] is not tg:
                            e = _matcher(tg)
                        sides = filter_sides(d, tg, ctx) if ctx.subject < 0 else None
                        plan.append((ctx, op, ab.condition, sides, e[1]))
    return plan


def static_sources(d: MetaZooData) -> Sources:
    """The continuous abilities working now, cached on ``d`` until cards move (``cards_moved``)."""
    s = d.srcs
    if s is None:
        s = d.srcs = _static_sources(d)
    return s


def _static_sources(d: MetaZooData) -> Sources:
    out = []
    ops: set[str] = set()
    cards = d.cards
    owner = d.owner
    mission = d.mission
    during = False
    for side in range(LANES * 2):
        for u in d.units[side]:
            c = cards[u]
            if c.during:
                during = True
            if c.statics:
                for ai in c.statics:
                    if ability_works(d, u, ai):
                        out.append((make(Ctx, (u, owner[u], ai, side >> 1, -1, -1, -2, mission, -1, -1, -1, ())),
                                    c.abilities[ai]))
                        ops |= c.ops[ai]
    for ln in range(LANES):
        t = d.terra[ln]
        if t >= 0:
            c = cards[t]
            if c.during:
                during = True
            if c.statics:
                for ai in c.statics:
                    out.append((make(Ctx, (t, owner[t], ai, ln, -1, -1, -2, mission, -1, -1, -1, ())), c.abilities[ai]))
                    ops |= c.ops[ai]
    for p in (0, 1):
        c0 = d.caster[p]
        if c0 >= 0 and not d.caster_down[p] and c0 not in d.lane_of:
            c = cards[c0]
            if c.during:
                during = True
            if c.statics:
                for ai in c.statics:
                    if ability_works(d, c0, ai):
                        out.append((Ctx(c0, p, ai, -1, mission_lane=mission), c.abilities[ai]))
                        ops |= c.ops[ai]
    return Sources(out, ops, during)


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


def filter_sides(d: MetaZooData, f: Plain, ctx: Ctx) -> list[int]:
    """The lane sides (``lane * 2 + player``) whose units UnitFilter ``f`` can match at all
    relative to ``ctx``: a cheap narrowing before :func:`unit_matches`."""
    ctrl = ctx.controller
    side = f.side
    ps = (ctrl,) if side == "friendly" else ((opponent(ctrl),) if side == "rival" else (0, 1))
    if ctx.confined >= 0:
        lanes: "range | tuple[int, ...]" = (ctx.confined,)
    elif f.lane == "any" or f.lane == "other":
        lanes = range(LANES)
    else:
        ln = lane_ref(d, f.lane, ctx)
        lanes = (ln,) if ln is not None and ln >= 0 else ()
    return [ln * 2 + p for ln in lanes for p in ps]


def unit_matches(d: MetaZooData, f: Plain, iid: int, ctx: Ctx, depth: int = 0, at: int | None = None) -> bool:
    """Does unit ``iid`` (in a lane) match UnitFilter ``f`` relative to ``ctx``? ``at`` is the
    lane to assume for a unit that has just left play (trigger subjects)."""
    e = _MATCHERS.get(id(f))
    if e is None or e[0] is not f:
        e = _matcher(f)
    return e[1](d, iid, ctx, depth, at)


# UnitFilter id -> (the filter, its matcher): filters are immutable card data read in the hottest
# loops, so each is turned once into a function that tests only the fields it sets
_MATCHERS: dict[int, tuple[Plain, Matcher]] = {}


def _matcher(f: Plain) -> tuple[Plain, Matcher]:
    if len(_MATCHERS) > 4096:  # filters made on the fly (tests, scenarios): never grow without end
        _MATCHERS.clear()
    e = _MATCHERS[id(f)] = (f, _compile(f))
    return e


def _card_part(f: Plain, c: CardDef) -> bool:
    """The tests of UnitFilter ``f`` that read only the card's definition."""
    t = f.type
    return not (t == "creature" and not c.creature or t == "equipment" and not c.equipment
                or f.caster is not None and (c.type == "caster") != f.caster
                or f.token is not None and c.token != f.token
                or f.trait is not None and f.trait not in c.traits
                or f.aura is not None and c.aura != f.aura
                or f.name is not None and c.name != f.name
                or f.max_cost is not None and c.cost > f.max_cost)


def _compile(f: Plain) -> Matcher:
    """A function ``(d, iid, ctx, depth, at) -> bool`` equal to testing every field of ``f``."""
    side, lane, other, itself = f.side, f.lane, f.other, f.itself
    tapped, damaged, kw = f.tapped, f.damaged, f.keyword
    lo, hi = f.min_influence, f.max_influence
    by_card: dict[int, bool] = {}   # id(card definition) -> _card_part
    keep: list[CardDef] = []        # those definitions, so that their ids stay theirs
    dynamic = tapped is not None or damaged is not None or kw is not None or lo is not None or hi is not None

    def match(d: MetaZooData, iid: int, ctx: Ctx, depth: int = 0, at: int | None = None) -> bool:
        c = d.cards[iid]
        ok = by_card.get(id(c))
        if ok is None:
            ok = by_card[id(c)] = _card_part(f, c)
            keep.append(c)
        if not ok:
            return False
        if side != "any" and (side == "friendly") != (d.owner[iid] == ctx.controller):
            return False
        if lane != "any" or ctx.confined >= 0:
            where = d.lane_of.get(iid, -1 if at is None else at)
            if lane == "other":
                this = ctx.lane if ctx.lane >= 0 else ctx.confined
                if where == this and this >= 0:
                    return False
            elif lane != "any" and where != lane_ref(d, lane, ctx):
                return False
            if ctx.confined >= 0 and (where != ctx.confined or not c.creature):
                return False  # a Strategy confined to one lane's creatures (MZL-ERRATA-DISCOUNT-4)
        if other and iid == ctx.src or itself and iid != ctx.src:
            return False
        if not dynamic:
            return True
        if tapped is not None and (iid in d.tapped) != tapped:
            return False
        if damaged is not None and (d.damage.get(iid, 0) > 0) != damaged:
            return False
        if kw is not None and not has_kw(d, iid, kw, depth=depth + 1):
            return False
        if lo is not None or hi is not None:
            inf = influence(d, iid, depth=depth + 1)
            if lo is not None and inf < lo:
                return False
            if hi is not None and inf > hi:
                return False
        return True

    return match


def card_matches(c: CardDef, f: Plain) -> bool:
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


def count_units(d: MetaZooData, f: Plain, ctx: Ctx, depth: int = 0) -> int:
    n = 0
    units = d.units
    e = _MATCHERS.get(id(f))
    if e is None or e[0] is not f:
        e = _matcher(f)
    match = e[1]
    for s in filter_sides(d, f, ctx):
        for u in units[s]:
            if match(d, u, ctx, depth, None):
                n += 1
    return n


def condition_ok(d: MetaZooData, cond: Plain | None, ctx: Ctx, depth: int = 0) -> bool:
    """MZL-KW-GIVE-3: a "has" applies only while its condition is met."""
    if cond is None:
        return True
    e = _CONDITIONS.get(id(cond))
    if e is None or e[0] is not cond:
        if len(_CONDITIONS) > 4096:  # conditions made on the fly: never grow without end
            _CONDITIONS.clear()
        e = _CONDITIONS[id(cond)] = (cond, _compile_condition(cond))
    return e[1](d, ctx, depth)


# Condition id -> (the condition, its test): like _MATCHERS, each condition is read once for
# the parts it sets (most set one)
_CONDITIONS: dict[int, tuple[Plain, Callable[[MetaZooData, Ctx, int], bool]]] = {}


def _compile_condition(cond: Plain) -> Callable[[MetaZooData, Ctx, int], bool]:
    """A function ``(d, ctx, depth) -> bool`` equal to testing every part of ``cond``."""
    counts = tuple((cnt.units, cnt.at_least, cnt.at_most) for cnt in cond.count)
    fields = any(v is not None for v in (cond.terra, cond.terra_aura, cond.terra_not_aura, cond.terra_trait,
                                         cond.lane_resolved, cond.self_tapped, cond.in_lane, cond.mp_behind,
                                         cond.result, cond.enhanced))

    def ok(d: MetaZooData, ctx: Ctx, depth: int) -> bool:
        if fields and not _parts_ok(d, cond, ctx):
            return False
        if depth > 3:
            return not counts  # guard against conditions that refer to each other
        for f, lo, hi in counts:
            n = count_units(d, f, ctx, depth + 1)
            if n < lo or (hi is not None and n > hi):
                return False
        return True

    return ok


def _parts_ok(d: MetaZooData, cond: Plain, ctx: Ctx) -> bool:
    """The parts of ``cond`` other than its unit counts."""
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
    return True


def static_targets(d: MetaZooData, op: Plain, ctx: Ctx, iid: int, depth: int) -> bool:
    """Does static op ``op`` (has_influence/has_keyword/contribution) reach unit ``iid``?"""
    tg = op.target
    ch = tg.choose
    if ch == "self":
        return iid == ctx.src
    return unit_matches(d, tg, iid, ctx, depth)


# ----------------------------------------------------------------------------- unit values
def influence(d: MetaZooData, iid: int, srcs: Sources | None = None, depth: int = 0) -> int:
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


def influence_parts(d: MetaZooData, iid: int, srcs: Sources) -> list[tuple[int, int]]:
    """Where a unit's Influence differs from its printed one: (source card, amount) for each
    give/gain modifier and each "has" effect now met, in that order (source -1: unknown).
    The amounts add up to :func:`influence` minus the printed Influence; players read them
    to see why a unit has the Influence it has (``srcs``: :func:`static_sources` now)."""
    out = [(m.src, m.amount) for m in d.mods if m.unit == iid and m.what == "inf"]
    if srcs.inf:
        for ctx, ab in srcs:
            for op in ab.do:
                if op.op == "has_influence" and static_targets(d, op, ctx, iid, 0) \
                        and condition_ok(d, ab.condition, ctx, 0):
                    out.append((ctx.src, op.amount))
    return out


def influences(d: MetaZooData, srcs: Sources | None = None, lane: int = -1) -> dict[int, int]:
    """The current Influence of every unit in play (or only in ``lane``), as :func:`influence`
    gives it one by one (each "has" condition checked once, each effect tried only on the
    sides it can reach)."""
    cards = d.cards
    units = d.units
    sides = range(LANES * 2) if lane < 0 else (lane * 2, lane * 2 + 1)
    out = {u: cards[u].influence for s in sides for u in units[s]}
    for m in d.mods:
        if m.what == "inf" and m.unit in out:
            out[m.unit] += m.amount
    if srcs is None:
        srcs = static_sources(d)
    if not srcs.inf or not out:
        return out
    for ctx, op, cond, reach, match in inf_plan(d, srcs):
        if match is None:
            reached = [ctx.src] if ctx.src in out else []
        else:
            if reach is None:
                reach = filter_sides(d, op.target, ctx)
            reached = [u for s in reach if lane < 0 or s >> 1 == lane
                       for u in units[s] if match(d, u, ctx, 0, None)]
        if reached and (cond is None or condition_ok(d, cond, ctx)):
            for u in reached:
                out[u] += op.amount
    return out


def kw_count(d: MetaZooData, iid: int, kw: str, srcs: Sources | None = None, depth: int = 0) -> int:
    """How many times unit ``iid`` has keyword ``kw`` now (Destruction adds up)."""
    n: int = d.cards[iid].keywords.get(kw, 0)
    for m in d.mods:
        if m.unit == iid and m.what == kw:
            n += 1
    if depth > 3:
        return n
    if srcs is None:
        srcs = static_sources(d)
    if kw not in srcs.kw_given:
        return n
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "has_keyword" and op.keyword == kw and static_targets(d, op, ctx, iid, depth) \
                    and condition_ok(d, ab.condition, ctx, depth):
                n += 1
    return n


def keyword_counts(d: MetaZooData, iid: int, srcs: Sources) -> dict[str, int]:
    """:func:`kw_count` of every keyword of unit ``iid`` at once (the keywords it has, each
    with its count): one pass over modifiers and static effects instead of one per keyword,
    for views, which list every unit's keywords."""
    out = {k: n for k, n in d.cards[iid].keywords.items() if n}
    for m in d.mods:
        if m.unit == iid and m.what in KEYWORDS:
            out[m.what] = out.get(m.what, 0) + 1
    if srcs.kw_given:
        for ctx, ab in srcs:
            for op in ab.do:
                if op.op == "has_keyword" and static_targets(d, op, ctx, iid, 0) \
                        and condition_ok(d, ab.condition, ctx, 0):
                    out[op.keyword] = out.get(op.keyword, 0) + 1
    return out


def has_kw(d: MetaZooData, iid: int, kw: str, srcs: Sources | None = None, depth: int = 0) -> bool:
    return kw_count(d, iid, kw, srcs, depth) > 0


CANNOT_KEYWORDS = {w: "cannot_" + w for w in ("be_shattered", "be_damaged", "be_tapped", "be_moved", "be_returned",
                                               "be_dueled", "be_targeted")}


def cannot(d: MetaZooData, iid: int, what: str, srcs: Sources | None = None) -> bool:
    """MZL-ERRATA-CANNOT: ``what`` is e.g. "be_shattered"."""
    return what in d.cards[iid].cannot or has_kw(d, iid, CANNOT_KEYWORDS[what], srcs)


# ----------------------------------------------------------------------------- lanes
def side_count(d: MetaZooData, lane: int, p: int) -> int:
    """Slots used: units plus enhancing Aura (MZL-LANE-7/8)."""
    s = lane * 2 + p
    return len(d.units[s]) + len(d.enh[s])


def lane_limit(d: MetaZooData, lane: int, p: int, srcs: Sources | None = None) -> int:
    """The side's current limit: 5, Terra/other changes, minus Gigantic (never below 0)."""
    limit = BASE_LANE_LIMIT  # MZL-LANE-6
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


class SideFacts(NamedTuple):
    """What the options of an action need to know about one side of a lane."""

    used: int              # slots used (side_count)
    limit: int             # lane_limit
    names: set[str]        # names of its non-token units (MZL-PLAY-5)
    enhanceable: bool      # MZL-ENHANCE-1/2, MZL-ERRATA-ENHANCE-3: a friendly creature with the symbol, or
                           # equipment with it while a friendly creature is here


def side_facts(d: MetaZooData, p: int, srcs: Sources) -> list[SideFacts]:
    """:class:`SideFacts` of ``p``'s side of each lane, in one pass over the units."""
    cards = d.cards
    units = d.units
    enh = d.enh
    granted = srcs.kw or any(m.what == "enhance" for m in d.mods)  # the symbol only from the card itself?
    out = []
    for ln in range(LANES):
        s = ln * 2 + p
        limit = BASE_LANE_LIMIT  # MZL-LANE-6
        names = set()
        creature = symbol = False
        for u in units[s]:
            c = cards[u]
            limit -= c.gigantic
            if not c.token:
                names.add(c.name)
            if c.creature:
                creature = True
            if c.enhance or granted and has_kw(d, u, "enhance", srcs):
                symbol = True
        if srcs.size:
            limit = lane_limit(d, ln, p, srcs)
        out.append(make(SideFacts, (len(units[s]) + len(enh[s]), max(0, limit), names, symbol and creature)))
    return out


def room_for(d: MetaZooData, lane: int, p: int, iid: int = -1, srcs: Sources | None = None) -> bool:
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


# ----------------------------------------------------------------------------- missions
def mission_sources(d: MetaZooData, lane: int) -> list[Source]:
    """During Mission abilities that apply to a mission in ``lane`` (MZL-ERRATA-SCOPE-1),
    kept with the continuous sources until cards move."""
    srcs = static_sources(d)
    cache = srcs.missions
    out = cache.get(lane)
    if out is None:
        out = cache[lane] = _mission_sources(d, lane) if srcs.during else []
    return out


def _mission_sources(d: MetaZooData, lane: int) -> list[Source]:
    out: list[Source] = []
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


def contributions(d: MetaZooData, lane: int, p: int, srcs: Sources | None = None,
                  msrcs: list[Source] | None = None, infl: dict[int, int] | None = None) -> list[tuple[int, int]]:
    """(unit, contributed Influence) on one side (MZL-MISSION-2/3, MZL-ERRATA-INFL-3..8);
    ``infl``: the units' current Influence if already known (:func:`influences`)."""
    if srcs is None:
        srcs = static_sources(d)
    if msrcs is None:
        msrcs = mission_sources(d, lane)
    hc = has_creature(d, lane, p)
    out = []
    cards = d.cards
    # contribution effects whose condition holds now (checked once, not per unit)
    effects = []
    for group in ((srcs, msrcs) if getattr(srcs, "contrib", True) else (msrcs,)):
        for ctx, ab in group:
            for op in ab.do:
                if op.op == "contribution" and condition_ok(d, ab.condition, ctx):
                    effects.append((op, ctx))
    for u in d.units[lane * 2 + p]:
        c = cards[u]
        if u in d.tapped or (c.equipment and not hc):
            out.append((u, 0))  # MZL-ERRATA-INFL-8, MZL-EQUIP-2/3
            continue
        v = infl[u] if infl is not None else influence(d, u, srcs)
        for op, ctx in effects:
            if static_targets(d, op, ctx, u, 0):
                v += op.amount
        out.append((u, v))
    return out


def aura_bonus(d: MetaZooData, lane: int, p: int) -> int:
    """+1 per untapped enhancing Aura while a friendly creature is here (MZL-ENHANCE-6/8)."""
    enh = d.enh[lane * 2 + p]
    if enh and has_creature(d, lane, p):
        return sum(1 for a in enh if a not in d.tapped)
    return 0


def side_total(d: MetaZooData, lane: int, p: int, srcs: Sources | None = None, msrcs: list[Source] | None = None,
               infl: dict[int, int] | None = None) -> int:
    """A side's mission total: contributions plus the enhancing Aura's bonus."""
    return sum(v for _, v in contributions(d, lane, p, srcs, msrcs, infl)) + aura_bonus(d, lane, p)


def lane_totals(d: MetaZooData, lane: int, srcs: Sources, infl: dict[int, int]) -> tuple[int, int]:
    """:func:`side_total` of both sides of ``lane`` at once (``infl``: :func:`influences`), the
    contribution effects found once for the lane: a bot's evaluation reads every lane."""
    msrcs = mission_sources(d, lane)
    effects = []
    if msrcs or srcs.contrib:
        for group in ((srcs, msrcs) if srcs.contrib else (msrcs,)):
            for ctx, ab in group:
                for op in ab.do:
                    if op.op == "contribution" and condition_ok(d, ab.condition, ctx):
                        effects.append((op, ctx))
    cards = d.cards
    tapped = d.tapped
    out = [0, 0]
    for p in (0, 1):
        s = lane * 2 + p
        side = d.units[s]
        hc = False
        for u in side:
            if cards[u].creature:
                hc = True
                break
        total = 0
        for u in side:
            if u in tapped or (not hc and cards[u].equipment):
                continue  # contributes 0 (MZL-ERRATA-INFL-8, MZL-EQUIP-2/3)
            v = infl[u]
            for op, ctx in effects:
                if static_targets(d, op, ctx, u, 0):
                    v += op.amount
            total += v
        enh = d.enh[s]
        if enh and hc:
            total += sum(1 for a in enh if a not in tapped)
        out[p] = total
    return out[0], out[1]


def side_soar(d: MetaZooData, lane: int, p: int, srcs: Sources | None = None) -> bool:
    """MZL-KW-SOAR-3: any creature of the side has Soar, tapped or not."""
    cards = d.cards
    if srcs is None:
        srcs = static_sources(d)
    # unless an effect or a modifier gives Soar, only the printed keyword counts (kw_count)
    given = "soar" in srcs.kw_given or any(m.what == "soar" for m in d.mods)
    for u in d.units[lane * 2 + p]:
        c = cards[u]
        if c.creature and (c.soar or (has_kw(d, u, "soar", srcs) if given else c.keywords.get("soar", 0) > 0)):
            return True
    return False


def destruction_count(d: MetaZooData, lane: int, p: int, srcs: Sources | None = None) -> int:
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


def mp_award_bonus(d: MetaZooData, lane: int, winner: int, msrcs: list[Source]) -> int:
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
def cost_changes(d: MetaZooData, p: int, srcs: Sources | None = None) -> list[CostChange]:
    """The cost changes working now for cards ``p`` plays: (op, the lane of its source),
    conditions checked (MZL-PLAY-9, MZL-ERRATA-DISCOUNT)."""
    if srcs is None:
        srcs = static_sources(d)
    out: list[CostChange] = []
    if not srcs.cost:
        return out
    for ctx, ab in srcs:
        for op in ab.do:
            if op.op == "cost" and (op.side == "any" or (op.side == "friendly") == (ctx.controller == p)) \
                    and condition_ok(d, ab.condition, ctx):
                out.append((op, ctx.lane))
    return out


def cost_with(c: CardDef, lane: int, confined: int, changes: list[CostChange]) -> int:
    """Card ``c``'s cost played to ``lane`` (a Strategy: ``confined`` to a lane or -1) with
    the ``changes`` of :func:`cost_changes`, never below 0."""
    cost: int = c.cost
    for op, here in changes:
        if not card_matches(c, op.card):
            continue
        if op.lane_only:
            if c.type == "strategy":
                if confined < 0 or confined != here:
                    continue
            elif lane != here:
                continue
        cost += op.amount
    return max(0, cost)


def lane_discounts(c: CardDef, changes: list[CostChange]) -> list[int]:
    """Lanes whose lane-only cost changes a Strategy could get by being confined there."""
    out = []
    for op, here in changes:
        if op.lane_only and here >= 0 and here not in out and card_matches(c, op.card):
            out.append(here)
    return out
