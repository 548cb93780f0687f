"""MetaZoo 2022 facts for card-impact statistics and ending counts (``Game.hand_cards``,
``Game.played_card``, ``Game.ending``).

The hand is the Chapter. A *play* takes a Page from the acting Caster's Chapter: Contracting
it (any type: Beastie, Spell, Potion, Artifact, Terra, Aura; on one's own turn or as an
"any time" response) or placing it face-down in the Arena as a Trap (MZ22-TURN-9), a bluff
without the Trap Trait included. Opening the Trap menu, sliding a Trap, paying for a flipped
Trap, Powers and Effects of Pages in play, Mulligans, searches and discards are not plays.
A face-down placement is offered only inside the Trap menu, so it counts as playable only at
the decisions where its Caster opened that menu."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.endings import CONCESSION, ending_names
from ...engine.state import GameState
from .data import MZ22Data
from .records import Act

LIFE_POINTS = "life points"               # the last Caster left: the others reached 0 LP (MZ22-WIN-1/4)
CARD_EFFECT = "card effect"               # a Page's Effect won or lost the game (MZ22-WIN-2)
TRAP_BLUFF = "trap bluff"                 # the last other Caster flipped a face-down non-Trap (MZ22-TRAP-4)
DRAW_ZERO_LP = "draw: all at 0 LP"        # the last Casters reached 0 LP together (MZ22-WIN-5)
DRAW_SPELLBOOKS = "draw: spellbooks empty"   # every Spellbook still in the game is empty (MZ22-DECKOUT-3)
#: what each ending's reason says, by the rule it cites (``Game.ending``)
ENDING_PHRASES = (("MZ22-WIN-2", CARD_EFFECT), ("MZ22-TRAP-4", TRAP_BLUFF), ("MZ22-WIN-4", LIFE_POINTS),
            ("MZ22-WIN-5", DRAW_ZERO_LP), ("MZ22-DECKOUT-3", DRAW_SPELLBOOKS), ("MZ22-WIN-6", CONCESSION))
ENDINGS = ending_names(ENDING_PHRASES)


def hand_cards(state: GameState, player: int) -> list[str]:
    d: MZ22Data = state.data
    defs = d.defs
    return [defs[c].name for c in d.chapter[player]]


def played_card(state: GameState, action: Action) -> str | None:
    args = action.args
    t = type(args)
    if t is Act:
        return state.data.defs[args.source].name if args.what == "contract" else None
    if t is int and action.id.startswith("trap:c"):
        dec = state.decision
        if dec is not None and dec.kind == "trap_place":
            return str(state.data.defs[args].name)
    return None

