"""``metatcg serve``: the browser server on one machine (docs/server.md)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .common import console, fail

if TYPE_CHECKING:  # pragma: no cover
    from ..server.ownership import GameLimits


def default_db() -> str:
    """SQLite in the user's data folder (e.g. ~/.local/share/metatcg/metatcg.db on Linux)."""
    from platformdirs import user_data_dir

    from ..server.store import default_url
    return default_url(Path(user_data_dir("metatcg", appauthor=False)))


def run_serve(host: str, port: int, db: str | None, limits: "GameLimits | None" = None) -> None:
    import uvicorn

    from ..server.app import create_app
    from ..server.limits import MAX_FRAME
    from ..server.store import StoreError

    url = db or default_db()
    try:
        app = create_app(url, game_limits=limits)
    except StoreError as e:
        fail(str(e))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(f"metatcg server: open http://{shown}:{port}/ in a browser\n  database: {url}\n  Ctrl-C stops it",
                  soft_wrap=True, markup=False, highlight=False)
    # frames are a few KB of JSON: compressing each costs more CPU than the bytes are worth
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_FRAME, ws_per_message_deflate=False,
                log_level="warning", timeout_graceful_shutdown=3)
