"""MetaZoo 2022's fixed action numbering for RL (engine.action_space): every id form its rules offer."""
from __future__ import annotations

from typing import Any

from ...engine.action_space import ActionSpace, Ints, Words
from .deckcheck import MAX_ARCHIVE, MAX_SPELLBOOK
from .schema import AURA_TYPES

TOKENS = 64          # Tokens created in one game (each takes a new instance number)
INDEX = 8            # a Page's Effect, Attack or option number (the pool has at most 3)
AMOUNT = 250         # Damage given to one Defender (the pool's largest Attack is 120)
ALIASES = 100_000    # a face-down Page is shown as f<turn*100+k> (MZ22-TRAP-22): turns below 1000
CHAIN = 10_000       # chain item numbers, counted over the whole game
TRIGGERS = 64        # simultaneous triggers one seat orders (kernel "trigger:N")

TEMPLATES = (
    "back", "burrow", "done", "end", "first", "keep", "mulligan", "no", "none", "pass", "second", "stay",
    "trap", "yes", "alloc:deal", "call:heads", "call:tails", "first:damage", "first:status",
    "trap:decline", "trap:pay",
    "trigger:{trigger}", "aura:{aura}", "pay:{aura}", "pay:pool.{aura}", "opt:{index}", "atk:{index}",
    "take:{name}", "at:P{seat}", "foe:P{seat}", "target:P{seat}", "target:k{chain}", "at:f{alias}",
    "at:c{card}", "attack:c{card}", "contract:c{card}", "defend:c{card}", "destruct:c{card}",
    "discard:c{card}", "next:c{card}", "pay:c{card}", "primary:c{card}", "target:c{card}", "trap:c{card}",
    "use:c{card}.{index}", "alloc:c{card}={amount}", "slide:c{card}>c{card}", "trap:under:c{card}",
)


def action_space(game: Any, seats: int) -> ActionSpace:
    """Card instances: each seat's Spellbook and Archive at their largest (MZ22-BOOK-8,
    MZ22-ARCH-1), then the Tokens. ``take:<name>`` (Search) names any card of the pool."""
    return ActionSpace(TEMPLATES, {
        "card": Ints(0, (MAX_SPELLBOOK + MAX_ARCHIVE) * seats + TOKENS), "seat": Ints(1, seats + 1),
        "aura": Words(AURA_TYPES), "name": Words(tuple(sorted(game.pool.names()))),
        "index": Ints(0, INDEX), "amount": Ints(0, AMOUNT + 1), "alias": Ints(1, ALIASES),
        "chain": Ints(0, CHAIN), "trigger": Ints(0, TRIGGERS)})
