"""MetaZoo (four-lane) rules procedures: setup, rounds, the action phase, and the dispatch
of steps and decisions to the modules that carry them out.

Round (MZL-ROUND): draw phase (Priority trade from round 2, draw 1), Aura phase (1 Aura up
to 10, untap everything, ready the lanes), action phase (one action per turn, alternating,
no passing; ends once all 4 lanes are resolved), end-of-round cleanup in MZL-ROUND-6 order.

Steps, triggers and decisions are records (records.py); a step goes to the function its
type names, a decision's options and outcome to the functions its kind names.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.rules import Rules
from ...engine.action import Action, Decision
from ...engine.events import ROUND, emit, expire
from ...engine.state import GameState, ResolveTrigger
from . import (abilities, aura, checks, choices, forced, harm, lanechoice, ministeps, mission, play, playerops, stats,
               targets, triggers, unitops)
from .board import check_win, distinct_by_name, draw, lane_txt, nm, pl
from .cards import CardPool
from .data import LANES, MetaZooData, opponent, turn_order
from .records import (AuraOp, Batch, Bottom, CheckedUnit, DeclareMission, Destroy, Discard, Discover, EnhanceLane,
                      Event, GoFirst, Mission, Op, Overflow, Pay, PickCard, Place, PlaceTerra, PlayCard, PlayerOp,
                      PriorityChoice, ResolveAbility, RoundBegin, RoundEnd, SacrificeCost, Select, Setup, Shatter,
                      StarterChoice, StrategyDone, TempAuraTrigger, TempReturn, TradeAura, Turn, UnitOp, UseAbility,
                      Damage, make, records, waiting)


def _declare_label(lane: int) -> str:
    return f"Declare a mission in {lane_txt(lane)}"


DECLARE_IDS = tuple(f"declare:lane{ln + 1}" for ln in range(LANES))
_LAZY_DECLARE_LABELS = tuple(partial(_declare_label, ln) for ln in range(LANES))


# decisions that always have 2+ options: yes/no questions, and choices their steps only ask
# when several options differ (otherwise they take the only one themselves)
SEVERAL_KINDS = frozenset({"priority", "may", "instead", "replace_order", "order", "starter", "swap", "enhance_with",
                           "temp_return", "aura_op", "discard", "bottom", "pay", "move_to"})


class MetaZooRules(Rules):
    action_limit = 6000
    records = records

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self._steps: dict[type, Callable[[GameState, Any], None]] = {
            Setup: self._setup, PlaceTerra: self._place_terra, RoundBegin: self._round_begin,
            Turn: self._turn, RoundEnd: self._round_end, ResolveTrigger: self._trigger,
            Pay: aura.step_pay, AuraOp: aura.step_aura_op, TempReturn: aura.step_temp_return,
            Place: play.step_place, StrategyDone: play.step_strategy_done, SacrificeCost: play.step_sacrifice,
            ResolveAbility: abilities.step_ability, Op: abilities.step_op, PlayerOp: playerops.step_player_op,
            Select: targets.step_select, UnitOp: unitops.step_unit_op, Batch: ministeps.step_batch,
            Discard: choices.step_discard, Discover: choices.step_discover, Bottom: choices.step_bottom,
            Mission: mission.step_mission, Destroy: mission.step_destroy,
            Shatter: harm.step_shatter, Damage: harm.step_damage, Overflow: checks.step_overflow,
            CheckedUnit: checks.step_checked_unit,
        }
        # decision kind -> (its options, carrying out the chosen one)
        self._decisions = {
            "priority": (self._priority_actions, self._perform_priority),
            "starter": (self._starter_actions, self._perform_starter),
            "action": (self._action_actions, self._perform_action),
            "pay": (aura.pay_actions, aura.pay_perform),
            "enhance_with": (aura.enhance_with_actions, aura.enhance_with_perform),
            "swap": (aura.swap_actions, aura.swap_perform),
            "temp_return": (aura.temp_return_actions, aura.temp_return_perform),
            "aura_op": (aura.aura_op_actions, aura.aura_op_perform),
            "may": (abilities.may_actions, abilities.may_perform),
            "target": (targets.target_actions, targets.target_perform),
            "lane": (lanechoice.lane_actions, lanechoice.lane_perform),
            "move_to": (unitops.move_to_actions, unitops.move_to_perform),
            "order": (ministeps.order_actions, ministeps.order_perform),
            "discard": (choices.discard_actions, choices.discard_perform),
            "discover": (choices.discover_actions, choices.discover_perform),
            "bottom": (choices.bottom_actions, choices.bottom_perform),
            "search": (choices.search_actions, choices.search_perform),
            "recover": (choices.recover_actions, choices.recover_perform),
            "sacrifice": (play.sacrifice_actions, play.sacrifice_perform),
            "destroy": (mission.destroy_actions, mission.destroy_perform),
            "overflow": (checks.overflow_actions, checks.overflow_perform),
            "replace_order": (harm.replacement_actions, harm.replacement_perform),
            "instead": (harm.replacement_actions, harm.replacement_perform),
        }
        self._actions = {k: v[0] for k, v in self._decisions.items()}
        self._performs = {k: v[1] for k, v in self._decisions.items()}

    # ------------------------------------------------------------- kernel hooks
    def active_player(self, st: GameState) -> int:
        active: int = st.data.active
        return active

    def data_from_json(self, obj: Any) -> MetaZooData:
        return MetaZooData.from_json(obj, self.pool)

    def view(self, st: GameState, player: int) -> dict[str, Any]:
        from .view import view
        return view(st, player)

    def why_not(self, st: GameState, player: int, name: str) -> str:
        """Why the card ``name`` is not among ``player``'s options (ui.why), from what they know."""
        from . import whynot
        return whynot.why_not(st, player, name)

    def forced_reason(self, st: GameState, decision: Decision, action: Action) -> str:
        """Why a decision had one option, for the decider's "(only choice)" line (forced.py)."""
        return forced.reason(st, decision, action)

    def distinct_labels(self, st: GameState, actions: tuple[Action, ...]) -> list[Action]:
        from .labels import distinct_labels
        return distinct_labels(st, actions)

    def describe_trigger(self, st: GameState, trig: Any) -> str:
        return triggers.describe_trigger(st, trig)

    def triggers_for(self, st: GameState, event: Event) -> list[Any]:
        return triggers.triggers_for(st, event)

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        """Replacement effects are offered by the Shatter and damage steps themselves, at the
        moment the event happens (MZL-ERRATA-REPLEFF-2): ``event`` is a records.Harm."""
        return harm.replacements_for(st.data, event.what, event.unit, applied)

    def replacement_key(self, rep: Any) -> int:
        """What ``applied`` holds for a replacement (events.replacements filters on it)."""
        return harm.replacement_key(rep)

    # PR-MZL-8: removals by Influence 0 or damage, and lane size limits; the kernel calls it
    # whenever no decision is pending, so it is checks.state_check itself (no extra call)
    state_check = staticmethod(checks.state_check)  # type: ignore[assignment]  # the hook is the function itself

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do: a new round begins (MZL-ROUND-1)."""
        d: MetaZooData = st.data
        d.round += 1
        st.push(RoundBegin())

    def run_step(self, st: GameState, step: Any) -> None:
        self._steps[type(step)](st, step)

    # ------------------------------------------------------------- setup (MZL-SETUP)
    def _setup(self, st: GameState, step: Setup) -> None:
        d: MetaZooData = st.data
        for p in (0, 1):
            if st.logging:
                st.say(f"{pl(p)} puts {nm(d, d.caster[p])} face up in their Caster zone")
            st.rng.shuffle(d.aura_deck[p])
            if st.logging:
                st.say(f"{pl(p)} shuffles their Aura deck")
            a = d.aura_deck[p].pop(0)
            d.aura_zone[p].append(a)  # MZL-SETUP-3/4: the top Aura, untapped
            if st.logging:
                st.say(f"{pl(p)} puts {nm(d, a)} into their Aura zone")
            st.rng.shuffle(d.deck[p])
            if st.logging:
                st.say(f"{pl(p)} shuffles their deck")
            draw(st, p, 5)
        r = st.rng.coin()  # MZL-SETUP-8
        if st.logging:
            st.say(f"{pl(r)} is picked at random to choose Priority or Non-Priority")
        d.active = r
        st.decide(r, "priority", PriorityChoice(r),
                  "Choose to be the Priority player (act first) or the Non-Priority player")

    def _priority_actions(self, st: GameState) -> list[Action]:
        return [Action("priority:first", "Be the Priority player (act first)", GoFirst(True)),
                Action("priority:second", "Be the Non-Priority player", GoFirst(False))]

    def _perform_priority(self, st: GameState, act: Action, dec: Decision) -> None:
        d: MetaZooData = st.data
        r = dec.params.chooser
        d.priority = r if act.args.first else opponent(r)
        d.active = d.priority
        d.first = d.priority
        if st.logging:
            st.say(f"{pl(d.priority)} is the Priority player; {pl(opponent(d.priority))} is the Non-Priority player")
        st.push(PlaceTerra(0))

    def _place_terra(self, st: GameState, step: PlaceTerra) -> None:
        """MZL-SETUP-10..14: lanes 1-4 in turn, Priority player first, each choosing which
        of their Starter Terras to place; free, no triggers."""
        d: MetaZooData = st.data
        k = step.lane
        if k >= LANES:
            d.phase = "ready"
            return
        p = d.priority if k % 2 == 0 else opponent(d.priority)
        opts = distinct_by_name(d, d.starters[p])
        if not opts:
            if st.logging:
                st.say(f"{pl(p)} has no Starter Terra left: {lane_txt(k)} starts razed")
            st.push(PlaceTerra(k + 1))
        elif len(opts) == 1:
            self._put_starter(st, p, k, opts[0])
        else:
            st.decide(p, "starter", StarterChoice(k, p), f"Choose the Starter Terra to place in {lane_txt(k)}")

    def _starter_actions(self, st: GameState) -> list[Action]:
        d: MetaZooData = st.data
        sc: StarterChoice = waiting(st)
        return [Action(f"starter:c{t}", f"Place {nm(d, t)} in {lane_txt(sc.lane)}", PickCard(t))
                for t in distinct_by_name(d, d.starters[sc.player])]

    def _perform_starter(self, st: GameState, act: Action, dec: Decision) -> None:
        sc: StarterChoice = dec.params
        self._put_starter(st, sc.player, sc.lane, act.args.card)

    def _put_starter(self, st: GameState, p: int, k: int, t: int) -> None:
        d: MetaZooData = st.data
        d.starters[p].remove(t)
        d.terra[k] = t
        d.cards_moved()
        if st.logging:
            st.say(f"{pl(p)} places Starter Terra {nm(d, t)} in {lane_txt(k)}")
        st.push(PlaceTerra(k + 1))

    # ------------------------------------------------------------- rounds
    def _round_begin(self, st: GameState, step: RoundBegin) -> None:
        d: MetaZooData = st.data
        if d.round > 1:
            d.priority = opponent(d.priority)  # MZL-DRAW-1
        d.active = d.priority
        if st.logging:
            st.say(f"— Round {d.round}: {pl(d.priority)} has Priority —")
        d.phase = "draw"
        for p in turn_order(d.priority):
            draw(st, p, 1)                # MZL-DRAW-3
        d.phase = "aura"
        for p in turn_order(d.priority):
            aura.add_from_aura_deck(st, p, False, "Aura phase")  # MZL-AURAPH-1..5
        d.tapped.clear()                  # MZL-AURAPH-6/7/9: Aura, units, Casters
        d.resolved = [False] * LANES      # MZL-AURAPH-8
        d.touch()
        d.phase = "action"
        st.push(Turn(d.priority))
        emit(st, Event("action_start"))

    def _turn(self, st: GameState, step: Turn) -> None:
        """MZL-ACTION-1..6: alternate single actions until all 4 lanes are resolved."""
        d: MetaZooData = st.data
        if check_win(st):
            return
        if all(d.resolved):
            st.push(RoundEnd(0))
            return
        d.active = step.player
        st.decide(step.player, "action", step, "Take an action (play, enhance, trade, ability or declare a mission)")

    def _round_end(self, st: GameState, step: RoundEnd) -> None:
        """MZL-ROUND-6: (1) Aura in lanes go home, keeping their orientation; (2) "end of
        round" effects in the Priority player's order; (3) give/deal effects and damage go,
        together; (4) once-per-round marks are cleared."""
        d: MetaZooData = st.data
        if step.stage == 0:
            d.phase = "end"
            d.active = d.priority
            for side in range(LANES * 2):
                if d.enh[side]:
                    d.aura_zone[side & 1].extend(d.enh[side])
                    d.enh[side] = []
            d.touch()
            if st.logging:
                st.say(f"End of round {d.round}: Aura in lanes return to their Aura zones")
            st.push(RoundEnd(1))
            emit(st, Event("round_end"))
            d.owed = [0, 0]
            return
        d.mods = expire(d.mods, ROUND)
        d.damage.clear()
        d.used.clear()
        d.touch()
        check_win(st)

    def _trigger(self, st: GameState, step: ResolveTrigger) -> None:
        t = step.trigger
        if type(t) is TempAuraTrigger:
            st.push(TempReturn(t.player))
        else:
            st.push(ResolveAbility(t.ctx))

    # ------------------------------------------------------------- the action decision
    def surely_several(self, st: GameState) -> bool:
        """Kernel hint (the kernel need not list the options to see whether one could be taken
        by itself): an action decision with 2+ unresolved lanes has 2+ declarations, and the
        decisions of SEVERAL_KINDS are only set up when there are 2+ options."""
        dec = st.decision
        if dec is None:
            return False
        kind = dec.kind
        if kind == "action":
            left = st.data.resolved.count(False)
            # one lane left: its declaration, and a trade if one is offered
            return left >= 2 or left == 1 and aura.can_trade(st.data, dec.params.player)
        return kind in SEVERAL_KINDS

    def _action_actions(self, st: GameState) -> list[Action]:
        d: MetaZooData = st.data
        p = waiting(st).player
        srcs = stats.static_sources(d)
        sides = stats.side_facts(d, p, srcs)
        acts = play.play_actions(st, p, srcs, sides)
        acts += aura.enhance_actions(st, p, sides)
        acts += aura.trade_actions(st, p)
        acts += play.ability_actions(st, p)
        label = _declare_label if st.logging else _LAZY_DECLARE_LABELS.__getitem__
        resolved = d.resolved
        acts += [make(Action, (DECLARE_IDS[ln], label(ln), make(DeclareMission, (ln,))))
                 for ln in range(LANES) if not resolved[ln]]
        return acts

    def _perform_action(self, st: GameState, act: Action, dec: Decision) -> None:
        p = dec.params.player
        choice = act.args
        t = type(choice)
        st.push(make(Turn, (opponent(p),)))  # the other player acts next (MZL-ACTION-1)
        if t is PlayCard:
            play.start_play(st, p, choice)
        elif t is EnhanceLane:
            aura.start_enhance(st, p, choice.lane)
        elif t is TradeAura:
            aura.start_trade(st, p, choice.aura)
        elif t is UseAbility:
            play.start_ability_use(st, p, choice)
        elif t is DeclareMission:
            mission.declare(st, p, choice.lane)

    # ------------------------------------------------------------- decisions
    def legal_actions(self, st: GameState) -> list[Action]:
        """The options of the pending decision. They are kept with the data for that decision
        (the same Decision object): copies made for lookahead share them instead of listing
        them again. Only a new decision changes them (game.determinize forgets them)."""
        dec = st.decision
        assert dec is not None
        d: MetaZooData = st.data
        known = d.offered
        if known is not None and known[0] is dec:
            return list(known[1])
        acts = self._actions[dec.kind](st)
        d.offered = (dec, tuple(acts))
        return acts

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        self._performs[dec.kind](st, act, dec)
