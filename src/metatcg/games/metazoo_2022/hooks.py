"""Extension points (docs/metazoo-2022.md §4.3): Traits, surroundings, Traps, Equipment and
placement. The rules below them (zones, stats, combat, the chain) call each at its rule point;
the features themselves sit above them and are plugged in once by the rules module
(:func:`provide`), so no module here reaches up to them. Until then the defaults are the game
without those features (surroundings mode "Terra-Pages-only", MZ22-TERRA-9). Traits answer
from traits.py, which costs a cached lookup when no Page in the Arena has a Trait."""
from __future__ import annotations

from typing import Any, Protocol

from .records import Ref


class TraitRules(Protocol):
    """What traits.py answers (MZ22-TRAIT)."""

    def traits_of(self, d: Any, page: int) -> tuple[str, ...]: ...
    def target_ok(self, d: Any, page: int, by: Any) -> bool: ...
    def attack_target_ok(self, d: Any, attacker: int, page: int) -> bool: ...
    def attack_barred(self, d: Any, page: int) -> bool: ...
    def may_defend(self, d: Any, page: int) -> bool: ...
    def may_declare_defenders(self, d: Any, attacker: int) -> bool: ...
    def may_use_power(self, d: Any, page: int) -> bool: ...
    def stone_skin(self, d: Any, page: int) -> bool: ...
    def immortal(self, d: Any, page: int) -> bool: ...
    def on_primary(self, st: Any) -> None: ...
    def on_attack_damage(self, st: Any, page: int, dealt: dict[Ref, int]) -> None: ...
    def on_contracted(self, st: Any, page: int, seat: int) -> None: ...
    def turn_start(self, st: Any) -> None: ...
    def turn_end(self, st: Any) -> None: ...
    def convert_units(self, d: Any, p: int) -> list[Any]: ...
    def extra_actions(self, d: Any, p: int) -> list[Any]: ...
    def mark_lp(self, marks: tuple[tuple[str, int], ...]) -> int: ...


class TrapRules(Protocol):
    """What traps.py answers (MZ22-TRAP)."""

    def main_actions(self, d: Any, p: int) -> list[Any]: ...
    def flip_moment(self, st: Any, moment: str) -> None: ...
    def on_attack_declared(self, st: Any) -> None: ...
    def paid(self, st: Any, act: Any) -> None: ...


class PlacementRules(Protocol):
    """What placement.py answers (MZ22-PLACE, MZ22-EQUIP)."""

    def on_leave(self, st: Any, page: int, zone: str | None) -> None: ...


class SurroundingRules(Protocol):
    """What surroundings.py answers (MZ22-TERRA-8..13, MZ22-WALL)."""

    def has(self, d: Any, key: str, seat: int) -> bool: ...
    def wall_holds(self, d: Any, pred: str, seat: int) -> bool: ...


class _Without:
    """The game without Traits, Traps, placement and surroundings."""

    def traits_of(self, d: Any, page: int) -> tuple[str, ...]:
        return tuple(d.defs[page].traits)

    def target_ok(self, d: Any, page: int, by: Any) -> bool:
        return True

    def attack_target_ok(self, d: Any, attacker: int, page: int) -> bool:
        return True

    def may_declare_defenders(self, d: Any, attacker: int) -> bool:
        return True

    def attack_barred(self, d: Any, page: int) -> bool:
        return False

    def may_defend(self, d: Any, page: int) -> bool:
        return True

    def may_use_power(self, d: Any, page: int) -> bool:
        return True

    def stone_skin(self, d: Any, page: int) -> bool:
        return False

    def immortal(self, d: Any, page: int) -> bool:
        return False

    def on_primary(self, st: Any) -> None:
        pass

    def on_attack_damage(self, st: Any, page: int, dealt: dict[Ref, int]) -> None:
        pass

    def on_contracted(self, st: Any, page: int, seat: int) -> None:
        pass

    def turn_start(self, st: Any) -> None:
        pass

    def turn_end(self, st: Any) -> None:
        pass

    def convert_units(self, d: Any, p: int) -> list[Any]:
        return []

    def extra_actions(self, d: Any, p: int) -> list[Any]:
        return []

    def mark_lp(self, marks: tuple[tuple[str, int], ...]) -> int:
        return 0

    def main_actions(self, d: Any, p: int) -> list[Any]:
        return []

    def flip_moment(self, st: Any, moment: str) -> None:
        pass

    def on_attack_declared(self, st: Any) -> None:
        pass

    def paid(self, st: Any, act: Any) -> None:
        pass

    def on_leave(self, st: Any, page: int, zone: str | None) -> None:
        pass

    def has(self, d: Any, key: str, seat: int) -> bool:
        return False

    def wall_holds(self, d: Any, pred: str, seat: int) -> bool:
        return False


_WITHOUT = _Without()
traits: TraitRules = _WITHOUT
_traps: TrapRules = _WITHOUT
_placement: PlacementRules = _WITHOUT
_surroundings: SurroundingRules = _WITHOUT


def provide(traits_rules: TraitRules, traps: TrapRules, placement: PlacementRules,
            surroundings: SurroundingRules) -> None:
    """Plug the features in (the rules module does, once, with the modules themselves)."""
    global traits, _traps, _placement, _surroundings
    traits, _traps, _placement, _surroundings = traits_rules, traps, placement, surroundings


def traits_of(d: Any, page: int) -> tuple[str, ...]:
    """The Page's Traits with multiplicity, granted ones included (MZ22-TRAIT, MZ22-TRAIT-4)."""
    return traits.traits_of(d, page)


def has_trait(d: Any, page: int, trait: str) -> bool:
    return trait in traits.traits_of(d, page)


def surroundings_has(d: Any, key: str, seat: int) -> bool:
    """Declared or derived surroundings (MZ22-TERRA-8..13): none in Terra-Pages-only mode."""
    if d.surr is None:
        return False
    return _surroundings.has(d, key, seat)


def wall_holds(d: Any, pred: str, seat: int) -> bool:
    """A 4th Wall predicate (``item:train``, ``self:wearing-pants``, ``terra:forest``) for
    ``seat``, as it stands now (MZ22-WALL-7/8/11). The answers are cached until a Page arrives
    or leaves (``zones.forget``) or the derived keys change (``surroundings.recompute``), the
    only things they depend on."""
    known = d.memo.get("wall")
    if known is None:
        known = d.memo["wall"] = {}
    got = known.get((pred, seat))
    if got is None:
        got = known[(pred, seat)] = _surroundings.wall_holds(d, pred, seat)
    return got  # type: ignore[no-any-return]


def target_ok(d: Any, seat: int, page: int) -> bool:
    """Whether a targeting Effect of ``seat`` may choose ``page`` (face-down, Equipment, …)."""
    return True


def trait_target_ok(d: Any, page: int, by: Any) -> bool:
    """Whether the Act or chain item ``by`` may target ``page``: Magiproof, Burrow."""
    return traits.target_ok(d, page, by)


def attack_target_ok(d: Any, attacker: int, page: int) -> bool:
    """Flight, Spirit, Invisible, Burrow limits on what an Attack may target."""
    return traits.attack_target_ok(d, attacker, page)


def attack_barred(d: Any, page: int) -> bool:
    """Burrow and Flash keep a Beastie from declaring an Attack."""
    return traits.attack_barred(d, page)


def may_defend(d: Any, page: int) -> bool:
    return traits.may_defend(d, page)


def may_declare_defenders(d: Any, attacker: int) -> bool:
    return traits.may_declare_defenders(d, attacker)


def may_use_power(d: Any, page: int) -> bool:
    return traits.may_use_power(d, page)


def first_strike(d: Any, page: int) -> bool:
    """First-Strike (MZ22-COMBAT-18..21, MZ22-TRAIT-FIRSTSTRIKE-1/2)."""
    return has_trait(d, page, "first_strike")


def enters_fatigued(d: Any, page: int) -> bool:
    """Pages enter Fatigued, Aura and Terra Awakened (MZ22-ZONE-6); Fleet Pages Awakened
    (MZ22-TRAIT-FLEET-1/2)."""
    df = d.defs[page]
    return df.type not in ("aura", "terra") and "fleet" not in df.traits


def no_damage(d: Any, page: int, attack: bool) -> bool:
    """Stone Skin makes Damage other than an Attack's 0 (MZ22-TRAIT-STONESKIN-1)."""
    return not attack and traits.stone_skin(d, page)


def survives_zero(d: Any, page: int) -> bool:
    """Immortal Pages are not Destroyed at 0 LP (MZ22-TRAIT-IMMORTAL-1)."""
    return traits.immortal(d, page)


def on_primary(st: Any) -> None:
    """The primary Defender is known (end of Combat step 2): Venomous."""
    traits.on_primary(st)


def on_attack_damage(st: Any, page: int, dealt: dict[Ref, int]) -> None:
    """An Attack of ``page`` dealt ``dealt``: Blood Sucker, Destroyer, Infectious."""
    traits.on_attack_damage(st, page, dealt)


def on_contracted(st: Any, page: int, seat: int) -> None:
    """A Contracted Page has entered: Fear, Flash."""
    traits.on_contracted(st, page, seat)


def turn_hooks(st: Any, step: str) -> None:
    """Rule events of steps 1a and 3b: Burrow, Defender, Flash, Regen."""
    if step == "start_a":
        traits.turn_start(st)
        _traps.flip_moment(st, "start_of_turn")
    elif step == "end_b":
        traits.turn_end(st)


def extra_sources(d: Any, p: int) -> list[Any]:
    """Aura sources other than Aura Pages and Aura Artifacts: Convert."""
    return traits.convert_units(d, p)


def extra_actions(d: Any, p: int) -> list[Any]:
    """Take Actions options besides Contract/use/attack: Self-Destruct (MZ22-ACTION-6), placing
    and sliding Traps (MZ22-TURN-9/10)."""
    return traits.extra_actions(d, p) + _traps.main_actions(d, p)


def mark_lp(marks: tuple[tuple[str, int], ...]) -> int:
    """Maximum LP that Trait indicators add (Defender's gain)."""
    return traits.mark_lp(marks)


def leave_arena(st: Any, page: int, zone: str | None) -> None:
    """``page`` left the Arena for ``zone``: Pages beneath it follow it (MZ22-PLACE-8,
    MZ22-EQUIP-12, MZ22-TRAP-11); see placement.py."""
    _placement.on_leave(st, page, zone)


def on_attack_declared(st: Any) -> None:
    """Sub-step 5 of an Attack declaration: a face-down Trap flips (MZ22-COMBAT-6..8)."""
    _traps.on_attack_declared(st)


def trap_paid(st: Any, act: Any) -> None:
    """A flipped Trap's cost is paid: its Effect happens at once, off the chain (MZ22-TRAP-27)."""
    _traps.paid(st, act)
