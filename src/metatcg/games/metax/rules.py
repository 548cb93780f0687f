"""MetaX rules procedures: setup, mulligan, the three steps of a turn, triggers.

Steps are tuples on the kernel's stack; this module dispatches them and turns
decisions into legal actions. Battle details live in ``battle.py``, effect
primitives in ``effects.py``, Stat reads in ``stats.py``.
"""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.events import TURN, expire
from ...engine.state import ORDER_DECISION, GameState, ResolveTrigger
from . import battle, effects, stats
from .data import MetaXData
from .effects import char_name, distinct_by_name, draw, gain_mp, name, pl, start_effect


class MetaXRules:
    action_limit = 4000

    def __init__(self, pool) -> None:
        self.pool = pool

    # ------------------------------------------------------------- kernel hooks
    def active_player(self, st: GameState) -> int:
        return st.data.active

    def data_from_json(self, obj) -> MetaXData:
        return MetaXData.from_json(obj, self.pool)

    def view(self, st: GameState, player: int) -> dict:
        from .view import view
        return view(st, player)

    def describe_trigger(self, st: GameState, trig: tuple) -> str:
        d: MetaXData = st.data
        src, ctrl = trig[0], trig[1]
        return f"{char_name(d, src)} ({pl(ctrl)}): {d.cards[src].text or 'triggered ability'}"

    def triggers_for(self, st: GameState, event: tuple) -> list[tuple]:
        """Constant 'whenever' abilities that ``event`` starts (each waits as data)."""
        d: MetaXData = st.data
        kind = event[0]
        out = []
        for p in (d.active, 1 - d.active):
            for c in d.inplay[p]:
                card = d.cards[c]
                if not card.has_constant:
                    continue
                for ei, eff in enumerate(card.effects):
                    w = eff.when
                    if w is None:
                        continue
                    hit = ((kind == "ko" and ((w == "ko_opponent" and event[2] != p) or
                                              (w == "ko_own" and event[2] == p)))
                           or (kind == "vp" and w == "vp_gained" and event[1] == p)
                           or (kind == "defend" and w == "defended" and event[1] == c)
                           or (kind == "attack" and w == "attacked" and event[1] == c))
                    if not hit:
                        continue
                    if eff.once_per_turn:
                        key = f"{c}:{ei}"
                        if key in d.used:
                            continue
                        d.used.add(key)
                    out.append((c, p, ei, -1, -1, -1))
        return out

    def replacements_for(self, st: GameState, event: tuple, applied: tuple) -> list:
        """("ko", iid): the Character's own constant "instead of being KO'd" effects (effect
        indexes), once-per-turn ones only if unused this turn."""
        d: MetaXData = st.data
        if event[0] != "ko":
            return []
        iid = event[1]
        return [ei for ei, eff in enumerate(d.cards[iid].effects)
                if eff.instead_of == "ko" and ei not in applied
                and not (eff.once_per_turn and f"{iid}:{ei}" in d.used)]

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        """Nothing left to do this turn: the next turn begins (MX-TURN-2/3)."""
        d: MetaXData = st.data
        d.turn += 1
        d.active = d.first if d.turn == 1 else 1 - d.active
        d.played_char = False
        d.used.clear()
        st.say(f"— Turn {d.turn}: {pl(d.active)} —")
        st.push(("prep",), ("planning",))

    def run_step(self, st: GameState, step: tuple) -> None:
        if type(step) is ResolveTrigger:  # transitional: kernel record to the game's tuple
            step = ("trigger", step.trigger)
        k = step[0]
        d: MetaXData = st.data
        if k == "op":
            effects.run_op(st, step)
        elif k == "planning":
            d.phase = "planning"
            st.decide(d.active, "planning", (), "Planning Step: play a Character or Events, use Push effects")
        elif k == "battle":
            d.phase = "battle"
            st.decide(d.active, "declare", (), "Battle Step: declare an attack or finish")
        elif k == "links":
            if battle.link_actions(st, step[1]):
                st.decide(d.active, "link", (step[1],), "Team Attack: Link a Character (5 MP each)?")
        elif k == "defense":
            d.phase = "defense"
            if not d.attacks:
                st.push(("end_battle",))
            else:
                st.decide(1 - d.active, "defend", (), "Assign a defender or finish")
        elif k == "damage":
            d.phase = "damage"
            todo = battle.unresolved_defended(d)
            if not todo:
                st.push(("vps",))
            elif len(todo) == 1:
                st.push(("damage",))
                battle.resolve_defended(st, todo[0])
            else:
                st.decide(d.active, "resolve_order", (), "Choose the defended attack that resolves next")
        elif k == "vps":
            battle.award_vps(st)
            st.push(("end_battle",))
        elif k == "end_battle":
            battle.end_battle(st)
            d.mods = expire(d.mods, TURN)  # MX-TURN-4: "this turn" ends after MX-BTL-5
            effects.check_kos(st)  # MX-KO-6: a Rank that falls back may meet a KO condition
            d.phase = "end"
        elif k == "trigger":
            t = step[1]
            start_effect(st, t[0], t[1], t[2], t[3], t[4], t[5])
        elif k == "may":
            st.decide(step[2], "may", (step,), f"{name(d, step[1])}: use this effect?")
        elif k == "discard":
            st.decide(step[1], "discard", step[1:], f"{name(d, step[3])}: choose a card to discard")
        elif k == "event_done":
            iid = step[1]
            if iid in d.resolving:
                d.resolving.remove(iid)
                effects.to_discard(d, iid)
        elif k == "prep":
            self._prep_step(st)
        elif k == "setup":
            self._setup(st)
        elif k == "mulligan_ask":
            st.decide(step[1], "mulligan", (), "Mulligan? (hand to the bottom of your deck, draw 5)")
        elif k == "bottom":
            p = step[1]
            if len(distinct_by_name(d, d.hand[p])) == 1:  # no "(only choice)" log naming them (MX-SETUP-7)
                for c in d.hand[p]:
                    d.deck[p].append(c)
                    st.say(f"{pl(p)} puts {name(d, c)} on the bottom of their deck", p,
                           f"{pl(p)} puts a card on the bottom of their deck")
                d.hand[p].clear()
            if d.hand[p]:
                st.decide(p, "bottom", (p,), "Choose the next card to put on the bottom of your deck")
            else:
                draw(st, p, 5)
        else:
            raise KeyError(f"unknown step {k!r}")

    # ------------------------------------------------------------- setup
    def _setup(self, st: GameState) -> None:
        """MX-SETUP-1..3: shuffle, pick the first player at random, draw 5 each."""
        d: MetaXData = st.data
        for p in (0, 1):
            st.rng.shuffle(d.deck[p])
            st.say(f"{pl(p)} shuffles their deck")
        d.first = st.rng.coin()
        d.active = d.first
        st.say(f"Coin flip: {pl(d.first)} takes the first turn")
        for p in (d.first, 1 - d.first):
            draw(st, p, 5)
        d.phase = "mulligan"
        st.push(("mulligan_ask", d.first), ("mulligan_ask", 1 - d.first))

    def _prep_step(self, st: GameState) -> None:
        """MX-PREP-1..6."""
        d: MetaXData = st.data
        d.phase = "prep"
        p = d.active
        if d.turn == 1:
            st.say(f"{pl(p)} skips the Prep Step on the first turn")
            return
        mine = [c for c in d.inplay[p] if c in d.pushed]
        for c in mine:
            d.pushed.discard(c)
        if mine:
            st.say(f"{pl(p)} Preps {', '.join(name(d, c) for c in mine)}")
        draw(st, p, 1)

    # ------------------------------------------------------------- decisions
    def legal_actions(self, st: GameState) -> list[Action]:
        d: MetaXData = st.data
        dec = st.decision
        k = dec.kind
        if k == "planning":
            return self._planning_actions(st)
        if k == "declare":
            return battle.attack_actions(st)
        if k == "defend":
            return battle.defend_actions(st)
        if k == "defend_card":
            return battle.defend_card_actions(st, dec.params[0], dec.params[1])
        if k == "link":
            return battle.link_actions(st, dec.params[0])
        if k == "resolve_order":
            return battle.resolve_order_actions(st)
        if k == "mulligan":
            return [Action("mulligan", "Mulligan: hand to the bottom of the deck, draw 5 new cards", ("mulligan",)),
                    Action("keep", "Keep this hand", ("keep",))]
        if k == "bottom":
            p = dec.params[0]
            return [Action(f"bottom:c{c}", f"Put {name(d, c)} next on the bottom", ("bottom", p, c))
                    for c in distinct_by_name(d, d.hand[p])]
        if k == ORDER_DECISION:
            return st.order_trigger_actions()
        return effects.actions_for(st)

    def _planning_actions(self, st: GameState) -> list[Action]:
        d: MetaXData = st.data
        p = d.active
        acts = []
        hand = distinct_by_name(d, d.hand[p])
        if not d.played_char and len(d.inplay[p]) < 3:  # MX-PLAN-2/3
            for c in hand:
                cd = d.cards[c]
                if cd.is_character:
                    acts.append(Action(f"play:c{c}", f"Play {cd.name} (+{cd.mp} MP)", ("play", c)))
        for c in hand:
            cd = d.cards[c]
            if cd.type == "event" and stats.affordable(d, p, c):
                acts.append(Action(f"event:c{c}", f"Play event {cd.name} ({cd.mp} MP)", ("event", c)))
        for c in d.inplay[p]:
            if c in d.pushed or stats.new_this_turn(d, c):  # MX-PLAN-6/7
                continue
            pushes = [ei for ei, e in enumerate(d.cards[c].effects) if e.kind == "push"]
            for ei in pushes:
                suffix = f":{ei}" if len(pushes) > 1 else ""
                acts.append(Action(f"push:c{c}{suffix}", f"Push {char_name(d, c)} to use its effect", ("push", c, ei)))
        acts.append(Action("end_planning", "Go to the Battle Step", ("end_planning",)))
        return acts

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        d: MetaXData = st.data
        a = act.args
        k = a[0]
        p = d.active
        if k == "play":
            c = a[1]
            d.from_hand(p, c)
            d.played_char = True  # MX-PLAN-2: only Characters played from hand count
            st.say(f"{pl(p)} plays {name(d, c)}")
            st.push(("planning",))
            effects.enter_play(st, c, p)
        elif k == "event":
            c = a[1]
            d.from_hand(p, c)
            d.resolving.append(c)
            st.say(f"{pl(p)} plays event {name(d, c)}")
            gain_mp(st, p, d.cards[c].mp, name(d, c))  # MX-PLAN-8: pay, use, discard
            st.push(("event_done", c), ("planning",))  # discarded once used, before the next choice
            self._use(st, c, p, "play")
        elif k == "push":
            c, ei = a[1], a[2]
            d.pushed.add(c)
            st.say(f"{pl(p)} Pushes {name(d, c)} to use its effect")
            st.push(("planning",))
            start_effect(st, c, p, ei)
        elif k == "end_planning":
            st.push(("battle",))
        elif k == "attack":
            st.push(("battle",))
            battle.declare_attack(st, a[1], a[2])
        elif k == "link":
            battle.link(st, a[1], a[2], a[3])
            st.push(("links", a[1]))
        elif k == "no_link":
            pass
        elif k == "end_attacks":
            st.push(("defense",))
        elif k == "defend":
            st.decide(1 - p, "defend_card", (a[1], a[2]), f"Choose the Battle Card {name(d, a[1])} plays")
        elif k == "with":
            st.push(("defense",))
            battle.assign_defender(st, a[1], a[2], a[3], a[4])
        elif k == "end_defense":
            st.push(("damage",))
        elif k == "resolve":
            st.push(("damage",))
            battle.resolve_defended(st, a[1])
        elif k in ("mulligan", "keep"):
            q = dec.player
            d.mulligan[q] = k == "mulligan"
            st.say(f"{pl(q)} {'mulligans' if k == 'mulligan' else 'keeps their hand'}")
            if k == "mulligan":
                st.push(("bottom", q))
        elif k == "bottom":
            q, c = a[1], a[2]
            d.from_hand(q, c)
            d.deck[q].append(c)
            st.say(f"{pl(q)} puts {name(d, c)} on the bottom of their deck", q,
                   f"{pl(q)} puts a card on the bottom of their deck")
            st.push(("bottom", q))
        else:
            effects.perform(st, act, dec)

    @staticmethod
    def _use(st: GameState, c: int, p: int, kind: str) -> None:
        effs = st.data.cards[c].effects
        for ei in range(len(effs) - 1, -1, -1):
            if effs[ei].kind == kind:
                start_effect(st, c, p, ei)
