"""Telling alike options apart as a player sees the cards. A Character in play already reads
apart from its twins ("Ember Warden (2nd)", ``zones.char_name``); the rest by owner, Pushed,
damage, or its place in a hand or pile; a simultaneous trigger by the card it comes from. The
kernel asks only when two labels of one decision clash (``distinct_labels``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.cardlabels import by_named_cards
from ...engine.labels import Features, place_among
from .zones import char_name, pl

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetaXData



def card_features(d: "MetaXData", c: int) -> Features:
    """The name of card ``c`` as labels give it and what tells it from another copy."""
    p = d.owner[c]
    if c in d.entered:
        return char_name(d, c), (pl(p), "Pushed" if c in d.pushed else "Prepped",
                                 f"{len(d.damage.get(c, ()))} Damage")
    place = place_among(c, ((d.hand[p], "in hand"), (d.discard[p], "in the discard pile"),
                            (d.vp[p], "among Victory Points")), lambda x: d.cards[x].name)
    return d.cards[c].name, (pl(p),) if place is None else (pl(p), place)


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetaXData = st.data
    return by_named_cards(st, actions, lambda c: card_features(d, c), lambda t: t.src, len(d.cards))
