"""One game the server holds in memory: its state, its seats, who may act, and the commit of
every action before anyone hears of it.

All methods are synchronous and take the table's lock: the server calls them from worker
threads, so a bot thinking or a database commit never blocks the event loop, and no one reads
a state another thread is changing.
"""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..bots import Bot, make_bot
from ..engine.errors import IllegalActionError, MetatcgError
from ..engine.game import Game
from ..engine.state import GameState
from ..registry import load_game
from . import redact
from .errors import ApiError
from .seats import matches
from .store import SNAPSHOT_EVERY, GameRow, RaceLost, SeatRow, Store

#: what a timed-out seat does, in order of preference: the first action whose id is one of
#: these words (or starts with one followed by ``_`` or ``:``); else its first option
TIMEOUT_PREFERENCES = ("pass", "done", "no", "keep", "no_link", "end")


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

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "joined": self.joined}


class Table:
    """A game in play on the server."""

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
        bot_seeds = row.setup.get("bot_seeds") or [0] * len(row.seats)
        self.seats = [Seat(s.seat, s.player, s.token_hash, s.joined,
                           make_bot(s.player[4:], bot_seeds[s.seat] + row.n) if s.player.startswith("bot:") else None)
                      for s in row.seats]
        self.lock = threading.RLock()
        self.listeners: list[Callable[[], None]] = []   # called (in the worker) after every change
        self.bot_running = False

    # ------------------------------------------------------------------ building
    @classmethod
    def restore(cls, row: GameRow, store: Store) -> "Table":
        """Rebuild a stored game: its latest snapshot, then the actions taken after it."""
        game = load_game(row.game)
        if row.snapshot is not None:
            state = game.state_from_json(row.snapshot[1])
        else:
            setup = row.setup
            state = game.new_state(setup["decks"], seed=setup["seed"], options=setup["options"])
        for aid in row.actions:
            state.apply(aid)
        return cls(row, game, state, store)

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
        return self.state.is_terminal()

    def deciding(self) -> int | None:
        p = self.state.current_player()
        return None if p < 0 else p

    def bot_to_move(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and self.seats[p].is_bot

    # ------------------------------------------------------------------ reading
    def seat_state(self, seat: int, log_from: int = 0) -> dict[str, Any]:
        with self.lock:
            return redact.seat_state(self, seat, log_from)

    def public_state(self, log_from: int = 0) -> dict[str, Any]:
        with self.lock:
            return redact.public_state(self, log_from)

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str, n: int | None = None) -> None:
        """``seat`` takes ``action``; committed before this returns. ``n``: the action count the
        seat's screen showed (an older one is refused as stale)."""
        with self.lock:
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            if n is not None and n != self.n:
                raise ApiError(409, "stale", f"the game has moved on (action {self.n}, your screen showed {n}); "
                                             "here is the new state")
            if self.deciding() != seat:
                raise ApiError(409, "not_your_decision", f"it is P{(self.deciding() or 0) + 1}'s decision, not yours")
            legal = [a.id for a in self.state.legal_actions()]
            if action not in legal:
                sample = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
                raise ApiError(422, "illegal_action", f"{action!r:.80} is not one of your legal actions now: {sample}")
            self._commit(action, seat, "seat", lambda: self.state.apply(action))

    def concede(self, seat: int) -> None:
        with self.lock:
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            try:
                probe = self.state.clone()
                probe.concede(seat)
            except IllegalActionError as e:
                raise ApiError(409, "cannot_concede", str(e)) from None
            self._commit(f"concede:P{seat + 1}", seat, "concede", lambda: self.state.concede(seat))

    def bot_step(self) -> bool:
        """One bot move if a bot holds the decision; False when none does."""
        with self.lock:
            if self.over or self.broken or not self.bot_to_move():
                return False
            p = self.state.current_player()
            bot = self.seats[p].bot
            assert bot is not None
            choice = bot.choose(self.state.handle(p)).id
            self._commit(choice, p, "bot", lambda: self.state.apply(choice))
            return True

    def time_out(self, n: int) -> bool:
        """The timed decision at action ``n`` ran out: the seat takes the default action."""
        with self.lock:
            if self.over or self.broken or self.n != n or self.deadline is None:
                return False
            p = self.state.current_player()
            choice = timeout_choice([a.id for a in self.state.legal_actions()])
            # notes are public: the action's label may name a card only this seat sees (a card
            # of its hand put back, a face-down Trap), so the note names none; log_for tells
            # each seat what it may know of the action
            self.notes.append(f"P{p + 1}'s time ran out: the server chose for them")
            self._commit(choice, p, "timer", lambda: self.state.apply(choice), notes=True)
            return True

    def join(self, seat: int) -> str:
        """An open human seat gets its token (returned once, stored hashed)."""
        from .seats import hash_token, new_token
        with self.lock:
            if not 0 <= seat < len(self.seats):
                raise ApiError(404, "unknown", f"no seat {seat} in this game (seats 0 to {len(self.seats) - 1})")
            s = self.seats[seat]
            if s.player != "human" or s.joined:
                raise ApiError(409, "taken", f"seat {seat} is not open (it is {'a bot' if s.is_bot else 'taken'})")
            token = new_token()
            if not self.store.join_seat(self.id, seat, hash_token(token)):
                raise ApiError(409, "taken", f"seat {seat} was just taken by someone else")
            s.token_hash, s.joined = hash_token(token), True
            self.notes.append(f"P{seat + 1} joined")
            self.store.update_game(self.id, notes=self.notes)
            self._changed()
            return token

    # ------------------------------------------------------------------ the commit
    def _commit(self, action: str, seat: int, by: str, apply: Callable[[], None], notes: bool = False) -> None:
        """Apply, then write the action (and every SNAPSHOT_EVERY-th a snapshot) in one
        transaction. If the write fails the table is dropped from memory (the caller's error
        says so) and the next request rebuilds it from the database, so memory never holds an
        action the database does not."""
        if self.broken:                # an older copy of a table the hub has rebuilt: it acts no more
            raise ApiError(409, "stale", "the game was reloaded; here is the new state")
        try:
            apply()
        except MetatcgError as e:      # a legal id that fails to apply: a bug, kept away from the state
            self.broken = True
            raise ApiError(500, "engine_error",
                           f"the engine could not apply that action ({type(e).__name__})") from None
        except BaseException:          # any other failure may have left the state half changed too
            self.broken = True
            raise
        n = self.n + 1
        self._set_deadline()
        try:
            self.store.commit_action(
                self.id, n, action, seat, by, over=self.over, result=self._result(), deadline=self.deadline,
                bot_turn=self.bot_to_move(), notes=self.notes if notes else None,
                snapshot=self.state.to_json_text() if n % SNAPSHOT_EVERY == 0 or self.over else None)
        except RaceLost:
            self.broken = True
            raise ApiError(409, "stale", "another action was taken for this decision first") from None
        except Exception:
            self.broken = True
            raise
        self.n = n
        self._changed()

    broken = False   # set when memory may differ from the database: the hub reloads the table

    def _set_deadline(self) -> None:
        secs = self.settings.get("turn_seconds")
        p = self.state.current_player()
        if secs and p >= 0 and not self.seats[p].is_bot:
            self.deadline = time.time() + float(secs)
        else:
            self.deadline = None

    def _result(self) -> Any:
        st = self.state
        if st.result is None:
            return None
        return {"returns": list(st.result), "winner": st.winner()}

    def _changed(self) -> None:
        for fn in list(self.listeners):
            fn()


def new_game_row(game_id: str, game: Game, state: GameState, setup: dict[str, Any], settings: dict[str, Any],
                 players: list[str], hashes: list[str | None]) -> GameRow:
    seats = [SeatRow(i, p, hashes[i], p != "human" or hashes[i] is not None) for i, p in enumerate(players)]
    return GameRow(id=game_id, game=game.id, created=time.time(), setup=setup, settings=settings, n=0,
                   over=state.is_terminal(), result=None, deadline=None, notes=[], seats=seats)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)
