"""Equipment (MZ22-EQUIP, MZ22-TRAIT-EQUIPMENT): the ``attach`` op, and the Effects an
Equipment gives its Equipped Page.

Data (PR-MZ22-52): an attached Equipment is in ``d.in_play`` with ``under`` = its Equipped Page and
the mark ``("equip", 1)``, never in ``d.arena``: outside the Arena, it cannot be Attacked,
targeted or counted (MZ22-EQUIP-8/17). Its controller is the Equipped Page's (MZ22-EQUIP-3/18).
Its ARENA statics that name ``who = "equipped"`` apply to the Equipped Page (MZ22-EQUIP-11/13)."""
from __future__ import annotations

from typing import Any

from . import ops
from ...engine.state import GameState
from .data import MZ22Data
from .refs import pages, refs
from .records import Act, PageState
from .targets import any_targets
from .zones import forget, nm

MARK = ("equip", 1)


def is_equipment(d: MZ22Data, page: int) -> bool:
    return "equipment" in d.defs[page].traits


def attached(d: MZ22Data) -> list[int]:
    """Equipment Pages attached now (none without a Page outside the Arena list: the cheap gate)."""
    if not d.has_attached():
        return []
    return [c for c, s in d.in_play.items() if MARK in s.marks]


def lacks_target(d: MZ22Data, p: int, page: int) -> bool:
    """An Equipment that is not a Beastie and whose CONTRACT Effect targets cannot be Contracted
    without a legal target (MZ22-EQUIP-5). A Spell's targets are its cast Effect's, which
    ``can_contract`` checks already; a Beastie needs none (MZ22-EQUIP-6). PR-MZ22-57."""
    df = d.defs[page]
    if df.type == "beastie" or not is_equipment(d, page):
        return False
    return any(df.effects[i].targets and not any_targets(d, p, df.effects[i].targets, Act("contract", page, p, i))
               for i in df.contract_fx)


def equip_fx(d: MZ22Data, page: int) -> int:
    """The CONTRACT Effect whose target a Beastie or Artifact Equipment chooses as it is
    Contracted (MZ22-EQUIP-4, PR-MZ22-68), or -1; a Spell's is its cast Effect already."""
    df = d.defs[page]
    if not df.traits or df.cast is not None or not is_equipment(d, page):
        return -1
    return next((i for i in df.contract_fx if df.effects[i].targets), -1)


def contract_targets(d: MZ22Data, page: int) -> int:
    """The Effect whose targets are chosen when ``page`` is Contracted (MZ22-CONTRACT-2,
    MZ22-EQUIP-4), or -1 when none is."""
    df = d.defs[page]
    if df.cast is not None:
        return df.cast if df.targets else -1
    return equip_fx(d, page)


def may_skip(d: MZ22Data, page: int) -> bool:
    """A Beastie Equipment may be Contracted without choosing a Page to Equip (MZ22-EQUIP-6)."""
    return d.defs[page].type == "beastie" and equip_fx(d, page) >= 0


def carried(st: GameState, t: Any) -> bool:
    """A Beastie's or Artifact's CONTRACT trigger ``t`` whose target was chosen at Contract and
    rides on its chain item (PR-MZ22-68): the target is used, not chosen anew. With no target
    chosen (a Beastie left unequipped) it does nothing; with its target no longer legal (it left
    the Arena, say) the Equipment goes to its discard pile instead of entering (MZ22-EQUIP-7).
    False when ``t`` is no such trigger."""
    from .records import Ctx, Run
    from .targets import still_legal
    from .zones import DISCARD, pl, put
    d: MZ22Data = st.data
    item = next((it for it in d.chain if it.what == "contract" and it.source == t.source), None)
    if item is None or item.effect != t.effect or not item.targets:
        return False
    df = d.defs[t.source]
    if not any(item.targets):
        if st.logging:
            st.say(f"{nm(d, t.source)} is not Equipped to any Page (MZ22-EQUIP-6)")
        return True
    targets = still_legal(d, item.seat, df.effects[t.effect].targets, item.targets, item.uid, item)
    if not any(targets):
        d.chain.remove(item)
        zone = DISCARD[df.type]
        put(st, t.source, zone)
        if st.logging:
            st.say(f"{nm(d, t.source)} has no Page to Equip (its target is gone) and goes to "
                   f"{pl(d.owner[t.source])}'s {zone.title()} (MZ22-EQUIP-7)")
        return True
    st.push(Run(Ctx(t.seat, t.source, "fx", t.effect, targets, t.types, t.source)))
    return True


def holder(d: MZ22Data, page: int) -> int:
    s = d.in_play.get(page)
    return s.under if s is not None and MARK in s.marks else -1


def attach(st: GameState, page: int, host: int) -> None:
    """Attach ``page`` face-up beneath ``host`` (MZ22-EQUIP-1/4). A Beastie with the Trait that
    was in the Arena leaves it to become Equipment (MZ22-EQUIP-17)."""
    d: MZ22Data = st.data
    if page in d.arena:
        d.arena.remove(page)
        d.dirty = True
    d.in_play[page] = PageState(d.in_play[host].controller, False, entered=d.turn, under=host, marks=(MARK,))
    forget(d, page)
    forget(d, host)
    if st.logging:
        st.say(f"{nm(d, page)} is equipped to {nm(d, host)} (MZ22-EQUIP-4)")


def attach_op(st: GameState, run: Any, op: Any) -> bool:
    """The ``attach`` op: the Effect's source Equips the first Page ``to`` names that is still
    in the Arena; with none, it stays unattached (the Contract then discards it, MZ22-EQUIP-7)."""
    d: MZ22Data = st.data
    hosts = [h for h in pages(refs(st, run.ctx, op.to)) if h in d.arena and h != run.ctx.source]
    if hosts:
        attach(st, run.ctx.source, hosts[0])
    return False


def unattached_on_enter(d: MZ22Data, page: int) -> bool:
    """An Equipment that is not a Beastie and found no Page to Equip when its Contract ends goes
    to its discard pile (MZ22-EQUIP-7, MZ22-TRAIT-EQUIPMENT-1); a Beastie may enter as an
    ordinary Beastie (MZ22-EQUIP-6, MZ22-TRAIT-EQUIPMENT-2)."""
    return d.defs[page].type != "beastie" and is_equipment(d, page)


def follow_control(d: MZ22Data, host: int) -> None:
    """Control of the Equipped Page changed: its Equipment follows (MZ22-EQUIP-18). Code that
    changes a controller calls this, then ``d.forget_derived()``. No Page in the pool changes
    control yet (PR-MZ22-58)."""
    seat = d.in_play[host].controller
    for c, s in list(d.in_play.items()):
        if s.under == host and MARK in s.marks and s.controller != seat:
            d.in_play[c] = s._replace(controller=seat)
    d.forget_derived()


ops.register("attach", attach_op)
