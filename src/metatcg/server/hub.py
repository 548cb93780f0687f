"""All the tables of one server: creating games, finding them (rebuilt from the database after a
restart), moving the bots, running the turn timers and waking the sockets that watch a table.

Everything here runs on the event loop; only reading a stored game, rebuilding it and setting
up a new one happen in worker threads (``anyio.to_thread``).
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from anyio import to_thread

from ..engine.errors import MetatcgError, UnknownGameError
from ..engine.windows import ASK_SEATS, ask_seats_text
from ..registry import load_game
from ..ui.prefs import PrefsError, SeatPrefs
from .botpool import BotPool
from .errors import ApiError
from .ownership import GameLimits
from .players import check_player
from .seats import hash_token, new_token
from .store import Store
from .tables import DEFAULT_SETTINGS as DEFAULT_SETTINGS, Table, new_game_id, new_game_row
from .tutorials import coach

log = logging.getLogger("metatcg.server")

MAX_TABLES = 2000      # games in memory before finished ones nobody watches are dropped


def fair_windows(options: dict[str, Any] | None, humans: list[int]) -> dict[str, Any]:
    """The game options with every human seat asked in every response window (PR-K-10), unless
    the options name the seats themselves (``ask_seats``)."""
    out = dict(options or {})
    if humans and ASK_SEATS not in out:
        out[ASK_SEATS] = ask_seats_text(humans)
    return out


class Watcher:
    """One socket watching a table (of ``seat``; None: a spectator): woken after every change,
    and after a change only its seat may hear of."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.dirty = asyncio.Event()


class Hub:
    def __init__(self, store: Store, bot_delay: float = 0.0, limits: GameLimits | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or GameLimits()
        self.bot_pool = BotPool(self.limits.bot_workers)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.watchers: dict[str, set[Watcher]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ start and stop
    async def start(self) -> None:
        """Pick up, after a restart, every game where a bot must move or a timer runs."""
        for gid in await to_thread.run_sync(self.store.needing_attention):
            try:
                table = await self.table(gid)
            except ApiError:
                continue
            self._kick(table)

    async def stop(self) -> None:
        for task in [*self._bots.values(), *self._timers.values()]:
            task.cancel()
        self.bot_pool.close()

    # ------------------------------------------------------------------ tables
    async def table(self, game_id: str) -> Table:
        """The table of ``game_id``, rebuilt from the database when it is not in memory (or its
        memory may differ from the database after a failed commit)."""
        table = self.tables.get(game_id) if isinstance(game_id, str) else None
        if table is not None and not table.broken:
            return table
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 32:
            raise ApiError(404, "no_game", "no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(game_id)
            if table is not None and not table.broken:
                return table
            row = await to_thread.run_sync(self.store.load, game_id)
            if row is None:
                self._loading.pop(game_id, None)
                raise ApiError(404, "no_game", f"no game {game_id!r:.40} on this server")
            try:
                table = await to_thread.run_sync(Table.restore, row, self.store)
                if table.settings.get("tutorial"):
                    coach(table)       # a guided first game's lesson coaches it again
            except (MetatcgError, KeyError, ValueError) as e:
                log.error("game %s does not rebuild: %s", game_id, e)
                raise ApiError(500, "unreadable", "this game's stored record does not rebuild on this "
                                                  "version of metatcg") from None
            self._attach(table)
            self.tables[game_id] = table
            await self._settle(table)
        self._loading.pop(game_id, None)
        self._on_change(game_id)   # its bot or timer starts, its sockets move to it
        return table

    def _attach(self, table: Table) -> None:
        table.listeners.append(lambda: self._on_change(table.id))
        table.seat_listeners.append(lambda seat: self._on_seat_change(table.id, seat))

    async def _settle(self, table: Table) -> None:
        """What the seats' preferences answer at once (a new or rebuilt table), before anyone
        is shown the decision."""
        try:
            await table.settle()
        except ApiError as e:      # the table is marked broken: the next request rebuilds it
            log.error("seat preferences in game %s could not be committed: %s", table.id, e.message)

    def _on_seat_change(self, game_id: str, seat: int) -> None:
        """Only ``seat`` may hear of this change (its preferences): only its sockets wake."""
        for w in self.watchers.get(game_id, ()):
            if w.seat == seat:
                w.dirty.set()

    def _on_change(self, game_id: str) -> None:
        """After a table changed (on the event loop): wake its sockets, move its bots, time it."""
        for w in self.watchers.get(game_id, ()):
            w.dirty.set()
        table = self.tables.get(game_id)
        if table is not None:
            self._kick(table)

    # ------------------------------------------------------------------ watching
    def watch(self, game_id: str, seat: int | None = None) -> Watcher:
        w = Watcher(seat)
        self.watchers.setdefault(game_id, set()).add(w)
        return w

    def unwatch(self, game_id: str, w: Watcher) -> None:
        ws = self.watchers.get(game_id)
        if ws is not None:
            ws.discard(w)
            if not ws:
                del self.watchers[game_id]

    # ------------------------------------------------------------------ bots and timers
    def _kick(self, table: Table) -> None:
        """After a change: a bot to move gets a task; a timed decision gets its timer."""
        if (table.bot_to_move() or table.unsettled) and table.id not in self._bots:
            self._bots[table.id] = asyncio.create_task(self._run_bots(table))
        old = self._timers.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if table.deadline is not None and not table.over:
            self._timers[table.id] = asyncio.create_task(self._run_timer(table, table.n, table.deadline))

    async def _run_bots(self, table: Table) -> None:
        try:
            while True:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if not await table.bot_step(self.bot_pool):
                    break
        except ApiError as e:
            log.error("bot move in game %s failed: %s", table.id, e.message)
        except Exception:   # a bug in a bot must not take the server down
            log.exception("bot move in game %s failed", table.id)
        finally:
            self._bots.pop(table.id, None)
        if (table.bot_to_move() or table.unsettled) and not table.broken:
            self._kick(table)

    async def _run_timer(self, table: Table, n: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        try:
            await table.time_out(n)
        except ApiError as e:
            log.error("time-out in game %s failed: %s", table.id, e.message)

    def _forget_finished(self) -> None:
        """Drop finished games nobody watches from memory (the database has them: a request
        rebuilds one from its last snapshot, written when it ended)."""
        for gid, table in list(self.tables.items()):
            if table.over and gid not in self.watchers and gid not in self._bots and gid not in self._timers:
                del self.tables[gid]

    # ------------------------------------------------------------------ new games
    def create_sync(self, game_id: str, decks: list[Any] | None, players: list[str] | None, seed: int | None,
                    options: dict[str, Any] | None, settings: dict[str, Any] | None,
                    creator: str | None = None, prefs: Any = None) -> tuple[Table, dict[str, Any]]:
        """A new game; ``creator``: the address_key of who asks (counted against the limits);
        ``prefs``: the starting preferences of every human seat (None: the defaults)."""
        try:
            start_prefs = None if prefs is None else json.dumps(SeatPrefs.from_json(prefs).to_json())
        except PrefsError as e:
            raise ApiError(400, "bad_prefs", f"prefs: {e}") from None
        try:
            game = load_game(game_id)
        except UnknownGameError as e:
            raise ApiError(404, "unknown", str(e)) from None
        if players is None:
            n = len(decks) if decks else game.min_players
            players = ["human"] + ["bot:normal"] * (n - 1)
        n = len(players)
        if n not in game.seat_counts:
            raise ApiError(400, "bad_request", f"{game.id} is played by {game.seats_text()} players, not {n}")
        for p in players:
            check_player(p)
        if decks is None:
            names = game.starter_deck_names()
            decks = [names[i % len(names)] for i in range(n)]
        if len(decks) != n:
            raise ApiError(400, "bad_request", f"{len(decks)} decks for {n} seats: give one deck per seat")
        for d in decks:
            if isinstance(d, str) and d not in game.starter_deck_names():
                raise ApiError(404, "unknown", f"no starter deck {d!r:.40} for {game.id}; starter decks: "
                                               f"{', '.join(game.starter_deck_names())} (or give a list of card names)")
        s = dict(DEFAULT_SETTINGS)
        for k, v in (settings or {}).items():
            if k not in s:
                raise ApiError(400, "bad_request", f"unknown setting {k!r:.40}; settings: {', '.join(s)}")
            s[k] = v
        self.limits.check_timer(s["turn_seconds"])
        if seed is not None and s["open"]:
            raise ApiError(400, "seeded_open", "an open game cannot have a fixed seed: with it the creator would "
                                               "know the hands of whoever joins; leave the seed out (the server "
                                               "draws one and shows it once the game is over)")
        humans = [i for i, p in enumerate(players) if p == "human"]
        if s["fair_windows"] is None:   # default: on when a person could learn from another's pauses
            s["fair_windows"] = len(humans) > 1
        options = fair_windows(options, humans if s["fair_windows"] else [])
        fixed = seed is not None  # a private game's: the lobby shows it (store.listed), before anyone plays
        if seed is None:          # drawn here and kept secret until the end; too many to search
            seed = secrets.randbelow(2**63)
        try:   # the decks first, so that an error in the options is not called a deck's
            for d in decks:
                game.validate_deck(game.resolve_deck(d))
        except MetatcgError as e:
            raise ApiError(400, "bad_deck", str(e)) from None
        try:
            state = game.new_state(list(decks), seed=seed, options=options or {})
        except MetatcgError as e:
            raise ApiError(400, "bad_request", str(e)) from None
        setup = {"decks": [list(d) for d in state.decks], "seed": seed, "options": dict(state.options),
                 "bot_seeds": [secrets.randbelow(2**31) for _ in players], "seed_fixed": fixed,
                 "deck_names": [d if isinstance(d, str) else "custom" for d in decks]}
        tokens: list[str | None] = []
        first_human = True
        for p in players:
            give = p == "human" and (first_human or not s["open"])
            if p == "human":
                first_human = False
            tokens.append(new_token() if give else None)
        gid = new_game_id()
        owner = new_token()
        row = new_game_row(gid, game, state, setup, s, players,
                           [hash_token(t) if t else None for t in tokens], creator, hash_token(owner),
                           start_prefs)
        table = Table(row, game, state, self.store)
        row.deadline = table.deadline = table._deadline_for(state)
        self.store.writer.call(lambda: self.store.create_game(row, state.to_json_text(), table.bot_to_move(),
                                                              self.limits))
        return table, {"id": gid, "game": game.id, "creator_token": owner,
                "seats": [{"seat": i, "player": p, "token": t, "url": f"/play/{gid}?token={t}" if t else None}
                          for i, (p, t) in enumerate(zip(players, tokens))]}

    async def create(self, **kw: Any) -> dict[str, Any]:
        """A new game (set up and stored in a worker thread), now a table of this server."""
        table, out = await to_thread.run_sync(lambda: self.create_sync(**kw))
        if len(self.tables) >= MAX_TABLES:
            self._forget_finished()
        self._attach(table)
        self.tables[table.id] = table
        await self._settle(table)
        self._kick(table)
        return out
