"""``/ws/games/{id}?token=T``: a seat's (or, without a token, a spectator's) live connection.

The server sends the full state on connect and after every change again, each frame carrying
only the log lines the socket does not have yet (built once per view and change for all the
sockets that get it: ``fanout.py``). The client may act, concede and ping. A page of another
site, too many sockets, bad tokens, unknown games, oversized frames and floods close the socket
with a code that says why.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from typing import Any, Optional

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..ui.prefs import PrefsError, SeatPrefs
from .errors import ApiError
from .hub import Hub
from .limits import MAX_FRAME, SocketCaps, TokenBucket
from .security import origin_allowed

log = logging.getLogger("metatcg.server")

CLOSE_BAD_TOKEN = 4403
CLOSE_NO_GAME = 4404
CLOSE_TOO_BIG = 1009
CLOSE_FLOOD = 1008
CLOSE_TOO_MANY = 4429
FLOOD_STRIKES = 20     # refused messages in a row before the socket is closed
_encode = msgspec.json.Encoder().encode


@dataclass
class SocketRules:
    """The server's limits for sockets: messages per second (and burst) of one socket, open
    sockets per address and per game, and the allowed hosts for ``Origin`` (None: any)."""
    rate: float
    burst: float
    caps: SocketCaps
    allowed_hosts: Optional[tuple[str, ...]]


async def game_socket(ws: WebSocket, hub: Hub, game_id: str, token: str | None, rules: SocketRules) -> None:
    await ws.accept()
    if not origin_allowed(ws.scope, rules.allowed_hosts):
        await ws.send_json({"type": "error", "error": "a page of another site may not open this server's sockets",
                            "code": "bad_origin"})
        await ws.close(CLOSE_BAD_TOKEN)
        return
    address = ws.client.host if ws.client else "?"
    refused = rules.caps.take(address, game_id)
    if refused is not None:
        await ws.send_json({"type": "error", "error": refused, "code": "too_many_sockets"})
        await ws.close(CLOSE_TOO_MANY)
        return
    try:
        await _serve(ws, hub, game_id, token, rules)
    finally:
        rules.caps.give_back(address, game_id)


async def _serve(ws: WebSocket, hub: Hub, game_id: str, token: str | None, rules: SocketRules) -> None:
    try:
        table = await hub.table(game_id)
        seat = table.seat_of(token) if token else None
    except ApiError as e:
        await ws.send_json({"type": "error", "error": e.message, "code": e.code})
        await ws.close(CLOSE_NO_GAME if e.status == 404 else CLOSE_BAD_TOKEN)
        return
    watcher = hub.watch(table.id, seat)
    send_lock = asyncio.Lock()
    have = 0      # log lines this socket already has
    mark = 0      # and the log entries they came from (see GameState.log_since)

    async def send(obj: dict[str, Any]) -> None:
        await send_text(_encode(obj).decode())

    async def send_text(text: str) -> None:
        async with send_lock:
            await ws.send_text(text)

    async def push() -> None:
        nonlocal have, mark, table
        if table.broken:   # memory may differ from the database: the hub rebuilds the table
            table = await hub.table(game_id)
        # a table rebuilt from the database has the same log entries: the mark stays good
        text, have, mark = table.frames.next(table, seat, have, mark)
        await send_text(text)

    async def pusher() -> None:
        while True:
            await watcher.dirty.wait()
            watcher.dirty.clear()
            if seat is None:    # the seats' frames go out first: hundreds of spectators do not delay a move
                await asyncio.sleep(0)
            await push()

    bucket = TokenBucket(rules.rate, rules.burst)
    strikes = 0
    task: asyncio.Task[None] | None = None
    try:
        await push()
        task = asyncio.create_task(pusher())
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            text = msg.get("text")
            raw = (msg.get("bytes") or b"") if text is None else text.encode("utf-8", "surrogatepass")
            if len(raw) > MAX_FRAME:   # bytes, as the limit says (a text frame of 64 Ki letters may be more)
                await ws.close(CLOSE_TOO_BIG)
                return
            if not bucket.take():
                strikes += 1
                if strikes >= FLOOD_STRIKES:
                    await ws.close(CLOSE_FLOOD)
                    return
                await send({"type": "error", "error": "too many messages: slow down", "code": "slow_down"})
                continue
            strikes = 0
            if table.broken:
                table = await hub.table(game_id)
            await _handle(raw, table, seat, send)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unwatch(table.id, watcher)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def read_prefs(data: Any) -> SeatPrefs:
    """A seat's preferences as a client sent them, checked (``400 bad_prefs`` says what is wrong)."""
    if data is None:
        raise ApiError(400, "bad_prefs", 'no preferences given: send "prefs": {"auto_pass": true, '
                                         '"stops": ["attacked", …], "auto_same": true}; nothing was changed')
    try:
        return SeatPrefs.from_json(data)
    except PrefsError as e:
        raise ApiError(400, "bad_prefs", f"prefs: {e}; nothing was changed") from None


async def _handle(raw: bytes, table: Any, seat: int | None, send: Any) -> None:
    """One client message (a text or binary frame of UTF-8 JSON): an action, a concession, the
    seat's preferences or a ping."""
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):   # UnicodeDecodeError too; RecursionError: nested too deeply
        await send({"type": "error", "error": "the message is not valid JSON (or is nested too deeply)",
                    "code": "bad_json"})
        return
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        await send({"type": "error", "error": 'a message is a JSON object with a "type"', "code": "bad_request"})
        return
    kind = msg["type"]
    if kind == "ping":
        await send({"type": "pong"})
        return
    if kind not in ("action", "concede", "prefs"):
        await send({"type": "error", "error": f"unknown message type {kind!r:.30}; types: action, concede, prefs, "
                                              "ping", "code": "bad_request"})
        return
    if seat is None:
        await send({"type": "error", "error": "a spectator cannot act or have preferences (connect with your "
                                              "seat's token)", "code": "no_token"})
        return
    try:
        if kind == "concede":
            await table.concede(seat)
            return
        if kind == "prefs":
            await table.set_prefs(seat, read_prefs(msg.get("prefs")))
            return
        action, n, rid = msg.get("action"), msg.get("n"), msg.get("rid")
        if not isinstance(action, str) or len(action) > 500 or (n is not None and type(n) is not int) or \
                (rid is not None and not (isinstance(rid, str) and 0 < len(rid) <= 64)):
            raise ApiError(400, "bad_request", 'an action message is {"type": "action", "action": "<id>", '
                                               '"n": <int>, "rid": "<up to 64 characters>"} (n and rid optional)')
        await table.act(seat, action, n, rid)
    except ApiError as e:
        await send({"type": "error", "error": e.message, "code": e.code})
    except Exception:      # as the HTTP 500: logged here, never a traceback or state on the wire
        log.exception("unexpected error on a socket of game %s", table.id)
        await send({"type": "error", "error": "the server failed on this message; nothing was changed",
                    "code": "server_error"})
