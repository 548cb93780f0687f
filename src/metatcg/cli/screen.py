"""One decision, one screen: the compact board, the last log lines and the numbered options
fit the terminal (80×24 and up), and a pager for anything longer.

The board gets about half the height (``board_lines``); the options come next in as many
columns as fit; the log gets what is left. What does not fit is never cut silently: a longer
"what happened" is paged before the decision (``page``), and too many options are shown a
page at a time (``more``).
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from metatcg.engine.game import Game
from metatcg.ui.layout import compact_log, log_line, player_name, render_actions

from .render import ui_for

MIN_LOG = 2          # log lines a decision screen always keeps room for


def board_lines(height: int) -> int:
    """Lines the compact board may use: about half the screen (12 at 24 rows, 22 at 45)."""
    return max(10, height // 2)


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    """Lines ``renderable`` takes at ``width`` columns."""
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


class DecisionScreen:
    """What a player sees when asked to decide, sized to ``console``."""

    def __init__(self, console: Console, game: Game, view: dict[str, Any], roles: dict[int, str],
                 recent: list[str]) -> None:
        self.console, self.game, self.view, self.roles = console, game, view, roles
        self.recent = compact_log(recent)
        self.width = console.width
        self.height = console.height
        self.page = 0

    @functools.cached_property
    def board(self) -> RenderableType:
        """The compact board, drawn once per screen."""
        return ui_for(self.game).render_board(self.game, self.view, self.roles,
                                              max_lines=board_lines(self.height), width=self.width)

    @functools.cached_property
    def board_height(self) -> int:
        return height_of(self.console, self.board, self.width)

    def option_pages(self, room: int) -> list[tuple[int, int]]:
        """(first, last) option numbers of each page when ``room`` lines are left for options."""
        actions = self.view.get("legal_actions") or []
        n = len(actions)
        if n == 0 or height_of(self.console, render_actions(self.view), self.width) <= room:
            return [(1, n)]
        pages, start = [], 1
        while start <= n:
            end = start
            while end < n and height_of(self.console, render_actions(self.view, start, end + 1, more=True),
                                        self.width) <= room:
                end += 1
            pages.append((start, end))
            start = end + 1
        return pages

    def render(self) -> RenderableType:
        """Board, the log lines that fit, the options (one page of them if they do not fit)."""
        board = self.board
        used = self.board_height + 1                                  # + the input line
        room = self.height - used - MIN_LOG - 1                      # - the log and its rule
        pages = self.option_pages(max(3, room))
        self.page %= len(pages)
        first, last = pages[self.page]
        options = render_actions(self.view, first, last, more=len(pages) > 1)
        left = self.height - used - height_of(self.console, options, self.width)
        return Group(board, *self.log_tail(left - 1), options)

    def log_tail(self, room: int) -> list[RenderableType]:
        """The newest log lines that fit in ``room`` screen lines (a long line may wrap), under
        a rule saying how many earlier ones the ``log`` command holds."""
        if not self.recent or room < 2:
            return []
        shown: list[Text] = []
        count = 0
        for line in reversed(self.recent):
            wrapped = log_line(line).wrap(self.console, self.width)
            if len(shown) + len(wrapped) > room - 1:
                break
            shown[:0] = list(wrapped)
            count += 1
        hidden = len(self.recent) - count
        title = "what happened" + (f" ({hidden} earlier: log)" if hidden else "")
        return [Rule(title, style="dim"), *shown]

    def log_height(self) -> int:
        """Screen lines the new log lines take, wrapped."""
        return sum(len(log_line(x).wrap(self.console, self.width)) for x in self.recent)

    def fits_log(self) -> bool:
        """Do the new log lines all fit below the board? If not, page them first."""
        options = height_of(self.console, render_actions(self.view), self.width)
        room = self.height - self.board_height - options - 2
        return self.log_height() <= max(MIN_LOG, room)


def page(console: Console, title: str, lines: list[str], ask: Callable[[str], str],
         then: str = "", latest: bool = False) -> None:
    """Show ``lines`` a screenful at a time under ``title``: Enter for more, q to stop. With
    ``then`` ("your decision"), the last page waits too, so nothing scrolls away unread.
    ``latest``: only the last screenful, at once (the newest lines are what a player looks for)."""
    per = max(3, console.height - 2)
    rendered: list[Text] = []
    for line in lines:
        rendered.extend(log_line(line).wrap(console, max(1, console.width)))
    total = len(rendered)
    if latest and total > per:
        rendered, total = rendered[-per:], per
    for start in range(0, max(total, 1), per):
        chunk = rendered[start:start + per]
        console.print(Rule(title if start == 0 else f"{title} (continued)", style="dim"))
        for t in chunk:
            console.print(t)
        last = start + per >= total
        if last and not then:
            return
        where = f"{start + len(chunk)}/{total} lines · " if total > per else ""
        keys = f"Enter: {then}" if last else f"Enter: more · q: {then or 'back'}"
        answer = ask(f"[dim]{where}{keys}[/] ")
        if last or answer.strip().lower() in ("q", "s", "quit", "skip"):
            return


def turns_in(lines: list[str]) -> int:
    """How many turn or round headers ('— Turn 5: P2 —') a stretch of log holds."""
    return sum(1 for x in lines if x.startswith("—"))


def seat_title(p: int, lines: list[str]) -> str:
    n = turns_in(lines)
    span = f", {n} turn{'s' if n != 1 else ''} began" if n else ""
    return f"What happened since {player_name(p)}'s last decision ({len(lines)} lines{span})"
