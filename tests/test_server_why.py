"""The server's "why not?" (issue 29): a seat asks why a card is not among its options and the
game answers from what that seat may know, the same answer as the terminal's ``why NAME``;
bad questions get a clear error."""
from __future__ import annotations

from fastapi.testclient import TestClient

from metatcg.server.app import create_app
from metatcg.ui.why import why_not

FREE = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}


def test_a_seat_asks_why_and_gets_the_games_answer(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", **FREE)
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "seed": 7,
                                          "decks": ["aggro", "control"]}).json()
        gid, toks = made["id"], [s["token"] for s in made["seats"]]
        table = app.state.hub.tables[gid]
        view = c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()["view"]
        hand = sorted({card["name"] for card in view["players"][0]["hand"]}) + ["Galeborn Courier"]
        answered = set()
        for seat, tok in enumerate(toks):
            for name in hand + ["Nosuch Card"]:
                r = c.get(f"/api/games/{gid}/why", params={"token": tok, "name": f"  {name} "})
                assert r.status_code == 200, r.text
                body = r.json()
                assert body["name"] == name and body["answer"]
                assert body["answer"] == why_not(table.state, seat, name)
                answered.add(body["answer"])
        assert len(answered) >= 2                  # not one canned reply
        assert c.get(f"/api/games/{gid}/why", params={"name": hand[0]}).json()["code"] == "no_token"
        r = c.get(f"/api/games/{gid}/why", params={"token": toks[0], "name": "   "})
        assert r.status_code == 400 and "name a card" in r.json()["error"]
        r = c.get(f"/api/games/{gid}/why", params={"token": "x" * 40, "name": hand[0]})
        assert r.status_code == 403
        r = c.get(f"/api/games/{gid}/why", params={"token": toks[0], "name": "x" * 500})
        assert r.status_code == 400
        assert c.get(f"/api/games/{gid}", params={"token": toks[0]}).json()["n"] == 0   # nothing changed
