"""Accessibility (issue 30, point 8): axe-core (npm, package-lock.json) finds no serious or
critical WCAG 2 A/AA violation on every page kind: the lobby (desktop and phone), each game's
board mid-game and at its end, the replay viewer (the tutorial's coach and /learn are checked
in test_tutorial_browser.py); and a whole game is played with the keyboard alone."""
from __future__ import annotations

import random
import time

import pytest

from support.axe import axe_violations, describe
from support.browser import artifacts, browser_fixture, server_fixture
from support.browser import (OVER_OR_MINE, api_get, api_post, board_keys, board_n, need_browser, on_board,
                             open_page, wait_past)

sync_api = need_browser()
SEATS = {"metax": 2, "metabaloids": 3, "metazoo": 2, "metazoo-2022": 2}


server = server_fixture("a11y")
browser = browser_fixture()


def clean(page, what: str) -> None:
    found = axe_violations(page)
    assert not found, f"{what}:\n{describe(found)}"


def play_over_http(server, gid: str, token: str, seat: int, rng: random.Random, actions: int) -> dict:
    """Random actions for ``seat`` (bots move on the server) until ``actions`` were taken or it ended."""
    s = api_get(server.url, f"/api/games/{gid}", token=token)
    for _ in range(actions):
        end = time.time() + 30
        while not s["over"] and s["deciding"] != seat and time.time() < end:
            time.sleep(0.02)
            s = api_get(server.url, f"/api/games/{gid}", token=token)
        if s["over"]:
            break
        api_post(server.url, f"/api/games/{gid}/actions",
                 {"token": token, "action": rng.choice(s["legal_actions"])["id"], "n": s["n"]})
        s = api_get(server.url, f"/api/games/{gid}", token=token)
    return s


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_lobby(server, browser, phone):
    w = open_page(browser, phone=phone)
    try:
        w.page.goto(server.url + "/")
        w.page.wait_for_selector("#game-select option[value]", state="attached")
        clean(w.page, "the lobby")
        w.page.click("details.fold summary >> nth=0")             # the settings fold open too
        clean(w.page, "the lobby's settings")
    finally:
        w.close()


@pytest.mark.parametrize("game", list(SEATS))
def test_each_games_board_mid_game_and_at_the_end(server, browser, game):
    seats = ["human"] + ["bot:easy"] * (SEATS[game] - 1)
    made = api_post(server.url, "/api/games", {"game": game, "seed": 30, "seats": seats}, status=201)
    gid, token, url = made["id"], made["seats"][0]["token"], made["seats"][0]["url"]
    rng = random.Random(30)
    play_over_http(server, gid, token, 0, rng, 12)
    for moment in ("mid-game", "at the end"):
        if moment == "at the end":       # played with no page open: nothing to redraw each move
            assert play_over_http(server, gid, token, 0, rng, 600)["over"]
        w = open_page(browser)
        try:
            w.page.goto(server.url + url)
            w.page.wait_for_selector("#board[data-n]")
            if moment == "at the end":
                w.page.wait_for_selector("#game-over:not([hidden])", timeout=45_000)
            w.page.wait_for_timeout(300)
            clean(w.page, f"{game}'s board {moment}")
            w.page.screenshot(path=str(artifacts() / f"a11y-{game}-{moment.replace(' ', '-')}.png"))
        finally:
            w.close()


def test_the_replay_viewer(server, browser):
    made = api_post(server.url, "/api/games", {"game": "metax", "seed": 31, "seats": ["human", "bot:easy"]}, status=201)
    gid, token = made["id"], made["seats"][0]["token"]
    assert play_over_http(server, gid, token, 0, random.Random(31), 400)["over"]
    w = open_page(browser)
    try:
        w.page.goto(server.url + f"/replay/{gid}?token={token}")
        w.page.wait_for_selector("#replay-bar:not([hidden])")
        w.page.click("#replay-forward")
        clean(w.page, "the replay viewer")
    finally:
        w.close()


def tab_to(page, selector: str, limit: int = 400) -> bool:
    """Press Tab until the focus is on an element matching ``selector`` (True) or ``limit`` presses."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return True
    return False


def test_a_whole_game_by_keyboard_alone(server, browser):
    """Tab, Enter and the number keys only: the bar's options by number, the rest behind "All
    options" (reached by Tab), and a card on the board picked by Tab and Enter."""
    made = api_post(server.url, "/api/games", {"game": "metax", "seed": 32, "seats": ["human", "bot:easy"]}, status=201)
    rng = random.Random(32)
    w = open_page(browser)
    page = w.page
    board_route = 0
    try:
        page.goto(server.url + made["seats"][0]["url"])
        page.wait_for_selector("#board[data-n]")
        for _ in range(300):
            page.wait_for_function(OVER_OR_MINE, timeout=30_000)
            if not page.locator("#game-over").is_hidden():
                break
            n = board_n(page)
            if not board_route and on_board(page):        # once: a card picked with Tab and Enter
                keys = board_keys(page, on_board(page)[0])
                if keys and tab_to(page, f'#board [data-card-id="{keys[0]}"], #board [data-ref="{keys[0]}"]'):
                    page.keyboard.press("Enter")
                    mark = "k => !!document.querySelector(`#board [data-card-id='${k}']:is(.selected, .chosen)," \
                           " #board [data-ref='${k}']:is(.selected, .chosen)`)"
                    page.wait_for_function(f"{mark} || !document.querySelector('#card-text').hidden"
                                           f" || Number(document.querySelector('#board').dataset.n) !== {n}",
                                           arg=keys[0])
                    board_route += 1
                    page.keyboard.press("Escape")
                    if board_n(page) != n:
                        continue
            if page.locator("#all-options[aria-expanded=false]").count():
                assert tab_to(page, "#all-options"), "Tab never reached All options"
                page.keyboard.press("Enter")
                page.wait_for_selector("#all-options[aria-expanded=true]")
            shown = page.locator("#actions button[data-action-id]:not([hidden])").count()
            assert shown, "no option to take"
            page.keyboard.press(str(rng.randint(1, min(9, shown))))
            wait_past(page, n)
        else:
            pytest.fail("the game did not end in 300 decisions")
        assert board_route == 1
        assert api_get(server.url, f"/api/games/{made['id']}", token=made["seats"][0]["token"])["over"]
        w.check_clean()
    finally:
        w.close()
