"""The guided first game of every game in a real browser (issue 30, point 7): Debian's
``chromium`` driven by Playwright against ``metatcg serve`` run as its own process.

A newcomer opens /learn/<game>, reads the coach panel, clicks what it highlights (on a card and
its menu, or in the action list) until the lesson is complete, and is offered a real game against
the Normal bot. A wrong click is turned away with the step's explanation and changes nothing:
no action is sent and the board stays at the same state. One step of each lesson is saved as a
screenshot in the artifacts.
"""
from __future__ import annotations

import re
import time

import httpx
import pytest

from support.browser import browser_fixture, server_fixture
from support.browser import artifacts, board_n, need_browser, open_page, take, wait_past

from metatcg import tutorial
from metatcg.registry import game_entries

sync_api = need_browser()
# the games metatcg ships (tests may register games of their own)
GAMES = [e.id for e in game_entries() if str(e.module).startswith("metatcg.games.")]

COACH_READY = """() => {
  const c = document.querySelector('#coach');
  const b = document.querySelector('#board');
  return !!(c && c.dataset.step && b && b.dataset.n !== undefined && b.dataset.n !== '');
}"""
# the coach has answered for the state on the board and either wants a click or is done
STEP_READY = """() => {
  const c = document.querySelector('#coach');
  if (!c || !c.dataset.step) return false;
  if (c.classList.contains('finished')) return 'finished';
  const t = document.querySelector('#actions button.coach-target:not([disabled])');
  return t ? t.dataset.actionId : false;
}"""

# the options enabled and in sight in the action list
VISIBLE = """() => Array.from(document.querySelectorAll(
  '#actions button[data-action-id]:not([disabled])'))
  .filter(b => !b.hidden && b.offsetParent).map(b => b.dataset.actionId)"""




def wrong_options(page, server) -> list[str]:
    """The options in sight that the lesson's step does not want, as the server's coach says (not
    by the highlight, which the coach re-applies a frame after each redraw of the action bar)."""
    page.wait_for_selector("#actionbar:not(.waiting)")       # the board takes clicks again
    gid = page.url.split("/play/")[1].split("?")[0]
    token = re.search(r"token=([^&]+)", page.url).group(1)
    info = httpx.get(f"{server.url}/api/tutorials/games/{gid}/coach", params={"token": token}).json()
    assert info["n"] == board_n(page), "the board shows the state the coach speaks of"
    assert info["expect"], info
    return [a for a in page.evaluate(VISIBLE) if a not in info["expect"]]


server = server_fixture("tutorial")
browser = browser_fixture()


@pytest.mark.parametrize("game_id", GAMES)
def test_tutorial_completed_by_clicking(server, browser, game_id):
    lesson = tutorial.load(game_id)
    w = open_page(browser)
    page = w.page
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    try:
        page.goto(f"{server.url}/learn/{game_id}")
        page.wait_for_url(re.compile(rf"/play/[^/?]+\?token=.*&tutorial={re.escape(game_id)}$"))
        page.wait_for_function(COACH_READY)
        assert page.inner_text("#coach-title") == lesson.title
        steps = len(lesson.learner_steps())
        clicks = 0
        wrong_checked = False
        for _ in range(steps + 5):
            what = page.wait_for_function(STEP_READY, timeout=30_000).json_value()
            if what == "finished":
                break
            assert page.inner_text("#coach-count") == f"Step {clicks + 1} of {steps}"
            say = page.inner_text("#coach-say")
            assert lesson.learner_steps()[clicks].say.split()[0] in say
            n = board_n(page)
            if clicks == 1:
                page.screenshot(path=str(artifacts() / f"tutorial-{game_id}-step2.png"))
            # a wrong click on an option in sight (the bar may keep the options made on the board
            # behind "All options": then open the full list, as a person would)
            others = wrong_options(page, server) if not wrong_checked else []
            if not others and not wrong_checked and page.locator("#all-options:visible").count():
                page.click("#all-options")
                others = wrong_options(page, server)
            if others and not wrong_checked:
                before = len(sent)
                page.locator(f'#actions button[data-action-id="{others[0]}"]').click()
                page.wait_for_selector("#coach-refusal:not([hidden])")
                text = page.inner_text("#coach-refusal")
                assert text == tutorial.wrong_text(lesson.learner_steps()[clicks]), text
                time.sleep(0.4)
                assert board_n(page) == n, "a wrong click changed the game"
                assert not any('"action"' in f for f in sent[before:]), "a wrong click was sent"
                if clicks == 0:
                    page.screenshot(path=str(artifacts() / f"tutorial-{game_id}-refused.png"))
                wrong_checked = True
            take(page, what, via_card=clicks % 2 == 0)
            wait_past(page, n)
            clicks += 1
        else:
            raise AssertionError("the lesson did not finish")
        assert clicks == steps and wrong_checked
        assert any('"action"' in f for f in sent), "the right clicks went over the socket (so a wrong one would show)"
        assert page.inner_text("#coach-count") == "Lesson complete"
        assert lesson.finish.split()[0] in page.inner_text("#coach-say")
        assert page.is_visible("#coach-real-game")
        if game_id == "metax":
            page.screenshot(path=str(artifacts() / f"tutorial-{game_id}-done.png"))
        w.check_clean(allow=("status of 422",))
    finally:
        w.close()


def test_finished_lesson_leads_to_a_real_game_against_the_normal_bot(server, browser):
    """The end of a lesson offers a real game: one click starts it against the Normal (greedy) bot."""
    w = open_page(browser)
    page = w.page
    try:
        page.goto(f"{server.url}/learn/metax")
        page.wait_for_url(re.compile(r"tutorial=metax$"))
        for _ in range(12):
            what = page.wait_for_function(STEP_READY, timeout=30_000).json_value()
            if what == "finished":
                break
            n = board_n(page)
            take(page, what, via_card=False)
            wait_past(page, n)
        # the lesson ends the game: the game-over box says the lesson is done and offers the game
        page.wait_for_selector("#game-over:not([hidden]) #over-coach")
        assert "Lesson complete" in page.inner_text("#over-coach")
        page.click("#over-real-game")
        page.wait_for_url(re.compile(r"/play/[^/?]+\?token=[^&]+$"))
        page.wait_for_function("() => document.querySelector('#board').dataset.n !== undefined")
        assert not page.query_selector("#coach")
        gid = page.url.split("/play/")[1].split("?")[0]
        seats = httpx.get(f"{server.url}/api/games/{gid}/spectate").json()["seats"]
        assert [s["player"] for s in seats] == ["human", "bot:normal"]
        w.check_clean()
    finally:
        w.close()


def test_lobby_offers_learn_to_play_for_every_game(server, browser):
    """The lobby lists a "Learn to play" link per game; one click starts that game's lesson."""
    w = open_page(browser)
    page = w.page
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#learn-links a[data-tutorial]")
        links = page.eval_on_selector_all("#learn-links a[data-tutorial]", "els => els.map(e => e.dataset.tutorial)")
        assert sorted(links) == sorted(GAMES)
        page.goto(server.url + "/learn/no-such-game")     # a game without a lesson: said, and the list
        page.wait_for_selector("#learn-list a[data-tutorial]")
        assert "Could not start that lesson" in page.inner_text("#learn-status")
        assert len(page.query_selector_all("#learn-list a[data-tutorial]")) == len(GAMES)
        page.goto(server.url + "/")
        page.wait_for_selector("#learn-links a[data-tutorial]")
        page.click('#learn-links a[data-tutorial="metabaloids"]')
        page.wait_for_url(re.compile(r"tutorial=metabaloids$"))
        page.wait_for_function(COACH_READY)
        assert page.inner_text("#coach-title") == tutorial.load("metabaloids").title
        w.check_clean(allow=("status of 404",))
    finally:
        w.close()


def test_tutorial_on_a_phone(server, browser):
    """At 390×844 the coach sits above the board, and the lesson is played by tapping."""
    w = open_page(browser, phone=True)
    page = w.page
    try:
        page.goto(f"{server.url}/learn/metazoo-2022")
        page.wait_for_function(COACH_READY)
        steps = len(tutorial.load("metazoo-2022").learner_steps())
        for i in range(steps + 3):
            what = page.wait_for_function(STEP_READY, timeout=30_000).json_value()
            if what == "finished":
                break
            box = page.locator("#coach").bounding_box()
            assert box["y"] < 844 / 2 and box["height"] <= 844 * 0.35, box
            if i == 0:
                page.screenshot(path=str(artifacts() / "tutorial-metazoo-2022-phone.png"))
            n = board_n(page)
            take(page, what, via_card=False)
            wait_past(page, n)
        else:
            raise AssertionError("the lesson did not finish")
        w.check_clean()
    finally:
        w.close()


def test_conceded_lesson_offers_to_start_again(server, browser):
    """A learner who concedes is offered the lesson again; the wanted option is described by the
    coach's words for a screen reader."""
    w = open_page(browser)
    page = w.page
    page.on("dialog", lambda d: d.accept())
    try:
        page.goto(f"{server.url}/learn/metax")
        page.wait_for_function(STEP_READY)
        target = page.locator("#actions button.coach-target").first
        assert target.get_attribute("aria-describedby") == "coach-say"
        page.click("#concede")
        page.wait_for_selector("#coach-again")
        assert page.get_attribute("#coach-again", "href") == "/learn/metax"
        assert not page.query_selector(".coach-target")
        w.check_clean()
    finally:
        w.close()


def test_coach_and_learn_page_pass_axe(server, browser):
    """axe-core finds nothing serious in the coach panel (with a refusal shown), nor on /learn."""
    from support import axe
    w = open_page(browser)
    page = w.page
    try:
        page.goto(f"{server.url}/learn")
        page.wait_for_selector("#learn-list a[data-tutorial]")
        found = axe.axe_violations(page)
        assert not found, axe.describe(found)
        page.goto(f"{server.url}/learn/metabaloids")
        page.wait_for_function(STEP_READY)
        others = wrong_options(page, server)   # enabled and shown, as the lesson test picks them
        if not others:                    # the options made on the board wait behind "All options"
            page.click("#all-options")
            page.wait_for_function(f"() => ({VISIBLE})().length > 1")
            others = wrong_options(page, server)
        page.locator(f'#actions button[data-action-id="{others[0]}"]').click()
        page.wait_for_selector("#coach-refusal:not([hidden])")
        mine = [v for v in axe.axe_violations(page) if any("coach" in n for n in v["nodes"])]
        assert not mine, axe.describe(mine)
    finally:
        w.close()
