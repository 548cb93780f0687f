"""The resolution chain (MZ22-CHAIN): last in, first out, one item per step so the state
check and the triggers an item caused come before the next item (MZ22-CHAIN-2/7); targets
re-checked at resolution (MZ22-CHAIN-5, MZ22-TARGET-6); Contracts finishing into the Arena, a
Terra slot or the Cemetery (MZ22-CONTRACT-6, MZ22-PAGE-6/8)."""
from __future__ import annotations

from ...engine.state import GameState
from . import hooks
from .data import MZ22Data
from .records import ChainItem, Ctx, Enter, Finish, ResolveChain, ResolveItem, Run, Trigger
from .stats import types_of
from .targets import still_legal
from .equipment import unattached_on_enter
from .zones import DISCARD, enter_arena, nm, pl, put, terra_in


def resolve_chain(st: GameState, step: ResolveChain) -> None:
    d: MZ22Data = st.data
    if d.chain:
        st.push(ResolveItem(d.chain[-1]), ResolveChain())


def _live(d: MZ22Data, item: ChainItem) -> bool:
    return d.item(item.uid) is not None


def resolve_item(st: GameState, step: ResolveItem) -> None:
    d: MZ22Data = st.data
    item = step.item
    if not _live(d, item):          # stopped meanwhile (MZ22-CHAIN-6)
        return
    if item.what == "destruct":     # Self-Destruct (MZ22-TRAIT-SELFDESTRUCT-2)
        from .traits import resolve_destruct
        resolve_destruct(st, item)
        return
    df = d.defs[item.source]
    if item.what == "effect" and d.mods and d.nullified(item.source, "effects"):
        if st.logging:                  # its Effects are kept from resolving (MZ22-GLOSS-11)
            st.say(f"{nm(d, item.source)}'s Effect is Nullified and does nothing")
        st.push(Finish(item.uid))
        return
    if st.logging:
        kind = {"contract": "", "effect": " (Effect)"}.get(item.what, " (copy)")
        st.say(f"Resolving {nm(d, item.source)}{kind}")
    if item.what == "contract" and df.type in ("beastie", "artifact", "aura", "terra"):
        st.push(Enter(item))
        if df.type in ("beastie", "artifact"):     # CONTRACT Effects first (MZ22-CONTRACT-6/12, MZ22-KW-1)
            types = tuple(sorted(df.base_types))
            for i in df.contract_fx:
                st.queue_trigger(Trigger(item.seat, item.source, i, types, "contract"))
        return
    i = item.effect
    specs = df.effects[i].targets
    targets = item.targets
    if specs:
        targets = still_legal(d, item.seat, specs, item.targets, item.uid, item)
        if not any(targets):        # every target gone: the item fizzles (MZ22-CHAIN-5)
            if st.logging:
                st.say(f"{nm(d, item.source)} has no legal target left and does nothing (MZ22-CHAIN-5)")
            st.push(Finish(item.uid))
            return
    if item.source in d.in_play or item.what != "effect":
        src_types = tuple(sorted(types_of(d, item.source)))
    else:                           # the source left: its types when the item was added (PR-MZ22-24)
        src_types = item.types or tuple(sorted(df.base_types))
    ctx = Ctx(item.seat, item.source, "fx", i, targets, src_types, item.source)
    st.push(Run(ctx), Finish(item.uid))


def finish(st: GameState, step: Finish) -> None:
    d: MZ22Data = st.data
    item = d.item(step.uid)
    if item is None:
        return
    d.chain.remove(item)
    if item.what == "contract" and item.source in d.in_play:     # a Spell that Equips stays (MZ22-EQUIP-14)
        return
    if item.what == "contract":
        put(st, item.source, "cemetery")
        if st.logging:
            st.say(f"{nm(d, item.source)} goes to {pl(d.owner[item.source])}'s Cemetery")
    elif item.what == "copy" and st.logging:
        st.say(f"The copy of {nm(d, item.source)} ceases to exist (MZ22-TOKEN-17)")


def enter(st: GameState, step: Enter) -> None:
    """The Contracted Page arrives: Beasties and Artifacts Fatigued, Aura Awakened, Terra into a
    slot (MZ22-ZONE-6/7, MZ22-TSLOT-14)."""
    d: MZ22Data = st.data
    item = step.item
    if not _live(d, item):
        if item.source not in d.in_play:
            # stopped (sent to its discard pile): what its CONTRACT Effect put under it goes
            hooks.leave_arena(st, item.source, DISCARD[d.defs[item.source].type])
        return
    d.chain.remove(item)
    if item.source in d.in_play:          # attached by its own CONTRACT Effect (MZ22-EQUIP-4, MZ22-PLACE-6)
        return
    if d.out[item.seat] or unattached_on_enter(d, item.source):     # MZ22-EQUIP-7
        zone = "limbo" if d.defs[item.source].type in ("beastie", "artifact") else "afterlife"
        put(st, item.source, zone)
        if st.logging and not d.out[item.seat]:
            st.say(f"{nm(d, item.source)} has no Page to Equip and goes to {pl(d.owner[item.source])}'s "
                   f"{zone.title()} (MZ22-EQUIP-7)")
        hooks.leave_arena(st, item.source, zone)    # what its CONTRACT Effect put under it (MZ22-PLACE-8)
        return
    if d.defs[item.source].type == "terra":
        terra_in(st, item.source, item.seat)
    else:
        enter_arena(st, item.source, item.seat, contracted=True)
        if st.logging:
            st.say(f"{nm(d, item.source)} enters the Arena for {pl(item.seat)}")
        if d.defs[item.source].traits:
            hooks.on_contracted(st, item.source, item.seat)       # Fear, Flash (MZ22-CONTRACT-12)
