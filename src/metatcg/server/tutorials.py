"""Guided first games on the server ("Learn to play", docs/tutorial.md).

A tutorial is an ordinary table (stored, rebuilt after a restart, played over the same socket)
started from its lesson's position (``metatcg.tutorial``), with two additions, both attached by
:func:`coach` when the table is built (its settings carry ``"tutorial": <game id>``):

- a :class:`Coach` that refuses, with a friendly explanation and without changing anything,
  any option of the learner's other than the one the lesson's step asks for, and that tells the
  page what to say (``GET /api/tutorials/games/{id}/coach``);
- a :class:`LessonBot` at every other seat: it plays the lesson's scripted steps for its seat
  and, between them, what its own bot (greedy) would.

Endpoints: ``GET /api/tutorials`` (one entry per game with a lesson: the "Learn to play" links),
``POST /api/tutorials/{game}`` (a new tutorial table: the learner's seat link), the coach, and
the page ``/learn/{game}`` that starts one and opens its board.
"""
from __future__ import annotations

import json
import secrets
import threading
from typing import TYPE_CHECKING, Any, Optional

from anyio import to_thread
from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse

from .. import tutorial
from ..engine.errors import MetatcgError
from ..registry import game_entries, load_game
from .errors import ApiError
from .limits import NEW_GAME_BURST, NEW_GAME_RATE, ClientLimits
from .ownership import address_key
from .seats import hash_token, new_token
from .tables import DEFAULT_SETTINGS, Table, new_game_id, new_game_row

if TYPE_CHECKING:
    from ..engine.handle import PlayerHandle
    from .hub import Hub

#: the bot for the other seats' decisions the lesson does not script ("Normal" in the lobby)
OPPONENT = "bot:greedy"
#: what the finished lesson offers next: a real game against the Normal bot
NEXT_BOT = "bot:normal"


class Coach:
    """The lesson of one table: where it stands and what the learner may click."""

    def __init__(self, table: "Table", lesson: tutorial.Lesson) -> None:
        self.table, self.lesson = table, lesson
        self.progress = tutorial.Progress(lesson, table.game)
        self.lock = threading.Lock()     # the bots' worker thread and the event loop both ask

    def _step(self) -> tutorial.LessonStep | None:
        with self.lock:
            self.progress.advance(self.table.state.history)
            return self.progress.next_step()

    def check(self, seat: int, action: str) -> None:
        """Refuse (422 ``not_in_lesson``, nothing changed) an option other than the step's."""
        if seat != self.lesson.you:
            return
        step = self._step()
        want = tutorial.expected(step, self.table.state)
        if step is not None and want is not None and want.id != action:
            raise ApiError(422, "not_in_lesson", tutorial.wrong_text(step))

    def scripted(self, seat: int) -> Any | None:
        with self.lock:
            self.progress.advance(self.table.state.history)
            return tutorial.scripted(self.progress, self.table.state, seat)

    def info(self, seat: int) -> dict[str, Any]:
        """What the coach panel of ``seat`` shows now."""
        lesson, state = self.lesson, self.table.state
        with self.lock:
            k = self.progress.advance(state.history)
        steps = lesson.steps
        mine = [i for i, s in enumerate(steps) if s.seat == lesson.you]
        done_mine = sum(1 for i in mine if i < k)
        # what happened since the learner's last step (that step and the other seats' after it)
        last = max((i for i in mine if i < k), default=-1)
        results = [steps[i].done for i in range(max(last, 0), k)] if last >= 0 else []
        step = steps[k] if k < len(steps) else None
        want = tutorial.expected(step, state) if step is not None and step.seat == seat else None
        finished = step is None
        return {
            "game": lesson.game_id, "title": lesson.title, "intro": lesson.intro, "n": self.table.n,
            "step": min(done_mine + 1, len(mine)), "steps": len(mine), "done": done_mine,
            "results": results,
            "say": step.say if step is not None and step.seat == seat else "",
            "hint": step.hint if step is not None and step.seat == seat else "",
            "waiting": step is not None and step.seat != seat,
            "expect": [want.id] if want is not None else [],
            "wrong": tutorial.wrong_text(step) if step is not None and step.seat == seat else "",
            "finished": finished, "finish": lesson.finish if finished else "",
            "over": self.table.over,
        }


class LessonBot:
    """Another seat of a tutorial: the lesson's scripted steps, else its own bot's choice."""

    def __init__(self, coach: Coach, seat: int, fallback: Any) -> None:
        self.coach, self.seat, self.fallback = coach, seat, fallback
        self.name = f"lesson+{getattr(fallback, 'name', 'bot')}"

    def choose(self, me: "PlayerHandle") -> Any:
        hit = self.coach.scripted(self.seat)
        return hit if hit is not None else self.fallback.choose(me)


def coach(table: "Table") -> None:
    """Make a tutorial of ``table`` (called when a table whose settings name a lesson is built)."""
    try:
        lesson = tutorial.load(str(table.settings["tutorial"]))
    except MetatcgError:
        return   # a lesson this version no longer ships: the game goes on without a coach
    c = Coach(table, lesson)
    table.coach = c
    for s in table.seats:
        if s.bot is not None:
            s.bot = LessonBot(c, s.seat, s.bot)


def lessons() -> list[dict[str, Any]]:
    out = []
    for e in game_entries():
        if tutorial.has_lesson(e.id):
            lesson = tutorial.load(e.id)
            out.append({"game": e.id, "title": lesson.title, "summary": lesson.summary,
                        "game_title": getattr(e, "title", e.id), "url": f"/learn/{e.id}",
                        "steps": len(lesson.learner_steps())})
    return out


def _create(hub: "Hub", game_id: str, creator: str) -> tuple["Table", dict[str, Any]]:
    try:
        lesson = tutorial.load(game_id)
    except MetatcgError:
        raise ApiError(404, "unknown", f"no lesson for {game_id!r:.40}; lessons: "
                                       f"{', '.join(x['game'] for x in lessons())}") from None
    game = load_game(game_id)
    state = lesson.start(game)
    n = state.num_players
    players = ["human" if i == lesson.you else OPPONENT for i in range(n)]
    token = new_token()
    setup = {"decks": [list(d) for d in state.decks], "seed": state.seed, "options": dict(state.options),
             "bot_seeds": [secrets.randbelow(2**31) for _ in players], "seed_fixed": True,
             "deck_names": ["lesson"] * n, "tutorial": game_id}
    if "new_game" not in lesson.setup:   # what its replay starts from (replay.py)
        setup["position"] = lesson.setup
    settings = {**DEFAULT_SETTINGS, "listed": False, "public_record": False, "fair_windows": False,
                "tutorial": game_id}
    prefs = json.dumps(tutorial.seat_prefs(lesson).to_json())
    gid = new_game_id()
    row = new_game_row(gid, game, state, setup, settings, players,
                       [hash_token(token) if p == "human" else None for p in players], creator,
                       hash_token(new_token()), prefs)
    table = Table(row, game, state, hub.store)
    coach(table)
    hub.store.writer.call(lambda: hub.store.create_game(row, state.to_json_text(), table.bot_to_move(),
                                                        hub.limits))
    url = f"/play/{gid}?token={token}&tutorial={game_id}"
    return table, {"id": gid, "game": game_id, "seat": lesson.you, "token": token, "url": url}


def install(app: FastAPI, hub: "Hub", page: Any) -> None:
    """The tutorial routes of the server's ``app``; ``page(name)`` serves a static page."""
    creations = ClientLimits(NEW_GAME_RATE, NEW_GAME_BURST)

    @app.get("/api/tutorials")
    def list_tutorials() -> dict[str, Any]:
        return {"tutorials": lessons()}

    @app.post("/api/tutorials/{game}", status_code=201)
    async def new_tutorial(game: str, request: Request) -> dict[str, Any]:
        client = request.client.host if request.client else "?"
        if not creations.take(client):
            wait = creations.retry_after(client)
            raise ApiError(429, "slow_down", f"too many new games from this address: try again in {wait} s")
        table, out = await to_thread.run_sync(lambda: _create(hub, game, address_key(client)))
        hub._attach(table)
        hub.tables[table.id] = table
        await hub._settle(table)
        hub._kick(table)
        return out

    @app.get("/api/tutorials/games/{game_id}/coach")
    async def coach_info(game_id: str, token: Optional[str] = Query(None, max_length=200)) -> dict[str, Any]:
        table = await hub.table(game_id)
        seat = table.seat_of(token)
        c = table.coach
        if c is None:
            raise ApiError(404, "not_found", "this game is not a tutorial")
        info: dict[str, Any] = c.info(seat)
        return info

    @app.get("/learn", include_in_schema=False)
    @app.get("/learn/{game}", include_in_schema=False)
    def learn_page(game: str = "") -> FileResponse:
        served: FileResponse = page("learn.html")
        return served
