"""What the lobby reads from the server (issue 30, point 6): a description of every game and of
every starter deck in our own words, bots by names a person understands (Easy, Normal, Hard),
the engine's bot ids still accepted, clear errors for unknown players that change nothing, and a
listed open game that shows its decks, seats, timer and settings before anyone joins."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import metatcg
from metatcg.server.app import create_app
from metatcg.bots import HardBot, make_bot
from metatcg.server.players import HARD, LEVELS, bot_spec

FAST = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}
ID_LIKE = re.compile(r"\b[a-z0-9]+(?:[_:][a-z0-9]+)+\b|\bbot\b|\bmetazoo-2022\b")
#: the games metatcg ships (the suite also registers a toy game of its own, without a description)
SHIPPED = {e.id for e in metatcg.registry.game_entries() if str(e.module).startswith("metatcg.games")}
RULEBOOKS = [p for p in (Path(__file__).resolve().parents[2] / "shared" / "rulebooks",
                         Path(__file__).resolve().parents[3] / "shared" / "rulebooks",
                         Path("/work/shared/rulebooks")) if p.is_dir()]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'g.db'}", **FAST)
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="module")
def meta(client):
    r = client.get("/api/meta")
    assert r.status_code == 200
    return r.json()


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def shared_runs(text: str, book: str, k: int = 7) -> list[str]:
    """Runs of ``k`` words of ``text`` that also stand in ``book`` (both as plain words)."""
    w = words(text)
    flat = " " + " ".join(words(book)) + " "
    return [" ".join(w[i:i + k]) for i in range(len(w) - k + 1) if f" {' '.join(w[i:i + k])} " in flat]


def test_every_game_has_a_description_of_its_own(meta):
    assert {g["id"] for g in meta["games"]} == set(metatcg.game_ids())
    assert SHIPPED == {"metax", "metabaloids", "metazoo", "metazoo-2022"}
    games = [g for g in meta["games"] if g["id"] in SHIPPED]
    abouts = [g["about"] for g in games]
    for g in games:
        about = g["about"]
        assert isinstance(about, str) and 60 <= len(about) <= 320, (g["id"], about)
        assert not ID_LIKE.search(about), (g["id"], about)          # words, not ids
        assert re.search(r"\bwins?\b", about), f"{g['id']}: say how you win: {about}"
    assert len(set(abouts)) == len(abouts)


def test_every_starter_deck_has_a_description_from_its_file(meta):
    for g in meta["games"]:
        if g["id"] not in SHIPPED:
            continue
        game = metatcg.load_game(g["id"])
        assert set(g["deck_about"]) == set(g["decks"]) == set(game.starter_deck_names())
        for name, about in g["deck_about"].items():
            assert about == game.starter_deck(name).description, (g["id"], name)   # the file's first comment
            assert 20 <= len(about) <= 240, (g["id"], name, about)
            assert name not in about.lower() or "-" not in name, (g["id"], name, about)   # no file name
            assert not ID_LIKE.search(about), (g["id"], name, about)
            assert "original pool" not in about and "core cards" not in about   # notes for us, not players
        assert len(set(g["deck_about"].values())) == len(g["deck_about"])


@pytest.mark.skipif(not RULEBOOKS, reason="the rulebooks are not next to the project")
def test_the_descriptions_are_our_own_words(meta):
    books = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in RULEBOOKS[0].glob("*.txt"))
    assert len(books) > 10_000
    for g in meta["games"]:
        if g["id"] not in SHIPPED:
            continue
        for text in [g["about"], *g["deck_about"].values()]:
            assert not shared_runs(text, books), (g["id"], shared_runs(text, books))


def test_bots_have_names_and_the_levels_map_to_the_engines_bots(meta):
    assert [(x["id"], x["name"]) for x in meta["levels"]] == [
        ("human", "Person"), ("bot:easy", "Easy"), ("bot:normal", "Normal"), ("bot:hard", "Hard")]
    assert all(x["about"] for x in meta["levels"])
    names = meta["player_names"]
    assert names["bot:random"] == names["bot:easy"] == "Easy"
    assert names["bot:greedy"] == names["bot:normal"] == "Normal"
    assert names["bot:ismcts"] == names["bot:hard"] == "Hard"
    assert set(names) == set(meta["players"])
    assert [bot_spec(k) for k in LEVELS] == ["random", "greedy", HARD]
    assert bot_spec("bot:greedy") == "greedy" and bot_spec("human") is None


@pytest.mark.parametrize("level, engine_bot", [("bot:easy", "random"), ("bot:normal", "greedy"),
                                                ("bot:hard", "hard"), ("bot:greedy", "greedy")])
def test_a_game_against_each_level_seats_that_bot(client, level, engine_bot):
    r = client.post("/api/games", json={"game": "metax", "seats": ["human", level], "seed": 3})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["seats"][1]["player"] == level
    table = client.app.state.hub.tables[made["id"]]
    bot = table.seats[1].bot
    assert bot is not None and bot.name == engine_bot
    if level == "bot:hard":          # the game's own Hard, a time budget of under a second a move
        assert type(bot) is HardBot and make_bot(metatcg.load_game("metax").hard_bot).ms <= 1000


def test_the_default_opponent_is_normal(client):
    r = client.post("/api/games", json={"game": "metazoo"})
    assert r.status_code == 201 and [s["player"] for s in r.json()["seats"]] == ["human", "bot:normal"]


@pytest.mark.parametrize("player, hint", [("bot:expert", None), ("Normal", "bot:normal"), ("hard", "bot:hard"),
                                          ("bot:Hard", "bot:hard"), ("bot:", None), ("robot", None),
                                          ("bot:ismcts:iters=5", None)])
def test_an_unknown_player_is_refused_by_name_and_nothing_is_made(client, player, hint):
    before = len(client.get("/api/games").json()["games"])
    r = client.post("/api/games", json={"game": "metax", "seats": ["human", player]})
    assert r.status_code == 400, r.text
    body = r.json()
    assert set(body) == {"error", "code"} and body["code"] == "bad_request"
    assert f"unknown player {player!r}" in body["error"]
    assert "bot:easy (Easy)" in body["error"] and "bot:hard (Hard)" in body["error"]
    if hint:
        assert f"did you mean {hint!r}" in body["error"], body["error"]
    assert len(client.get("/api/games").json()["games"]) == before


def test_an_open_game_shows_its_decks_seats_timer_and_settings_before_anyone_joins(client, meta):
    r = client.post("/api/games", json={"game": "metazoo-2022", "seats": ["human", "human", "bot:hard"],
                                        "decks": ["tides", "grove", "embers"],
                                        "options": {"surroundings": "forest-cabin"},
                                        "settings": {"open": True, "turn_seconds": 90, "public_record": False}})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == gid)
    assert listed["decks"] == ["tides", "grove", "embers"]
    assert [(s["player"], s["joined"]) for s in listed["seats"]] == [("human", True), ("human", False),
                                                                     ("bot:hard", True)]
    assert listed["open_seats"] == [1] and listed["open"] is True
    assert listed["turn_seconds"] == 90 and listed["public_record"] is False
    assert listed["fair_windows"] is True and listed["seed"] is None
    assert listed["options"] == {"surroundings": "forest-cabin"}          # the creator's choice, not the kernel's
    names = [o["name"] for g in meta["games"] if g["id"] == "metazoo-2022" for o in g["options"]]
    assert set(listed["options"]) <= set(names)


def test_starting_play_settings_are_the_creators_and_an_open_seat_starts_with_the_defaults(client, meta):
    mine = {"auto_pass": False, "stops": ["my_end"], "auto_same": False, "auto_pay": False, "auto_order": False}
    r = client.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "prefs": mine,
                                        "settings": {"open": True}})
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}", params={"token": token}).json()["prefs"] == mine
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
    theirs = client.get(f"/api/games/{gid}", params={"token": joined["token"]}).json()["prefs"]
    assert theirs == meta["prefs"]["defaults"]
    # a private game: the creator holds every link, so every seat starts with the creator's choice
    r = client.post("/api/games", json={"game": "metax", "seats": ["human", "human"], "prefs": mine})
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    assert [client.get(f"/api/games/{gid}", params={"token": t}).json()["prefs"] for t in tokens] == [mine, mine]


def test_bad_starting_play_settings_are_refused_and_nothing_is_made(client):
    before = len(client.get("/api/games").json()["games"])
    r = client.post("/api/games", json={"game": "metax", "prefs": {"stops": ["lunch"]}})
    assert r.status_code == 400 and r.json()["code"] == "bad_prefs" and "lunch" in r.json()["error"]
    assert len(client.get("/api/games").json()["games"]) == before
