"""The Battle Step: declaring attacks, Links, defenders, Damage and Victory Points.

MX-BTL-2 order: (A) attacks one at a time, each with its Links (MX-TEAM-13);
(B) defenders one at a time; (C) defended attacks resolve in the attacker's chosen
order (MX-DMG-3); (D) VPs for undefended attacks in declaration order (MX-VP-6).
"""
from __future__ import annotations

from ...engine.action import Action
from ...engine.events import emit
from ...engine.state import GameState
from . import stats
from .data import Attack, MetaXData
from .effects import char_name, check_kos, gain_mp, gain_vp, name, pl, start_effect, to_discard

STAT_WORD = {"strength": "Strength", "intelligence": "Intelligence", "special": "Special"}


def _battle_effects(st: GameState, user: int, card: int, mode: str, foe: int, aidx: int) -> None:
    """Use a Battle Card's effects for ``mode`` ('attack' or 'defense'): MX-CARD-14/15."""
    d: MetaXData = st.data
    ctrl = d.owner[user]
    effs = d.cards[card].effects
    for ei in range(len(effs) - 1, -1, -1):  # pushed in reverse so they run in printed order
        if effs[ei].kind in (mode, "battle"):
            start_effect(st, card, ctrl, ei, user, foe, aidx)


# ----------------------------------------------------------------- (A) declaring attacks
def can_attack(d: MetaXData, iid: int) -> bool:
    """MX-ATK-5/6, MX-ATK-8: Prepped, not new this turn, not already in the Battle Zone."""
    return iid not in d.pushed and iid not in d.in_battle and not stats.new_this_turn(d, iid)


def attack_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    p = d.active
    acts = []
    cards = [c for c in d.hand[p] if d.cards[c].is_battle and stats.affordable(d, p, c)]
    for a in d.inplay[p]:
        if not can_attack(d, a):
            continue
        seen = set()
        for c in cards:
            cd = d.cards[c]
            if cd.name in seen or not stats.can_use(d, a, c):
                continue
            seen.add(cd.name)
            acts.append(Action(f"attack:c{a}/c{c}", f"Attack with {char_name(d, a)} using {cd.name} ({cd.mp:+d} MP)",
                               ("attack", a, c)))
    acts.append(Action("end_attacks", "Finish declaring attacks", ("end_attacks",)))
    return acts


def declare_attack(st: GameState, lead: int, card: int) -> None:
    """MX-ATK-3: Push, move into the Battle Zone, play the card (MP first: MX-MP-13), use it."""
    d: MetaXData = st.data
    p = d.active
    d.pushed.add(lead)
    d.in_battle.add(lead)
    d.from_hand(p, card)
    d.attacks.append(Attack(lead, card))
    aidx = len(d.attacks) - 1
    cd = d.cards[card]
    st.say(f"{pl(p)} attacks with {name(d, lead)}, playing {cd.name}")
    if cd.mp:
        gain_mp(st, p, cd.mp, cd.name)
    emit(st, ("attack", lead))
    st.push(("links", aidx))
    _battle_effects(st, lead, card, "attack", -1, aidx)


def link_actions(st: GameState, aidx: int) -> list[Action]:
    """MX-TEAM-2..6, MX-TEAM-16, MX-MULTI-6."""
    d: MetaXData = st.data
    p = d.active
    atk = d.attacks[aidx]
    acts = []
    if atk.lead in d.entered and len(atk.links) < 2 and d.mp[p] >= 5:
        linked = {l for a in d.attacks for l in a.links}
        if atk.stat:
            stat_options = (atk.stat,)
        else:
            stat_options = tuple(stats.usable_stats(d, atk.lead, atk.card))
        for c in d.inplay[p]:
            if c == atk.lead or c in d.pushed or c in d.in_battle or c in linked or stats.new_this_turn(d, c):
                continue
            for s in stat_options:
                if stats.rank(d, c, s) > 0:
                    suffix = f":{s}" if len(d.cards[atk.card].battle_stats) > 1 and not atk.stat else ""
                    label = f"Link {char_name(d, c)} to {char_name(d, atk.lead)}'s attack (5 MP)"
                    if suffix:
                        label += f", naming {STAT_WORD[s]}"
                    acts.append(Action(f"link:c{c}{suffix}", label, ("link", aidx, c, s)))
    if acts:
        acts.append(Action("no_link", "No (more) Links", ("no_link",)))
    return acts


def link(st: GameState, aidx: int, c: int, stat: str) -> None:
    d: MetaXData = st.data
    p = d.active
    atk = d.attacks[aidx]
    d.mp[p] -= 5
    d.pushed.add(c)
    d.attacks[aidx] = atk._replace(links=atk.links + (c,), stat=stat)
    st.say(f"{pl(p)} pays 5 MP (MP {d.mp[p] + 5} → {d.mp[p]}) and Links {name(d, c)} to "
           f"{name(d, atk.lead)}'s Team Attack ({STAT_WORD[stat]})")


# ----------------------------------------------------------------- (B) defenders
def can_block(d: MetaXData, dfd: int, atk: Attack) -> bool:
    if dfd in d.in_battle or atk.defender >= 0:
        return False
    if atk.lead not in d.entered:
        return False  # MX-DEF-4: no attacking Character left to line up with (MX-KO-7)
    if dfd in d.pushed and not stats.has_keyword(d, dfd, "sentinel"):
        return False  # MX-DEF-2
    if atk.lead in d.entered and stats.has_keyword(d, atk.lead, "elusive") and \
            len(d.cards[dfd].stats) < len(d.cards[atk.lead].stats):
        return False
    return True


def defend_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    p = 1 - d.active
    cards = [c for c in d.hand[p] if d.cards[c].is_battle and stats.affordable(d, p, c)]
    acts = []
    for dfd in d.inplay[p]:
        usable = [c for c in cards if stats.can_use(d, dfd, c)]
        if not usable:
            continue
        for aidx, atk in enumerate(d.attacks):
            if can_block(d, dfd, atk):
                acts.append(Action(f"defend:c{dfd}->c{atk.lead}",
                                   f"Defend {char_name(d, atk.lead)}'s attack with {char_name(d, dfd)}",
                                   ("defend", dfd, aidx)))
    acts.append(Action("end_defense", "Finish assigning defenders", ("end_defense",)))
    return acts


def defend_card_actions(st: GameState, dfd: int, aidx: int) -> list[Action]:
    d: MetaXData = st.data
    p = 1 - d.active
    team = bool(d.attacks[aidx].links)
    acts, seen = [], set()
    for c in d.hand[p]:
        cd = d.cards[c]
        if not cd.is_battle or cd.name in seen or not stats.affordable(d, p, c) or not stats.can_use(d, dfd, c):
            continue
        seen.add(cd.name)
        if team and cd.multi:  # MX-MULTI-7: name the Stat for the comparison
            for s in stats.usable_stats(d, dfd, c):
                acts.append(Action(f"with:c{c}:{s}", f"Play {cd.name} ({cd.mp:+d} MP), naming {STAT_WORD[s]}",
                                   ("with", dfd, aidx, c, s)))
        else:
            acts.append(Action(f"with:c{c}", f"Play {cd.name} ({cd.mp:+d} MP)", ("with", dfd, aidx, c, "")))
    return acts


def assign_defender(st: GameState, dfd: int, aidx: int, card: int, stat: str) -> None:
    """MX-DEF-4: move in, line up, play the card, use its effects (defender stays Prepped: MX-DEF-8)."""
    d: MetaXData = st.data
    p = 1 - d.active
    atk = d.attacks[aidx]
    d.in_battle.add(dfd)
    d.from_hand(p, card)
    cd = d.cards[card]
    if not stat:
        stat = stats.usable_stats(d, dfd, card)[0] if len(cd.battle_stats) > 1 else cd.battle_stats[0]
    d.attacks[aidx] = atk._replace(defender=dfd, dcard=card, dstat=stat)
    st.say(f"{pl(p)} defends {name(d, atk.lead)}'s attack with {name(d, dfd)}, playing {cd.name}")
    if cd.mp:
        gain_mp(st, p, cd.mp, cd.name)
    emit(st, ("defend", dfd))
    if atk.negate_def:
        st.say(f"{cd.name}'s effects are negated")
    else:
        _battle_effects(st, dfd, card, "defense", atk.lead, aidx)


# ----------------------------------------------------------------- (C) damage
def unresolved_defended(d: MetaXData) -> list[int]:
    return [i for i, a in enumerate(d.attacks) if a.defender >= 0 and not a.resolved]


def resolve_order_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    return [Action(f"resolve:c{d.attacks[i].lead}", f"Resolve {char_name(d, d.attacks[i].lead)}'s attack next",
                   ("resolve", i)) for i in unresolved_defended(d)]


def resolve_defended(st: GameState, aidx: int) -> None:
    """MX-DMG-2 / MX-DMG-6 / MX-TEAM-9..11, MX-TEAM-18 (VP before Damage), MX-DEF-11."""
    d: MetaXData = st.data
    atk = d.attacks[aidx]
    d.attacks[aidx] = atk._replace(resolved=True)
    p = d.active
    if atk.links:
        stat = atk.stat
        a_val = d.cards[atk.card].rank + sum(stats.rank(d, c, stat) for c in atk.links if c in d.entered)
        dfd_rank = stats.rank(d, atk.defender, atk.dstat) if atk.defender in d.entered else 0
        d_val = d.cards[atk.dcard].rank + dfd_rank
        st.say(f"Team Attack: attacking value {a_val} vs defending value {d_val}")
        if a_val >= d_val:
            gain_vp(st, p)
            if st.result is not None:
                return
    lead_in = atk.lead in d.entered
    dfd_in = atk.defender in d.entered
    if dfd_in:
        d.damage.setdefault(atk.defender, []).append(atk.card)
        st.say(f"{name(d, atk.card)} is attached to {name(d, atk.defender)} as Damage")
    else:
        to_discard(d, atk.card)
    if lead_in:
        d.damage.setdefault(atk.lead, []).append(atk.dcard)
        st.say(f"{name(d, atk.dcard)} is attached to {name(d, atk.lead)} as Damage")
    else:
        to_discard(d, atk.dcard)
    check_kos(st)  # MX-DMG-6: both attachments, then the KO checks


# ----------------------------------------------------------------- (D) VPs and the end
def award_vps(st: GameState) -> None:
    """MX-VP-1/3/6, MX-KO-7."""
    d: MetaXData = st.data
    p = d.active
    for i, atk in enumerate(d.attacks):
        if atk.defender >= 0:
            continue
        if atk.lead in d.entered:
            gain_vp(st, p)
            if st.result is not None:
                return
        else:
            st.say(f"{name(d, atk.lead)} left play before Victory Points: no VP")
        to_discard(d, atk.card)
        d.attacks[i] = atk._replace(resolved=True)


def end_battle(st: GameState) -> None:
    """MX-BTL-5: Characters return to their areas keeping Pushed state and Damage."""
    d: MetaXData = st.data
    d.in_battle.clear()
    d.attacks = []
