"""``/ws/games/{id}?token=T``: a seat's (or, without a token, a spectator's) live connection.

The server sends the full state on connect and after every change again, each frame carrying
only the log lines the socket does not have yet. The client may act, concede and ping. Bad
tokens, unknown games, oversized frames and floods close the socket with a code that says why.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import redact
from .errors import ApiError
from .hub import Hub
from .limits import MAX_FRAME, TokenBucket

log = logging.getLogger("metatcg.server")

CLOSE_BAD_TOKEN = 4403
CLOSE_NO_GAME = 4404
CLOSE_TOO_BIG = 1009
CLOSE_FLOOD = 1008
FLOOD_STRIKES = 20     # refused messages in a row before the socket is closed
_encode = msgspec.json.Encoder().encode


async def game_socket(ws: WebSocket, hub: Hub, game_id: str, token: str | None, rate: tuple[float, float]) -> None:
    await ws.accept()
    try:
        table = await hub.table(game_id)
        seat = table.seat_of(token) if token else None
    except ApiError as e:
        await ws.send_json({"type": "error", "error": e.message, "code": e.code})
        await ws.close(CLOSE_NO_GAME if e.status == 404 else CLOSE_BAD_TOKEN)
        return
    watcher = hub.watch(table.id)
    send_lock = asyncio.Lock()
    have = 0      # log lines this socket already has
    mark = 0      # and the log entries they came from (see GameState.log_since)

    async def send(obj: dict[str, Any]) -> None:
        async with send_lock:
            await ws.send_text(_encode(obj).decode())

    async def push() -> None:
        nonlocal have, mark, table
        if table.broken:   # memory may differ from the database: the hub rebuilds the table
            table = await hub.table(game_id)
        # a table rebuilt from the database has the same log entries: the mark stays good
        frame, mark = redact.frame(table, seat, have, mark)
        have += len(frame["log"])
        frame["type"] = "state"
        await send(frame)

    async def pusher() -> None:
        while True:
            await watcher.dirty.wait()
            watcher.dirty.clear()
            await push()

    bucket = TokenBucket(*rate)
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


async def _handle(raw: bytes, table: Any, seat: int | None, send: Any) -> None:
    """One client message (a text or binary frame of UTF-8 JSON): an action, a concession or a ping."""
    try:
        msg = json.loads(raw)
    except ValueError:   # UnicodeDecodeError too
        await send({"type": "error", "error": "the message is not valid JSON", "code": "bad_json"})
        return
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        await send({"type": "error", "error": 'a message is a JSON object with a "type"', "code": "bad_request"})
        return
    kind = msg["type"]
    if kind == "ping":
        await send({"type": "pong"})
        return
    if kind not in ("action", "concede"):
        await send({"type": "error", "error": f"unknown message type {kind!r:.30}; types: action, concede, ping",
                    "code": "bad_request"})
        return
    if seat is None:
        await send({"type": "error", "error": "a spectator cannot act (connect with your seat's token)",
                    "code": "no_token"})
        return
    try:
        if kind == "concede":
            await table.concede(seat)
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
