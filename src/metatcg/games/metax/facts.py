"""MetaX facts for card-impact statistics and ending counts (``Game.hand_cards``,
``Game.played_card``, ``Game.ending``).

A *play* takes a card from the acting player's hand and plays it: a Character (MX-PLAN-2), an
Event (MX-PLAN-8), a Battle Card played to attack (MX-ATK-3) or to defend (MX-DEF-4), and a
Character an effect puts into play from the hand. Mulligans, putting cards on the bottom of
the deck and discarding are not plays."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.endings import ending_names
from ...engine.state import GameState
from .data import MetaXData
from .ops import op_of
from .records import DeclareAttack, DefendWith, PickCard, PlayCharacter, PlayEvent

VICTORY_POINTS = "victory points"         # a player reached the Victory Points to win (MX-WIN-1)
DECK_OUT = "deck out"                     # one deck ran out: its owner loses (MX-WIN-2/3)
DRAW_DECKS_OUT = "draw: both decks out"   # both decks ran out at the same moment (MX-WIN-4)
#: what each ending's reason says (``Game.ending``); "both decks" before one deck
ENDING_PHRASES = (("Victory Points", VICTORY_POINTS), ("both decks ran out", DRAW_DECKS_OUT),
                  ("deck ran out", DECK_OUT))
ENDINGS = ending_names(ENDING_PHRASES)

_FROM_HAND = (PlayCharacter, PlayEvent, DeclareAttack, DefendWith)


def played_card(state: GameState, action: Action) -> str | None:
    args = action.args
    t = type(args)
    d: MetaXData = state.data
    if t in _FROM_HAND:
        name: str = d.cards[args.card].name
        return name
    if t is PickCard:
        dec = state.decision
        if dec is not None and dec.kind == "put_into_play" and op_of(d, dec.params.op).zone == "hand":
            picked: str = d.cards[args.card].name
            return picked
    return None

