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

from ...engine.action import Action, Decision
from ...engine.events import emit
from ...engine.state import GameState
from . import aura, board, stats
from .board import distinct_by_name, lane_txt, nm, pl, unit_label
from .data import LANES, MetaZooData, use_key
from .records import (Ctx, Event, Pay, PickCard, Place, PlayCard, ResolveAbility, SacrificeCost, StrategyDone,
                      UseAbility, make)
from .targets import candidates
from .text import cost_text

_KIND = {"creature": "unit", "equipment": "unit", "caster": "unit", "terra": "terra", "strategy": "strategy"}


# ----------------------------------------------------------------------------- what may be played
def _eager(fn, *args) -> str:
    return fn(*args)


def _unit_label(name: str, ln: int, cost: int) -> str:
    return f"Play {name} to {lane_txt(ln)} (cost {cost})"


def _terra_label(name: str, ln: int, replaced: str | None, cost: int) -> str:
    what = f"replacing {replaced}" if replaced is not None else "razed lane"
    return f"Play Terra {name} to {lane_txt(ln)} ({what}, cost {cost})"


def _strategy_label(name: str, cost: int) -> str:
    return f"Play Strategy {name} (cost {cost})"


def _confined_label(name: str, ln: int, cost: int) -> str:
    return f"Play Strategy {name} affecting only creatures in {lane_txt(ln)} (cost {cost})"


def play_actions(st: GameState, p: int, srcs, limits: list[int]) -> list[Action]:
    d: MetaZooData = st.data
    cards = d.cards
    cost_ops = srcs.cost
    label = _eager if st.logging else partial  # quiet mode: labels made only if read
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
                    acts.append(Action(f"play:c{iid}@lane{ln + 1}", label(_unit_label, nm_, ln, cost),
                                       make(PlayCard, (iid, ln, -1, cost))))
        elif kind == "terra":
            if stats.unique_in_play(d, p, iid) or (not cost_ops and not payable(c, c.cost)):
                continue  # MZL-ERRATA-UNIQUE-2
            for ln in range(LANES):
                cost = stats.play_cost(d, iid, p, ln, -1, srcs) if cost_ops else c.cost
                if payable(c, cost):
                    old = d.terra[ln]
                    acts.append(Action(f"play:c{iid}@lane{ln + 1}",
                                       label(_terra_label, c.name, ln, cards[old].name if old >= 0 else None, cost),
                                       make(PlayCard, (iid, ln, -1, cost))))
        elif kind == "strategy":
            cost = stats.play_cost(d, iid, p, -1, -1, srcs) if cost_ops else c.cost
            if payable(c, cost) and strategy_has_targets(d, iid, p, -1):
                acts.append(Action(f"play:c{iid}", label(_strategy_label, c.name, cost), PlayCard(iid, -1, -1, cost)))
            if cost_ops and stats.strategy_confinable(c):
                for ln in stats.lane_discounts(d, iid, p, srcs):
                    cc = stats.play_cost(d, iid, p, -1, ln, srcs)
                    if cc < cost and payable(c, cc) and strategy_has_targets(d, iid, p, ln) \
                            and all_stay_in_lane(d, iid, p, ln):
                        acts.append(Action(f"play:c{iid}@lane{ln + 1}", label(_confined_label, c.name, ln, cc),
                                           PlayCard(iid, -1, ln, cc)))
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
            if tg.lane == "chosen" or tg.lane == "this" and conf < 0:
                if not any(candidates(d, o, tg, Ctx(iid, p, ai, -1, chosen=ln, confined=conf), p)
                           for ln in range(LANES)):
                    return False
            elif not candidates(d, o, tg, Ctx(iid, p, ai, -1, confined=conf), p):
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
            board.terra_leaves(st, lane)  # MZL-TERRA-5: replaced (resolved mark kept, MZL-ERRATA-TERRAREPL-1)
        d.terra[lane] = iid
        d.touch()
    elif c.type == "strategy":
        d.resolving.append(iid)
        st.push(StrategyDone(iid))
    else:
        board.enter_lane(d, iid, p, lane)
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
    ctx = Ctx(src, p, ai, stats.card_lane(d, src))
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


def _ability_label(name: str, where: str, text: str, cost: str) -> str:
    return f"Use {name}{where}: {text}" + (f" ({cost})" if cost else "")


def _where(d: MetaZooData, src: int) -> str:
    if src in d.lane_of:
        return f" in {lane_txt(d.lane_of[src])}"
    if src in d.terra:
        return f" (Terra of {lane_txt(d.terra.index(src))})"
    return " (Caster zone)"


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
                args = (c.name, _where(d, src), c.texts[ai], cost_text(c.abilities[ai]))
                acts.append(Action(f"ability:c{src}:{ai}", _ability_label(*args) if st.logging
                                   else partial(_ability_label, *args), UseAbility(src, ai)))
    return acts


def start_ability_use(st: GameState, p: int, use: UseAbility) -> None:
    d: MetaZooData = st.data
    src, ai = use.src, use.ability
    a = d.cards[src].abilities[ai]
    if once_per_round(a):
        d.used.add(use_key(src, ai, p))  # MZL-ERRATA-ICON-4: marked as used
    cost = a.cost
    if st.logging:
        st.say(f"{pl(p)} uses {nm(d, src)}'s ability{(' ' + repr(a.name)) if a.name else ''}")
    if cost is not None and cost.tap:
        d.tapped.add(src)
        d.touch()
        if st.logging:
            st.say(f"{pl(p)} taps {nm(d, src)}")
    steps: list = []
    if cost is not None and cost.aura:
        needs, generic = aura.ability_payment(cost)
        steps.append(Pay(p, needs, generic, nm(d, src)))
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
    sc: SacrificeCost = st.decision.params
    return [Action(f"sacrifice:c{u}", f"Sacrifice {unit_label(d, u)}", PickCard(u))
            for u in _sac_candidates(d, sc.player, sc.src, sc.ability)]


def sacrifice_perform(st: GameState, act: Action, dec: Decision) -> None:
    sc: SacrificeCost = dec.params
    st.push(sc._replace(left=sc.left - 1))
    board.leave_play(st, act.args.card, "sacrifice")
