"""A card's abilities in words, read from their ops, so the text always matches what the
engine does: the rules use it to describe a trigger, the presentation for card faces."""
from __future__ import annotations

from typing import Any

from .cards import CardDef
from .data import TALL_MAX

# Ability timings (``schema.Timing``) -> how a card line starts.
TIMING_WORDS = {"own_turn": "Your turn", "any_time": "Any time", "attack": "In battle",
                "on_deploy": "When deployed", "when_lost": "When lost", "constant": "Always"}
EVENT_TIMING_WORDS = {"own_turn": "Your turn only", "any_time": "Any time", "attack": "In battle"}


#: ops worded the same whatever their numbers ({op.<field>} filled in; {tall}: TALL_MAX)
OP_WORDS = {
    "dig": "reveal the top card of your draw pile: a creature goes to your reserve, anything else stays on top "
           "and the ability is unfinished",
    "shift": "move one of your cards in play to another column, free",
    "rally": "one of your safe columns stands upright and is no longer safe",
    "shelter": "one of your columns becomes safe",
    "refresh": "another card of yours that used its ability this round may use it again",
    "stash": "put a creature costing {op.max_cost} or less from your hand into your reserve, free",
    "bonus": "your side of the battle gets +{op.amount}",
    "weaken": "the other side of the battle gets -{op.amount}",
    "tall": "this card's column may be one card deeper than its width allows (at most {tall})",
}


def op_words(op: Any) -> str:
    """One op as a player reads it (lower case, no full stop)."""
    k = op.op
    n = getattr(op, "count", 1)
    if k == "draw":
        return "draw a card" if n == 1 else f"draw {n} cards"
    if k == "reclaim":
        return ("put the top creature card of your discard pile into your hand" if n == 1
                else f"put the top {n} creature cards of your discard pile into your hand")
    if k == "burn":
        whose = {"opponent": "an opponent's", "each_opponent": "each opponent's",
                 "battle_foe": "your battle opponent's"}[op.who]
        what = "the top card" if n == 1 else f"the top {n} cards"
        return f"{what} of {whose} draw pile go{'es' if n == 1 else ''} to the lost pile"
    words = OP_WORDS.get(k)
    if words is not None:
        return words.format(op=op, tall=TALL_MAX)
    if k == "column_bonus":
        return (f"this card's column adds +{op.amount} when it {'attacks' if op.stat == 'attack' else 'defends'} "
                "(not while safe)")
    return str(k)


def ops_words(ops: Any) -> str:
    text = "; then ".join(op_words(o) for o in ops)
    return text[:1].upper() + text[1:] + "."


def ability_lines(c: CardDef) -> tuple[str, ...]:
    """Each ability (or an Event's effect) worded from its ops: 'Your turn, pay 1 from anywhere:
    Draw a card.'"""
    if c.is_event:
        head = EVENT_TIMING_WORDS.get(c.event_timing, c.event_timing) + f", pay {c.cost} from hand"
        return (f"{head}: {ops_words(c.event_ops)}",) if c.event_ops else ()
    out = []
    for a in c.abilities:
        head = TIMING_WORDS.get(a.timing, a.timing)
        if a.cost:
            head += f", pay {a.cost} from anywhere"
        out.append(f"{head}: {ops_words(a.do)}")
    return tuple(out)
