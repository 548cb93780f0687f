"""MetaX's named records: the steps of a turn, the effect being used, decision parameters,
events, and the payloads of actions.

Every record is a ``NamedTuple`` registered under a *kind* in :data:`records` (a child of
the kernel's registry), so a state saved mid-decision is rebuilt from JSON with the same
classes. Code reads fields by name and dispatches on ``kind`` (or the class), never on a
position. Records with no fields are shared as module constants (``PLANNING``): they are
immutable and all equal to ``()``, so compare them by class, never with ``==``.
"""
from __future__ import annotations

from typing import NamedTuple

from ...engine.records import KERNEL

records = KERNEL.child()


# ----------------------------------------------------------------- the effect being used
@records("use")
class EffectUse(NamedTuple):
    """One use of a card's effect (MX-CARD-9): the card, its controller and which effect,
    plus the battle around it when a Battle Card is used (the Character using it, the
    Character on the other side, the attack's index), -1 where there is none. A triggered
    ability waits in ``state.pending`` as one of these."""

    src: int
    ctrl: int
    effect: int
    user: int = -1
    foe: int = -1
    attack: int = -1


# ----------------------------------------------------------------- steps: setup (MX-SETUP)
@records("setup")
class Setup(NamedTuple):
    """Shuffle, flip for the first player, draw opening hands (MX-SETUP-1..3)."""


@records("mulligan_ask")
class MulliganAsk(NamedTuple):
    """Ask ``seat`` whether to mulligan (MX-SETUP-4)."""

    seat: int


@records("bottom")
class Bottom(NamedTuple):
    """``seat`` puts its next card on the bottom of its deck after a mulligan (MX-SETUP-7);
    also the parameters of that decision."""

    seat: int


# ----------------------------------------------------------------- steps: a turn (MX-TURN)
@records("prep")
class Prep(NamedTuple):
    """The Prep Step (MX-PREP)."""


@records("planning")
class Planning(NamedTuple):
    """Offer the next Planning Step choice (MX-PLAN)."""


@records("event_done")
class EventDone(NamedTuple):
    """An Event has been used: it goes to the discard pile (MX-PLAN-8)."""

    card: int


@records("battle")
class Attacks(NamedTuple):
    """Offer the next attack declaration (MX-BTL-2 A)."""


@records("links")
class Links(NamedTuple):
    """Offer Links to the attack at index ``attack`` (MX-TEAM); also that decision's params."""

    attack: int


@records("defense")
class Defenders(NamedTuple):
    """Offer the next defender assignment (MX-BTL-2 B)."""


@records("damage")
class Damage(NamedTuple):
    """Resolve the next defended attack (MX-BTL-2 C, MX-DMG-3)."""


@records("vps")
class AwardVPs(NamedTuple):
    """Victory Points for undefended attacks (MX-BTL-2 D)."""


@records("end_battle")
class EndBattle(NamedTuple):
    """Characters leave the Battle Zone; "this turn" ends (MX-BTL-5, MX-TURN-4)."""


# ----------------------------------------------------------------- steps: effects
@records("op")
class Op(NamedTuple):
    """Run op number ``index`` of the effect ``use`` (ops of one effect run in order)."""

    use: EffectUse
    index: int  # type: ignore[assignment]  # shadows tuple.index; saved states name the field (op.index)


@records("may")
class May(NamedTuple):
    """Ask the controller whether to use an optional effect (MX-CARD-17); also the params."""

    use: EffectUse


@records("discarding")
class Discarding(NamedTuple):
    """``seat`` discards ``count`` more cards of its choice for card ``src``; also the params."""

    seat: int
    count: int  # type: ignore[assignment]  # shadows tuple.count; saved states name the field
    src: int


# ----------------------------------------------------------------- decision parameters
@records("choose")
class Choosing(NamedTuple):
    """A choice an op asks for (target, search, recover, put into play) among ``options``
    (card ids); resolution resumes at ``op`` once it is made."""

    op: Op
    options: tuple[int, ...]


@records("damage_choice")
class DamageChoice(NamedTuple):
    """Which Battle Card of the discard pile ``op`` attaches to ``target`` as Damage."""

    op: Op
    target: int
    options: tuple[int, ...]


# ----------------------------------------------------------------- events (triggers, replacements)
@records("ko")
class KO(NamedTuple):
    """A Character is KO'd (or is about to be, for replacements)."""

    card: int
    owner: int


@records("vp_gained")
class VPGained(NamedTuple):
    seat: int


@records("defended")
class Defended(NamedTuple):
    card: int


@records("attacked")
class Attacked(NamedTuple):
    card: int


# ----------------------------------------------------------------- action payloads
@records("play_character")
class PlayCharacter(NamedTuple):
    card: int


@records("play_event")
class PlayEvent(NamedTuple):
    card: int


@records("push_for_effect")
class PushForEffect(NamedTuple):
    card: int
    effect: int


@records("end_planning")
class EndPlanning(NamedTuple):
    pass


@records("declare_attack")
class DeclareAttack(NamedTuple):
    lead: int
    card: int


@records("link")
class Link(NamedTuple):
    attack: int
    char: int
    stat: str


@records("no_link")
class NoLink(NamedTuple):
    pass


@records("end_attacks")
class EndAttacks(NamedTuple):
    pass


@records("defend")
class Defend(NamedTuple):
    """Block the attack at index ``attack`` with ``defender``; also the params of the
    following choice of its Battle Card."""

    defender: int
    attack: int


@records("defend_with")
class DefendWith(NamedTuple):
    defender: int
    attack: int
    card: int
    stat: str  # "" unless a Multi-Stat card names one for a Team Attack (MX-MULTI-7)


@records("end_defense")
class EndDefense(NamedTuple):
    pass


@records("resolve_next")
class ResolveNext(NamedTuple):
    attack: int


@records("mulligan")
class Mulligan(NamedTuple):
    take: bool


@records("to_bottom")
class ToBottom(NamedTuple):
    seat: int
    card: int


@records("answer")
class Answer(NamedTuple):
    """Yes or no to an optional effect."""

    yes: bool


@records("pick_card")
class PickCard(NamedTuple):
    """A card chosen for an op (target, Damage card, search (-1: nothing), recover, put
    into play, discard); what it means is the decision's kind."""

    card: int


# shared instances of the records without fields
SETUP = Setup()
PREP = Prep()
PLANNING = Planning()
ATTACKS = Attacks()
DEFENDERS = Defenders()
DAMAGE = Damage()
AWARD_VPS = AwardVPs()
END_BATTLE = EndBattle()
END_PLANNING = EndPlanning()
NO_LINK = NoLink()
END_ATTACKS = EndAttacks()
END_DEFENSE = EndDefense()
