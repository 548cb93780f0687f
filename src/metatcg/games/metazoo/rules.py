"""MetaZoo (four-lane) rules procedures: setup, rounds, the action phase, and the dispatch
of steps and decisions to the modules that carry them out.

Round (MZL-ROUND): draw phase (Priority trade from round 2, draw 1), Aura phase (1 Aura up
to 10, untap everything, ready the lanes), action phase (one action per turn, alternating,
no passing; ends once all 4 lanes are resolved), end-of-round cleanup in MZL-ROUND-6 order.
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.events import ROUND, emit, expire
from ...engine.state import ORDER_DECISION, GameState, ResolveTrigger
from . import aura, board, choices, effects, mission, play, stats, triggers
from .board import distinct_by_name, lane_txt, nm, pl
from .data import LANES, MetaZooData


class MetaZooRules:
    action_limit = 6000

    def __init__(self, pool) -> None:
        self.pool = pool
        self._steps = {
            "setup": self._setup, "place_terra": self._place_terra, "round_begin": self._round_begin,
            "turn": self._turn, "round_end": self._round_end, "trigger": self._trigger,
            "pay": aura.step_pay, "aura_op": aura.step_aura_op, "temp_return": aura.step_temp_return,
            "place": play.step_place, "strategy_done": play.step_strategy_done, "sac": play.step_sac,
            "ability": effects.step_ability, "op": effects.step_op, "pop": effects.step_pop,
            "sel": effects.step_sel, "uop": effects.step_uop, "batch": effects.step_batch,
            "discard": choices.step_discard, "discover": choices.step_discover, "bottom": choices.step_bottom,
            "mission": mission.step_mission, "destroy": mission.step_destroy,
            "shatter": board.step_shatter, "damage": board.step_damage, "overflow": board.step_overflow,
            "sba_item": lambda st, s: board.sba_item(st, s[1]),
        }
        self._actions = {
            "priority": self._priority_actions, "starter": self._starter_actions, "action": self._action_actions,
            "pay": aura.pay_actions, "enhance_with": aura.enhance_with_actions, "swap": aura.swap_actions,
            "temp_return": aura.temp_return_actions, "aura_op": aura.aura_op_actions,
            "may": effects.may_actions, "target": effects.target_actions, "lane": effects.lane_actions,
            "move_to": effects.move_to_actions, "order": effects.order_actions, "discard": choices.discard_actions,
            "discover": choices.discover_actions, "bottom": choices.bottom_actions, "search": choices.search_actions,
            "recover": choices.recover_actions, "sacrifice": play.sacrifice_actions,
            "destroy": mission.destroy_actions, "overflow": board.overflow_actions,
            "replace_order": board.replacement_actions, "instead": board.replacement_actions,
            ORDER_DECISION: lambda st: st.order_trigger_actions(),
        }
        self._performs = {
            "priority": self._perform_priority, "starter": self._perform_starter,
            "play": self._perform_action, "enhance": self._perform_action, "trade": self._perform_action,
            "ability": self._perform_action, "declare": self._perform_action,
            "pay": aura.pay_perform,
            "enhance_with": lambda st, a, dec: aura.enhance(st, dec.params[0], dec.params[1], a.args[1]),
            "swap": lambda st, a, dec: aura.swap(st, dec.params[0], a.args[1]),
            "temp_return": aura.temp_return_perform, "aura_op": aura.aura_op_perform,
            "may": effects.may_perform, "target": effects.target_perform, "lane": effects.lane_perform,
            "move_to": effects.move_to_perform, "order": effects.order_perform,
            "discard": choices.discard_perform, "discover": choices.discover_perform,
            "bottom": choices.bottom_perform, "search": choices.search_perform, "recover": choices.recover_perform,
            "sacrifice": play.sacrifice_perform, "destroy": mission.destroy_perform,
            "overflow": board.overflow_perform, "replace": board.replacement_perform,
            "instead": board.replacement_perform,
        }

    # ------------------------------------------------------------- kernel hooks
    def active_player(self, st: GameState) -> int:
        return st.data.active

    def data_from_json(self, obj) -> MetaZooData:
        return MetaZooData.from_json(obj, self.pool)

    def view(self, st: GameState, player: int) -> dict:
        from .view import view
        return view(st, player)

    def describe_trigger(self, st: GameState, trig: tuple) -> str:
        return triggers.describe_trigger(st, trig)

    def triggers_for(self, st: GameState, event: tuple) -> list[tuple]:
        return triggers.triggers_for(st, event)

    def replacements_for(self, st: GameState, event: tuple, applied: tuple) -> list:
        """Replacement effects are offered by the Shatter and damage steps themselves, at the
        moment the event happens (MZL-ERRATA-REPLEFF-2): ``event`` is (kind, unit)."""
        return board.replacements_for(st.data, event[0], event[1], applied)

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do: a new round begins (MZL-ROUND-1)."""
        d: MetaZooData = st.data
        d.round += 1
        st.push(("round_begin",))

    def run_step(self, st: GameState, step: tuple) -> None:
        if type(step) is ResolveTrigger:  # transitional: kernel record to the game's tuple
            step = ("trigger", step.trigger)
        d: MetaZooData = st.data
        k = step[0]
        if d.dirty and not (k == "damage" and step[5]) and board.state_check(st, step):
            return
        self._steps[k](st, step)
        if d.dirty and st.decision is None and st.result is None:
            # PR-MZL-8: the state check comes right after the change, before the triggers it
            # caused are ordered (they wait beneath, as the kernel would have put them).
            top = st.stack[-1] if st.stack else None
            if top is not None and top[0] == "damage" and top[5]:
                return  # the second half of a Duel is simultaneous with the first
            st.flush_triggers()
            board.state_check(st, None)

    # ------------------------------------------------------------- setup (MZL-SETUP)
    def _setup(self, st: GameState, step: tuple) -> None:
        d: MetaZooData = st.data
        for p in (0, 1):
            st.say(f"{pl(p)} puts {nm(d, d.caster[p])} face up in their Caster zone")
            st.rng.shuffle(d.aura_deck[p])
            st.say(f"{pl(p)} shuffles their Aura deck")
            a = d.aura_deck[p].pop(0)
            d.aura_zone[p].append(a)  # MZL-SETUP-3/4: the top Aura, untapped
            st.say(f"{pl(p)} puts {nm(d, a)} into their Aura zone")
            st.rng.shuffle(d.deck[p])
            st.say(f"{pl(p)} shuffles their deck")
            board.draw(st, p, 5)
        r = st.rng.coin()  # MZL-SETUP-8
        st.say(f"{pl(r)} is picked at random to choose Priority or Non-Priority")
        d.active = r
        st.decide(r, "priority", (r,), "Choose to be the Priority player (act first) or the Non-Priority player")

    def _priority_actions(self, st: GameState) -> list[Action]:
        return [Action("priority:first", "Be the Priority player (act first)", ("priority", 0)),
                Action("priority:second", "Be the Non-Priority player", ("priority", 1))]

    def _perform_priority(self, st: GameState, act: Action, dec: Decision) -> None:
        d: MetaZooData = st.data
        r = dec.params[0]
        d.priority = r if act.args[1] == 0 else 1 - r
        d.active = d.priority
        d.first = d.priority
        st.say(f"{pl(d.priority)} is the Priority player; {pl(1 - d.priority)} is the Non-Priority player")
        st.push(("place_terra", 0))

    def _place_terra(self, st: GameState, step: tuple) -> None:
        """MZL-SETUP-10..14: lanes 1-4 in turn, Priority player first, each choosing which
        of their Starter Terras to place; free, no triggers."""
        d: MetaZooData = st.data
        k = step[1]
        if k >= LANES:
            d.phase = "ready"
            return
        p = d.priority if k % 2 == 0 else 1 - d.priority
        opts = distinct_by_name(d, d.starters[p])
        if not opts:
            st.say(f"{pl(p)} has no Starter Terra left: {lane_txt(k)} starts razed")
            st.push(("place_terra", k + 1))
        elif len(opts) == 1:
            self._put_starter(st, p, k, opts[0])
        else:
            st.decide(p, "starter", (k, p), f"Choose the Starter Terra to place in {lane_txt(k)}")

    def _starter_actions(self, st: GameState) -> list[Action]:
        d: MetaZooData = st.data
        k, p = st.decision.params
        return [Action(f"starter:c{t}", f"Place {nm(d, t)} in {lane_txt(k)}", ("starter", t))
                for t in distinct_by_name(d, d.starters[p])]

    def _perform_starter(self, st: GameState, act: Action, dec: Decision) -> None:
        k, p = dec.params
        self._put_starter(st, p, k, act.args[1])

    def _put_starter(self, st: GameState, p: int, k: int, t: int) -> None:
        d: MetaZooData = st.data
        d.starters[p].remove(t)
        d.terra[k] = t
        d.touch()
        st.say(f"{pl(p)} places Starter Terra {nm(d, t)} in {lane_txt(k)}")
        st.push(("place_terra", k + 1))

    # ------------------------------------------------------------- rounds
    def _round_begin(self, st: GameState, step: tuple) -> None:
        d: MetaZooData = st.data
        if d.round > 1:
            d.priority = 1 - d.priority  # MZL-DRAW-1
        d.active = d.priority
        st.say(f"— Round {d.round}: {pl(d.priority)} has Priority —")
        d.phase = "draw"
        for p in (d.priority, 1 - d.priority):
            board.draw(st, p, 1)          # MZL-DRAW-3
        d.phase = "aura"
        for p in (d.priority, 1 - d.priority):
            aura.add_from_aura_deck(st, p, False, "Aura phase")  # MZL-AURAPH-1..5
        d.tapped.clear()                  # MZL-AURAPH-6/7/9: Aura, units, Casters
        d.resolved = [False] * LANES      # MZL-AURAPH-8
        d.touch()
        d.phase = "action"
        st.push(("turn", d.priority))
        emit(st, ("action_start",))

    def _turn(self, st: GameState, step: tuple) -> None:
        """MZL-ACTION-1..6: alternate single actions until all 4 lanes are resolved."""
        d: MetaZooData = st.data
        if board.check_win(st):
            return
        if all(d.resolved):
            st.push(("round_end", 0))
            return
        p = step[1]
        d.active = p
        st.decide(p, "action", (p,), "Take an action (play, enhance, trade, ability or declare a mission)")

    def _round_end(self, st: GameState, step: tuple) -> None:
        """MZL-ROUND-6: (1) Aura in lanes go home, keeping their orientation; (2) "end of
        round" effects in the Priority player's order; (3) give/deal effects and damage go,
        together; (4) once-per-round marks are cleared."""
        d: MetaZooData = st.data
        if step[1] == 0:
            d.phase = "end"
            d.active = d.priority
            for side in range(LANES * 2):
                if d.enh[side]:
                    d.aura_zone[side & 1].extend(d.enh[side])
                    d.enh[side] = []
            d.touch()
            st.say(f"End of round {d.round}: Aura in lanes return to their Aura zones")
            st.push(("round_end", 1))
            emit(st, ("round_end",))
            d.owed = [0, 0]
            return
        d.mods = expire(d.mods, ROUND)
        d.damage.clear()
        d.used.clear()
        d.touch()
        board.check_win(st)

    def _trigger(self, st: GameState, step: tuple) -> None:
        t = step[1]
        if t[0] == "temp":
            st.push(("temp_return", t[1]))
        else:
            st.push(("ability", t[1], 0))

    # ------------------------------------------------------------- the action decision
    def surely_several(self, st: GameState) -> bool:
        """Kernel hint: an action decision with 2+ unresolved lanes has 2+ declarations."""
        dec = st.decision
        return dec.kind == "action" and st.data.resolved.count(False) >= 2

    def _action_actions(self, st: GameState) -> list[Action]:
        d: MetaZooData = st.data
        p = st.decision.params[0]
        srcs = stats.static_sources(d)
        limits = [stats.lane_limit(d, ln, p, srcs) for ln in range(LANES)]
        acts = play.play_actions(st, p, srcs, limits)
        acts += aura.enhance_actions(st, p, srcs, limits)
        acts += aura.trade_actions(st, p)
        acts += play.ability_actions(st, p)
        acts += [Action(f"declare:lane{ln + 1}", f"Declare a mission in {lane_txt(ln)}", ("declare", ln))
                 for ln in range(LANES) if not d.resolved[ln]]
        return acts

    def _perform_action(self, st: GameState, act: Action, dec: Decision) -> None:
        p = dec.params[0]
        a = act.args
        k = a[0]
        st.push(("turn", 1 - p))
        if k == "play":
            play.start_play(st, p, a[1], a[2], a[3], a[4])
        elif k == "enhance":
            aura.start_enhance(st, p, a[1])
        elif k == "trade":
            aura.start_trade(st, p, a[1])
        elif k == "ability":
            play.start_ability_use(st, p, a[1], a[2])
        elif k == "declare":
            mission.declare(st, p, a[1])

    # ------------------------------------------------------------- decisions
    def legal_actions(self, st: GameState) -> list[Action]:
        return self._actions[st.decision.kind](st)

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        self._performs[act.args[0]](st, act, dec)
