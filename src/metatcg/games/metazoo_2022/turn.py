"""Set-up, Mulligans and the turn's steps (MZ22-SETUP, MZ22-MULL, MZ22-TURN)."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.seats import clockwise
from ...engine.state import GameState
from ...engine.windows import window
from . import hooks, statuses, zones
from .data import OPENING, MZ22Data
from .records import Deal, Main, Mull, Seat, Trigger, TurnStep
from .stats import has_text
from .surroundings import recompute
from .zones import pl

TURN_STEPS = ("start_a", "start_b", "bookmark", "awaken", "dissolve", "actions", "end_a", "end_b", "end_p", "end_c")
STEP_NAMES = {"setup": "Set-Up", "mulligan": "Mulligans", "start_a": "Start of Turn: start Effects",
              "start_b": "Start of Turn: Priority", "bookmark": "Start of Turn: Bookmark",
              "awaken": "Start of Turn: Awaken", "dissolve": "Start of Turn: Aura dissolves",
              "actions": "Take Actions", "end_a": "End of Turn: Priority", "end_b": "End of Turn: end Effects",
              "end_c": "End of Turn: Aura dissolves"}     # the rulebook's Turn Steps, as a player knows them


# ------------------------------------------------------------------ set-up
def setup(st: GameState) -> None:
    """Who goes first (MZ22-SETUP-2/7, PR-MZ22-9): with two Casters a random one flips and the
    other calls; with more, a random seat chooses."""
    d: MZ22Data = st.data
    d.flipper = st.rng.below(d.n)
    if d.n == 2:
        caller = 1 - d.flipper
        st.decide(caller, "call", Seat(caller), f"{pl(d.flipper)} flips a coin: call it")
    else:
        if st.logging:
            st.say(f"{pl(d.flipper)} is drawn at random to choose who goes first (MZ22-SETUP-7)")
        st.decide(d.flipper, "go_first", Seat(d.flipper), "Go first, or let the next Caster start?")


def call(st: GameState, caller: int, heads: bool) -> None:
    d: MZ22Data = st.data
    if st.logging:
        st.say(f"{pl(caller)} calls {'heads' if heads else 'tails'}")
    got = zones.flip(st, d.flipper, "who goes first")
    chooser = caller if got == heads else d.flipper
    if st.logging:
        st.say(f"{pl(chooser)} chooses who goes first")
    st.decide(chooser, "go_first", Seat(chooser), "Go first or second?")


def go_first(st: GameState, chooser: int, first: bool) -> None:
    d: MZ22Data = st.data
    d.first = chooser if first else (chooser + 1) % d.n      # the next seat clockwise (PR-MZ22-9)
    if st.logging:
        if first:
            st.say(f"{pl(chooser)} chooses to go first")
        elif d.n == 2:
            st.say(f"{pl(chooser)} chooses to go second: {pl(d.first)} starts")
        else:
            st.say(f"{pl(chooser)} lets the next Caster clockwise start: {pl(d.first)} starts (PR-MZ22-9)")
    st.push(Deal())


def deal(st: GameState, step: Deal) -> None:
    """Shuffle and Bookmark 7 (MZ22-SETUP-3), then Mulligans in turn order (MZ22-MULL-5)."""
    d: MZ22Data = st.data
    for p in range(d.n):
        st.rng.shuffle(d.spellbook[p])
        d.mull_n[p] = zones.bookmark(st, p, OPENING)     # N: how many were Bookmarked (MZ22-MULL-4)
    d.step = "mulligan"
    st.push(*[Mull(p) for p in clockwise(d.n, d.first)])


def mull_step(st: GameState, step: Mull) -> None:
    st.decide(step.seat, "mulligan", Seat(step.seat), "Keep your Chapter, or Mulligan for one Page fewer?")


def mull_options(st: GameState, p: int) -> list[Action]:
    d: MZ22Data = st.data
    out = [Action("keep", f"Keep these {len(d.chapter[p])} Pages")]
    if d.mull_n[p] >= 1:                          # MZ22-MULL-6
        out.append(Action("mulligan", f"Mulligan: shuffle back and Bookmark {d.mull_n[p] - 1}"))
    return out


def mulligan(st: GameState, p: int) -> None:
    """Chapter back, shuffle, Bookmark N-1 where N is how many Pages were Bookmarked the time
    before (MZ22-MULL-1..4); the same Caster decides again until they keep or reach 0 Pages, and
    the count is public (MZ22-MULL-5/6)."""
    d: MZ22Data = st.data
    if d.mull_n[p] < 1:
        raise ValueError("no Mulligan at N = 0 (MZ22-MULL-6)")
    d.spellbook[p].extend(d.chapter[p])
    d.chapter[p].clear()
    d.revealed.difference_update(d.spellbook[p])
    st.rng.shuffle(d.spellbook[p])
    want = d.mull_n[p] - 1
    d.mulligans[p] += 1
    if st.logging:
        st.say(f"{pl(p)} Mulligans (#{d.mulligans[p]}) and Bookmarks {want}")
    d.mull_n[p] = zones.bookmark(st, p, want) if want else 0
    if d.mull_n[p] >= 1:
        st.push(Mull(p))


# ------------------------------------------------------------------ the turn
def next_turn(st: GameState) -> None:
    """The turn passes clockwise to the next Caster still in (MZ22-TURN-17/25)."""
    d: MZ22Data = st.data
    if d.turn == 0:
        d.active = d.first
    else:
        nxt = (d.active + 1) % d.n
        while d.out[nxt]:
            nxt = (nxt + 1) % d.n
        d.active = nxt
    d.turn += 1
    d.aura_done = [False] * d.n
    if st.logging:
        st.say(f"— Turn {d.turn}: {pl(d.active)} —")
    st.push(*[TurnStep(s) for s in TURN_STEPS])


def run(st: GameState, step: TurnStep) -> None:
    d: MZ22Data = st.data
    name = step.name
    if name in STEP_NAMES:
        d.step = name
    p = d.active
    if d.out[p]:
        return
    if name == "start_a":                     # MZ22-TURN-1/18
        if d.surr is not None:                # derived keys, fixed for the turn (MZ22-TERRA-13)
            recompute(st)
        statuses.tick_start(st)
        hooks.turn_hooks(st, name)             # Defender, Flash, Burrow
        _turn_effects(st, "start")
    elif name == "start_b":                   # MZ22-TURN-2, MZ22-PRIO-3
        st.open_window(window("start", d.n, p))
    elif name == "bookmark":                  # MZ22-TURN-3, MZ22-DECKOUT-2
        zones.bookmark(st, p, 1)
    elif name == "awaken":                    # MZ22-TURN-4
        for c in list(d.arena):
            if d.in_play[c].controller == p:
                zones.awaken(st, c)
    elif name == "dissolve":                  # MZ22-TURN-5/21
        dissolve(d, keep=True)
    elif name == "actions":                   # MZ22-TURN-6..13
        st.push(Main(p))
    elif name == "end_a":                     # MZ22-TURN-14, MZ22-PRIO-4
        st.open_window(window("end", d.n, p))
    elif name == "end_b":                     # MZ22-TURN-15/19
        statuses.tick_end(st)
        hooks.turn_hooks(st, name)             # Regen, and Trait indicators end
        _turn_effects(st, "end")
    elif name == "end_p":                     # Paralyze ends last in 3b (PR-MZ22-3)
        statuses.expire_paralyze(st)
    elif name == "end_c":                     # MZ22-TURN-16/21
        dissolve(d, keep=False)
        if d.mods:
            d.mods = []                       # "until the end of the turn" changes end
            d.dirty = True


def dissolve(d: MZ22Data, keep: bool) -> None:
    """Aura dissolves from every Caster's pool (MZ22-TURN-21): at step 1e all but what
    start-of-turn Effects made this turn (MZ22-TURN-5), at step 3c all of it (MZ22-TURN-16)."""
    for q in range(d.n):
        if keep:
            pool = d.pool[q]
            d.pool[q] = {t: min(k, pool.get(t, 0)) for t, k in d.kept[q].items() if min(k, pool.get(t, 0)) > 0}
        else:
            d.pool[q] = {}
        d.kept[q] = {}


def _turn_effects(st: GameState, when: str) -> None:
    """Start/end-of-turn Effects of face-up Pages: "your turn" only on their controller's turn,
    "each turn" on every turn (MZ22-TURN-1/15/20); Terra in slots count too (MZ22-SPTERRA-5)."""
    d: MZ22Data = st.data
    holders = d.memo.get("turn_fx")
    if holders is None:                        # once per set of Pages there (MZ22Data.memo)
        defs = d.defs
        holders = d.memo["turn_fx"] = [c for c in (*d.arena, *d.terra) if c >= 0
                                       and (defs[c].start_fx or defs[c].end_fx)]
    for c in holders:
        df = d.defs[c]
        fx = df.start_fx if when == "start" else df.end_fx
        if not fx or not has_text(d, c):
            continue
        s = d.in_play[c]
        for i in fx:
            if df.effects[i].turns == "each" or s.controller == d.active:
                st.queue_trigger(Trigger(s.controller, c, i, tuple(sorted(df.base_types))))


def main_step(st: GameState, step: Main) -> None:
    """The active Caster holds priority in Take Actions (MZ22-PRIO-7, MZ22-TURN-23)."""
    d: MZ22Data = st.data
    if d.out[step.seat] or d.combat is not None:
        return
    st.decide(step.seat, "main", Seat(step.seat), "Take an Action, or end your turn")
