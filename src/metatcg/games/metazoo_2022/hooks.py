"""Extension points part 2 fills (docs/metazoo-2022.md §4.3): Traits, surroundings, Traps,
Equipment and placement. Part 1 calls each at its rule point; these defaults are the game
without those features (surroundings mode "Terra-Pages-only", MZ22-TERRA-9)."""
from __future__ import annotations

from typing import Any


def traits_of(d: Any, page: int) -> tuple[str, ...]:
    """The Page's Traits with multiplicity (MZ22-TRAIT); granted Traits come in part 2."""
    return d.defs[page].traits


def has_trait(d: Any, page: int, trait: str) -> bool:
    return trait in traits_of(d, page)


def surroundings_has(d: Any, key: str, seat: int) -> bool:
    """Declared or derived surroundings (MZ22-TERRA-8..13): none in Terra-Pages-only mode."""
    if d.surr is None:
        return False
    from .surroundings import has
    return has(d, key, seat)


def wall_holds(d: Any, pred: str, seat: int) -> bool:
    """A 4th Wall predicate (``item:train``, ``self:wearing-pants``, ``terra:forest``) for
    ``seat``, checked fresh every time (MZ22-WALL-7/8/11)."""
    from .surroundings import wall_holds as holds
    return holds(d, pred, seat)


def target_ok(d: Any, seat: int, page: int) -> bool:
    """Whether a targeting Effect of ``seat`` may choose ``page`` (Magiproof, Burrow, …)."""
    return True


def attack_target_ok(d: Any, attacker: int, page: int) -> bool:
    """Flight, Spirit, Invisible, Burrow limits on what an Attack may target (part 2)."""
    return True


def first_strike(d: Any, page: int) -> bool:
    """First-Strike (MZ22-COMBAT-18..21)."""
    return has_trait(d, page, "first_strike")


def enters_fatigued(d: Any, page: int) -> bool:
    """Pages enter Fatigued, Aura and Terra Awakened (MZ22-ZONE-6); Fleet comes in part 2."""
    return d.defs[page].type not in ("aura", "terra")
