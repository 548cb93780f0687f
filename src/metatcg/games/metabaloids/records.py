"""Metabaloids' named records: steps, decision parameters, triggers and action payloads.

Every record is a small NamedTuple registered under a kind (engine/records.py), so a state
can be cloned by sharing them and saved mid-decision as JSON.
"""
from __future__ import annotations

from typing import NamedTuple

from ...engine.records import KERNEL

records = KERNEL.child()


# ----------------------------------------------------------------- setup and turn steps
@records("setup")
class Setup(NamedTuple):
    """Shuffle, starting hands, the cut (MB-SETUP-1/2/7)."""


@records("placement")
class Placement(NamedTuple):
    """A placement turn of initial deployment (MB-SETUP-3..8)."""

    seat: int


@records("turn_start")
class TurnStart(NamedTuple):
    seat: int


@records("phase")
class Phase(NamedTuple):
    """The start of one of the six phases of ``seat``'s turn (MB-TURN-1)."""

    seat: int
    name: str


@records("seat")
class Seat(NamedTuple):
    """Parameters of a decision that only needs to know who decides."""

    seat: int


@records("deploy")
class Deploy(NamedTuple):
    """Deploy the next reserve card, or lose what cannot fit (MB-DEPLOY)."""

    seat: int


@records("attack_next")
class AttackNext(NamedTuple):
    """Start (another) attack or end the Attack Phase (MB-ATK)."""

    seat: int


@records("target")
class Target(NamedTuple):
    """The attacker has marked ``card``; now they pick the card they attack (MB-ATK-7)."""

    seat: int
    card: int


@records("declare")
class Declare(NamedTuple):
    """Both cards are chosen and paid for: mark them and open the battle (MB-ATK-10)."""

    seat: int
    card: int
    target: int


@records("battle_draw")
class BattleDraw(NamedTuple):
    """Both sides draw for the battle (MB-TOT-1/2)."""


@records("battle_result")
class BattleResult(NamedTuple):
    """Totals are fixed: the higher wins; losing card, safety, card losses (MB-RES)."""


@records("battle_end")
class BattleEnd(NamedTuple):
    """The battle is over: marks are cleared (MB-RES-6/7)."""


@records("restock")
class Restock(NamedTuple):
    seat: int


@records("end_turn")
class EndTurn(NamedTuple):
    seat: int


# ----------------------------------------------------------------- paying and losing
@records("pay")
class Pay(NamedTuple):
    """``seat`` still owes ``left`` Metabaloid points; from hand only or from anywhere
    (hand or the top of the draw pile, MB-PAY-7). ``why`` names the cost for the log."""

    seat: int
    left: int
    anywhere: bool
    why: str


@records("lose")
class Lose(NamedTuple):
    """``seat`` must lose cards: ``left`` points of card losses (MB-CL) or, with ``cards``
    true, ``left`` cards from anywhere (a penalty, MB-CL-10)."""

    seat: int
    left: int
    cards: bool
    why: str


# ----------------------------------------------------------------- abilities
@records("use")
class Use(NamedTuple):
    """One use of an ability (``ability``, an index into the card's abilities) or of an Event
    (``ability`` -1). ``activated`` is false for a trigger (no unfinished-action penalty)."""

    seat: int
    card: int
    ability: int
    activated: bool = True


@records("ops")
class Ops(NamedTuple):
    """Carry out op number ``op`` (and those after it) of ``use``."""

    use: Use
    op: int


@records("choose")
class Choose(NamedTuple):
    """An op needs a choice (a card, a column, an opponent): the decision's parameters."""

    use: Use
    op: int


@records("event_done")
class EventDone(NamedTuple):
    """An Event has done its text: to the discard pile (or it waits for its battle)."""

    seat: int
    card: int


@records("loop_check")
class LoopCheck(NamedTuple):
    """An activation or a move of ``seat`` is over: note the position or stop a loop (PR-MB-13)."""

    seat: int


# ----------------------------------------------------------------- action payloads
@records("place")
class Place(NamedTuple):
    """Put ``card`` into column ``col`` (0..2): initial placement, deploy, move or shift."""

    card: int
    col: int


@records("card")
class CardPick(NamedTuple):
    """Pick one card (attacking card, target, restock, refresh, stash)."""

    card: int


@records("paywith")
class PayWith(NamedTuple):
    """Pay with a hand card, or with the top of the draw pile (card -1)."""

    card: int


@records("losewith")
class LoseWith(NamedTuple):
    """Lose a hand card, the top of the draw pile (-1) or the top of the discard pile (-2)."""

    card: int


@records("colpick")
class ColPick(NamedTuple):
    col: int


@records("seatpick")
class SeatPick(NamedTuple):
    seat: int


@records("done")
class Done(NamedTuple):
    """Go on: end the phase, pass a placement turn, end attacks, end the turn."""


TOP = -1
DISCARD_TOP = -2
DONE = Done()
