"""MetaZoo 2022 rule-test support: positions in P1's Take Actions step and small readers.

Positions are built with ``game.position`` (games/metazoo_2022/position.py documents the
format); by default it is turn 3, P1 active and first, and every decision waits for the test
(``auto_single`` off) so a test sees each one.
"""
from __future__ import annotations

from typing import Any

from metatcg.games.metazoo_2022 import traps
from metatcg.games.metazoo_2022.stats import cur_lp

from support import ids


def position(game: Any, casters: list[dict], **top: Any):
    """``game.position`` of these ``[[caster]]`` tables, P1's Take Actions of turn 3 unless
    ``top`` says otherwise."""
    spec: dict[str, Any] = {"turn": 3, "active": 0, "first": 0, "caster": list(casters),
                            "options": {"auto_single": False}}
    spec.update(top)
    return game.position(spec)


def arena_page(st, name: str, seat: int | None = None, n: int = 0) -> int:
    """The ``n``th Page called ``name`` in the Arena (controlled by ``seat`` when given)."""
    d = st.data
    return [c for c in d.arena if d.defs[c].name == name and (seat is None or d.in_play[c].controller == seat)][n]


def play(st, *aids: str) -> None:
    """Apply legal actions in turn; "done" is skipped when no Defender could be declared."""
    for a in aids:
        if a == "done" and st.decision.kind != "defenders":
            continue
        assert a in ids(st), f"{a} not in {ids(st)}"
        st.apply(a)


def lp(st, c: int) -> int | None:
    """Current LP of a Page in the Arena (None once it left)."""
    return cur_lp(st.data, c) if c in st.data.in_play else None


def random_move(rnd, st, bluff: bool = False):
    """A uniformly random legal action, leaving out placing a Page without the Trap Trait
    face-down unless ``bluff``: uniform play bluffs so often (and loses to MZ22-TRAP-4 at the
    first Attack on it) that games would end before they test much else."""
    acts = st.legal_actions()
    if not bluff:
        acts = [a for a in acts if not is_bluff(st, a)] or acts
    return rnd.choice(acts)


def is_bluff(st, action) -> bool:
    """Does ``action`` place a Page without the Trap Trait face-down (a bluff, MZ22-TRAP-4)?"""
    dec = st.decision
    return (dec is not None and dec.kind == "trap_place" and action.id.startswith("trap:c")
            and not traps.is_trap(st.data, action.args))
