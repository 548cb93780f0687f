"""Aura: paying costs, enhancing lanes, Trade Aura, the allied supply and the primary pool,
temporary Aura and the effects that tap, untap, add or return Aura.

Aura of one type are interchangeable, so every choice offers one option per type (and
tapped state where it matters): a payment is a short sequence of picks that ends by
itself once paid (MZL-PLAY-1/2, MZL-ABILITY-6/11), never a power set.
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.events import emit
from ...engine.state import GameState
from . import stats
from .board import aura_txt, distinct_aura, lane_txt, nm, pl
from .data import LANES, MetaZooData

AURA_CAP = 10  # MZL-AURAPH-3


def primary(d: MetaZooData, p: int) -> str:
    return d.cards[d.caster[p]].aura


def allied(d: MetaZooData, p: int) -> str | None:
    return d.cards[d.caster[p]].allied


def untapped(d: MetaZooData, p: int) -> list[int]:
    t = d.tapped
    return [a for a in d.aura_zone[p] if a not in t]


def can_pay(d: MetaZooData, p: int, needs: tuple, generic: int) -> bool:
    """Enough untapped Aura in the Aura zone (never Aura in lanes, MZL-PLAY-3)."""
    counts: dict[str, int] = {}
    n = 0
    cards = d.cards
    t = d.tapped
    for a in d.aura_zone[p]:
        if a not in t:
            k = cards[a].aura
            counts[k] = counts.get(k, 0) + 1
            n += 1
    for k in needs:
        c = counts.get(k, 0)
        if c <= 0:
            return False
        counts[k] = c - 1
        n -= 1
    return n >= generic


def card_payable(d: MetaZooData, p: int, aura_type: str | None, cost: int) -> bool:
    """MZL-PLAY-2 / MZL-ERRATA-ZERO-2/3: at least one Aura of the card's type; a 0-cost card
    needs an Aura of its type in the Aura zone, tapped or not (and taps nothing)."""
    if cost <= 0:
        if aura_type is None:
            return True
        cards = d.cards
        return any(cards[a].aura == aura_type for a in d.aura_zone[p])
    return can_pay(d, p, (aura_type,) if aura_type else (), cost - (1 if aura_type else 0))


def card_payment(aura_type: str | None, cost: int) -> tuple[tuple, int]:
    if cost <= 0:
        return (), 0
    if aura_type is None:
        return (), cost
    return (aura_type,), cost - 1


def ability_payment(cost) -> tuple[tuple, int]:
    needs: list[str] = []
    generic = 0
    for k, n in (cost.aura.items() if cost is not None else ()):
        if k == "any":
            generic += n
        else:
            needs += [k] * n
    return tuple(needs), generic


def step_pay(st: GameState, step: tuple) -> None:
    """("pay", p, needs, generic, why): tap the Aura each symbol needs (no choice: Aura of
    a type are alike), then one pick per generic Aura while more than one type is left."""
    d: MetaZooData = st.data
    _, p, needs, generic, why = step
    paid = []
    cards = d.cards
    for k in needs:
        for a in d.aura_zone[p]:
            if a not in d.tapped and cards[a].aura == k:
                d.tapped.add(a)
                paid.append(a)
                break
    if generic > 0:
        avail = untapped(d, p)
        if len(distinct_aura(d, avail)) <= 1:
            for a in avail[:generic]:
                d.tapped.add(a)
                paid.append(a)
            generic = 0
    if paid:
        st.say(f"{pl(p)} taps {', '.join(nm(d, a) for a in paid)} to pay for {why}")
    if generic > 0:
        st.decide(p, "pay", (p, generic, why), f"Pay for {why}: choose an Aura to tap ({generic} more)")


def pay_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p, generic, why = st.decision.params
    return [Action(f"pay:c{a}", f"Tap {nm(d, a)}", ("pay", a)) for a in distinct_aura(d, untapped(d, p))]


def pay_perform(st: GameState, act: Action, dec) -> None:
    d: MetaZooData = st.data
    p, generic, why = dec.params
    d.tapped.add(act.args[1])
    st.push(("pay", p, (), generic - 1, why))


# ----------------------------------------------------------------------------- add / return Aura
def add_from_aura_deck(st: GameState, p: int, tapped: bool, why: str) -> bool:
    """The top Aura of the Aura deck into the Aura zone, if under the cap (MZL-AURAPH-4/5)."""
    d: MetaZooData = st.data
    if not d.aura_deck[p]:
        st.say(f"{pl(p)}'s Aura deck is empty: no Aura is added ({why})")
        return False
    if d.aura_total(p) >= AURA_CAP:
        st.say(f"{pl(p)} already has {AURA_CAP} Aura: no Aura is added ({why})")
        return False
    a = d.aura_deck[p].pop(0)
    d.aura_zone[p].append(a)
    if tapped:
        d.tapped.add(a)
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
        st.say(f"{pl(p)} puts {nm(d, a)} on top of their Aura deck ({why})")
        return
    d.supply[p].append(a)
    if d.pool[p]:
        b = d.pool[p].pop()
        d.aura_deck[p].insert(0, b)
        st.say(f"{pl(p)} reverse-trades {nm(d, a)} for {nm(d, b)} and puts it on top of their Aura deck ({why})")
    else:
        st.say(f"{pl(p)} sends {nm(d, a)} outside the game; no primary Aura is outside the game to replace it ({why})")


def step_temp_return(st: GameState, step: tuple) -> None:
    """MZL-ERRATA-TEMPAURA-1..5: put a primary Aura back on top of the Aura deck, after a
    reverse trade if there is no primary Aura in the Aura zone."""
    d: MetaZooData = st.data
    p = step[1]
    prim = primary(d, p)
    zone = d.aura_zone[p]
    opts = distinct_aura(d, [a for a in zone if d.cards[a].aura == prim], by_tapped=True)
    if opts:
        if len(opts) == 1:
            aura_to_deck(st, p, opts[0], "temporary Aura returned")
        else:
            st.decide(p, "temp_return", (p,), "End of round: choose a primary Aura to put on top of your Aura deck")
        return
    allies = distinct_aura(d, [a for a in zone if d.cards[a].aura != prim], by_tapped=True)
    if not allies:
        st.say(f"{pl(p)} has no Aura in the Aura zone to return")
        return
    if len(allies) == 1:
        aura_to_deck(st, p, allies[0], "temporary Aura returned by a reverse trade")
    else:
        st.decide(p, "temp_return", (p,), "End of round: no primary Aura left: choose an allied Aura to reverse-trade")


def temp_return_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p = st.decision.params[0]
    prim = primary(d, p)
    zone = d.aura_zone[p]
    opts = distinct_aura(d, [a for a in zone if d.cards[a].aura == prim], by_tapped=True)
    if opts:
        return [Action(f"return:c{a}", f"Put {aura_txt(d, a)} on top of the Aura deck", ("temp_return", a)) for a in opts]
    return [Action(f"reverse:c{a}", f"Reverse-trade {aura_txt(d, a)} and put a primary Aura on the Aura deck",
                   ("temp_return", a))
            for a in distinct_aura(d, zone, by_tapped=True)]


def temp_return_perform(st: GameState, act: Action, dec) -> None:
    aura_to_deck(st, dec.params[0], act.args[1], "temporary Aura returned")


# ----------------------------------------------------------------------------- tap / untap / return (ops)
def step_aura_op(st: GameState, step: tuple) -> None:
    """("aura_op", kind, chooser, player, count, why): tap or untap Aura in ``player``'s
    Aura zone (never in lanes, MZL-ENHANCE-12), or return one to the Aura deck."""
    d: MetaZooData = st.data
    _, kind, chooser, q, count, why = step
    if count <= 0:
        return
    opts = _aura_op_options(d, kind, q)
    if not opts:
        return
    if len(opts) == 1 and kind != "return":
        pool = [a for a in d.aura_zone[q] if (a in d.tapped) == (kind == "untap")][:count]
        for a in pool:
            _aura_op_one(st, kind, q, a, why)
        return
    if len(opts) == 1:
        _aura_op_one(st, kind, q, opts[0], why)
        return
    verb = {"tap": "tap", "untap": "untap", "return": "put on top of the Aura deck"}[kind]
    st.decide(chooser, "aura_op", step, f"{why}: choose an Aura of {pl(q)} to {verb}")


def _aura_op_options(d: MetaZooData, kind: str, q: int) -> list[int]:
    zone = d.aura_zone[q]
    if kind == "tap":
        return distinct_aura(d, [a for a in zone if a not in d.tapped])
    if kind == "untap":
        return distinct_aura(d, [a for a in zone if a in d.tapped])
    return distinct_aura(d, zone, by_tapped=True)


def _aura_op_one(st: GameState, kind: str, q: int, a: int, why: str) -> None:
    d: MetaZooData = st.data
    if kind == "tap":
        d.tapped.add(a)
        st.say(f"{nm(d, a)} of {pl(q)} is tapped ({why})")
    elif kind == "untap":
        d.tapped.discard(a)
        st.say(f"{nm(d, a)} of {pl(q)} is untapped ({why})")
    else:
        aura_to_deck(st, q, a, why)


def aura_op_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    step = st.decision.params
    kind, q = step[1], step[3]
    verb = {"tap": "Tap", "untap": "Untap", "return": "Return"}[kind]
    return [Action(f"aura:c{a}", f"{verb} {aura_txt(d, a)}", ("aura_op", a)) for a in _aura_op_options(d, kind, q)]


def aura_op_perform(st: GameState, act: Action, dec) -> None:
    step = dec.params
    _, kind, chooser, q, count, why = step
    _aura_op_one(st, kind, q, act.args[1], why)
    if kind != "return":
        st.push(("aura_op", kind, chooser, q, count - 1, why))


# ----------------------------------------------------------------------------- enhance (MZL-ENHANCE)
def enhance_actions(st: GameState, p: int, srcs: list, limits: list[int]) -> list[Action]:
    d: MetaZooData = st.data
    if not untapped(d, p):
        return []
    acts = []
    for lane in range(LANES):
        if stats.side_count(d, lane, p) < limits[lane] and stats.can_enhance(d, lane, p, srcs):
            acts.append(Action(f"enhance:lane{lane + 1}", f"Enhance {lane_txt(lane)} with an Aura", ("enhance", lane)))
    return acts


def start_enhance(st: GameState, p: int, lane: int) -> None:
    d: MetaZooData = st.data
    opts = distinct_aura(d, untapped(d, p))
    if len(opts) == 1:
        enhance(st, p, lane, opts[0])
    else:
        st.decide(p, "enhance_with", (p, lane), f"Enhance {lane_txt(lane)}: choose the Aura to move")


def enhance_with_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p, lane = st.decision.params
    return [Action(f"aura:c{a}", f"Move {nm(d, a)} into {lane_txt(lane)}", ("enhance_with", a))
            for a in distinct_aura(d, untapped(d, p))]


def enhance(st: GameState, p: int, lane: int, a: int) -> None:
    d: MetaZooData = st.data
    d.aura_zone[p].remove(a)
    d.enh[lane * 2 + p].append(a)
    d.touch()
    st.say(f"{pl(p)} enhances {lane_txt(lane)} with {nm(d, a)}")
    emit(st, ("enhanced", a, p, lane))


# ----------------------------------------------------------------------------- Trade Aura (MZL-TRADE)
def trade_actions(st: GameState, p: int) -> list[Action]:
    d: MetaZooData = st.data
    al = allied(d, p)
    if al is None or not d.supply[p]:
        return []
    prim = primary(d, p)
    if not any(d.cards[a].aura == prim for a in d.aura_zone[p]):
        return []
    return [Action(f"trade:c{a}", f"Trade Aura: tap {nm(d, a)} to swap a primary Aura for an allied {al.capitalize()} Aura",
                   ("trade", a)) for a in distinct_aura(d, untapped(d, p))]


def start_trade(st: GameState, p: int, cost_aura: int) -> None:
    d: MetaZooData = st.data
    d.tapped.add(cost_aura)
    st.say(f"{pl(p)} taps {nm(d, cost_aura)} to Trade Aura")
    opts = _swap_options(d, p)
    if len(opts) == 1:
        swap(st, p, opts[0])
    else:
        st.decide(p, "swap", (p,), "Trade Aura: choose the primary Aura to give up")


def _swap_options(d: MetaZooData, p: int) -> list[int]:
    prim = primary(d, p)
    return distinct_aura(d, [a for a in d.aura_zone[p] if d.cards[a].aura == prim], by_tapped=True)


def swap_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    p = st.decision.params[0]
    return [Action(f"swap:c{a}", f"Give up {aura_txt(d, a)}", ("swap", a)) for a in _swap_options(d, p)]


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
    st.say(f"{pl(p)} trades {nm(d, a)}{' (tapped)' if was_tapped else ''} for {nm(d, b)}")
