"""The board page played the way a person plays it (issue 30): Debian's ``chromium`` driven by
Playwright against ``metatcg serve`` run as its own process.

- a whole game of each game is played by clicking ON THE BOARD (the cards, lanes, columns,
  Arenas and Casters an option names, and the menu at a card), at 1280×800 and at 390×844;
  options the board cannot show are clicked in the bar, which never shows more than 8 buttons;
- at a mid-game state and at the end, at 1280×800 and 1920×1080, the turn indicator, the
  prompt, the hand and the action bar are inside the window, uncovered and not overlapping,
  the page itself does not scroll and no two panels of the board overlap;
- on a phone the hand stays in view, the action sheet takes at most half the screen and folds
  away;
- each other seat's last move is summarised above the board;
- the log folds repeated lines and filters by seat.
Screenshots of every game at each size go to the artifacts (the 1280×800 mid-game ones are
docs/img/board-<game>.png).
"""
from __future__ import annotations

import random
import re
import time

import pytest

from support.browser import browser_fixture, server_fixture
from support.browser import (OVER_OR_MINE, api_get, api_post, artifacts, board_n, choose, click_on_board,
                             enabled_actions, expected_result, log_lines, need_browser, on_board, open_page,
                             take, wait_n, wait_past)

sync_api = need_browser()

WIDE = {"width": 1920, "height": 1080}


server = server_fixture("board")
browser = browser_fixture()


# The bots' seeds are secret and random, so a game's length varies: these opponents end games
# in few clicks (see tests/test_server_browser.py).
GAMES = [
    ("metax", ["human", "bot:random"], 1, ()),
    ("metabaloids", ["human", "bot:greedy", "bot:greedy"], 3, ("move",)),
    ("metazoo", ["human", "bot:greedy"], 1, ()),
    ("metazoo-2022", ["human", "bot:greedy", "bot:greedy"], 1, ()),
]

# the key regions of the page: always in the window, uncovered, never overlapping each other
LAYOUT = """(wantHand) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const problems = [];
  const regions = {topbar: '#topbar', turn: '#turn', prompt: '#prompt', hand: '#board .hand-dock',
                   bar: '#actionbar'};
  const boxes = {};
  for (const [k, sel] of Object.entries(regions)) {
    const el = document.querySelector(sel);
    if (!el || el.hidden || !el.getClientRects().length) {
      if (k !== 'hand' || wantHand) problems.push(`${k} is not shown`);
      continue;
    }
    const r = el.getBoundingClientRect();
    boxes[k] = r;
    if (r.width < 20 || r.height < 10) problems.push(`${k} is ${r.width}x${r.height}`);
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`${k} [${r.left},${r.top},${r.right},${r.bottom}] is outside the ${vw}x${vh} window`);
    }
    const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2], [r.left + 3, r.top + 3],
                    [r.right - 3, r.bottom - 3]];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !el.contains(hit)) {
        const by = hit ? hit.id || hit.className : 'nothing';
        problems.push(`${k} is covered at ${Math.round(x)},${Math.round(y)} by ${by}`);
      }
    }
  }
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const names = Object.keys(boxes);
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    const [a, b] = [names[i], names[j]];
    if ((a === 'prompt' && b === 'bar') || (a === 'bar' && b === 'prompt')) continue;  // the bar holds the prompt
    if (over(boxes[a], boxes[b])) problems.push(`${a} and ${b} overlap`);
  }
  // the hand's cards are whole inside the dock (none under the bar)
  const dock = boxes.hand;
  for (const c of document.querySelectorAll('#board .hand-dock .card')) {
    const r = c.getBoundingClientRect();
    if (dock && (r.top < dock.top - 1 || r.bottom > dock.bottom + 1)) {
      problems.push('a hand card is cut by the dock');
      break;
    }
  }
  const doc = document.scrollingElement;
  if (doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1) {
    problems.push(`the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  }
  // the board's panels never overlap each other (a stray label over a panel, a zone under another)
  const tops = Array.from(document.querySelectorAll('#board .board-scroll .panel, #board .board-scroll .battle-zone'))
    .filter((el) => el.getClientRects().length && !el.parentElement.closest('.panel, .battle-zone'));
  for (let i = 0; i < tops.length; i++) for (let j = i + 1; j < tops.length; j++) {
    const [a, b] = [tops[i].getBoundingClientRect(), tops[j].getBoundingClientRect()];
    if (over(a, b)) problems.push(`board panels overlap: ${tops[i].className} / ${tops[j].className}`);
  }
  return problems;
}"""

VISIBLE_BUTTONS = """() => Array.from(document.querySelectorAll('#actions button'))
  .filter((b) => !b.hidden && b.getClientRects().length).length"""


def check_layout(page, what: str, hand: bool = True) -> None:
    problems = page.evaluate(LAYOUT, hand)
    assert not problems, f"{what}: {problems}"


def same_seat_at(browser, url: str, n: int, viewport: dict | None, phone: bool = False):
    """The same seat opened in another page (another window size) at the same state."""
    w = open_page(browser, phone=phone)
    if viewport:
        w.page.set_viewport_size(viewport)
    w.page.goto(url)
    wait_n(w.page, n)
    return w


CARDLESS_POINT = """() => {
  for (const [x, y] of [[640, 2], [2, 2], [1278, 2], [2, 400], [1278, 400], [640, 798]]) {
    const el = document.elementFromPoint(x, y);
    if (!el || !el.closest("[data-card-id], [data-ref], #card-text")) return [x, y];
  }
  return [0, 0];
}"""


def clear_the_view(page) -> None:
    """Close any pinned card menu and rest the mouse where no card is (the page may have
    scrolled a card under the top edge), so a screenshot shows the board alone."""
    page.keyboard.press("Escape")
    x, y = page.evaluate(CARDLESS_POINT)
    page.mouse.move(x, y)
    page.wait_for_selector("#card-text", state="hidden")


def play_on_the_board(page, rng: random.Random, avoid: tuple[str, ...], on_step=None,
                      max_clicks: int = 400, stop_after: int | None = None) -> dict:
    """Play to the end (or ``stop_after`` decisions): an option the board offers is made by
    clicking the board (and must be), half the time chosen among those; the rest in the bar.
    Counts how each was made."""
    clicks = {"board": 0, "bar": 0}
    for i in range(max_clicks):
        what = page.wait_for_function(OVER_OR_MINE, timeout=30_000).json_value()
        if what == "over" or i == stop_after:
            return clicks
        if on_step:
            on_step(i)
        shown = page.evaluate(VISIBLE_BUTTONS)
        assert shown <= 8, f"the bar shows {shown} buttons"
        n = board_n(page)
        ids, board = enabled_actions(page), on_board(page)
        pool = board if board and rng.random() < 0.5 else ids
        aid = choose(rng, pool, keen=0.9 if pool is board else 0.85, avoid=avoid)
        if aid in board:
            if not click_on_board(page, aid):
                page.screenshot(path=str(artifacts() / "board-failed-pick.png"))
                why = page.evaluate("() => ({sel: window.__metatcg.board.sel,"
                                    " pop: document.querySelector('#card-text').innerText,"
                                    " hidden: document.querySelector('#card-text').hidden})")
                raise AssertionError(f"{aid} is on the board but clicking it did not make it: {why}; board {board}")
            clicks["board"] += 1
        else:
            take(page, aid, via_card=False)
            clicks["bar"] += 1
        try:
            wait_past(page, n)
        except Exception as e:
            raise AssertionError(f"click {i} on {aid!r} at n={n} was not acknowledged: "
                                 f"turn {page.inner_text('#turn')!r}, toasts {page.inner_text('#toasts')!r}") from e
    raise AssertionError(f"the game did not end in {max_clicks} clicks")


def finish(server, page, made: dict, seat_state) -> dict:
    page.wait_for_selector("#game-over:not([hidden]) #result-text")
    final = seat_state(made["id"], made["seats"][0]["token"])
    assert final["over"] and board_n(page) == final["n"]
    assert log_lines(page) == final["log"]
    assert re.fullmatch(expected_result(final["result"]["returns"], 0), page.inner_text("#result-text"))
    assert not enabled_actions(page) and page.is_hidden("#concede")
    return final


@pytest.fixture
def seat_state(server):
    return lambda gid, token: api_get(server.url, f"/api/games/{gid}", token=token)


def new_game(server, game, seats, seed):
    return api_post(server.url, "/api/games", {"game": game, "seats": seats, "seed": seed}, status=201)


def check_the_log(page, log: list[str]) -> None:
    """Runs of equal lines show once with their count; the filter keeps one seat's lines."""
    runs: list[list] = []
    for line in log:
        if runs and runs[-1][0] == line:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    shown = page.evaluate("() => Array.from(document.querySelectorAll('#log .log-line'))"
                          ".filter(e => e.getClientRects().length).map(e => [e.textContent, e.dataset.times || ''])")
    assert shown == [[line, f"×{k}" if k > 1 else ""] for line, k in runs]
    page.select_option("#log-filter", "P2")
    kept = page.evaluate("() => Array.from(document.querySelectorAll('#log .log-line'))"
                         ".filter(e => e.getClientRects().length && !e.classList.contains('sep'))"
                         ".map(e => e.textContent)")
    assert kept and all(re.search(r"(?<![A-Za-z0-9])P2(?![0-9])", line) for line in kept), kept[:5]
    assert len(kept) == len({i for i, (line, _) in enumerate(runs)
                             if re.search(r"(?<![A-Za-z0-9])P2(?![0-9])", line) and not re.match(r"[—–-]{1,2} ", line)})
    page.select_option("#log-filter", "")


@pytest.mark.parametrize("game, seats, seed, avoid", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_on_the_board_at_1280x800_with_the_layout_checked(server, browser, seat_state, game, seats, seed,
                                                                      avoid):
    made = new_game(server, game, seats, seed)
    url = server.url + made["seats"][0]["url"]
    shots = artifacts()
    w = open_page(browser)
    page = w.page
    started = time.time()
    seen = {"layout": 0, "recent": ""}
    try:
        page.goto(url)
        page.wait_for_selector("#board[data-n]")

        def mid_game(i: int) -> None:
            if i != 12:
                return
            check_layout(page, f"{game} 1280x800 mid-game")
            clear_the_view(page)                 # no card's hover text over the picture
            page.screenshot(path=str(shots / f"board-{game}-1280-mid.png"))
            wide = same_seat_at(browser, url, board_n(page), WIDE)
            try:
                check_layout(wide.page, f"{game} 1920x1080 mid-game")
                wide.page.screenshot(path=str(shots / f"board-{game}-1920-mid.png"))
                wide.check_clean()
            finally:
                wide.close()
            seen["layout"] += 1
            seen["recent"] = page.inner_text("#last-moves")

        clicks = play_on_the_board(page, random.Random(seed), avoid, on_step=mid_game)
        final = finish(server, page, made, seat_state)
        page.screenshot(path=str(shots / f"board-{game}-1280-over.png"))
        page.click("#close-over")                   # the board at the end, the result in the prompt
        check_layout(page, f"{game} 1280x800 at the end", hand=False)
        assert page.inner_text("#prompt") == (final["result"].get("reason") or "The game is over.")
        page.screenshot(path=str(shots / f"board-{game}-1280-end.png"))
        check_the_log(page, final["log"])
        wide = same_seat_at(browser, url, final["n"], WIDE)
        try:
            wide.page.click("#close-over")
            check_layout(wide.page, f"{game} 1920x1080 at the end", hand=False)
            wide.page.screenshot(path=str(shots / f"board-{game}-1920-end.png"))
            wide.check_clean()
        finally:
            wide.close()
        assert clicks["board"] >= 4 and clicks["board"] * 4 >= clicks["bar"], clicks
        if seen["layout"]:
            # each other seat's last move is summarised by its name ("P2 plays …")
            assert re.search(r"^P[2-4] \S", seen["recent"], re.M), seen["recent"]
        w.check_clean()
    finally:
        w.close()
    print(f"{game} at 1280x800: {clicks}, {final['n']} actions, {time.time() - started:.1f} s")


@pytest.mark.parametrize("game, seats, seed, avoid", GAMES, ids=[g[0] for g in GAMES])
def test_thirty_decisions_and_the_end_on_a_phone(server, browser, seat_state, game, seats, seed, avoid):
    made = new_game(server, game, seats, seed + 10)
    url = server.url + made["seats"][0]["url"]
    w = open_page(browser, phone=True)
    page = w.page
    started = time.time()
    try:
        page.goto(url)
        page.wait_for_selector("#board[data-n]")

        def phone_checks(i: int) -> None:
            if i != 8:
                return
            check_layout(page, f"{game} 390x844 mid-game")
            bar = page.locator("#actionbar").bounding_box()
            assert bar["height"] <= 844 / 2, f"the action sheet is {bar['height']} px tall"
            page.screenshot(path=str(artifacts() / f"board-{game}-390-mid.png"))
            page.click("#bar-toggle")                           # the sheet folds away and back
            folded = page.locator("#actionbar").bounding_box()
            assert folded["height"] < bar["height"] and page.is_hidden("#actions")
            assert page.locator("#prompt").is_visible()
            page.click("#bar-toggle")
            assert page.is_visible("#actions")

        # the whole game by clicks is the 1280x800 test's; here the phone layout mid-game and,
        # after a concession, at the end
        clicks = play_on_the_board(page, random.Random(seed), avoid, on_step=phone_checks, stop_after=30)
        if not page.is_visible("#game-over"):
            page.once("dialog", lambda d: d.accept())
            page.click("#concede")
        finish(server, page, made, seat_state)
        page.click("#close-over")
        check_layout(page, f"{game} 390x844 at the end", hand=False)
        page.screenshot(path=str(artifacts() / f"board-{game}-390-end.png"))
        assert clicks["board"] >= 4, clicks
        w.check_clean()
    finally:
        w.close()
    print(f"{game} at 390x844: {clicks}, {time.time() - started:.1f} s")


def test_a_card_dragged_onto_a_lane_is_played_there(server, browser, seat_state):
    """MetaZoo: drag a card from the hand onto a lit lane; it is played to that lane."""
    made = new_game(server, "metazoo", ["human", "bot:greedy"], 5)
    w = open_page(browser)
    page = w.page
    rng = random.Random(5)
    try:
        page.goto(server.url + made["seats"][0]["url"])
        page.wait_for_selector("#board[data-n]")
        for _ in range(60):
            assert page.wait_for_function(OVER_OR_MINE, timeout=30_000).json_value() == "mine"
            n = board_n(page)
            plays = [a for a in on_board(page) if re.fullmatch(r"play:c\d+@lane\d", a)]
            if plays:
                break
            take(page, choose(rng, enabled_actions(page)), via_card=True)
            wait_past(page, n)
        else:
            raise AssertionError("no card to play to a lane")
        aid = rng.choice(plays)
        card, lane = re.fullmatch(r"play:(c\d+)@(lane\d)", aid).groups()
        name = page.get_attribute(f'#board [data-card-id="{card}"]', "data-card-name")
        page.drag_and_drop(f'#board .hand-dock [data-card-id="{card}"]', f'#board [data-ref="{lane}"]',
                           target_position={"x": 12, "y": 9})
        wait_past(page, n)
        log = seat_state(made["id"], made["seats"][0]["token"])["log"]
        assert f"P1 plays {name} to lane {lane[4:]}" in "\n".join(log)
        # what changed since the last decision flashes briefly, and not at all for a player who
        # asks for reduced motion
        page.wait_for_function(OVER_OR_MINE, timeout=30_000)
        played = f'#board [data-ref="{lane}"] [data-card-id="{card}"]'
        assert "changed" in (page.get_attribute(played, "class") or "")
        motion = f"() => getComputedStyle(document.querySelector('{played}')).animationName"
        assert page.evaluate(motion) == "changed"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(motion) == "none"
        w.check_clean()
    finally:
        w.close()


def _reach_a_payment(server, seed: int):
    """A MetaZoo game whose person plays a card whenever one can be (over HTTP, quickly) until
    paying a cost asks for two Auras or more: the game and the state, or None if it ended first."""
    made = new_game(server, "metazoo", ["human", "bot:greedy"], seed)
    gid, token = made["id"], made["seats"][0]["token"]
    rng = random.Random(seed)
    for _ in range(300):
        end = time.time() + 20
        s = api_get(server.url, f"/api/games/{gid}", token=token)
        while not s["over"] and s["deciding"] != 0 and time.time() < end:
            time.sleep(0.02)
            s = api_get(server.url, f"/api/games/{gid}", token=token)
        if s["over"]:
            return None
        ids = [a["id"] for a in s["legal_actions"]]
        more = re.search(r"\((\d+) more\)", s["view"]["deciding"].get("prompt") or "")
        if s["view"]["deciding"]["kind"] == "pay" and len(ids) >= 2 and more and int(more.group(1)) >= 2:
            return made, s
        plays = [a for a in ids if a.startswith("play:")]
        api_post(server.url, f"/api/games/{gid}/actions",
                 {"token": token, "action": rng.choice(plays) if plays else choose(rng, ids), "n": s["n"]})
    return None


def test_a_payment_is_chosen_on_the_board_with_a_running_count_and_confirmed(server, browser):
    """MetaZoo: paying a cost taps Auras one decision at a time; on the board the Auras are
    chosen together (each marked, the bar counting them) and Confirm sends them in turn."""
    found = None
    for seed in range(7, 17):
        found = _reach_a_payment(server, seed)
        if found:
            break
    assert found, "no payment of two Auras met in ten games"
    made, state = found
    n, pays = state["n"], [a["id"] for a in state["legal_actions"]]
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + made["seats"][0]["url"])
        wait_n(page, n)
        two = [aid[4:] for aid in pays[:2]]
        tile = lambda c: page.locator(f'#board [data-card-id="{c}"]').first  # noqa: E731
        for c in two:
            tile(c).click(position={"x": 12, "y": 9})
        assert board_n(page) == n, "choosing sends nothing yet"
        assert page.inner_text(".chosen-chip").startswith("2 chosen")
        assert page.locator("#board .card.chosen").count() == 2
        tile(two[1]).click(position={"x": 12, "y": 9})
        assert page.inner_text(".chosen-chip").startswith("1 chosen")      # a second click un-chooses
        tile(two[1]).click(position={"x": 12, "y": 9})
        page.click("#multi-confirm")
        wait_past(page, n + 1)                   # both sent, one after the other
        for c in two:
            assert "tapped" in (tile(c).get_attribute("class") or ""), f"{c} was not tapped"
        w.check_clean()
    finally:
        w.close()


PICK_RULES = """async () => {
  const pick = await import('/static/js/pick.js');
  const lane = (aid) => { const m = /(?:^|[^a-z])lane:?(\\d+)/.exec(aid); return m ? ['lane' + m[1]] : []; };
  const ids = (xs) => xs.map((id) => ({id, label: id}));
  const zoo = pick.indexActions(ids(['play:c1@lane1', 'play:c1@lane2', 'play:c2@lane1', 'declare:lane1', 'pass']),
                                lane);
  const pays = pick.indexActions(ids(['pay:c5', 'pay:c6', 'done']));
  const take = (r) => r.take;
  return {
    keys: ['attack:c50/c63', 'at:P2', 'use:c101.0', 'defend:c11->c50', 'slide:c58>c17', 'priority:first']
      .map((a) => pick.keysOf(a)).concat([pick.keysOf('play:c86@lane1', lane)]),
    first: pick.click(zoo, [], 'c1', false),
    second: take(pick.click(zoo, ['c1'], 'lane2', false)),
    laneFirst: pick.click(zoo, [], 'lane1', false).cands.map((e) => e.a.id),
    laneThen: take(pick.click(zoo, ['lane1'], 'c2', false)),
    again: pick.click(zoo, ['c1'], 'c2', false).sel,
    nothing: pick.click(zoo, [], 'c9', false),
    direct: take(pick.click(pays, [], 'c5', true)),
    menu: pick.click(pays, [], 'c5', false).sel,
    open: [...pick.openKeys(pick.narrow(zoo, ['c1']), ['c1'])],
  };
}"""


def test_the_pick_rules(server, browser):
    """js/pick.js on its own: the keys an action names, and what a click on one means."""
    w = open_page(browser)
    try:
        w.page.goto(server.url + "/")
        r = w.page.evaluate(PICK_RULES)
        assert r["keys"] == [["c50", "c63"], ["P2"], ["c101"], ["c11", "c50"], ["c58", "c17"], [], ["c86", "lane1"]]
        assert r["first"]["take"] is None and r["first"]["sel"] == ["c1"] and len(r["first"]["cands"]) == 2
        assert r["second"] == "play:c1@lane2"                   # the card, then its lane
        assert r["laneFirst"] == ["play:c1@lane1", "play:c2@lane1", "declare:lane1"]
        assert r["laneThen"] == "play:c2@lane1"                 # or the lane, then the card
        assert r["again"] == ["c2"]                             # not a target of c1: a new pick from c2
        assert r["nothing"] == {"sel": [], "cands": [], "take": None}
        assert r["direct"] == "pay:c5" and r["menu"] == ["c5"]  # a pick answers at once; a menu waits
        assert sorted(r["open"]) == ["lane1", "lane2"]
        w.check_clean()
    finally:
        w.close()
