"""What a unit op could act on (the candidates), found before anything is chosen: for the
choice itself (:mod:`.targets`), for the lane to choose first (:mod:`.lanechoice`) and for the
options of a play that must have something to act on (PR-MZL-25: no dead options)."""
from __future__ import annotations

from typing import Iterator, Sequence

from . import stats
from .cards import Plain
from .context import this_lane
from .data import MetaZooData
from .records import Ctx

CANNOT_FOR = {"shatter": "be_shattered", "deal_damage": "be_damaged", "tap": "be_tapped", "move": "be_moved",
              "return_to_hand": "be_returned", "duel": "be_dueled"}
FIXED = ("self", "subject", "previous")   # choices that name one unit, no decision


def candidates(d: MetaZooData, op: Plain, tg: Plain, ctx: Ctx, chooser: int, fighter: int = -1) -> list[int]:
    """The units op ``op`` could act on through target ``tg``, as ``chooser`` sees it."""
    return list(_candidates(d, op, tg, ctx, chooser, fighter))


def any_candidate(d: MetaZooData, op: Plain, tg: Plain, ctx: Ctx, chooser: int) -> bool:
    """Is there at least one unit ``candidates`` would give?"""
    for _ in _candidates(d, op, tg, ctx, chooser, -1):
        return True
    return False


def _candidates(d: MetaZooData, op: Plain, tg: Plain, ctx: Ctx, chooser: int, fighter: int) -> Iterator[int]:
    k = op.op
    ch = tg.choose
    if ch in FIXED:
        u = ctx.src if ch == "self" else (ctx.subject if ch == "subject" else ctx.last)
        pool: Sequence[int] = (u,) if u >= 0 and u in d.lane_of else ()
        match = False
    else:
        pool = [u for side in stats.filter_sides(d, tg, ctx) for u in d.units[side]]
        match = True
    if not pool:
        return
    no = CANNOT_FOR.get(k)
    targeted = ch in ("one", "up_to", "highest", "lowest")
    dest = move_dest(d, op, ctx) if k == "move" else None
    owner = d.owner
    for u in pool:
        if match and not stats.unit_matches(d, tg, u, ctx):
            continue
        if no is not None and stats.cannot(d, u, no):
            continue
        if targeted and owner[u] != chooser and stats.cannot(d, u, "be_targeted"):
            continue
        if k == "tap" and u in d.tapped or k == "untap" and u not in d.tapped:
            continue  # it would change nothing (no dead options, PR-MZL-25)
        if k == "sacrifice" and owner[u] != ctx.controller:
            continue  # MZL-KW-SACRIFICE-5
        if k == "duel" and (u == fighter or not d.cards[u].creature):
            continue
        if k == "move" and dest is not None and dest >= 0 and not can_move(d, u, dest):
            continue
        yield u


def move_dest(d: MetaZooData, op: Plain, ctx: Ctx) -> int | None:
    """A Move's destination if the op fixes it (None: chosen per unit)."""
    if op.to in ("any", "other"):
        return None
    if op.to == "chosen" or op.to == "this" and this_lane(ctx) < 0:
        return ctx.chosen
    ln = stats.lane_ref(d, op.to, ctx)
    return -1 if ln is None else ln


def can_move(d: MetaZooData, u: int, dest: int) -> bool:
    p = d.owner[u]
    return d.lane_of.get(u) != dest and stats.room_for(d, dest, p, u) and not stats.same_name_here(d, dest, p, u)
