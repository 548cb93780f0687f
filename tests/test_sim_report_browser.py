"""The HTML report as a designer sees it: a real tournament's report opened in Debian's chromium
at a laptop's and a phone's width. The page itself must never scroll sideways; a table wider
than the page (the card table has 13 columns) scrolls in its own box, every column reachable."""
from __future__ import annotations

import pytest

from support.browser import launch, need_browser
from support.cli import assert_clean, run

sync_api = need_browser()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "metax.html"
    r = run("tournament", "metax", "--bots", "random", "--games", "6", "--cards", "--report", str(path),
            "--workers", "1")
    assert_clean(r, 0, "Report written to")
    return path


@pytest.mark.parametrize("width,height", [(1100, 900), (390, 844)])
def test_the_report_never_scrolls_sideways_and_every_card_column_is_reachable(report, width, height):
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(report.as_uri())
            page_width = page.evaluate("document.documentElement.scrollWidth")
            assert page_width <= width, f"the page is {page_width}px wide in a {width}px window"
            # the card table: wider than the page, so its box scrolls, and its last column can be
            # scrolled into view
            box = page.locator("#cards .wide").last
            sizes = box.evaluate("b => [b.scrollWidth, b.clientWidth, getComputedStyle(b).overflowX]")
            assert sizes[0] > sizes[1] and sizes[2] == "auto", sizes
            last = box.locator("th").last
            assert last.inner_text() == "Playable when drawn"
            last.scroll_into_view_if_needed()
            edge = last.evaluate("th => th.getBoundingClientRect().right")
            assert 0 < edge <= width
        finally:
            browser.close()
