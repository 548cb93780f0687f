"""MetabaloidsRules: the kernel hooks, dispatching steps, decisions and responses to the
modules that hold the rules (turn, battle, pay, abilities)."""
from __future__ import annotations

from typing import Any, Callable

from ...engine.rules import PooledRules
from ...engine.action import Action, Decision
from ...engine.errors import StateDataError
from ...engine.seats import clockwise
from ...engine.records import records_in
from ...engine.state import GameState, ResolveTrigger
from ...engine.windows import WINDOW_DECISION, Window
from . import abilities, battle, loops, ops, pay, turn
from .data import MetabaloidsData
from .pay import pl
from .records import (DONE, AttackNext, BattleDraw, BattleEnd, BattleResult, Choose, Declare, Deploy,
                      Done, EndTurn, EventDone, LoopCheck, Lose, Ops, Pay, Phase, Placement, Restock, Seat, Setup,
                      Target, TurnStart, Use, records)


class MetabaloidsRules(PooledRules):
    action_limit = 20000       # PR-MB-9: a game this long is a runaway; it ends as a draw
    records = records
    data_class = MetabaloidsData

    # ------------------------------------------------------------- kernel hooks
    def describe_trigger(self, st: GameState, trig: Use) -> str:
        return abilities.describe(st, trig)

    def triggers_for(self, st: GameState, event: Any) -> list[Use]:
        return abilities.triggers_for(st, event)

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        return []

    def trigger_groups(self, st: GameState, batch: tuple[Use, ...]) -> list[tuple[int, tuple[Use, ...]]]:
        """Simultaneous triggers by controller, the active seat first, then clockwise."""
        d: MetabaloidsData = st.data
        return [(p, tuple(t for t in batch if t.seat == p)) for p in clockwise(d.n, d.active)]

    def state_check(self, st: GameState) -> None:
        """An empty draw pile is made again from the discard pile as soon as it can be (MB-SHUF-3)."""
        d: MetabaloidsData = st.data
        if d.short_game:
            return
        discard = d.discard
        for p, pile in enumerate(d.draw):      # one draw pile per seat
            if not pile and discard[p]:
                pay.refill(st, p)

    def check_loaded(self, st: GameState) -> None:
        check_loaded(st)

    def forced_reason(self, st: GameState, decision: Decision, action: Action) -> str:
        return forced_reason(st, decision, action)

    def surely_several(self, st: GameState) -> bool:
        """True only when the decision surely has 2+ options: a response window is opened
        only for a seat with something to use (plus pass); a later attack can also end."""
        dec = st.decision
        if dec is None:
            return False
        k = dec.kind
        return k == WINDOW_DECISION or (k == "attack" and st.data.attacks > 0)

    # ------------------------------------------------------------- response windows (PR-MB-1)
    def can_respond(self, st: GameState, w: Window, seat: int) -> bool:
        return bool(abilities.uses(st, seat, abilities.timings(st, seat, w.name == "bonus"), quick=True))

    def responses(self, st: GameState, w: Window, seat: int) -> list[Action]:
        return abilities.uses(st, seat, abilities.timings(st, seat, w.name == "bonus"))

    def after_response(self, st: GameState, w: Window, seat: int, action: Action) -> None:
        return None  # perform pushed the window again beneath the ability (MB-ABIL-9)

    def after_pass(self, st: GameState, w: Window, seat: int) -> None:
        """Passing is a choice too: the log says so."""
        if st.logging:
            st.say(f"{pl(seat)} passes", seat)   # only the seat asked: others learn no one was (PR-K-9)

    def window_prompt(self, st: GameState, w: Window, seat: int) -> str:
        what = {"bonus": "the battle's totals are not fixed yet", "battle": "an attack was declared"}.get(
            w.name, f"{turn.PHASE_NAMES.get(w.name[6:], w.name)} begins")
        return f"{what[0].upper()}{what[1:]}: use an ability or Event, or pass"

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do: the next player's turn begins (MB-TURN-3, MB-SETUP-6)."""
        d: MetabaloidsData = st.data
        d.turn += 1
        d.active = d.first if d.turn == 1 else (d.active + 1) % d.n
        st.push(TurnStart(d.active))

    def run_step(self, st: GameState, step: Any) -> None:
        STEPS[type(step)](st, step)

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        args = act.args
        if dec.kind == WINDOW_DECISION:
            abilities.activate(st, args, then=dec.params.restarted())
            return
        say_choice(st, act, dec)
        PERFORM[dec.kind](st, dec, args)


def say_choice(st: GameState, act: Action, dec: Decision) -> None:
    """Choices whose effect's own log line would not name them: ending the attacks or the initial
    deployment. Going on to the next phase is not logged: the next phase's line says it."""
    if st.logging and type(act.args) is Done and dec.kind in DONE_LINES:
        st.say(f"{pl(dec.player)} {DONE_LINES[dec.kind]}")


DONE_LINES = {"attack": "ends their attacks", "place": "finishes their initial deployment"}


# ----------------------------------------------------------------- small steps
def _pay_step(st: GameState, step: Pay) -> None:
    d: MetabaloidsData = st.data
    if step.left <= 0:
        return
    p = step.seat
    if not (any(d.cards[c].meta for c in d.hand[p]) or (step.anywhere and pay.top_available(d, p))):
        # only in a lookahead copy whose hidden hand was resampled: a checked cost is always payable
        if st.logging:
            st.say(f"{pl(p)} has nothing left to pay {step.left} points for {step.why} with")
        return
    st.decide(p, "pay", step, f"Pay {step.left} more point{'s' if step.left != 1 else ''} for "
              f"{step.why}" + (" (from anywhere)" if step.anywhere else " (from hand)"))


def _lose_step(st: GameState, step: Lose) -> None:
    d: MetabaloidsData = st.data
    if step.left <= 0:
        return
    if not pay.can_lose_any(d, step.seat, step.cards):
        if st.logging:
            st.say(f"{pl(step.seat)} has no card left to lose for {step.why}: the rest is ignored (MB-CL-11)")
        return
    what = f"{step.left} card{'s' if step.left != 1 else ''}" if step.cards else \
        f"{step.left} point{'s' if step.left != 1 else ''} of card losses"
    st.decide(step.seat, "lose", step, f"Lose {what} from anywhere ({step.why})")


def _restock_step(st: GameState, step: Restock) -> None:
    st.data.phase = "restock"
    st.decide(step.seat, "restock", Seat(step.seat), "Restock a creature into your reserve "
              "or end your turn")


def _trigger_step(st: GameState, step: ResolveTrigger) -> None:
    use: Use = step.trigger
    if st.logging:
        st.say(f"{abilities.describe(st, use)} triggers")
    st.push(Ops(use, 0))


STEPS: dict[type, Callable[[GameState, Any], None]] = {
    Setup: lambda st, s: turn.setup(st),
    Placement: turn.placement,
    TurnStart: turn.start_turn,
    Phase: turn.phase,
    Deploy: turn.deploy,
    AttackNext: battle.attack_next,
    Declare: battle.declare,
    BattleDraw: battle.battle_draw,
    BattleResult: battle.battle_result,
    BattleEnd: battle.battle_end,
    Restock: _restock_step,
    EndTurn: turn.end_turn,
    Pay: _pay_step,
    Lose: _lose_step,
    Ops: ops.run_ops,
    EventDone: abilities.event_done,
    LoopCheck: loops.check,
    ResolveTrigger: _trigger_step,
}


# ----------------------------------------------------------------- options and choices
def _abilities_options(st: GameState, dec: Decision) -> list[Action]:
    p = dec.player
    acts = abilities.uses(st, p, abilities.timings(st, p, False))
    acts.append(Action("done", "Go on to Move Cards", DONE))
    return acts


OPTIONS: dict[str, Callable[[GameState, Decision], list[Action]]] = {
    "place": lambda st, dec: turn.place_options(st, dec.player),
    "abilities": _abilities_options,
    "move": lambda st, dec: turn.move_options(st, dec.player),
    "deploy": lambda st, dec: turn.deploy_options(st, dec.player),
    "attack": lambda st, dec: battle.attack_options(st, dec.player),
    "target": lambda st, dec: battle.target_options(st, dec.params),
    "pay": lambda st, dec: pay.pay_options(st, dec.params),
    "lose": lambda st, dec: pay.lose_options(st, dec.params),
    "choose": lambda st, dec: ops.choice_options(st, dec.params),
    "restock": lambda st, dec: turn.restock_options(st, dec.player),
}
MetabaloidsRules.decision_options = OPTIONS   # what PooledRules.legal_actions reads


def _perform_abilities(st: GameState, dec: Decision, args: Any) -> None:
    p = dec.player
    if type(args) is Done:
        st.push(Phase(p, "move"))
    else:
        abilities.activate(st, args, then=Phase(p, "abilities+"))


def _perform_move(st: GameState, dec: Decision, args: Any) -> None:
    if type(args) is Done:
        st.push(Phase(dec.player, "deploy"))
    else:
        turn.move_card(st, dec.player, args)


def _perform_attack(st: GameState, dec: Decision, args: Any) -> None:
    if type(args) is Done:
        st.push(Phase(dec.player, "restock"))
    else:
        battle.choose_attacker(st, dec.player, args.card)


def _perform_restock(st: GameState, dec: Decision, args: Any) -> None:
    if type(args) is Done:
        st.push(EndTurn(dec.player))
    else:
        turn.restock_card(st, dec.player, args.card)


PERFORM: dict[str, Callable[[GameState, Decision, Any], None]] = {
    "place": lambda st, dec, a: turn.do_place(st, dec.player, a),
    "abilities": _perform_abilities,
    "move": _perform_move,
    "deploy": lambda st, dec, a: turn.deploy_card(st, dec.player, a),
    "attack": _perform_attack,
    "target": lambda st, dec, a: battle.choose_target(st, dec.params, a.card),
    "pay": lambda st, dec, a: pay.pay_with(st, dec.params, a.card),
    "lose": lambda st, dec, a: pay.lose_with(st, dec.params, a.card),
    "choose": lambda st, dec, a: ops.do_choice(st, dec.params, a),
    "restock": _perform_restock,
}


# ----------------------------------------------------------------- forced decisions
def forced_reason(st: GameState, dec: Decision, action: Action) -> str:
    """Why ``action`` was the only option: the decider's log says "(only choice) …: why"."""
    k = dec.kind
    aid = action.id
    if k == "pay":
        return "no card in your hand has Metabaloids" if aid == "pay:top" else "the only way you can pay"
    if aid == "done":
        return _NOTHING_LEFT.get(k, "")
    return _ONLY.get(k, "")


#: why "done" was a decision's only option, by its kind
_NOTHING_LEFT = {"place": "no creature card in your hand fits", "abilities": "nothing you could use now",
                 "move": "no move you could make and pay for", "restock": "no creature in hand you could pay for",
                 "attack": "no other card can attack"}
#: why the one option of a decision of this kind was its only one
_ONLY = {"lose": "the only card you can lose", "attack": "your only card that can attack",
         "target": "the only card you can attack",
         "deploy": "every reserve card must be deployed and this is the only place", "choose": "the only choice"}


# ----------------------------------------------------------------- loaded states
_PARAMS: dict[str, type] = {"place": Seat, "abilities": Seat, "move": Seat, "deploy": Deploy, "attack": Seat,
                            "target": Target, "pay": Pay, "lose": Lose, "choose": Choose, "restock": Seat}
_CARD_FIELDS = frozenset({"card", "target"})


def check_loaded(st: GameState) -> None:
    """A state read from JSON: every record names cards and seats that exist, uses name an
    ability the card has, and the decision has the parameters of its kind and is its seat's."""
    d: MetabaloidsData = st.data
    k = len(d.cards)
    dec = st.decision
    recs = list(st.stack) + list(st.pending) + ([dec.params] if dec is not None else [])
    for r in records_in(recs, leave=(Window,)):
        _check_record(d, r, k)
    if dec is None or dec.kind == WINDOW_DECISION:
        return
    if dec.kind.startswith("__"):
        return
    want = _PARAMS.get(dec.kind)
    if want is None:
        raise StateDataError(f"unknown decision kind {dec.kind!r}")
    if type(dec.params) is not want:
        raise StateDataError(f"a {dec.kind!r} decision needs {want.__name__} parameters")
    params: Any = dec.params
    seat = params.use.seat if want is Choose else params.seat
    if seat != dec.player:
        raise StateDataError(f"a {dec.kind!r} decision is for P{seat + 1}, not P{dec.player + 1}")


def _check_record(d: MetabaloidsData, r: Any, k: int) -> None:
    """One record's card, seat and op numbers and what its kind needs (``records_in`` walks
    them all)."""
    for f, v in zip(r._fields, r):
        if type(v) is int:
            if f == "seat" and not 0 <= v < d.n:
                raise StateDataError(f"{r.kind}.seat names seat {v}, which does not exist")
            if f in _CARD_FIELDS and not 0 <= v < k:
                raise StateDataError(f"{r.kind}.{f} names card c{v}, which does not exist")
            if f in ("left", "op") and v < 0:
                raise StateDataError(f"{r.kind}.{f} must not be negative")
    if isinstance(r, Use):
        cd = d.cards[r.card]
        if r.ability < 0 and not cd.is_event or r.ability >= len(cd.abilities) or r.ability < -1:
            raise StateDataError(f"card c{r.card} has no ability {r.ability}")
        if d.owner[r.card] != r.seat:
            raise StateDataError("an ability is used by the seat that does not own its card")
    if isinstance(r, Choose):
        its_ops = ops.ops_of(d, r.use)
        if not 0 <= r.op < len(its_ops) or not ops.asks(its_ops[r.op]):
            raise StateDataError("a choice names an op that asks for none")
    if isinstance(r, Phase) and r.name.rstrip("+") not in turn.PHASE_NAMES:
        raise StateDataError(f"unknown phase {r.name!r}")
    if isinstance(r, Target) and d.owner[r.card] != r.seat:
        raise StateDataError("the attacking card belongs to another seat")
    if isinstance(r, Declare) and (d.owner[r.card] != r.seat or d.owner[r.target] == r.seat):
        raise StateDataError("a declared attack names the wrong cards")
