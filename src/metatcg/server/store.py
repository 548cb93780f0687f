"""Where the server keeps its games: SQLite (the default) or PostgreSQL, through SQLAlchemy Core.

Every accepted action is written with the game's new action count and, every
:data:`SNAPSHOT_EVERY` actions, a snapshot of the whole state; the :class:`Writer` thread writes
the actions of all tables that arrive together in one transaction. The answer to a player
goes out only after that commit, so a server killed at any moment loses nothing it confirmed.
A restarted server rebuilds a game from its latest snapshot and the actions after it.

The schema is created and migrated here: ``meta.schema_version`` says which of
:data:`MIGRATIONS` have run; a database made by a newer server is refused, not damaged.
"""
from __future__ import annotations

import asyncio
import json
import os
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .ownership import GameLimits

#: a full snapshot of the state every this many actions (between them, actions replay)
SNAPSHOT_EVERY = 50
#: request ids a table remembers (the newest, over all its seats): a retry comes soon or not at all
RIDS_KEPT = 64
#: the lines "auto: passed …" a seat's frames show (the newest)
AUTO_NOTES_KEPT = 20

meta = sa.MetaData()

games = sa.Table(
    "games", meta,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),      # secret: decks, seed, options, bot seeds
    sa.Column("settings", sa.Text, nullable=False),   # public: timers, listing, record policy
    sa.Column("n", sa.Integer, nullable=False),       # actions taken so far
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("listed", sa.Boolean, nullable=False),
    sa.Column("deadline", sa.Float, nullable=True),   # when the timed decision runs out
    sa.Column("bot_turn", sa.Boolean, nullable=False),  # a bot holds the decision (resume it on start)
    sa.Column("notes", sa.Text, nullable=False),      # the server's own public lines (time-outs, joins)
    sa.Column("creator", sa.String(64), nullable=True),     # SHA-256 of the creator's address (v2)
    sa.Column("owner_hash", sa.String(64), nullable=True),  # SHA-256 of the creator's token (v2)
    sa.Index("games_listed", "listed", "created"),
)
seats = sa.Table(
    "seats", meta,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(32), nullable=False),      # "human" or "bot:<name>"
    sa.Column("token_hash", sa.String(64), nullable=True),   # SHA-256 of the seat's token
    sa.Column("joined", sa.Boolean, nullable=False),
    sa.Column("prefs", sa.Text, nullable=True),   # the seat's preferences (ui.prefs JSON); null: defaults (v3)
)
actions = sa.Table(
    "actions", meta,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),            # 1 for the first action
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("by", sa.String(16), nullable=False),          # "seat", "bot", "timer", "concede", "prefs"
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("rid", sa.String(64), nullable=True),          # the client's request id, if it sent one (v2)
    sa.Column("note", sa.Text, nullable=True),   # by "prefs": what it answered, for that seat's eyes only (v3)
)
snapshots = sa.Table(
    "snapshots", meta,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
)
meta_table = sa.Table(
    "meta", meta,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


def _v1(conn: Connection) -> None:
    """The first schema: games, seats, actions, snapshots (made from today's tables, so a new
    database has the later versions' columns at once and their steps add nothing)."""
    for t in (games, seats, actions, snapshots):
        t.create(conn, checkfirst=True)     # a table's indexes (games_listed) come with it


def _v2(conn: Connection) -> None:
    """Creator tokens and addresses (ending a game, games per address) and request ids (safe
    retries): three columns that a version-1 database lacks."""
    have = {t: {c["name"] for c in sa.inspect(conn).get_columns(t)} for t in ("games", "actions")}
    for table, col in (("games", games.c.creator), ("games", games.c.owner_hash), ("actions", actions.c.rid)):
        if col.name not in have[table]:
            kind = col.type.compile(dialect=conn.dialect)
            conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {col.name} {kind}"))


def _v3(conn: Connection) -> None:
    """Seat preferences (auto-pass, stops, auto-same: ``ui.prefs``), kept with each seat, and the
    line telling a seat what its preferences answered, kept with that action."""
    have = {t: {c["name"] for c in sa.inspect(conn).get_columns(t)} for t in ("seats", "actions")}
    for table, col in (("seats", seats.c.prefs), ("actions", actions.c.note)):
        if col.name not in have[table]:
            conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {col.name} {col.type.compile(dialect=conn.dialect)}"))


#: (version, step) in order; a step never changes once released, a new one is appended
MIGRATIONS: list[tuple[int, Callable[[Connection], None]]] = [(1, _v1), (2, _v2), (3, _v3)]
SCHEMA_VERSION = MIGRATIONS[-1][0]


@dataclass
class ActionWrite:
    """One accepted action to write: the row, the game's new facts, maybe a snapshot."""

    game_id: str
    n: int
    action: str
    seat: int
    by: str
    over: bool
    result: Any
    deadline: float | None
    bot_turn: bool
    notes: list[str] | None
    snapshot: str | None
    rid: str | None = None
    note: str | None = None      # by "prefs": the line its seat reads


class Writer:
    """Every database write goes through here. Actions from every table are written together,
    one transaction for all that arrived while the previous one committed (group commit): no
    two writers wait on each other's locks, and one commit's cost is shared. Each caller waits
    for its own future, so an answer still goes out only after its commit. With PostgreSQL a
    writer thread does it; with SQLite the event loop itself (:meth:`write`). Other writes (a new
    game, a join) are functions run in the writer thread in turn."""

    def __init__(self, store: "Store") -> None:
        self.store = store
        self.queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.batches = 0
        self.written = 0
        self.on_loop = store.kind == "sqlite"
        self.pending: list[tuple[ActionWrite, Any]] = []

    def submit(self, item: "ActionWrite | Callable[[], Any]") -> "Future[Any]":
        fut: Future[Any] = Future()
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="metatcg-db-writer", daemon=True)
                self.thread.start()
        self.queue.put((item, fut))
        return fut

    async def write(self, item: "ActionWrite | Callable[[], Any]") -> Any:
        """Write ``item`` and wait for its commit. With SQLite, actions are written on the event
        loop itself, once per loop pass for all that arrived in it: a local SQLite commit takes
        well under a millisecond, less than handing the work to a thread and back."""
        if self.on_loop and isinstance(item, ActionWrite):
            loop = asyncio.get_running_loop()
            fut: asyncio.Future[Any] = loop.create_future()
            self.pending.append((item, fut))
            if len(self.pending) == 1:
                loop.call_soon(self._flush_pending)
            return await fut
        return await asyncio.wrap_future(self.submit(item))

    def _flush_pending(self) -> None:
        batch, self.pending = self.pending, []
        self._write_actions(batch)

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` in the writer thread and wait for it (from any other thread)."""
        return self.submit(fn).result()

    def close(self) -> None:
        with self.lock:
            if self.thread is not None:
                self.queue.put(None)
                self.thread.join(10)
                self.thread = None

    def _run(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < 500:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self.queue.put(None)
                    break
                batch.append(nxt)
            actions_ = [(it, f) for it, f in batch if isinstance(it, ActionWrite)]
            if actions_:
                self._write_actions(actions_)
            for it, f in batch:
                if not isinstance(it, ActionWrite):
                    try:
                        f.set_result(it())
                    except BaseException as e:   # handed to the caller
                        f.set_exception(e)

    def _write_actions(self, items: list[tuple[ActionWrite, Any]]) -> None:
        try:
            self.store.commit_actions([it for it, _ in items])
        except Exception:
            # one of them failed (another server took a decision first?): each alone, so only
            # the ones that fail are refused
            for it, f in items:
                try:
                    self.store.commit_actions([it])
                except Exception as e:       # RaceLost, or the database's own error
                    f.set_exception(e)
                else:
                    f.set_result(None)
            return
        self.batches += 1
        self.written += len(items)
        for _, f in items:
            f.set_result(None)


class StoreError(Exception):
    """The database cannot be used (a newer schema, a bad URL)."""


class RaceLost(Exception):
    """Another action was committed for the same decision first."""


@dataclass
class SeatRow:
    seat: int
    player: str
    token_hash: str | None
    joined: bool
    prefs: str | None = None      # the seat's preferences as JSON text; None: the defaults


@dataclass
class GameRow:
    id: str
    game: str
    created: float
    setup: dict[str, Any]
    settings: dict[str, Any]
    n: int
    over: bool
    result: Any
    deadline: float | None
    notes: list[str]
    seats: list[SeatRow] = field(default_factory=list)
    snapshot: tuple[int, str] | None = None            # (n, state JSON)
    actions: list[str] = field(default_factory=list)   # action ids after the snapshot, in order
    creator: str | None = None                         # address_key of who created it
    owner_hash: str | None = None                      # SHA-256 of the creator's token
    rids: list[tuple[int, str, str]] = field(default_factory=list)  # recent (seat, rid, action), oldest first
    auto_notes: dict[int, list[str]] = field(default_factory=dict)   # seat -> its newest notes, oldest first


def engine_url(url: str) -> str:
    """``postgresql://`` URLs use the psycopg (3) driver; other URLs are SQLAlchemy's own."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def default_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'metatcg.db'}"


class Store:
    """The server's database. Thread-safe: each call uses its own connection from the pool."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            real = engine_url(url)
            if real.startswith("sqlite"):
                path = sa.engine.make_url(real).database
                if path and path != ":memory:":
                    _private_file(Path(path).expanduser())
                self.engine: Engine = sa.create_engine(real, connect_args={"check_same_thread": False,
                                                                           "timeout": 30})
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = sa.create_engine(real, pool_size=10, max_overflow=20, pool_pre_ping=True)
        except (sa.exc.ArgumentError, ImportError, ValueError) as e:
            raise StoreError(f"cannot use the database {url!r}: {e}") from None
        self.migrate()
        self.writer = Writer(self)

    @property
    def kind(self) -> str:
        return self.engine.dialect.name

    def migrate(self) -> int:
        """Create or upgrade the schema; returns the version now in the database."""
        try:
            with self.engine.begin() as conn:
                meta_table.create(conn, checkfirst=True)
                row = conn.execute(sa.select(meta_table.c.value).where(meta_table.c.key == "schema_version")).first()
                have = int(row[0]) if row else 0
                if have > SCHEMA_VERSION:
                    raise StoreError(f"the database {self.url!r} has schema version {have}, made by a newer "
                                     f"metatcg (this one knows up to {SCHEMA_VERSION}); upgrade metatcg")
                for version, step in MIGRATIONS:
                    if version > have:
                        step(conn)
                        have = version
                if row:
                    conn.execute(meta_table.update().where(meta_table.c.key == "schema_version")
                                 .values(value=str(have)))
                else:
                    conn.execute(meta_table.insert().values(key="schema_version", value=str(have)))
                return have
        except sa.exc.OperationalError as e:
            raise StoreError(f"cannot open the database {self.url!r}: {e.orig}") from None

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # ------------------------------------------------------------------ writing
    def create_game(self, row: GameRow, state_json: str, bot_turn: bool = False,
                    limits: GameLimits | None = None) -> None:
        """A new game with its seats and its first snapshot (the state after setup). With
        ``limits``, counted against them in the same transaction (the writer thread runs one
        at a time, so two creations cannot both take the last place)."""
        now = time.time()
        with self.engine.begin() as conn:
            if limits is not None:
                limits.check_counts(_running(conn, games.c.creator == row.creator) if row.creator else 0,
                                    _running(conn, ~_HAS_HUMAN), all(s.player != "human" for s in row.seats))
            conn.execute(games.insert().values(
                id=row.id, game=row.game, created=row.created, updated=now, setup=json.dumps(row.setup),
                settings=json.dumps(row.settings), n=0, over=row.over, result=json.dumps(row.result),
                listed=bool(row.settings.get("listed", True)), deadline=row.deadline, bot_turn=bot_turn,
                notes=json.dumps(row.notes), creator=row.creator, owner_hash=row.owner_hash))
            conn.execute(seats.insert(), [{"game_id": row.id, "seat": s.seat, "player": s.player,
                                           "token_hash": s.token_hash, "joined": s.joined, "prefs": s.prefs}
                                          for s in row.seats])
            conn.execute(snapshots.insert().values(game_id=row.id, n=0, state=state_json))

    def commit_actions(self, items: list[ActionWrite]) -> None:
        """Several actions (of different games) in one transaction; :class:`RaceLost` if one's
        number is taken already (the actions' primary key), and then none is written."""
        now = time.time()
        plain = [it for it in items if it.notes is None]
        noted = [it for it in items if it.notes is not None]
        snaps = [it for it in items if it.snapshot is not None]
        try:
            with self.engine.begin() as conn:
                conn.execute(actions.insert(), [{"game_id": it.game_id, "n": it.n, "action": it.action,
                                                 "seat": it.seat, "by": it.by, "at": now, "rid": it.rid,
                                                 "note": it.note}
                                                for it in items])
                for group, stmt in ((plain, _UPDATE), (noted, _UPDATE_NOTES)):
                    if group:
                        conn.execute(stmt, [{"b_id": it.game_id, "b_n": it.n, "b_updated": now, "b_over": it.over,
                                             "b_result": json.dumps(it.result), "b_deadline": it.deadline,
                                             "b_bot_turn": it.bot_turn,
                                             "b_notes": json.dumps(it.notes) if it.notes is not None else None}
                                            for it in group])
                if snaps:
                    conn.execute(_SNAPSHOT, [{"b_id": it.game_id, "b_n": it.n, "b_state": it.snapshot} for it in snaps])
        except IntegrityError:
            raise RaceLost(",".join(it.game_id for it in items)) from None

    def join_seat(self, game_id: str, seat: int, token_hash: str, notes: list[str]) -> bool:
        """Give an unjoined human seat its token (and the game its new notes); False if someone
        joined first."""
        with self.engine.begin() as conn:
            done = conn.execute(seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                     seats.c.joined.is_(False), seats.c.player == "human")
                                .values(token_hash=token_hash, joined=True))
            if done.rowcount != 1:
                return False
            conn.execute(games.update().where(games.c.id == game_id).values(updated=time.time(),
                                                                            notes=json.dumps(notes)))
            return True

    def set_prefs(self, game_id: str, seat: int, prefs: str) -> None:
        """A seat's new preferences (JSON text)."""
        with self.engine.begin() as conn:
            conn.execute(seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat).values(prefs=prefs))

    def end_game(self, game_id: str, notes: list[str]) -> bool:
        """Its creator ends a running game: over, no timer, no bot to move; False if it was over."""
        with self.engine.begin() as conn:
            done = conn.execute(games.update().where(games.c.id == game_id, games.c.over.is_(False))
                                .values(over=True, deadline=None, bot_turn=False, updated=time.time(),
                                        notes=json.dumps(notes)))
            return bool(done.rowcount == 1)

    # ------------------------------------------------------------------ reading
    def load(self, game_id: str) -> GameRow | None:
        """A game as stored: row, seats, latest snapshot and the actions after it."""
        with self.engine.connect() as conn:
            g = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
            if g is None:
                return None
            row = _game_row(g)
            row.seats = [SeatRow(s.seat, s.player, s.token_hash, bool(s.joined), s.prefs) for s in conn.execute(
                sa.select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat))]
            snap = conn.execute(sa.select(snapshots.c.n, snapshots.c.state)
                                .where(snapshots.c.game_id == game_id)).first()
            since = snap[0] if snap else 0
            row.snapshot = (snap[0], snap[1]) if snap else None
            row.actions = [a for (a,) in conn.execute(
                sa.select(actions.c.action).where(actions.c.game_id == game_id, actions.c.n > since)
                .order_by(actions.c.n))]
            recent = conn.execute(sa.select(actions.c.seat, actions.c.rid, actions.c.action)
                                  .where(actions.c.game_id == game_id, actions.c.rid.is_not(None))
                                  .order_by(actions.c.n.desc()).limit(RIDS_KEPT)).all()
            row.rids = [(r.seat, r.rid, r.action) for r in reversed(recent)]
            for seat in row.seats:
                if seat.player == "human":
                    notes = conn.execute(sa.select(actions.c.note).where(
                        actions.c.game_id == game_id, actions.c.seat == seat.seat, actions.c.note.is_not(None))
                        .order_by(actions.c.n.desc()).limit(AUTO_NOTES_KEPT)).scalars().all()
                    if notes:
                        row.auto_notes[seat.seat] = list(reversed(notes))
            return row

    def action_ids(self, game_id: str) -> list[str]:
        """Every action of a game, in order (for records and replays)."""
        with self.engine.connect() as conn:
            return [a for (a,) in conn.execute(sa.select(actions.c.action).where(actions.c.game_id == game_id)
                                               .order_by(actions.c.n))]

    def count_actions(self, game_id: str | None = None) -> int:
        with self.engine.connect() as conn:
            q = sa.select(sa.func.count()).select_from(actions)
            if game_id is not None:
                q = q.where(actions.c.game_id == game_id)
            return int(conn.execute(q).scalar_one())

    def listed(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest listed games with their seats (for the lobby), their decks' names and the
        seed a private game's creator fixed (every seat may know it before playing; a drawn
        seed stays here)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.id, games.c.game, games.c.created, games.c.n, games.c.over,
                                          games.c.settings, games.c.setup)
                                .where(games.c.listed.is_(True)).order_by(games.c.created.desc()).limit(limit)
                                ).mappings().all()
            ids = [r["id"] for r in rows]
            by_game: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(sa.select(seats.c.game_id, seats.c.seat, seats.c.player, seats.c.joined)
                                      .where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)):
                    by_game[s.game_id].append({"seat": s.seat, "player": s.player, "joined": bool(s.joined)})
            out = []
            for r in rows:
                setup = json.loads(r["setup"])
                out.append({"id": r["id"], "game": r["game"], "created": r["created"], "n": r["n"],
                            "over": bool(r["over"]), "settings": json.loads(r["settings"]), "seats": by_game[r["id"]],
                            "decks": setup.get("deck_names"), "options": setup.get("options") or {},
                            "seed": setup["seed"] if setup.get("seed_fixed") else None})
            return out

    def needing_attention(self) -> list[str]:
        """Running games a restarted server must pick up at once: a bot to move or a timer."""
        with self.engine.connect() as conn:
            return [i for (i,) in conn.execute(sa.select(games.c.id).where(
                games.c.over.is_(False), sa.or_(games.c.bot_turn.is_(True), games.c.deadline.is_not(None))))]


_GAME_FACTS: dict[str, Any] = {
    "n": sa.bindparam("b_n"), "updated": sa.bindparam("b_updated"), "over": sa.bindparam("b_over"),
    "result": sa.bindparam("b_result"), "deadline": sa.bindparam("b_deadline"), "bot_turn": sa.bindparam("b_bot_turn")}
_UPDATE = games.update().where(games.c.id == sa.bindparam("b_id")).values(**_GAME_FACTS)
_UPDATE_NOTES = games.update().where(games.c.id == sa.bindparam("b_id")).values(
    **_GAME_FACTS, notes=sa.bindparam("b_notes"))
_SNAPSHOT = snapshots.update().where(snapshots.c.game_id == sa.bindparam("b_id")).values(
    n=sa.bindparam("b_n"), state=sa.bindparam("b_state"))


def _game_row(g: Any) -> GameRow:
    return GameRow(id=g["id"], game=g["game"], created=g["created"], setup=json.loads(g["setup"]),
                   settings=json.loads(g["settings"]), n=g["n"], over=bool(g["over"]),
                   result=json.loads(g["result"]) if g["result"] else None, deadline=g["deadline"],
                   notes=json.loads(g["notes"]), creator=g["creator"], owner_hash=g["owner_hash"])


#: a game with a human seat (the others, bots only, are capped: GameLimits.bot_only_games)
_HAS_HUMAN = sa.exists().where(seats.c.game_id == games.c.id, seats.c.player == "human")


def _running(conn: Connection, where: Any) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(games)
                            .where(games.c.over.is_(False), where)).scalar_one())


def _private_file(path: Path) -> None:
    """The SQLite file (its -wal and -shm too: SQLite gives them the file's mode) readable by
    this user only, in a folder only this user may enter when the server makes it."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.parent.chmod(0o700)    # mkdir's mode is cut by the umask
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if p.exists() and p.stat().st_mode & 0o077:
            p.chmod(0o600)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL: readers never wait for the writer; synchronous=NORMAL: a commit survives the
    process being killed (the data is in the WAL before commit returns)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
