"""Aura: paying costs, enhancing lanes, Trade Aura, the allied supply and the primary pool,
temporary Aura and the effects that tap, untap, add or return Aura.

Aura of one type are interchangeable, so every choice offers one option per type (and
tapped state where it matters): a payment is a short sequence of picks that ends by
itself once paid (MZL-PLAY-1/2, MZL-ABILITY-6/11), never a power set.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.action import Action, Decision, LabelText
from ...engine.events import emit
from ...engine.state import GameState
from . import stats
from .zones import aura_txt, distinct_aura, lane_txt, nm, pl
from .data import AURA_CAP, LANES, MetaZooData
from .records import (AuraOp, EnhanceLane, EnhanceWith, Event, Pay, PickCard, SwapChoice, TempReturn, TradeAura,
                      make, waiting)


def primary(d: MetaZooData, p: int) -> str | None:
    return d.cards[d.caster[p]].aura


def allied(d: MetaZooData, p: int) -> str | None:
    return d.cards[d.caster[p]].allied


def untapped(d: MetaZooData, p: int) -> list[int]:
    t = d.tapped
    return [a for a in d.aura_zone[p] if a not in t]


class AuraPool:
    """A player's untapped Aura in the Aura zone, counted by type (never Aura in lanes,
    MZL-PLAY-3): what payments are possible now."""

    __slots__ = ("counts", "n")

    def __init__(self, d: MetaZooData, p: int) -> None:
        counts: dict[str | None, int] = {}
        n = 0
        cards = d.cards
        t = d.tapped
        for a in d.aura_zone[p]:
            if a not in t:
                k = cards[a].aura
                counts[k] = counts.get(k, 0) + 1
                n += 1
        self.counts = counts
        self.n = n

    def pays(self, needs: tuple[str | None, ...], generic: int) -> bool:
        """One Aura of each type in ``needs`` plus ``generic`` more of any type."""
        if len(needs) + generic > self.n:
            return False
        if not needs:
            return True
        counts = dict(self.counts)
        for k in needs:
            c = counts.get(k, 0)
            if c <= 0:
                return False
            counts[k] = c - 1
        return True


def card_payment(aura_type: str | None, cost: int) -> tuple[tuple[str | None, ...], int]:
    if cost <= 0:
        return (), 0
    if aura_type is None:
        return (), cost
    return (aura_type,), cost - 1


def step_pay(st: GameState, step: Pay) -> None:
    """Tap the Aura each symbol needs (no choice: Aura of a type are alike), then one pick per
    generic Aura while more than one type is left."""
    d: MetaZooData = st.data
    p, generic = step.player, step.generic
    paid = []
    cards = d.cards
    tapped = d.tapped
    for k in step.needs:
        for a in d.aura_zone[p]:
            if a not in tapped and cards[a].aura == k:
                tapped.add(a)
                paid.append(a)
                break
    if generic > 0:
        avail = untapped(d, p)
        if len(distinct_aura(d, avail)) <= 1:
            for a in avail[:generic]:
                tapped.add(a)
                paid.append(a)
            generic = 0
    if paid and st.logging:
        st.say(f"{pl(p)} taps {', '.join(nm(d, a) for a in paid)} to pay for {step.why}")
    if generic > 0:
        st.decide(p, "pay", Pay(p, (), generic, step.why),
                  f"Pay for {step.why}: choose an Aura to tap ({generic} more)")


def pay_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p = waiting(st).player
    return [Action(f"pay:c{a}", f"Tap {nm(d, a)}", PickCard(a)) for a in distinct_aura(d, untapped(d, p))]


def pay_perform(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    pay: Pay = dec.params
    d.tapped.add(act.args.card)
    if st.logging:
        st.say(f"{pl(pay.player)} taps {nm(d, act.args.card)} to pay for {pay.why}")
    st.push(pay._replace(generic=pay.generic - 1))


# ----------------------------------------------------------------------------- add / return Aura
def add_from_aura_deck(st: GameState, p: int, tapped: bool, why: str) -> bool:
    """The top Aura of the Aura deck into the Aura zone, if under the cap (MZL-AURAPH-4/5)."""
    d: MetaZooData = st.data
    if not d.aura_deck[p]:
        if st.logging:
            st.say(f"{pl(p)}'s Aura deck is empty: no Aura is added ({why})")
        return False
    if d.aura_total(p) >= AURA_CAP:
        if st.logging:
            st.say(f"{pl(p)} already has {AURA_CAP} Aura: no Aura is added ({why})")
        return False
    a = d.aura_deck[p].pop(0)
    d.aura_zone[p].append(a)
    if tapped:
        d.tapped.add(a)
    if st.logging:
        st.say(f"{pl(p)} puts {nm(d, a)} into the Aura zone{' tapped' if tapped else ''} ({why})")
    return True


def aura_to_deck(st: GameState, p: int, a: int, why: str) -> None:
    """Put Aura ``a`` from the Aura zone on top of the Aura deck; an allied Aura goes back
    outside the game and a primary from outside goes on the deck instead (MZL-AURA-8)."""
    d: MetaZooData = st.data
    d.aura_zone[p].remove(a)
    d.tapped.discard(a)
    if d.cards[a].aura == primary(d, p):
        d.aura_deck[p].insert(0, a)
        if st.logging:
            st.say(f"{pl(p)} puts {nm(d, a)} on top of their Aura deck ({why})")
        return
    d.supply[p].append(a)
    if d.pool[p]:
        b = d.pool[p].pop()
        d.aura_deck[p].insert(0, b)
        if st.logging:
            st.say(f"{pl(p)} reverse-trades {nm(d, a)} for {nm(d, b)} and puts it on top of their Aura deck ({why})")
    elif st.logging:
        st.say(f"{pl(p)} sends {nm(d, a)} outside the game; no primary Aura is outside the game to replace it ({why})")


def step_temp_return(st: GameState, step: TempReturn) -> None:
    """MZL-ERRATA-TEMPAURA-1..5: put a primary Aura back on top of the Aura deck, after a
    reverse trade if there is no primary Aura in the Aura zone."""
    d: MetaZooData = st.data
    p = step.player
    prim = primary(d, p)
    zone = d.aura_zone[p]
    opts = distinct_aura(d, [a for a in zone if d.cards[a].aura == prim], by_tapped=True)
    if opts:
        if len(opts) == 1:
            aura_to_deck(st, p, opts[0], "temporary Aura returned")
        else:
            st.decide(p, "temp_return", step, "End of round: choose a primary Aura to put on top of your Aura deck")
        return
    allies = distinct_aura(d, [a for a in zone if d.cards[a].aura != prim], by_tapped=True)
    if not allies:
        if st.logging:
            st.say(f"{pl(p)} has no Aura in the Aura zone to return")
        return
    if len(allies) == 1:
        aura_to_deck(st, p, allies[0], "temporary Aura returned by a reverse trade")
    else:
        st.decide(p, "temp_return", step, "End of round: no primary Aura left: choose an allied Aura to reverse-trade")


def temp_return_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p = waiting(st).player
    prim = primary(d, p)
    zone = d.aura_zone[p]
    opts = distinct_aura(d, [a for a in zone if d.cards[a].aura == prim], by_tapped=True)
    if opts:
        return [Action(f"return:c{a}", f"Put {aura_txt(d, a)} on top of the Aura deck", PickCard(a)) for a in opts]
    return [Action(f"reverse:c{a}", f"Reverse-trade {aura_txt(d, a)} and put a primary Aura on the Aura deck",
                   PickCard(a))
            for a in distinct_aura(d, zone, by_tapped=True)]


def temp_return_perform(st: GameState, act: Action, dec: Decision) -> None:
    aura_to_deck(st, dec.params.player, act.args.card, "temporary Aura returned")


# ----------------------------------------------------------------------------- tap / untap / return (ops)
def step_aura_op(st: GameState, step: AuraOp) -> None:
    """Tap or untap Aura in ``step.player``'s Aura zone (never in lanes, MZL-ENHANCE-12), or
    return one to the Aura deck."""
    d: MetaZooData = st.data
    what, q = step.what, step.player
    if step.left <= 0:
        return
    opts = _aura_op_options(d, what, q)
    if not opts:
        return
    if len(opts) == 1 and what != "return":
        pool = [a for a in d.aura_zone[q] if (a in d.tapped) == (what == "untap")][:step.left]
        for a in pool:
            _aura_op_one(st, what, q, a, step.why)
        return
    if len(opts) == 1:
        _aura_op_one(st, what, q, opts[0], step.why)
        return
    verb = {"tap": "tap", "untap": "untap", "return": "put on top of the Aura deck"}[what]
    st.decide(step.chooser, "aura_op", step, f"{step.why}: choose an Aura of {pl(q)} to {verb}")


def _aura_op_options(d: MetaZooData, what: str, q: int) -> list[int]:
    zone = d.aura_zone[q]
    if what == "tap":
        return distinct_aura(d, [a for a in zone if a not in d.tapped])
    if what == "untap":
        return distinct_aura(d, [a for a in zone if a in d.tapped])
    return distinct_aura(d, zone, by_tapped=True)


def _aura_op_one(st: GameState, what: str, q: int, a: int, why: str) -> None:
    d: MetaZooData = st.data
    if what == "tap":
        d.tapped.add(a)
        if st.logging:
            st.say(f"{nm(d, a)} of {pl(q)} is tapped ({why})")
    elif what == "untap":
        d.tapped.discard(a)
        if st.logging:
            st.say(f"{nm(d, a)} of {pl(q)} is untapped ({why})")
    else:
        aura_to_deck(st, q, a, why)


def aura_op_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    step: AuraOp = waiting(st)
    verb = {"tap": "Tap", "untap": "Untap", "return": "Return"}[step.what]
    return [Action(f"aura:c{a}", f"{verb} {aura_txt(d, a)}", PickCard(a))
            for a in _aura_op_options(d, step.what, step.player)]


def aura_op_perform(st: GameState, act: Action, dec: Decision) -> None:
    step: AuraOp = dec.params
    _aura_op_one(st, step.what, step.player, act.args.card, step.why)
    st.push(step._replace(left=step.left - 1))


# ----------------------------------------------------------------------------- enhance (MZL-ENHANCE)
def _enhance_label(lane: int, resolved: bool = False) -> str:
    """A resolved lane may be enhanced (PR-MZL-20), but its mission is over: the label says so."""
    return f"Enhance {lane_txt(lane)} with an Aura" + (" (resolved: no mission to help)" if resolved else "")


ENHANCE_IDS = tuple(f"enhance:lane{lane + 1}" for lane in range(LANES))
_LAZY_ENHANCE_LABELS = tuple(partial(_enhance_label, lane) for lane in range(LANES))
_LAZY_RESOLVED_ENHANCE_LABELS = tuple(partial(_enhance_label, lane, True) for lane in range(LANES))


def enhance_actions(st: GameState, p: int, sides: list[stats.SideFacts]) -> list[Action]:
    """MZL-ENHANCE-1/2/5: an untapped Aura into a side with room that can be enhanced."""
    d: MetaZooData = st.data
    t = d.tapped
    if all(a in t for a in d.aura_zone[p]):
        return []
    resolved = d.resolved
    label: Callable[[int], LabelText]
    if st.logging:
        def label(lane: int) -> LabelText:
            return _enhance_label(lane, resolved[lane])
    else:
        def label(lane: int) -> LabelText:   # made only if read
            return (_LAZY_RESOLVED_ENHANCE_LABELS if resolved[lane] else _LAZY_ENHANCE_LABELS)[lane]
    return [make(Action, (ENHANCE_IDS[lane], label(lane), make(EnhanceLane, (lane,))))
            for lane, f in enumerate(sides) if f.enhanceable and f.used < f.limit]


def start_enhance(st: GameState, p: int, lane: int) -> None:
    d: MetaZooData = st.data
    opts = distinct_aura(d, untapped(d, p))
    if len(opts) == 1:
        enhance(st, p, lane, opts[0])
    else:
        st.decide(p, "enhance_with", EnhanceWith(p, lane), f"Enhance {lane_txt(lane)}: choose the Aura to move")


def enhance_with_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    ew: EnhanceWith = waiting(st)
    return [Action(f"aura:c{a}", f"Move {nm(d, a)} into {lane_txt(ew.lane)}", PickCard(a))
            for a in distinct_aura(d, untapped(d, ew.player))]


def enhance_with_perform(st: GameState, act: Action, dec: Decision) -> None:
    enhance(st, dec.params.player, dec.params.lane, act.args.card)


def enhance(st: GameState, p: int, lane: int, a: int) -> None:
    d: MetaZooData = st.data
    d.aura_zone[p].remove(a)
    d.enh[lane * 2 + p].append(a)
    d.touch()
    if st.logging:
        st.say(f"{pl(p)} enhances {lane_txt(lane)} with {nm(d, a)}")
    emit(st, Event("enhanced", a, p, lane))


# ----------------------------------------------------------------------------- Trade Aura (MZL-TRADE)
_TRADE_IDS: dict[int, str] = {}  # Aura card id -> its Trade Aura action id


def _eager(fn: Callable[..., str], *args: Any) -> str:
    return fn(*args)


def _trade_label(aura_name: str, allied: str) -> str:
    return f"Trade Aura: tap {aura_name} to swap a primary Aura for an allied {allied.capitalize()} Aura"


def can_trade(d: MetaZooData, p: int) -> bool:
    """Would :func:`trade_actions` offer ``p`` anything (without making the options)?"""
    caster = d.cards[d.caster[p]]
    if caster.allied is None or not d.supply[p]:
        return False
    cards = d.cards
    prim = caster.aura
    zone = d.aura_zone[p]
    tapped = d.tapped
    return any(cards[a].aura == prim for a in zone) and any(a not in tapped for a in zone)


def trade_actions(st: GameState, p: int) -> list[Action]:
    """MZL-TRADE: tap an untapped Aura (one option per type) to swap a primary Aura in the
    Aura zone for an allied one from the supply."""
    d: MetaZooData = st.data
    cards = d.cards
    caster = cards[d.caster[p]]
    al = caster.allied
    if al is None or not d.supply[p]:
        return []
    prim = caster.aura
    zone = d.aura_zone[p]
    tapped = d.tapped
    has_primary = False
    seen = set()
    offered = []  # one untapped Aura of each type
    for a in zone:
        t = cards[a].aura
        if t == prim:
            has_primary = True
        if a not in tapped and t not in seen:
            seen.add(t)
            offered.append(a)
    if not has_primary:
        return []
    label = _eager if st.logging else partial
    ids = _TRADE_IDS
    return [make(Action, (ids.get(a) or ids.setdefault(a, f"trade:c{a}"), label(_trade_label, cards[a].name, al),
                          make(TradeAura, (a,))))
            for a in offered]


def start_trade(st: GameState, p: int, cost_aura: int) -> None:
    d: MetaZooData = st.data
    d.tapped.add(cost_aura)
    if st.logging:
        st.say(f"{pl(p)} taps {nm(d, cost_aura)} to Trade Aura")
    opts = _swap_options(d, p)
    if len(opts) == 1:
        swap(st, p, opts[0])
    else:
        st.decide(p, "swap", SwapChoice(p), "Trade Aura: choose the primary Aura to give up")


def _swap_options(d: MetaZooData, p: int) -> list[int]:
    prim = primary(d, p)
    return distinct_aura(d, [a for a in d.aura_zone[p] if d.cards[a].aura == prim], by_tapped=True)


def swap_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p = waiting(st).player
    return [Action(f"swap:c{a}", f"Give up {aura_txt(d, a)}", PickCard(a)) for a in _swap_options(d, p)]


def swap_perform(st: GameState, act: Action, dec: Decision) -> None:
    swap(st, dec.params.player, act.args.card)


def swap(st: GameState, p: int, a: int) -> None:
    """MZL-TRADE-2/3/8: the allied Aura comes in with the orientation of the one given up."""
    d: MetaZooData = st.data
    was_tapped = a in d.tapped
    i = d.aura_zone[p].index(a)
    d.tapped.discard(a)
    d.pool[p].append(a)
    b = d.supply[p].pop()
    d.aura_zone[p][i] = b
    if was_tapped:
        d.tapped.add(b)
    if st.logging:
        st.say(f"{pl(p)} trades {nm(d, a)}{' (tapped)' if was_tapped else ''} for {nm(d, b)}")
