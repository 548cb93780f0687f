"""Face-down Traps (MZ22-TRAP, MZ22-TURN-9/10): placing and sliding them in Take Actions, the
flip when an Attack targets one or its host (MZ22-COMBAT-6..8), paying for it as a Contract or
losing it to the Afterlife, and hiding it from the other Casters.

Where a face-down Page lives (PR-MZ22-50): in ``d.in_play`` with ``face_down=True`` (and ``under``
the Page it lies beneath, -1 when it stands alone) but never in ``d.arena``. ``d.arena`` lists
the face-up Arena Pages, so every part-1 reader of it (stats, targets, Combat, counts, Tribal
Boost, statics, heuristics) skips face-down Pages without a check (MZ22-TRAP-23)."""
from __future__ import annotations

from functools import partial
from typing import Any

from ...engine.action import Action
from ...engine.labels import ordinal
from ...engine.state import GameState
from ...engine.windows import others_window
from .data import MZ22Data
from .contract import Purse, sources
from .records import (Act, Ctx, PageState, PickTarget, Ref, ResolveChain, Run, TrapPlace, TrapStep, Trigger, page_of,
                      page_ref)
from .zones import DISCARD, forget, nm, pl

HIDDEN = "a face-down Page"
FD = "face_down_as"         # PageState.marks: the alias others see (PR-MZ22-55)
MOVED = "trap_moved"          # PageState.marks: the turn a Trap last slid under a Page (MZ22-TURN-24)


def face_down(d: MZ22Data) -> list[int]:
    if not d.has_attached():
        return []
    return [c for c, s in d.in_play.items() if s.face_down]


def shown(d: MZ22Data, page: int) -> str:
    """The Page's name, or "a face-down Page" while it is hidden (MZ22-TRAP-22)."""
    s = d.in_play.get(page)
    return HIDDEN if s is not None and s.face_down else nm(d, page)


def is_trap(d: MZ22Data, page: int) -> bool:
    return "trap" in d.defs[page].traits            # MZ22-TRAIT-TRAP-1


def trap_under(d: MZ22Data, host: int) -> int:
    """The face-down Trap beneath ``host``, or -1 (at most one, MZ22-TRAP-6)."""
    for c, s in d.in_play.items():
        if s.face_down and s.under == host:
            return c
    return -1


# ------------------------------------------------------------------ Take Actions
def main_actions(d: MZ22Data, p: int) -> list[Action]:
    """Where a Chapter Page may go face-down, each opening the choice of the Page
    (``place_options``): ``trap`` on its own into the Arena (MZ22-TURN-9, MZ22-TRAP-7) and
    ``trap:under:cH`` straight under a Beastie or Artifact ``p`` controls with no face-down Trap under it
    (MZ22-TRAP-8/6, MZ22-TRAIT-TRAP-1), so a Chapter of N Pages adds one option per place, not N
    (PR-MZ22-54). ``slide:cN>cM`` moves a stand-alone face-down Trap under such a Page, once per
    Trap per turn (MZ22-TURN-10/24), whether or not it was placed under one before (PR-MZ22-66)."""
    chapter = bool(d.chapter[p])
    # a label is made from what was true when offered, even when read later: a copy of the Chapter
    out = [Action("trap", partial(_trap_label, d.defs, tuple(d.chapter[p])))] if chapter else []
    mine = [c for c, s in d.in_play.items() if s.face_down and s.controller == p] if d.has_attached() else []
    loose = [c for c in mine if d.in_play[c].under < 0 and (MOVED, d.turn) not in d.in_play[c].marks]
    if not chapter and not loose:
        return out
    defs = d.defs
    taken = {d.in_play[c].under for c in mine}
    hosts = [h for h in d.arena if d.in_play[h].controller == p and defs[h].type in ("beastie", "artifact")
             and h not in taken]
    if chapter:
        for h in hosts:
            out.append(Action(f"trap:under:c{h}", partial(_under_label, defs[h].name), h))
    for c in loose:
        for h in hosts:
            out.append(Action(f"slide:c{c}>c{h}", partial(_slide_label, defs[c].name, defs[h].name), (c, h)))
    return out


def place_options(d: MZ22Data, p: int) -> list[Action]:
    """``trap:cN`` for each Chapter Page, those with the Trap Trait first, then ``back`` (to
    Take Actions). Any Page may go face-down; the penalty of MZ22-TRAP-4 enforces the Trait
    (MZ22-TRAP-2/29). A Page without it says so in its label ("as a bluff"), but it is chosen in
    the same decision, with the same kind and prompt and the same number of steps as a Trap:
    what the other Casters see must not tell the two apart (PR-MZ22-54, PR-K-9). The list holds
    at least two options (a Page and ``back``), which the ``surely_several`` hint relies on.
    Identical Pages collapse (PR-K-4)."""
    traps: list[Action] = []
    bluffs: list[Action] = []
    seen: set[int] = set()
    defs = d.defs
    for c in d.chapter[p]:
        df = defs[c]
        if id(df) in seen:
            continue
        seen.add(id(df))
        if "trap" in df.traits:
            traps.append(Action(f"trap:c{c}", partial(_place_label, df.name), c))
        else:
            bluffs.append(Action(f"trap:c{c}", partial(_bluff_label, df.name), c))
    traps += bluffs
    traps.append(Action("back", "Back to Take Actions"))
    return traps


def choose_place(st: GameState, where: TrapPlace, act: Action) -> None:
    """Perform a ``trap_place`` choice: the Page goes where the Caster chose, and placing it is
    an Action, so priority passes (MZ22-ACTION-6, MZ22-PRIO-5)."""
    if act.id == "back":
        return
    p = where.seat
    place(st, p, act.args)
    if where.host >= 0:
        put_under_host(st, p, act.args, where.host)
    pass_priority(st, p)


def pass_priority(st: GameState, p: int) -> None:
    """After a Trap Action of ``p`` in Take Actions: the other Casters get priority clockwise
    from ``p`` (MZ22-ACTION-2/7, MZ22-PRIO-5, PR-MZ22-67), as after any Action; when all have passed
    the chain their Actions began resolves and ``p`` is back in Take Actions (MZ22-PRIO-7). The
    ``Main`` step beneath is already on the stack."""
    st.push(ResolveChain())
    st.open_window(others_window("chain", st.data.n, p))


def alias(d: MZ22Data, page: int) -> str:
    """The name others know a face-down Page by: ``f`` and a number drawn when it was placed.
    Its instance id would tell which Spellbook entry it is, so it is never shown to them
    (MZ22-TRAP-22, PR-MZ22-55)."""
    n = _alias_no(d, page)
    return f"f{n}" if n >= 0 else f"c{page}"


def _alias_no(d: MZ22Data, page: int) -> int:
    """The number of a face-down Page's alias (turn * 100 + its place that turn), -1 if none."""
    for m in d.in_play[page].marks:
        if m[0] == FD:
            return m[1]
    return -1


def hidden_place(d: MZ22Data, page: int) -> str:
    """Where a face-down Page lies as every Caster can point at it, never its alias or id:
    "under Snare Wisp", or "placed on turn 6" (and which of that turn's, past the first)."""
    s = d.in_play[page]
    if s.under >= 0:
        return f"under {nm(d, s.under)}"
    n = _alias_no(d, page)
    if n < 0:
        return ""
    return f"placed on turn {n // 100}" + (f", the {ordinal(n % 100)} that turn" if n % 100 > 1 else "")


def hidden_words(d: MZ22Data, page: int) -> str:
    """A face-down Page in a log line: "P2's face-down Page under Snare Wisp", "P2's face-down
    Page (placed on turn 6)"."""
    head = f"{pl(d.in_play[page].controller)}'s face-down Page"
    where = hidden_place(d, page)
    return f"{head} {where}" if where.startswith("under") else f"{head} ({where})" if where else head


def _fresh_alias(d: MZ22Data) -> int:
    """Unique among face-down Pages now and never one an earlier turn used."""
    used = [m[1] for s in d.in_play.values() for m in s.marks if m[0] == FD]
    return max([d.turn * 100, *used]) + 1


def _place_label(name: str) -> str:
    return f"Place {name} face-down as a Trap"


def _bluff_label(name: str) -> str:
    return f"Place {name} face-down as a bluff (it has no Trap Trait)"


def _bluffs_only(defs: Any, chapter: tuple[int, ...]) -> bool:
    return not any("trap" in defs[c].traits for c in chapter)


def _trap_label(defs: Any, chapter: tuple[int, ...]) -> str:
    """The label says when every Page would be a bluff (its Caster's own option, so it tells
    nobody else anything): a newcomer need not open the list to find that out."""
    tail = " (only bluffs: no Page in your Chapter has the Trap Trait)" if _bluffs_only(defs, chapter) else ""
    return "Place a Page from your Chapter face-down as a Trap" + tail


def _under_label(host: str) -> str:
    return f"Place a Page from your Chapter face-down under {host}"


def _slide_label(name: str, host: str) -> str:
    return f"Slide face-down {name} under {host}"


def place(st: GameState, p: int, page: int) -> None:
    """Chapter → face-down in the Arena, cost unpaid (MZ22-TRAP-7, MZ22-TRAIT-TRAP-1). Only its
    controller learns which Page it is (MZ22-TRAP-22)."""
    d: MZ22Data = st.data
    d.chapter[p].remove(page)
    d.revealed.discard(page)
    n = _fresh_alias(d)
    d.in_play[page] = PageState(p, True, entered=d.turn, contracted=False, face_down=True, marks=((FD, n),))
    if st.logging:
        st.say(f"You place {nm(d, page)} face-down", p, f"{pl(p)} places a Page face-down")


def put_under_host(st: GameState, p: int, page: int, host: int) -> None:
    """A Page just placed face-down lies under ``host`` from the start, without using up its move
    (MZ22-TRAP-8/9, PR-MZ22-66)."""
    d: MZ22Data = st.data
    d.in_play[page] = d.in_play[page]._replace(under=host)
    if st.logging:
        st.say(f"{pl(p)} puts the Page face-down under {nm(d, host)} (MZ22-TRAP-8)")


def slide(st: GameState, p: int, page: int, host: int) -> None:
    """A stand-alone face-down Trap goes beneath ``host`` (MZ22-TURN-10, MZ22-TRAP-8/9)."""
    d: MZ22Data = st.data
    s = d.in_play[page]
    if st.logging:
        st.say(f"{pl(p)} slides {hidden_words(d, page)} under {nm(d, host)}")
    d.in_play[page] = s._replace(under=host, marks=s.marks + ((MOVED, d.turn),))


# ------------------------------------------------------------------ flipping
FLIP = "trap_flip"            # Trigger.rule: a Trap flipping at a moment its Page states (MZ22-TRAP-21)


def flip_moment(st: GameState, moment: str) -> None:
    """``moment`` of the active Caster's turn: their face-down Traps whose Page names it flip, as
    simultaneous triggers the active Caster orders (MZ22-TRAP-12/21, PR-MZ22-63). Only the Page's
    own stated moment flips it: no Caster may flip a Trap at will, for instance to declare it a
    Defender (MZ22-TRAP-20)."""
    d: MZ22Data = st.data
    if not d.has_attached():
        return
    for c, s in d.in_play.items():
        if s.face_down and s.controller == d.active and d.defs[c].flip_at == moment:
            st.queue_trigger(Trigger(s.controller, c, -1, (), FLIP))


def describe_flip(d: MZ22Data, t: Trigger) -> str:
    """The trigger by where the Page lies, never by what it is (MZ22-TRAP-22)."""
    return f"{hidden_words(d, t.source)} flips face-up"


def on_attack_declared(st: GameState) -> None:
    """An Attack on a stand-alone face-down Trap or on the Page above one flips it
    (MZ22-COMBAT-6, MZ22-TRAP-16/18). Not a Defender declaration: a Trap under a Defender stays
    down (MZ22-TRAP-15)."""
    d: MZ22Data = st.data
    cb = d.combat
    t = page_of(cb.target) if cb is not None else -1
    if t < 0 or not d.has_attached():
        return
    s = d.in_play.get(t)
    if s is None:
        return
    c = t if s.face_down else trap_under(d, t)
    if c >= 0:
        st.push(TrapStep(c, "flip", True))


def step(st: GameState, s: TrapStep) -> None:
    if s.stage == "flip":
        flip(st, s)
    else:
        done(st, s.page)


def flip(st: GameState, s: TrapStep) -> None:
    """Face-up for everyone. A Page without the Trap Trait costs its Caster the game
    (MZ22-TRAP-4/26) and goes to its discard pile (MZ22-TRAP-5); a Trap asks to be paid for
    (MZ22-TRAP-13/24). Flipping is no Action and opens no window (MZ22-TRAP-27)."""
    from .endings import eliminate
    from .stats import cost_of
    d: MZ22Data = st.data
    c = s.page
    ps = d.in_play.get(c)
    if ps is None or not ps.face_down:
        return
    seat = ps.controller
    if st.logging:
        st.say(f"{hidden_words(d, c)} flips face-up: {nm(d, c)} (MZ22-COMBAT-6)")
    d.in_play[c] = ps._replace(face_down=False, marks=tuple(m for m in ps.marks if m[0] != FD))
    if not is_trap(d, c):
        if st.logging:
            st.say(f"{nm(d, c)} has no Trap Trait (MZ22-TRAP-4)")
        _discard(st, c)
        eliminate(st, [seat], " for placing a Page without the Trap Trait face-down (MZ22-TRAP-4)")
        return
    if Purse(sources(d, seat)).covers(cost_of(d, c, seat)):
        st.decide(seat, "trap_pay", s._replace(stage="pay"), f"Pay for your Trap {nm(d, c)}, or let it go")
    else:
        unpaid(st, c)


def pay_options(st: GameState, s: TrapStep) -> list[Action]:
    d: MZ22Data = st.data
    name = nm(d, s.page)
    return [Action("trap:pay", f"Pay for and Contract {name}", True),
            Action("trap:decline", f"Do not pay: {name} goes to the Afterlife", False)]


def pay_choice(st: GameState, s: TrapStep, pay: bool) -> None:
    """Paying is Contracting (MZ22-TRAP-13): the usual pay picks, Fatiguing sources for Aura on
    the way (MZ22-GEN-9, PR-MZ22-1); declining is failing to pay (MZ22-TRAP-24)."""
    from .records import Pay
    from .stats import cost_of
    d: MZ22Data = st.data
    if not pay:
        unpaid(st, s.page)
        return
    seat = d.in_play[s.page].controller
    st.push(Pay(Act("trap", s.page, seat, -1, (), cost_of(d, s.page, seat), window="combat" if s.attacked else "")))


def unpaid(st: GameState, page: int) -> None:
    """Not paid: to the Afterlife, none of its Effects happen (MZ22-TRAP-14, MZ22-KW-5)."""
    from .zones import leave
    d: MZ22Data = st.data
    if st.logging:
        st.say(f"{nm(d, page)} is not paid for and goes to {pl(d.owner[page])}'s Afterlife (MZ22-TRAP-14)")
    leave(st, page, "afterlife")


def _discard(st: GameState, page: int) -> None:
    from .zones import leave
    leave(st, page, DISCARD[st.data.defs[page].type])


def paid(st: GameState, act: Act) -> None:
    """The Trap is Contracted (MZ22-TRAP-13/25): its CONTRACT and FLIPPED Effects trigger
    together and the kernel orders them as SIMUL says (MZ22-KW-2). A Beastie or Artifact stays in
    the Arena face-up, and when an Attack flipped it from under its host it is a Fatigued
    Defender (MZ22-COMBAT-7/42); a Spell or Potion resolves at once and goes to the Cemetery
    (MZ22-COMBAT-8)."""
    d: MZ22Data = st.data
    c = act.source
    df = d.defs[c]
    s = d.in_play.get(c)
    if s is None:
        return
    if st.logging:
        st.say(f"{pl(act.seat)} pays for {nm(d, c)}: it is Contracted (MZ22-TRAP-13)")
    types = tuple(sorted(df.base_types))
    if df.type in ("beastie", "artifact"):
        host = s.under
        d.in_play[c] = s._replace(under=-1, fatigued=True, contracted=True, entered=d.turn)
        d.arena.append(c)
        forget(d, c)
        cb = d.combat
        if act.window == "combat" and cb is not None and host >= 0 and page_ref(host) == cb.target:
            d.combat = cb._replace(defenders=cb.defenders + (c,))
            if st.logging:
                st.say(f"{nm(d, c)} is Fatigued and defends (MZ22-COMBAT-7)")
    else:                          # stays in d.in_play (not the Arena list) while it resolves
        d.in_play[c] = s._replace(under=-1)
        st.push(TrapStep(c, "done"))
        i = df.cast
        if i is not None:
            if df.effects[i].targets:
                st.push(PickTarget(Act("trigger", c, act.seat, i, window="trigger"), 0))
            else:
                st.push(Run(Ctx(act.seat, c, "fx", i, (), types, c)))
    for i in (*df.contract_fx, *df.flipped_fx):
        st.queue_trigger(Trigger(act.seat, c, i, types, "flipped"))


def done(st: GameState, page: int) -> None:
    from .zones import leave
    d: MZ22Data = st.data
    s = d.in_play.get(page)
    if s is None or s.under >= 0:     # attached as Equipment meanwhile (MZ22-EQUIP-14)
        return
    leave(st, page, "cemetery")
    if st.logging:
        st.say(f"{nm(d, page)} goes to {pl(d.owner[page])}'s Cemetery")


# ------------------------------------------------------------------ hidden information
def attack_targets(d: MZ22Data, p: int) -> list[Ref]:
    """Stand-alone face-down Pages of the others: an Attack may target them (MZ22-TRAP-16); one
    under a Page may not (MZ22-TRAP-17)."""
    return [page_ref(c) for c, s in d.in_play.items() if s.face_down and s.under < 0 and s.controller != p
            and not d.out[s.controller]]


def view_of(d: MZ22Data, page: int, me: int, full: dict[str, Any]) -> dict[str, Any]:
    """What ``me`` sees of a face-down Page: its controller sees all of it, marked face-down;
    the others see only that it exists and where it lies (MZ22-TRAP-22)."""
    s = d.in_play[page]
    under = f"c{s.under}" if s.under >= 0 else None
    if s.controller == me:
        return {**full, "face_down": True, "under": under, "alias": alias(d, page)}
    return {"id": alias(d, page), "face_down": True, "controller": s.controller, "under": under}


def resample(d: MZ22Data, player: int, rng: Any) -> None:
    """Determinize: each other Caster's face-down Pages take the identity of a random Page among
    those ``player`` cannot see (hidden Chapter, Spellbook, face-down), sizes kept."""
    if not d.has_attached():
        return
    defs = None
    for p in range(d.n):
        if p == player:
            continue
        fd = [c for c, s in d.in_play.items() if s.face_down and d.owner[c] == p]
        if not fd:
            continue
        if defs is None:
            defs = d.defs = list(d.defs)      # the copy's own list: ids stay, identities move
        # canonical order first, so the copy says nothing about the true arrangement
        pool = sorted(fd + [c for c in d.chapter[p] if c not in d.revealed] + d.spellbook[p])
        got = sorted((defs[c] for c in pool), key=lambda df: df.name)
        rng.shuffle(got)
        for c, df in zip(pool, got):
            defs[c] = df
    if defs is not None:
        d.any_time_pages = frozenset(i for i, df in enumerate(defs[:d.dealt]) if df.any_time)
        # the caches go with the copy's options_changed (game.determinize, data.forget_derived)
