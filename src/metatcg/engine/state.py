"""The game-agnostic state container and its decision loop (the game contract).

A state is plain data: the game's own data object (with ``clone`` / ``to_json``),
the RNG, a stack of immutable *steps* (named records, :mod:`.records`), a buffer of
simultaneous triggers, the pending decision, the log and the action history. The engine
pops steps and hands them to the game's rules until one sets a decision; then it waits
for ``apply``. Steps are records, never generators, so a game can be cloned or saved
mid-decision.

The kernel owns three kinds of step: a batch of simultaneous triggers (grouped by seat
through the game's ``trigger_groups`` hook, each seat ordering its own group), a
response window (:mod:`.windows`), and the ``trigger`` step it hands the game for each
triggered ability. Before queued triggers go on the stack the game's ``state_check``
runs, so its checks come right after the change that caused them.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple

from .action import Action, Decision
from .labels import distinct_labels
from .citations import without_rule_ids as without_rule_ids  # front ends import it from here
from .errors import ArgumentError, IllegalActionError, SeatError, StateDataError, UnfingerprintedError
from .jsonio import detached, dumpb
from .records import INT_BOUND, KERNEL, Registry, decode, encode, is_record
from .rng import Rng
from .rules import DataHooks, RulesHooks, Rules as Rules, overrides
from .windows import ASK_SEATS, PASS_ID, WAITING, WINDOW_DECISION, Window, parse_ask_seats

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .handle import PlayerHandle

STATE_FORMAT = "metatcg-state/2"
ORDER_DECISION = "__order_triggers"

# ------------------------------------------------------------------ kernel records
@KERNEL("__triggers")
class TriggerBatch(NamedTuple):
    """Simultaneous triggers waiting to be grouped by seat and ordered."""

    triggers: tuple[Any, ...]


@KERNEL("__group")
class TriggerGroup(NamedTuple):
    """One seat's share of a batch of simultaneous triggers; that seat orders it."""

    seat: int
    triggers: tuple[Any, ...]


@KERNEL("trigger")
class ResolveTrigger(NamedTuple):
    """The step a game receives for one triggered ability, in the order chosen."""

    trigger: Any


@KERNEL("__pick")
class Pick(NamedTuple):
    """Payload of a kernel-made option: which trigger of a group goes next."""

    nth: int


@KERNEL("__pass")
class Pass(NamedTuple):
    """Payload of the kernel-made "pass" option of a response window."""

    seat: int


def setup_digest(decks: Any, options: Any, seed: Any) -> str:
    """A short hash of what a game starts from: decks in order, options, seed."""
    return hashlib.sha256(dumpb([decks, sorted(dict(options).items()), seed])).hexdigest()[:16]


@lru_cache(maxsize=256)
def _setup_of(decks: tuple[tuple[str, ...], ...], options: tuple[tuple[str, Any], ...], seed: int) -> str:
    """:func:`setup_digest` of a state's own (hashable) setup, worked out once per game: every
    state and copy of a game shares it, and its JSON carries it each time."""
    return setup_digest([list(d) for d in decks], dict(options), seed)


def history_digest(setup: str, history: list[str]) -> str:
    """A short hash of a game's history (every action id in order) and the setup it started from."""
    return hashlib.sha256(dumpb([setup, history])).hexdigest()[:16]


def forced_line(state: "GameState", action: Action) -> str:
    """The decider's log line for a decision with one option, with the game's reason when it
    gives one (``Rules.forced_reason``): "(only choice) Finish declaring attacks: no ..."."""
    dec = state.decision
    why = state.rules.forced_reason(state, dec, action) if dec is not None else ""
    return f"(only choice) {action.label}" + (f": {why}" if why else "")


CONCEDE = "concede:P"          # history ids of concessions (never a game's action id)


def _conceder(aid: str, n: int) -> int:
    """The seat of a ``concede:P<n>`` history id, or a clear error."""
    tail = aid[len(CONCEDE):]
    if not tail.isdigit() or not 1 <= int(tail) <= n:
        raise IllegalActionError(f"{aid!r} names no seat of this {n}-player game")
    return int(tail) - 1


def action_limit_reason(limit: int) -> str:
    """The reason of a game the kernel ended at its action limit (see ``hit_action_limit``)."""
    return f"draw: the action limit of {limit} was reached"


class GameState:
    """One game in progress. See ARCHITECTURE.md, "The game contract"."""

    __slots__ = ("game", "rules", "_surely_several", "_state_check", "_groups", "data", "rng", "stack", "pending",
                 "decision", "_log", "logging", "history", "result", "reason", "actions_taken", "seed",
                 "options", "decks", "_legal", "_by_id", "watcher", "unchecked", "_ask")

    def __init__(self, game: "Game", data: Any, seed: int, options: dict[str, Any],
                 decks: tuple[tuple[str, ...], ...], log: bool = True) -> None:
        self.game = game
        self.rules: Rules = game.rules
        # optional cheap hint: True when the pending decision surely has 2+ options, so the
        # engine need not list them just to see whether one could be taken automatically
        self._surely_several = overrides(game.rules, RulesHooks, "surely_several")
        self._state_check = overrides(game.rules, RulesHooks, "state_check")
        self._groups = overrides(game.rules, RulesHooks, "trigger_groups")
        self.data = data
        self.rng = Rng(seed)
        self.stack: list[Any] = []
        self.pending: list[Any] = []
        self.decision: Decision | None = None
        self._log: list[tuple[str, int, str | None]] = []
        self.logging = log  # quiet mode (False): same game, no log text is made
        self.history: list[str] = []
        self.result: tuple[float, ...] | None = None
        self.reason = ""
        self.actions_taken = 0
        self.seed = seed
        self.options = options
        self.decks = decks
        self._legal: tuple[Action, ...] | None = None
        self._by_id: dict[str, Action] | None = None
        # told of every action just before it is taken, chosen or forced (a simulator's card
        # statistics); copies never carry it, so lookahead on them reports nothing
        self.watcher: Callable[[GameState, Action], None] | None = None
        # rebuilt from a record or state JSON that had no fingerprint to check (the caller chose
        # to trust it): its JSON and record carry none either, so whoever loads them knows
        self.unchecked = False
        # seats asked in every response window (fair windows, PR-K-10), from the table's options
        self._ask: frozenset[int] = parse_ask_seats(options.get(ASK_SEATS, ""), len(decks))

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

    def options_changed(self) -> None:
        """Forget the pending decision's cached options, and the data's own caches (its
        ``forget_derived`` hook): a game that changed the data in place (a determinized copy
        redealing hidden cards) calls it so nothing is read from before the change."""
        self._legal = None
        self._by_id = None
        if isinstance(self.data, DataHooks):
            self.data.forget_derived()

    def legal_actions(self) -> list[Action]:
        return list(self._options())

    def _options(self) -> tuple[Action, ...]:
        """The pending decision's options, listed once and kept until something changes (the
        caller must not change them: :meth:`legal_actions` hands out a copy)."""
        if self.result is not None or self.decision is None:
            return ()
        legal = self._legal
        if legal is None:
            legal = tuple(self._list_actions(self.decision))
            if self.logging:  # labels are read here only when someone may read them
                if len({a.label for a in legal}) != len(legal):   # told apart in words, never by id
                    legal = distinct_labels(self, legal, self.rules.distinct_labels)
            self._legal = legal
            self._by_id = None
        return legal

    def _list_actions(self, dec: Decision) -> list[Action]:
        kind = dec.kind
        if kind == ORDER_DECISION:
            return self.order_trigger_actions()
        if kind == WINDOW_DECISION:
            w: Window = dec.params
            acts = list(self.rules.responses(self, w, dec.player))
            acts.append(Action(PASS_ID, "Pass", Pass(dec.player)))
            return acts
        return self.rules.legal_actions(self)

    def seat(self, player: Any) -> int:
        """``player`` if it is a seat of this game, else a clear :class:`SeatError`."""
        n = len(self.decks)
        if type(player) is not int or not 0 <= player < n:
            raise SeatError(f"no player {player!r} in a {n}-player game (players are 0 to {n - 1})")
        return player

    def apply(self, action: Action | str) -> None:
        """Take one legal action. An illegal one raises and changes nothing. A concession's
        history id (``concede:P2``) applies as :meth:`concede` (so records replay it)."""
        if not isinstance(action, (str, Action)):
            raise IllegalActionError(f"an action is one of legal_actions() or its id (a string), "
                                     f"not {action!r:.60}")
        aid = action if isinstance(action, str) else action.id
        if self.result is not None:
            raise IllegalActionError(f"the game is over; {aid!r} cannot be applied")
        legal = self._options() if self._legal is None else self._legal
        if not isinstance(action, str):
            for a in legal:  # fast path: one of the Action objects we just offered
                if a is action:
                    self.history.append(aid)
                    self._take(a)
                    self._advance()
                    return
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = {a.id: a for a in legal}
        act = by_id.get(aid)
        if act is None:
            if aid.startswith(CONCEDE):   # not a game's id: looked at only off the normal path
                self.concede(_conceder(aid, self.num_players))
                return
            sample = ", ".join(a.id for a in legal[:8])
            more = " …" if len(legal) > 8 else ""
            raise IllegalActionError(f"{aid!r} is not a legal action now; legal: {sample}{more}")
        self.history.append(aid)
        self._take(act)
        self._advance()

    def concede(self, player: int) -> None:
        """``player`` concedes: a loss, at any time, whoever is deciding. The game says what
        follows with ``rules.concede(state, player)`` (e.g. the others play on; its
        ``rules.can_concede(state, player)`` may refuse a seat already out); without it the game
        ends with ``player`` last and every other seat sharing first place. Kept in the history
        as ``concede:P<n>``, so records, replays and JSON copies keep it."""
        self.seat(player)
        if self.result is not None:
            raise IllegalActionError("the game is over; nobody can concede")
        if not self.rules.can_concede(self, player):
            raise IllegalActionError(f"P{player + 1} is out of the game already and cannot concede")
        self.history.append(f"{CONCEDE}{player + 1}")
        self._legal = None
        self._by_id = None
        self.rules.concede(self, player)
        if self.result is None:
            self._advance()

    def returns(self) -> list[float]:
        """One number per player: +1 win, -1 loss, 0 draw; for more than two seats the
        places map as :mod:`.seats` documents (all 0 while the game runs)."""
        if self.result is None:
            return [0.0] * self.num_players
        return list(self.result)

    def winner(self) -> int | None:
        """The single winning player, or None for a draw, a shared win or an unfinished game."""
        if self.result is None:
            return None
        top = max(self.result)
        best = [i for i, r in enumerate(self.result) if r == top and r > 0]
        return best[0] if len(best) == 1 else None

    def handle(self, player: int) -> "PlayerHandle":
        """What a bot or remote player gets: the view, the legal actions, determinize."""
        from .handle import PlayerHandle
        return PlayerHandle(self, self.seat(player))

    def clone(self) -> "GameState":
        new = GameState.__new__(GameState)
        new.game = self.game
        new.rules = self.rules
        new._surely_several = self._surely_several
        new._state_check = self._state_check
        new._groups = self._groups
        new.data = self.data.clone()
        new.rng = Rng(self.rng.state)
        new.stack = self.stack[:]
        new.pending = self.pending[:]
        new.decision = self.decision
        new._log = self._log[:]
        new.logging = self.logging
        new.history = self.history[:]
        new.result = self.result
        new.reason = self.reason
        new.actions_taken = self.actions_taken
        new.seed = self.seed
        new.options = self.options
        new.decks = self.decks
        new._legal = self._legal
        new._by_id = self._by_id
        new.watcher = None
        new.unchecked = self.unchecked
        new._ask = self._ask
        return new

    # ----------------------------------------------------------------- log
    def say(self, text: str, private_to: int = -1, public_text: str | None = None) -> None:
        """Log an event. ``private_to`` sees ``text``; everyone else sees ``public_text``
        (or nothing if it is None). Games skip making the text when ``not state.logging``."""
        if self.logging:
            self._log.append((text, private_to, public_text))

    @property
    def log(self) -> list[str]:
        """The judge's log: every line, private ones too, with the rule IDs lines cite."""
        return [e[0] for e in self._log]

    def log_for(self, player: int, start: int = 0) -> list[str]:
        """What ``player`` may read of the log, without rule IDs (those are for judges);
        ``start``: only from that line of the player's log on (a client that has the rest)."""
        self.seat(player)
        return [without_rule_ids(t) for t in islice(self._readable(player, self._log), self._clamp(start, "start"),
                                                    None)]

    def log_since(self, player: int, mark: int = 0) -> tuple[list[str], int]:
        """The lines ``player`` may read (``-1``: a spectator, as :meth:`public_log`) among the log
        entries from entry ``mark`` on, and the mark to ask from next time. A client kept up to
        date (a server's socket) pays for the new entries only, not for the whole log."""
        log = self._log
        if player != -1:
            self.seat(player)
        return ([without_rule_ids(t) for t in self._readable(player, islice(log, self._clamp(mark, "mark"), None))],
                len(log))

    def public_log(self, start: int = 0) -> list[str]:
        """What a spectator may read of the log (public lines, and the public text of private
        ones), from line ``start`` on."""
        return [without_rule_ids(t) for t in islice(self._readable(-1, self._log), self._clamp(start, "start"), None)]

    def _clamp(self, start: Any, name: str) -> int:
        """A line or entry number as a position in the log (no player reads more lines than the
        log has entries, so any larger number reads nothing); ``name`` names the argument in the
        error a number that is no whole number gets."""
        if type(start) is not int:
            raise ArgumentError(f"{name} must be a whole number (a log line), not {start!r:.40}")
        return min(max(start, 0), len(self._log))

    @staticmethod
    def _readable(player: int, entries: Iterable[tuple[str, int, str | None]]) -> Iterator[str]:
        """The text ``player`` reads of each log entry (-1: nobody's private lines), skipping
        the private ones that show others nothing."""
        for text, private_to, public in entries:
            if private_to < 0 or private_to == player:
                yield text
            elif public is not None:
                yield public

    # ----------------------------------------------------------------- views
    def public_view(self, log_from: int | None = 0) -> dict[str, Any]:
        """What someone at no seat may know (a spectator): the game's view for seat ``-1``, which
        every game words as "not this card's owner", so no hand, deck or face-down card shows."""
        log = [] if log_from is None else self.public_log(log_from)
        return self._framed(self.rules.view(self, -1), None, [], log)

    def view(self, player: int, log_from: int | None = 0, copy: bool = True) -> dict[str, Any]:
        """A JSON-able dict of what ``player`` may know (ARCHITECTURE, views); its ``log`` holds
        the lines of ``log_for(player)`` from ``log_from`` on (None: no lines, for a caller that
        follows the log with :meth:`log_since`). ``copy=False`` skips making it share nothing
        with the state, for a caller that reads it at once and keeps none of it (an RL encoder:
        the copy costs a fifth to a third of the view)."""
        self.seat(player)
        if type(copy) is not bool:
            raise ArgumentError(f"copy must be True or False, not {copy!r:.40}")
        legal = [a.to_json() for a in self.legal_actions()] if self.current_player() == player else []
        log = [] if log_from is None else self.log_for(player, log_from)
        return self._framed(self.rules.view(self, player), player, legal, log, copy)

    def _framed(self, v: dict[str, Any], you: int | None, legal: list[dict[str, str]],
                log: list[str], copy: bool = True) -> dict[str, Any]:
        """A game's view with what every view carries: seat, who decides, options, result, log."""
        d = self.decision
        v["game"] = self.game.id
        v["you"] = you
        v["seats"] = self.num_players
        v["deciding"] = None if d is None or self.result else self.deciding_for(you)
        v["legal_actions"] = legal
        v["result"] = None if self.result is None else {"returns": list(self.result),
                                                         "reason": without_rule_ids(self.reason)}
        v["log"] = log
        if not copy:
            return v
        out: dict[str, Any] = detached(v)  # the caller may keep or change it: nothing is shared
        return out

    def deciding_for(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (None: a spectator) may know of the pending decision: who decides,
        its kind and prompt; in a response window only the seat asked learns that it is asked,
        every other seat reads the same neutral :data:`.windows.WAITING` (PR-K-9)."""
        d = self.decision
        assert d is not None
        if d.kind == WINDOW_DECISION and d.player != viewer:
            return {"player": None, "kind": WINDOW_DECISION, "prompt": WAITING}
        return {"player": d.player, "kind": d.kind, "prompt": d.prompt}

    # ----------------------------------------------------------------- engine loop
    def push(self, *steps: Any) -> None:
        """Push steps so that the first one given runs first."""
        self.stack.extend(reversed(steps))

    def decide(self, player: int, kind: str, params: Any = (), prompt: str = "") -> None:
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

    @property
    def hit_action_limit(self) -> bool:
        """Did the kernel end this game at its action limit (a draw nobody played to)?
        Simulations count these apart; a sound game never reaches it."""
        limit = self.options.get("action_limit", self.rules.action_limit)
        return self.result is not None and self.reason == action_limit_reason(limit)

    def flush_triggers(self) -> None:
        """Put the waiting triggers on the stack now (grouped by seat and ordered). The engine
        does this after every step, right after the game's ``state_check``; a game may call it
        when it must act after the triggers of a change are queued but before they resolve."""
        if self.pending:
            self.stack.append(TriggerBatch(tuple(self.pending)))
            self.pending.clear()

    def queue_trigger(self, trigger: Any) -> None:
        """A triggered ability waits here until the current step is done."""
        self.pending.append(trigger)

    def open_window(self, window: Window) -> None:
        """Push a response window (see :mod:`.windows`); it runs next."""
        self.stack.append(window)

    def _take(self, act: Action) -> None:
        if self.watcher is not None:
            self.watcher(self, act)
        self.actions_taken += 1
        decision = self.decision
        self.decision = None
        self._legal = None
        self._by_id = None
        args = act.args
        t = type(args)
        if t is Pick:
            group: TriggerGroup = decision.params  # type: ignore[union-attr]
            i = args.nth
            batch = group.triggers
            if self.logging:  # the order a seat chose is part of the public record
                self.say(f"P{group.seat + 1} chooses what resolves next: {self.rules.describe_trigger(self, batch[i])}")
            self.push(ResolveTrigger(batch[i]), group._replace(triggers=batch[:i] + batch[i + 1:]))
        elif t is Pass:
            w: Window = decision.params  # type: ignore[union-attr]
            # e.g. to log the choice (a seat skipped for want of options is not asked)
            self.rules.after_pass(self, w, args.seat)
            self.stack.append(w._replace(at=w.at + 1))
        elif decision is not None and decision.kind == WINDOW_DECISION:
            w = decision.params
            self.rules.perform(self, act, decision)
            nxt = self.rules.after_response(self, w, decision.player, act)
            if nxt is not None:
                self.stack.append(nxt)
        else:
            self.rules.perform(self, act, decision)  # type: ignore[arg-type]

    def run_to_decision(self) -> None:
        """Run the steps on the stack until a decision waits or the game is over: how a position
        built by hand (a scenario, a puzzle) is started: nothing the data cached while it was
        being built is trusted (its ``forget_derived`` hook)."""
        self._legal = None
        self._by_id = None
        if isinstance(self.data, DataHooks):
            self.data.forget_derived()
        self._advance()

    def _advance(self) -> None:
        """Run steps until a decision with two or more options waits, or the game is over: the
        game's state check before each step (while no decision waits), then the waiting
        triggers, then a decision with one option taken at once, else the next step. The hot
        loop of every game: what does not change while it runs is read once."""
        rules = self.rules
        limit = self.options.get("action_limit", rules.action_limit)
        state_check = rules.state_check if self._state_check else None
        surely_several = rules.surely_several if self._surely_several else None
        run_step = rules.run_step
        auto_single = self.options.get("auto_single", True)
        ask = self._ask
        stack = self.stack          # the same lists all along (steps and triggers change them in place)
        pending = self.pending
        while self.result is None:
            if self.actions_taken >= limit:
                self.end(tuple([0.0] * self.num_players), action_limit_reason(limit))
                return
            if self.decision is None and state_check is not None:
                if pending:
                    self.flush_triggers()  # they wait beneath whatever the check finds
                state_check(self)
                if self.result is not None:
                    return
            if pending:
                self.flush_triggers()
            decision = self.decision
            if decision is not None:
                if self._legal is None and surely_several is not None and surely_several(self):
                    return  # no need to list the options now: it is not a single-option decision
                legal = self._options()
                if not legal:
                    raise RuntimeError(f"decision {decision} has no legal actions")  # engine bug
                if len(legal) == 1 and auto_single and not (
                        ask and decision.kind == WINDOW_DECISION and decision.player in ask):
                    if self.logging:  # only the decider learns that the choice was forced (and why)
                        self.say(forced_line(self, legal[0]), decision.player)
                    self._take(legal[0])
                    continue
                return
            if not stack:
                rules.on_idle(self)
                continue
            step = stack.pop()
            t = type(step)
            if t is TriggerBatch:
                self._group_triggers(step.triggers)
            elif t is TriggerGroup:
                self._order_group(step)
            elif t is Window:
                self._ask_window(step)
            else:
                run_step(self, step)

    # ----------------------------------------------------------------- simultaneous triggers
    def _group_triggers(self, batch: tuple[Any, ...]) -> None:
        """Split a batch by seat (the game's ``trigger_groups`` hook; by default the active
        player holds them all) and push the groups so the first one resolves first."""
        if not batch:
            return
        if len(batch) == 1 and not self._groups:
            self.stack.append(ResolveTrigger(batch[0]))
            return
        groups = [(seat, tuple(ts)) for seat, ts in self.rules.trigger_groups(self, batch) if ts]
        self.push(*[TriggerGroup(seat, ts) for seat, ts in groups])

    def _order_group(self, group: TriggerGroup) -> None:
        ts = group.triggers
        if not ts:
            return
        if len(ts) == 1:
            self.stack.append(ResolveTrigger(ts[0]))
            return
        self.decide(group.seat, ORDER_DECISION, group,
                    "Choose which of these simultaneous triggered abilities resolves next")

    def order_trigger_actions(self) -> list[Action]:
        """Kernel-made options for ordering one seat's simultaneous triggers."""
        dec = self.decision
        assert dec is not None
        group: TriggerGroup = dec.params
        describe = self.rules.describe_trigger
        return [Action(f"trigger:{i}", f"Resolve first: {describe(self, t)}", Pick(i))
                for i, t in enumerate(group.triggers)]

    # ----------------------------------------------------------------- response windows
    def _ask_window(self, w: Window) -> None:
        """Ask the next seat of the window that could respond; close when all have passed."""
        rules = self.rules
        order = w.order
        at = w.at
        while at < len(order):
            seat = order[at]
            # a seat of a fair-windows table is asked holding nothing too (PR-K-10)
            able = seat in self._ask or rules.can_respond(self, w, seat)
            if able:
                w = w._replace(at=at)
                self.decide(seat, WINDOW_DECISION, w, rules.window_prompt(self, w, seat))
                return
            at += 1  # nothing it could use: skipped without a decision or a log line

    # ----------------------------------------------------------------- persistence
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game exactly, with a fingerprint that replay checks
        (a record whose decks, options or seed were changed would replay into another game).
        It holds the seed and every deck: never send it to a player while the game runs."""
        decks = [list(d) for d in self.decks]
        rec = {"format": "metatcg-record/1", "game": self.game.id, "options": dict(self.options),
               "decks": decks, "seed": self.seed, "actions": list(self.history)}
        if not self.unchecked:  # what was never checked is not vouched for now
            rec["fingerprint"] = {"setup": setup_digest(decks, self.options, self.seed), "state": self.digest()}
        return rec

    def digest(self) -> str:
        """A short hash of the whole state apart from the log (the same in quiet mode)."""
        raw = self._json(fingerprint=False)
        raw["log"] = None
        return hashlib.sha256(dumpb(raw)).hexdigest()[:16]

    def record_for(self, player: int) -> dict[str, Any]:
        """What ``player`` may keep of this game: their seat, their own deck list, their own
        choices (action ids), the log as they saw it, their view now and the result. No seed,
        no other deck list and no other seat's action ids (those can name cards the player
        never saw), so nothing hidden can be rebuilt. With ``view(p)`` and ``log_for(p)`` it is
        all that may go to a player while the game runs."""
        self.seat(player)
        return {"format": "metatcg-player-record/1", "game": self.game.id, "seat": player,
                "seats": self.num_players, "options": dict(self.options), "deck": list(self.decks[player]),
                "choices": [aid for aid, who in zip(self.history, self._deciders()) if who == player],
                "log": self.log_for(player), "view": self.view(player),
                "result": None if self.result is None else {"returns": list(self.result),
                                                            "reason": without_rule_ids(self.reason)}}

    def _deciders(self) -> list[int]:
        """Who took each action of the history (worked out by replaying it quietly)."""
        st = self.game.new_state([list(d) for d in self.decks], seed=self.seed, options=dict(self.options),
                                 log=False)
        who = []
        try:
            for aid in self.history:
                who.append(_conceder(aid, st.num_players) if aid.startswith(CONCEDE) else st.current_player())
                st.apply(aid)
        except IllegalActionError:  # a lookahead copy carries another seed: its past is not its own
            raise StateDataError("this state's history does not replay from its seed and decks") from None
        return who

    def to_json_text(self) -> str:
        """The state as JSON text (fast encoder); ``game.state_from_json`` reads it back."""
        from .jsonio import dumps
        return dumps(self._json())

    def to_json(self) -> dict[str, Any]:
        """The state as plain JSON data, independent of the state (changing it changes nothing)."""
        out: dict[str, Any] = detached(self._json())
        return out

    def _json(self, fingerprint: bool = True) -> dict[str, Any]:
        """The JSON form, possibly sharing lists with the live state (only to encode at once).
        Its ``fingerprint`` (hashes of the setup and of the history, :meth:`from_json` checks
        them) is left out for :meth:`digest`, and is None in an unchecked state's JSON."""
        d = self.decision
        out = {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [list(x) for x in self.decks],
            "data": self.data.to_json(),
            "rng": str(self.rng.state),
            "stack": [encode(s) for s in self.stack],
            "pending": [encode(t) for t in self.pending],
            "decision": None if d is None else d.to_json(),
            # public lines as plain text; quiet mode keeps no log (None)
            "log": [e[0] if e[1] < 0 else list(e) for e in self._log] if self.logging else None,
            "history": list(self.history),
            "result": None if self.result is None else list(self.result),
            "reason": self.reason,
            "actions_taken": self.actions_taken,
        }
        if fingerprint:
            out["fingerprint"] = None if self.unchecked else self.fingerprint()
        return out

    def fingerprint(self) -> dict[str, str]:
        """Hashes of what the game started from (decks, options, seed) and of its history on top
        of that: state JSON carries them, so a history cut short, lengthened or changed (or a
        changed deck list or seed) is refused when the JSON is read, not found out later."""
        setup = _setup_of(self.decks, tuple(sorted(self.options.items())), self.seed)
        return {"setup": setup, "history": history_digest(setup, self.history)}

    @classmethod
    def from_json(cls, game: "Game", obj: Any, trust: bool = False) -> "GameState":
        """A state read back from :meth:`to_json` data, or a :class:`StateDataError`.

        Every part is checked before the state is handed out: exact JSON types (a bool is no
        int, a float no seat), integers within bounds, the setup (decks, options, seed) and the
        history against the JSON's fingerprint (:meth:`fingerprint`), records with fields of the
        declared types (:func:`.records.check_fields`), seats in range, a decision exactly when
        the game is not over, the kernel's own decisions well formed, the decks agreeing with
        the cards of the game data (the game data's ``matches_decks(decks)`` hook), then the
        game's own checks of the data, steps and decision (its data's ``check_loaded(state)``
        hook), and last the pending decision must list its options.

        JSON without a fingerprint (an unchecked state's, or one saved before fingerprints) is
        refused unless ``trust`` is True; then it loads as an unchecked state."""
        if not isinstance(obj, dict) or obj.get("format") != STATE_FORMAT:
            raise StateDataError(f"not a metatcg state (expected format {STATE_FORMAT!r})")
        if obj.get("game") != game.id:
            raise StateDataError(f"state is for game {obj.get('game')!r}, not {game.id!r}")
        registry: Registry = game.rules.records
        try:
            decks = obj["decks"]
            if not isinstance(decks, list) or len(decks) not in game.seat_counts \
                    or not all(type(d) is list and set(map(type, d)) <= _STR for d in decks):
                raise StateDataError(f"malformed state JSON: decks must be {game.seats_text()} "
                                     "lists of card names")
            n = len(decks)
            options = obj["options"]
            defaults = game.default_options()
            if not isinstance(options, dict) or any(type(v) is not type(defaults.get(k)) for k, v in options.items()):
                raise StateDataError(f"malformed state JSON: options must be among {', '.join(defaults)}")
            if any(type(v) is int and not 1 <= v < INT_BOUND for v in options.values()):
                raise StateDataError("malformed state JSON: a number option must be a positive int")
            log = obj["log"]
            seed = _json_int(obj["seed"], "seed", -(1 << 64), 1 << 64)
            rng = obj["rng"]
            if type(rng) is not str or not rng.isascii() or not rng.isdigit() or int(rng) >> 64:
                raise StateDataError("malformed state JSON: rng must be a 64-bit number as text")
            st = cls(game, game.rules.data_from_json(obj["data"]), seed,
                     dict(options), tuple(tuple(d) for d in decks), log=log is not None)
            st.rng = Rng(int(rng))
            if not isinstance(obj["stack"], list) or not isinstance(obj["pending"], list):
                raise StateDataError("malformed state JSON: stack and pending must be lists")
            st.stack = [_record(s, registry, "a step") for s in obj["stack"]]
            st.pending = [_record(t, registry, "a waiting trigger") for t in obj["pending"]]
            d = obj["decision"]
            if d is not None:
                if type(d) is not list or len(d) != 4 or type(d[1]) is not str or type(d[3]) is not str:
                    raise StateDataError("malformed state JSON: decision must be [player, kind, params, prompt]")
                st.decision = Decision(_json_int(d[0], "the deciding player", 0, n), d[1],
                                       decode(d[2], registry), d[3])
            if log is not None:
                if type(log) is not list:
                    raise StateDataError("malformed state JSON: log must be a list or null")
                st._log = [(e, -1, None) if type(e) is str else _log_entry(e, n) for e in log]
            history = obj["history"]
            if type(history) is not list or not set(map(type, history)) <= _STR:
                raise StateDataError("malformed state JSON: history must be a list of action ids")
            st.history = history[:]
            _check_history(st, obj.get("fingerprint"), trust)
            res = obj["result"]
            if res is not None:
                if type(res) is not list or len(res) != n \
                        or not all(type(x) in (int, float) and -1 <= x <= 1 for x in res):
                    raise StateDataError(f"malformed state JSON: result must be {n} returns from -1 to 1")
                st.result = tuple(float(x) for x in res)
            if type(obj["reason"]) is not str:
                raise StateDataError("malformed state JSON: reason must be text")
            st.reason = obj["reason"]
            st.actions_taken = _json_int(obj["actions_taken"], "actions_taken", 0, INT_BOUND)
        except StateDataError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
            raise StateDataError(f"malformed state JSON: {type(e).__name__}: {e}") from None
        st._check_loaded()
        return st

    def _check_loaded(self) -> None:
        """The semantic checks of :meth:`from_json` once every part is read (see there)."""
        n = self.num_players
        dec = self.decision
        if (dec is None) == (self.result is None):
            raise StateDataError("malformed state JSON: a game in progress waits for a decision "
                                 "and a finished one for none")
        if dec is not None:
            if dec.kind == ORDER_DECISION:
                g = dec.params
                if type(g) is not TriggerGroup or g.seat != dec.player or len(g.triggers) < 2:
                    raise StateDataError("malformed state JSON: an order-triggers decision needs its "
                                         "seat's group of two or more triggers")
            elif dec.kind == WINDOW_DECISION:
                w = dec.params
                if type(w) is not Window or not 0 <= w.at < len(w.order) or w.order[w.at] != dec.player:
                    raise StateDataError("malformed state JSON: a response decision needs the window "
                                         "asking that seat")
            elif dec.kind.startswith("__"):
                raise StateDataError(f"malformed state JSON: unknown kernel decision {dec.kind!r}")
        for step in self.stack + self.pending + ([] if dec is None else [dec.params]):
            _check_seats(step, n)
        try:
            data: DataHooks = self.data
            if not data.matches_decks(self.decks):
                raise StateDataError("malformed state JSON: the decks do not match the cards of the game data")
            data.check_loaded(self)
            self.rules.check_loaded(self)
        except StateDataError as e:
            if str(e).startswith("malformed state JSON"):
                raise
            raise StateDataError(f"malformed state JSON: {e}") from None
        except Exception as e:  # a deck list no game could be dealt, data that does not fit the steps
            raise StateDataError(f"malformed state JSON: {type(e).__name__}: {e}") from None
        if dec is not None:
            try:
                self.legal_actions()
            except Exception as e:  # a decision that does not fit the data
                raise StateDataError(f"malformed state JSON: inconsistent decision ({type(e).__name__}: {e})") from None
            if not self._legal:
                raise StateDataError("malformed state JSON: the pending decision has no options")


_STR = frozenset({str})


def _check_history(st: GameState, mark: Any, trust: bool) -> None:
    """The setup and history just read against the fingerprint they were saved with (see
    :meth:`GameState.from_json`); an unfingerprinted state is refused or, trusted, marked
    unchecked. A concession must name a seat."""
    if mark is None:
        if not trust:
            raise UnfingerprintedError("state JSON without a fingerprint: nothing shows that its history, "
                                       "decks, options and seed are those it was saved with (an unchecked "
                                       "state, or saved by an older version); state_from_json(..., trust=True) "
                                       "loads it unchecked")
        st.unchecked = True
    elif type(mark) is not dict or set(mark) != {"setup", "history"} or not all(type(v) is str for v in mark.values()):
        raise StateDataError("malformed state JSON: fingerprint must hold 'setup' and 'history' hashes")
    else:
        now = st.fingerprint()
        if now["setup"] != mark["setup"]:
            raise StateDataError("malformed state JSON: its decks (cards or their order), options or seed were "
                                 "changed after it was saved (they do not match its fingerprint)")
        if now["history"] != mark["history"]:
            raise StateDataError("malformed state JSON: its history was changed after it was saved (an action "
                                 "added, removed or altered: it does not match its fingerprint)")
    n = st.num_players
    for aid in st.history:
        if aid.startswith(CONCEDE):
            try:
                _conceder(aid, n)
            except IllegalActionError as e:
                raise StateDataError(f"malformed state JSON: history: {e}") from None


def _json_int(v: Any, what: str, lo: int, hi: int) -> int:
    """``v`` if it is an int (never a bool or a float) in ``lo <= v < hi``."""
    if type(v) is not int or not lo <= v < hi:
        raise StateDataError(f"malformed state JSON: {what} must be a whole number from {lo} to {hi - 1}, "
                             f"not {v!r:.40}")
    return v


def _record(obj: Any, registry: Registry, what: str) -> Any:
    """A step or trigger read from JSON: it must be a record."""
    rec = decode(obj, registry)
    if not is_record(rec):
        raise StateDataError(f"malformed state JSON: {what} must be a record ['@kind', ...], not {obj!r:.60}")
    return rec


def _log_entry(e: Any, n: int) -> tuple[str, int, str | None]:
    if type(e) is str:
        return (e, -1, None)
    if type(e) is not list or len(e) != 3 or type(e[0]) is not str or type(e[1]) is not int \
            or not -1 <= e[1] < n or not (e[2] is None or type(e[2]) is str):
        raise StateDataError("malformed state JSON: a log line is text or [text, seat, public text]")
    return (e[0], e[1], e[2])


def _check_seats(rec: Any, n: int) -> None:
    """Kernel records name seats that exist (the game checks its own records)."""
    t = type(rec)
    if t is TriggerGroup or t is Pass:
        if not 0 <= rec[0] < n:
            raise StateDataError(f"malformed state JSON: seat {rec[0]} does not exist")
    elif t is Window:
        if not rec.ring or any(not 0 <= s < n for s in rec.ring) or not set(rec.order) <= set(rec.ring) \
                or not 0 <= rec.at <= len(rec.order):
            raise StateDataError("malformed state JSON: a response window names seats that do not exist")
    if t is TriggerBatch or t is TriggerGroup:
        for trig in rec.triggers:
            if not is_record(trig):
                raise StateDataError("malformed state JSON: a trigger must be a record")

