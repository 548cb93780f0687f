"""Headers and origins (docs/server.md, "Headers and origins"): every answer carries the
security headers, token-bearing answers are not stored, the pages run under a strict
Content-Security-Policy (nothing inline to allow), a server on localhost answers only localhost
names (DNS rebinding), a page of another site cannot open a socket, and the API pages that load
third-party scripts are off unless asked for.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from metatcg.server.app import STATIC, create_app
from support.servers import ServerProcess
from test_server_limits import FREE, make, recv_text, refused_socket


def new_app(tmp_path, **kw):
    return create_app(f"sqlite:///{tmp_path / 'g.db'}", **{**FREE, **kw})


def test_every_answer_carries_the_security_headers_and_token_answers_are_not_stored(tmp_path):
    with TestClient(new_app(tmp_path)) as c:
        created = c.post("/api/games", json={"game": "metax", "seats": ["human", "human"]})
        gid, tok = created.json()["id"], created.json()["seats"][0]["token"]
        answers = {"page": c.get("/"), "play": c.get(f"/play/{gid}"), "static": c.get("/static/js/play.js"),
                   "meta": c.get("/api/meta"), "created": created,
                   "seat": c.get(f"/api/games/{gid}", params={"token": tok}),
                   "join": c.post(f"/api/games/{gid}/join", json={"seat": 1}),
                   "record": c.get(f"/api/games/{gid}/record", params={"token": tok}),
                   "error": c.get("/api/games/nope"), "none": c.get("/nowhere")}
        for name, r in answers.items():
            h = r.headers
            csp = h.get("content-security-policy", "")
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp, name
            assert h.get("x-frame-options") == "DENY" and h.get("x-content-type-options") == "nosniff", name
            assert h.get("referrer-policy") == "no-referrer", name
        for name in ("created", "seat", "join", "record", "error"):
            assert answers[name].headers.get("cache-control") == "no-store", name


class _Inline(HTMLParser):
    """Whatever a strict CSP would block in a page: inline scripts, style attributes and
    ``<style>``, event handler attributes, anything loaded from elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "script" and not a.get("src"):
            self.found.append("inline script")
        if tag == "style":
            self.found.append("<style>")
        for k, v in a.items():
            if k == "style" or k.startswith("on"):
                self.found.append(f"{tag} {k}=")
            if k in ("src", "href") and v and re.match(r"^(https?:)?//", v):
                self.found.append(f"{tag} {k}={v}")


@pytest.mark.parametrize("page", ["index.html", "play.html"])
def test_the_pages_need_nothing_a_strict_policy_blocks(page):
    p = _Inline()
    p.feed((STATIC / page).read_text())
    assert p.found == []


def test_api_pages_are_off_by_default_and_the_description_stays(tmp_path):
    with TestClient(new_app(tmp_path)) as c:
        assert c.get("/docs").status_code == 404 and c.get("/redoc").status_code == 404
        assert c.get("/openapi.json").json()["info"]["title"] == "metatcg"
    with TestClient(new_app(tmp_path, api_docs=True)) as c:
        r = c.get("/docs")
        assert r.status_code == 200 and "cdn.jsdelivr.net" in r.headers["content-security-policy"]
        assert "cdn.jsdelivr.net" not in c.get("/").headers["content-security-policy"]


def test_the_allowed_hosts_follow_the_address_served():
    from metatcg.server.security import allowed_hosts_for

    assert allowed_hosts_for("127.0.0.1") == ("localhost", "127.0.0.1", "[::1]")
    assert allowed_hosts_for("::1") == ("localhost", "127.0.0.1", "[::1]")
    assert allowed_hosts_for("0.0.0.0") is None
    assert allowed_hosts_for("0.0.0.0", ["Games.Example.org", "::1"]) == ("games.example.org", "[::1]")


def test_a_server_on_localhost_answers_only_localhost_names(tmp_path):
    """DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 sends
    ``Host: evil.example``; it is refused, over HTTP and for a socket."""
    srv = ServerProcess(f"sqlite:///{tmp_path / 'g.db'}").start()
    try:
        for host in (f"localhost:{srv.port}", f"127.0.0.1:{srv.port}", f"[::1]:{srv.port}"):
            assert httpx.get(srv.url + "/api/meta", headers={"Host": host}).status_code == 200, host
        r = httpx.get(srv.url + "/api/meta", headers={"Host": f"evil.example:{srv.port}"})
        assert r.status_code == 400 and r.json()["code"] == "bad_host"
        r = httpx.post(srv.url + "/api/games", json={"game": "metax"}, headers={"Host": "evil.example"})
        assert r.status_code == 400 and r.json()["code"] == "bad_host"
        assert httpx.get(srv.url + "/api/games").json()["games"] == []
        ws = httpx.get(srv.url + "/ws/games/x", headers={"Host": "evil.example", "Connection": "Upgrade",
                                                          "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                                          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
        assert ws.status_code == 403
    finally:
        srv.stop()


def test_a_page_of_another_site_cannot_open_a_socket(tmp_path):
    with TestClient(new_app(tmp_path)) as c:
        gid, toks = make(c)
        url = f"/ws/games/{gid}?token={toks[0]}"
        for origin in ("http://evil.example", "http://testserver.evil.example", "null", "file://"):
            with c.websocket_connect(url, headers={"origin": origin}) as ws:
                refused_socket(ws, 4403, "bad_origin")
        for headers in ({"origin": "http://testserver"}, {}):     # the server's own page; a program
            with c.websocket_connect(url, headers=headers) as ws:
                assert json.loads(recv_text(ws))["type"] == "state"
    with TestClient(new_app(tmp_path, allowed_hosts=("games.example.org",))) as c:
        host = {"host": "games.example.org"}
        for origin in ("https://games.example.org", "http://games.example.org:8443"):   # e.g. behind a proxy
            with c.websocket_connect(f"/ws/games/{gid}", headers={**host, "origin": origin}) as ws:
                assert json.loads(recv_text(ws))["type"] == "state"
        with c.websocket_connect(f"/ws/games/{gid}", headers={**host, "origin": "https://evil.example"}) as ws:
            refused_socket(ws, 4403, "bad_origin")
        with pytest.raises(WebSocketDisconnect):     # the Host itself is not allowed: no handshake
            with c.websocket_connect(f"/ws/games/{gid}", headers={"host": "evil.example"}) as ws:
                recv_text(ws)
