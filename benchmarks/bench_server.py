"""Load benchmark of the browser server (issue 11, point 8): many WebSocket clients playing at once.

Starts ``metatcg serve`` as a subprocess on a free loopback port with a fresh SQLite database in a
temporary folder (``--db URL`` for another database, e.g. PostgreSQL; ``--url`` to load a server
that already runs), then runs ``--clients`` concurrent clients in this process (asyncio, httpx for
``POST /api/games``, the ``websockets`` library for ``/ws/games/{id}``). Each client creates a game
(``{"game": G, "seats": ["human", "bot:random"]}``), plays the human seat with uniformly random
legal actions, and starts a new game when one ends, until ``--seconds`` have passed.

Run from the project root (never run by pytest; nothing is asserted, the script prints figures):

    python benchmarks/bench_server.py --clients 10 --seconds 10        # a short run
    python benchmarks/bench_server.py                                  # the target: 100 clients, 60 s
    python benchmarks/bench_server.py --games all                      # rotate over every game
    python benchmarks/bench_server.py --db postgresql://me@localhost/bench
    python benchmarks/bench_server.py --url http://127.0.0.1:8000 --db sqlite:///path.db

Latency of an action: from sending ``{"type": "action", ...}`` with ``n`` to the first state frame
whose ``n`` is greater (the server's acknowledgement: it sends a frame only after the commit). After
the run the actions in the database are compared with the ones the clients saw acknowledged: each
must be stored, at its number, by the human seat ("lost actions"). The issue's target: 100 clients
for 60 s on the 2-core machine with p95 < 100 ms, no errors and no lost actions.

Clients pace themselves below the server's WebSocket limit (20 messages/s, bursts of 40) with a
token bucket of their own (``--rate``, ``--burst``; ``--rate 0`` turns it off); game creation
retries on ``429 slow_down`` and creations are spread over the first ``--ramp`` seconds. Each
client speaks from its own address in ``X-Forwarded-For`` (see ``address``), so the server's
per-address limits see many clients.

Other scenarios (``--scenario``; issue 27): ``spectators`` (one game watched by ``--spectators``
sockets, 300 by default, read by another process: a move's latency and the time until every
spectator has it), ``replay`` (every step of a finished game, forward and back) and
``capacity`` (seat-state requests a second the server answers; what one address gets):

    python benchmarks/bench_server.py --scenario spectators --spectators 300 --moves 30
    python benchmarks/bench_server.py --scenario replay --game metabaloids --moves 600
    python benchmarks/bench_server.py --scenario capacity --clients 8 --seconds 8
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402

from metatcg.engine.rng import Rng  # noqa: E402

ALL_GAMES = ("metax", "metabaloids", "metazoo", "metazoo-2022")


# --------------------------------------------------------------------------- the figures
@dataclass
class Figures:
    """What the clients saw, shared by all of them (one event loop: no locks needed)."""
    games_started: int = 0
    games_finished: int = 0
    games_by_kind: Counter = field(default_factory=Counter)
    sent: int = 0
    acked: int = 0
    latencies: list[float] = field(default_factory=list)      # seconds, one per acknowledged action
    create_latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)          # error frames by code
    conn_errors: Counter = field(default_factory=Counter)     # by exception type / HTTP status
    http_429: int = 0
    frames: int = 0
    frame_bytes: int = 0
    acks: list[tuple[str, int, str]] = field(default_factory=list)   # (game id, stored n, action id)
    sent_by_game: Counter = field(default_factory=Counter)
    game_ids: list[str] = field(default_factory=list)
    unacked_at_end: int = 0


class Pacer:
    """The client's own token bucket, kept below the server's WebSocket limit."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    async def take(self) -> None:
        if self.rate <= 0:
            return
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


# --------------------------------------------------------------------------- one client
def address(i: int) -> dict[str, str]:
    """Client ``i``'s own address, told through ``X-Forwarded-For``: the server started here
    trusts it from 127.0.0.1 (``--forwarded-allow-ips``, or uvicorn's default before that option
    existed), so the per-address limits see many clients, as behind a reverse proxy."""
    return {"X-Forwarded-For": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"}


async def create_game(http: httpx.AsyncClient, game: str, fig: Figures, stop_at: float,
                      headers: dict[str, str] | None = None) -> dict | None:
    """``POST /api/games``, retried on 429 with a growing pause; None when time is up or it fails."""
    pause = 0.05
    while time.monotonic() < stop_at:
        t0 = time.perf_counter()
        try:
            r = await http.post("/api/games", json={"game": game, "seats": ["human", "bot:random"]},
                                headers=headers)
        except httpx.HTTPError as e:
            fig.conn_errors[f"create: {type(e).__name__}"] += 1
            await asyncio.sleep(pause)
            continue
        if r.status_code == 429:
            fig.http_429 += 1
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)
            continue
        if r.status_code != 201:
            fig.conn_errors[f"create: HTTP {r.status_code} {r.text[:60]}"] += 1
            await asyncio.sleep(0.5)
            return None
        fig.create_latencies.append(time.perf_counter() - t0)
        return r.json()
    return None


async def play_one(ws_base: str, created: dict, rng: Rng, pacer: Pacer, fig: Figures, stop_at: float,
                   grace: float, compression: bool, think: float, headers: dict[str, str] | None = None) -> bool:
    """Play one game as seat 0 until it ends or time is up; True if it ended."""
    gid = created["id"]
    token = created["seats"][0]["token"]
    url = f"{ws_base}/ws/games/{gid}?token={token}"
    pending_n: int | None = None      # n the unacknowledged action was sent with
    pending_at = 0.0
    pending_id = ""
    acted_on: int | None = None       # the last n this client acted on
    retries = 0
    last: dict | None = None
    async with connect(url, max_size=None, open_timeout=30, ping_interval=None, additional_headers=headers,
                       compression="deflate" if compression else None) as ws:
        while True:
            now = time.monotonic()
            if pending_n is None and now >= stop_at:
                return False
            limit = (stop_at + grace if pending_n is not None else stop_at) - now
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.01, limit))
            except asyncio.TimeoutError:
                if pending_n is not None:
                    fig.unacked_at_end += 1
                return False
            t = time.perf_counter()
            fig.frames += 1
            fig.frame_bytes += len(text)
            msg = json.loads(text)
            kind = msg.get("type")
            if kind == "error":
                fig.errors[msg.get("code", "?")] += 1
                if pending_n is not None and last is not None and last["n"] == pending_n:
                    # refused (nothing changed): try again on the same state, a few times at most
                    pending_n = None
                    acted_on = None
                    retries += 1
                    if retries > 5:
                        fig.conn_errors["gave up a game after 5 refused actions"] += 1
                        return False
                    if msg.get("code") == "slow_down":
                        await asyncio.sleep(0.2)
                    msg = last
                else:
                    continue
            elif kind != "state":
                continue
            else:
                last = msg
                n = msg["n"]
                if pending_n is not None and n > pending_n:
                    fig.latencies.append(t - pending_at)
                    fig.acked += 1
                    fig.acks.append((gid, pending_n + 1, pending_id))
                    pending_n = None
                    retries = 0
            if msg.get("over"):
                return True
            n = msg["n"]
            if (pending_n is None and msg.get("deciding") == 0 and msg.get("legal_actions")
                    and acted_on != n and time.monotonic() < stop_at):
                if think > 0:
                    await asyncio.sleep(rng.below(1001) / 1000 * 2 * think)
                await pacer.take()
                choice = rng.choice(msg["legal_actions"])["id"]
                pending_n, pending_id, acted_on = n, choice, n
                pending_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": choice, "n": n}))
                fig.sent += 1
                fig.sent_by_game[gid] += 1


async def client(i: int, http: httpx.AsyncClient, ws_base: str, games: list[str], fig: Figures,
                 start_at: float, stop_at: float, args: argparse.Namespace) -> None:
    rng = Rng(args.seed + i)
    pacer = Pacer(args.rate, args.burst)
    k = i
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    while time.monotonic() < stop_at:
        game = games[k % len(games)]
        k += 1
        created = await create_game(http, game, fig, stop_at, address(i))
        if created is None:
            continue
        fig.games_started += 1
        fig.games_by_kind[game] += 1
        fig.game_ids.append(created["id"])
        try:
            if await play_one(ws_base, created, rng, pacer, fig, stop_at, args.grace, not args.no_compression,
                              args.think, address(i)):
                fig.games_finished += 1
        except (ConnectionClosed, InvalidStatus, OSError, asyncio.TimeoutError) as e:
            fig.conn_errors[f"ws: {type(e).__name__} {getattr(e, 'rcvd', '') or ''}".strip()] += 1
            await asyncio.sleep(0.2)


# --------------------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int, log_path: Path) -> subprocess.Popen:
    out = open(log_path, "w")
    helptext = subprocess.run([sys.executable, "-m", "metatcg", "serve", "--help"], capture_output=True,
                              text=True, cwd=ROOT, env={**os.environ, "COLUMNS": "200"}).stdout
    proxy = ["--forwarded-allow-ips", "127.0.0.1"] if "--forwarded-allow-ips" in helptext else []
    proc = subprocess.Popen([sys.executable, "-m", "metatcg", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", db, *proxy], stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}:\n{log_path.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not answer within 60 s:\n{log_path.read_text()[-2000:]}")


def cpu_seconds(pid: int) -> float | None:
    """utime + stime of a process (its threads included) from /proc, or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def threads_of(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[17])
    except (OSError, ValueError, IndexError):
        return None


# --------------------------------------------------------------------------- the database check
def check_store(db: str, fig: Figures) -> dict:
    """Every acknowledged action stored at its number by the human seat; seat actions stored
    beyond those the clients sent would be phantoms."""
    import sqlalchemy as sa

    from metatcg.server.store import Store, actions

    store = Store(db)
    try:
        total = store.count_actions()
        stored: dict[tuple[str, int], tuple[str, str]] = {}
        by_kind: Counter = Counter()
        ids = sorted(set(fig.game_ids))
        with store.engine.connect() as conn:
            for lo in range(0, len(ids), 500):
                q = sa.select(actions.c.game_id, actions.c.n, actions.c.action, actions.c.by).where(
                    actions.c.game_id.in_(ids[lo:lo + 500]))
                for gid, n, action, by in conn.execute(q):
                    stored[(gid, n)] = (action, by)
                    by_kind[by] += 1
    finally:
        store.close()
    lost = [a for a in fig.acks if stored.get((a[0], a[1])) != (a[2], "seat")]
    seat_by_game = Counter(gid for (gid, _), (_, by) in stored.items() if by == "seat")
    phantom = sum(max(0, seat_by_game[g] - fig.sent_by_game[g]) for g in seat_by_game)
    return {"total_in_db": total, "stored_seat": by_kind["seat"], "stored_bot": by_kind["bot"],
            "stored_other": sum(v for k, v in by_kind.items() if k not in ("seat", "bot")),
            "lost": len(lost), "lost_sample": lost[:5], "phantom": phantom}


# --------------------------------------------------------------------------- main
def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def run_clients(base: str, games: list[str], args: argparse.Namespace) -> tuple[Figures, float]:
    fig = Figures()
    ws_base = "ws" + base[4:] if base.startswith("http") else base
    limits = httpx.Limits(max_connections=args.clients, max_keepalive_connections=args.clients)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        t0 = time.monotonic()
        stop_at = t0 + args.seconds
        ramp = min(args.ramp, args.seconds / 4)
        tasks = [asyncio.create_task(client(i, http, ws_base, games, fig, t0 + ramp * i / max(1, args.clients),
                                            stop_at, args)) for i in range(args.clients)]
        await asyncio.gather(*tasks)
        wall = time.monotonic() - t0
    return fig, wall


# --------------------------------------------------------------------------- other scenarios
async def _frames_until(ws, pred, timeout: float = 60.0) -> dict:
    """Read frames until one satisfies ``pred``; that frame."""
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, end - time.monotonic())))
        if msg.get("type") == "state" and pred(msg):
            return msg


def _spectators_process(ws_url: str, count: int, conn) -> None:
    """In a process of its own (so that reading 300 sockets does not delay the seats' client):
    ``count`` spectator sockets, each from its own address; reports when all are connected, then
    the arrival times (``time.perf_counter``, the same clock in every process on Linux) of every
    state frame by its ``n`` once told to stop."""
    async def main() -> None:
        socks = []
        for i in range(count):
            socks.append(await connect(ws_url, max_size=None, open_timeout=60, ping_interval=None,
                                       additional_headers=address(1000 + i)))
            await socks[-1].recv()
        seen: dict[int, list[float]] = {}

        async def watch(ws) -> None:
            with contextlib.suppress(ConnectionClosed):
                async for text in ws:
                    n = json.loads(text).get("n")
                    if n is not None:
                        seen.setdefault(n, []).append(time.perf_counter())

        readers = [asyncio.create_task(watch(w)) for w in socks]
        conn.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        for t in readers:
            t.cancel()
        for w in socks:
            await w.close()
        conn.send(seen)

    asyncio.run(main())


async def run_spectators(base: str, args: argparse.Namespace) -> dict:
    """One human-vs-human game with ``--spectators`` sockets watching it (each from its own
    address, read by another process). ``--moves`` times, a quarter of a second apart, the
    deciding seat sends an action over its socket; the move's latency is the time to its
    acknowledgement on that socket, the fan-out's the time until every spectator holds the new
    state."""
    import multiprocessing

    ws_base = "ws" + base[4:]
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        r = await http.post("/api/games", json={"game": args.game, "seats": ["human", "human"], "seed": args.seed},
                            headers=address(0))
        r.raise_for_status()
        created = r.json()
    gid, toks = created["id"], [s["token"] for s in created["seats"]]
    mine, theirs = multiprocessing.Pipe()
    child = multiprocessing.Process(target=_spectators_process, args=(f"{ws_base}/ws/games/{gid}",
                                                                      args.spectators, theirs))
    child.start()
    loop = asyncio.get_running_loop()
    assert await loop.run_in_executor(None, mine.recv) == "ready"
    seats = [await connect(f"{ws_base}/ws/games/{gid}?token={t}", max_size=None, ping_interval=None,
                           additional_headers=address(1 + k)) for k, t in enumerate(toks)]
    last = [json.loads(await s.recv()) for s in seats]
    rng = Rng(args.seed)
    moves, sent_at = [], {}
    for _ in range(args.moves):
        p = last[0]["deciding"]
        if p is None:
            break
        n = last[p]["n"]
        choice = rng.choice(last[p]["legal_actions"])["id"]
        t0 = sent_at[n + 1] = time.perf_counter()
        await seats[p].send(json.dumps({"type": "action", "action": choice, "n": n}))
        last[p] = await _frames_until(seats[p], lambda m, n=n: m["n"] > n)
        moves.append(time.perf_counter() - t0)
        last[1 - p] = await _frames_until(seats[1 - p], lambda m, n=n: m["n"] > n)
        await asyncio.sleep(0.25)
    mine.send("stop")
    seen = await loop.run_in_executor(None, mine.recv)
    child.join(30)
    for w in seats:
        await w.close()
    fo = [(max(seen[n]) - t0) * 1000 for n, t0 in sent_at.items()
          if args.spectators and len(seen.get(n, ())) == args.spectators]
    ms = [x * 1000 for x in moves]
    return {"scenario": "spectators", "spectators": args.spectators, "moves": len(moves),
            "move_ms": {"p50": pct(ms, 50), "p95": pct(ms, 95), "mean": sum(ms) / len(ms)},
            "all_spectators_ms": {"p50": pct(fo, 50), "p95": pct(fo, 95)} if fo else None,
            "moves_every_spectator_saw": len(fo)}


async def run_replay(base: str, args: argparse.Namespace) -> dict:
    """A finished human-vs-human game of ``--moves`` actions, then every replay step forward
    (as a viewer stepping through it) and back, timed one request at a time."""
    asked = iter(range(10_000, 10**9))      # each request from a new address: the limits are not measured here

    async def addressed(request: httpx.Request) -> None:
        request.headers.update(address(next(asked)))

    async with httpx.AsyncClient(base_url=base, timeout=60, event_hooks={"request": [addressed]}) as http:
        r = await http.post("/api/games", json={"game": args.game, "seats": ["human", "human"], "seed": args.seed})
        r.raise_for_status()
        gid, toks = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        rng = Rng(args.seed)
        for _ in range(args.moves):
            st = (await http.get(f"/api/games/{gid}", params={"token": toks[0]})).json()
            if st["over"]:
                break
            p = st["deciding"]
            mine = (await http.get(f"/api/games/{gid}", params={"token": toks[p]})).json()
            aid = rng.choice(mine["legal_actions"])["id"]
            (await http.post(f"/api/games/{gid}/actions", json={"token": toks[p], "action": aid,
                                                                "n": st["n"]})).raise_for_status()
        await http.post(f"/api/games/{gid}/concede", json={"token": toks[0]})
        steps = (await http.get(f"/api/games/{gid}/replay/0")).json()["steps"]
        times = []
        for k in [*range(steps + 1), *reversed(range(steps + 1))]:
            t0 = time.perf_counter()
            r = await http.get(f"/api/games/{gid}/replay/{k}")
            times.append(time.perf_counter() - t0)
            r.raise_for_status()
    ms = [x * 1000 for x in times]
    return {"scenario": "replay", "steps": steps, "requests": len(ms),
            "step_ms": {"p50": pct(ms, 50), "p95": pct(ms, 95), "mean": sum(ms) / len(ms), "max": max(ms)}}


async def run_capacity(base: str, args: argparse.Namespace) -> dict:
    """What the server serves: ``--clients`` clients ask for a seat's state (the request a board
    makes most) as fast as they get answers, for ``--seconds``, each request from a new address
    (so no limit is met). Then what one address gets in 5 s of asking as fast as it can (8
    connections), and how many games one address may create in 5 s."""
    fresh = iter(range(100_000, 10**9))
    limits = httpx.Limits(max_connections=args.clients + 2, max_keepalive_connections=args.clients + 2)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        r = await http.post("/api/games", json={"game": args.game, "seats": ["human", "human"]}, headers=address(0))
        r.raise_for_status()
        gid, tok = r.json()["id"], r.json()["seats"][0]["token"]
        lat: list[float] = []
        codes: Counter = Counter()

        async def asker(i: int | None, stop_at: float, out: list[float], seen: Counter) -> None:
            while time.monotonic() < stop_at:
                t0 = time.perf_counter()
                r = await http.get(f"/api/games/{gid}", params={"token": tok},
                                   headers=address(next(fresh) if i is None else i))
                out.append(time.perf_counter() - t0)
                seen[r.status_code] += 1

        t0 = time.monotonic()
        await asyncio.gather(*(asker(None, t0 + args.seconds, lat, codes) for _ in range(args.clients)))
        wall = time.monotonic() - t0
        one: Counter = Counter()
        t1 = time.monotonic()
        await asyncio.gather(*(asker(7, t1 + 5, [], one) for _ in range(8)))   # one address, 8 connections
        one_wall = time.monotonic() - t1
        made: Counter = Counter()
        t2 = time.monotonic()
        while time.monotonic() < t2 + 5:
            r = await http.post("/api/games", json={"game": args.game, "seats": ["human", "human"]},
                                headers=address(8))
            made[r.status_code] += 1
    ms = [x * 1000 for x in lat]
    return {"scenario": "capacity", "clients": args.clients, "seconds": wall,
            "requests_per_second": codes[200] / wall, "codes": dict(codes),
            "latency_ms": {"p50": pct(ms, 50), "p95": pct(ms, 95)},
            "one_address": {k: v for k, v in one.items()}, "one_address_ok_per_second": one[200] / one_wall,
            "games_one_address_5s": dict(made)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=100, help="concurrent clients (one game each at a time)")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long the clients play")
    ap.add_argument("--game", default="metax", help="game id, or 'all' to rotate over the four games")
    ap.add_argument("--games", dest="game", help="same as --game (e.g. --games all)")
    ap.add_argument("--db", default=None, help="database URL for the started server (default: a fresh SQLite "
                                               "file in a temporary folder); with --url, the server's database "
                                               "to check for lost actions")
    ap.add_argument("--url", default=None, help="load this running server (http://host:port) instead of starting one")
    ap.add_argument("--pid", type=int, default=None, help="with --url: the server's process id, for its CPU time")
    ap.add_argument("--rate", type=float, default=18.0, help="client-side cap, messages/s per socket (0: none)")
    ap.add_argument("--burst", type=float, default=30.0, help="client-side burst of that cap")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before acting (uniform 0 to twice this; default 0: at once)")
    ap.add_argument("--ramp", type=float, default=2.0, help="spread the first game creations over this many seconds")
    ap.add_argument("--grace", type=float, default=10.0, help="seconds to wait for the last acknowledgements")
    ap.add_argument("--no-compression", action="store_true", help="do not offer permessage-deflate")
    ap.add_argument("--seed", type=int, default=1, help="seed of the clients' random choices")
    ap.add_argument("--p95-target", type=float, default=100.0, help="target p95 latency in ms")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures to FILE as JSON")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (database, server log)")
    ap.add_argument("--scenario", choices=("play", "spectators", "replay", "capacity"), default="play",
                    help="play: --clients playing bots (default); spectators: one game watched by --spectators "
                         "sockets; replay: step through a finished game; capacity: requests a second served")
    ap.add_argument("--spectators", type=int, default=300, help="spectators: sockets watching the game")
    ap.add_argument("--moves", type=int, default=40, help="spectators, replay: actions taken in the game")
    args = ap.parse_args(argv)
    games = list(ALL_GAMES) if args.game == "all" else [args.game]

    tmp = Path(tempfile.mkdtemp(prefix="bench_server_"))
    proc = None
    db = args.db
    if args.url:
        base = args.url.rstrip("/")
        pid = args.pid
    else:
        db = db or f"sqlite:///{tmp / 'bench.db'}"
        port = free_port()
        proc = start_server(db, port, tmp / "server.log")
        base, pid = f"http://127.0.0.1:{port}", proc.pid
    print(f"metatcg server load benchmark: {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs; server {base} (pid {pid or '?'}), database {db or '(not given)'}")
    if args.scenario == "play":
        print(f"{args.clients} clients, {args.seconds:g} s, games {', '.join(games)}, seats human + bot:random, "
              f"client pace {args.rate:g}/s (burst {args.burst:g}), think {args.think:g} s, "
              f"compression {'off' if args.no_compression else 'on'}")

    if args.scenario != "play":
        scenario = {"spectators": run_spectators, "replay": run_replay, "capacity": run_capacity}[args.scenario]
        try:
            out = asyncio.run(scenario(base, args))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(10)
        print(json.dumps(out))
        if args.json:
            args.json.write_text(json.dumps(out, indent=1))
        return 0
    cpu0 = cpu_seconds(pid) if pid else None
    proc_cpu0 = time.process_time()
    try:
        fig, wall = asyncio.run(run_clients(base, games, args))
        cpu1 = cpu_seconds(pid) if pid else None
        proc_cpu = time.process_time() - proc_cpu0
        threads = threads_of(pid) if pid else None
        check = check_store(db, fig) if db else None
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat = [x * 1000 for x in fig.latencies]
    figures = {
        "clients": args.clients, "think": args.think, "rate": args.rate, "seconds": args.seconds,
        "wall_seconds": wall, "games": games,
        "games_started": fig.games_started, "games_finished": fig.games_finished,
        "games_by_kind": dict(fig.games_by_kind), "actions_sent": fig.sent, "actions_acknowledged": fig.acked,
        "actions_per_second": fig.acked / args.seconds,
        "latency_ms": {"p50": pct(lat, 50), "p95": pct(lat, 95), "p99": pct(lat, 99), "max": max(lat, default=0),
                       "mean": sum(lat) / len(lat) if lat else float("nan")},
        "create_ms": {"p50": pct([x * 1000 for x in fig.create_latencies], 50),
                      "p95": pct([x * 1000 for x in fig.create_latencies], 95)},
        "error_frames": dict(fig.errors), "connection_errors": dict(fig.conn_errors), "http_429": fig.http_429,
        "unacknowledged_at_end": fig.unacked_at_end, "frames": fig.frames,
        "frame_bytes_mean": fig.frame_bytes / fig.frames if fig.frames else 0,
        "server_cpu_seconds": (cpu1 - cpu0) if cpu0 is not None and cpu1 is not None else None,
        "server_threads": threads, "client_cpu_seconds": proc_cpu, "store": check,
    }
    show(figures, args)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, default=str))
    if args.keep or fig.conn_errors:
        print(f"temporary folder kept: {tmp}")
    else:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def show(f: dict, args: argparse.Namespace) -> None:
    lat = f["latency_ms"]
    print(f"clients                 {f['clients']}")
    print(f"seconds                 {f['seconds']:g} (wall {f['wall_seconds']:.1f} with the last acknowledgements)")
    kinds = ", ".join(f"{k} {v}" for k, v in f["games_by_kind"].items())
    print(f"games started/finished  {f['games_started']:,} / {f['games_finished']:,}  ({kinds})")
    print(f"actions sent            {f['actions_sent']:,} (acknowledged {f['actions_acknowledged']:,}, "
          f"unacknowledged at the end {f['unacknowledged_at_end']})")
    print(f"actions/s               {f['actions_per_second']:,.1f}")
    print(f"latency ms              p50 {lat['p50']:.1f}  p95 {lat['p95']:.1f}  p99 {lat['p99']:.1f}  "
          f"max {lat['max']:.1f}  (mean {lat['mean']:.1f})")
    print(f"game creation ms        p50 {f['create_ms']['p50']:.1f}  p95 {f['create_ms']['p95']:.1f}  "
          f"(429 answers: {f['http_429']})")
    errs = ", ".join(f"{k} {v}" for k, v in sorted(f["error_frames"].items())) or "0"
    print(f"error frames            {errs}")
    conn = ", ".join(f"{k} {v}" for k, v in sorted(f["connection_errors"].items())) or "0"
    print(f"connection errors       {conn}")
    print(f"state frames            {f['frames']:,} received, {f['frame_bytes_mean']:,.0f} characters each on average")
    if f["server_cpu_seconds"] is not None:
        print(f"server CPU              {f['server_cpu_seconds']:.1f} s in {f['wall_seconds']:.1f} s "
              f"({f['server_cpu_seconds'] / f['wall_seconds'] * 100:.0f}% of one core), "
              f"{f['server_threads']} threads at the end")
    else:
        print("server CPU              unknown (give --pid with --url)")
    print(f"client CPU              {f['client_cpu_seconds']:.1f} s (this process, same machine)")
    s = f["store"]
    if s is None:
        print("lost actions            not checked (give --db with --url)")
    else:
        print(f"database                {s['total_in_db']:,} actions in all; of these games: {s['stored_seat']:,} "
              f"by the human seat, {s['stored_bot']:,} by the bot, {s['stored_other']:,} other")
        print(f"lost actions: {s['lost']}" + (f"  e.g. {s['lost_sample']}" if s["lost"] else "")
              + f"   (acknowledged {f['actions_acknowledged']:,}; seat actions stored but never sent: {s['phantom']})")
    errors = sum(f["error_frames"].values()) + sum(f["connection_errors"].values())
    ok = lat["p95"] < args.p95_target and errors == 0 and s is not None and s["lost"] == 0
    print(f"target (p95 < {args.p95_target:g} ms, 0 errors, 0 lost): {'met' if ok else 'NOT met'}"
          + ("" if args.clients >= 100 and args.seconds >= 60 else " (the target is for 100 clients, 60 s)"))


if __name__ == "__main__":
    raise SystemExit(main())
