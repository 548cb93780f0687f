"""MetaZoo's fixed action numbering for RL (engine.action_space): every id form its rules offer."""
from __future__ import annotations

from typing import Any

from ...engine.action_space import ActionSpace, Ints
from .data import LANES

# A seat's instances: Caster 1 + Starter Terras 2 + Aura deck 10 + allied supply 10 + main deck.
# The main deck has no upper limit in the rules (MZL-DECK-1 sets 50 as the least): the action
# space allows 105 main-deck cards, 128 instances a seat, plus TOKENS made during a game.
PER_SEAT = 128
TOKENS = 256       # tokens created in one game (each takes a new instance number)
INDEX = 8          # a card's ability number (the pool has at most 2 a card)
TRIGGERS = 64      # simultaneous triggers one seat orders (kernel "trigger:N")

TEMPLATES = (
    "done", "no", "none", "yes", "priority:first", "priority:second",
    "trigger:{trigger}", "declare:lane{lane}", "enhance:lane{lane}", "lane:{lane}", "order:p{seat}",
    "aura:c{card}", "bottom:c{card}", "discard:c{card}", "order:c{card}", "pay:c{card}", "play:c{card}",
    "remove:c{card}", "return:c{card}", "reverse:c{card}", "sacrifice:c{card}", "shatter:c{card}",
    "starter:c{card}", "swap:c{card}", "take:c{card}", "target:c{card}", "trade:c{card}",
    "ability:c{card}:{index}", "replace:c{card}:{index}", "play:c{card}@lane{lane}",
)


def action_space(game: Any, seats: int) -> ActionSpace:
    return ActionSpace(TEMPLATES, {
        "card": Ints(0, PER_SEAT * seats + TOKENS), "lane": Ints(1, LANES + 1), "seat": Ints(1, seats + 1),
        "index": Ints(0, INDEX), "trigger": Ints(0, TRIGGERS)})
