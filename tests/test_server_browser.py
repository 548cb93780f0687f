"""The web client in a real browser (issue 11, point 6): Debian's ``chromium`` driven by
Playwright against ``metatcg serve`` run as its own process.

- (a person's whole game of every game, clicked on the board: tests/test_board_browser.py)
- the lobby creates a game and its seat link opens a board that takes an action;
- two people play MetaX against each other in two browser contexts: neither page (its DOM or any
  WebSocket frame it received) ever holds a card of the other's hand;
- the server is killed with SIGKILL mid-game and started again: the page says it reconnects,
  resumes by itself at the same state and play goes on;
- the replay viewer steps forward and back, showing each step's log as the API gives it;
- a spectator's page shows the board, no actions and no hand;
- the seat's preferences panel shows and changes its preferences (issue 29).
"""
from __future__ import annotations

import html
import json
import random
import re
import time


from support.browser import browser_fixture, server_fixture
from support.browser import (OVER_OR_MINE, api_get, api_post, artifacts, board_n, choose, enabled_actions, log_lines,
                             need_browser, open_page, take, wait_n, wait_past)
from support.servers import ServerProcess

sync_api = need_browser()


server = server_fixture("browser")
browser = browser_fixture()


def new_game(server: ServerProcess, game: str, seats: list[str], seed: int, **extra) -> dict:
    return api_post(server.url, "/api/games", {"game": game, "seats": seats, "seed": seed, **extra}, status=201)


def seat_state(server: ServerProcess, gid: str, token: str) -> dict:
    return api_get(server.url, f"/api/games/{gid}", token=token)


def play_until_human(server: ServerProcess, gid: str, tokens: dict[int, str], rng: random.Random,
                     actions: int) -> dict:
    """Take up to ``actions`` random actions over HTTP for the human seats (bots move on the server)."""
    s = None
    for _ in range(actions):
        end = time.time() + 30
        while True:
            s = seat_state(server, gid, next(iter(tokens.values())))
            if s["over"] or s["deciding"] in tokens or time.time() > end:
                break
            time.sleep(0.02)
        if s["over"]:
            break
        me = seat_state(server, gid, tokens[s["deciding"]])
        api_post(server.url, f"/api/games/{gid}/actions",
                 {"token": tokens[me["seat"]], "action": choose(rng, [a["id"] for a in me["legal_actions"]]),
                  "n": me["n"]})
    return s


# ------------------------------------------------------------------------------------------ 1. whole games
# A person's whole game of each game, played on the board at 1280×800 and 390×844 with the
# layout checked, is in tests/test_board_browser.py.


# ------------------------------------------------------------------------------------------ 2. lobby
def test_the_lobby_creates_a_game_and_its_link_opens_a_board_that_plays(server, browser):
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option[value='metazoo']", state="attached")
        page.select_option("#game-select", "metazoo")
        page.wait_for_selector("#seats .seat-row[data-seat='1']")
        rows = page.locator("#seats .seat-row")
        assert rows.count() == 2
        rows.nth(0).locator(".player-select").select_option("human")
        rows.nth(1).locator(".player-select").select_option("bot:easy")       # "Easy bot": random moves
        page.click("#advanced > summary")                                    # the seed is under "Advanced"
        page.fill("#seed", "4")
        page.click("#create-game")
        link = page.locator("a.seat-link")
        link.wait_for()
        assert link.count() == 1 and "/play/" in (link.get_attribute("href") or "")
        link.click()
        page.wait_for_url("**/play/**")
        page.wait_for_selector("#board.game-metazoo[data-n]")
        page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])')")
        n = board_n(page)
        take(page, enabled_actions(page)[0], via_card=False)
        wait_past(page, n)
        assert page.inner_text("#seats-bar").count("Easy bot") == 1          # the name a person reads
        assert "bot:easy" not in page.inner_text("#seats-bar")
        w.check_clean()
    finally:
        w.close()


# ------------------------------------------------------------------------------------------ 3. secrets
def _hand(view: dict, p: int) -> list[dict]:
    return view["players"][p]["hand"] or []


def _no_word(word: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])", text) is None


def _frames_text(frames: list[str]) -> str:
    out = []
    for f in frames:
        try:
            out.append(json.dumps(json.loads(f), ensure_ascii=False))
        except ValueError:
            out.append(f)
    return "\n".join(out)


def test_two_people_never_see_each_others_hand(server, browser):
    made = new_game(server, "metax", ["human", "human"], 21)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    pages = [open_page(browser), open_page(browser)]
    rng = random.Random(21)
    try:
        for p, w in enumerate(pages):
            w.page.goto(server.url + made["seats"][p]["url"])
        seen = [0, 0]                            # frames of each page already checked
        checked_cards = 0
        for _ in range(200):
            states = [seat_state(server, gid, t) for t in tokens]
            n = states[0]["n"]
            for w in pages:
                wait_n(w.page, n)
            for p in (0, 1):
                q = 1 - p
                other = pages[q]
                dom = html.unescape(other.page.content())
                own_json = json.dumps(states[q], ensure_ascii=False)
                # every state is checked, so the frames before were checked while the cards now in
                # a hand were there already, or elsewhere (then public): the new frames are enough
                recent = _frames_text(other.frames[seen[q]:])
                seen[q] = len(other.frames)
                assert recent, f"P{q + 1}'s page got no frame for n={n}"
                for c in _hand(states[p]["view"], p):
                    assert _no_word(c["id"], dom), f"P{q + 1}'s page shows {c['id']} of P{p + 1}'s hand (n={n})"
                    assert _no_word(c["id"], recent), f"P{q + 1} received {c['id']} of P{p + 1}'s hand (n={n})"
                    if c["name"] not in own_json:
                        assert c["name"] not in dom, f"P{q + 1}'s page names {c['name']} in P{p + 1}'s hand"
                        assert c["name"] not in recent, f"P{q + 1} received {c['name']} in P{p + 1}'s hand"
                    checked_cards += 1
                for c in _hand(states[q]["view"], q):    # the checks can see a card: its own hand is there
                    assert not _no_word(c["id"], dom) and not _no_word(c["id"], recent), c
            s = states[0]
            if s["over"]:
                break
            if n >= 36:                          # long enough: the one deciding concedes
                loser = s["deciding"]
                pages[loser].page.once("dialog", lambda d: d.accept())
                pages[loser].page.click("#concede")
                for p, w in enumerate(pages):
                    w.page.wait_for_selector("#game-over:not([hidden])")
                    assert w.page.inner_text("#result-text") == ("You lost" if p == loser else "You won")
                break
            page = pages[s["deciding"]].page
            page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])')")
            take(page, choose(rng, enabled_actions(page)), via_card=rng.random() < 0.3)
            wait_past(page, n)
        final = seat_state(server, gid, tokens[0])
        assert final["over"] and checked_cards > 100
        for p, w in enumerate(pages):
            wait_n(w.page, final["n"])
            assert log_lines(w.page) == seat_state(server, gid, tokens[p])["log"]
            assert any('"type": "state"' in f or '"type":"state"' in f for f in w.frames)
            w.check_clean()
    finally:
        for w in pages:
            w.close()


# ------------------------------------------------------------------------------------------ 4. kill -9
def test_the_page_resumes_by_itself_after_the_server_is_killed(browser, tmp_path):
    srv = ServerProcess(f"sqlite:///{tmp_path / 'killed.db'}").start()
    w = open_page(browser)
    page = w.page
    rng = random.Random(5)
    try:
        made = new_game(srv, "metax", ["human", "bot:greedy"], 5)
        gid, token = made["id"], made["seats"][0]["token"]
        page.goto(srv.url + made["seats"][0]["url"])
        for _ in range(4):
            page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])')")
            n = board_n(page)
            take(page, choose(rng, enabled_actions(page)), via_card=False)
            wait_past(page, n)
        page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])')")
        before_n, before_log = board_n(page), log_lines(page)
        assert page.is_hidden("#banner")
        srv.kill()
        page.wait_for_selector("#banner", state="visible", timeout=10_000)
        assert "reconnecting" in page.inner_text("#banner").lower()
        srv.start()
        page.wait_for_selector("#banner", state="hidden", timeout=30_000)
        wait_n(page, before_n)
        assert log_lines(page) == before_log
        for _ in range(3):
            page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])')",
                                   timeout=30_000)
            n = board_n(page)
            take(page, choose(rng, enabled_actions(page)), via_card=False)
            wait_past(page, n, timeout=30_000)
        page.wait_for_function("() => document.querySelector('#actions button[data-action-id]:not([disabled])') "
                               "|| document.querySelector('#board').dataset.over === '1'", timeout=30_000)
        s = seat_state(srv, gid, token)
        wait_n(page, s["n"])
        assert s["n"] > before_n + 2
        assert log_lines(page) == s["log"]
        # the socket (or the HTTP polls) failing while the server was down are the only errors
        w.check_clean(allow=(r"WebSocket connection to .* failed", r"Failed to load resource", r"ERR_CONNECTION"))
    finally:
        w.close()
        srv.stop()


# ------------------------------------------------------------------------------------------ 5. replay
def test_the_replay_viewer_steps_through_a_finished_game(server, browser):
    made = new_game(server, "metax", ["human", "bot:random"], 8)
    gid, token = made["id"], made["seats"][0]["token"]
    s = play_until_human(server, gid, {0: token}, random.Random(8), 300)
    assert s["over"]
    total = s["n"]
    w = open_page(browser)
    page = w.page
    boards: dict[int, str] = {}
    logs: dict[int, list[str]] = {}

    def at(k: int) -> None:
        page.wait_for_function("t => document.querySelector('#replay-step').textContent === t", arg=f"{k} / {total}")
        wait_n(page, k)
        want = api_get(server.url, f"/api/games/{gid}/replay/{k}", token=token)
        assert want["n"] == k and want["steps"] == total
        assert log_lines(page) == want["log"], f"the log at step {k}"
        boards[k] = page.inner_html("#board")
        logs[k] = want["log"]

    try:
        page.goto(server.url + f"/replay/{gid}?token={token}")
        page.wait_for_selector("#replay-bar:not([hidden])")
        at(0)
        assert page.is_disabled("#replay-back") and page.is_disabled("#replay-first")
        assert not enabled_actions(page) and page.is_hidden("#game-over")
        page.click("#replay-forward")
        at(1)
        page.click("#replay-forward")
        at(2)
        page.click("#replay-back")
        at(1)
        assert boards[1] == page.inner_html("#board")
        page.click("#replay-last")
        at(total)
        assert page.is_disabled("#replay-forward") and page.is_disabled("#replay-last")
        assert page.inner_text("#turn") == "Game over"
        page.click("#replay-back")
        at(total - 1)
        page.click("#replay-first")
        at(0)
        assert boards[0] != boards[total] and len(logs[0]) < len(logs[1]) <= len(logs[2]) < len(logs[total])
        assert boards[0] == page.inner_html("#board")
        page.screenshot(path=str(artifacts() / "replay-metax.png"), full_page=True)
        w.check_clean()
    finally:
        w.close()


# ------------------------------------------------------------------------------------------ 6. spectator
def test_a_spectator_sees_the_board_but_no_hand_and_no_actions(server, browser):
    made = new_game(server, "metax", ["human", "human"], 13)
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rng = random.Random(13)
    play_until_human(server, gid, tokens, rng, 12)
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + f"/watch/{gid}")
        for step in range(3):
            public = api_get(server.url, f"/api/games/{gid}/spectate")
            wait_n(page, public["n"])
            assert page.locator("#board [data-card-id]").count() > 0, "the board shows cards"
            assert page.locator("#actions button").count() == 0 and page.is_hidden("#concede")
            assert "watching" in page.inner_text("#game-title")
            dom = html.unescape(page.content())
            frames = _frames_text(w.frames)
            public_json = json.dumps(public, ensure_ascii=False)
            for p, t in tokens.items():
                for c in _hand(seat_state(server, gid, t)["view"], p):
                    assert _no_word(c["id"], dom) and _no_word(c["id"], frames), f"{c['id']} of P{p + 1}'s hand"
                    if c["name"] not in public_json:
                        assert c["name"] not in dom and c["name"] not in frames, c["name"]
            if step < 2:        # the page follows the game live
                play_until_human(server, gid, tokens, rng, 2)
        page.screenshot(path=str(artifacts() / "watch-metax.png"), full_page=True)
        w.check_clean()
    finally:
        w.close()


def test_a_response_window_reads_as_waiting_for_responses_to_the_seats_not_asked(server, browser):
    """Two people play MetaZoo 2022 (fair windows on by default). In a response window the seat
    asked reads its prompt; the other seat's board and a spectator's say "Waiting for
    responses…", naming nobody (docs/kernel.md, "Hidden decisions")."""
    made = new_game(server, "metazoo-2022", ["human", "human"], 21)
    gid = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rng = random.Random(21)
    asked = None
    for _ in range(400):
        frames = {p: seat_state(server, gid, t) for p, t in tokens.items()}
        p = next(q for q, f in frames.items() if f["deciding"] == q)
        if frames[p]["view"]["deciding"]["kind"] == "__respond" and frames[p]["n"] > 6:
            asked = p
            break
        ids = [a["id"] for a in frames[p]["legal_actions"]]
        api_post(server.url, f"/api/games/{gid}/actions",
                 {"token": tokens[p], "action": choose(rng, ids), "n": frames[p]["n"]})
    assert asked is not None, "no response window met"
    other = 1 - asked
    assert frames[other]["deciding"] is None and frames[other]["view"]["window"]["seat"] is None
    w = open_page(browser)
    page = w.page
    try:
        for url in (f"/play/{gid}?token={tokens[other]}", f"/watch/{gid}"):
            page.goto(server.url + url)
            wait_n(page, frames[asked]["n"])
            assert page.inner_text("#turn").startswith("Waiting for responses"), page.inner_text("#turn")
            assert f"P{asked + 1}" not in page.inner_text("#turn") and page.locator("#actions button").count() == 0
        page.goto(server.url + f"/play/{gid}?token={tokens[asked]}")
        wait_n(page, frames[asked]["n"])
        assert page.inner_text("#turn") == "Your decision" and "pass" in enabled_actions(page)
        w.check_clean()
    finally:
        w.close()


def test_the_preferences_panel_shows_and_changes_the_seats_prefs(server, browser):
    """The gear opens the seat's preferences (issue 29): the saved ones are shown with the
    moments in a player's words; changed by mouse and keyboard and saved, the server holds them,
    a phone shows them, and what the table then answers for the seat is listed beside its log.
    A spectator has no gear. Screenshots of the open panel at 1280×800 and 390×844."""
    made = new_game(server, "metabaloids", ["human", "bot:greedy", "bot:greedy"], 3,
                    settings={"fair_windows": True})
    gid, url, token = made["id"], made["seats"][0]["url"], made["seats"][0]["token"]
    moments = api_get(server.url, "/api/meta")["prefs"]["moments"]
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + url)
        page.wait_for_selector("#board[data-n]")
        page.click("#prefs-open")
        dialog = page.locator("#prefs-dialog")
        assert dialog.is_visible() and page.evaluate("() => document.activeElement.id") == "pref-auto-pass"
        saved = "Saved: auto-pass on, 4 stops; auto-same on; auto-pay on; auto-order on."
        assert saved in page.inner_text("#prefs-saved")
        for m in moments:                      # every moment, labelled in the words of ui.prefs.MOMENTS
            box = page.locator(f"#pref-stop-{m['name']}")
            assert page.inner_text(f"label[for=pref-stop-{m['name']}]").lower() == m["text"].lower()
            assert box.is_checked() == (m["name"] in ("attacked", "attacking", "their_card", "their_end"))
        page.click("label[for=pref-stop-their_card]")                  # by mouse: off
        page.focus("#pref-stop-my_end")
        page.keyboard.press("Space")                                      # by keyboard: on
        page.click("label[for=pref-auto-same]")
        page.click("label[for=pref-auto-pay]")
        assert page.inner_text("#prefs-status") == "Changed: Save to keep it."
        page.screenshot(path=str(artifacts() / "prefs-panel-desktop.png"))
        page.click("#prefs-save")
        page.wait_for_function("() => document.querySelector('#prefs-status').textContent === 'Saved.'")
        want = {"auto_pass": True, "stops": ["attacked", "attacking", "my_end", "their_end"], "auto_same": False,
                "auto_pay": False, "auto_order": True}
        assert api_get(server.url, f"/api/games/{gid}", token=token)["prefs"] == want
        saved = "Saved: auto-pass on, 4 stops; auto-same off; auto-pay off; auto-order on."
        assert saved in page.inner_text("#prefs-saved")
        page.keyboard.press("Escape")
        assert not dialog.is_visible() and page.evaluate("() => document.activeElement.id") == "prefs-open"
        phone = open_page(browser, phone=True)
        try:
            phone.page.goto(server.url + url)
            phone.page.wait_for_selector("#board[data-n]")
            phone.page.click("#prefs-open")
            assert phone.page.locator("#pref-stop-my_end").is_checked()
            assert not phone.page.locator("#pref-stop-their_card").is_checked()
            assert not phone.page.locator("#pref-auto-same").is_checked()
            assert not phone.page.locator("#pref-auto-pay").is_checked()
            phone.page.screenshot(path=str(artifacts() / "prefs-panel-phone.png"))
            phone.check_clean()
        finally:
            phone.close()
        rng = random.Random(4)                # play on: windows at the starts of steps pass by themselves
        for _ in range(40):
            if page.locator("#auto-notes:not([hidden])").count():
                break
            what = page.wait_for_function(OVER_OR_MINE, timeout=30_000).json_value()
            if what == "over":
                break
            n = board_n(page)
            take(page, choose(rng, enabled_actions(page), avoid=("move",)), False)
            wait_past(page, n)
        notes = page.inner_text("#auto-notes")
        assert "Answered for you" in notes and "auto: passed — " in notes, notes
        page.screenshot(path=str(artifacts() / "prefs-auto-notes-desktop.png"))
        page.goto(server.url + f"/watch/{gid}")
        page.wait_for_selector("#board[data-n]")
        assert page.locator("#prefs-open").is_hidden() and page.locator("#auto-notes").is_hidden()
        w.check_clean()
    finally:
        w.close()
