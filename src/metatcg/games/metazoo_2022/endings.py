"""The state check (MZ22-WIN-4, MZ22-DECKOUT-4): Pages at 0 LP are Destroyed together, Casters
at 0 LP are out, the last Caster standing wins, all at 0 together draw (MZ22-WIN-5), and all
Spellbooks empty is a draw (MZ22-DECKOUT-3)."""
from __future__ import annotations

from ...engine.seats import returns_by_place
from ...engine.state import GameState
from ...engine.windows import WINDOW_DECISION
from . import hooks, zones
from .data import MZ22Data
from .records import CombatStep
from .stats import cur_lp, has_lp
from .surroundings import sweep
from .zones import pl


def state_check(st: GameState) -> None:
    """After every step: the LP checks when something changed LP (``dirty``), then the deck-out
    check, which is cheap and runs every time so that a Spellbook emptied by any means (the last
    Bookmark, a search) ends the game at once (MZ22-DECKOUT-4)."""
    d: MZ22Data = st.data
    if "return_while" in d.memo.get("statics", ()) or "statics" not in d.memo:
        sweep(st)                              # 4th Wall returns (MZ22-WALL-11), only when printed
    if not d.dirty:                            # nothing changed LP or emptied a Spellbook
        return
    while d.dirty and st.result is None:       # a Destroy can lower other Pages' LP (MZ22-LP-13)
        d.dirty = False
        ps = d.in_play                              # undamaged Pages keep their printed LP or more
        dead = [c for c in d.arena if (ps[c].damage or ps[c].loss) and has_lp(d, c) and cur_lp(d, c) <= 0]
        if dead:
            dead = [c for c in dead if not hooks.survives_zero(d, c)]     # Immortal
        if dead:
            zones.destroy(st, dead, " (0 LP)")          # MZ22-LP-9/16, MZ22-COMBAT-32
        down = [p for p in d.alive() if d.lp_of_caster(p) <= 0]
        if down:
            eliminate(st, down, " (0 LP, MZ22-WIN-4)")
    if st.result is None and not all(d.spellbook):
        deck_out(st)


def deck_out(st: GameState) -> None:
    """Every Spellbook of the Casters still in is empty: a draw among them (MZ22-DECKOUT-3,
    PR-MZ22-12). Never before turn 1 (set-up and Mulligans are not play, MZ22-SETUP-5)."""
    d: MZ22Data = st.data
    if d.turn < 1 or d.step in ("setup", "mulligan"):
        return
    alive = d.alive()
    if alive and all(not d.spellbook[p] for p in alive):
        finish(st, alive, "draw: every Spellbook is empty (MZ22-DECKOUT-3)")


def eliminate(st: GameState, seats: list[int], why: str) -> None:
    """Casters leave the game together; with one left it wins, with none left those who went
    out together draw (MZ22-WIN-1/5, PR-MZ22-12). A win's reason says why the last went out
    ("P1 wins: P2 is out (0 LP, MZ22-WIN-4)"): simulations name the ending from it."""
    d: MZ22Data = st.data
    seats = [p for p in seats if not d.out[p]]
    if not seats:
        return
    for p in seats:
        d.out[p] = True
        if st.logging:
            st.say(f"{pl(p)} is out of the game{why}")
    alive = d.alive()
    if len(alive) <= 1:
        if alive:
            d.places.extend(seats)
            gone = " and ".join(pl(p) for p in seats) + (" is" if len(seats) == 1 else " are")
            finish(st, alive, f"{pl(alive[0])} wins: {gone} out{why}")   # facts.ending reads its rule ID
        else:
            finish(st, seats, "draw: the last Casters reached 0 LP together (MZ22-WIN-5)")
        return
    d.places.extend(seats)
    for p in seats:                                 # their Pages leave with them (PR-MZ22-12)
        for c in [c for c in d.arena if d.in_play[c].controller == p]:
            zones.leave(st, c, zones.DISCARD[d.defs[c].type])
        for c in [c for c in d.terra if c >= 0 and d.in_play[c].controller == p]:
            zones.leave(st, c, "afterlife")         # the slot empties, no other Terra moves (MZ22-TSLOT-10)
        for c in [c for c, s in d.in_play.items() if s.controller == p and s.face_down]:
            zones.leave(st, c, zones.DISCARD[d.defs[c].type])   # unrevealed: no Trap check (PR-MZ22-12)
        for it in [x for x in d.chain if x.seat == p]:
            d.chain.remove(it)
            if it.what == "contract":
                zones.put(st, it.source, zones.DISCARD[d.defs[it.source].type])
    d.dirty = True


def can_concede(st: GameState, seat: int) -> bool:
    return not st.data.out[seat]


def concede(st: GameState, seat: int) -> None:
    """A Caster concedes, at any time: out of the game as a loss (MZ22-WIN-6), the others play
    on. A decision the Caster was making is dropped: a window asks the next Caster, a Combat
    they were deciding in ends (COMBAT-41: a side is gone), an Action they were taking does not
    happen, an Effect they were choosing for goes on without the choice."""
    d: MZ22Data = st.data
    dec = st.decision
    if st.logging:
        st.say(f"{pl(seat)} concedes")
    eliminate(st, [seat], " (conceded, MZ22-WIN-6)")
    if st.result is not None or dec is None or dec.player != seat:
        return
    st.decision = None
    if dec.kind == WINDOW_DECISION:
        st.stack.append(dec.params._replace(at=dec.params.at + 1))
    elif d.combat is not None and dec.kind in COMBAT_DECISIONS:
        st.push(CombatStep("end"))


COMBAT_DECISIONS = frozenset({"attack_target", "attack_choice", "defenders", "primary", "counter", "allocate"})


def finish(st: GameState, top: list[int], reason: str) -> None:
    """End the game: ``top`` share first place (one seat: it wins; all: a draw); the others rank
    by when they went out, the last out best."""
    d: MZ22Data = st.data
    place = {p: 0 for p in top}
    for k, p in enumerate(reversed([q for q in d.places if q not in place])):
        place[p] = k + 1
    st.end(returns_by_place([place.get(p, len(d.places) + 1) for p in range(d.n)]), reason)
