"""Why a MetaX decision had one option (``MetaXRules.forced_reason``): the kernel takes it and
tells the decider "(only choice) <label>: <reason>" (docs/kernel.md, "Forced decisions").

Reasons are plain player words, worked out from the state at the moment of the decision:
"no Prepped Character can attack", "no Battle Card in hand"."""
from __future__ import annotations

from typing import Callable

from ...engine.action import Action, Decision
from ...engine.state import GameState
from . import battle, stats
from .cards import STAT_SHORT
from .data import MetaXData
from .ops import push_has_effect
from .zones import name, opponent


def _planning(st: GameState, dec: Decision, act: Action) -> str:
    """Only "Go to the Battle Step": no Character, Event or Push effect to use (MX-PLAN)."""
    d: MetaXData = st.data
    p = d.active
    hand = [d.cards[c] for c in d.hand[p]]
    parts = []
    if d.played_char:
        parts.append("you already played a Character this turn")
    elif len(d.inplay[p]) >= 3:
        parts.append("you have 3 Characters in play")
    elif not any(c.is_character for c in hand):
        parts.append("no Character in hand")
    events = [c for c in d.hand[p] if d.cards[c].type == "event"]
    if not events:
        parts.append("no Event in hand")
    elif not any(stats.affordable(d, p, c) for c in events):
        parts.append(f"no Event you can pay for ({d.mp[p]} MP)")
    else:
        parts.append("no Event that would do anything now")
    if any(not push_has_effect(st, c, ei) for c in d.inplay[p]
           if c not in d.pushed and not stats.new_this_turn(d, c) for ei in d.cards[c].push_effects):
        parts.append("no Push effect that would do anything now")
    return ", ".join(parts)


def _declare(st: GameState, dec: Decision, act: Action) -> str:
    """Only "Finish declaring attacks" (MX-ATK)."""
    d: MetaXData = st.data
    p = d.active
    ready = [c for c in d.inplay[p] if battle.can_attack(d, c)]
    if not d.inplay[p]:
        return "no Character in play"
    if not ready:
        if any(c not in d.pushed and stats.new_this_turn(d, c) for c in d.inplay[p]):
            return "your Prepped Characters came into play this turn"
        return "no Prepped Character can attack"
    return _no_card(d, p, ready)


def _no_card(d: MetaXData, p: int, chars: list[int]) -> str:
    """Why none of ``chars`` can play a Battle Card from ``p``'s hand (MX-STAT-5, MX-MP-11)."""
    battle_cards = [c for c in d.hand[p] if d.cards[c].is_battle]
    if not battle_cards:
        return "no Battle Card in hand"
    payable = [c for c in battle_cards if stats.affordable(d, p, c)]
    if not payable:
        return f"no Battle Card you can pay for ({d.mp[p]} MP)"
    need = sorted({f"{'/'.join(STAT_SHORT[s] for s in d.cards[c].battle_stats)} {d.cards[c].rank}" for c in payable})
    return "no Character with the Stat and Rank your Battle Cards need (" + ", ".join(need) + ")"


def _defend(st: GameState, dec: Decision, act: Action) -> str:
    """Only "Finish assigning defenders" (MX-DEF)."""
    d: MetaXData = st.data
    p = opponent(d.active)
    open_attacks = [a for a in d.attacks if a.defender < 0 and a.lead in d.entered]
    if not open_attacks:
        return "every attack already has a defender"
    free = [c for c in d.inplay[p] if c not in d.in_battle]
    if not free:
        return "no Character left to defend"
    able = [c for c in free if any(battle.can_block(d, c, a) for a in open_attacks)]
    if not able:
        if all(c in d.pushed for c in free):
            return "no Prepped Character can defend"
        return "no Character can defend these attacks (Elusive)"
    return _no_card(d, p, able)


def _defend_card(st: GameState, dec: Decision, act: Action) -> str:
    return f"the only Battle Card {name(st.data, dec.params.defender)} can use and pay for"


SIMPLE = {
    "target": "the only Character it can affect",
    "damage_card": "the only Battle Card of low enough Rank in your discard pile",
    "recover": "the only matching card in your discard pile",
    "put_into_play": "the only matching Character",
    "discard": "every card in your hand has this name",
    "bottom": "every card left in your hand has this name",
}

REASONS: dict[str, Callable[[GameState, Decision, Action], str]] = {
    "planning": _planning,
    "declare": _declare,
    "defend": _defend,
    "defend_card": _defend_card,
}


def forced_reason(st: GameState, dec: Decision, act: Action) -> str:
    """A short reason why ``act`` was ``dec``'s only option, or "" when none would help."""
    how = REASONS.get(dec.kind)
    if how is not None:
        return how(st, dec, act)
    return SIMPLE.get(dec.kind, "")

