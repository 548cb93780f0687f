"""Telling alike options apart as a player sees the cards: a unit by its owner, lane, tapped or
not, its damage and its place among its lane's units ("1st in lane 3", in the order they
entered, as the board lists them); a card in a hand, deck or pile by its place there. The kernel
asks only when two labels of one decision clash (``distinct_labels``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...engine.action import Action
from ...engine.cardlabels import by_named_cards
from ...engine.labels import Features, ordinal, place_among
from .zones import lane_txt, nm, pl

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MetaZooData



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
    place = place_among(c, ((d.hand[p], "in hand"), (d.aura_zone[p], "in the Aura zone"),
                            (d.discard[p], "in the discard pile"), (d.looking[p], "looked at")), lambda x: nm(d, x))
    # the same slots as a unit's (owner, lane, tapped, damage, place): a card in play and one that
    # left it (a trigger of a defeated unit) are told apart by where they are, not by owner
    return nm(d, c), (pl(p), "", "tapped" if c in d.tapped else "", "", place or "")


def _trigger_source(trigger: Any) -> int:
    """The card a waiting trigger comes from (-1: none)."""
    ctx = getattr(trigger, "ctx", None)
    return ctx.src if ctx is not None else -1


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    d: MetaZooData = st.data
    return by_named_cards(st, actions, lambda c: card_features(d, c), _trigger_source, len(d.cards))
