"""MetaZoo (four-lane) facts for card-impact statistics and ending counts
(``Game.hand_cards``, ``Game.played_card``, ``Game.ending``).

A *play* is playing a card from the acting player's hand (MZL-PLAY): a creature or
equipment to a lane, a Terra to a lane, or a Strategy (confined to a lane or not). Playing
the Caster from the Caster zone is not a play from hand, nor are the Starter Terras placed
at setup, Aura moves, discards and ability uses."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.endings import ending_names
from ...engine.state import GameState
from .data import MetaZooData
from .records import PlayCard

MISSION_POINTS = "mission points"   # first to 30 MP, or leading by 1 once both reached it (MZL-WIN-2/3)
ENDING_PHRASES = ((" MP against ", MISSION_POINTS),)   # what its reason says (``Game.ending``)
ENDINGS = ending_names(ENDING_PHRASES)


def played_card(state: GameState, action: Action) -> str | None:
    args = action.args
    if type(args) is not PlayCard:
        return None
    d: MetaZooData = state.data
    dec = state.decision
    c = args.card
    if dec is None or c not in d.hand[dec.player]:      # the Caster, from its zone
        return None
    return d.cards[c].name

