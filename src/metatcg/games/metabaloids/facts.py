"""Metabaloids facts for card-impact statistics and ending counts (``Game.hand_cards``,
``Game.played_card``, ``Game.ending``).

A *play* takes a card from the acting player's hand and puts it to use: placing a creature
into a column at the initial deployment (MB-SETUP-3), restocking a creature into the reserve
(MB-RESTOCK), putting one into the reserve for free with an ability ("stash"), and playing an
Event (in a phase of one's own or as a response). Deploying from the reserve, moving cards,
paying and losing cards, and abilities of cards in play are not plays."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.endings import ending_names
from ...engine.state import GameState
from .ops import ops_of
from .data import MetabaloidsData
from .records import CardPick, Choose, Place, Use

OUT_OF_CARDS = "out of cards"                       # 2 players: the other had to draw and had no card (MB-WIN-1)
DRAW_BOTH_OUT = "draw: both out of cards"           # 2 players: both ran out at the same moment (MB-WIN-6)
FEWEST_LOST = "fewest lost cards"                   # 3-4 players: one ran out, the fewest lost cards wins (MB-WIN-7)
DRAW_FEWEST_LOST = "draw: tied for fewest lost cards"   # ... and several tied for fewest (MB-WIN-10)
SHORT_GAME = "short game"                           # the short game ended, fewest lost cards wins (MB-WIN-3/9)
DRAW_SHORT_GAME = "draw: short game tied"           # ... and several tied for fewest
#: what each ending's reason says (``Game.ending``), each with its name when nobody won; MB-WIN-7
#: before MB-WIN-1, as a tie's reason cites MB-WIN-10 too
ENDING_PHRASES = (("MB-WIN-6", DRAW_BOTH_OUT), ("MB-WIN-3/9", SHORT_GAME, DRAW_SHORT_GAME),
                  ("MB-WIN-7", FEWEST_LOST, DRAW_FEWEST_LOST), ("(MB-WIN-1)", OUT_OF_CARDS))
ENDINGS = ending_names(ENDING_PHRASES)


def played_card(state: GameState, action: Action) -> str | None:
    args = action.args
    t = type(args)
    d: MetabaloidsData = state.data
    if t is Use:
        return d.cards[args.card].name if args.ability < 0 else None      # an Event from hand
    dec = state.decision
    if dec is None:
        return None
    kind = dec.kind
    if t is Place:
        return str(d.cards[args.card].name) if kind == "place" else None     # not a move or deploy
    if t is CardPick:
        if kind == "restock":
            return str(d.cards[args.card].name)
        if kind == "choose":
            ch: Choose = dec.params
            if ops_of(d, ch.use)[ch.op].op == "stash":
                return str(d.cards[args.card].name)
    return None

