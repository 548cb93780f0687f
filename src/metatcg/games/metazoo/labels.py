"""Telling alike options apart as a player sees the cards: a unit by its owner, lane, tapped or
not, its damage and its place among its lane's units ("1st in lane 3", in the order they
entered, as the board lists them); a card in a hand, deck or pile by its place there. The kernel
asks only when two labels of one decision clash (``distinct_labels``)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.labels import Features, ordinal, tell_apart
from ...engine.state import ORDER_DECISION
from .zones import lane_txt, nm, pl

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetaZooData

_CARD = re.compile(r"\bc([0-9]+)")


def card_features(d: "MetaZooData", c: int) -> Features:
    """The name of card ``c`` and what tells it from another copy, as anyone at the table sees it."""
    ln = d.lane_of.get(c, -1)
    if ln >= 0:
        p = d.owner[c]
        same = [u for u in d.units[ln * 2 + p] if nm(d, u) == nm(d, c)]
        where = f"{ordinal(same.index(c) + 1)} in {lane_txt(ln)}" if c in same else ""
        return nm(d, c), (pl(p), lane_txt(ln), "tapped" if c in d.tapped else "untapped",
                          f"{d.damage.get(c, 0)} damage", where)
    p = d.owner[c]
    for zone, words in (("hand", "in hand"), ("aura_zone", "in the Aura zone"), ("discard", "in the discard pile"),
                        ("looking", "looked at")):
        cards = getattr(d, zone)[p]
        if c in cards:
            same = [x for x in cards if nm(d, x) == nm(d, c)]
            return nm(d, c), ("tapped" if c in d.tapped else "", f"{ordinal(same.index(c) + 1)} {words}")
    return nm(d, c), ()


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetaZooData = st.data

    order = st.decision.params.triggers if st.decision is not None and st.decision.kind == ORDER_DECISION else ()

    def cards(a: Action) -> list[tuple[int, Features]]:
        if order and a.id.startswith("trigger:"):            # a trigger by the card it comes from
            ctx = getattr(order[int(a.id[8:])], "ctx", None)
            return [(ctx.src, card_features(d, ctx.src))] if ctx is not None and ctx.src >= 0 else []
        return [(int(c), card_features(d, int(c))) for c in _CARD.findall(a.id) if int(c) < len(d.cards)]

    return tell_apart(actions, cards)
