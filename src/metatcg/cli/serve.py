"""``metatcg serve``: the browser server on one machine (docs/server.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from ..server.limits import HTTP_BURST, HTTP_RATE, NEW_GAME_BURST, NEW_GAME_RATE, WS_PER_ADDRESS, WS_PER_GAME
from .common import console, fail

if TYPE_CHECKING:  # pragma: no cover
    from ..server.ownership import GameLimits


def default_db() -> str:
    """SQLite in the user's data folder (e.g. ~/.local/share/metatcg/metatcg.db on Linux)."""
    from platformdirs import user_data_dir

    from ..server.store import default_url
    return default_url(Path(user_data_dir("metatcg", appauthor=False)))


@dataclass(frozen=True)
class Limits:
    """The per-address limits ``metatcg serve`` is given (defaults: docs/server.md, "Limits")."""
    http_rate: float = HTTP_RATE
    games_per_minute: float = NEW_GAME_RATE * 60
    sockets_per_address: int = WS_PER_ADDRESS
    sockets_per_game: int = WS_PER_GAME

    def app_options(self) -> dict[str, Any]:
        return {"http_rate": self.http_rate, "http_burst": HTTP_BURST / HTTP_RATE * self.http_rate,
                "new_game_rate": self.games_per_minute / 60, "new_game_burst": NEW_GAME_BURST,
                "ws_per_address": self.sockets_per_address, "ws_per_game": self.sockets_per_game}


def uvicorn_config(app: Any, host: str, port: int, forwarded_allow_ips: Optional[str]) -> Any:
    """uvicorn's settings for ``app``. The client address (rate limits, socket caps) is the
    peer's, unless the peer is one of ``forwarded_allow_ips`` (a reverse proxy, comma-separated
    addresses or networks, ``*`` for any): then it is the last address the proxy put in
    ``X-Forwarded-For``. Without the option no header is trusted (uvicorn's own default would
    trust 127.0.0.1, so any local program could pick its address)."""
    import uvicorn

    from ..server.limits import MAX_FRAME

    proxied = bool(forwarded_allow_ips)
    # frames are a few KB of JSON: compressing each costs more CPU than the bytes are worth
    return uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_FRAME, ws_per_message_deflate=False,
                          log_level="warning", timeout_graceful_shutdown=3, proxy_headers=proxied,
                          forwarded_allow_ips=forwarded_allow_ips if proxied else "")


def run_serve(host: str, port: int, db: str | None, allowed_hosts: list[str] | None = None,
              forwarded_allow_ips: str | None = None, api_docs: bool = False, limits: Limits = Limits(),
              game_limits: "GameLimits | None" = None) -> None:
    import uvicorn

    from ..server.app import create_app
    from ..server.security import allowed_hosts_for
    from ..server.store import StoreError

    url = db or default_db()
    try:
        app = create_app(url, allowed_hosts=allowed_hosts_for(host, allowed_hosts or ()), api_docs=api_docs,
                         game_limits=game_limits, **limits.app_options())
    except StoreError as e:
        fail(str(e))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(f"metatcg server: open http://{shown}:{port}/ in a browser\n  database: {url}\n  Ctrl-C stops it",
                  soft_wrap=True, markup=False, highlight=False)
    uvicorn.Server(uvicorn_config(app, host, port, forwarded_allow_ips)).run()
