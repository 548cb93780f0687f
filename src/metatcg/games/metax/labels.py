"""Telling alike options apart as a player sees the cards. A Character in play already reads
apart from its twins ("Ember Warden (2nd)", ``zones.char_name``); the rest by owner, Pushed,
damage, or its place in a hand or pile; a simultaneous trigger by the card it comes from. The
kernel asks only when two labels of one decision clash (``distinct_labels``)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.labels import Features, ordinal, tell_apart
from ...engine.state import ORDER_DECISION
from .zones import char_name, pl

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetaXData

_CARD = re.compile(r"\bc([0-9]+)")


def card_features(d: "MetaXData", c: int) -> Features:
    """The name of card ``c`` as labels give it and what tells it from another copy."""
    p = d.owner[c]
    if c in d.entered:
        return char_name(d, c), (pl(p), "Pushed" if c in d.pushed else "Prepped",
                                 f"{len(d.damage.get(c, ()))} Damage")
    for zone, words in (("hand", "in hand"), ("discard", "in the discard pile"), ("vp", "among Victory Points")):
        cards = getattr(d, zone)[p]
        if c in cards:
            same = [x for x in cards if d.cards[x].name == d.cards[c].name]
            return d.cards[c].name, (pl(p), f"{ordinal(same.index(c) + 1)} {words}")
    return d.cards[c].name, (pl(p),)


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetaXData = st.data
    order = st.decision.params.triggers if st.decision is not None and st.decision.kind == ORDER_DECISION else ()

    def cards(a: Action) -> list[tuple[int, Features]]:
        if order and a.id.startswith("trigger:"):            # a trigger by the card it comes from
            src = order[int(a.id[8:])].src
            return [(src, card_features(d, src))]
        return [(int(c), card_features(d, int(c))) for c in _CARD.findall(a.id) if int(c) < len(d.cards)]

    return tell_apart(actions, cards)
