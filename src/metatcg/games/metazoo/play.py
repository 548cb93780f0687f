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

from ...engine.action import Action
from ...engine.events import emit
from ...engine.state import GameState
from . import aura, board, stats
from .board import distinct_by_name, lane_txt, nm, pl
from .data import LANES, MetaZooData, use_key
from .effects import candidates, unit_label
from .stats import C_CHOSEN, make_ctx
from .text import cost_text

_KIND = {"creature": "unit", "equipment": "unit", "caster": "unit", "terra": "terra", "strategy": "strategy"}


# ----------------------------------------------------------------------------- what may be played
def play_actions(st: GameState, p: int, srcs, limits: list[int]) -> list[Action]:
    d: MetaZooData = st.data
    cards = d.cards
    cost_ops = srcs.cost
    # per-lane facts for this player's side, computed once
    counts = [stats.side_count(d, ln, p) for ln in range(LANES)]
    names = [{cards[u].name for u in d.units[ln * 2 + p] if not cards[u].token} for ln in range(LANES)]
    mine = set().union(*names)
    counts_by_type: dict[str, int] = {}
    zone_types = set()
    n_untapped = 0
    for a in d.aura_zone[p]:
        t = cards[a].aura
        zone_types.add(t)
        if a not in d.tapped:
            counts_by_type[t] = counts_by_type.get(t, 0) + 1
            n_untapped += 1

    def payable(c, cost: int) -> bool:
        if cost <= 0:
            return c.aura is None or c.aura in zone_types  # MZL-ERRATA-ZERO-2
        return n_untapped >= cost and (c.aura is None or counts_by_type.get(c.aura, 0) >= 1)

    acts = []
    hand = distinct_by_name(d, d.hand[p])
    cands = list(hand)
    if d.caster_in_zone(p):
        cands.append(d.caster[p])
    for iid in cands:
        c = cards[iid]
        kind = _KIND.get(c.type)
        if kind == "unit":
            if c.unique and c.name in mine:
                continue  # MZL-PLAY-7
            if not cost_ops and not payable(c, c.cost):
                continue
            nm_ = c.name
            room = c.gigantic + 1
            for ln in range(LANES):
                if counts[ln] + room > limits[ln] or nm_ in names[ln]:
                    continue  # MZL-LANE-10/14, MZL-PLAY-5
                cost = stats.play_cost(d, iid, p, ln, -1, srcs) if cost_ops else c.cost
                if not cost_ops or payable(c, cost):
                    acts.append(Action(f"play:c{iid}@lane{ln + 1}", f"Play {c.name} to {lane_txt(ln)} (cost {cost})",
                                       ("play", iid, ln, -1, cost)))
        elif kind == "terra":
            if stats.unique_in_play(d, p, iid) or (not cost_ops and not payable(c, c.cost)):
                continue  # MZL-ERRATA-UNIQUE-2
            for ln in range(LANES):
                cost = stats.play_cost(d, iid, p, ln, -1, srcs) if cost_ops else c.cost
                if payable(c, cost):
                    old = d.terra[ln]
                    what = f"replacing {nm(d, old)}" if old >= 0 else "razed lane"
                    acts.append(Action(f"play:c{iid}@lane{ln + 1}", f"Play Terra {c.name} to {lane_txt(ln)} "
                                       f"({what}, cost {cost})", ("play", iid, ln, -1, cost)))
        elif kind == "strategy":
            cost = stats.play_cost(d, iid, p, -1, -1, srcs) if cost_ops else c.cost
            if payable(c, cost) and strategy_has_targets(d, iid, p, -1):
                acts.append(Action(f"play:c{iid}", f"Play Strategy {c.name} (cost {cost})", ("play", iid, -1, -1, cost)))
            if cost_ops and stats.strategy_confinable(c):
                for ln in stats.lane_discounts(d, iid, p, srcs):
                    cc = stats.play_cost(d, iid, p, -1, ln, srcs)
                    if cc < cost and payable(c, cc) and strategy_has_targets(d, iid, p, ln) \
                            and all_stay_in_lane(d, iid, p, ln):
                        acts.append(Action(f"play:c{iid}@lane{ln + 1}", f"Play Strategy {c.name} affecting only "
                                           f"creatures in {lane_txt(ln)} (cost {cc})", ("play", iid, -1, ln, cc)))
    return acts


def strategy_has_targets(d: MetaZooData, iid: int, p: int, conf: int) -> bool:
    """MZL-STRATEGY-5: not playable if it needs a target and none exists."""
    c = d.cards[iid]
    for ai, a in enumerate(c.abilities):
        if a.may:
            continue
        for o in a.do:
            tg = getattr(o, "target", None)
            if tg is None or tg.choose not in ("one", "highest", "lowest") or o.op == "duel":
                continue
            ctx = make_ctx(iid, p, ai, -1, conf=conf)
            if tg.lane == "chosen" or tg.lane == "this" and conf < 0:
                if not any(candidates(d, o, tg, ctx[:C_CHOSEN] + (ln,) + ctx[C_CHOSEN + 1:], p)
                           for ln in range(LANES)):
                    return False
            elif not candidates(d, o, tg, ctx, p):
                return False
            break  # later ops may find targets the first creates
    return True


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
            ctx = make_ctx(iid, p, ai, -1, chosen=lane)
            for side in range(LANES * 2):
                for u in d.units[side]:
                    if stats.unit_matches(d, tg, u, ctx) and (side >> 1 != lane or not d.cards[u].creature):
                        return False
    return True


def start_play(st: GameState, p: int, iid: int, lane: int, conf: int, cost: int) -> None:
    d: MetaZooData = st.data
    c = d.cards[iid]
    if c.type != "caster":
        d.hand[p].remove(iid)
        d.known.discard(iid)
        d.paying.append(iid)
    where = f" to {lane_txt(lane)}" if lane >= 0 else (f" (only creatures in {lane_txt(conf)})" if conf >= 0 else "")
    st.say(f"{pl(p)} plays {c.name}{where} (cost {cost})")
    needs, generic = aura.card_payment(c.aura, cost)
    steps = []
    if needs or generic:
        steps.append(("pay", p, needs, generic, c.name))
    steps.append(("place", iid, p, lane, conf))
    st.push(*steps)


def step_place(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    _, iid, p, lane, conf = step
    if iid in d.paying:
        d.paying.remove(iid)
    c = d.cards[iid]
    if c.type == "terra":
        if d.terra[lane] >= 0:
            board.terra_leaves(st, lane)  # MZL-TERRA-5: replaced (resolved mark kept, MZL-ERRATA-TERRAREPL-1)
        d.terra[lane] = iid
        d.touch()
    elif c.type == "strategy":
        d.resolving.append(iid)
        st.push(("strategy_done", iid))
    else:
        board.enter_lane(d, iid, p, lane)
    emit(st, ("played", iid, p, lane, conf))


def step_strategy_done(st: GameState, step: tuple) -> None:
    d: MetaZooData = st.data
    iid = step[1]
    if iid in d.resolving:
        d.resolving.remove(iid)
        d.discard[d.owner[iid]].append(iid)
        st.say(f"{nm(d, iid)} goes to the discard pile")


# ----------------------------------------------------------------------------- abilities
def once_per_round(a) -> bool:
    """MZL-ABILITY-8/10: activated abilities once per round, except those whose cost taps
    their own card (usable again once it is untapped); Action icons always once."""
    if a.once_per_round is not None:
        return a.once_per_round
    if a.icon:
        return True
    return not (a.cost is not None and a.cost.tap)


def _sac_candidates(d: MetaZooData, p: int, src: int, ai: int) -> list[int]:
    a = d.cards[src].abilities[ai]
    sc = a.cost.sacrifice
    ctx = make_ctx(src, p, ai, stats.card_lane(d, src))
    return [u for side in range(LANES * 2) for u in d.units[side]
            if d.owner[u] == p and stats.unit_matches(d, sc.units, u, ctx)]


def usable(d: MetaZooData, p: int, src: int, ai: int) -> bool:
    a = d.cards[src].abilities[ai]
    if not stats.ability_works(d, src, ai):
        return False
    if once_per_round(a) and use_key(src, ai, p) in d.used:
        return False
    cost = a.cost
    if cost is not None:
        if cost.tap and (src in d.tapped or d.cards[src].type == "terra"):
            return False
        if cost.aura:
            needs, generic = aura.ability_payment(cost)
            if not aura.can_pay(d, p, needs, generic):
                return False
        if cost.sacrifice is not None and len(_sac_candidates(d, p, src, ai)) < cost.sacrifice.count:
            return False
    if a.not_when_resolved:
        ln = stats.card_lane(d, src)
        if ln < 0 or d.resolved[ln]:
            return False  # MZL-ERRATA-LANERES-2
    return True


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
    acts = []
    for src in srcs:
        c = cards[src]
        for ai in c.activated:
            if c.type == "terra" and d.owner[src] != p and not c.abilities[ai].icon:
                continue  # MZL-ABILITY-12: only a Terra's Action icon is open to both players
            if usable(d, p, src, ai):
                a = c.abilities[ai]
                cost = cost_text(a)
                if src in d.lane_of:
                    where = f" in {lane_txt(d.lane_of[src])}"
                elif src in d.terra:
                    where = f" (Terra of {lane_txt(d.terra.index(src))})"
                else:
                    where = " (Caster zone)"
                acts.append(Action(f"ability:c{src}:{ai}", f"Use {c.name}{where}: {c.texts[ai]}"
                                   + (f" ({cost})" if cost else ""), ("ability", src, ai)))
    return acts


def start_ability_use(st: GameState, p: int, src: int, ai: int) -> None:
    d: MetaZooData = st.data
    a = d.cards[src].abilities[ai]
    if once_per_round(a):
        d.used.add(use_key(src, ai, p))  # MZL-ERRATA-ICON-4: marked as used
    cost = a.cost
    st.say(f"{pl(p)} uses {nm(d, src)}'s ability{(' ' + repr(a.name)) if a.name else ''}")
    if cost is not None and cost.tap:
        d.tapped.add(src)
        d.touch()
        st.say(f"{pl(p)} taps {nm(d, src)}")
    steps = []
    if cost is not None and cost.aura:
        needs, generic = aura.ability_payment(cost)
        steps.append(("pay", p, needs, generic, nm(d, src)))
    if cost is not None and cost.sacrifice is not None:
        steps.append(("sac", p, src, ai, cost.sacrifice.count))
    steps.append(("ability", make_ctx(src, p, ai, stats.card_lane(d, src), mlane=d.mission), 0))
    st.push(*steps)


def step_sac(st: GameState, step: tuple) -> None:
    """A Sacrifice cost: the player picks each unit (it may be the source itself,
    MZL-ERRATA-SELFSAC-1)."""
    d: MetaZooData = st.data
    _, p, src, ai, n = step
    if n <= 0 or not _sac_candidates(d, p, src, ai):
        return
    st.decide(p, "sacrifice", step, f"{nm(d, src)}: choose a unit to Sacrifice")


def sacrifice_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    _, p, src, ai, n = st.decision.params
    return [Action(f"sacrifice:c{u}", f"Sacrifice {unit_label(d, u)}", ("sacrifice", u))
            for u in _sac_candidates(d, p, src, ai)]


def sacrifice_perform(st: GameState, act: Action, dec) -> None:
    _, p, src, ai, n = dec.params
    st.push(("sac", p, src, ai, n - 1))
    board.leave_play(st, act.args[1], "sacrifice")
