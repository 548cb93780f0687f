"""The game-agnostic state container and its decision loop (the game contract).

A state is plain data: the game's own data object (with ``clone`` / ``to_json``),
the RNG, a stack of immutable *steps*, a buffer of simultaneous triggers, the
pending decision, the log and the action history. The engine pops steps and hands
them to the game's rules until one sets a decision; then it waits for ``apply``.
Steps are tuples, never generators, so a game can be cloned or saved mid-decision.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .action import Action, Decision
from .errors import IllegalActionError, StateDataError
from .rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

# Kernel-owned step and decision kinds (games use names without the leading "__").
TRIGGERS_STEP = "__triggers"
ORDER_DECISION = "__order_triggers"


class Rules(Protocol):
    """What a game's rules supply to the kernel."""

    action_limit: int

    def legal_actions(self, state: "GameState") -> list[Action]: ...
    def perform(self, state: "GameState", action: Action, decision: Decision) -> None: ...
    def run_step(self, state: "GameState", step: tuple) -> None: ...
    def on_idle(self, state: "GameState") -> None: ...
    def active_player(self, state: "GameState") -> int: ...
    def describe_trigger(self, state: "GameState", trigger: tuple) -> str: ...
    def triggers_for(self, state: "GameState", event: tuple) -> list[tuple]: ...
    def replacements_for(self, state: "GameState", event: tuple, applied: tuple) -> list: ...
    def view(self, state: "GameState", player: int) -> dict: ...
    def data_from_json(self, obj: Any) -> Any: ...


def tuplify(obj: Any) -> Any:
    """JSON lists back to the immutable tuples steps are made of."""
    if isinstance(obj, list):
        return tuple(tuplify(x) for x in obj)
    return obj


def _distinct_labels(actions: tuple) -> tuple:
    """A person picks by label: options that read alike get their id added."""
    seen: dict[str, int] = {}
    for a in actions:
        seen[a.label] = seen.get(a.label, 0) + 1
    return tuple(a._replace(label=f"{a.label} [{a.id}]") if seen[a.label] > 1 else a for a in actions)


class GameState:
    """One game in progress. See ARCHITECTURE.md, "The game contract"."""

    __slots__ = ("game", "rules", "_surely_several", "data", "rng", "stack", "pending", "decision", "_log",
                 "history", "result", "reason", "actions_taken", "seed", "options", "decks",
                 "_legal", "_by_id")

    def __init__(self, game: "Game", data: Any, seed: int, options: dict, decks: tuple) -> None:
        self.game = game
        self.rules: Rules = game.rules
        # optional cheap hint: True when the pending decision surely has 2+ options, so the
        # engine need not list them just to see whether one could be taken automatically
        self._surely_several = getattr(game.rules, "surely_several", None)
        self.data = data
        self.rng = Rng(seed)
        self.stack: list[tuple] = []
        self.pending: list[tuple] = []
        self.decision: Decision | None = None
        self._log: list[tuple] = []
        self.history: list[str] = []
        self.result: tuple[float, ...] | None = None
        self.reason = ""
        self.actions_taken = 0
        self.seed = seed
        self.options = options
        self.decks = decks
        self._legal: tuple[Action, ...] | None = None
        self._by_id: dict[str, Action] | None = None

    # ----------------------------------------------------------------- contract
    @property
    def num_players(self) -> int:
        return len(self.decks)

    def is_terminal(self) -> bool:
        return self.result is not None

    def current_player(self) -> int:
        """The player who must decide now (-1 once the game is over)."""
        d = self.decision
        return -1 if d is None or self.result is not None else d.player

    def legal_actions(self) -> list[Action]:
        if self.result is not None or self.decision is None:
            return []
        legal = self._legal
        if legal is None:
            legal = tuple(self.rules.legal_actions(self))
            if len({a.label for a in legal}) != len(legal):
                legal = _distinct_labels(legal)
            self._legal = legal
            self._by_id = None
        return list(legal)

    def apply(self, action: Action | str) -> None:
        """Take one legal action. An illegal one raises and changes nothing."""
        aid = action if isinstance(action, str) else action.id
        if self.result is not None:
            raise IllegalActionError(f"the game is over; {aid!r} cannot be applied")
        if self._legal is None:
            self.legal_actions()
        if not isinstance(action, str):
            for a in self._legal:  # fast path: one of the Action objects we just offered
                if a is action:
                    self.history.append(aid)
                    self._take(a)
                    self._advance()
                    return
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = {a.id: a for a in self._legal}
        act = by_id.get(aid)
        if act is None:
            sample = ", ".join(a.id for a in self._legal[:8])
            more = " …" if len(self._legal) > 8 else ""
            raise IllegalActionError(f"{aid!r} is not a legal action now; legal: {sample}{more}")
        self.history.append(aid)
        self._take(act)
        self._advance()

    def returns(self) -> list[float]:
        """+1 win, -1 loss, 0 draw per player (all 0 while the game runs)."""
        if self.result is None:
            return [0.0] * self.num_players
        return list(self.result)

    def winner(self) -> int | None:
        """The single winning player, or None for a draw or an unfinished game."""
        if self.result is None:
            return None
        best = [i for i, r in enumerate(self.result) if r > 0]
        return best[0] if len(best) == 1 else None

    def clone(self) -> "GameState":
        new = GameState.__new__(GameState)
        new.game = self.game
        new.rules = self.rules
        new._surely_several = self._surely_several
        new.data = self.data.clone()
        new.rng = Rng(self.rng.state)
        new.stack = self.stack[:]
        new.pending = self.pending[:]
        new.decision = self.decision
        new._log = self._log[:]
        new.history = self.history[:]
        new.result = self.result
        new.reason = self.reason
        new.actions_taken = self.actions_taken
        new.seed = self.seed
        new.options = self.options
        new.decks = self.decks
        new._legal = self._legal
        new._by_id = self._by_id
        return new

    # ----------------------------------------------------------------- log
    def say(self, text: str, private_to: int = -1, public_text: str | None = None) -> None:
        """Log an event. ``private_to`` sees ``text``; everyone else sees ``public_text``
        (or nothing if it is None)."""
        self._log.append((text, private_to, public_text))

    @property
    def log(self) -> list[str]:
        return [e[0] for e in self._log]

    def log_for(self, player: int) -> list[str]:
        out = []
        for text, private_to, public in self._log:
            if private_to < 0 or private_to == player:
                out.append(text)
            elif public is not None:
                out.append(public)
        return out

    # ----------------------------------------------------------------- views
    def view(self, player: int) -> dict:
        """A JSON-able dict of what ``player`` may know (ARCHITECTURE, views)."""
        if not 0 <= player < self.num_players:
            raise IllegalActionError(f"no player {player} in a {self.num_players}-player game")
        v = self.rules.view(self, player)
        d = self.decision
        v["game"] = self.game.id
        v["you"] = player
        v["deciding"] = None if d is None or self.result else {"player": d.player, "kind": d.kind, "prompt": d.prompt}
        v["legal_actions"] = [a.to_json() for a in self.legal_actions()] if self.current_player() == player else []
        v["result"] = None if self.result is None else {"returns": list(self.result), "reason": self.reason}
        v["log"] = self.log_for(player)
        return v

    # ----------------------------------------------------------------- engine loop
    def push(self, *steps: tuple) -> None:
        """Push steps so that the first one given runs first."""
        self.stack.extend(reversed(steps))

    def decide(self, player: int, kind: str, params: tuple = (), prompt: str = "") -> None:
        self.decision = Decision(player, kind, params, prompt)
        self._legal = None
        self._by_id = None

    def end(self, returns: tuple[float, ...], reason: str) -> None:
        """Finish the game; nothing else happens afterwards."""
        if self.result is None:
            self.result = tuple(returns)
            self.reason = reason
            self.say(f"Game over: {reason}")
            self.decision = None
            self._legal = None
            self._by_id = None

    def flush_triggers(self) -> None:
        """Put the waiting triggers on the stack now (ordered by the active player when
        several). The engine does this after every step; a game calls it when it must act
        (e.g. a state check) after the triggers of a change are queued but before they resolve."""
        if self.pending:
            self.stack.append((TRIGGERS_STEP, tuple(self.pending)))
            self.pending.clear()

    def queue_trigger(self, trigger: tuple) -> None:
        """A triggered ability waits here until the current step is done."""
        self.pending.append(trigger)

    def _take(self, act: Action) -> None:
        self.actions_taken += 1
        decision = self.decision
        self.decision = None
        self._legal = None
        self._by_id = None
        if act.args and act.args[0] == ORDER_DECISION:
            _, batch, i = act.args
            rest = batch[:i] + batch[i + 1:]
            self.push(("trigger", batch[i]), (TRIGGERS_STEP, rest))
        else:
            self.rules.perform(self, act, decision)

    def _advance(self) -> None:
        rules = self.rules
        limit = self.options.get("action_limit", rules.action_limit)
        while self.result is None:
            if self.actions_taken >= limit:
                self.end(tuple([0.0] * self.num_players),
                         f"draw: the action limit of {limit} was reached")
                return
            if self.pending:
                self.flush_triggers()
            if self.decision is not None:
                if self._legal is None and self._surely_several is not None and self._surely_several(self):
                    return  # no need to list the options now: it is not a single-option decision
                legal = self.legal_actions()
                if not legal:
                    raise RuntimeError(f"decision {self.decision} has no legal actions")  # engine bug
                if len(legal) == 1 and self.options.get("auto_single", True):
                    # the label may name hidden cards: only the decider reads it
                    who = self.decision.player
                    self.say(f"(only choice) {legal[0].label}", who,
                             f"(only choice) P{who + 1} takes their only option")
                    self._take(legal[0])
                    continue
                return
            if not self.stack:
                rules.on_idle(self)
                continue
            step = self.stack.pop()
            if step[0] == TRIGGERS_STEP:
                self._order_triggers(step[1])
            else:
                rules.run_step(self, step)

    def _order_triggers(self, batch: tuple) -> None:
        if not batch:
            return
        if len(batch) == 1:
            self.stack.append(("trigger", batch[0]))
            return
        self.decide(self.rules.active_player(self), ORDER_DECISION, (batch,),
                    "Choose which of the simultaneous triggered abilities resolves next")

    def order_trigger_actions(self) -> list[Action]:
        """Kernel-made options for ordering simultaneous triggers (games delegate here)."""
        batch = self.decision.params[0]
        return [Action(f"trigger:{i}", f"Resolve first: {self.rules.describe_trigger(self, t)}",
                       (ORDER_DECISION, batch, i)) for i, t in enumerate(batch)]

    # ----------------------------------------------------------------- persistence
    def record(self) -> dict:
        """Everything needed to replay this game exactly."""
        return {"format": "metatcg-record/1", "game": self.game.id, "options": dict(self.options),
                "decks": [list(d) for d in self.decks], "seed": self.seed, "actions": list(self.history)}

    def to_json_text(self) -> str:
        """The state as JSON text (fast encoder); ``game.state_from_json`` reads it back."""
        from .jsonio import dumps
        return dumps(self.to_json())

    def to_json(self) -> dict:
        d = self.decision
        return {
            "format": "metatcg-state/1",
            "game": self.game.id,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [list(x) for x in self.decks],
            "data": self.data.to_json(),
            "rng": str(self.rng.state),
            "stack": [list(s) for s in self.stack],
            "pending": list(self.pending),
            "decision": None if d is None else d.to_json(),
            "log": [e[0] if e[1] < 0 else list(e) for e in self._log],  # public lines as plain text
            "history": list(self.history),
            "result": None if self.result is None else list(self.result),
            "reason": self.reason,
            "actions_taken": self.actions_taken,
        }

    @classmethod
    def from_json(cls, game: "Game", obj: Any) -> "GameState":
        if not isinstance(obj, dict) or obj.get("format") != "metatcg-state/1":
            raise StateDataError("not a metatcg state (expected format 'metatcg-state/1')")
        if obj.get("game") != game.id:
            raise StateDataError(f"state is for game {obj.get('game')!r}, not {game.id!r}")
        try:
            decks = obj["decks"]
            if not isinstance(decks, list) or not game.min_players <= len(decks) <= game.max_players \
                    or not all(isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks):
                raise StateDataError(f"malformed state JSON: decks must be {game.min_players}-"
                                     f"{game.max_players} lists of card names")
            options = obj["options"]
            defaults = game.default_options()
            if not isinstance(options, dict) or any(type(v) is not type(defaults.get(k)) for k, v in options.items()):
                raise StateDataError(f"malformed state JSON: options must be among {', '.join(defaults)}")
            st = cls(game, game.rules.data_from_json(obj["data"]), int(obj["seed"]),
                     dict(options), tuple(tuple(d) for d in decks))
            st.rng = Rng(int(obj["rng"]))
            st.stack = [tuplify(s) for s in obj["stack"]]
            st.pending = [tuplify(t) for t in obj["pending"]]
            d = obj["decision"]
            st.decision = None if d is None else Decision(int(d[0]), str(d[1]), tuplify(d[2]), str(d[3]))
            if st.decision is not None and not 0 <= st.decision.player < len(decks):
                raise StateDataError("malformed state JSON: the deciding player does not exist")
            st._log = [(e, -1, None) if type(e) is str else
                       (str(e[0]), int(e[1]), None if e[2] is None else str(e[2])) for e in obj["log"]]
            st.history = [str(h) for h in obj["history"]]
            st.result = None if obj["result"] is None else tuple(float(x) for x in obj["result"])
            st.reason = str(obj["reason"])
            st.actions_taken = int(obj["actions_taken"])
        except StateDataError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise StateDataError(f"malformed state JSON: {type(e).__name__}: {e}") from None
        if st.decision is not None and st.result is None:
            try:
                st.legal_actions()
            except Exception as e:  # a decision that does not fit the data
                raise StateDataError(f"malformed state JSON: inconsistent decision ({e})") from None
        return st
