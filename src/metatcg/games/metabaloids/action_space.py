"""Metabaloids' fixed action numbering for RL (engine.action_space): every id form its rules offer."""
from __future__ import annotations

from typing import Any

from ...engine.action_space import ActionSpace, Ints
from .data import COLUMNS
from .deckcheck import MAX_CARDS

INDEX = 8          # a card's ability number in "use:cN#i" (the pool has at most 2 a card)
TRIGGERS = 64      # simultaneous triggers one seat orders (kernel "trigger:N")

TEMPLATES = (
    "done", "pass", "lose:discard", "lose:top", "pay:top",
    "trigger:{trigger}", "burn:P{seat}", "rally:@{column}", "shelter:@{column}",
    "attack:c{card}", "event:c{card}", "lose:c{card}", "pay:c{card}", "refresh:c{card}", "restock:c{card}",
    "stash:c{card}", "target:c{card}", "use:c{card}", "use:c{card}#{index}",
    "deploy:c{card}@{column}", "move:c{card}@{column}", "place:c{card}@{column}", "shift:c{card}@{column}",
)


def action_space(game: Any, seats: int) -> ActionSpace:
    """Card instances are numbered 0..45*seats-1 (MB-DECK-3; the game makes no tokens)."""
    return ActionSpace(TEMPLATES, {
        "card": Ints(0, MAX_CARDS * seats), "column": Ints(1, COLUMNS + 1), "seat": Ints(1, seats + 1),
        "index": Ints(0, INDEX), "trigger": Ints(0, TRIGGERS)})
