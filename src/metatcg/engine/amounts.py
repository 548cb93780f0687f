"""An amount and the modifiers that made it, in words a player reads: "40 +20 Rage = 60".

A game's rules compute an amount (Attack Damage, Damage taken) once, optionally writing each
step into a list of parts; its previews (action labels, log lines, views) show those parts
through :func:`breakdown`, so a preview can never disagree with what the rules deal.
"""
from __future__ import annotations

from typing import Sequence

Part = tuple[str, int]          # (what a player calls it, how much it adds; the first is the base)


def breakdown(parts: Sequence[Part], total: int | None = None) -> str:
    """``[("Antler Hop", 40), ("Rage", 20)]`` -> "40 +20 Rage = 60"; just "40" without modifiers.
    ``total``: the amount the rules arrived at when it is not the plain sum (a floor at 0, a
    doubling already named in the parts)."""
    if not parts:
        return "0" if total is None else str(total)
    base = parts[0][1]
    mods = [(name, n) for name, n in parts[1:] if n]
    end = base + sum(n for _, n in mods) if total is None else total
    if not mods and end == base:
        return str(base)
    words = " ".join(f"{'+' if n > 0 else '−'}{abs(n)} {name}" for name, n in mods)
    return f"{base}{' ' + words if words else ''} = {end}"
