"""Playing cards and using abilities: which are legal now, and how they are carried out.

Play a card (MZL-PLAY): choose the card and its lane in one action (``play:c12@lane2``),
pay (aura.step_pay), then it is put in place and its On Play abilities and any "when
played" triggers wait together for the active player to order them (MZL-PLAY-11,
MZL-ERRATA-FIZZLE). A Strategy goes to a resolving zone, resolves, then is discarded
(MZL-STRATEGY-3); it may be "confined" to one lane (``play:c12@lane2``) to get a lane-only
discount (MZL-ERRATA-DISCOUNT-4, PR-MZL-4). Casters are played from the Caster zone
(MZL-CASTER-4). Terras go to any lane, replacing the Terra there (MZL-TERRA-4/5/10).

Use an ability (MZL-ABILITY): pay every part of its cost (mark, tap, Aura, Sacrifice) as
part of the action (MZL-ACTION-7), then resolve it.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.action import Action, Decision
from ...engine.events import emit
from ...engine.state import GameState
from . import aura, stats, zones
from .cards import Plain
from .zones import distinct_by_name, lane_txt, nm, pl, unit_label
from .data import LANES, MetaZooData, use_key
from .records import (Ctx, Event, Pay, PickCard, Place, PlayCard, ResolveAbility, SacrificeCost, StrategyDone,
                      UseAbility, make, waiting)
from .candidates import FIXED as FIXED_CHOICES
from .candidates import any_candidate, candidates

_KIND = {"creature": "unit", "equipment": "unit", "caster": "unit", "terra": "terra", "strategy": "strategy"}


# ----------------------------------------------------------------------------- what may be played
def _eager(fn: Callable[..., str], *args: Any) -> str:
    return fn(*args)


def _unit_label(name: str, ln: int, cost: int) -> str:
    return f"Play {name} to {lane_txt(ln)} (cost {cost})"


def _terra_label(name: str, ln: int, replaced: str | None, cost: int) -> str:
    what = f"replacing {replaced}" if replaced is not None else "razed lane"
    return f"Play Terra {name} to {lane_txt(ln)} ({what}, cost {cost})"


def _strategy_label(name: str, cost: int, no_effect: bool = False) -> str:
    return f"Play Strategy {name} (cost {cost}{', no effect' if no_effect else ''})"


def _confined_label(name: str, ln: int, cost: int, no_effect: bool = False) -> str:
    return f"Play Strategy {name} affecting only creatures in {lane_txt(ln)} (cost {cost}" \
           f"{', no effect' if no_effect else ''})"


_PLAY_IDS: list[tuple[str, ...]] = []  # card id -> its play action ids: to lane 1..4, then without a lane


def play_ids(iid: int) -> tuple[str, ...]:
    """``play:c12@lane1`` .. ``play:c12@lane4``, ``play:c12``: made once per card id."""
    while len(_PLAY_IDS) <= iid:
        n = len(_PLAY_IDS)
        _PLAY_IDS.append(tuple(f"play:c{n}@lane{ln + 1}" for ln in range(LANES)) + (f"play:c{n}",))
    return _PLAY_IDS[iid]


def play_actions(st: GameState, p: int, srcs: stats.Sources, sides: list[stats.SideFacts]) -> list[Action]:
    """MZL-PLAY: each card of the hand (one per name) and the Caster in its zone, to each
    lane it may go to, when it can be paid for."""
    d: MetaZooData = st.data
    cards = d.cards
    changes = stats.cost_changes(d, p, srcs)
    cost_ops = bool(changes)  # without cost changes every card costs what it says
    cost_with = stats.cost_with
    label = _eager if st.logging else partial  # quiet mode: labels made only if read
    names = [f.names for f in sides]
    room_left = [f.limit - f.used for f in sides]
    mine = set().union(*names)
    # the Aura that could pay: untapped ones by type, and the types in the zone at all
    by_type: dict[str | None, int] = {}
    zone_types: set[str | None] = set()
    n_untapped = 0
    tapped = d.tapped
    for a in d.aura_zone[p]:
        t = cards[a].aura
        zone_types.add(t)
        if a not in tapped:
            by_type[t] = by_type.get(t, 0) + 1
            n_untapped += 1

    def payable(aura: str | None, cost: int) -> bool:
        if cost <= 0:
            return aura is None or aura in zone_types  # MZL-ERRATA-ZERO-2
        return n_untapped >= cost and (aura is None or aura in by_type)

    acts: list[Action] = []
    add = acts.append
    cands = distinct_by_name(d, d.hand[p])
    if d.caster_in_zone(p):
        cands.append(d.caster[p])
    for iid in cands:
        c = cards[iid]
        kind = _KIND.get(c.type)
        ids = _PLAY_IDS[iid] if iid < len(_PLAY_IDS) else play_ids(iid)
        if kind == "unit":
            name = c.name
            if c.unique and name in mine:
                continue  # MZL-PLAY-7
            cost = c.cost
            if not cost_ops and not payable(c.aura, cost):
                continue
            room = c.gigantic + 1
            for ln in range(LANES):
                if room > room_left[ln] or name in names[ln]:
                    continue  # MZL-LANE-10/14, MZL-PLAY-5
                if cost_ops:
                    cost = cost_with(c, ln, -1, changes)
                    if not payable(c.aura, cost):
                        continue
                add(make(Action, (ids[ln], label(_unit_label, name, ln, cost), make(PlayCard, (iid, ln, -1, cost)))))
        elif kind == "terra":
            if stats.unique_in_play(d, p, iid) or (not cost_ops and not payable(c.aura, c.cost)):
                continue  # MZL-ERRATA-UNIQUE-2
            for ln in range(LANES):
                cost = cost_with(c, ln, -1, changes) if cost_ops else c.cost
                if payable(c.aura, cost):
                    old = d.terra[ln]
                    add(make(Action, (ids[ln], label(_terra_label, c.name, ln, cards[old].name if old >= 0 else None,
                                                     cost), make(PlayCard, (iid, ln, -1, cost)))))
        elif kind == "strategy":
            cost = cost_with(c, -1, -1, changes) if cost_ops else c.cost
            if payable(c.aura, cost) and strategy_has_targets(d, iid, p, -1):
                add(make(Action, (ids[LANES], label(_strategy_label, c.name, cost, strategy_idle(d, iid, p, -1)),
                                  make(PlayCard, (iid, -1, -1, cost)))))
            if cost_ops and c.confinable:
                for ln in stats.lane_discounts(c, changes):
                    cc = cost_with(c, -1, ln, changes)
                    if cc < cost and payable(c.aura, cc) and strategy_has_targets(d, iid, p, ln) \
                            and all_stay_in_lane(d, iid, p, ln):
                        add(make(Action, (ids[ln], label(_confined_label, c.name, ln, cc,
                                                         strategy_idle(d, iid, p, ln)),
                                          make(PlayCard, (iid, -1, ln, cc)))))
    return acts


def strategy_has_targets(d: MetaZooData, iid: int, p: int, conf: int) -> bool:
    """MZL-STRATEGY-5: not playable if it needs a target and none exists (checked on each
    ability's first targeting op: later ops may find targets the first creates)."""
    c = d.cards[iid]
    for ai, oi in c.first_targets:
        o = c.abilities[ai].do[oi]
        tg = o.target
        if tg.lane == "chosen" or tg.lane == "this" and conf < 0:
            for ln in range(LANES):  # some lane it could be pointed at has a target
                if any_candidate(d, o, tg, make(Ctx, (iid, p, ai, -1, -1, -1, -2, -1, ln, -1, conf, ())), p):
                    break
            else:
                return False
        elif not any_candidate(d, o, tg, make(Ctx, (iid, p, ai, -1, -1, -1, -2, -1, -1, -1, conf, ())), p):
            return False
    return True


def _op_reaches(d: MetaZooData, o: Plain, ctx: Ctx, p: int) -> bool:
    """Could unit op ``o`` act on some unit now? A lane still to be chosen (PR-MZL-17) counts
    if some lane would do."""
    tg = o.target
    if tg.lane == "chosen" or tg.lane == "this" and ctx.lane < 0 and ctx.confined < 0:
        return any(_reaches_here(d, o, ctx._replace(chosen=ln), p) for ln in range(LANES))
    return _reaches_here(d, o, ctx, p)


def _reaches_here(d: MetaZooData, o: Plain, ctx: Ctx, p: int) -> bool:
    if o.op != "duel":
        return any_candidate(d, o, o.target, ctx, p)
    fighters = [u for u in candidates(d, o, o.fighter, ctx, p) if d.cards[u].creature]
    return any(candidates(d, o, o.target, ctx, p, f) for f in fighters)


def _player_op_acts(d: MetaZooData, o: Plain, p: int) -> bool:
    """Could ``p``'s part of player op ``o`` change anything: cards to draw, look at or find,
    a hand to discard from, a matching card to return, Aura to tap or untap?"""
    k = o.op
    if k in ("draw", "discover", "search"):
        return bool(d.deck[p])
    if k == "discard":
        return bool(d.hand[p])
    if k == "recover":
        return any(stats.card_matches(d.cards[c], o.filter) for c in d.discard[p])
    if k in ("tap_aura", "untap_aura"):
        return any((a in d.tapped) == (k == "untap_aura") for a in d.aura_zone[p])
    return True


def can_do_something(d: MetaZooData, iid: int, ai: int, p: int, ctx: Ctx | None = None) -> bool:
    """PR-MZL-25: ability ``ai`` of ``iid`` could change something if it resolved now for
    ``p``: its first op that picks one unit has a target (PR-MZL-10), and, when all its ops act
    on units or on its controller's cards, one of them has something to act on (a unit, room
    for a token, a card to draw...). Other ops (MP, lanes, other players' parts) count as doing
    something."""
    c = d.cards[iid]
    a = c.abilities[ai]
    if ctx is None:
        ctx = Ctx(iid, p, ai, stats.card_lane(d, iid), mission_lane=d.mission)
    if not a.do:
        return True
    reaches_any = False
    for o in a.do:
        if o.op == "create_token":
            lanes = [ctx.lane] if o.lane == "this" and ctx.lane >= 0 else range(LANES)
            reaches_any = reaches_any or any(stats.room_for(d, ln, p) for ln in lanes)
            continue
        if hasattr(o, "player"):
            if o.player != "you" or _player_op_acts(d, o, p):
                return True   # a player op that can act (other players' parts: assume they can)
            continue
        tg = getattr(o, "target", None)
        if tg is None:
            return True   # not a unit op: assume it may act
        if o.op in ("has_influence", "has_keyword", "contribution", "prevent", "lane_size", "cost"):
            return True
        if tg.choose in FIXED_CHOICES:
            return True   # "this unit", "that unit", "it": the op's subject is given
        reaches = _op_reaches(d, o, ctx, p)
        if not reaches and (tg.choose in ("one", "highest", "lowest") or o.op == "duel") and not reaches_any:
            return False  # its first target is needed and there is none
        reaches_any = reaches_any or reaches
    return reaches_any


def strategy_idle(d: MetaZooData, iid: int, p: int, conf: int) -> bool:
    """PR-MZL-25: a Strategy that may be played (MZL-STRATEGY-5) but none of whose abilities
    could change anything now; its option says "no effect"."""
    on_play = [ai for ai, a in enumerate(d.cards[iid].abilities) if a.kind == "on_play"]
    return bool(on_play) and not any(can_do_something(d, iid, ai, p, Ctx(iid, p, ai, -1, confined=conf))
                                     for ai in on_play)


def all_stay_in_lane(d: MetaZooData, iid: int, p: int, lane: int) -> bool:
    """MZL-ERRATA-DISCOUNT-3/4: an op on "all" matching units is no choice, so confining it
    would change its result; the Strategy qualifies only if every unit it would affect anyway
    is a creature in ``lane``."""
    c = d.cards[iid]
    for ai, a in enumerate(c.abilities):
        for o in a.do:
            tg = getattr(o, "target", None)
            if tg is None or tg.choose != "all":
                continue
            ctx = Ctx(iid, p, ai, -1, chosen=lane)
            for side in range(LANES * 2):
                for u in d.units[side]:
                    if stats.unit_matches(d, tg, u, ctx) and (side >> 1 != lane or not d.cards[u].creature):
                        return False
    return True


def start_play(st: GameState, p: int, play: PlayCard) -> None:
    d: MetaZooData = st.data
    iid, lane, conf, cost = play.card, play.lane, play.confined, play.cost
    c = d.cards[iid]
    if c.type != "caster":
        d.hand[p].remove(iid)
        d.known.discard(iid)
        d.paying.append(iid)
    if st.logging:
        where = (f" to {lane_txt(lane)}" if lane >= 0 else
                 f" (only creatures in {lane_txt(conf)})" if conf >= 0 else "")
        st.say(f"{pl(p)} plays {c.name}{where} (cost {cost})")
    needs, generic = aura.card_payment(c.aura, cost)
    if needs or generic:
        st.push(Pay(p, needs, generic, c.name), Place(iid, p, lane, conf))
    else:
        st.push(Place(iid, p, lane, conf))


def step_place(st: GameState, step: Place) -> None:
    d: MetaZooData = st.data
    iid, p, lane = step.card, step.player, step.lane
    if iid in d.paying:
        d.paying.remove(iid)
    c = d.cards[iid]
    if c.type == "terra":
        if d.terra[lane] >= 0:
            zones.terra_leaves(st, lane)  # MZL-TERRA-5: replaced (resolved mark kept, MZL-ERRATA-TERRAREPL-1)
        d.terra[lane] = iid
        d.cards_moved()
    elif c.type == "strategy":
        d.resolving.append(iid)
        st.push(StrategyDone(iid))
    else:
        zones.enter_lane(d, iid, p, lane)
    emit(st, Event("played", iid, p, lane, step.confined))


def step_strategy_done(st: GameState, step: StrategyDone) -> None:
    d: MetaZooData = st.data
    iid = step.card
    if iid in d.resolving:
        d.resolving.remove(iid)
        d.discard[d.owner[iid]].append(iid)
        if st.logging:
            st.say(f"{nm(d, iid)} goes to the discard pile")


# ----------------------------------------------------------------------------- abilities
def _sac_candidates(d: MetaZooData, p: int, src: int, ai: int) -> list[int]:
    a = d.cards[src].abilities[ai]
    sc = a.cost.sacrifice
    ctx = Ctx(src, p, ai, stats.card_lane(d, src))
    return [u for side in range(LANES * 2) for u in d.units[side]
            if d.owner[u] == p and stats.unit_matches(d, sc.units, u, ctx)]


def usable(d: MetaZooData, p: int, src: int, ai: int, pool: "aura.AuraPool | None" = None) -> bool:
    """Can ``p`` use ability ``ai`` of ``src`` now (``pool``: p's untapped Aura, if counted)?"""
    c = d.cards[src]
    if not stats.ability_works(d, src, ai):
        return False
    if c.once[ai] and use_key(src, ai, p) in d.used:
        return False
    cost = c.abilities[ai].cost
    if cost is not None:
        if cost.tap and (src in d.tapped or c.type == "terra"):
            return False
        pay = c.aura_costs[ai]
        if pay is not None and not (pool or aura.AuraPool(d, p)).pays(pay.needs, pay.generic):
            return False
        if cost.sacrifice is not None and len(_sac_candidates(d, p, src, ai)) < cost.sacrifice.count:
            return False
    if c.abilities[ai].not_when_resolved:
        ln = stats.card_lane(d, src)
        if ln < 0 or d.resolved[ln]:
            return False  # MZL-ERRATA-LANERES-2
    return can_do_something(d, src, ai, p)


_ABILITY_IDS: dict[int, str] = {}  # card id << 8 | ability -> its action id


def _ability_label(name: str, lane: int, terra_of: int, text: str, cost: str) -> str:
    where = (f" in {lane_txt(lane)}" if lane >= 0 else
             f" (Terra of {lane_txt(terra_of)})" if terra_of >= 0 else " (Caster zone)")
    return f"Use {name}{where}: {text}" + (f" ({cost})" if cost else "")


def ability_actions(st: GameState, p: int) -> list[Action]:
    d: MetaZooData = st.data
    cards = d.cards
    srcs = []
    for ln in range(LANES):
        for u in d.units[ln * 2 + p]:
            if cards[u].activated:
                srcs.append(u)
        t = d.terra[ln]
        if t >= 0 and cards[t].activated:
            srcs.append(t)  # icon abilities: either player (MZL-ERRATA-ICON-5); costed: owner only (below)
    if d.caster_in_zone(p) and cards[d.caster[p]].activated:
        srcs.append(d.caster[p])
    if not srcs:
        return []
    pool = None  # p's untapped Aura, counted when an Aura cost is first checked
    label = _eager if st.logging else partial
    acts = []
    for src in srcs:
        c = cards[src]
        for ai in c.activated:
            if c.type == "terra" and d.owner[src] != p and not c.abilities[ai].icon:
                continue  # MZL-ABILITY-12: only a Terra's Action icon is open to both players
            if pool is None and c.aura_costs[ai] is not None:
                pool = aura.AuraPool(d, p)
            if usable(d, p, src, ai, pool):
                lane = d.lane_of.get(src, -1)
                terra_of = d.terra.index(src) if lane < 0 and src in d.terra else -1
                key = src << 8 | ai
                aid = _ABILITY_IDS.get(key) or _ABILITY_IDS.setdefault(key, f"ability:c{src}:{ai}")
                acts.append(make(Action, (aid, label(_ability_label, c.name, lane, terra_of, c.texts[ai],
                                                     c.cost_texts[ai]), make(UseAbility, (src, ai)))))
    return acts


def start_ability_use(st: GameState, p: int, use: UseAbility) -> None:
    d: MetaZooData = st.data
    src, ai = use.src, use.ability
    a = d.cards[src].abilities[ai]
    if d.cards[src].once[ai]:
        d.used.add(use_key(src, ai, p))  # MZL-ERRATA-ICON-4: marked as used
    cost = a.cost
    if st.logging:
        st.say(f"{pl(p)} uses {nm(d, src)}'s ability{(' ' + repr(a.name)) if a.name else ''}")
    if cost is not None and cost.tap:
        d.tapped.add(src)
        d.touch()
        if st.logging:
            st.say(f"{pl(p)} taps {nm(d, src)}")
    steps: list[Any] = []
    pay = d.cards[src].aura_costs[ai]
    if pay is not None:
        steps.append(Pay(p, pay.needs, pay.generic, nm(d, src)))
    if cost is not None and cost.sacrifice is not None:
        steps.append(SacrificeCost(p, src, ai, cost.sacrifice.count))
    steps.append(ResolveAbility(Ctx(src, p, ai, stats.card_lane(d, src), mission_lane=d.mission)))
    st.push(*steps)


def step_sacrifice(st: GameState, step: SacrificeCost) -> None:
    """A Sacrifice cost: the player picks each unit (it may be the source itself,
    MZL-ERRATA-SELFSAC-1)."""
    d: MetaZooData = st.data
    if step.left <= 0 or not _sac_candidates(d, step.player, step.src, step.ability):
        return
    st.decide(step.player, "sacrifice", step, f"{nm(d, step.src)}: choose a unit to Sacrifice")


def sacrifice_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    sc: SacrificeCost = waiting(st)
    return [Action(f"sacrifice:c{u}", f"Sacrifice {unit_label(d, u)}", PickCard(u))
            for u in _sac_candidates(d, sc.player, sc.src, sc.ability)]


def sacrifice_perform(st: GameState, act: Action, dec: Decision) -> None:
    sc: SacrificeCost = dec.params
    st.push(sc._replace(left=sc.left - 1))
    zones.leave_play(st, act.args.card, "sacrifice")
