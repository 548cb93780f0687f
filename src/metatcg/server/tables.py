"""One game the server holds in memory: its state, its seats, who may act, and the commit of
every action before anyone hears of it.

Everything runs on the server's event loop; a database write waits on the store's writer
thread and a searching bot thinks in a worker thread, so neither blocks the loop.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

from anyio import to_thread

from ..bots import Bot, make_bot
from ..engine.errors import IllegalActionError, MetatcgError, StateDataError, UnfingerprintedError
from ..engine.game import Game
from ..engine.state import GameState, setup_digest
from ..engine.windows import ASK_SEATS, WINDOW_DECISION, parse_ask_seats
from ..registry import load_game
from ..ui.prefs import SeatPrefs, answer_note, auto_answer
from ..ui.presentation import presentation_of
from ..ui.results import places
from . import redact
from .botpool import BotPool
from .players import bot_spec
from .errors import ApiError
from .fanout import Frames
from .seats import hash_token, matches, new_token
from .store import AUTO_NOTES_KEPT, RIDS_KEPT, SNAPSHOT_EVERY, ActionWrite, GameRow, RaceLost, SeatRow, Store

#: what a timed-out seat does, in order of preference: the first action whose id is one of
#: these words (or starts with one followed by ``_`` or ``:``); else its first option
TIMEOUT_PREFERENCES = ("pass", "done", "no", "keep", "no_link", "end")
#: the server's notes a game keeps (the newest): a long timed game must not grow every frame
MAX_NOTES = 50
#: answers by preferences committed with one action; more wait for the next turn of the bot loop
MAX_AUTO_CHAIN = 200

log = logging.getLogger("metatcg.server")

#: a new game's table settings (the lobby's form and the API may change each)
DEFAULT_SETTINGS: dict[str, Any] = {"turn_seconds": None, "public_record": True, "listed": True, "open": False,
                                    "fair_windows": None}


def _seat_bot(player: str, seed: int) -> Bot | None:
    spec = bot_spec(player)
    return make_bot(spec, seed) if spec else None


def timeout_choice(ids: list[str]) -> str:
    """The action a seat takes when its time runs out (docs/server.md, "Turn timers")."""
    for word in TIMEOUT_PREFERENCES:
        for aid in ids:
            if aid == word or aid.startswith(word + "_") or aid.startswith(word + ":"):
                return aid
    return ids[0]


@dataclass
class Seat:
    seat: int
    player: str               # "human" or "bot:<name>"
    token_hash: str | None
    joined: bool
    bot: Bot | None = None
    prefs: SeatPrefs | None = None    # a human seat's preferences (None for a bot)

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "joined": self.joined}


class Table:
    """A game in play on the server.

    The state in ``self.state`` is never changed in place: an action is applied to a clone,
    the clone is committed, and only then does it replace ``self.state`` (with ``self.n``, in
    one step on the event loop). So whoever reads the table (a seat's frame, a record, a bot
    thinking in a worker thread) sees a committed state, and nothing needs a lock to read.
    Writers (actions, bots, timers, joins) take ``self.lock`` in turn.
    """

    def __init__(self, row: GameRow, game: Game, state: GameState, store: Store) -> None:
        self.id = row.id
        self.game = game
        self.state = state
        self.store = store
        self.created = row.created
        self.setup = row.setup          # secret (seed, decks): stays on the server
        self.settings = row.settings
        self.n = row.n
        self.deadline = row.deadline
        self.notes = list(row.notes)
        self.owner_hash = row.owner_hash
        # stopped by its creator (stored as over while the state itself is not finished)
        self.ended = row.over and not state.is_terminal()
        # (seat, request id) -> action, of the newest actions that came with one (safe retries)
        self.rids: dict[tuple[int, str], str] = {(seat, rid): a for seat, rid, a in row.rids}
        bot_seeds = row.setup.get("bot_seeds") or [0] * len(row.seats)
        self.seats = [Seat(s.seat, s.player, s.token_hash, s.joined,
                           _seat_bot(s.player, bot_seeds[s.seat] + row.n),
                           _stored_prefs(row.id, s.prefs) if s.player == "human" else None)
                      for s in row.seats]
        self.presentation = presentation_of(game)
        self.fair = _fair(state, self.seats)
        # seat -> "auto: passed …" lines of what its preferences answered (that seat's frames only)
        self.auto_notes: dict[int, list[str]] = {k: list(v) for k, v in row.auto_notes.items()}
        # a new or rebuilt table may wait on a decision its seat's preferences answer
        self.unsettled = True
        self.lock = asyncio.Lock()
        # the frames its sockets get, built once per view and change; emptied first on every change
        self.frames = Frames()
        # called on the event loop after every change
        self.listeners: list[Callable[[], None]] = [self.frames.changed]
        # called after a change only one seat may hear of (its preferences)
        self.seat_listeners: list[Callable[[int], None]] = [self.frames.changed_seat]
        self.broken = False   # memory may differ from the database: the hub rebuilds the table
        self.coach: Any = None   # a guided first game's lesson (server/tutorials.py sets it)

    # ------------------------------------------------------------------ building
    @classmethod
    def restore(cls, row: GameRow, store: Store) -> "Table":
        """Rebuild a stored game: its latest snapshot, then the actions taken after it."""
        game = load_game(row.game)
        setup = row.setup
        actions = row.actions
        try:
            state = cls._from_snapshot(game, row) if row.snapshot is not None else None
        except UnfingerprintedError:
            # a snapshot written before state JSON carried fingerprints: the database is the
            # server's own, so the game is rebuilt from its setup and every stored action
            state, actions = None, store.action_ids(row.id)
        if state is None:
            state = game.new_state(setup["decks"], seed=setup["seed"], options=setup["options"])
        for aid in actions:
            state.apply(aid)
        return cls(row, game, state, store)

    @staticmethod
    def _from_snapshot(game: Game, row: GameRow) -> GameState:
        """The stored snapshot, checked against its fingerprint and against the game's row."""
        assert row.snapshot is not None
        n, text = row.snapshot
        state = game.state_from_json(text)
        setup = row.setup
        if state.fingerprint()["setup"] != setup_digest(setup["decks"], setup["options"], setup["seed"]) \
                or len(state.history) != n:
            raise StateDataError(f"game {row.id}: its snapshot is not of this game after {n} actions")
        return state

    # ------------------------------------------------------------------ who is who
    def seat_of(self, token: str | None) -> int:
        """The seat a token stands for, or an error that names no seat."""
        if not token:
            raise ApiError(401, "no_token", "this needs your seat's token (the link you were given has it)")
        for s in self.seats:
            if s.token_hash is not None and matches(token, s.token_hash):
                return s.seat
        raise ApiError(403, "bad_token", "that token is not a seat of this game")

    @property
    def over(self) -> bool:
        return self.ended or self.state.is_terminal()

    def deciding(self) -> int | None:
        p = self.state.current_player()
        return None if p < 0 or self.ended else p

    def in_window(self) -> bool:
        """Is the decision a response window's (whose seat only that seat may learn)?"""
        d = self.state.decision
        return d is not None and d.kind == WINDOW_DECISION

    def bot_to_move(self, state: GameState | None = None) -> bool:
        if self.ended:
            return False
        p = (state or self.state).current_player()
        return p >= 0 and self.seats[p].is_bot

    # ------------------------------------------------------------------ reading
    def seat_state(self, seat: int, log_from: int = 0) -> dict[str, Any]:
        return redact.seat_state(self, seat, log_from)

    def public_state(self, log_from: int = 0) -> dict[str, Any]:
        return redact.public_state(self, log_from)

    # ------------------------------------------------------------------ acting
    async def act(self, seat: int, action: str, n: int | None = None, rid: str | None = None) -> None:
        """``seat`` takes ``action``; committed before this returns. ``n``: the action count the
        seat's screen showed (an older one is refused as stale). ``rid``: the client's id for
        this request; a retry with an id already applied changes nothing and is answered as the
        first time (docs/server.md, "Retries")."""
        async with self.lock:
            if rid is not None and (seat, rid) in self.rids:
                if self.rids[seat, rid] != action:
                    raise ApiError(409, "rid_reused", f"request id {rid!r:.70} was used for another action; "
                                                      "send a new id with every new action")
                return
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            if n is not None and n != self.n:
                raise ApiError(409, "stale", f"the game has moved on (action {self.n}, your screen showed {n}); "
                                             "here is the new state")
            if self.deciding() != seat:    # who is asked in a response window stays unsaid (PR-K-9)
                whose = "another seat's" if self.in_window() else f"P{(self.deciding() or 0) + 1}'s"
                raise ApiError(409, "not_your_decision", f"it is {whose} decision, not yours")
            legal = [a.id for a in self.state.legal_actions()]
            if action not in legal:
                sample = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
                raise ApiError(422, "illegal_action", f"{action!r:.80} is not one of your legal actions now: {sample}")
            if self.coach is not None:     # a tutorial refuses other options than the lesson's
                self.coach.check(seat, action)
            await self._commit(action, seat, "seat", lambda st: st.apply(action), rid=rid)

    async def concede(self, seat: int) -> None:
        async with self.lock:
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            try:
                self.state.clone().concede(seat)
            except IllegalActionError as e:
                raise ApiError(409, "cannot_concede", str(e)) from None
            await self._commit(f"concede:P{seat + 1}", seat, "concede", lambda st: st.concede(seat))

    async def bot_step(self, pool: BotPool) -> bool:
        """One bot move if a bot holds the decision (or the answers of a seat's preferences left
        waiting); False when there is none. The bot thinks in one of the ``pool``'s workers (on
        the committed state, which nobody changes)."""
        async with self.lock:
            if self.over or self.broken:
                return False
            if self.unsettled:
                self.unsettled = False
                if await self._commit(None, -1, "prefs", _nothing):
                    return True
            if not self.bot_to_move():
                return False
            p = self.state.current_player()
            bot = self.seats[p].bot
            assert bot is not None
            handle = self.state.handle(p)
            choice = (await pool.run(lambda: bot.choose(handle))).id
            await self._commit(choice, p, "bot", lambda st: st.apply(choice))
            return True

    async def settle(self) -> None:
        """Take what the seats' preferences answer now (a new or rebuilt table)."""
        async with self.lock:
            if self.unsettled and not self.over and not self.broken:
                self.unsettled = False
                await self._commit(None, -1, "prefs", _nothing)

    def prefs_of(self, seat: int) -> dict[str, Any] | None:
        prefs = self.seats[seat].prefs
        return None if prefs is None else prefs.to_json()

    async def set_prefs(self, seat: int, prefs: SeatPrefs) -> None:
        """``seat`` changes its preferences: stored, then (if they answer the decision pending
        now) taken at once. Only that seat's frames say so."""
        async with self.lock:
            s = self.seats[seat]
            if s.prefs is None:
                raise ApiError(409, "not_human", "a bot's seat has no preferences")
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            if self.broken:
                raise ApiError(409, "stale", "the game was reloaded; send your preferences again")
            text = json.dumps(prefs.to_json())
            await self.store.writer.write(lambda: self.store.set_prefs(self.id, seat, text))
            s.prefs = prefs
            if not await self._commit(None, seat, "prefs", _nothing):
                for fn in list(self.seat_listeners):
                    fn(seat)

    async def time_out(self, n: int) -> bool:
        """The timed decision at action ``n`` ran out: the seat takes the default action."""
        async with self.lock:
            if self.over or self.broken or self.n != n or self.deadline is None:
                return False
            p = self.state.current_player()
            choice = timeout_choice([a.id for a in self.state.legal_actions()])
            # notes are public: the action's label may name a card only this seat sees (a card
            # of its hand put back, a face-down Trap), so the note names none; log_for tells
            # each seat what it may know of the action
            self.notes = _bounded([*self.notes, "a response window timed out: the server passed for the seat asked"
                                   if self.in_window() else f"P{p + 1}'s time ran out: the server chose for them"])
            await self._commit(choice, p, "timer", lambda st: st.apply(choice), notes=True)
            return True

    async def join(self, seat: int) -> str:
        """An open human seat gets its token (returned once, stored hashed)."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise ApiError(404, "unknown", f"no seat {seat} in this game (seats 0 to {len(self.seats) - 1})")
            s = self.seats[seat]
            if s.player != "human" or s.joined:
                raise ApiError(409, "taken", f"seat {seat} is not open (it is {'a bot' if s.is_bot else 'taken'})")
            token = new_token()
            notes = _bounded([*self.notes, f"P{seat + 1} joined"])
            if not await self.store.writer.write(lambda: self.store.join_seat(self.id, seat, hash_token(token),
                                                                              notes)):
                raise ApiError(409, "taken", f"seat {seat} was just taken by someone else")
            s.token_hash, s.joined = hash_token(token), True
            self.notes = notes
            self._changed()
            return token

    async def end(self, token: str) -> None:
        """The creator's token ends the game: no more actions, timers or bot moves."""
        async with self.lock:
            if self.owner_hash is None or not matches(token, self.owner_hash):
                raise ApiError(403, "bad_token", "that token is not this game's creator token")
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            notes = _bounded([*self.notes, "The game was ended by its creator"])
            if not await self.store.writer.write(lambda: self.store.end_game(self.id, notes)):
                self.broken = True
                raise ApiError(409, "game_over", "the game is over")
            self.ended, self.deadline, self.notes = True, None, notes
            self._changed()

    # ------------------------------------------------------------------ the commit
    async def _commit(self, action: str | None, seat: int, by: str, apply: Callable[[GameState], None],
                      notes: bool = False, rid: str | None = None) -> bool:
        """Apply to a clone, then the answers the seats' preferences give after it (``action``
        None: only those), write every action (and every SNAPSHOT_EVERY-th a snapshot) through
        the store's writer, and only once they are committed make the clone the table's state:
        nobody ever sees a decision a seat's preferences answer, and its timer never starts.
        If a write fails the table is marked broken and the hub rebuilds it from the database,
        so memory never holds an action the database does not. False: nothing to commit."""
        if self.broken:                # an older copy of a table the hub has rebuilt: it acts no more
            raise ApiError(409, "stale", "the game was reloaded; here is the new state")
        new = self.state.clone()
        steps: list[_Step] = []
        if action is not None:
            try:
                apply(new)
            except MetatcgError as e:  # a legal id that fails to apply: a bug, kept away from the table
                raise ApiError(500, "engine_error",
                               f"the engine could not apply that action ({type(e).__name__})") from None
            steps.append(_Step.after(new, self.n + 1, action, seat, by, rid))
        more = False
        if self._prefs_may_answer(new):
            answered, more = await to_thread.run_sync(self._answers, new, self.n + len(steps))
            steps += answered
        if not steps:
            return False
        deadline = self._deadline_for(new)
        items = [ActionWrite(self.id, self.n + i, st.action, st.seat, st.by, over=st.over, result=st.result,
                             # a step before the last waits on a seat's preferences: the server moves there
                             deadline=deadline if i == len(steps) else None,
                             bot_turn=self.bot_to_move(new) or more if i == len(steps) else True,
                             notes=list(self.notes) if notes and i == 1 else None, snapshot=st.snapshot, rid=st.rid,
                             note=st.note)
                 for i, st in enumerate(steps, 1)]
        try:
            for item in items:         # in order, each committed before the next: no gap on a failure
                await self.store.writer.write(item)
        except RaceLost:
            self.broken = True
            raise ApiError(409, "stale", "another action was taken for this decision first") from None
        except BaseException:
            self.broken = True
            raise
        self.state, self.n, self.deadline = new, self.n + len(steps), deadline
        self.unsettled = self.unsettled or more
        if rid is not None and action is not None:
            self.rids[seat, rid] = action
            if len(self.rids) > RIDS_KEPT:
                del self.rids[next(iter(self.rids))]
        for st in steps:
            if st.note is not None:
                self.auto_notes[st.seat] = [*self.auto_notes.get(st.seat, []), st.note][-AUTO_NOTES_KEPT:]
        self._changed()
        return True

    def _prefs_may_answer(self, state: GameState) -> bool:
        """Does a person with preferences that answer anything decide now? (Cheap: on every commit.)"""
        p = state.current_player()
        if self.ended or p < 0:
            return False
        prefs = self.seats[p].prefs
        return prefs is not None and (prefs.auto_pass or prefs.auto_same or prefs.auto_pay or prefs.auto_order)

    def _answers(self, state: GameState, n: int) -> tuple[list["_Step"], bool]:
        """In a worker thread (auto-same plays options out on copies): apply to ``state``, one
        after another, the answers the deciding seats' preferences give; ``n`` actions so far.
        Also answers whether more may follow (the chain stopped at its bound)."""
        out: list[_Step] = []
        while self._prefs_may_answer(state) and not state.is_terminal():
            if len(out) >= MAX_AUTO_CHAIN:
                return out, True
            p = state.current_player()
            prefs = self.seats[p].prefs
            assert prefs is not None
            try:
                action = auto_answer(state, p, prefs, self.presentation, fair=self.fair)
                if action is None:
                    break
                note = answer_note(state, action)
                state.apply(action.id)
            except Exception:      # a bug in a preference must not stop the game: the seat is asked
                log.exception("seat preferences failed in game %s", self.id)
                break
            out.append(_Step.after(state, n + len(out) + 1, action.id, p, "prefs", None, note))
        return out, False

    def _deadline_for(self, state: GameState) -> float | None:
        secs = self.settings.get("turn_seconds")
        p = state.current_player()
        window = state.decision is not None and state.decision.kind == WINDOW_DECISION
        if secs and p >= 0 and (window or not self.seats[p].is_bot):   # a window's deadline names no seat
            return time.time() + float(secs)
        return None

    def _changed(self) -> None:
        for fn in list(self.listeners):
            fn()


@dataclass
class _Step:
    """One action of a commit, with what the game row needs after it."""
    action: str
    seat: int
    by: str
    over: bool
    result: Any
    snapshot: str | None
    rid: str | None = None
    note: str | None = None       # what the seat's preferences answered, for its own frames

    @classmethod
    def after(cls, state: GameState, n: int, action: str, seat: int, by: str, rid: str | None,
              note: str | None = None) -> "_Step":
        over = state.is_terminal()
        return cls(action, seat, by, over, _result(state),
                   state.to_json_text() if n % SNAPSHOT_EVERY == 0 or over else None, rid, note)


def _nothing(_: GameState) -> None:
    """No action of its own: a commit of what the seats' preferences answer."""


def _stored_prefs(game_id: str, text: str | None) -> SeatPrefs:
    """A seat's stored preferences; the defaults if none (or if they no longer read)."""
    if text is None:
        return SeatPrefs()
    try:
        return SeatPrefs.from_json(json.loads(text))
    except ValueError as e:      # PrefsError and JSONDecodeError are ValueErrors
        log.warning("game %s: stored seat preferences do not read (%s); the defaults apply", game_id, e)
        return SeatPrefs()


def _fair(state: GameState, seats: list[Seat]) -> bool:
    """Every window asks the people at the table (PR-K-10): auto-same is off (ui.prefs)."""
    try:
        asked = parse_ask_seats(str(state.options.get(ASK_SEATS) or ""), len(seats))
    except ValueError:
        return False
    return any(seats[p].player == "human" for p in asked if 0 <= p < len(seats))


def _bounded(notes: list[str]) -> list[str]:
    return notes[-MAX_NOTES:]


def _result(st: GameState) -> Any:
    if st.result is None:
        return None
    return {"returns": list(st.result), "winner": st.winner(), "places": places(st.result)}


def new_game_row(game_id: str, game: Game, state: GameState, setup: dict[str, Any], settings: dict[str, Any],
                 players: list[str], hashes: list[str | None], creator: str | None = None,
                 owner_hash: str | None = None, prefs: str | None = None) -> GameRow:
    """``prefs``: the starting preferences of every human seat whose link the creator gets (JSON
    text; None: the defaults). An open seat starts with the defaults: its player is someone else."""
    seats = [SeatRow(i, p, hashes[i], p != "human" or hashes[i] is not None,
                     prefs if p == "human" and hashes[i] is not None else None) for i, p in enumerate(players)]
    return GameRow(id=game_id, game=game.id, created=time.time(), setup=setup, settings=settings, n=0,
                   over=state.is_terminal(), result=None, deadline=None, notes=[], seats=seats,
                   creator=creator, owner_hash=owner_hash)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)
