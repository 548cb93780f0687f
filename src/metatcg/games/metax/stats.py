"""Reading a Character's current Stats, keywords and KO condition.

Continuous effects ("constant" auras, "give"/"gain" buffs) are computed here on
every read and never stored, so they cannot go stale (ARCHITECTURE, kernel).
"""
from __future__ import annotations

from .data import MetaXData
from .schema import STATS, Target


def aura_applies(d: MetaXData, src: int, tgt: Target, iid: int) -> bool:
    ctrl = d.owner[src]
    who = tgt.who
    if who == "self":
        return iid == src
    if tgt.other and iid == src:
        return False
    side = d.owner[iid]
    if (who == "you" and side != ctrl) or (who == "opponent" and side == ctrl):
        return False
    if tgt.trait and d.cards[iid].trait != tgt.trait:
        return False
    if tgt.max_rank is not None and max(r for _, r in d.cards[iid].stats) > tgt.max_rank:
        return False
    return True


def rank(d: MetaXData, iid: int, stat: str) -> int:
    """Current Rank in ``stat`` (0 if the Character does not show it: MX-STAT-8)."""
    cards = d.cards
    base = cards[iid].stat_map.get(stat, 0)
    if base == 0:
        return 0
    total = base
    for m in d.mods:
        if m.card == iid and m.kind == "buff" and (m.what == stat or m.what == "all"):
            total += m.amount
    for side in d.inplay:
        for src in side:
            auras = cards[src].auras
            if auras:
                for a in auras:
                    if (a.stat == stat or a.stat == "all") and aura_applies(d, src, a.target, iid):
                        total += a.amount
    if total == base:
        return base
    return 1 if total < 1 else (7 if total > 7 else total)


def ranks(d: MetaXData, iid: int) -> dict[str, int]:
    """Every current Rank of a Character (its Stats in printed order): :func:`rank` for each,
    in one pass over the modifiers and auras."""
    cards = d.cards
    out = dict(cards[iid].stat_map)
    changed = False
    for m in d.mods:
        if m.card == iid and m.kind == "buff":
            w = m.what
            for s in out:
                if w == s or w == "all":
                    out[s] += m.amount
                    changed = True
    for side in d.inplay:
        for src in side:
            auras = cards[src].auras
            if auras:
                for a in auras:
                    if aura_applies(d, src, a.target, iid):
                        w = a.stat
                        for s in out:
                            if w == s or w == "all":
                                out[s] += a.amount
                                changed = True
    if changed:
        for s, v in out.items():
            out[s] = 1 if v < 1 else (7 if v > 7 else v)
    return out


def highest_rank(d: MetaXData, iid: int) -> int:
    return max(ranks(d, iid).values())


def has_keyword(d: MetaXData, iid: int, kw: str) -> bool:
    if kw in d.cards[iid].keywords:
        return True
    for m in d.mods:
        if m.card == iid and m.kind == "kw" and m.what == kw:
            return True
    return False


def new_this_turn(d: MetaXData, iid: int) -> bool:
    """Same-turn limits (MX-ATK-5, MX-PLAN-7, MX-TEAM-5), lifted by 'quick' (MX-OVR-3)."""
    return d.entered.get(iid) == d.turn and not has_keyword(d, iid, "quick")


def can_use(d: MetaXData, iid: int, card: int) -> bool:
    """MX-STAT-5 / MX-MULTI-3: Rank at least the card's Rank in one of its Stats."""
    c = d.cards[card]
    for s in c.battle_stats:
        if rank(d, iid, s) >= c.rank:
            return True
    return False


def usable_stats(d: MetaXData, iid: int, card: int) -> list[str]:
    c = d.cards[card]
    return [s for s in c.battle_stats if rank(d, iid, s) >= c.rank]


def affordable(d: MetaXData, player: int, card: int) -> bool:
    """MX-MP-11: a cost is paid in full or not at all."""
    mp = d.cards[card].mp
    return mp >= 0 or d.mp[player] >= -mp


def damage_colours(d: MetaXData, iid: int) -> int:
    """Distinct Stat types among attached Damage, wildcards filling gaps (MX-MULTI-5)."""
    return colours_covered([d.cards[b].battle_stats for b in d.damage.get(iid, ())])


def colours_covered(damage: list[tuple[str, ...]]) -> int:
    """How many different Stat types Damage cards with these Stat types count as, each card as
    one of its types, wildcards filling the gaps (MX-MULTI-5): a small bipartite matching.
    Shared by the KO check and the screen's "TKO in N" (one rule, one place)."""
    if not damage:
        return 0
    singles = {s[0] for s in damage if len(s) == 1}
    multis = [s for s in damage if len(s) > 1]
    if not multis:
        return len(singles)
    free = [s for s in STATS if s not in singles]
    # try to cover the free colours with the multi-Stat cards (at most 3 colours: brute force)
    return min(len(singles) + _cover(free, multis), 3)


def _cover(free: list[str], multis: list[tuple[str, ...]]) -> int:
    if not free or not multis:
        return 0
    first, rest = multis[0], multis[1:]
    best = _cover(free, rest)
    for s in first:
        if s in free:
            best = max(best, 1 + _cover([f for f in free if f != s], rest))
    return best


def damage_value(d: MetaXData, iid: int) -> int:
    cards = d.cards
    total = 0
    for b in d.damage.get(iid, ()):
        total += cards[b].rank
    return total


def ko_reason(d: MetaXData, iid: int) -> str:
    """'TKO', 'HP KO', 'TKO and HP KO' or '' (MX-TKO-1, MX-HPKO-1)."""
    dmg = d.damage.get(iid)
    if not dmg:
        return ""
    shown = len(d.cards[iid].stats)
    # each Damage card adds at most one colour, so fewer cards than Stats cannot make a TKO
    tko = len(dmg) >= shown and damage_colours(d, iid) >= shown
    hp = damage_value(d, iid) >= highest_rank(d, iid)
    if tko and hp:
        return "TKO and HP KO"
    return "TKO" if tko else ("HP KO" if hp else "")
