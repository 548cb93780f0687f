"""The FastAPI application: the HTTP API, the WebSocket and the web client's files.

``create_app(db_url)`` builds it; ``metatcg serve`` runs it under uvicorn. docs/server.md is the
API's reference; every answer about a game in play is made by ``redact.py``.
"""
from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, AsyncIterator, Optional, Union

from anyio import to_thread
from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..bots import BOTS
from ..registry import game_entries, load_game
from ..ui.help import help_payload
from ..ui.prefs import MOMENTS, SeatPrefs
from ..ui.presentation import presentation_of
from ..ui.why import why_not
from .errors import ApiError
from .hub import Hub
from .players import LEVELS, PLAYERS, player_names
from .limits import (HTTP_BURST, HTTP_RATE, MAX_BODY, NEW_GAME_BURST, NEW_GAME_RATE, WS_PER_ADDRESS, WS_PER_GAME,
                     BodyLimit, ClientLimits, SocketCaps)
from .replay import Positions, replay_state
from .security import Guard
from .ownership import GameLimits, address_key
from .store import Store
from .tutorials import install as install_tutorials
from .ws import SocketRules, game_socket, read_prefs

log = logging.getLogger("metatcg.server")
STATIC = Path(__file__).parent / "static"


# ---------------------------------------------------------------------- request bodies
class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turn_seconds: Optional[float] = Field(None, gt=0, le=86400)
    public_record: StrictBool = True
    listed: StrictBool = True
    open: StrictBool = False
    fair_windows: Optional[StrictBool] = None   # None: on when more than one seat is human (PR-K-10)


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64)
    decks: Optional[list[Union[StrictStr, list[StrictStr]]]] = Field(None, max_length=8)
    seats: Optional[list[StrictStr]] = Field(None, min_length=1, max_length=8)
    seed: Optional[StrictInt] = Field(None, ge=0, lt=2**63)
    options: Optional[dict[str, Union[StrictStr, StrictInt, StrictBool]]] = None
    settings: Optional[Settings] = None
    prefs: Optional[dict[str, Any]] = None     # every human seat's starting preferences (ui.prefs)


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=200)
    action: StrictStr = Field(max_length=500)
    n: Optional[StrictInt] = None
    rid: Optional[StrictStr] = Field(None, min_length=1, max_length=64)


class PrefsBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=200)
    prefs: Any = None        # checked by ui.prefs.SeatPrefs.from_json (400 bad_prefs)


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=200)


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt


# ---------------------------------------------------------------------- the app
def create_app(db_url: str, *, http_rate: float = HTTP_RATE, http_burst: float = HTTP_BURST,
               ws_rate: float = 20.0, ws_burst: float = 40.0, bot_delay: float = 0.0,
               new_game_rate: float = NEW_GAME_RATE, new_game_burst: float = NEW_GAME_BURST,
               ws_per_address: int = WS_PER_ADDRESS, ws_per_game: int = WS_PER_GAME,
               allowed_hosts: Optional[tuple[str, ...]] = None, api_docs: bool = False,
               game_limits: GameLimits | None = None) -> FastAPI:
    """The server's app. The limits are per client address (docs/server.md, "Limits");
    ``allowed_hosts`` None answers any ``Host`` (``metatcg serve`` passes the loopback names
    when it listens on loopback); ``api_docs`` serves /docs and /redoc (their scripts come from a
    CDN, so they are off unless asked for; /openapi.json is always served)."""
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay, limits=game_limits)
    limits = ClientLimits(http_rate, http_burst)
    creations = ClientLimits(new_game_rate, new_game_burst)
    positions = Positions()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="metatcg", version="1", lifespan=lifespan,
                  docs_url="/docs" if api_docs else None, redoc_url="/redoc" if api_docs else None,
                  description="Play metatcg's card games over HTTP and WebSockets. See docs/server.md.")
    app.state.hub = hub
    app.state.store = store
    app.state.positions = positions
    app.state.ws_rules = SocketRules(ws_rate, ws_burst, SocketCaps(ws_per_address, ws_per_game), allowed_hosts)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, api_docs=api_docs)   # outermost: every answer

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        return JSONResponse(e.body(), status_code=e.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:   # no such route, method, …
        if e.status_code == 400:   # FastAPI's only own 400: a body json.loads could not read (nested too deeply)
            return JSONResponse({"error": "the body is not valid JSON (or is nested too deeply)", "code": "bad_json"},
                                status_code=400)
        code = {404: "not_found", 405: "bad_method"}.get(e.status_code, "bad_request")
        return JSONResponse({"error": str(e.detail), "code": code}, status_code=e.status_code,
                            headers=getattr(e, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def bad_body(_: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        if any(err.get("type") == "json_invalid" for err in errs):
            return JSONResponse({"error": "the body is not valid JSON", "code": "bad_json"}, status_code=400)
        whole = [err for err in errs if tuple(err.get("loc", ())) == ("body",)]
        if whole:   # not an object at all: no body, a JSON list or string, a body sent as text/plain
            raw = whole[0].get("input")
            if isinstance(raw, (bytes, bytearray)):
                return JSONResponse({"error": "the body must be a JSON object, sent with Content-Type: "
                                              "application/json", "code": "bad_json"}, status_code=400)
            return JSONResponse({"error": "the body must be a JSON object", "code": "bad_request"}, status_code=400)
        parts = []
        for err in errs[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse({"error": "; ".join(parts), "code": "bad_request"}, status_code=400)

    @app.exception_handler(Exception)
    async def crash(_: Request, e: Exception) -> JSONResponse:   # never a traceback or state on the wire
        log.exception("unexpected error")
        return JSONResponse({"error": "the server failed on this request; nothing was changed", "code": "server_error"},
                            status_code=500)

    @app.middleware("http")
    async def rate_limit(request: Request, call_next: Any) -> Any:
        if request.url.path.startswith("/api/"):
            client = request.client.host if request.client else "?"
            if not limits.take(client):
                return JSONResponse({"error": "too many requests: slow down", "code": "slow_down"}, status_code=429,
                                    headers={"Retry-After": str(limits.retry_after(client))})
            if request.method == "POST" and request.url.path == "/api/games" and not creations.take(client):
                wait = creations.retry_after(client)
                return JSONResponse({"error": f"too many new games from this address: try again in {wait} s",
                                     "code": "slow_down"}, status_code=429, headers={"Retry-After": str(wait)})
        return await call_next(request)

    # ------------------------------------------------------------------ about the games
    @app.get("/api/meta")
    def meta() -> dict[str, Any]:
        return _meta()

    @app.get("/api/cards/{game}")
    def cards(game: str) -> dict[str, Any]:
        return _cards(game)

    @app.get("/api/glossary/{game}")
    def glossary(game: str) -> dict[str, Any]:
        """The game's rules help for the page's Rules panel and tooltips (ui.help)."""
        return _glossary(game)

    # ------------------------------------------------------------------ games
    @app.post("/api/games", status_code=201)
    async def new_game(body: NewGame, request: Request) -> dict[str, Any]:
        return await hub.create(game_id=body.game, decks=body.decks, players=body.seats, seed=body.seed,
                                options=body.options,
                                settings=body.settings.model_dump() if body.settings else None,
                                creator=address_key(request.client.host if request.client else "?"),
                                prefs=body.prefs)

    @app.get("/api/games")
    async def lobby(limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        rows = await to_thread.run_sync(store.listed, limit)
        titles = {e.id: e.title for e in game_entries()}
        out = []
        for r in rows:
            s = r["settings"]
            out.append({"id": r["id"], "game": r["game"], "title": titles.get(r["game"], r["game"]), "n": r["n"],
                        "over": r["over"], "created": r["created"], "seats": r["seats"],
                        "open_seats": [x["seat"] for x in r["seats"] if x["player"] == "human" and not x["joined"]],
                        "public_record": bool(s.get("public_record", True)), "turn_seconds": s.get("turn_seconds"),
                        "decks": r["decks"], "seed": r["seed"], "fair_windows": bool(s.get("fair_windows")),
                        "open": bool(s.get("open")), "options": _table_options(r["game"], r["options"])})
        return {"games": out}

    @app.get("/api/games/{game_id}")
    async def seat_state(game_id: str, token: Optional[str] = Query(None, max_length=200),
                         log_from: int = Query(0, ge=0)) -> dict[str, Any]:
        table = await hub.table(game_id)
        seat = table.seat_of(token)
        return table.seat_state(seat, log_from)

    @app.get("/api/games/{game_id}/why")
    async def why(game_id: str, token: Optional[str] = Query(None, max_length=200),
                  name: str = Query("", max_length=100)) -> dict[str, Any]:
        """"Why not NAME?" for a seat (issue 29): the game's answer from what that seat may know."""
        table = await hub.table(game_id)
        seat = table.seat_of(token)
        if not name.strip():
            raise ApiError(400, "bad_request", "name a card or an option: ?name=Galeborn Courier")
        return {"name": " ".join(name.split()), "answer": why_not(table.state, seat, name)}

    @app.get("/api/games/{game_id}/spectate")
    async def spectate(game_id: str, log_from: int = Query(0, ge=0)) -> dict[str, Any]:
        table = await hub.table(game_id)
        return table.public_state(log_from)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionBody) -> dict[str, Any]:
        table = await hub.table(game_id)
        seat = table.seat_of(body.token)
        await table.act(seat, body.action, body.n, body.rid)
        return table.seat_state(seat, 0)

    @app.post("/api/games/{game_id}/concede")
    async def concede(game_id: str, body: TokenBody) -> dict[str, Any]:
        table = await hub.table(game_id)
        seat = table.seat_of(body.token)
        await table.concede(seat)
        return table.seat_state(seat, 0)

    @app.post("/api/games/{game_id}/prefs")
    async def prefs(game_id: str, body: PrefsBody) -> dict[str, Any]:
        table = await hub.table(game_id)
        seat = table.seat_of(body.token)
        await table.set_prefs(seat, read_prefs(body.prefs))
        return table.seat_state(seat, 0)

    @app.post("/api/games/{game_id}/end")
    async def end(game_id: str, body: TokenBody) -> dict[str, Any]:
        table = await hub.table(game_id)
        await table.end(body.token)
        return table.public_state(0)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: JoinBody) -> dict[str, Any]:
        table = await hub.table(game_id)
        token = await table.join(body.seat)
        return {"seat": body.seat, "token": token, "url": f"/play/{game_id}?token={token}"}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: Optional[str] = Query(None, max_length=200)) -> dict[str, Any]:
        table = await hub.table(game_id)
        if token is not None:
            seat = table.seat_of(token)
            if "position" in table.setup:   # a tutorial starts from a position no record can name
                raise ApiError(409, "no_record", "a guided first game keeps no record; its replay shows every step")
            return await to_thread.run_sync(table.state.record_for, seat)
        _full_record_allowed(table)
        return await to_thread.run_sync(table.state.record)

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay(game_id: str, step: int, token: Optional[str] = Query(None, max_length=200),
                     seat: Optional[int] = Query(None, ge=0, le=7)) -> dict[str, Any]:
        table = await hub.table(game_id)
        if not table.over:
            raise ApiError(409, "not_over", "the replay opens once the game is over")
        if token is not None:
            who: int | None = table.seat_of(token)
        else:
            _full_record_allowed(table)
            who = seat
        return await to_thread.run_sync(replay_state, table, step, who, positions)

    # ------------------------------------------------------------------ live updates
    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await game_socket(ws, hub, game_id, ws.query_params.get("token"), app.state.ws_rules)

    # ------------------------------------------------------------------ the web client
    def page(name: str) -> FileResponse:
        path = STATIC / name
        if not path.exists():
            raise ApiError(404, "no_client", "the web client is not installed")
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return page("index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    def play_page(game_id: str) -> FileResponse:
        return page("play.html")

    @app.get("/watch/{game_id}", include_in_schema=False)
    def watch_page(game_id: str) -> FileResponse:
        return page("play.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay_page(game_id: str) -> FileResponse:
        return page("play.html")

    install_tutorials(app, hub, page)   # "Learn to play": guided first games (server/tutorials.py)

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _full_record_allowed(table: Any) -> None:
    if not table.over:
        raise ApiError(409, "not_over", "the full record opens once the game is over (a seat may fetch "
                                        "its own record with its token)")
    if not table.settings.get("public_record", True):
        raise ApiError(403, "private", "this game's settings keep its full record private; each seat may "
                                       "fetch its own record with its token")


@lru_cache(maxsize=1)
def _meta() -> dict[str, Any]:
    games = []
    for e in game_entries():
        g = load_game(e.id)
        opts = [{"name": name, "question": q, "choices": [list(c) for c in choices]}
                for name, q, choices in presentation_of(g).option_choices(g.min_players)]
        pres = presentation_of(g)
        games.append({"id": e.id, "title": e.title, "seat_counts": list(g.seat_counts),
                      "decks": g.starter_deck_names(), "options": opts, "about": pres.about,
                      # each starter deck's first comment line (engine.decks), for the lobby
                      "deck_about": {d: g.starter_deck(d).description for d in g.starter_deck_names()},
                      "phases": dict(pres.phases), "glossary": f"/api/glossary/{e.id}"})
    return {"games": games, "bots": list(BOTS), "players": list(PLAYERS),
            # what the lobby offers for a seat, and the name of every accepted player id
            "levels": [{"id": "human", "name": "Person", "about": "you, or someone you give the seat's link to"}]
            + [{"id": k, "name": v.name, "about": v.about} for k, v in LEVELS.items()],
            "player_names": player_names(),
            "prefs": {"moments": [{"name": k, "text": v} for k, v in MOMENTS.items()],
                      "defaults": SeatPrefs().to_json()}}


def _table_options(game_id: str, chosen: dict[str, Any]) -> dict[str, Any]:
    """The game options a lobby shows with a listed game: those the creator picks from (not the
    kernel's own, such as which seats every window asks)."""
    names = {o["name"] for g in _meta()["games"] if g["id"] == game_id for o in g["options"]}
    return {k: v for k, v in chosen.items() if k in names}


@lru_cache(maxsize=16)
def _cards_of(game_id: str) -> dict[str, Any]:
    pres = presentation_of(load_game(game_id))
    out = {}
    for name in pres.card_names():
        info = pres.card(name)
        if info is not None:
            out[name] = info.to_json()
    return {"cards": out}


@lru_cache(maxsize=16)
def _glossary_of(game_id: str) -> dict[str, Any]:
    return help_payload(presentation_of(load_game(game_id)))


def _glossary(game_id: str) -> dict[str, Any]:
    if game_id not in {e.id for e in game_entries()}:
        raise ApiError(404, "unknown", f"unknown game {game_id!r:.40}")
    return _glossary_of(game_id)


def _cards(game_id: str) -> dict[str, Any]:
    if game_id not in {e.id for e in game_entries()}:
        raise ApiError(404, "unknown", f"unknown game {game_id!r:.40}")
    return _cards_of(game_id)
