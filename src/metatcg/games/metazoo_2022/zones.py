"""Every move of a Page between zones, and the small state changes around it: a Page sent
anywhere goes to its owner's zone (MZ22-OWN-4), a Page leaving the Arena loses its Indicators
and changes (MZ22-STATUS-6), a Token that leaves stops existing (MZ22-TOKEN-5), Terra take
slots by the rotation pointer (MZ22-TSLOT-14), dice and coins are D6 rolls (MZ22-DIE)."""
from __future__ import annotations

from ...engine.state import GameState
from . import hooks
from .data import SLOTS, MZ22Data
from .records import PageState, Trigger

DISCARD = {"beastie": "limbo", "artifact": "limbo", "spell": "cemetery", "potion": "cemetery",
           "aura": "afterlife", "terra": "afterlife"}     # MZ22-PAGE-3/5/6/11/13, MZ22-ZONE-8..10


def pl(p: int) -> str:
    return f"P{p + 1}"


def nm(d: MZ22Data, page: int) -> str:
    if page < d.dealt:
        return d.defs[page].name
    name = d.defs[page].name
    return f"{name} (Token)" if name else "a nameless Token"     # MZ22-TOKEN-4


# ------------------------------------------------------------------ dice
def roll(st: GameState, seat: int, why: str) -> int:
    """A D6 from the game's seeded generator, logged with the Caster the rule names (MZ22-DIE-1/4/5)."""
    r = 1 + st.rng.below(6)
    if st.logging:
        st.say(f"{pl(seat)} rolls a D6 for {why}: {r}")
    return r


def flip(st: GameState, seat: int, why: str) -> bool:
    """A coin flip as a D6: even is heads (MZ22-DIE-2)."""
    r = 1 + st.rng.below(6)
    heads = r % 2 == 0
    if st.logging:
        st.say(f"{pl(seat)} flips a coin for {why} (D6 {r}): {'heads' if heads else 'tails'}")
    return heads


# ------------------------------------------------------------------ entering
def forget(d: MZ22Data, page: int) -> None:
    """``page`` arrived in or left the Arena or a Terra slot: the cached lists it belongs in
    are stale (MZ22Data.memo)."""
    memo = d.memo
    if memo:
        for key in d.defs[page].listed_in:
            memo.pop(key, None)
        memo.pop("named_items", None)          # 4th Wall items named by Pages (surroundings)
        memo.pop("wall", None)                 # and the 4th Wall answers (hooks.wall_holds)


def enter_arena(st: GameState, page: int, seat: int, contracted: bool) -> None:
    """A Beastie, Artifact or Aura Page arrives (Fatigued but Aura, MZ22-ZONE-6; LP as printed,
    MZ22-LP-7)."""
    d: MZ22Data = st.data
    d.arena.append(page)
    forget(d, page)
    d.in_play[page] = PageState(seat, hooks.enters_fatigued(d, page), entered=d.turn, contracted=contracted)
    # no state check needed: an arriving Page lowers nobody's LP (bonuses only add) and has its own


def terra_in(st: GameState, page: int, seat: int) -> int:
    """A Terra takes the lowest-numbered empty slot, leaving the rotation pointer where it is;
    with no slot empty it replaces the Terra under the pointer, which then moves on by one and
    wraps from slot 6 to slot 1 (MZ22-TSLOT-3/4/11/14). The replaced Terra goes to its owner's
    Afterlife without being Destroyed (MZ22-TSLOT-8/15). Only a Terra takes a slot
    (MZ22-TSLOT-13). Returns the slot index (0 = slot 1)."""
    d: MZ22Data = st.data
    if d.defs[page].type != "terra":
        raise ValueError(f"{nm(d, page)} is not a Terra Page and takes no Terra slot (MZ22-TSLOT-13)")
    if -1 in d.terra:
        slot = d.terra.index(-1)
    else:
        slot = d.rot
        old = d.terra[slot]
        if st.logging:
            st.say(f"{nm(d, old)} is pushed out of Terra slot {slot + 1} into {pl(d.owner[old])}'s Afterlife "
                   "(MZ22-TSLOT-4, not Destroyed)")
        leave(st, old, "afterlife")
        d.rot = (d.rot + 1) % SLOTS
    d.terra[slot] = page
    forget(d, page)
    d.in_play[page] = PageState(seat, False, entered=d.turn)
    d.dirty = True
    if st.logging:
        st.say(f"{nm(d, page)} takes Terra slot {slot + 1}")
    return slot


# ------------------------------------------------------------------ leaving
def leave(st: GameState, page: int, zone: str, where: str = "top") -> None:
    """Take ``page`` out of the Arena (or its Terra slot) into its owner's ``zone``; a Token
    ceases to exist instead (MZ22-TOKEN-5/14)."""
    d: MZ22Data = st.data
    if page in d.in_play:
        del d.in_play[page]
        if d.defs[page].type == "terra" and page in d.terra:
            d.terra[d.terra.index(page)] = -1        # no other Terra moves (MZ22-TSLOT-10)
        elif page in d.arena:                        # attached Pages are not listed (PR-MZ22-50..52)
            d.arena.remove(page)
        forget(d, page)
        if d.mods:
            d.mods = [m for m in d.mods if m[1] != page]
        d.dirty = True
        hooks.leave_arena(st, page, zone)            # what lay beneath it (MZ22-PLACE-8)
    put(st, page, zone, where)


def put(st: GameState, page: int, zone: str, where: str = "top") -> None:
    """Put a Page that is in no zone into its owner's ``zone`` (a Token just stops existing)."""
    d: MZ22Data = st.data
    if d.is_token(page):
        if st.logging:
            st.say(f"{nm(d, page)} ceases to exist (MZ22-TOKEN-5)")
        return
    owner = d.owner[page]
    pile = getattr(d, zone)[owner]
    if zone == "spellbook":
        if where == "bottom":
            pile.insert(0, page)
        else:
            pile.append(page)
            if where == "shuffle":
                st.rng.shuffle(pile)
    else:
        pile.append(page)
    if zone != "chapter":
        d.revealed.discard(page)


def destroy(st: GameState, pages: list[int], why: str = "", into: str | None = None) -> None:
    """Destroy Pages together (one event, PR-MZ22-4): each goes to its owner's discard pile (or
    where the Effect says: the Afterlife, or the Cemetery for a Beastie or Artifact, MZ22-GLOSS-3/5)
    and its DESTROYED Effects wait with its last known information (MZ22-KW-4/8)."""
    from .stats import has_text, types_of
    d: MZ22Data = st.data
    for page in pages:
        if page not in d.in_play:
            continue
        s = d.in_play[page]
        df = d.defs[page]
        trig = []
        if df.destroyed_fx and has_text(d, page):
            types = tuple(sorted(types_of(d, page)))
            trig = [Trigger(s.controller, page, i, types) for i in df.destroyed_fx]
        if st.logging:
            st.say(f"{nm(d, page)} is Destroyed{why}")
        leave(st, page, into or DISCARD[df.type])
        for t in trig:
            st.queue_trigger(t)


# ------------------------------------------------------------------ Bookmark
def bookmark(st: GameState, p: int, n: int = 1) -> int:
    """Bookmark ``n`` (fewer if the Spellbook runs out, MZ22-DECKOUT-2/5); returns how many."""
    d: MZ22Data = st.data
    book = d.spellbook[p]
    k = min(n, len(book))
    got = [book.pop() for _ in range(k)]
    d.chapter[p].extend(got)
    if not book:
        d.dirty = True          # an empty Spellbook: the deck-out check (MZ22-DECKOUT-3)
    if st.logging:
        if k:
            st.say(f"You Bookmark {', '.join(nm(d, c) for c in got)}", p,
                   f"{pl(p)} Bookmarks {k} Page{'s' if k != 1 else ''}")
        if k < n:
            st.say(f"{pl(p)}'s Spellbook is empty: {'the rest of ' if k else ''}the Bookmark is skipped "
                   "(MZ22-DECKOUT-2)")
    return k


# ------------------------------------------------------------------ Fatigue and Awaken
def fatigue(st: GameState, page: int, why: str = "") -> bool:
    """Fatigue a Page (MZ22-TERM-5). A Scared Page flips first: tails sends it to its owner's
    Chapter instead and whatever needed the Fatigue does not happen (returns False), heads removes
    Scared (MZ22-SCARED-3..6)."""
    d: MZ22Data = st.data
    s = d.in_play.get(page)
    if s is None:
        return False
    if s.fatigued:
        return True
    if any(i.status == "scared" for i in s.indicators):
        if not flip(st, s.controller, f"Scared {nm(d, page)}"):
            if st.logging:
                st.say(f"{nm(d, page)} is Scared back to {pl(d.owner[page])}'s Chapter (MZ22-SCARED-4)")
            leave(st, page, "chapter")
            return False
        s = s._replace(indicators=tuple(i for i in s.indicators if i.status != "scared"))
        if st.logging:
            st.say(f"{nm(d, page)} is no longer Scared (MZ22-SCARED-5)")
    d.in_play[page] = s._replace(fatigued=True)
    return True


def awaken(st: GameState, page: int) -> bool:
    """Awaken a Page unless it is Frozen or Asleep (MZ22-FROZEN-6, MZ22-SLEEP-3)."""
    d: MZ22Data = st.data
    s = d.in_play.get(page)
    if s is None or not s.fatigued or any(i.status in ("frozen", "sleep") for i in s.indicators):
        return False
    d.in_play[page] = s._replace(fatigued=False)
    return True
