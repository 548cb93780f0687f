"""Spark Circle's rules, built only from kernel primitives.

- Each turn the active seat draws a card (or, with an empty deck, takes 1 damage, then 2, ...), then plays
  cards until it ends its turn: a Bolt aims 2 damage at another seat, a Mender or Scribe
  stays in play.
- Playing a Bolt puts it on the chain and opens a response window for the other seats,
  clockwise from the one after the player. Zap (1 damage) and Shield (counters the newest
  chain item) may be played in that window by whoever holds them; each response reopens the
  window for everyone else. When all asked seats have passed in turn the chain resolves,
  newest first.
- Whenever another seat takes damage, every Mender (heal 1, up to the starting 6) and Scribe (draw a card) in play
  triggers for its controller. Simultaneous triggers are grouped by controller: the active
  seat's group first, then clockwise, each seat ordering its own group.
- State check: a seat at 0 life is out at once, before pending triggers resolve; the game
  ends when one seat is left (places by the order seats went out).
"""
from __future__ import annotations

from typing import Any

from metatcg.engine.rules import Rules
from metatcg.engine.action import Action, Decision
from metatcg.engine.events import emit
from metatcg.engine.seats import after, clockwise, returns_by_place
from metatcg.engine.state import GameState
from metatcg.engine.windows import Window, others_window

from .data import AIMED, KEEPERS, START_LIFE, CircleData
from .records import EndTurn, Link, Main, Play, ResolveChain, Spark, TurnStart, records


def pl(p: int) -> str:
    return f"P{p + 1}"


class CircleRules(Rules):
    action_limit = 3000
    records = records

    # ------------------------------------------------------------- kernel hooks
    def active_player(self, st: GameState) -> int:
        return st.data.active

    def data_from_json(self, obj: Any) -> CircleData:
        return CircleData.from_json(obj)

    def describe_trigger(self, st: GameState, trig: Spark) -> str:
        return f"{st.data.names[trig.card]} ({pl(trig.controller)})"

    def triggers_for(self, st: GameState, event: tuple[str, int]) -> list[Spark]:
        d: CircleData = st.data
        if event[0] != "damaged":
            return []
        return [Spark(c, p) for p in range(d.n) if p not in d.out and p != event[1] for c in d.inplay[p]]

    def replacements_for(self, st: GameState, event: Any, applied: tuple[Any, ...]) -> list[Any]:
        return []

    def trigger_groups(self, st: GameState, batch: tuple[Spark, ...]) -> list[tuple[int, tuple[Spark, ...]]]:
        d: CircleData = st.data
        return [(p, tuple(t for t in batch if t.controller == p)) for p in clockwise(d.n, d.active)]

    def state_check(self, st: GameState) -> None:
        d: CircleData = st.data
        for p in clockwise(d.n, d.active):
            if d.life[p] <= 0 and p not in d.out:
                d.out.append(p)
                st.say(f"{pl(p)} is out")
        alive = d.alive()
        if len(alive) <= 1:
            place = {p: d.n - 1 - i for i, p in enumerate(d.out)}
            for p in alive:
                place[p] = 0
            st.end(returns_by_place([place[p] for p in range(d.n)]),
                   f"{pl(alive[0])} is the last seat standing" if alive else "everyone is out")

    # ------------------------------------------------------------- response windows
    def responses(self, st: GameState, w: Window, seat: int) -> list[Action]:
        d: CircleData = st.data
        if seat in d.out:
            return []
        acts = []
        for c in d.hand[seat]:
            nm = d.names[c]
            if nm == "Zap":
                acts += [Action(f"zap:c{c}>{pl(t)}", f"Zap {pl(t)} (1 damage)", Play(c, t)) for t in d.alive()]
            elif nm == "Shield" and d.chain:
                top = d.chain[-1]
                acts.append(Action(f"shield:c{c}", f"Shield: counter {d.names[top.card]} of {pl(top.seat)}", Play(c)))
        return acts

    def can_respond(self, st: GameState, w: Window, seat: int) -> bool:
        d: CircleData = st.data
        return seat not in d.out and any(
            d.names[c] == "Zap" or (d.names[c] == "Shield" and d.chain) for c in d.hand[seat])

    def window_prompt(self, st: GameState, w: Window, seat: int) -> str:
        return f"{pl(seat)}: respond to the chain ({len(st.data.chain)} item(s)) or pass"

    # ------------------------------------------------------------- the loop
    def on_idle(self, st: GameState) -> None:
        d: CircleData = st.data
        d.turn += 1
        if d.turn > 1:
            d.active = next(p for p in after(d.n, d.active) if p not in d.out)
        st.say(f"— Turn {d.turn}: {pl(d.active)} —")
        st.push(TurnStart(d.active))

    def run_step(self, st: GameState, step: Any) -> None:
        d: CircleData = st.data
        kind = step.kind
        if kind == "setup":
            for p in range(d.n):
                st.rng.shuffle(d.deck[p])
                for _ in range(3):
                    draw(st, p)
            d.first = d.active = st.rng.below(d.n)
            st.say(f"{pl(d.first)} is picked at random to go first")
        elif kind == "turn_start":
            if d.deck[step.seat]:
                draw(st, step.seat)
            else:
                d.tired[step.seat] += 1  # each empty draw hurts more, so every game ends
                damage(st, step.seat, d.tired[step.seat], "an empty deck")
            st.push(Main(step.seat))
        elif kind == "main":
            st.decide(step.seat, "main", step, f"{pl(step.seat)}: play a card or end your turn")
        elif kind == "resolve_chain":
            if d.chain:
                resolve_top(st)
                st.push(ResolveChain())
        elif kind == "trigger":
            t: Spark = step.trigger
            if d.names[t.card] == "Mender":
                d.life[t.controller] = min(START_LIFE, d.life[t.controller] + 1)
                st.say(f"Mender: {pl(t.controller)} heals to {d.life[t.controller]} life")
            else:
                draw(st, t.controller)
        else:
            raise KeyError(f"unknown step {kind!r}")

    # ------------------------------------------------------------- decisions
    def legal_actions(self, st: GameState) -> list[Action]:
        d: CircleData = st.data
        seat = st.decision.params.seat
        acts = []
        for c in d.hand[seat]:
            nm = d.names[c]
            if nm == "Bolt":
                acts += [Action(f"bolt:c{c}>{pl(t)}", f"Bolt {pl(t)} (2 damage)", Play(c, t))
                         for t in d.alive() if t != seat]
            elif nm in KEEPERS:
                acts.append(Action(f"keep:c{c}", f"Put {nm} into play", Play(c)))
        acts.append(Action("end", "End your turn", EndTurn()))
        return acts

    def perform(self, st: GameState, act: Action, dec: Decision) -> None:
        d: CircleData = st.data
        pay = act.args
        seat = dec.player
        if pay.kind == "end_turn":
            st.say(f"{pl(seat)} ends their turn")
            return
        c = pay.card
        d.hand[seat].remove(c)
        nm = d.names[c]
        if nm in KEEPERS:
            d.inplay[seat].append(c)
            st.say(f"{pl(seat)} puts {nm} into play")
            st.push(Main(seat))
            return
        d.chain.append(Link(c, seat, pay.target))
        aim = f" at {pl(pay.target)}" if pay.target >= 0 else ""
        st.say(f"{pl(seat)} plays {nm}{aim}")
        if dec.kind == "main":  # a Bolt: the others may respond, then the chain resolves
            st.push(others_window("chain", d.n, seat), ResolveChain(), Main(seat))
        # in a window the kernel reopens it for everyone else (its default)


def draw(st: GameState, p: int) -> None:
    d: CircleData = st.data
    if d.deck[p]:
        c = d.deck[p].pop(0)
        d.hand[p].append(c)
        st.say(f"{pl(p)} draws {d.names[c]}", p, f"{pl(p)} draws a card")


def damage(st: GameState, p: int, amount: int, why: str) -> None:
    d: CircleData = st.data
    d.life[p] -= amount
    st.say(f"{pl(p)} takes {amount} damage from {why} ({d.life[p]} life)")
    emit(st, ("damaged", p))


def resolve_top(st: GameState) -> None:
    """The newest chain item resolves (LIFO)."""
    d: CircleData = st.data
    link = d.chain.pop()
    nm = d.names[link.card]
    d.discard[link.seat].append(link.card)
    if nm == "Shield":
        if d.chain:
            gone = d.chain.pop()
            d.discard[gone.seat].append(gone.card)
            st.say(f"{pl(link.seat)}'s Shield counters {d.names[gone.card]} of {pl(gone.seat)}")
        return
    if link.target in d.out:
        st.say(f"{nm} of {pl(link.seat)} fizzles: {pl(link.target)} is out")
        return
    damage(st, link.target, AIMED[nm], f"{pl(link.seat)}'s {nm}")


def view(st: GameState, me: int) -> dict[str, Any]:
    """What ``me`` may know: own hand, everyone's life, hand and deck sizes, play, chain."""
    d: CircleData = st.data
    return {
        "turn": d.turn, "active": d.active, "out": list(d.out),
        "chain": [{"card": d.names[x.card], "seat": x.seat, "target": x.target} for x in d.chain],
        "players": [{"life": d.life[p], "hand_size": len(d.hand[p]), "deck_size": len(d.deck[p]),
                     "hand": [d.names[c] for c in d.hand[p]] if p == me else None,
                     "in_play": [d.names[c] for c in d.inplay[p]],
                     "discard": [d.names[c] for c in d.discard[p]]} for p in range(d.n)],
    }


CircleRules.view = lambda self, st, player: view(st, player)  # type: ignore[attr-defined]
