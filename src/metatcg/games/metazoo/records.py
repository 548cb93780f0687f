"""MetaZoo's named records: steps on the kernel stack, triggers, effect contexts, decision
parameters and action payloads (:mod:`metatcg.engine.records`).

Every record that can sit on the stack, in ``state.pending`` or in a decision is registered
in :data:`records`, so the state JSON names it by kind and rebuilds it. Code reads fields by
name and dispatches on the record's type; nothing here is read by position.

Field names shared by many records: ``op_no`` is which op of an ability's ``do`` list (its
ability is named by the context), ``ctx`` an effect context (:class:`Ctx`), ``left`` how many
picks are still to come, ``fighter`` the creature that Duels (-1: none yet).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.records import KERNEL

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

records = KERNEL.child()

# Build a record without the keyword-argument wrapper of ``NamedTuple.__new__`` (hot loops
# only; every field must be given, in order): ``make(Ctx, (src, ctrl, ...))``.
make = tuple.__new__


# ============================================================================ effect context
@records("ctx")
class Ctx(NamedTuple):
    """Who an ability resolves for and what it refers to (rulebook words: "this", "you",
    "that unit", "the winner", "the chosen lane", "it")."""

    src: int                 # the card whose ability this is
    controller: int          # "you"
    ability: int             # index in the card's abilities
    lane: int = -1           # "this" lane (-1: the card has none)
    subject: int = -1        # the unit a trigger is about
    subject_lane: int = -1   # that unit's lane when the trigger happened
    winner: int = -2         # -2 no mission, -1 a tie, else the winning player
    mission_lane: int = -1   # the lane whose mission is being resolved
    chosen: int = -1         # the lane chosen for this ability
    last: int = -1           # the unit the previous op acted on ("it")
    confined: int = -1       # the lane a Strategy is confined to (MZL-ERRATA-DISCOUNT-4)
    applied: tuple[int, ...] = ()  # a replacement's ops: the keys already used on the event it
    #                                replaced, its own included (MZL-ERRATA-REPLEFF-3)


# ============================================================================ triggers
@records("ab")
class AbilityTrigger(NamedTuple):
    """A triggered ability waiting to be ordered and resolved."""

    ctx: Ctx


@records("temp")
class TempAuraTrigger(NamedTuple):
    """End of round: ``player`` puts a temporary Aura back (MZL-ERRATA-TEMPAURA)."""

    player: int


# ============================================================================ round steps
@records("setup")
class Setup(NamedTuple):
    """MZL-SETUP: zones, shuffles, opening hands, who chooses Priority."""


@records("place_terra")
class PlaceTerra(NamedTuple):
    """MZL-SETUP-10..14: the Starter Terra of ``lane`` is placed (then the next lane)."""

    lane: int


@records("round_begin")
class RoundBegin(NamedTuple):
    """Draw and Aura phases, then the action phase (MZL-ROUND)."""


@records("turn")
class Turn(NamedTuple):
    """``player`` takes the next action (also the parameters of the action decision)."""

    player: int


@records("round_end")
class RoundEnd(NamedTuple):
    """MZL-ROUND-6 in two stages: Aura home and end-of-round triggers (0), cleanup (1)."""

    stage: int


# ============================================================================ paying, Aura
@records("pay")
class Pay(NamedTuple):
    """Tap Aura for ``why``: one of each type in ``needs``, then ``generic`` of any type
    (also the parameters of the "pay" decision, with ``needs`` empty)."""

    player: int
    needs: tuple[str | None, ...]
    generic: int
    why: str


@records("aura_op")
class AuraOp(NamedTuple):
    """Tap, untap or return (``what``) ``left`` Aura of ``player``'s Aura zone, ``chooser``
    picking (also the parameters of its decision)."""

    what: str
    chooser: int
    player: int
    left: int
    why: str


@records("temp_return")
class TempReturn(NamedTuple):
    """``player`` returns a temporary Aura (step and decision)."""

    player: int


@records("enhance_with")
class EnhanceWith(NamedTuple):
    """Decision: which Aura ``player`` moves into ``lane``."""

    player: int
    lane: int


@records("swap")
class SwapChoice(NamedTuple):
    """Decision: which primary Aura ``player`` gives up in a Trade Aura."""

    player: int


# ============================================================================ playing cards
@records("place")
class Place(NamedTuple):
    """A paid card is put where it goes (a Strategy: the resolving zone)."""

    card: int
    player: int
    lane: int
    confined: int


@records("strategy_done")
class StrategyDone(NamedTuple):
    """A resolved Strategy goes to the discard pile (MZL-STRATEGY-3)."""

    card: int


@records("sac")
class SacrificeCost(NamedTuple):
    """``player`` Sacrifices ``left`` more units to pay for ability ``ability`` of ``src``
    (step and decision)."""

    player: int
    src: int
    ability: int
    left: int


# ============================================================================ abilities and ops
@records("ability")
class ResolveAbility(NamedTuple):
    """Resolve one ability: equipment On Play rule, condition, "may", then its ops."""

    ctx: Ctx


@records("op")
class Op(NamedTuple):
    """Op ``op_no`` of the context's ability."""

    op_no: int
    ctx: Ctx


@records("pop")
class PlayerOp(NamedTuple):
    """A player op carried out for ``player`` (also the parameters of search and recover
    decisions)."""

    player: int
    op_no: int
    ctx: Ctx


@records("sel")
class Select(NamedTuple):
    """Choose what a unit op acts on (the fighter of a Duel first)."""

    op_no: int
    ctx: Ctx
    fighter: int = -1


@records("uop")
class UnitOp(NamedTuple):
    """A unit op on one unit."""

    unit: int
    op_no: int
    ctx: Ctx
    fighter: int = -1


@records("batch")
class Batch(NamedTuple):
    """Simultaneous mini-steps (MZL-ERRATA-SIMUL-1..6): ``mode`` "unit" (a unit op on each
    item), "player" (a player op for each) or "sba" (units found by the state check), the
    active player choosing the order where it matters (also the "order" decision's parameters)."""

    mode: str
    items: tuple[int, ...]
    op_no: int = -1
    ctx: Ctx | None = None
    fighter: int = -1


@records("may")
class MayUse(NamedTuple):
    """Decision: does the controller use this "may" ability?"""

    ctx: Ctx


@records("target")
class TargetChoice(NamedTuple):
    """Decision: a unit for op ``op_no``; ``purpose`` is "pick" (the op's targets, ``picks``
    those tagged so far), "tie" (MZL-ERRATA-TIE) or "fighter" (who Duels)."""

    op_no: int
    ctx: Ctx
    picks: tuple[int, ...]
    purpose: str
    candidates: tuple[int, ...]
    fighter: int = -1


@records("lane")
class LaneChoice(NamedTuple):
    """Decision: the lane for ``step`` (an Op, PlayerOp or Select), among ``lanes``."""

    step: Any
    lanes: tuple[int, ...]


@records("move_to")
class MoveTo(NamedTuple):
    """Decision: where ``unit`` Moves (``src`` makes it Move)."""

    unit: int
    lanes: tuple[int, ...]
    src: int


# ============================================================================ cards among zones
@records("discard")
class Discard(NamedTuple):
    """``player`` discards ``left`` more cards because of ``src`` (step and decision)."""

    player: int
    left: int
    src: int


@records("discover")
class Discover(NamedTuple):
    """Discover: ``player`` takes a matching card of those looked at (step and decision)."""

    player: int
    op_no: int
    ctx: Ctx


@records("bottom")
class Bottom(NamedTuple):
    """``player`` puts the rest of the looked-at cards on the bottom (step and decision)."""

    player: int


# ============================================================================ missions
@records("mission")
class Mission(NamedTuple):
    """The mission in ``lane`` at ``stage`` of MZL-MISSION-17; ``winner`` -2 before it is
    known, -1 a tie; ``destruction`` instances fixed when scored."""

    lane: int
    stage: int
    winner: int = -2
    margin: int = 0
    destruction: int = 0


@records("destroy")
class Destroy(NamedTuple):
    """Destruction: ``loser`` Shatters ``left`` more units in ``lane`` (step and decision)."""

    lane: int
    loser: int
    left: int


# ============================================================================ removal
@records("shatter")
class Shatter(NamedTuple):
    """Shatter ``unit`` (``src`` -1: a rule); ``applied`` replacement keys already used."""

    unit: int
    applied: tuple[int, ...]
    src: int


@records("damage")
class Damage(NamedTuple):
    """Deal ``amount`` damage to ``unit``; ``duel_second`` marks the second half of a Duel,
    simultaneous with the first (no state check between them, PR-MZL-9)."""

    unit: int
    amount: int
    applied: tuple[int, ...]
    src: int
    duel_second: bool = False


@records("sba")
class CheckedUnit(NamedTuple):
    """A unit the state check found (Influence 0 or lethal damage), checked again when its
    mini-step comes."""

    unit: int


@records("overflow")
class Overflow(NamedTuple):
    """MZL-LANE-15: ``player``'s side of ``lane`` is over its limit (step and decision)."""

    lane: int
    player: int


@records("replacement")
class Replacement(NamedTuple):
    """A replacement ability that could apply: ability ``ability`` of ``src``."""

    src: int
    ability: int
    controller: int


@records("replace_order")
class ReplaceOrder(NamedTuple):
    """Decision: which of several replacements is considered first (MZL-ERRATA-REPLEFF-3)."""

    event: Any            # the Shatter or Damage step being replaced
    options: tuple[Replacement, ...]


@records("instead")
class Instead(NamedTuple):
    """Decision: does the controller use a "may" replacement on ``event``?"""

    event: Any
    replacement: Replacement


# ============================================================================ setup decisions
@records("priority_choice")
class PriorityChoice(NamedTuple):
    """Decision: ``chooser`` picks Priority or Non-Priority (MZL-SETUP-8)."""

    chooser: int


@records("starter_choice")
class StarterChoice(NamedTuple):
    """Decision: which Starter Terra ``player`` places in ``lane``."""

    lane: int
    player: int


# ============================================================================ action payloads
@records("go_first")
class GoFirst(NamedTuple):
    first: bool


@records("pick_card")
class PickCard(NamedTuple):
    """A card (or unit, or Aura) chosen; -1: none (Fail to Find, "done")."""

    card: int


@records("pick_lane")
class PickLane(NamedTuple):
    lane: int


@records("pick_player")
class PickPlayer(NamedTuple):
    player: int


@records("answer")
class Answer(NamedTuple):
    yes: bool


@records("pick_replacement")
class PickReplacement(NamedTuple):
    replacement: Replacement


@records("play_card")
class PlayCard(NamedTuple):
    """Play ``card`` to ``lane`` (-1: a Strategy), ``confined`` to a lane or -1, for ``cost``."""

    card: int
    lane: int
    confined: int
    cost: int


@records("enhance")
class EnhanceLane(NamedTuple):
    lane: int


@records("trade")
class TradeAura(NamedTuple):
    """Trade Aura, tapping ``aura`` as its cost."""

    aura: int


@records("use_ability")
class UseAbility(NamedTuple):
    src: int
    ability: int


@records("declare")
class DeclareMission(NamedTuple):
    lane: int


# ============================================================================ events and data
@records("mod")
class Mod(NamedTuple):
    """A give/gain modifier on ``unit``: ``what`` is "inf" (Influence) or a keyword; ``src`` is
    the card whose effect gave it (-1: unknown), so a player can see where a bonus comes from.
    The duration stays last (engine.events.expire reads it there)."""

    unit: int
    what: str
    amount: int
    src: int
    duration: str


class MissionResult(NamedTuple):
    """The last mission's outcome (shown in views): totals per player, winner (-1 a tie)."""

    lane: int
    total0: int
    total1: int
    winner: int
    mp: int


class Harm(NamedTuple):
    """What a replacement effect can replace: the Shatter of, or damage to, ``unit``."""

    what: str
    unit: int


class Event(NamedTuple):
    """Something that happened, for triggered abilities: ``what`` happened to ``card``
    (played, created, moved, dispelled, left, damaged, enhanced: with its ``player`` and
    ``lane``), or to a mission (declare, resolution: ``lane``, ``winner``, ``margin``), or
    a moment of the round (round_end, action_start)."""

    what: str
    card: int = -1
    player: int = -1
    lane: int = -1
    confined: int = -1
    winner: int = -2
    margin: int = 0


def waiting(st: "GameState") -> Any:
    """The parameters of the decision that waits (an option list is made only while one does)."""
    dec = st.decision
    assert dec is not None
    return dec.params
