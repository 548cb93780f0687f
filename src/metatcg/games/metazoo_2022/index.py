"""Index (MZ22-GLOSS-7/8/14): turn over the top of your Spellbook one Page at a time, shown to
everyone, until a Page the Effect names appears; that Page goes where the Effect says. An
opposing Caster (the only one, or one the Indexing Caster picks) then puts the other turned
Pages back on top in the order they like. An Index never shuffles.

The turned Pages stay on top of the Spellbook while they are put back (no other zone holds
them); the ``Restack`` record lists those still to place and those placed, top first."""
from __future__ import annotations

from typing import Any

from . import ops
from ...engine.action import Action
from ...engine.state import GameState
from .data import MZ22Data
from .records import Restack, Run
from .zones import nm, pl


def fits(d: MZ22Data, page: int, op: Any) -> bool:
    """Does ``page`` answer the Index's description (type, Aura Type, name)?"""
    df = d.defs[page]
    if op.type != "any" and df.type != op.type:
        return False
    if op.aura and not (df.base_types & set(op.aura)):
        return False
    return op.name is None or df.name == op.name


def start(st: GameState, run: Run, op: Any) -> bool:
    """Turn Pages over until one fits. True when a decision follows: the rest of the Effect
    is then pushed beneath it (the ops handler protocol)."""
    d: MZ22Data = st.data
    p = run.ctx.seat
    book = d.spellbook[p]
    turned: list[int] = []
    found = -1
    for c in reversed(book):                    # the top is the end of the list
        if fits(d, c, op):
            found = c
            break
        turned.append(c)
    if st.logging:
        names = ", ".join(nm(d, c) for c in turned) or "nothing else"
        st.say(f"{pl(p)} Indexes their Spellbook, turning over {names}"
               + (f" before {nm(d, found)}" if found >= 0 else ", and never finds what it names (MZ22-GLOSS-14)"))
    if found >= 0:
        book.remove(found)
        _deliver(st, p, found, op.to)
    if not book:
        d.dirty = True                          # an empty Spellbook: the deck-out check
    if len(turned) <= 1:                        # nothing to arrange
        return False
    foes = [q for q in d.alive() if q != p]
    if not foes:
        return False
    rs = Restack(run, p, foes[0] if len(foes) == 1 else -1, tuple(turned), ())
    st.push(run._replace(at=run.at + 1))        # the rest of the Effect, once they are back
    if rs.seat < 0:                             # the Indexing Caster picks the opponent (GLOSS-14)
        st.decide(p, "index_foe", rs, "Choose the opposing Caster who puts your turned Pages back")
    else:
        _ask(st, rs)
    return True


def _deliver(st: GameState, p: int, c: int, to: str) -> None:
    d: MZ22Data = st.data
    if to == "chapter":
        d.chapter[p].append(c)
        d.revealed.add(c)
    else:
        getattr(d, to)[p].append(c)
    if st.logging:
        st.say(f"{nm(d, c)} goes to {pl(p)}'s {to.title()}")


def _ask(st: GameState, rs: Restack) -> None:
    if len(rs.left) == 1:                       # the last one: no choice left
        finish(st, rs._replace(left=(), placed=rs.placed + rs.left))
        return
    st.decide(rs.seat, "restack", rs,
              f"Put {pl(rs.owner)}'s turned Pages back on top of their Spellbook: choose the next from the top")


def foe_options(st: GameState, rs: Restack) -> list[Action]:
    d: MZ22Data = st.data
    return [Action(f"foe:P{q + 1}", f"{pl(q)} puts them back", q) for q in d.alive() if q != rs.owner]


def choose_foe(st: GameState, rs: Restack, q: int) -> None:
    if st.logging:
        st.say(f"{pl(rs.owner)} chooses {pl(q)} to put the turned Pages back")
    _ask(st, rs._replace(seat=q))


def restack_options(st: GameState, rs: Restack) -> list[Action]:
    """One option per distinct Page name still to place (identical Pages collapse, PR-K-4),
    and one to put the rest back in the order they were turned over."""
    d: MZ22Data = st.data
    seen: dict[str, int] = {}
    for c in rs.left:
        seen.setdefault(d.defs[c].name, c)
    out = [Action(f"next:c{c}", f"Next from the top: {name}", c) for name, c in seen.items()]
    out.append(Action("keep", "Put the rest back as they were turned over", -1))
    return out


def place(st: GameState, rs: Restack, c: int) -> None:
    if c < 0:                                   # the rest, in the order they were turned over
        finish(st, rs._replace(left=(), placed=rs.placed + rs.left))
        return
    left = list(rs.left)
    left.remove(c)
    _ask(st, rs._replace(left=tuple(left), placed=rs.placed + (c,)))


def finish(st: GameState, rs: Restack) -> None:
    """The turned Pages go back on top: ``placed[0]`` on the very top."""
    d: MZ22Data = st.data
    book = d.spellbook[rs.owner]
    k = len(rs.placed)
    assert sorted(book[len(book) - k:]) == sorted(rs.placed), "the turned Pages are the top of the Spellbook"
    book[len(book) - k:] = list(reversed(rs.placed))
    if st.logging:
        st.say(f"{pl(rs.seat)} puts {k} Pages back on top of {pl(rs.owner)}'s Spellbook: "
               + ", ".join(nm(d, c) for c in rs.placed) + " (top first)")


ops.register("index", start)
