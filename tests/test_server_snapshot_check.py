"""A restarted server rebuilds a game only from a snapshot that is that game's (issue 27,
point 18): the snapshot's fingerprint must fit its history and setup, and that setup and its
action count must be the ones the server stored for the game. Once a snapshot with a cut
history, or another game's snapshot, was taken as it came."""
from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import metatcg
from metatcg.engine.errors import StateDataError
from metatcg.server.app import create_app
from metatcg.server.store import Store
from metatcg.server.tables import Table


@pytest.fixture
def stored(tmp_path):
    """(database URL, game id) of a MetaX game with 4 actions after its first snapshot."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(url)) as c:
        made = c.post("/api/games", json={"game": "metax", "decks": ["aggro", "control"],
                                          "seats": ["human", "human"], "seed": 5}).json()
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        for _ in range(4):
            s = c.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
            p = s["deciding"]
            s = c.get(f"/api/games/{made['id']}", params={"token": tokens[p]}).json()
            res = c.post(f"/api/games/{made['id']}/actions",
                         json={"token": tokens[p], "action": s["legal_actions"][0]["id"], "n": s["n"]})
            assert res.status_code == 200, res.json()
    return url, made["id"]


def test_a_stored_game_restores(stored):
    url, gid = stored
    store = Store(url)
    row = store.load(gid)
    assert row.snapshot[0] == 0 and len(row.actions) == 4
    assert len(Table.restore(row, store).state.history) == 4


def test_a_snapshot_with_a_changed_history_is_refused(stored):
    url, gid = stored
    store = Store(url)
    row = store.load(gid)
    snap = json.loads(row.snapshot[1])
    snap["history"] = ["pass"]
    row.snapshot = (0, json.dumps(snap))
    with pytest.raises(StateDataError, match="history was changed"):
        Table.restore(row, store)


@pytest.mark.parametrize("other", ["seed", "count"])
def test_another_games_snapshot_is_refused(stored, other):
    url, gid = stored
    store = Store(url)
    row = store.load(gid)
    game = metatcg.load_game("metax")
    if other == "seed":     # a sound snapshot, of a game with another seed
        row.snapshot = (0, game.new_state(["aggro", "control"], seed=6).to_json_text())
    else:                   # this game's, but after another number of actions
        st = game.state_from_json(row.snapshot[1])
        st.apply(st.legal_actions()[0])
        row.snapshot = (0, st.to_json_text())
    with pytest.raises(StateDataError, match="snapshot is not of this game after 0 actions"):
        Table.restore(row, store)


def test_a_snapshot_saved_before_fingerprints_rebuilds_the_game_from_every_stored_action(stored):
    """A database from before state JSON carried a fingerprint still serves its games: the
    server trusts its own actions, not the unfingerprinted snapshot, and replays them all."""
    url, gid = stored
    store = Store(url)
    row = store.load(gid)
    want = Table.restore(row, store).state.to_json()
    snap = json.loads(row.snapshot[1])
    del snap["fingerprint"]
    snap["history"] = ["pass"]          # whatever an old snapshot holds is not taken as it came
    row.snapshot = (0, json.dumps(snap))
    got = Table.restore(row, store).state
    assert not got.unchecked and got.to_json() == want
