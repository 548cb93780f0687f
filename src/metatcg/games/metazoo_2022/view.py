"""``state.view(p)``: what Caster ``p`` may know (MZ22-ZONE-11): every Spellbook hidden (counts),
other Chapters hidden but for Pages everyone saw (counts), everything else face up.
Priority is whoever holds the ``main`` decision or a response window's (``priority``); ``window``
names the window open (start, end, chain, combat1, combat2) and, to that seat only, the seat asked
in it: others learn that a window is open, not who is asked (PR-K-9)."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...engine.windows import WINDOW_DECISION
from .data import MZ22Data
from .records import PAGE, Ref
from . import traps
from .deckcheck import ARCHIVE
from .traits import traits_of
from .stats import cur_lp, max_lp, types_of
from .surroundings import public
from .combat import counter_now, preview_now


ARCHIVE_TAG = f"[{ARCHIVE}] "


def ind(i: Any) -> dict[str, Any]:
    return {"status": i.status, "counters": i.counters, "turn": i.turn}


NAMELESS = "(nameless Token)"   # what a player sees of a Token with no name at all (MZ22-TOKEN-4)


def page(d: MZ22Data, c: int) -> dict[str, Any]:
    df = d.defs[c]
    out: dict[str, Any] = {"id": f"c{c}", "name": df.name or NAMELESS, "type": df.type, "owner": d.owner[c],
                           "token": d.is_token(c)}
    s = d.in_play.get(c)
    if s is not None:
        out.update(controller=s.controller, fatigued=s.fatigued, statuses=[ind(i) for i in s.indicators],
                   types=sorted(types_of(d, c)))
        ts = traits_of(d, c) or (df.traits if d.mods and d.nullified(c, "traits") else ())
        # Traits and Trait marks apart from statuses (MZ22-TRAIT-2); Nullified ones still show (MZ22-TRAIT-3)
        if ts or s.marks:
            out.update(traits=list(ts), marks=dict(s.marks))
        if df.type in ("beastie", "artifact"):
            out.update(lp=cur_lp(d, c), max_lp=max_lp(d, c), damage=s.damage, lp_loss=s.loss)
    return out


def _ref(d: MZ22Data, ref: Ref | None, me: int) -> str | None:
    """A Combat reference as ``me`` may see it: a face-down target by its alias (MZ22-TRAP-22)."""
    if ref is None:
        return None
    if ref.entity == PAGE:
        s = d.in_play.get(ref.n)
        if s is not None and s.face_down and s.controller != me:
            return traps.alias(d, ref.n)
    return str(ref)


def view(st: GameState, me: int) -> dict[str, Any]:
    d: MZ22Data = st.data
    casters = []
    for p in range(d.n):
        casters.append({
            "seat": p, "lp": d.lp_of_caster(p), "damage": d.lp_damage[p], "lp_loss": d.lp_loss[p],
            "out": d.out[p], "statuses": [ind(i) for i in d.caster_indicators[p]],
            "spellbook_count": len(d.spellbook[p]), "chapter_count": len(d.chapter[p]),
            "chapter": [page(d, c) for c in d.chapter[p]] if p == me else None,
            "chapter_seen": [page(d, c) for c in d.chapter[p] if c in d.revealed],
            "limbo": [page(d, c) for c in d.limbo[p]], "cemetery": [page(d, c) for c in d.cemetery[p]],
            "afterlife": [page(d, c) for c in d.afterlife[p]],
            "aura": dict(sorted(d.pool[p].items())), "aura_contracted": d.aura_done[p],
            "mulligans": d.mulligans[p],
            "archive_count": sum(1 for e in st.decks[p] if e.startswith(ARCHIVE_TAG)),   # MZ22-ARCH-3
        })
    cb = d.combat
    combat = None
    if cb is not None:
        combat = {"id": cb.id, "seat": cb.seat, "attacker": f"c{cb.attacker}",
                  "target": _ref(d, cb.target, me),
                  "attack": cb.attack, "defenders": [f"c{b}" for b in cb.defenders],
                  "primary": None if cb.primary is None else str(cb.primary),
                  "counter": cb.counter, "damage": preview_now(d),
                  "counter_damage": counter_now(d)}
    dec = st.decision
    window = priority = None
    if dec is not None and st.result is None:
        if dec.kind == WINDOW_DECISION:     # only the seat asked learns it is asked (PR-K-9)
            asked = dec.player if dec.player == me else None
            window = {"name": dec.params.name, "seat": asked}
            priority = asked
        elif dec.kind == "main":
            priority = dec.player
    chain = [{"id": f"k{it.uid}", "kind": it.what, "page": page(d, it.source), "seat": it.seat,
              "effect": it.effect, "targets": [[str(r) for r in t] for t in it.targets]} for it in d.chain]
    return {"turn": d.turn, "active": d.active, "first": d.first, "step": d.step,
            "arena": [page(d, c) for c in d.arena],
            "terra": [None if c < 0 else page(d, c) for c in d.terra], "rotation": d.rot,
            "chain": chain, "combat": combat, "casters": casters, "window": window, "priority": priority,
            "surroundings": public(d),
            "beneath": beneath(d, me)}


def beneath(d: MZ22Data, me: int) -> list[dict[str, Any]]:
    """Pages outside the Arena list: face-down Traps (hidden from the others, MZ22-TRAP-22),
    Equipment (MZ22-EQUIP-1) and Pages put under another (public, MZ22-PLACE-17), each with the
    Page it lies under."""
    if not d.has_attached() and not any(d.in_play[c].under >= 0 for c in d.arena):
        return []
    out = []
    for c, s in d.in_play.items():
        if s.face_down:
            out.append(traps.view_of(d, c, me, page(d, c)))
        elif s.under >= 0:
            out.append({**page(d, c), "face_down": False, "under": f"c{s.under}",
                        "equipment": ("equip", 1) in s.marks, "in_arena": c in d.arena})
    return out
