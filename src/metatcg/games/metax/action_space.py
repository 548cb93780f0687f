"""MetaX's fixed action numbering for RL (engine.action_space): every id form its rules offer."""
from __future__ import annotations

from typing import Any

from ...engine.action_space import ActionSpace, Ints, Words
from .battle import STAT_WORD

DECK = 40          # MX-DECK-1: exactly 40 cards a seat, and MetaX makes no tokens
INDEX = 8          # a card's Push effects (the pool has at most 2 effects a card)
TRIGGERS = 64      # simultaneous triggers one seat orders (kernel "trigger:N")

TEMPLATES = (
    "end_attacks", "end_defense", "end_planning", "keep", "mulligan", "no", "no_link", "none", "yes",
    "trigger:{trigger}",
    "bottom:c{card}", "card:c{card}", "discard:c{card}", "event:c{card}", "link:c{card}",
    "link:c{card}:{stat}", "play:c{card}", "push:c{card}", "push:c{card}:{index}", "put:c{card}",
    "resolve:c{card}", "take:c{card}", "target:c{card}", "with:c{card}", "with:c{card}:{stat}",
    "attack:c{card}/c{card}", "defend:c{card}->c{card}",
)


def action_space(game: Any, seats: int) -> ActionSpace:
    """Card instances are numbered 0..40*seats-1 (``PooledGame.deal``)."""
    return ActionSpace(TEMPLATES, {
        "card": Ints(0, DECK * seats), "stat": Words(tuple(sorted(STAT_WORD))),
        "index": Ints(0, INDEX), "trigger": Ints(0, TRIGGERS)})
