"""Driving the web client with Playwright and Debian's ``chromium`` (never a downloaded browser).

The board page puts the state it shows on ``#board`` (``data-n``: the number of actions taken;
``data-over``), so a test waits for a given state instead of sleeping. A person's play is
clicks: on the board, the cards and spots an action names (js/pick.js), with the card's menu
(``#card-text [data-menu-action]``) when one opens; or an action button in ``#actions``, whose
options made on the board wait behind "All options".
"""
from __future__ import annotations

import json
import os
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# the client's own rule (board.js): which buttons are "quiet"
QUIET = re.compile(r"^(pass|done|end|end_[a-z_]+|back|stop|keep|none|no|skip|finish)$")
QUIET_START = re.compile(r"^(done|pass|end)\b")

OVER_OR_MINE = """() => {
  const over = document.querySelector('#game-over:not([hidden])');
  const b = document.querySelector('#board');
  if (over && b && b.dataset.over === '1') return 'over';
  return document.querySelector('#actions button[data-action-id]:not([disabled])') ? 'mine' : false;
}"""


def artifacts() -> Path:
    d = Path(os.environ.get("METATCG_ARTIFACTS", "test-artifacts")) / "screenshots"
    d.mkdir(parents=True, exist_ok=True)
    return d


def need_browser() -> Any:
    """Skip the calling test module unless Debian's chromium and Playwright are here; else
    Playwright's sync API."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (.ci/run installs it)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")


def launch(p: Any) -> Any:
    return p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


@dataclass
class Watched:
    """A page with its context, every page error and console error, and the WebSocket frames it
    received (text, in order)."""
    context: Any
    page: Any
    errors: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)

    def check_clean(self, allow: tuple[str, ...] = ()) -> None:
        bad = [e for e in self.errors if not any(re.search(a, e) for a in allow)]
        assert not bad, f"errors in the page: {bad[:5]}"

    def close(self) -> None:
        self.context.close()


def open_page(browser: Any, phone: bool = False) -> Watched:
    ctx = browser.new_context(viewport=PHONE if phone else DESKTOP, device_scale_factor=1,
                              has_touch=phone, is_mobile=phone)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    w = Watched(ctx, page)
    page.on("pageerror", lambda e: w.errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: w.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: w.frames.append(payload if isinstance(payload, str)
                                                               else bytes(payload).decode("utf-8", "replace")))
    page.on("websocket", on_ws)
    return w


def board_n(page: Any) -> int:
    v = page.get_attribute("#board", "data-n")
    return -1 if v is None or v == "" else int(v)


def wait_n(page: Any, n: int, timeout: float = 20_000) -> None:
    """Wait until the board shows the state after action ``n``."""
    page.wait_for_function("n => document.querySelector('#board').dataset.n === String(n)", arg=n, timeout=timeout)


def wait_past(page: Any, n: int, timeout: float = 20_000) -> None:
    """Wait until the board shows a state after ``n`` (an action taken was acknowledged)."""
    page.wait_for_function("n => Number(document.querySelector('#board').dataset.n || -1) > n", arg=n,
                           timeout=timeout)


def log_lines(page: Any) -> list[str]:
    return page.evaluate("() => Array.from(document.querySelectorAll('#log .log-line'), e => e.textContent)")


def enabled_actions(page: Any) -> list[str]:
    return page.evaluate("() => Array.from(document.querySelectorAll("
                         "'#actions button[data-action-id]:not([disabled])'), b => b.dataset.actionId)")


def quiet(aid: str) -> bool:
    return bool(QUIET.match(aid) or QUIET_START.match(aid))


def choose(rng: random.Random, ids: list[str], keen: float = 0.85, avoid: tuple[str, ...] = ()) -> str:
    """Mostly something that moves the game on (not a pass, a mulligan or an action starting with one
    of ``avoid``, such as Metabaloids' moves between columns); a pass now and then."""
    moving = [a for a in ids if not quiet(a) and "mulligan" not in a and not a.startswith(avoid)]
    return rng.choice(moving) if moving and rng.random() < keen else rng.choice(ids)


def on_board(page: Any) -> list[str]:
    """The options the board offers (every card or spot they name is on the board): the client
    keeps them out of the bar, behind "All options"."""
    return page.evaluate("() => Array.from(document.querySelectorAll("
                         "'#actions button.on-board[data-action-id]:not([disabled])'), b => b.dataset.actionId)")


def board_keys(page: Any, aid: str) -> list[str]:
    """The cards and spots on the board that action ``aid`` names, in the client's order (js/pick.js)."""
    return page.evaluate("aid => (window.__metatcg.board.index().find(e => e.a.id === aid) || {keys: []}).keys", aid)


def click_on_board(page: Any, aid: str) -> bool:
    """Make ``aid`` the way a person does on the board: click the cards and spots it names (a
    lane, a column, an Arena: on its head, so no card inside is hit), then, if a menu opened at
    the card, the option in it. True when the action was sent."""
    n = board_n(page)
    menu = page.locator(f"#card-text:not([hidden]) button[data-menu-action={json.dumps(aid)}]")
    for key in board_keys(page, aid):
        el = page.locator(f'#board [data-card-id="{key}"], #board [data-ref="{key}"]').locator("visible=true").first
        if not el.count():
            return False
        el.click(position={"x": 12, "y": 9}, timeout=5_000)
        if page.evaluate("n => Number(document.querySelector('#board').dataset.n) !== n"
                         " || !!window.__metatcg.board.pending", n):
            return True
        if menu.count():
            menu.click(timeout=5_000)
            return True
        confirm = page.locator("#multi-confirm")
        if confirm.count() and confirm.is_visible():      # a multi-pick: chosen, then confirmed
            confirm.click(timeout=5_000)
            return True
    return False


def take(page: Any, aid: str, via_card: bool) -> str:
    """Click action ``aid``: on the board (the cards and spots it names, then the card's menu if
    one opens) or in the action bar (opening "All options" when the bar keeps it there).
    Answers how it was clicked."""
    if via_card and aid in on_board(page) and click_on_board(page, aid):
        return "card"
    if via_card:                 # a pick half made: cancel it, use the bar
        page.keyboard.press("Escape")
    ids = enabled_actions(page)
    assert aid in ids, f"{aid} is not among the buttons {ids}"
    button = page.locator(f"#actions button[data-action-id={json.dumps(aid)}]:not([disabled])")
    if button.is_hidden():
        page.click("#all-options")
    button.click()
    return "button"


def play_to_the_end(page: Any, rng: random.Random, *, max_clicks: int = 400,
                    on_click: Callable[[int], None] | None = None, card_share: float = 0.3,
                    avoid: tuple[str, ...] = ()) -> dict[str, int]:
    """Click until ``#game-over`` shows; every click must be acknowledged (``data-n`` grows)."""
    clicks = {"button": 0, "card": 0}
    for i in range(max_clicks):
        try:
            what = page.wait_for_function(OVER_OR_MINE, timeout=30_000).json_value()
        except Exception as e:
            raise AssertionError(f"no decision and no game over after {i} clicks: {page.inner_text('#turn')!r}, "
                                 f"toasts {page.inner_text('#toasts')!r}") from e
        if what == "over":
            return clicks
        if on_click:
            on_click(i)
        n = board_n(page)
        aid = choose(rng, enabled_actions(page), avoid=avoid)
        how = take(page, aid, rng.random() < card_share)
        clicks[how] += 1
        try:
            wait_past(page, n)
        except Exception as e:
            raise AssertionError(f"click {i} on {aid!r} ({how}) at n={n} was not acknowledged: data-n={board_n(page)}, "
                                 f"turn {page.inner_text('#turn')!r}, toasts {page.inner_text('#toasts')!r}, "
                                 f"banner {page.inner_text('#banner')!r}") from e
    raise AssertionError(f"the game did not end in {max_clicks} clicks")


def api_get(base: str, path: str, **params: Any) -> dict[str, Any]:
    for _ in range(50):
        r = httpx.get(base + path, params=params, timeout=20)
        if r.status_code != 429:
            break
        time.sleep(0.2)
    assert r.status_code == 200, r.text
    return r.json()


def api_post(base: str, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    for _ in range(50):
        r = httpx.post(base + path, json=body, timeout=20)
        if r.status_code != 429:
            break
        time.sleep(0.2)
    assert r.status_code == status, r.text
    return r.json()


def expected_result(returns: list[float], me: int) -> str:
    """The game-over words the client should show seat ``me`` (board.js resultText), as a pattern."""
    mine, best = returns[me], max(returns)
    if all(r == mine for r in returns):
        return "Draw"
    if mine == best and mine > 0:
        return "You won|You share the win"
    if mine == best:
        return "Draw"
    return "You lost.*" if len(returns) == 2 else "You finished .* of .*|You share .* place of .*"


def server_fixture(folder: str) -> Any:
    """A module's ``server`` fixture: ``metatcg serve`` on a fresh SQLite file, its own process."""
    from .servers import ServerProcess

    @pytest.fixture(scope="module")
    def server(tmp_path_factory: Any) -> Any:
        s = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp(folder) / 'games.db'}").start()
        yield s
        s.stop()
    return server


def browser_fixture() -> Any:
    """A module's ``browser`` fixture: Debian's chromium under Playwright, one for the module."""
    @pytest.fixture(scope="module")
    def browser() -> Any:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            b = launch(p)
            yield b
            b.close()
    return browser
