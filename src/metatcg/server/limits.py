"""Limits that keep one client from hurting the others: body size, request rate, sockets.

``TokenBucket`` is the rate limit of one connection (a WebSocket) or one client address
(HTTP requests, new games); ``SocketCaps`` counts open WebSockets per client address and per
game; ``BodyLimit`` is an ASGI middleware that refuses a request body over the limit, with
or without a Content-Length, before the app reads it.
"""
from __future__ import annotations

import json
import math
import time
from typing import Any, Awaitable, Callable

MAX_BODY = 64 * 1024        # bytes of an HTTP body
MAX_FRAME = 64 * 1024       # bytes of a WebSocket message

# Limits per client address, calibrated against what the server serves on the 2-core machine
# (benchmarks/README.md, "Limits"): one address may use about a quarter of the capacity.
HTTP_RATE, HTTP_BURST = 20.0, 40.0              # API requests a second, saved up
NEW_GAME_RATE, NEW_GAME_BURST = 0.5, 20.0       # new games a second (30 a minute), saved up
WS_PER_ADDRESS, WS_PER_GAME = 20, 500           # open WebSockets


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; each request takes one."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next request would be allowed (for ``Retry-After``)."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else 3600.0


class ClientLimits:
    """One bucket per client address (forgotten when full again, so the table stays small)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, client: str) -> bool:
        b = self.buckets.get(client)
        if b is None:
            if len(self.buckets) > 10_000:
                self.buckets = {k: v for k, v in self.buckets.items() if v.tokens < v.burst}
            b = self.buckets[client] = TokenBucket(self.rate, self.burst)
        return b.take()

    def retry_after(self, client: str) -> int:
        """Whole seconds (at least 1) before ``client`` may ask again."""
        b = self.buckets.get(client)
        return max(1, math.ceil(b.wait())) if b is not None else 1


class SocketCaps:
    """Open WebSockets per client address and per game. One address holding every socket the
    server can keep would lock everyone else out, and every socket of a game costs a send per
    change (docs/server.md, "Limits")."""

    def __init__(self, per_address: int, per_game: int) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self.by_address: dict[str, int] = {}
        self.by_game: dict[str, int] = {}

    def take(self, address: str, game_id: str) -> str | None:
        """Count a new socket, or say why it is refused (it is then not counted)."""
        if self.by_address.get(address, 0) >= self.per_address:
            return f"this address already has {self.per_address} open sockets: close some first"
        if self.by_game.get(game_id, 0) >= self.per_game:
            return f"this game already has {self.per_game} open sockets: try again later"
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.by_game[game_id] = self.by_game.get(game_id, 0) + 1
        return None

    def give_back(self, address: str, game_id: str) -> None:
        for counts, key in ((self.by_address, address), (self.by_game, game_id)):
            left = counts.get(key, 0) - 1
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)


Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: a 413 JSON error for an HTTP body over ``limit`` bytes."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                try:
                    too_big = int(v) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send, self.limit)
                    return
        # the whole body (at most ``limit`` bytes) is read before the app sees any of it: an app
        # that reads the body itself (FastAPI) turns an error raised mid-read into its own 400
        chunks: list[bytes] = []
        seen = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":   # the client went away
                return
            chunk = msg.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(chunk)
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        given = False

        async def replay() -> dict[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"error": f"the request body is larger than {limit // 1024} KiB", "code": "too_large"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
