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
    return False


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


def leave_arena(st: Any, page: int) -> None:
    """``page`` left the Arena: Pages beneath it follow it (MZ22-PLACE-8, MZ22-EQUIP-12,
    MZ22-TRAP-11); see placement.py."""
    from .placement import on_leave
    on_leave(st, page)


def on_attack_declared(st: Any) -> None:
    """Sub-step 5 of an Attack declaration: a face-down Trap flips (MZ22-COMBAT-6..8)."""
    from .traps import on_attack_declared as flip_traps
    flip_traps(st)


def extra_actions(d: Any, seat: int) -> list[Any]:
    """Take Actions options part 2 adds: placing and sliding Traps (MZ22-TURN-9/10)."""
    from .traps import main_actions
    return main_actions(d, seat)
