"""The Battle Step: declaring attacks, Links, defenders, Damage and Victory Points.

MX-BTL-2 order: (A) attacks one at a time, each with its Links (MX-TEAM-13);
(B) defenders one at a time; (C) defended attacks resolve in the attacker's chosen
order (MX-DMG-3); (D) VPs for undefended attacks in declaration order (MX-VP-6).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterator

from ...engine.action import Action, Decision
from ...engine.events import TURN, emit, expire
from ...engine.state import GameState
from . import schema, stats
from .data import Attack, MetaXData
from .ops import check_kos, register, start_effect
from .zones import char_name, gain_mp, gain_vp, name, opponent, pl, say_choice, to_discard
from .records import (ATTACKS, AWARD_VPS, DAMAGE, DEFENDERS, END_ATTACKS, END_BATTLE, END_DEFENSE, NO_LINK,
                      Attacked, DeclareAttack, Defend, Defended, DefendWith, EffectUse, Link, Links,
                      Op, ResolveNext)

STAT_WORD = {"strength": "Strength", "intelligence": "Intelligence", "special": "Special"}
END_ATTACKS_ACTION = Action("end_attacks", "Finish declaring attacks", END_ATTACKS)
NO_LINK_ACTION = Action("no_link", "No (more) Links", NO_LINK)
END_DEFENSE_ACTION = Action("end_defense", "Finish assigning defenders", END_DEFENSE)


def _battle_effects(st: GameState, user: int, card: int, mode: str, foe: int, aidx: int) -> None:
    """Use a Battle Card's effects for ``mode`` ('attack' or 'defense'): MX-CARD-14/15."""
    d: MetaXData = st.data
    ctrl = d.owner[user]
    effs = d.cards[card].effects
    for ei in range(len(effs) - 1, -1, -1):  # pushed in reverse so they run in printed order
        if effs[ei].kind in (mode, "battle"):
            start_effect(st, EffectUse(card, ctrl, ei, user, foe, aidx))


# ----------------------------------------------------------------- (A) declaring attacks
def can_attack(d: MetaXData, iid: int) -> bool:
    """MX-ATK-5/6, MX-ATK-8: Prepped, not new this turn, not already in the Battle Zone."""
    return iid not in d.pushed and iid not in d.in_battle and not stats.new_this_turn(d, iid)


def playable_battle_cards(d: MetaXData, p: int) -> list[int]:
    """Battle Cards in ``p``'s hand it can pay for (MX-MP-11), one per name (PR-K-4)."""
    cards = d.cards
    mp = d.mp[p]
    out, seen = [], set()
    for c in d.hand[p]:
        cd = cards[c]
        if cd.is_battle and (cd.mp >= 0 or mp >= -cd.mp) and cd.name not in seen:
            seen.add(cd.name)
            out.append(c)
    return out


def attack_label(lead: str, card: str, mp: int) -> str:
    return f"Attack with {lead} using {card} ({mp:+d} MP)"


def _attack_label_of(d: MetaXData, a: int, card: str, mp: int) -> str:
    return attack_label(char_name(d, a), card, mp)


def attack_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    p = d.active
    acts = []
    cards = playable_battle_cards(d, p)
    log = st.logging  # labels: made now in normal mode, only when read in quiet mode
    if cards:
        defs = d.cards
        for a in d.inplay[p]:
            if not can_attack(d, a):
                continue
            ranks = stats.ranks(d, a)
            lead = None
            for c in cards:
                cd = defs[c]
                need = cd.rank
                for s in cd.battle_stats:  # stats.can_use
                    if ranks.get(s, 0) >= need:
                        break
                else:
                    continue
                if not log:        # quiet mode: the label (and the Character's name) only when read
                    acts.append(Action(f"attack:c{a}/c{c}", partial(_attack_label_of, d, a, cd.name, cd.mp),
                                       DeclareAttack(a, c)))
                    continue
                if lead is None:
                    lead = char_name(d, a)
                acts.append(Action(f"attack:c{a}/c{c}", attack_label(lead, cd.name, cd.mp), DeclareAttack(a, c)))
    acts.append(END_ATTACKS_ACTION)
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
    if st.logging:
        st.say(f"{pl(p)} attacks with {name(d, lead)}, playing {cd.name}")
    if cd.mp:
        gain_mp(st, p, cd.mp, card)
    emit(st, Attacked(lead))
    st.stack.append(Links(aidx))
    _battle_effects(st, lead, card, "attack", -1, aidx)


def link_choices(d: MetaXData, aidx: int) -> Iterator[tuple[int, str]]:
    """(Character, Stat) pairs that may Link to the attack at ``aidx``: MX-TEAM-2..6,
    MX-TEAM-16, MX-MULTI-6 (a generator, so "is there any?" stops at the first)."""
    p = d.active
    atk = d.attacks[aidx]
    if atk.lead not in d.entered or len(atk.links) >= 2 or d.mp[p] < 5:
        return
    linked = {c for a in d.attacks for c in a.links}
    stat_options: tuple[str, ...] | None = (atk.stat,) if atk.stat else None
    pushed, in_battle = d.pushed, d.in_battle
    for c in d.inplay[p]:
        if c == atk.lead or c in pushed or c in in_battle or c in linked or stats.new_this_turn(d, c):
            continue
        if stat_options is None:
            stat_options = tuple(stats.usable_stats(d, atk.lead, atk.card))
        for s in stat_options:
            if stats.rank(d, c, s) > 0:
                yield c, s


def link_actions(st: GameState, aidx: int) -> list[Action]:
    """The Link options of the attack at ``aidx`` and "no (more) Links" (none if no Link is possible)."""
    d: MetaXData = st.data
    atk = d.attacks[aidx]
    named = len(d.cards[atk.card].battle_stats) > 1 and not atk.stat
    acts = []
    for c, s in link_choices(d, aidx):
        label = f"Link {char_name(d, c)} to {char_name(d, atk.lead)}'s attack (5 MP)"
        if named:
            label += f", naming {STAT_WORD[s]}"
        acts.append(Action(f"link:c{c}:{s}" if named else f"link:c{c}", label, Link(aidx, c, s)))
    if acts:
        acts.append(NO_LINK_ACTION)
    return acts


def link(st: GameState, aidx: int, c: int, stat: str) -> None:
    d: MetaXData = st.data
    p = d.active
    atk = d.attacks[aidx]
    d.mp[p] -= 5
    d.pushed.add(c)
    d.attacks[aidx] = atk._replace(links=atk.links + (c,), stat=stat)
    if st.logging:
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


def defend_label(lead: str, blocker: str) -> str:
    return f"Defend {lead}'s attack with {blocker}"


def defend_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    p = opponent(d.active)
    acts = []
    open_attacks = [(aidx, atk) for aidx, atk in enumerate(d.attacks) if atk.defender < 0]
    cards = [c for c in d.hand[p] if d.cards[c].is_battle and stats.affordable(d, p, c)] if open_attacks else ()
    for dfd in d.inplay[p]:
        if dfd in d.in_battle:
            continue
        usable = False
        for c in cards:
            if stats.can_use(d, dfd, c):
                usable = True
                break
        if not usable:
            continue
        for aidx, atk in open_attacks:
            if can_block(d, dfd, atk):
                lead, blocker = char_name(d, atk.lead), char_name(d, dfd)
                acts.append(Action(f"defend:c{dfd}->c{atk.lead}", defend_label(lead, blocker) if st.logging
                                   else partial(defend_label, lead, blocker), Defend(dfd, aidx)))
    acts.append(END_DEFENSE_ACTION)
    return acts


def defend_card_actions(st: GameState, dfd: int, aidx: int) -> list[Action]:
    d: MetaXData = st.data
    p = opponent(d.active)
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
                                   DefendWith(dfd, aidx, c, s)))
        else:
            acts.append(Action(f"with:c{c}", f"Play {cd.name} ({cd.mp:+d} MP)", DefendWith(dfd, aidx, c, "")))
    return acts


def assign_defender(st: GameState, dfd: int, aidx: int, card: int, stat: str) -> None:
    """MX-DEF-4: move in, line up, play the card, use its effects (defender stays Prepped: MX-DEF-8)."""
    d: MetaXData = st.data
    p = opponent(d.active)
    atk = d.attacks[aidx]
    d.in_battle.add(dfd)
    d.from_hand(p, card)
    cd = d.cards[card]
    if not stat:
        stat = stats.usable_stats(d, dfd, card)[0] if len(cd.battle_stats) > 1 else cd.battle_stats[0]
    d.attacks[aidx] = atk._replace(defender=dfd, dcard=card, dstat=stat)
    if st.logging:
        named = f", naming {STAT_WORD[stat]}" if cd.multi and atk.links else ""
        st.say(f"{pl(p)} defends {name(d, atk.lead)}'s attack with {name(d, dfd)}, playing {cd.name}{named}")
    if cd.mp:
        gain_mp(st, p, cd.mp, card)
    emit(st, Defended(dfd))
    if atk.negate_def:
        if st.logging:
            st.say(f"{cd.name}'s effects are negated")
    else:
        _battle_effects(st, dfd, card, "defense", atk.lead, aidx)


# ----------------------------------------------------------------- (C) damage
def unresolved_defended(d: MetaXData) -> list[int]:
    return [i for i, a in enumerate(d.attacks) if a.defender >= 0 and not a.resolved]


def resolve_order_actions(st: GameState) -> list[Action]:
    d: MetaXData = st.data
    return [Action(f"resolve:c{d.attacks[i].lead}", f"Resolve {char_name(d, d.attacks[i].lead)}'s attack next",
                   ResolveNext(i)) for i in unresolved_defended(d)]


def resolve_defended(st: GameState, aidx: int) -> None:
    """MX-DMG-2 / MX-DMG-6 / MX-TEAM-9..11, MX-TEAM-18 (VP before Damage), MX-DEF-11."""
    d: MetaXData = st.data
    atk = d.attacks[aidx]
    p = d.active
    if atk.links:
        stat = atk.stat
        a_val = d.cards[atk.card].rank + sum(stats.rank(d, c, stat) for c in atk.links if c in d.entered)
        dfd_rank = stats.rank(d, atk.defender, atk.dstat) if atk.defender in d.entered else 0
        d_val = d.cards[atk.dcard].rank + dfd_rank
        if st.logging:
            st.say(f"Team Attack: attacking value {a_val} vs defending value {d_val}")
        if a_val >= d_val:
            gain_vp(st, p)
            if st.result is not None:
                return  # the game is won: its cards stay in the battle zone, unresolved
    d.attacks[aidx] = atk._replace(resolved=True)
    lead_in = atk.lead in d.entered
    dfd_in = atk.defender in d.entered
    if dfd_in:
        d.damage.setdefault(atk.defender, []).append(atk.card)
        if st.logging:
            st.say(f"{name(d, atk.card)} is attached to {name(d, atk.defender)} as Damage")
    else:
        to_discard(d, atk.card)
    if lead_in:
        d.damage.setdefault(atk.lead, []).append(atk.dcard)
        if st.logging:
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
        elif st.logging:
            st.say(f"{name(d, atk.lead)} left play before Victory Points: no VP")
        to_discard(d, atk.card)
        d.attacks[i] = atk._replace(resolved=True)


def end_battle(st: GameState) -> None:
    """MX-BTL-5: Characters return to their areas keeping Pushed state and Damage."""
    d: MetaXData = st.data
    d.in_battle.clear()
    d.attacks = []


# ----------------------------------------------------------------- steps
def _attacks_step(st: GameState, step: Any) -> None:
    d: MetaXData = st.data
    d.phase = "battle"
    st.decide(d.active, "declare", (), "Battle Step: declare an attack or finish")


def _links_step(st: GameState, step: Links) -> None:
    if next(link_choices(st.data, step.attack), None) is not None:
        st.decide(st.data.active, "link", step, "Team Attack: Link a Character (5 MP each)?")


def _defenders_step(st: GameState, step: Any) -> None:
    d: MetaXData = st.data
    d.phase = "defense"
    if not d.attacks:
        st.stack.append(END_BATTLE)
    else:
        st.decide(opponent(d.active), "defend", (), "Assign a defender or finish")


def _damage_step(st: GameState, step: Any) -> None:
    d: MetaXData = st.data
    d.phase = "damage"
    todo = unresolved_defended(d)
    if not todo:
        st.stack.append(AWARD_VPS)
    elif len(todo) == 1:
        st.stack.append(DAMAGE)
        resolve_defended(st, todo[0])
    else:
        st.decide(d.active, "resolve_order", (), "Choose the defended attack that resolves next")


def _vps_step(st: GameState, step: Any) -> None:
    award_vps(st)
    st.stack.append(END_BATTLE)


def _end_battle_step(st: GameState, step: Any) -> None:
    d: MetaXData = st.data
    end_battle(st)
    if d.mods:
        d.mods = expire(d.mods, TURN)  # MX-TURN-4: "this turn" ends after MX-BTL-5
    check_kos(st)  # MX-KO-6: a Rank that falls back may meet a KO condition
    d.phase = "end"


STEPS: dict[str, Callable[[GameState, Any], None]] = {
    "battle": _attacks_step,
    "links": _links_step,
    "defense": _defenders_step,
    "damage": _damage_step,
    "vps": _vps_step,
    "end_battle": _end_battle_step,
}


# ----------------------------------------------------------------- decisions
OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "declare": lambda st, dec: attack_actions(st),
    "defend": lambda st, dec: defend_actions(st),
    "defend_card": lambda st, dec: defend_card_actions(st, dec.params.defender, dec.params.attack),
    "link": lambda st, dec: link_actions(st, dec.params.attack),
    "resolve_order": lambda st, dec: resolve_order_actions(st),
}


def _always(st: GameState, dec: Decision) -> bool:
    return True


SEVERAL: dict[str, Callable[[GameState, Decision], bool]] = {
    "link": _always,           # asked only when a Link is possible; "no (more) Links" is the other
    "resolve_order": _always,  # asked only for two or more defended attacks
}


def _do_declare(st: GameState, a: DeclareAttack, dec: Decision) -> None:
    st.stack.append(ATTACKS)
    declare_attack(st, a.lead, a.card)


def _do_link(st: GameState, a: Link, dec: Decision) -> None:
    link(st, a.attack, a.char, a.stat)
    st.stack.append(Links(a.attack))


def _do_defend(st: GameState, a: Defend, dec: Decision) -> None:
    st.decide(dec.player, "defend_card", a, f"Choose the Battle Card {name(st.data, a.defender)} plays")


def _do_defend_with(st: GameState, a: DefendWith, dec: Decision) -> None:
    st.stack.append(DEFENDERS)
    assign_defender(st, a.defender, a.attack, a.card, a.stat)


def _do_resolve(st: GameState, a: ResolveNext, dec: Decision) -> None:
    if st.logging:
        st.say(f"{pl(dec.player)} resolves {name(st.data, st.data.attacks[a.attack].lead)}'s attack next")
    st.stack.append(DAMAGE)
    resolve_defended(st, a.attack)


def _do_no_link(st: GameState, a: Any, dec: Decision) -> None:
    if st.logging:
        st.say(f"{pl(dec.player)} makes no (more) Links")


def _do_end_attacks(st: GameState, a: Any, dec: Decision) -> None:
    if st.logging:
        say_choice(st, dec.player, f"{pl(dec.player)} declares no more attacks", len(attack_actions(st)) == 1)
    st.stack.append(DEFENDERS)


def _do_end_defense(st: GameState, a: Any, dec: Decision) -> None:
    if st.logging:
        say_choice(st, dec.player, f"{pl(dec.player)} assigns no more defenders", len(defend_actions(st)) == 1)
    st.stack.append(DAMAGE)


PERFORM: dict[str, Callable[[GameState, Any, Decision], None]] = {
    "declare_attack": _do_declare,
    "link": _do_link,
    "no_link": _do_no_link,
    "end_attacks": _do_end_attacks,
    "defend": _do_defend,
    "defend_with": _do_defend_with,
    "end_defense": _do_end_defense,
    "resolve_next": _do_resolve,
}


# ----------------------------------------------------------------- the negate op (MX-GLOS-1)
def _negate(st: GameState, step: Op, op: schema.Negate) -> None:
    """An Attack effect negates the defending Battle Card's effects in this attack."""
    d: MetaXData = st.data
    use = step.use
    aidx = use.attack
    if 0 <= aidx < len(d.attacks) and d.attacks[aidx].lead == use.user:
        d.attacks[aidx] = d.attacks[aidx]._replace(negate_def=True)
        if st.logging:
            st.say(f"{name(d, use.src)}: the defending Battle Card's effects in this attack are negated")


register(schema.Negate, _negate)   # only in Attack effects (schema), so always used in an attack
