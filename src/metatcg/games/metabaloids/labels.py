"""Telling alike options apart as a player sees the cards: a card in play by its column and its
row ("Bile Sprite (top)", "Bile Sprite (2nd from the top)"), safe or not, whether it used its
ability; a card in a hand or reserve by its place there. The kernel asks only when two labels
of one decision clash (``distinct_labels``)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.labels import Features, ordinal, tell_apart
from ...engine.state import ORDER_DECISION
from .zones import col_name

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetabaloidsData

_CARD = re.compile(r"\bc([0-9]+)")


def row_words(k: int) -> str:
    """Row ``k`` of a column as the board draws it, top row first."""
    return "top" if k == 0 else f"{ordinal(k + 1)} from the top"


def card_features(d: "MetabaloidsData", c: int) -> Features:
    """The name of card ``c`` and what tells it from another copy, as anyone at the table sees it."""
    p = d.owner[c]
    for i, col in enumerate(d.columns[p]):
        if c in col:
            return d.name(c), (f"{col_name(i)} column", row_words(col.index(c)),
                               "safe" if c in d.safe else "", "ability used" if c in d.used else "")
    for zone, words in (("hand", "in hand"), ("reserve", "in reserve"), ("events", "among Events"),
                        ("discard", "in the discard pile"), ("lost", "in the lost pile")):
        cards = getattr(d, zone)[p]
        if c in cards:
            same = [x for x in cards if d.name(x) == d.name(c)]
            return d.name(c), (f"{ordinal(same.index(c) + 1)} {words}",)
    return d.name(c), ()


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetabaloidsData = st.data

    order = st.decision.params.triggers if st.decision is not None and st.decision.kind == ORDER_DECISION else ()

    def cards(a: Action) -> list[tuple[int, Features]]:
        if order and a.id.startswith("trigger:"):            # a trigger by the card it comes from
            src = order[int(a.id[8:])].card
            return [(src, card_features(d, src))]
        return [(int(c), card_features(d, int(c))) for c in _CARD.findall(a.id)]

    return tell_apart(actions, cards)
