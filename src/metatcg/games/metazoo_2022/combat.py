"""Combat (MZ22-COMBAT): the declaration sub-steps, priority window 1, Defenders, priority
window 2, who attacks first, each Attack's resolution (Type Advantage, Aura Attack Advantage,
Terra, Tribal Boost and other Effects, allocation in fives) and the end of Combat."""
from __future__ import annotations

from typing import Any

from functools import partial

from ...engine.action import Action
from ...engine.amounts import Part, breakdown
from ...engine.state import GameState
from ...engine.windows import window
from . import hooks, traps
from .aura import AAA_BONUS, TA_BONUS
from .data import MZ22Data
from .lp import damage, lose_lp, type_advantage
from .records import CASTER, Alloc, Combat, CombatStep, Ctx, Ref, Run, Seat, caster_ref, page_of, page_ref
from .stats import amount, cannot_attack, cur_lp, has_text, statics, covers, terra_active, tribal, types_of
from .statuses import inflict, remove
from .surroundings import key_name
from .zones import fatigue, flip, nm, pl

BURN_LOSS = 20   # MZ22-BURN-5/6


def can_attack(d: MZ22Data, p: int, page: int) -> bool:
    """An Awakened Beastie ``p`` controls, not Paralyzed, not barred (MZ22-COMBAT-38,
    MZ22-PARALYZE-5), with at least one Attack and one legal target."""
    s = d.in_play[page]
    df = d.defs[page]
    if df.type != "beastie" or s.controller != p or s.fatigued or not df.attacks:
        return False
    if any(i.status == "paralyze" for i in s.indicators) or cannot_attack(d, page):
        return False
    if s.marks and hooks.attack_barred(d, page):             # Burrow, Flash
        return False
    if sum(1 for q in d.out if not q) > 1:      # an opposing Caster is always a legal target
        return True
    return bool(attack_targets(d, page))


def fighters(d: MZ22Data, p: int) -> list[int]:
    """The Beasties with an Attack that ``p`` controls (cached per set of Pages in the Arena)."""
    return d.by_seat("fighters", _fighter)[p]


def _fighter(df: Any, c: int) -> int | None:
    return c if df.type == "beastie" and df.attacks else None


def attack_targets(d: MZ22Data, page: int) -> list[Ref]:
    """Any opposing Caster, Beastie or Artifact (MZ22-COMBAT-5)."""
    p = d.in_play[page].controller
    out = [caster_ref(q) for q in d.alive() if q != p]
    out += [page_ref(c) for c in d.arena if d.defs[c].type in ("beastie", "artifact") and d.in_play[c].controller != p
            and hooks.attack_target_ok(d, page, c)]
    if d.has_attached():                     # face-down Pages may exist (MZ22-TRAP-16)
        out += traps.attack_targets(d, p)
    return out


def target_seat(d: MZ22Data, ref: Ref | None) -> int:
    """The seat of the Caster ``ref`` names, or of the Page's controller (``ref`` is chosen)."""
    assert ref is not None
    return ref.n if ref.entity == CASTER else d.controller(ref.n)


def present(d: MZ22Data, ref: Ref | None) -> bool:
    """Is what ``ref`` names still there (a Caster still in, a Page still in play)?"""
    if ref is None:
        return False
    return not d.out[ref.n] if ref.entity == CASTER else ref.n in d.in_play


# ------------------------------------------------------------------ declaring
def declare(st: GameState, p: int, page: int) -> None:
    """Start a Combat (MZ22-COMBAT-1, MZ22-COMBAT-39 sub-steps 1-6)."""
    d: MZ22Data = st.data
    d.combat_seq += 1
    d.combat = Combat(d.combat_seq, p, page)
    if st.logging:
        st.say(f"{pl(p)} attacks with {nm(d, page)}")
    st.push(CombatStep("fatigue"))


def step(st: GameState, s: CombatStep) -> None:
    STAGES[s.name](st, s)


def _fatigue(st: GameState, s: CombatStep) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if not fatigue(st, cb.attacker):          # a Scared attacker ran back to the Chapter
        return _end(st, s)
    st.push(CombatStep("target"))


def _target(st: GameState, s: CombatStep) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    st.decide(cb.seat, "attack_target", Seat(cb.seat), f"Choose what {nm(d, cb.attacker)} attacks")


def target_options(st: GameState) -> list[Action]:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    out = []
    for r in attack_targets(d, cb.attacker):
        c = r.n
        label = str(r) if r.entity == CASTER else f"{nm(d, c)} ({pl(d.controller(c))}, {cur_lp(d, c)} LP)"
        shown = str(r)
        if r.entity != CASTER and d.in_play[c].face_down:             # MZ22-TRAP-22: the alias, never the id
            shown = traps.alias(d, c)
            label = f"{traps.HIDDEN} ({pl(d.controller(c))})"
        out.append(Action(f"at:{shown}", f"Attack {label}", r))
    return out


def choose_target(st: GameState, ref: Ref) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    d.combat = cb._replace(target=ref)
    if st.logging:
        st.say(f"{nm(d, cb.attacker)} attacks {ref if ref.entity == CASTER else traps.shown(d, ref.n)}")
    if len(d.defs[cb.attacker].attacks) > 1:
        st.decide(cb.seat, "attack_choice", Seat(cb.seat), f"Choose {nm(d, cb.attacker)}'s Attack")
    else:
        choose_attack(st, 0)


def attack_options(st: GameState, page: int, seat: int) -> list[Action]:
    d: MZ22Data = st.data
    foe = open_foe(d, d.combat.target) if d.combat is not None else None
    return [Action(f"atk:{i}", partial(attack_preview, *attack_parts(d, page, i, foe)), i)
            for i in range(len(d.defs[page].attacks))]


def choose_attack(st: GameState, i: int) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    d.combat = cb._replace(attack=i, stage="declared")
    if st.logging:
        st.say(f"{nm(d, cb.attacker)} uses {d.defs[cb.attacker].attacks[i].name}")
    st.push(CombatStep("burn"))


def _burn(st: GameState, s: CombatStep) -> None:
    """Burned Caster and/or Burned attacker lose 20 LP each (MZ22-BURN-5..9); a Sleeping target
    wakes from the Attack but stays Fatigued (MZ22-SLEEP-4/6)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if any(i.status == "burn" for i in d.caster_indicators[cb.seat]):
        lose_lp(st, [caster_ref(cb.seat)], BURN_LOSS, " to Burn")
    if cb.attacker in d.in_play and any(i.status == "burn" for i in d.in_play[cb.attacker].indicators):
        lose_lp(st, [page_ref(cb.attacker)], BURN_LOSS, " to Burn")
    if cb.target is not None and page_of(cb.target) in d.in_play:
        remove(st, [cb.target], "sleep")
    st.push(CombatStep("window1"))
    hooks.on_attack_declared(st)                  # a face-down Trap flips first (MZ22-COMBAT-6)


def _window1(st: GameState, s: CombatStep) -> None:
    """Priority window 1: the attacked Caster only (MZ22-COMBAT-9, MZ22-COMBAT-40)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if cb.attacker not in d.in_play or not present(d, cb.target):     # MZ22-COMBAT-41
        return _end(st, s)
    c = target_seat(d, cb.target)
    st.push(window("combat1", d.n, c, seats=(c,)), CombatStep("defenders"))


def _defenders(st: GameState, s: CombatStep) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if cb.attacker not in d.in_play or not present(d, cb.target):     # MZ22-COMBAT-41
        return _end(st, s)
    c = target_seat(d, cb.target)
    if hooks.may_declare_defenders(d, cb.attacker) and defender_options(st):   # Invisible, Unblockable
        st.decide(c, "defenders", Seat(c), f"Declare Defenders against {nm(d, cb.attacker)}, or none")
    else:
        st.push(CombatStep("primary"))


def defender_options(st: GameState) -> list[Action]:
    """Awakened, non-Paralyzed Beasties of the target's controller, not the target itself
    (MZ22-COMBAT-10..12, MZ22-COMBAT-44, MZ22-PARALYZE-6)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    c = target_seat(d, cb.target)
    out = []
    for b in d.arena:
        s = d.in_play[b]
        if s.controller != c or d.defs[b].type != "beastie" or s.fatigued or page_ref(b) == cb.target \
                or b in cb.defenders or any(i.status == "paralyze" for i in s.indicators) \
                or s.marks and not hooks.may_defend(d, b):
            continue
        out.append(Action(f"defend:c{b}", f"Defend with {nm(d, b)} ({cur_lp(d, b)} LP)", b))
    return out


def declare_defender(st: GameState, page: int | None) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if page is None:
        st.push(CombatStep("primary"))
        return
    if fatigue(st, page):
        d.combat = cb._replace(defenders=cb.defenders + (page,))
        if st.logging:
            st.say(f"{nm(d, page)} defends")
    st.push(CombatStep("defenders"))


def _primary(st: GameState, s: CombatStep) -> None:
    """The primary Defender: one declared Defender, or the original target when none
    (MZ22-COMBAT-13/14/16, MZ22-COMBAT-43)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    live = [b for b in cb.defenders if b in d.in_play]
    d.combat = cb = cb._replace(defenders=tuple(live))
    if not any(d.defs[b].type == "beastie" for b in live):     # a flipped Artifact only takes Damage (MZ22-COMBAT-42)
        if not present(d, cb.target):
            return _end(st, s)
        d.combat = cb._replace(primary=cb.target)
        st.push(CombatStep("counter"))
        return
    c = target_seat(d, cb.target)
    st.decide(c, "primary", Seat(c), "Choose the primary Defender (its Attack answers)")


def primary_options(st: GameState) -> list[Action]:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    return [Action(f"primary:c{b}", f"{nm(d, b)} is the primary Defender", page_ref(b)) for b in cb.defenders
            if d.defs[b].type == "beastie"]                 # MZ22-COMBAT-42


def choose_primary(st: GameState, ref: Ref) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    d.combat = cb._replace(primary=ref)
    if st.logging:
        st.say(f"{nm(d, ref.n)} is the primary Defender")
    st.push(CombatStep("counter"))


def _counter(st: GameState, s: CombatStep) -> None:
    """A primary Defender with Attacks must choose one (MZ22-COMBAT-14/43)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    hooks.on_primary(st)                                         # Venomous
    cb = d.combat
    if cb is None:
        return
    page = page_of(cb.primary)
    if page >= 0 and d.defs[page].type == "beastie" and d.defs[page].attacks:
        c = d.controller(page)
        if len(d.defs[page].attacks) > 1:
            st.push(CombatStep("window2"))
            st.decide(c, "counter", Seat(c), f"Choose {nm(d, page)}'s Attack against {nm(d, cb.attacker)}")
            return
        d.combat = cb._replace(counter=0)
    st.push(CombatStep("window2"))


def choose_counter(st: GameState, i: int) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    d.combat = cb._replace(counter=i)
    if st.logging:
        st.say(f"{nm(d, page_of(cb.primary))} answers with {d.defs[page_of(cb.primary)].attacks[i].name}")


def _window2(st: GameState, s: CombatStep) -> None:
    """Priority window 2: the attacking Caster only (MZ22-COMBAT-17, MZ22-COMBAT-40)."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    if cb.attacker not in d.in_play:
        return _end(st, s)
    st.push(window("combat2", d.n, cb.seat, seats=(cb.seat,)), CombatStep("order"))


def _order(st: GameState, s: CombatStep) -> None:
    """Who attacks first (MZ22-COMBAT-18..21): First-Strike, a coin if both have it."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    first = 0
    prim = page_of(cb.primary)
    a_fs = hooks.first_strike(d, cb.attacker)
    p_fs = prim >= 0 and hooks.first_strike(d, prim)
    if p_fs and not a_fs:
        first = 1
    elif a_fs and p_fs:
        first = 0 if flip(st, cb.seat, "First-Strike (MZ22-COMBAT-21)") else 1
    st.push(CombatStep("strike", first), CombatStep("between", first), CombatStep("strike", 1 - first),
            CombatStep("end"))


def _between(st: GameState, s: CombatStep) -> None:
    """After the first Attack: Combat ends if every defending Page or the attacker is gone
    (MZ22-COMBAT-23/24)."""
    d: MZ22Data = st.data
    cb = d.combat
    if cb is None:
        return
    gone_def = not any(b in d.in_play for b in cb.defenders) and not present(d, cb.primary) \
        and not present(d, cb.target)
    if (gone_def or cb.attacker not in d.in_play) and st.stack and st.stack[-1] == CombatStep("strike", 1 - s.side):
        st.stack.pop()      # no second strike



def _strike(st: GameState, s: CombatStep) -> None:
    """One Attack resolves (MZ22-COMBAT-26..36): ``side`` 0 the attacker, 1 the primary Defender."""
    d: MZ22Data = st.data
    cb = d.combat
    if cb is None:
        return
    if s.side == 0:
        page, i = cb.attacker, cb.attack
        if page not in d.in_play or i < 0:
            return
    else:
        if page_of(cb.primary) not in d.in_play or cb.counter < 0 or cb.attacker not in d.in_play:   # MZ22-COMBAT-46
            return
        page, i = page_of(cb.primary), cb.counter
    atk = d.defs[page].attacks[i]
    seat = d.in_play[page].controller
    if any(x.status == "confusion" for x in d.in_play[page].indicators):     # MZ22-CONFUSION-3..9
        if not flip(st, seat, f"Confused {nm(d, page)}"):
            hurt = max_damage(d, page, i)
            if st.logging:
                st.say(f"{nm(d, page)} hurts itself in its confusion instead of attacking")
            remove(st, [page_ref(page)], "confusion")
            damage(st, [page_ref(page)], hurt, ta=False, why=" (Confusion)")
            return
    if st.logging:
        st.say(f"{nm(d, page)} strikes with {atk.name}")
    foe = cb.primary if s.side == 0 else page_ref(cb.attacker)
    st.push(CombatStep("hit", s.side))
    if has_text(d, page):
        ctx = Ctx(seat, page, "atk", i, (), tuple(sorted(types_of(d, page))), page)
        for icon in atk.status:                                 # MZ22-STATUS-7/8/13/14
            inflict(st, seat, icon.status, [foe] if foe is not None else [], icon.x, icon.auto)
        if atk.do:
            st.push(Run(ctx))


def attack_total(d: MZ22Data, page: int, i: int, foe: Ref | None, parts: list[Part] | None = None) -> int:
    """An Attack's Damage, computed once before allocation (MZ22-COMBAT-47): base, Type
    Advantage and Aura Attack Advantage against ``foe`` (MZ22-COMBAT-27, MZ22-AAA-3/4,
    MZ22-TYPEADV-10), Terra (COMBAT-28), then Tribal Boost, bonuses and statics (COMBAT-29);
    Paralyze makes it 0 last (MZ22-PARALYZE-4). ``parts``: a list to write each named step into,
    for a preview that shows what the rules will deal (``engine.amounts.breakdown``)."""
    df = d.defs[page]
    atk = df.attacks[i]
    if not has_text(d, page):
        if parts is not None:
            parts.append((atk.name, 0))
        return 0
    dmg = atk.damage
    if parts is not None:
        parts.append((atk.name, dmg))
    seat = d.in_play[page].controller
    fp = page_of(foe)
    if fp in d.in_play:
        if type_advantage(d, df.strong_against, types_of(d, page), fp):
            dmg += TA_BONUS
            if parts is not None:
                parts.append(("Type Advantage", TA_BONUS))
        if atk.aaa is not None and atk.aaa in types_of(d, fp):
            dmg += AAA_BONUS
            if parts is not None:
                parts.append(("Aura Attack Advantage", AAA_BONUS))
    for b in df.terra_bonus:
        if b.damage and terra_active(d, b.terra, seat):
            dmg += b.damage
            if parts is not None:
                parts.append((f"Terra Bonus ({key_name(b.terra)})", b.damage))
    boost = tribal(d, page)
    dmg += boost
    if parts is not None and boost:
        parts.append(("Tribal Boost", boost))
    if atk.bonus is not None:
        extra = amount(d, seat, page, atk.bonus)
        dmg += extra
        if parts is not None:
            parts.append((f"{atk.name}'s bonus", extra))
    for c, st in statics(d, "attack_bonus"):
        if covers(d, c, st.who, page):
            extra = amount(d, d.controller(c), c, st.amount)
            dmg += extra
            if parts is not None:
                parts.append((nm(d, c), extra))
    return max(0, dmg)


def open_foe(d: MZ22Data, ref: Ref | None) -> Ref | None:
    """``ref`` when everyone may read it (a Caster, a face-up Page); a face-down Page's types are
    hidden, so a preview computes without them (None)."""
    if ref is None or ref.entity == CASTER:
        return ref
    s = d.in_play.get(ref.n)
    return None if s is None or s.face_down else ref


def preview_now(d: MZ22Data) -> str | None:
    """The Combat's Attack Damage now, against the primary Defender or else the target, as the
    rules will compute it: 'Antler Hop (40 +20 Tribal Boost = 60)'; None before an Attack is chosen."""
    cb = d.combat
    if cb is None or cb.attack < 0 or cb.attacker not in d.in_play:
        return None
    return attack_preview(*attack_parts(d, cb.attacker, cb.attack, open_foe(d, cb.primary or cb.target)))


def counter_now(d: MZ22Data) -> str | None:
    """The primary Defender's answering Attack and its Damage to the attacker now, as
    :func:`preview_now`; None when there is none."""
    cb = d.combat
    prim = page_of(cb.primary) if cb is not None else -1
    if cb is None or cb.counter < 0 or prim not in d.in_play or cb.attacker not in d.in_play \
            or d.in_play[prim].face_down:
        return None
    return attack_preview(*attack_parts(d, prim, cb.counter, page_ref(cb.attacker)))


def attack_parts(d: MZ22Data, page: int, i: int, foe: Ref | None) -> tuple[tuple[Part, ...], int]:
    """The named steps of ``attack_total`` against ``foe`` now, and the total."""
    parts: list[Part] = []
    total = attack_total(d, page, i, foe, parts)
    return tuple(parts), total


def attack_preview(parts: tuple[Part, ...], total: int) -> str:
    """'Antler Hop (40 +20 Tribal Boost = 60)': the Attack's name and the Damage the rules will
    deal, each modifier named (from ``attack_parts``)."""
    return f"{parts[0][0]} ({breakdown(parts, total)})"


def max_damage(d: MZ22Data, page: int, i: int) -> int:
    """Confusion's self-Damage: the Attack's most, without Type Advantage or AAA (MZ22-CONFUSION-4/8)."""
    return attack_total(d, page, i, None)


def _hit(st: GameState, s: CombatStep) -> None:
    d: MZ22Data = st.data
    cb = d.combat
    if cb is None:
        return
    if s.side == 1:
        page = page_of(cb.primary)
        if page not in d.in_play or cb.attacker not in d.in_play:
            return
        back: list[Part] | None = [] if st.logging else None
        total = attack_total(d, page, cb.counter, page_ref(cb.attacker), back)
        dealt = damage(st, [page_ref(cb.attacker)], total, attack=True, why=f" from {nm(d, page)}",
                       parts=back or ())    # MZ22-COMBAT-45
        hooks.on_attack_damage(st, page, dealt)
        return
    if cb.attacker not in d.in_play:
        return
    named: list[Part] | None = [] if st.logging else None
    total = attack_total(d, cb.attacker, cb.attack, cb.primary, named)
    why = f" from {nm(d, cb.attacker)}"
    parts = named or ()
    live = [b for b in cb.defenders if b in d.in_play]
    if not cb.defenders:                                          # MZ22-COMBAT-50
        if cb.primary is not None and present(d, cb.primary):
            hooks.on_attack_damage(st, cb.attacker,
                               damage(st, [cb.primary], total, attack=True, why=why, parts=parts))
        return
    if not live:               # every Defender is gone: all of it may go on (MZ22-COMBAT-35/49, PR-MZ22-19)
        if cb.target is not None and present(d, cb.target):
            hooks.on_attack_damage(st, cb.attacker,
                               damage(st, [cb.target], total, attack=True, why=why, parts=parts))
        return
    if len(live) == 1 and (not present(d, cb.target) or total <= 5):
        hooks.on_attack_damage(st, cb.attacker,
                               damage(st, [page_ref(live[0])], total, attack=True, why=why, parts=parts))
        return
    ask_alloc(st, Alloc(total))


# ------------------------------------------------------------------ allocation (PR-MZ22-70)
def alloc_parts(d: MZ22Data, a: Alloc) -> tuple[list[int], list[int], int, int]:
    """(Defenders still to allocate to, Defenders in the Arena, Damage left, the remainder below 5
    not yet given)."""
    cb = d.combat
    assert cb is not None
    done = dict(a.given)
    live = [b for b in cb.defenders if b in d.in_play]
    todo = [b for b in live if b not in done]
    left = a.total - sum(done.values())
    rem = (a.total % 5) if sum(done.values()) % 5 == 0 else 0
    return todo, live, left, min(rem, left)


def ask_alloc(st: GameState, a: Alloc) -> None:
    """Ask the attacker how much of the Attack's Damage the next Defender gets, or deal it."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    todo, _, left, _ = alloc_parts(d, a)
    if not todo or left <= 0:
        _deal_alloc(st, a, left)
        return
    opts = alloc_menu(d, a, todo, left)
    if len(opts) == 1:
        ask_alloc(st, a._replace(given=a.given + ((todo[0], opts[0]),)))
        return
    st.decide(cb.seat, "allocate", a, f"{left} Damage to divide: how much goes to {nm(d, todo[0])}?")


def covered(d: MZ22Data, page: int, k: int) -> bool:
    """``k`` Damage covers a Defender: at least its current LP and at least the 5 every Defender
    must get (MZ22-COMBAT-35, MZ22-TRAIT-IMMORTAL-3, PR-MZ22-70)."""
    return k >= 5 and k >= cur_lp(d, page)


def _spill_ok(d: MZ22Data, a: Alloc) -> bool:
    """Every Defender allocated so far is covered and the original target is still there, so
    what is left may go to it (MZ22-COMBAT-35/49)."""
    cb = d.combat
    assert cb is not None
    return present(d, cb.target) and all(covered(d, b, k) for b, k in a.given if b in d.in_play)


def alloc_menu(d: MZ22Data, a: Alloc, todo: list[int], left: int) -> list[int]:
    """Every amount the next Defender may get (MZ22-COMBAT-33/34/35/48, PR-MZ22-70): fives, at
    least one for it and for each later Defender while the fives last (else 0 or 5, as long as
    the later ones can still take the fives left), each with or without the remainder below 5
    while no one has it yet. The last Defender takes all that is left or, once every earlier one
    is covered and the original target is in the Arena, any amount that covers it, the rest
    going on to the original target."""
    _, live, _, rem = alloc_parts(d, a)
    fives = (left - rem) // 5
    later = len(todo) - 1
    if later == 0:
        out = [left]
        if _spill_ok(d, a):
            out += [k for f in range(1, fives + 1) for k in (5 * f, 5 * f + rem)
                    if k < left and covered(d, todo[0], k)]
        return sorted(set(out))
    if a.total // 5 >= len(live):     # enough fives: one at least for every Defender
        counts = range(1, fives - later + 1)
    else:                              # too few: as many Defenders as possible get 5
        counts = range(max(0, fives - later), min(1, fives) + 1)
    return sorted({5 * f + e for f in counts for e in ((0, rem) if rem else (0,))})


def alloc_options(st: GameState, a: Alloc) -> list[Action]:
    d: MZ22Data = st.data
    todo, _, left, rem = alloc_parts(d, a)
    if not todo:                       # a loaded decision with nobody left to allocate to
        return [Action("alloc:deal", "Deal the Damage", (-1, 0))]
    out = []
    for k in alloc_menu(d, a, todo, left):
        rest = f", {left - k} to {_ref_name(d)}" if len(todo) == 1 and k < left else ""
        odd = " (with the remainder)" if rem and k % 5 else ""
        out.append(Action(f"alloc:c{todo[0]}={k}", f"{k} Damage to {nm(d, todo[0])}{odd}{rest}", (todo[0], k)))
    return out


def _ref_name(d: MZ22Data) -> str:
    cb = d.combat
    assert cb is not None
    assert cb.target is not None
    return str(cb.target) if cb.target.entity == CASTER else nm(d, cb.target.n)


def alloc_pick(st: GameState, a: Alloc, page: int, k: int) -> None:
    ask_alloc(st, a if page < 0 else a._replace(given=a.given + ((page, k),)))


def _deal_alloc(st: GameState, a: Alloc, left: int) -> None:
    """Deal the divided Damage to every recipient as one event; what is left goes to the original
    target once every Defender got at least its LP (MZ22-COMBAT-35/49), else to the last Defender."""
    d: MZ22Data = st.data
    cb = d.combat
    assert cb is not None
    given = {b: k for b, k in a.given if b in d.in_play}
    to_target = 0
    if left > 0:
        if _spill_ok(d, a) or not given:
            to_target = left if present(d, cb.target) else 0
        else:
            given[list(given)[-1]] += left
    why = f" from {nm(d, cb.attacker)}"
    dealt: dict[Ref, int] = {}
    if to_target and cb.target is not None:
        dealt.update(damage(st, [cb.target], to_target, attack=True, why=why))
    for b, k in given.items():
        if k > 0:
            dealt.update(damage(st, [page_ref(b)], k, attack=True, why=why))
    d.combat = cb._replace(stage="dealt")
    hooks.on_attack_damage(st, cb.attacker, dealt)


def _end(st: GameState, s: CombatStep) -> None:
    """Combat ends; nothing Awakens (MZ22-COMBAT-37/53)."""
    d: MZ22Data = st.data
    if d.combat is not None and st.logging:
        st.say("Combat ends")
    d.combat = None
    # drop any remaining steps of this Combat
    while st.stack and type(st.stack[-1]) is CombatStep:
        st.stack.pop()


STAGES: dict[str, Any] = {
    "fatigue": _fatigue, "target": _target, "burn": _burn, "window1": _window1, "defenders": _defenders,
    "primary": _primary, "counter": _counter, "window2": _window2, "order": _order, "strike": _strike,
    "between": _between, "hit": _hit, "end": _end,
}
