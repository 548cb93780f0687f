"""MetaZoo (four-lane) turn procedure: setup (MZL-SETUP), rounds (MZL-ROUND: draw, Aura and
action phases, end-of-round cleanup), the action decision (one action per turn, alternating), and
the tables that send each step and decision kind to the module that carries it out."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...engine.action import Action, Decision
from ...engine.events import ROUND, emit, expire
from ...engine.state import GameState, ResolveTrigger
from . import (aura, checks, choices, harm, lanechoice, ministeps, mission, ops, play, playerops, stats, targets,
               unitops)
from .data import LANES, MetaZooData, opponent, turn_order
from .records import (AuraOp, Batch, Bottom, CheckedUnit, DeclareMission, Destroy, Discard, Discover, EnhanceLane,
                      Event, GoFirst, Mission, Op, Overflow, Pay, PickCard, Place, PlaceTerra, PlayCard, PlayerOp,
                      PriorityChoice, ResolveAbility, RoundBegin, RoundEnd, SacrificeCost, Select, Setup, Shatter,
                      StarterChoice, StrategyDone, TempAuraTrigger, TempReturn, TradeAura, Turn, UnitOp, UseAbility,
                      Damage, make, waiting)
from .zones import check_win, distinct_by_name, draw, lane_txt, nm, pl


def _declare_label(lane: int) -> str:
    return f"Declare a mission in {lane_txt(lane)}"


DECLARE_IDS = tuple(f"declare:lane{ln + 1}" for ln in range(LANES))
_LAZY_DECLARE_LABELS = tuple(partial(_declare_label, ln) for ln in range(LANES))


def setup(st: GameState, step: Setup) -> None:
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


def priority_actions(st: GameState) -> list[Action]:
    return [Action("priority:first", "Be the Priority player (act first)", GoFirst(True)),
            Action("priority:second", "Be the Non-Priority player", GoFirst(False))]


def perform_priority(st: GameState, act: Action, dec: Decision) -> None:
    d: MetaZooData = st.data
    r = dec.params.chooser
    d.priority = r if act.args.first else opponent(r)
    d.active = d.priority
    d.first = d.priority
    if st.logging:
        st.say(f"{pl(d.priority)} is the Priority player; {pl(opponent(d.priority))} is the Non-Priority player")
    st.push(PlaceTerra(0))


def place_terra(st: GameState, step: PlaceTerra) -> None:
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
        put_starter(st, p, k, opts[0])
    else:
        st.decide(p, "starter", StarterChoice(k, p), f"Choose the Starter Terra to place in {lane_txt(k)}")


def starter_actions(st: GameState) -> list[Action]:
    d: MetaZooData = st.data
    sc: StarterChoice = waiting(st)
    return [Action(f"starter:c{t}", f"Place {nm(d, t)} in {lane_txt(sc.lane)}", PickCard(t))
            for t in distinct_by_name(d, d.starters[sc.player])]


def perform_starter(st: GameState, act: Action, dec: Decision) -> None:
    sc: StarterChoice = dec.params
    put_starter(st, sc.player, sc.lane, act.args.card)


def put_starter(st: GameState, p: int, k: int, t: int) -> None:
    d: MetaZooData = st.data
    d.starters[p].remove(t)
    d.terra[k] = t
    d.cards_moved()
    if st.logging:
        st.say(f"{pl(p)} places Starter Terra {nm(d, t)} in {lane_txt(k)}")
    st.push(PlaceTerra(k + 1))


def round_begin(st: GameState, step: RoundBegin) -> None:
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


def turn(st: GameState, step: Turn) -> None:
    """MZL-ACTION-1..6: alternate single actions until all 4 lanes are resolved."""
    d: MetaZooData = st.data
    if check_win(st):
        return
    if all(d.resolved):
        st.push(RoundEnd(0))
        return
    d.active = step.player
    st.decide(step.player, "action", step, "Take an action (play, enhance, trade, ability or declare a mission)")


def round_end(st: GameState, step: RoundEnd) -> None:
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


def trigger(st: GameState, step: ResolveTrigger) -> None:
    t = step.trigger
    if type(t) is TempAuraTrigger:
        st.push(TempReturn(t.player))
    else:
        st.push(ResolveAbility(t.ctx))


def action_actions(st: GameState) -> list[Action]:
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


def perform_action(st: GameState, act: Action, dec: Decision) -> None:
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


# ----------------------------------------------------------------- the wiring
STEPS: dict[type, Callable[[GameState, Any], None]] = {
    Setup: setup, PlaceTerra: place_terra, RoundBegin: round_begin,
    Turn: turn, RoundEnd: round_end, ResolveTrigger: trigger,
    Pay: aura.step_pay, AuraOp: aura.step_aura_op, TempReturn: aura.step_temp_return,
    Place: play.step_place, StrategyDone: play.step_strategy_done, SacrificeCost: play.step_sacrifice,
    ResolveAbility: ops.step_ability, Op: ops.step_op, PlayerOp: playerops.step_player_op,
    Select: targets.step_select, UnitOp: unitops.step_unit_op, Batch: ministeps.step_batch,
    Discard: choices.step_discard, Discover: choices.step_discover, Bottom: choices.step_bottom,
    Mission: mission.step_mission, Destroy: mission.step_destroy,
    Shatter: harm.step_shatter, Damage: harm.step_damage, Overflow: checks.step_overflow,
    CheckedUnit: checks.step_checked_unit,
}

# decision kind -> (its options, carrying out the chosen one)
DECISIONS: dict[str, tuple[Callable[[GameState], list[Action]], Callable[[GameState, Action, Decision], None]]] = {
    "priority": (priority_actions, perform_priority),
    "starter": (starter_actions, perform_starter),
    "action": (action_actions, perform_action),
    "pay": (aura.pay_actions, aura.pay_perform),
    "enhance_with": (aura.enhance_with_actions, aura.enhance_with_perform),
    "swap": (aura.swap_actions, aura.swap_perform),
    "temp_return": (aura.temp_return_actions, aura.temp_return_perform),
    "aura_op": (aura.aura_op_actions, aura.aura_op_perform),
    "may": (ops.may_actions, ops.may_perform),
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
