"""The lobby explains itself (issue 30, point 6), in Debian's chromium driven by Playwright:
the chosen game's description and each seat's deck description, bots named Easy / Normal / Hard,
the seed under an "Advanced" fold with what it does, an open game's decks, seats, timer and
settings before anyone joins, and starting play settings that the board then opens with.
Screenshots of the lobby at 1280×800 and 390×844 go to the artifacts."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from support.browser import browser_fixture, server_fixture
from support.browser import api_get, api_post, artifacts, need_browser, open_page

sync_api = need_browser()


server = server_fixture("lobby")
browser = browser_fixture()


@pytest.fixture(scope="module")
def meta(server):
    return api_get(server.url, "/api/meta")


@pytest.fixture(scope="module")
def open_game(server):
    """An open MetaZoo 2022 game waiting for one more person, as a stranger finds it listed."""
    return api_post(server.url, "/api/games", {
        "game": "metazoo-2022", "seats": ["human", "human", "bot:hard"], "decks": ["tides", "grove", "embers"],
        "options": {"surroundings": "forest-cabin"},
        "settings": {"open": True, "turn_seconds": 60, "public_record": False}}, status=201)


def game_of(meta: dict, gid: str) -> dict:
    return next(g for g in meta["games"] if g["id"] == gid)


def deck_words(meta: dict, gid: str, deck: str) -> tuple[str, str]:
    """A deck's name and description as the lobby splits its file's first comment ("Name: what")."""
    name, _, about = game_of(meta, gid)["deck_about"][deck].partition(": ")
    return name, about


def test_the_lobby_describes_games_decks_and_bots(server, browser, meta, open_game):
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option[value='metax']", state="attached")
        page.select_option("#game-select", "metax")
        assert page.inner_text("#game-about") == game_of(meta, "metax")["about"]
        rows = page.locator("#seats .seat-row")
        assert rows.count() == 2
        for q, deck in enumerate(["aggro", "control"]):
            name, about = deck_words(meta, "metax", deck)
            row = rows.nth(q)
            assert row.locator(".deck-select option:checked").inner_text() == name
            assert row.locator(".deck-about").inner_text() == about[0].upper() + about[1:]
        assert rows.nth(0).locator(".you-tag").inner_text() == "you"
        labels = rows.nth(1).locator(".player-select option").all_inner_texts()
        assert labels == ["Person", "Easy bot", "Normal bot", "Hard bot"]
        assert rows.nth(1).locator(".player-select").input_value() == "bot:normal"   # the default opponent
        assert not re.search(r"bot:[a-z]", page.inner_text("#new-game"))      # names, not ids
        normal = next(x for x in meta["levels"] if x["id"] == "bot:normal")
        assert f"Normal bot: {normal['about']}." in page.inner_text("#player-help")
        # another deck: its description follows
        rows.nth(1).locator(".deck-select").select_option("midrange")
        midrange = deck_words(meta, "metax", "midrange")[1]
        assert rows.nth(1).locator(".deck-about").inner_text().lower() == midrange.lower()
        # the seed is tucked away with what it does
        assert not page.locator("#seed").is_visible()
        page.click("#advanced > summary")
        assert page.locator("#seed").is_visible()
        assert "shuffle" in page.inner_text("#seed-note") and "random" in page.inner_text("#seed-note")
        page.locator("#advanced").screenshot(path=str(artifacts() / "lobby-advanced-desktop.png"))
        # open seats: a second person's seat is marked open, and the seed is the server's secret
        rows.nth(1).locator(".player-select").select_option("human")
        page.check("#open-seats")
        assert rows.nth(1).locator(".you-tag").inner_text() == "open"
        assert page.locator("#seed").is_disabled() and "secret" in page.inner_text("#seed-note")
        page.uncheck("#open-seats")
        rows.nth(1).locator(".player-select").select_option("bot:normal")
        page.click("#advanced > summary")
        # the open game: everything someone joining agrees to, before they join
        item = page.locator(f"#open-games li[data-game-id='{open_game['id']}']")
        item.wait_for()
        details = item.locator("details.g-details")
        assert details.get_attribute("open") is not None
        text = item.inner_text()
        assert "waiting for 1 player" in text and "Join as P2" in text
        assert game_of(meta, "metazoo-2022")["about"] in text
        for deck in ["tides", "grove", "embers"]:
            name, about = deck_words(meta, "metazoo-2022", deck)
            assert name in text and about in text, deck
        assert re.search(r"P1 Person \(joined\)", text) and "P2 Open: you can join" in text and "P3 Hard bot" in text
        assert "1 min a decision" in text and "record kept private" in text and "fair windows" in text
        assert "forest" in text.lower()
        page.screenshot(path=str(artifacts() / "lobby-desktop.png"), full_page=True)
        phone = open_page(browser, phone=True)
        try:
            phone.page.goto(server.url + "/")
            phone.page.wait_for_selector(f"#open-games li[data-game-id='{open_game['id']}'] details[open]")
            phone.page.wait_for_function("() => document.querySelector('#game-about').textContent.length > 0")
            width = phone.page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"the lobby scrolls sideways on a phone: {width}px"
            phone.page.screenshot(path=str(artifacts() / "lobby-phone.png"), full_page=True)
            phone.check_clean()
        finally:
            phone.close()
        w.check_clean()
    finally:
        w.close()


def test_a_game_against_normal_starts_with_the_play_settings_chosen_in_the_lobby(server, browser, meta):
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option[value='metabaloids']", state="attached")
        page.select_option("#game-select", "metabaloids")
        page.locator("#seats .seat-row").nth(1).locator(".player-select").select_option(label="Normal bot")
        page.click("#start-prefs > summary")
        assert "(the usual ones)" in page.inner_text("#start-prefs-summary")
        defaults = meta["prefs"]["defaults"]
        for m in meta["prefs"]["moments"]:      # the board's words and the server's defaults
            assert page.locator(f"#lobby-pref-stop-{m['name']}").is_checked() == (m["name"] in defaults["stops"])
        page.click("label[for=lobby-pref-stop-their_card]")       # off
        page.click("label[for=lobby-pref-stop-my_end]")           # on
        page.click("label[for=lobby-pref-auto-same]")             # off
        page.click("label[for=lobby-pref-auto-order]")            # off
        assert "auto-same off" in page.inner_text("#start-prefs-summary")
        page.screenshot(path=str(artifacts() / "lobby-start-prefs-desktop.png"), full_page=True)
        page.click("#create-game")
        link = page.locator("a.seat-link")
        link.wait_for()
        assert "Normal bot" in page.inner_text("#created")
        page.locator("#new-game-panel").screenshot(path=str(artifacts() / "lobby-created-desktop.png"))
        url = link.get_attribute("href") or ""
        gid, token = urlparse(url).path.split("/")[-1], parse_qs(urlparse(url).query)["token"][0]
        state = api_get(server.url, f"/api/games/{gid}", token=token)
        want = {"auto_pass": True, "stops": sorted({*defaults["stops"], "my_end"} - {"their_card"}),
                "auto_same": False, "auto_pay": True, "auto_order": False}
        assert state["prefs"] == want
        assert [s["player"] for s in state["seats"]] == ["human", "bot:normal"]
        link.click()
        page.wait_for_url("**/play/**")
        page.wait_for_selector("#board[data-n]")
        page.click("#prefs-open")
        assert page.locator("#pref-stop-my_end").is_checked()
        assert not page.locator("#pref-stop-their_card").is_checked()
        assert not page.locator("#pref-auto-same").is_checked()
        assert not page.locator("#pref-auto-order").is_checked()
        assert page.locator("#pref-auto-pass").is_checked()
        w.check_clean()
    finally:
        w.close()


def test_the_lobby_remembers_the_play_settings_for_the_next_game(server, browser):
    """Settings chosen for one game are offered again (this device), and Defaults restores the usual."""
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#lobby-pref-stop-attacked", state="attached")
        page.click("#start-prefs > summary")
        page.click("label[for=lobby-pref-auto-pass]")
        assert page.locator("#lobby-pref-stop-attacked").is_disabled()     # no stops without auto-pass
        page.click("#create-game")
        page.locator("a.seat-link").wait_for()
        page.reload()
        page.wait_for_selector("#lobby-pref-stop-attacked", state="attached")
        assert not page.locator("#lobby-pref-auto-pass").is_checked()
        assert "auto-pass off" in page.inner_text("#start-prefs-summary")
        page.click("#start-prefs > summary")
        page.click("#lobby-prefs-defaults")
        assert page.locator("#lobby-pref-auto-pass").is_checked()
        assert "(the usual ones)" in page.inner_text("#start-prefs-summary")
        w.check_clean()
    finally:
        w.close()
