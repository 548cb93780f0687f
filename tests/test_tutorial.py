"""Guided first games ("Learn to play", docs/tutorial.md): every game's lesson loads, its
position sets up, each step's option is legal when its turn comes and leads to what the step
says (played through the engine as a table plays it), and the server's tutorial tables refuse
any other option of the learner with an explanation, changing nothing.
"""
from __future__ import annotations

import time
import tomllib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import metatcg
from metatcg import scenario, tutorial
from metatcg.engine.errors import StateDataError
from metatcg.registry import game_entries
from metatcg.server.app import create_app

# the games metatcg ships (tests may register games of their own)
GAMES = [e.id for e in game_entries() if str(e.module).startswith("metatcg.games.")]
SCENARIOS = Path(__file__).parent / "scenarios"
FAST = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}


# ------------------------------------------------------------------------------ the lessons
def test_every_game_has_a_lesson():
    assert sorted(GAMES) == sorted(x for x in GAMES if tutorial.has_lesson(x))


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_loads_and_names_its_worked_examples(game_id):
    lesson = tutorial.load(game_id)
    assert lesson.game_id == game_id and lesson.title and lesson.finish
    for name in lesson.built_from:       # the scenario files (the rulebook's worked examples)
        sc = scenario.load_file(SCENARIOS / game_id / f"{name}.toml")    # loads and sets up
        assert sc.game_id == game_id
    mine = lesson.learner_steps()
    assert len(mine) >= 3, "a lesson is a few steps"
    for s in mine:
        assert s.say and s.done and s.hint
    state = lesson.start(metatcg.load_game(game_id))
    assert not state.is_terminal() and state.current_player() >= 0


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_plays_through_the_engine(game_id):
    """Each step's option is there at its turn and its checks hold; the walk ends at the end."""
    lesson = tutorial.load(game_id)
    game = metatcg.load_game(game_id)
    assert tutorial.walk(lesson, game) == []
    assert any(s.check for s in lesson.steps), "the lesson checks its outcomes"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_with_a_broken_step_is_caught(game_id):
    """The walk can fail: a step whose option never comes, or a check that does not hold."""
    lesson = tutorial.load(game_id)
    game = metatcg.load_game(game_id)
    first = lesson.learner_steps()[0]
    broken = tutorial.Lesson(**{**lesson.__dict__, "steps": [
        tutorial.LessonStep(**{**first.__dict__, "choose": "No option reads like this", "action": None}),
        *lesson.steps[1:]]})
    assert any("is not among the learner's options" in p for p in tutorial.walk(broken, game))
    wrong = tutorial.Lesson(**{**lesson.__dict__, "steps": [
        tutorial.LessonStep(**{**first.__dict__, "check": {"log_contains": ["a line no game writes"]}}),
        *lesson.steps[1:]]})
    assert any("a line no game writes" in p for p in tutorial.walk(wrong, game))


def test_bad_lesson_files_are_refused_with_the_field_named():
    good = tomllib.loads((Path(tutorial.__file__).parent / "games" / "metax" / "tutorial.toml").read_text())
    with pytest.raises(StateDataError, match="step #1.*exactly one of 'choose'"):
        tutorial.parse({**good, "step": [{**good["step"][0], "action": "play:*"}]}, "metax")
    with pytest.raises(StateDataError, match="unknown key"):
        tutorial.parse({**good, "hello": 1}, "metax")
    with pytest.raises(StateDataError, match="built_from"):
        tutorial.parse({**good, "built_from": []}, "metax")
    with pytest.raises(StateDataError, match="say"):
        tutorial.parse({**good, "step": [{k: v for k, v in good["step"][0].items() if k != "say"}]}, "metax")
    with pytest.raises(StateDataError, match="no lesson"):
        tutorial.load("no-such-game")


# ------------------------------------------------------------------------------ the server
def _wait(c, gid, tok, pred, what):
    end = time.time() + 20
    while time.time() < end:
        s = c.get(f"/api/games/{gid}", params={"token": tok}).json()
        if pred(s):
            return s
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _coach(c, gid, tok):
    r = c.get(f"/api/tutorials/games/{gid}/coach", params={"token": tok})
    assert r.status_code == 200, r.text
    return r.json()


def test_tutorial_links_list_every_lesson(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", **FAST)) as c:
        got = c.get("/api/tutorials").json()["tutorials"]
        assert sorted(t["game"] for t in got) == sorted(GAMES)
        assert all(t["url"] == f"/learn/{t['game']}" and t["title"] and t["summary"] for t in got)
        page = c.get("/learn/metax")
        assert page.status_code == 200 and "learn.js" in page.text
        r = c.post("/api/tutorials/nope")
        assert r.status_code == 404 and r.json()["code"] == "unknown"


@pytest.mark.parametrize("game_id", GAMES)
def test_tutorial_table_refuses_other_options_and_plays_the_lesson(tmp_path, game_id):
    lesson = tutorial.load(game_id)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", **FAST)) as c:
        r = c.post(f"/api/tutorials/{game_id}")
        assert r.status_code == 201, r.text
        out = r.json()
        gid, tok, me = out["id"], out["token"], out["seat"]
        assert out["url"] == f"/play/{gid}?token={tok}&tutorial={game_id}"
        assert c.get("/api/games").json()["games"] == []            # not listed in the lobby
        refused_once = False
        for _ in range(len(lesson.steps) + 1):
            s = _wait(c, gid, tok, lambda s: s["over"] or s["deciding"] == me, "the learner's decision")
            info = _coach(c, gid, tok)
            if info["finished"]:
                break
            assert info["say"] and len(info["expect"]) == 1, info
            want = info["expect"][0]
            assert want in [a["id"] for a in s["legal_actions"]]
            others = [a["id"] for a in s["legal_actions"] if a["id"] != want]
            if others and not refused_once:      # a wrong click: explained, and nothing changes
                bad = c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": others[0], "n": s["n"]})
                assert bad.status_code == 422 and bad.json()["code"] == "not_in_lesson"
                assert bad.json()["error"] == info["wrong"]
                after = c.get(f"/api/games/{gid}", params={"token": tok}).json()
                assert after["n"] == s["n"] and after["view"] == s["view"]
                refused_once = True
            ok = c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": want, "n": s["n"]})
            assert ok.status_code == 200, ok.text
        info = _wait(c, gid, tok, lambda s: _coach(c, gid, tok)["finished"], "the end of the lesson")
        info = _coach(c, gid, tok)
        assert info["finished"] and info["finish"] == lesson.finish
        assert info["done"] == info["steps"] == len(lesson.learner_steps())
        assert refused_once
        # another seat's token is not this seat; a game that is no tutorial has no coach
        assert c.get(f"/api/tutorials/games/{gid}/coach", params={"token": "x"}).status_code == 403
        plain = c.post("/api/games", json={"game": game_id}).json()
        r = c.get(f"/api/tutorials/games/{plain['id']}/coach", params={"token": plain["seats"][0]["token"]})
        assert r.status_code == 404


def test_tutorial_survives_a_restart(tmp_path):
    """The coach is rebuilt with the table: it still refuses and still knows the step."""
    db = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(create_app(db, **FAST)) as c:
        out = c.post("/api/tutorials/metax").json()
        gid, tok = out["id"], out["token"]
        first = _coach(c, gid, tok)
        c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": first["expect"][0]})
        second = _coach(c, gid, tok)
        assert second["done"] == 1
    with TestClient(create_app(db, **FAST)) as c:
        again = _coach(c, gid, tok)
        assert again["done"] == 1 and again["expect"] == second["expect"]
        s = c.get(f"/api/games/{gid}", params={"token": tok}).json()
        other = next(a["id"] for a in s["legal_actions"] if a["id"] not in again["expect"])
        bad = c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": other})
        assert bad.status_code == 422 and bad.json()["code"] == "not_in_lesson"


def test_finished_tutorial_replays_from_its_position_and_keeps_no_record(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", **FAST)) as c:
        out = c.post("/api/tutorials/metax").json()
        gid, tok = out["id"], out["token"]
        start = c.get(f"/api/games/{gid}", params={"token": tok}).json()
        for _ in range(10):
            info = _wait(c, gid, tok, lambda s: s["over"] or s["deciding"] == 0, "a decision")
            info = _coach(c, gid, tok)
            if info["finished"]:
                break
            c.post(f"/api/games/{gid}/actions", json={"token": tok, "action": info["expect"][0]})
        end = _wait(c, gid, tok, lambda s: s["over"], "the end")
        first = c.get(f"/api/games/{gid}/replay/0", params={"token": tok})
        assert first.status_code == 200, first.text
        assert first.json()["view"] == start["view"]
        last = c.get(f"/api/games/{gid}/replay/{end['n']}", params={"token": tok}).json()
        assert last["view"] == end["view"] and last["steps"] == end["n"]
        r = c.get(f"/api/games/{gid}/record", params={"token": tok})
        assert r.status_code == 409 and r.json()["code"] == "no_record"
        assert c.get(f"/api/games/{gid}/record").status_code == 403     # private, as every tutorial
