"""Pages on top of and under other Pages (MZ22-PLACE): the ``place_under`` op, and what
happens to the Pages beneath one that leaves the Arena (``hooks.leave_arena``).

Data (PR-MZ22-51): a Page beneath another has ``PageState.under`` = that Page. Put there by a
different Page's Effect it is out of the Arena (MZ22-PLACE-5/16): kept in ``d.in_play`` for the
link but not in ``d.arena``, with no Indicators, so nothing targets, counts or reads it. Put
there by its own Effect it stays in ``d.arena`` (MZ22-PLACE-6) and moves with its host
(MZ22-PLACE-7). Equipment (equipment.py) and face-down Traps (traps.py) use the same link.

The Arena has no positions, so "moving together" (MZ22-PLACE-7) is the ``under`` link itself: a
Page beneath another is shown with it and leaves with it (PR-MZ22-60). An Effect may say that the
Pages it put under its Page come back when that Page leaves (``host_leaves = "return"``,
MZ22-PLACE-10): they carry the mark ``RETURN`` and re-enter for their owner, not Contracted
(PR-MZ22-61)."""
from __future__ import annotations

from typing import Any

from . import ops
from ...engine.state import GameState
from .data import MZ22Data
from .refs import pages, refs
from .records import PageState
from .zones import DISCARD, enter_arena, forget, nm, pl

RETURN = "return_on_leave"      # PageState.marks: back into the Arena when the host leaves (MZ22-PLACE-10)


def beneath(d: MZ22Data, host: int) -> list[int]:
    """The Pages lying under ``host`` (any kind)."""
    return [c for c, s in d.in_play.items() if s.under == host]


def put_under(st: GameState, page: int, host: int, own: bool, back: bool = False) -> None:
    """Put ``page`` beneath ``host``. By its own Effect it stays in the Arena (entering first
    if it was on its way there, MZ22-PLACE-6); by another Page's it leaves the Arena without
    being Destroyed, losing its Indicators (MZ22-PLACE-5/16, MZ22-KW-6). ``back``: it returns to
    the Arena when ``host`` leaves (MZ22-PLACE-10). ``host`` may be the Page whose CONTRACT Effect
    is resolving, which enters the Arena right after (MZ22-CONTRACT-6, PR-MZ22-62)."""
    d: MZ22Data = st.data
    seat = d.controller(host) if host in d.in_play else d.owner[host]
    s = d.in_play.get(page)
    if own:
        if s is None:
            enter_arena(st, page, seat, contracted=True)
            s = d.in_play[page]
        d.in_play[page] = s._replace(under=host)
        if st.logging:
            st.say(f"{nm(d, page)} goes under {nm(d, host)} and stays in the Arena (MZ22-PLACE-6)")
        return
    if s is not None and page in d.arena:
        for c in beneath(d, page):            # what lay under it follows its own rules
            _release(st, c)
        d.arena.remove(page)
        forget(d, page)
        d.dirty = True
    # a fresh state: no Damage, LP changes or Indicators out of the Arena (PR-MZ22-64)
    d.in_play[page] = PageState(d.owner[page], True, entered=d.turn, contracted=False, under=host,
                           marks=((RETURN, 1),) if back else ())
    if st.logging:
        st.say(f"{nm(d, page)} is put under {nm(d, host)}: it leaves the Arena, not Destroyed (MZ22-PLACE-5)")


PILES = ("limbo", "cemetery", "afterlife")


def _release(st: GameState, c: int, zone: str | None = None) -> None:
    """A Page whose host left (to ``zone``; None when it went under another Page): a face-down
    Trap stays in the Arena on its own (MZ22-TRAP-11/28); Equipment goes to its own discard pile
    by its type (MZ22-EQUIP-12/16); any other Page to its owner's pile of the same name as the
    one its host went to, or by its type when the host went to a Chapter, a Spellbook or under
    another Page (MZ22-PLACE-8/9/15, PR-MZ22-69), never Destroyed (MZ22-PLACE-11)."""
    from .equipment import MARK
    from .zones import leave
    d: MZ22Data = st.data
    s = d.in_play[c]
    if s.face_down:
        d.in_play[c] = s._replace(under=-1)
        return
    if (RETURN, 1) in s.marks and c not in d.arena:
        del d.in_play[c]
        enter_arena(st, c, d.owner[c], contracted=False)     # not Contracted (MZ22-CONTRACT-13)
        if st.logging:
            st.say(f"{nm(d, c)} comes back into the Arena for {pl(d.owner[c])} (MZ22-PLACE-10)")
        return
    zone = zone if zone in PILES and MARK not in s.marks else DISCARD[d.defs[c].type]
    if st.logging:
        st.say(f"{nm(d, c)} goes to {pl(d.owner[c])}'s {zone.title()} from under a Page that left "
               "(MZ22-PLACE-8, not Destroyed)")
    leave(st, c, zone)


def on_leave(st: GameState, page: int, zone: str | None) -> None:
    """``page`` left the Arena for ``zone``, or never arrived (a Contract that did not enter):
    the Pages beneath it follow (MZ22-PLACE-8/9/10/11)."""
    d: MZ22Data = st.data
    for c in beneath(d, page):
        if c in d.in_play:            # an earlier release may have taken it along
            _release(st, c, zone)


def place_under_op(st: GameState, run: Any, op: Any) -> bool:
    """The ``place_under`` op: ``what`` Pages go under the one ``under`` names: a Page in the
    Arena, or the source itself while its CONTRACT Effect resolves before it enters (PR-MZ22-62)."""
    d: MZ22Data = st.data
    src = run.ctx.source
    if op.under == "self" and _entering(d, src):
        hosts = [src]
    else:
        hosts = [h for h in pages(refs(st, run.ctx, op.under)) if h in d.arena]
    if not hosts:
        return False
    host = hosts[0]
    if op.what == "self":
        if src not in d.in_play or src in d.arena:
            put_under(st, src, host, own=True)
        return False
    for c in pages(refs(st, run.ctx, op.what)):
        if c != host and c in d.arena:
            put_under(st, c, host, own=False, back=op.host_leaves == "return")
    return False


def _entering(d: MZ22Data, page: int) -> bool:
    """``page`` is a Beastie or Artifact on the chain as a Contract, about to enter."""
    return page not in d.in_play and any(it.source == page and it.what == "contract" for it in d.chain)


ops.register("place_under", place_under_op)
