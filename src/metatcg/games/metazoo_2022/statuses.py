"""The seven Status Effects (MZ22-STATUS, FROZEN, BURN, POISON, PARALYZE, SLEEP, SCARED,
CONFUSION): inflicting them (coins and dice, one for all targets of one op), their Indicators,
and the start- and end-of-turn ticks. Scared is in ``zones.fatigue``, Frozen/Sleep Damage in
``lp.damage``, Confusion in ``combat``."""
from __future__ import annotations

from typing import Iterable

from ...engine.state import GameState
from .data import MZ22Data
from .lp import lose_lp
from .records import CASTER, Indicator, Ref, Trigger, caster_ref, page_ref
from .zones import awaken, fatigue, flip, nm, pl, roll

# Who each status can affect (MZ22-STATUS-1, FROZEN-1, BURN-1, POISON-1, …).
AFFECTS = {"frozen": ("beastie", "artifact"), "burn": ("beastie", "caster"), "poison": ("beastie", "caster"),
           "paralyze": ("beastie",), "sleep": ("beastie",), "scared": ("beastie",), "confusion": ("beastie",)}
NAMES = {"frozen": "Frozen", "burn": "Burn", "poison": "Poison", "paralyze": "Paralyze", "sleep": "Sleep",
         "scared": "Scared", "confusion": "Confusion"}
MAX_POISON = 3          # MZ22-POISON-2
POISON_LOSS = 10        # MZ22-POISON-4
COINED = ("paralyze", "sleep")   # MZ22-STATUS-12


def indicators_of(d: MZ22Data, ref: Ref) -> tuple[Indicator, ...]:
    if ref.entity == CASTER:
        return d.caster_indicators[ref.n]
    s = d.in_play.get(ref.n)
    return () if s is None else s.indicators


def _set(d: MZ22Data, ref: Ref, inds: tuple[Indicator, ...]) -> None:
    if ref.entity == CASTER:
        d.caster_indicators[ref.n] = inds
    else:
        page = ref.n
        old = d.in_play[page]
        d.in_play[page] = old._replace(indicators=inds)
        if any(i.status == "paralyze" for i in inds) != any(i.status == "paralyze" for i in old.indicators):
            d.dirty = True      # Paralyze takes Tribal Boost and statics away: LP may drop (MZ22-LP-13)


def can_take(d: MZ22Data, ref: Ref, kind: str) -> bool:
    """Whether ``ref`` is of a kind ``kind`` affects and may take another Indicator of it
    (MZ22-STATUS-3/4, MZ22-POISON-2, MZ22-TARGET-2)."""
    if ref.entity == CASTER:
        if "caster" not in AFFECTS[kind] or d.out[ref.n]:
            return False
    else:
        page = ref.n
        if page not in d.in_play or d.defs[page].type not in AFFECTS[kind]:
            return False
    have = sum(1 for i in indicators_of(d, ref) if i.status == kind)
    return have < (MAX_POISON if kind == "poison" else 1)


def label(ref: Ref, d: MZ22Data) -> str:
    return pl(ref.n) if ref.entity == CASTER else nm(d, ref.n)


def inflict(st: GameState, seat: int, kind: str, refs: Iterable[Ref], x: int | None = None,
            auto: bool = False) -> list[Ref]:
    """Try to inflict ``kind`` on each of ``refs``; one coin or die settles it for all of them
    (MZ22-SIMUL-4/5/7). ``x``: Frozen's and Burn's Counters, Poison's Indicators ("Poison (2)",
    MZ22-POISON-8). Returns who got an Indicator."""
    d: MZ22Data = st.data
    refs = [r for r in refs if can_take(d, r, kind)]
    if not refs:
        return []
    if kind in COINED and not auto and not flip(st, seat, f"{NAMES[kind]}"):
        if st.logging:
            st.say(f"{NAMES[kind]} fails (MZ22-{kind.upper()}-2)")
        return []
    counters = 0
    if kind == "frozen":
        counters = x or 1
    elif kind == "burn":
        counters = x if x else roll(st, seat, "Burn Counters (MZ22-BURN-3)")
    cid = d.combat.id if d.combat is not None and kind in ("frozen", "sleep") else 0
    got = []
    for ref in refs:
        if not can_take(d, ref, kind):       # a Scared Page sent away by an earlier Fatigue
            continue
        for _ in range((x or 1) if kind == "poison" else 1):
            if can_take(d, ref, kind):
                _set(d, ref, indicators_of(d, ref) + (Indicator(kind, counters, d.turn, cid),))
        got.append(ref)
        if kind == "paralyze":
            d.dirty = True          # losing Effect text can lower maximum LP (MZ22-TRIBAL-5, MZ22-LP-13)
        if st.logging:
            more = f" with {counters} Counter{'s' if counters != 1 else ''}" if counters else ""
            st.say(f"{label(ref, d)} is {_past(kind)}{more}")
        if kind in ("frozen", "sleep"):
            fatigue(st, ref.n, NAMES[kind])    # MZ22-FROZEN-2, MZ22-SLEEP-2
    return got


def _past(kind: str) -> str:
    return {"frozen": "Frozen", "burn": "Burned", "poison": "Poisoned", "paralyze": "Paralyzed",
            "sleep": "put to Sleep", "scared": "Scared", "confusion": "Confused"}[kind]


def remove(st: GameState, refs: Iterable[Ref], kind: str) -> None:
    """Remove Indicators (``all`` for every kind) with their Counters (MZ22-STATUS-5)."""
    d: MZ22Data = st.data
    for ref in refs:
        inds = indicators_of(d, ref)
        keep = tuple(i for i in inds if kind != "all" and i.status != kind)
        if keep != inds:
            _set(d, ref, keep)
            if st.logging:
                st.say(f"{label(ref, d)} loses {'its Status Effects' if kind == 'all' else NAMES[kind]}")


def _entities(d: MZ22Data) -> list[Ref]:
    return [page_ref(c) for c in d.arena if d.in_play[c].indicators] + \
        [caster_ref(p) for p in range(d.n) if d.caster_indicators[p]]


def tick_start(st: GameState) -> None:
    """Step 1a's rule events, in a fixed order (PR-MZ22-3): one Counter off every Frozen and
    Burn Indicator, the last one removing it (a thawed Page Awakens); Poison placed in turn T
    comes off in turn T+2 (MZ22-STATUS-15, FROZEN-3/4/7, BURN-4, POISON-5/7)."""
    d: MZ22Data = st.data
    for ref in _entities(d):
        inds = indicators_of(d, ref)
        out = []
        thawed = False
        for i in inds:
            if i.status in ("frozen", "burn"):
                if i.counters > 1:
                    out.append(i._replace(counters=i.counters - 1))
                    continue
                thawed = thawed or i.status == "frozen"
                if st.logging:
                    st.say(f"{label(ref, d)}'s last {NAMES[i.status]} Counter comes off: {NAMES[i.status]} ends")
                continue
            if i.status == "poison" and d.turn >= i.turn + 2:
                if st.logging:
                    st.say(f"A Poison Indicator comes off {label(ref, d)}")
                continue
            out.append(i)
        _set(d, ref, tuple(out))
        if thawed:
            awaken(st, ref.n)


def tick_end(st: GameState) -> None:
    """Step 3b: Poison LP Loss waits as one trigger per affected Caster's side, so the active
    Caster can order it with other end-of-turn Effects (MZ22-POISON-4, MZ22-SIMUL-1/6, PR-MZ22-3)."""
    d: MZ22Data = st.data
    seats: set[int] = set()
    for ref in _entities(d):
        if any(i.status == "poison" for i in indicators_of(d, ref)):
            seats.add(ref.n if ref.entity == CASTER else d.in_play[ref.n].controller)
    for p in sorted(seats):
        st.queue_trigger(Trigger(p, -1, -1, (), "poison"))


def expire_paralyze(st: GameState) -> None:
    """Paralyze placed in turn T ends in step 3b of turn T+1 (MZ22-PARALYZE-7/10), after the
    other end-of-turn events so giving Effect text back never reorders them (PR-MZ22-3)."""
    d: MZ22Data = st.data
    for ref in _entities(d):
        inds = indicators_of(d, ref)
        if any(i.status == "paralyze" and d.turn >= i.turn + 1 for i in inds):
            _set(d, ref, tuple(i for i in inds if not (i.status == "paralyze" and d.turn >= i.turn + 1)))
            d.dirty = True
            if st.logging:
                st.say(f"{label(ref, d)} is no longer Paralyzed (MZ22-PARALYZE-7)")


def poison_loss(st: GameState, seat: int) -> None:
    """Every Poisoned Page ``seat`` controls, and ``seat`` itself, loses 10 LP per Indicator
    (MZ22-POISON-4/6), as one event."""
    d: MZ22Data = st.data
    for ref in _entities(d):
        who = ref.n if ref.entity == CASTER else d.in_play[ref.n].controller
        k = sum(1 for i in indicators_of(d, ref) if i.status == "poison")
        if who == seat and k:
            lose_lp(st, [ref], POISON_LOSS * k, " to Poison")
