"""Board primitives: every change of where a card is goes through here, with the names a
player reads in labels and the log.

Drawing, entering and leaving lanes (Dispelled vs. only leaving play, MZL-ERRATA-LEAVES),
Moves, replaced Terras, MP and the win check (MZL-WIN, MZL-MISSION-14..16). Shatter and
damage with their replacement effects are in harm.py, the state checks in checks.py.
"""
from __future__ import annotations

from typing import Any, Iterable

from ...engine.cardfile import first_of_each_name
from ...engine.events import emit
from ...engine.seats import one_winner
from ...engine.state import GameState
from . import stats
from .data import MP_TO_WIN, MetaZooData, opponent
from .records import Event


def pl(p: int) -> str:
    return f"P{p + 1}"


def lane_txt(lane: int) -> str:
    return f"lane {lane + 1}"


def nm(d: MetaZooData, iid: int) -> str:
    return d.cards[iid].name


def distinct_by_name(d: MetaZooData, iids: Iterable[int]) -> list[int]:
    """One option per card name (PR-K-4)."""
    return first_of_each_name(d.cards, iids)


def distinct_aura(d: MetaZooData, iids: Iterable[int], by_tapped: bool = False) -> list[int]:
    """One Aura per type (and tapped state): which exact Aura card is used never matters."""
    seen: set[Any] = set()
    out = []
    for a in iids:
        key = (d.cards[a].aura, a in d.tapped) if by_tapped else d.cards[a].aura
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def aura_txt(d: MetaZooData, a: int) -> str:
    return f"{nm(d, a)}{' (tapped)' if a in d.tapped else ''}"


def unit_label(d: MetaZooData, u: int) -> str:
    """A unit as an option reads: name, owner, lane, tapped, damage."""
    ln = d.lane_of.get(u, -1)
    bits = [pl(d.owner[u])]
    if ln >= 0:
        bits.append(lane_txt(ln))
    if u in d.tapped:
        bits.append("tapped")
    if d.damage.get(u):
        bits.append(f"{d.damage[u]} damage")
    return f"{nm(d, u)} ({', '.join(bits)})"


def unit_ref(d: MetaZooData, u: int, owner: bool = False) -> str:
    """A unit as a log line names it: its name ("Ember Imp", or "Ember Imp (P1)" with
    ``owner``), and its owner and lane ("Ember Imp (P1, lane 3)") when another unit in play
    has the same name, as the options name units."""
    name = nm(d, u)
    ln = d.lane_of.get(u, -1)
    if ln >= 0 and any(v != u and nm(d, v) == name for side in d.units for v in side):
        return f"{name} ({pl(d.owner[u])}, {lane_txt(ln)})"
    return f"{name} ({pl(d.owner[u])})" if owner else name


# ----------------------------------------------------------------------------- hand, MP
def draw(st: GameState, p: int, count: int = 1) -> None:
    """MZL-DRAW-5: drawing from an empty deck draws nothing."""
    d: MetaZooData = st.data
    deck = d.deck[p]
    for _ in range(count):
        if not deck:
            if st.logging:
                st.say(f"{pl(p)} has no card left to draw")
            return
        c = deck.pop(0)
        d.hand[p].append(c)
        if st.logging:
            st.say(f"{pl(p)} draws {nm(d, c)}", p, f"{pl(p)} draws a card")


def gain_mp(st: GameState, p: int, amount: int, why: str) -> None:
    d: MetaZooData = st.data
    if amount == 0:
        return
    old = d.mp[p]
    d.mp[p] = max(0, old + amount)
    d.dirty = True  # "while behind in MP" conditions may change Influence (MZL-DAMAGE-7)
    if d.mp[p] != old and st.logging:
        st.say(f"{pl(p)} {'gains' if amount > 0 else 'loses'} {abs(d.mp[p] - old)} MP ({why}): "
               f"{d.mp[p]} MP, opponent {d.mp[opponent(p)]}")


def check_win(st: GameState) -> bool:
    """MZL-WIN-2/3, MZL-MISSION-15/16: 30 MP wins; both at 30+ and level: play on until one
    leads by at least 1."""
    d: MetaZooData = st.data
    a, b = d.mp
    if st.result is not None:
        return True
    if max(a, b) < MP_TO_WIN:
        return False
    if a == b:
        if not d.tied_at_30:
            d.tied_at_30 = True
            if st.logging:
                st.say(f"Both players reached {a} MP together: the game goes on until one leads by 1")
        return False
    w = 0 if a > b else 1
    st.end(one_winner(2, w), f"{pl(w)} wins with {d.mp[w]} MP against {d.mp[opponent(w)]}")
    d.phase = "over"
    return True


# ----------------------------------------------------------------------------- lanes
def enter_lane(d: MetaZooData, iid: int, p: int, lane: int) -> None:
    d.units[lane * 2 + p].append(iid)
    d.lane_of[iid] = lane
    unit_moved(d, iid, lane * 2 + p)


def unit_moved(d: MetaZooData, iid: int, *sides: int) -> None:
    """A unit entered or left ``sides``: the state checks run again, and the continuous and
    During Mission abilities at work are worked out again unless the move cannot change them
    (a unit without such abilities of its own, and no equipment with some that a creature
    arriving or leaving could switch on or off, MZL-EQUIP-2)."""
    d.dirty = True
    d.watch = None
    if d.srcs is None:
        return
    cards = d.cards
    c = cards[iid]
    if c.statics or c.during:
        d.srcs = None
        return
    if c.creature:
        units = d.units
        for s in sides:
            for u in units[s]:
                e = cards[u]
                if e.equipment and (e.statics or e.during):
                    d.srcs = None
                    return


LEAVE_VERBS = {"shatter": "is Shattered", "sacrifice": "is Sacrificed", "damage": "is defeated by damage",
               "return": "returns to hand", "limit": "is removed (lane size limit)"}


def leave_play(st: GameState, iid: int, how: str) -> None:
    """A unit leaves its lane. ``how``: shatter | sacrifice | damage | return | limit.

    Main-deck cards go to their owner's discard pile and are Dispelled, or to the hand
    (not Dispelled); tokens vanish; a Caster goes face down to its Caster zone, whatever the
    effect said (MZL-CASTER-9/10, MZL-ERRATA-LEAVES)."""
    d: MetaZooData = st.data
    lane = d.lane_of.pop(iid)
    p = d.owner[iid]
    d.units[lane * 2 + p].remove(iid)
    d.tapped.discard(iid)
    d.damage.pop(iid, None)
    if d.mods:
        d.mods = [m for m in d.mods if m.unit != iid]
    if d.used:  # MZL-ABILITY-12: a card that comes back starts with unused abilities
        d.used = {k for k in d.used if k >> 8 != iid}
    unit_moved(d, iid, lane * 2 + p)
    c = d.cards[iid]
    logging = st.logging
    where = f"{pl(p)}'s {c.name} in {lane_txt(lane)} {LEAVE_VERBS[how]}" if logging else ""
    if c.token:
        if logging:
            st.say(f"{where} and leaves the game (token)")
    elif c.type == "caster":
        d.caster_down[p] = True
        d.watch = None  # a face-down Caster's triggers do not listen
        if logging:
            st.say(f"{where}: the Caster goes face down to its Caster zone")
    elif how == "return":
        d.hand[p].append(iid)
        d.known.add(iid)
        if logging:
            st.say(where)
    else:
        d.discard[p].append(iid)
        if logging:
            st.say(f"{where} and is Dispelled")
        emit(st, Event("dispelled", iid, p, lane))
    emit(st, Event("left", iid, p, lane))


def move_unit(st: GameState, iid: int, lane: int, why: str) -> bool:
    """MZL-KW-MOVE: not allowed if it breaks the name rule or the lane size limit."""
    d: MetaZooData = st.data
    old = d.lane_of.get(iid)
    if old is None or old == lane:
        return False
    p = d.owner[iid]
    if not stats.room_for(d, lane, p, iid) or stats.same_name_here(d, lane, p, iid):
        if st.logging:
            st.say(f"{nm(d, iid)} cannot Move to {lane_txt(lane)} (name or lane size rule)")
        return False
    d.units[old * 2 + p].remove(iid)
    d.units[lane * 2 + p].append(iid)
    d.lane_of[iid] = lane
    unit_moved(d, iid, old * 2 + p, lane * 2 + p)
    if st.logging:
        st.say(f"{pl(p)}'s {nm(d, iid)} Moves from {lane_txt(old)} to {lane_txt(lane)} ({why})")
    emit(st, Event("moved", iid, p, lane))
    return True


def terra_leaves(st: GameState, lane: int) -> None:
    """A replaced Terra goes to its owner's discard pile: Dispelled, not Shattered
    (MZL-ERRATA-REPLACE-4, MZL-ERRATA-LEAVES-5)."""
    d: MetaZooData = st.data
    t = d.terra[lane]
    if t < 0:
        return
    d.terra[lane] = -1
    if d.used:
        d.used = {k for k in d.used if k >> 8 != t}
    o = d.owner[t]
    d.discard[o].append(t)
    d.cards_moved()
    if st.logging:
        st.say(f"{nm(d, t)} ({pl(o)}) leaves {lane_txt(lane)} for the discard pile and is Dispelled")
    emit(st, Event("dispelled", t, o, lane))
