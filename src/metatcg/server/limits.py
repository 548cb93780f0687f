"""Limits that keep one client from hurting the others: body size and request rate.

``TokenBucket`` is the rate limit of one connection (a WebSocket) or one client address
(HTTP); ``BodyLimit`` is an ASGI middleware that refuses a request body over the limit, with
or without a Content-Length, before the app reads it.
"""
from __future__ import annotations

import json
import time
from typing import Any, Awaitable, Callable

MAX_BODY = 64 * 1024        # bytes of an HTTP body
MAX_FRAME = 64 * 1024       # bytes of a WebSocket message


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
        seen = 0
        started = False

        async def limited_receive() -> dict[str, Any]:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge()
            return msg

        async def tracking_send(msg: dict[str, Any]) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await _too_large(send, self.limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"error": f"the request body is larger than {limit // 1024} KiB", "code": "too_large"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
