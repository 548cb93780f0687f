"""Telling alike options apart by the cards their ids name (``c12``), the kernel's
:func:`~.labels.tell_apart` for games whose options name card instances and whose simultaneous
triggers each come from a card."""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from .action import Action
from .labels import Features, tell_apart
from .state import ORDER_DECISION, GameState

#: a card instance named in an option's id ("play:c12", "attack:c3:c7")
CARD_REF = re.compile(r"\bc([0-9]+)")


def by_named_cards(state: GameState, actions: Sequence[Action], features: Callable[[int], Features],
                   source: Callable[[Any], int], count: int) -> list[Action]:
    """``actions`` with each group of alike labels told apart by the cards their ids name
    (``features(card)``), a trigger being ordered by the card it comes from (``source(trigger)``,
    -1 for none); ``count`` cards exist."""
    dec = state.decision
    order = dec.params.triggers if dec is not None and dec.kind == ORDER_DECISION else ()

    def cards(a: Action) -> list[tuple[int, Features]]:
        if order and a.id.startswith("trigger:"):
            src = source(order[int(a.id[8:])])
            return [(src, features(src))] if 0 <= src < count else []
        return [(c, features(c)) for c in map(int, CARD_REF.findall(a.id)) if c < count]

    return tell_apart(actions, cards)
