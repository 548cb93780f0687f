"""Why a MetaX card or action is not among a player's options (``MetaXRules.why_not``), worked out
from the rules that leave it out and from what that player may know: their own hand, the
Characters in play. "Galeborn Courier needs a Special Battle Card in your hand"."""
from __future__ import annotations

from ...engine.state import GameState
from ...engine.whynot import cost_words, explain
from . import battle, stats
from .cards import STAT_SHORT
from .data import MetaXData
from .ops import event_has_effect
from .zones import char_name

STAT_WORDS = {"strength": "Strength", "intelligence": "Intelligence", "special": "Special"}


def why_not(st: GameState, p: int, typed: str) -> str:
    d: MetaXData = st.data
    hand = {d.cards[c].name: c for c in d.hand[p]}
    mine = {d.cards[c].name: c for c in d.inplay[p]}
    theirs = {d.cards[c].name: c for q in range(len(d.inplay)) if q != p for c in d.inplay[q]}
    return explain(typed, [(hand, lambda c: _from_hand(st, p, c)), (mine, lambda c: _in_play(st, p, c)),
                           (theirs, lambda c: f"{d.cards[c].name} is another player's Character: you may attack "
                                              "it or defend against it, not use it")],
                   f"you have no card called {typed!r} in your hand or in play")


def _turn(d: MetaXData, p: int, phase: str, what: str) -> str:
    """A reason when it is not ``p``'s ``phase``, else ""."""
    if d.active != p:
        return f"it is not your turn: {what} in your own turn"
    if d.phase != phase:
        return f"{what} in your {'Planning Step' if phase == 'planning' else 'Battle Step'}, and this is not it"
    return ""


def _from_hand(st: GameState, p: int, c: int) -> str:
    d: MetaXData = st.data
    cd = d.cards[c]
    if cd.type == "character":
        late = _turn(d, p, "planning", "Characters are played")
        if late:
            return late
        if d.played_char:
            return "you already played a Character this turn (one per turn)"
        if len(d.inplay[p]) >= 3:
            return "you already have 3 Characters in play"
        return ""
    if cd.type == "event":
        late = _turn(d, p, "planning", "Events are played")
        if late:
            return late
        if not stats.affordable(d, p, c):
            return cost_words("MP", -cd.mp, d.mp[p])
        if not event_has_effect(st, p, c):
            return f"{cd.name} would do nothing now"
        return ""
    if cd.is_battle:
        if not stats.affordable(d, p, c):
            return cost_words("MP", -cd.mp, d.mp[p])
        ready = [a for a in d.inplay[p] if battle.can_attack(d, a)]
        need = f"{'/'.join(STAT_SHORT[s] for s in cd.battle_stats)} {cd.rank}"
        if d.active == p and ready and not any(stats.can_use(d, a, c) for a in ready):
            return f"no Character of yours that can attack has {need} (a Battle Card needs a Character " \
                   f"with its Stat at its Rank or more)"
        return "a Battle Card is played when one of your Characters attacks or defends"
    return f"{cd.name} cannot be played from your hand"


def _in_play(st: GameState, p: int, c: int) -> str:
    d: MetaXData = st.data
    who = char_name(d, c)
    late = _turn(d, p, "battle", "Characters attack")
    if late:
        return late
    if c in d.pushed:
        return f"{who} is Pushed: only Prepped Characters attack"
    if c in d.in_battle:
        return f"{who} is already attacking"
    if stats.new_this_turn(d, c):
        return f"{who} came into play this turn"
    cards = battle.playable_battle_cards(d, p)
    if not cards:
        return f"{who} needs a Battle Card in your hand that you can pay for ({d.mp[p]} MP)"
    if not any(stats.can_use(d, c, b) for b in cards):
        ranks = stats.ranks(d, c)
        fits = " or ".join(f"{STAT_WORDS[s]} of Rank {r} or lower" for s, r in ranks.items() if r > 0)
        return f"{who} needs a Battle Card in your hand it can use ({fits or 'it has no Rank to use one'})"
    return ""
