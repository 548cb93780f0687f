"""Telling alike options apart as a player sees the cards: a card in play by its column and its
row ("Bile Sprite (top)", "Bile Sprite (2nd from the top)"), safe or not, whether it used its
ability; a card in a hand or reserve by its place there. The kernel asks only when two labels
of one decision clash (``distinct_labels``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.cardlabels import by_named_cards
from ...engine.labels import Features, ordinal, place_among
from .zones import col_name

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetabaloidsData



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
    place = place_among(c, ((d.hand[p], "in hand"), (d.reserve[p], "in reserve"), (d.events[p], "among Events"),
                            (d.discard[p], "in the discard pile"), (d.lost[p], "in the lost pile")), d.name)
    return d.name(c), () if place is None else (place,)


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetabaloidsData = st.data
    return by_named_cards(st, actions, lambda c: card_features(d, c), lambda t: t.card, len(d.cards))
