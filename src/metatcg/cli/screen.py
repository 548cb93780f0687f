"""One decision, one screen: the compact board, the new log lines and the numbered options
fit the terminal (80×24 and up), and a pager for anything longer.

The new log lines get their room first, next to half the room under the board for the
options (``DecisionScreen.fits_log``); the board gets about half the height, and more when the
options and the log are short or when it would otherwise cut names (``DecisionScreen.board``).
What does not fit is never cut silently: a longer "what happened" is paged before the decision
(``page``), too many options are shown a page at a time (``more``), and the ``board`` command
pages the whole board before the options (``show_then_options``).
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

MIN_LOG = 2          # log lines a decision screen always keeps room for (its rule and one line)
MIN_OPTIONS = 4      # lines a page of options needs at least: its rule, two options, the 'more' line
CUT = "…"            # how every board marks what it leaves out ("… 3 more", "Troll of the Ol…")


def board_lines(height: int) -> int:
    """Lines the compact board may use at least: about half the screen (12 at 24 rows, 22 at 45)."""
    return max(10, height // 2)


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    """Lines ``renderable`` takes at ``width`` columns."""
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


class DecisionScreen:
    """What a player sees when asked to decide, sized to ``console``.

    The screen (less the input line) is shared out in this order: the new log lines get their
    room first (a catch-up that fits is never paged: ``fits_log``); the options get the rest,
    a page at a time when they do not fit; the board gets about half the screen, and all the
    room the log and the options leave when they are short, so that opponents' cards keep their
    names. A game's board may run past its budget to show your hand and resources whole; the
    options then go on more pages."""

    def __init__(self, console: Console, game: Game, view: dict[str, Any], roles: dict[int, str],
                 recent: list[str]) -> None:
        self.console, self.game, self.view, self.roles = console, game, view, roles
        self.recent = compact_log(recent)
        self.width = console.width
        self.height = console.height
        self.page = 0

    @functools.cached_property
    def options_height(self) -> int:
        """Lines every option takes, on one page."""
        return height_of(self.console, render_actions(self.view), self.width)

    @functools.cached_property
    def log_need(self) -> int:
        """Lines the new log lines take under their rule (none without new lines)."""
        return self.log_height() + 1 if self.recent else 0

    @functools.cached_property
    def board_budget(self) -> int:
        """Lines the compact board is given: half the screen, or what the options and the new
        log lines leave, whichever is more."""
        spare = self.height - 1 - self.options_height - max(self.log_need, MIN_LOG)
        return max(board_lines(self.height), spare)

    @functools.cached_property
    def board(self) -> RenderableType:
        """The compact board, drawn once per screen. A board that leaves something out (every
        game marks it with '…') gets more lines while the new log lines and a page of options
        still fit below it, next to a third of the screen's worth of options (the others go on
        more pages): the cards keep their names."""
        budget = self.board_budget
        keep = min(self.options_height, max(MIN_OPTIONS, self.height // 3))   # options never shrink to a sliver
        log = self.log_need if self.log_need + keep + budget < self.height else MIN_LOG
        most = self.height - 1 - keep - max(log, MIN_LOG)
        board = self.draw_board(budget)
        while budget < most and CUT in self.text_of(board):
            budget += 1
            board = self.draw_board(budget)
        return board

    def draw_board(self, max_lines: int) -> RenderableType:
        return ui_for(self.game).render_board(self.game, self.view, self.roles, max_lines=max_lines,
                                              width=self.width)

    def text_of(self, renderable: RenderableType) -> str:
        lines = self.console.render_lines(renderable, self.console.options.update(width=self.width), pad=False)
        return "\n".join("".join(seg.text for seg in line) for line in lines)

    @functools.cached_property
    def board_height(self) -> int:
        return height_of(self.console, self.board, self.width)

    @property
    def below_board(self) -> int:
        """Lines left under the board for the log and the options (the input line kept)."""
        return self.height - 1 - self.board_height

    def option_pages(self, room: int) -> list[tuple[int, int]]:
        """(first, last) option numbers of each page when ``room`` lines are left for options."""
        actions = self.view.get("legal_actions") or []
        n = len(actions)
        if n == 0 or self.options_height <= room:
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

    def options_kept(self) -> int:
        """Lines the options keep however long the catch-up: all they need up to half the room
        under the board (a page of a few options at least)."""
        return min(self.options_height, max(MIN_OPTIONS, self.below_board // 2))

    def options_room(self) -> int:
        """Lines the options may use: all they need when the log leaves it, else what the new
        log lines leave, else what a two-line log leaves."""
        room = self.below_board
        if self.options_height + max(self.log_need, MIN_LOG) <= room:
            return self.options_height
        if self.fits_log():
            return max(self.options_kept(), room - self.log_need)
        return max(self.options_kept(), room - MIN_LOG)

    def render(self) -> RenderableType:
        """Board, the log lines that fit, the options (one page of them if they do not fit)."""
        pages = self.option_pages(self.options_room())
        self.page %= len(pages)
        first, last = pages[self.page]
        options = render_actions(self.view, first, last, more=len(pages) > 1)
        left = self.below_board - height_of(self.console, options, self.width)
        return Group(self.board, *self.log_tail(left), options)

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
        """Do the new log lines all fit below the board, next to the options or half the room
        for them? If not, they are paged first (and only then)."""
        return self.log_need <= max(MIN_LOG, self.below_board - self.options_kept())


def page(console: Console, title: str, lines: list[str], ask: Callable[[str], str],
         then: str = "", latest: bool = False) -> None:
    """Show ``lines`` a screenful at a time under ``title``: Enter for more, q to stop. With
    ``then`` ("your decision"), the last page waits too, so nothing scrolls away unread.
    ``latest``: only the last screenful, at once (the newest lines are what a player looks for)."""
    rendered: list[Text] = []
    for line in lines:
        rendered.extend(log_line(line).wrap(console, max(1, console.width)))
    per = max(3, console.height - 2)
    if latest and len(rendered) > per:
        rendered = rendered[-per:]
    page_lines(console, title, rendered, ask, then)


def page_lines(console: Console, title: str, rendered: list[Text], ask: Callable[[str], str],
               then: str = "") -> None:
    """The pager itself: ``rendered`` (one screen line each) a screenful at a time."""
    per = max(3, console.height - 2)
    total = len(rendered)
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


def screen_lines(console: Console, renderable: RenderableType) -> list[Text]:
    """``renderable`` as the lines it takes on ``console``, styles kept (to page a board)."""
    lines = console.render_lines(renderable, console.options, pad=False)
    return [Text.assemble(*((seg.text, seg.style or "") for seg in line if not seg.control)) for line in lines]


def show_then_options(console: Console, title: str, renderable: RenderableType, options: RenderableType,
                      ask: Callable[[str], str]) -> None:
    """``renderable`` (the ``board`` command's full board) and then the options, without the
    options scrolling the board away: a board that does not fit with them is paged first."""
    lines = screen_lines(console, renderable)
    if len(lines) + height_of(console, options, console.width) + 1 <= console.height:
        console.print(renderable)
    else:
        page_lines(console, title, lines, ask, then="your options")
    console.print(options)


def turns_in(lines: list[str]) -> int:
    """How many turn or round headers ('— Turn 5: P2 —') a stretch of log holds."""
    return sum(1 for x in lines if x.startswith("—"))


def seat_title(p: int, lines: list[str]) -> str:
    n = turns_in(lines)
    span = f", {n} turn{'s' if n != 1 else ''} began" if n else ""
    return f"What happened since {player_name(p)}'s last decision ({len(lines)} lines{span})"
