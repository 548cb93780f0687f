"""The LP primitives (MZ22-LP): Damage, LP Loss, LP Gain and Recover, for Pages and Casters.
Damage and LP Loss are separate totals (MZ22-LP-12); nothing goes below 0 (MZ22-COMBAT-31,
MZ22-WIN-5); Destroying and losing happen in the state check (endings.py)."""
from __future__ import annotations

from typing import Iterable, Sequence

from ...engine.amounts import Part, breakdown
from ...engine.state import GameState
from . import hooks
from .aura import TA_BONUS, strong
from .data import MZ22Data
from .records import CASTER, Ref
from .stats import covers, cur_lp, has_lp, max_lp, statics, types_of
from .zones import awaken, nm, pl


def type_advantage(d: MZ22Data, printed: Iterable[str], src_types: Iterable[str], page: int) -> bool:
    """+20 once when any current type of the source is strong against any current type of the
    recipient; never from or to Neutral-only (MZ22-TYPEADV-3/7/8/9)."""
    src = frozenset(src_types) - {"neutral"}
    if not src:
        return False
    return bool(strong(printed, src) & (types_of(d, page) - {"neutral"}))


def adjust(d: MZ22Data, page: int, dmg: int, kind: str, parts: list[Part] | None = None) -> int:
    """ARENA ``damage_taken`` statics on one recipient (``kind``: attack, effect, multi_effect);
    ``parts``: a list to name each change in (a preview, a log line)."""
    for c, s in statics(d, "damage_taken"):
        if not covers(d, c, s.who, page):
            continue
        if s.source == "any" or s.source == kind or (s.source == "effect" and kind == "multi_effect"):
            if s.none:
                if parts is not None and dmg:
                    parts.append((nm(d, c), -dmg))
                return 0
            new = max(0, dmg + s.amount)
            if parts is not None and new != dmg:
                parts.append((nm(d, c), new - dmg))
            dmg = new
    return dmg


def taken(d: MZ22Data, page: int, amount: int, kind: str, *, printed: Iterable[str] = (),
          src_types: Iterable[str] = (), ta: bool = True, parts: list[Part] | None = None) -> int:
    """The Damage a Page takes from ``amount`` dealt to it: Type Advantage for Effect Damage
    (MZ22-TYPEADV-4), ``damage_taken`` statics, Stone Skin, then Sleep's doubling outside its
    Combat (MZ22-SLEEP-7). The one calculation :func:`damage` deals and previews show."""
    attack = kind == "attack"
    dmg = amount
    if ta and not attack and type_advantage(d, printed, src_types, page):
        dmg += TA_BONUS
        if parts is not None:
            parts.append(("Type Advantage", TA_BONUS))
    dmg = adjust(d, page, dmg, kind, parts)
    if dmg and hooks.no_damage(d, page, attack):       # Stone Skin (MZ22-TRAIT-STONESKIN-1..4)
        if parts is not None:
            parts.append(("Stone Skin", -dmg))
        dmg = 0
    if dmg > 0 and asleep_outside(d, page):
        if parts is not None:
            parts.append((ASLEEP, dmg))
        dmg *= 2
    return dmg


ASLEEP = "Asleep (doubled)"


def asleep_outside(d: MZ22Data, page: int) -> bool:
    """Asleep, and not in the Combat it fell asleep in: Damage is doubled and wakes it (MZ22-SLEEP-5/7)."""
    cid = d.combat.id if d.combat is not None else 0
    sleep = next((i for i in d.in_play[page].indicators if i.status == "sleep"), None)
    return sleep is not None and (cid == 0 or sleep.combat != cid)


def damage(st: GameState, refs: Iterable[Ref], amount: int, *, printed: Iterable[str] = (),
           src_types: Iterable[str] = (), attack: bool = False, ta: bool = True, why: str = "",
           parts: Sequence[Part] = ()) -> dict[Ref, int]:
    """Deal ``amount`` Damage to each recipient; returns what each really took. Effect Damage
    gets Type Advantage per recipient (MZ22-TYPEADV-4); Attack Damage was computed before
    allocation (MZ22-COMBAT-47). Sleep doubles Damage taken outside its Combat, last, then
    ends; Frozen ends on Damage outside its Combat (MZ22-SLEEP-5/7, MZ22-FROZEN-5/8)."""
    d: MZ22Data = st.data
    refs = list(refs)
    kind = "attack" if attack else ("multi_effect" if len(refs) > 1 else "effect")
    cid = d.combat.id if d.combat is not None else 0
    dealt: dict[Ref, int] = {}
    for ref in refs:
        if ref.entity == CASTER:
            p = ref.n
            if d.out[p]:
                continue
            take = min(amount, d.lp_of_caster(p))   # Casters have no Aura Type (MZ22-TYPEADV-8)
            d.lp_damage[p] += take
            dealt[ref] = take
            if st.logging:
                extra = f" ({breakdown(parts, amount)})" if len(parts) > 1 else ""
                st.say(f"{pl(p)} takes {amount} Damage{why}{extra} ({d.lp_of_caster(p)} LP left)")
            d.dirty = True
            continue
        page = ref.n
        s = d.in_play.get(page)
        if s is None or not has_lp(d, page):
            continue
        mods: list[Part] | None = [("", amount)] if st.logging else None
        woke = asleep_outside(d, page)
        dmg = taken(d, page, amount, kind, printed=printed, src_types=src_types, ta=ta, parts=mods)
        woke = woke and dmg > 0
        take = min(dmg, cur_lp(d, page))
        inds = s.indicators
        if dmg > 0:
            if woke:
                inds = tuple(i for i in inds if i.status != "sleep")
            frozen = next((i for i in inds if i.status == "frozen"), None)
            if frozen is not None and (cid == 0 or frozen.combat != cid):
                inds = tuple(i for i in inds if i.status != "frozen")
                if st.logging:
                    st.say(f"{nm(d, page)} thaws: Damage ends Frozen (MZ22-FROZEN-5)")
        d.in_play[page] = s._replace(damage=s.damage + take, indicators=inds)
        dealt[ref] = take
        if st.logging:
            how = [*(parts or [("", amount)]), *(m for m in (mods or ())[1:] if m[0] != ASLEEP)]
            extra = f" ({breakdown(how, dmg // 2 if woke else dmg)})" if len(how) > 1 else ""
            extra += " (doubled: it was Asleep)" if woke else ""
            st.say(f"{nm(d, page)} takes {dmg} Damage{why}{extra} ({cur_lp(d, page)}/{max_lp(d, page)} LP)")
        if woke:
            awaken(st, page)
            if st.logging:
                st.say(f"{nm(d, page)} wakes up (MZ22-SLEEP-5)")
        d.dirty = True
    return dealt


def lose_lp(st: GameState, refs: Iterable[Ref], amount: int, why: str = "") -> None:
    """LP Loss: lowers current LP like Damage but is not Damage (MZ22-LP-1/2/8)."""
    d: MZ22Data = st.data
    for ref in refs:
        if ref.entity == CASTER:
            p = ref.n
            if d.out[p]:
                continue
            d.lp_loss[p] += min(amount, d.lp_of_caster(p))
            if st.logging:
                st.say(f"{pl(p)} loses {amount} LP{why} ({d.lp_of_caster(p)} LP left)")
        else:
            page = ref.n
            s = d.in_play.get(page)
            if s is None or not has_lp(d, page):
                continue
            d.in_play[page] = s._replace(loss=s.loss + min(amount, cur_lp(d, page)))
            if st.logging:
                st.say(f"{nm(d, page)} loses {amount} LP{why} ({cur_lp(d, page)}/{max_lp(d, page)} LP)")
        d.dirty = True


def gain_lp(st: GameState, refs: Iterable[Ref], amount: int, until: str = "permanent") -> None:
    """LP Gain raises maximum LP; Damage and LP Loss stay (MZ22-LP-4/5/14)."""
    d: MZ22Data = st.data
    for ref in refs:
        if ref.entity == CASTER:
            p = ref.n
            if not d.out[p]:
                d.lp_gain[p] += amount
                if st.logging:
                    st.say(f"{pl(p)} gains {amount} LP ({d.lp_of_caster(p)} LP)")
            continue
        page = ref.n
        s = d.in_play.get(page)
        if s is None or not has_lp(d, page):
            continue
        if until == "permanent":
            d.in_play[page] = s._replace(gain=s.gain + amount)
        else:
            d.mods.append(("gain", page, amount))
        if st.logging:
            st.say(f"{nm(d, page)} gains {amount} LP{'' if until == 'permanent' else ' until the end of the turn'} "
                   f"({cur_lp(d, page)}/{max_lp(d, page)} LP)")
        d.dirty = True


def recover(st: GameState, refs: Iterable[Ref], amount: int | None) -> None:
    """Recover removes Damage first, then LP Loss, never above maximum; it happens even at full
    LP (MZ22-LP-10/11/12). ``None`` recovers everything."""
    d: MZ22Data = st.data
    for ref in refs:
        if ref.entity == CASTER:
            p = ref.n
            if d.out[p]:
                continue
            a = d.lp_damage[p] + d.lp_loss[p] if amount is None else amount
            k = min(a, d.lp_damage[p])
            d.lp_damage[p] -= k
            d.lp_loss[p] -= min(a - k, d.lp_loss[p])
            if st.logging:
                st.say(f"{pl(p)} recovers {'all' if amount is None else amount} LP ({d.lp_of_caster(p)} LP)")
            continue
        page = ref.n
        s = d.in_play.get(page)
        if s is None or not has_lp(d, page):
            continue
        a = s.damage + s.loss if amount is None else amount
        k = min(a, s.damage)
        d.in_play[page] = s._replace(damage=s.damage - k, loss=s.loss - min(a - k, s.loss))
        if st.logging:
            st.say(f"{nm(d, page)} recovers {'all its' if amount is None else amount} LP "
                   f"({cur_lp(d, page)}/{max_lp(d, page)} LP)")
