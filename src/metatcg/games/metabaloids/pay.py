"""Paying costs (MB-PAY) and card losses (MB-CL), one card at a time, with the piles of
:mod:`.zones`."""
from __future__ import annotations

from functools import partial

from typing import TYPE_CHECKING

from ...engine.action import Action
from ...engine.cardfile import first_of_each_name
from .data import MetabaloidsData
from .records import DISCARD_TOP, TOP, Lose, LoseWith, Pay, PayWith
from .zones import from_hand as from_hand, lose as lose, pl as pl, refill as refill, take_top as take_top
from .zones import top_available as top_available

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

ENOUGH = 1 << 20    # "as many points as needed": the draw pile can pay again after a reshuffle


# ----------------------------------------------------------------- paying costs
def capacity(d: MetabaloidsData, p: int, anywhere: bool, exclude: int = -1) -> int:
    """How many points ``p`` could pay: hand Metabaloids, and from anywhere the draw pile
    (1 point a card; with a discard pile to reshuffle, as many as needed)."""
    cards = d.cards
    total = sum(cards[c].meta for c in d.hand[p] if c != exclude)
    if anywhere:
        if d.short_game:
            total += len(d.draw[p])
        elif d.draw[p] or d.discard[p]:
            total += ENOUGH
    return total


def can_pay(d: MetabaloidsData, p: int, cost: int, anywhere: bool, exclude: int = -1) -> bool:
    """MB-PAY-9: an action is offered only when its cost can be paid in full."""
    return cost <= 0 or capacity(d, p, anywhere, exclude) >= cost


def pay_options(st: "GameState", step: Pay) -> list[Action]:
    d: MetabaloidsData = st.data
    p = step.seat
    cards = d.cards
    acts = []
    log = st.logging          # labels: made now in normal mode, only when read in quiet mode
    for c in first_of_each_name(cards, d.hand[p]):   # copies pay alike (PR-K-4)
        m = cards[c].meta
        if m >= 1:
            nm = cards[c].name
            acts.append(Action(f"pay:c{c}", _pay_label(nm, m, step.left) if log
                               else partial(_pay_label, nm, m, step.left), PayWith(c)))
    if step.anywhere and top_available(d, p):
        acts.append(Action("pay:top", "Pay 1 point with the top card of your draw pile (unseen)", PayWith(TOP)))
    return acts


def _pay_label(nm: str, meta: int, left: int) -> str:
    waste = f", {meta - left} wasted" if meta > left else ""
    return f"Discard {nm} from hand to pay {min(meta, left)} point{'s' if min(meta, left) != 1 else ''}{waste}"


def paid_from_top(p: int, why: str, name: str) -> str:
    """The log line of a point paid with the top card of the draw pile: a copy of the card the
    cost is for reads as "another", so it does not read like that card paying for itself."""
    other = "another " if name in why else ""
    return f"{pl(p)} pays 1 point for {why} with {other}{name} from the top of their draw pile"


def pay_with(st: "GameState", step: Pay, card: int) -> None:
    """One payment card to the discard pile (MB-PAY-1/7/8); what is still owed is asked next."""
    d: MetabaloidsData = st.data
    p = step.seat
    if card == TOP:
        c = take_top(st, p)
        pts = 1
        if st.logging:
            st.say(paid_from_top(p, step.why, d.name(c)))
    else:
        from_hand(d, p, card)
        c = card
        pts = d.cards[c].meta
        if st.logging:
            other = "another " if d.name(c) in step.why else ""
            st.say(f"{pl(p)} discards {other}{d.name(c)} (Metabaloids {pts}) to pay for {step.why} (MB-PAY-8)")
    d.discard[p].append(c)
    left = step.left - pts
    if left > 0:
        st.push(step._replace(left=left))


# ----------------------------------------------------------------- card losses
def lose_options(st: "GameState", step: Lose) -> list[Action]:
    """Points of card losses: the discard pile's top card (forced, whatever its Defense),
    hand cards with Defense 1 or more, the top of the draw pile at 1 point (MB-CL-7..9).
    A penalty counts cards: any hand card too (MB-CL-10)."""
    d: MetabaloidsData = st.data
    p = step.seat
    cards = d.cards
    acts = []
    if d.discard[p]:
        c = d.discard[p][-1]
        acts.append(Action("lose:discard", _lose_label(f"{cards[c].name} from the top of your discard pile",
                                                       cards[c].defense, step), LoseWith(DISCARD_TOP)))
    for c in first_of_each_name(cards, d.hand[p]):
        df = cards[c].defense
        if step.cards or df >= 1:
            acts.append(Action(f"lose:c{c}", _lose_label(f"{cards[c].name} from hand", df, step), LoseWith(c)))
    if d.draw[p]:
        acts.append(Action("lose:top", _lose_label("the top card of your draw pile (unseen)", 1, step),
                           LoseWith(TOP)))
    return acts


def _lose_label(what: str, pts: int, step: Lose) -> str:
    if step.cards:
        return f"Lose {what}"
    return f"Lose {what}: {pts} point{'s' if pts != 1 else ''} of {step.left}"


def lose_with(st: "GameState", step: Lose, pick: int) -> None:
    d: MetabaloidsData = st.data
    p = step.seat
    if pick == DISCARD_TOP:
        c = d.discard[p].pop()
        pts = d.cards[c].defense
        where = "the top of their discard pile"
    elif pick == TOP:
        c = take_top(st, p)
        pts = 1
        where = "the top of their draw pile"
    else:
        from_hand(d, p, pick)
        c = pick
        pts = d.cards[c].defense
        where = "their hand"
    lose(st, p, c)
    if st.logging:
        worth = "" if step.cards else f" ({pts} point{'s' if pts != 1 else ''})"
        st.say(f"{pl(p)} loses {d.name(c)} from {where}{worth} for {step.why}")
    left = step.left - (1 if step.cards else pts)
    if left > 0:
        st.push(step._replace(left=left))


def can_lose_any(d: MetabaloidsData, p: int, count: bool) -> bool:
    if d.discard[p] or d.draw[p]:
        return True
    return any(count or d.cards[c].defense >= 1 for c in d.hand[p])
