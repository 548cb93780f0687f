"""What a browser needs to be told so that other sites cannot use this server through it.

``Guard`` is an ASGI middleware: it refuses a request whose ``Host`` is not an allowed host
(DNS rebinding: a page on evil.example whose name resolves to 127.0.0.1 would otherwise talk to
a server on localhost as if it were its own origin), and adds the security headers to every
answer (docs/server.md, "Headers and origins"). ``origin_allowed`` is the WebSocket's check:
browsers send any site's ``Origin`` on a socket and no same-origin rule protects it.
"""
from __future__ import annotations

import json
from typing import Any, Awaitable, Callable, Iterable, Mapping, Optional
from urllib.parse import urlsplit

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")

# The pages are static files under /static (ES modules, one stylesheet): nothing inline, nothing
# from elsewhere. Scripts may still set element.style (CSSOM), which style-src does not govern.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# FastAPI's Swagger UI and ReDoc pages (only with --api-docs) load their scripts from a CDN
# and start them with an inline script.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "font-src https://fonts.gstatic.com; img-src 'self' data: https:; worker-src blob:; "
            "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")
# answers that never carry a token or a seat's view: the game list of the lobby and the card texts
CACHEABLE_API = ("/api/meta", "/api/cards/", "/api/glossary/")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def is_loopback(bind_host: str) -> bool:
    return bind_host in ("localhost", "::1") or bind_host.startswith("127.")


def allowed_hosts_for(bind_host: str, given: Iterable[str] = ()) -> Optional[tuple[str, ...]]:
    """The ``Host`` names a server bound to ``bind_host`` answers: the ``--allowed-host`` names
    when given; else, on a loopback address, only the loopback names; else any (None)."""
    names = tuple(_norm(h) for h in given)
    if names:
        return names
    return LOOPBACK_HOSTS if is_loopback(bind_host) else None


def _norm(host: str) -> str:
    host = host.strip().lower()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def host_name(netloc: str) -> str:
    """``localhost:8000`` → ``localhost``; ``[::1]:8000`` → ``[::1]`` (the port does not matter:
    rebinding changes the name, not the port)."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[:netloc.find("]") + 1] if "]" in netloc else netloc
    return netloc.rsplit(":", 1)[0] if ":" in netloc else netloc


def _header(scope: Mapping[str, Any], name: bytes) -> Optional[str]:
    for k, v in scope.get("headers", ()):
        if k == name:
            return str(v.decode("latin-1"))
    return None


def origin_allowed(scope: Mapping[str, Any], allowed: Optional[tuple[str, ...]]) -> bool:
    """A socket without ``Origin`` comes from a program, not a page: allowed. A page's socket
    must come from this server's own origin: the same host as the request's ``Host``, or one of
    the allowed hosts."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    name = host_name(parts.netloc)
    host = _header(scope, b"host")
    if host is not None and parts.netloc.lower() == host.strip().lower():
        return True
    return allowed is not None and name in allowed


class Guard:
    """ASGI middleware: ``Host`` check (HTTP and WebSocket) and security headers (HTTP)."""

    def __init__(self, app: Any, allowed_hosts: Optional[tuple[str, ...]] = None, api_docs: bool = False) -> None:
        self.app = app
        self.allowed = allowed_hosts
        self.api_docs = api_docs

    def host_ok(self, scope: Scope) -> bool:
        if self.allowed is None:
            return True
        host = _header(scope, b"host")
        return host is not None and host_name(host) in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and not self.host_ok(scope):
            await send({"type": "websocket.close", "code": 1008})   # before accepting: an HTTP 403
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        extra = self.headers_for(path)
        if not self.host_ok(scope):
            body = json.dumps({"error": "this server does not answer for that Host name (see --allowed-host)",
                               "code": "bad_host"}).encode()
            await send({"type": "http.response.start", "status": 400,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()), *extra]})
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.start":   # ours replace the app's (a page's no-cache)
                mine = {k for k, _ in extra}
                msg = {**msg, "headers": [*((k, v) for k, v in msg.get("headers", ()) if k.lower() not in mine),
                                          *extra]}
            await send(msg)

        await self.app(scope, receive, send_with_headers)

    def headers_for(self, path: str) -> list[tuple[bytes, bytes]]:
        docs = self.api_docs and path.startswith(DOCS_PATHS)
        out = [(b"content-security-policy", (DOCS_CSP if docs else CSP).encode()),
               (b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer")]
        if path.startswith("/api/") and not path.startswith(CACHEABLE_API):
            out.append((b"cache-control", b"no-store"))   # seat views and tokens stay out of caches
        return out
