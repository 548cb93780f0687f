"""The server answers: meta, a new game against a bot played to its end over HTTP, the socket."""
from __future__ import annotations

import time

from fastapi.testclient import TestClient

from metatcg.server.app import create_app


def test_a_metax_game_against_a_bot_over_http(tmp_path):
    # polling while the bot thinks must not meet the per-client rate limit (tested in test_server_limits)
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", http_rate=1e6, http_burst=1e6)
    with TestClient(app) as c:
        assert [g["id"] for g in c.get("/api/meta").json()["games"]][:1] == ["metax"]
        made = c.post("/api/games", json={"game": "metax", "seats": ["human", "bot:random"], "seed": 5}).json()
        gid, tok = made["id"], made["seats"][0]["token"]
        assert made["seats"][1]["token"] is None
        deadline = time.time() + 60
        while time.time() < deadline:
            got = c.get(f"/api/games/{gid}", params={"token": tok})
            assert got.status_code == 200, got.json()
            s = got.json()
            if s["over"]:
                break
            if s["deciding"] != 0:
                time.sleep(0.01)
                continue
            r = c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": s["legal_actions"][-1]["id"],
                                                          "n": s["n"]})
            assert r.status_code == 200, r.json()
        assert s["over"] and s["result"]["returns"] in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        assert app.state.store.count_actions(gid) == s["n"]
        with c.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["n"] == s["n"] and first["log"] == s["log"]
            ws.send_text('{"type": "ping"}')
            assert ws.receive_json() == {"type": "pong"}
