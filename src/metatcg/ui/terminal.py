"""How a game looks in a terminal: :class:`GameUI`, the base of every game's renderer.

A game's ``terminal.py`` subclasses :class:`GameUI` and its presentation's
``terminal_ui()`` returns it; front ends reach it with :func:`terminal_ui`. The base draws
any game from its view dict and its presentation's card facts, so a game without its own
renderer is still playable. Everything shown comes from the (already redacted) view and
the public card facts: nothing a player may not know can reach the screen.

Methods take the ``game`` they draw for, so one renderer object per game serves every caller.
"""
from __future__ import annotations

import importlib

import json
import weakref
from typing import Any, Generic, Iterable, TypeVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..engine.decks import Deck, split_entry
from ..engine.game import Game
from .cards import names_in
from .layout import log_section, player_name, summary_text
from .presentation import Presentation, presentation_of


class GameUI:
    """A game's terminal renderer; this base works for any game."""

    def __init__(self, presentation: Presentation | None = None) -> None:
        self.presentation = presentation

    def pres(self, game: Game) -> Presentation:
        """The presentation of ``game`` (the one this renderer was made for, if any)."""
        return self.presentation if self.presentation is not None else presentation_of(game)

    @property
    def length_word(self) -> str:
        """The unit of a game's length as ``Game.match_facts`` counts it ("turns", "rounds")."""
        return self.presentation.length_word if self.presentation is not None else "turns"

    # ---- the screen
    # ---- the screen. A game's renderer says which views are its own (``owns``) and draws
    # them twice: everything (``full_board``) and to a line budget (``compact_board``); the
    # base shows any other view as JSON, so a broken or foreign view still shows something.
    def owns(self, view: dict[str, Any]) -> bool:
        """Is ``view`` one this renderer draws (the shape its game's views have)?"""
        return False

    def full_board(self, game: Game, view: dict[str, Any], roles: dict[int, str] | None = None) -> RenderableType:
        """Everything the viewer may know, without the log (the ``board`` command)."""
        body = {k: v for k, v in view.items() if k not in ("log", "legal_actions")}
        return Group(Rule(f"{view.get('game', '')}: view of {player_name(view.get('you', 0))}"),
                     Text(json.dumps(body, indent=1)))

    def compact_board(self, game: Game, view: dict[str, Any], roles: dict[int, str] | None,
                      max_lines: int, width: int) -> RenderableType:
        """The board in at most ``max_lines`` lines at ``width`` columns: by default the full
        board cut to fit."""
        return Cropped(self.full_board(game, view, roles), max_lines)

    def render_view(self, game: Game, view: dict[str, Any], new_log: list[str] | None = None,
                    roles: dict[int, str] | None = None) -> RenderableType:
        """The full board with the new log lines below (replays)."""
        board = self.full_board(game, view, roles) if self.owns(view) else GameUI.full_board(self, game, view)
        return Group(board, *log_section(new_log))

    def render_board(self, game: Game, view: dict[str, Any], roles: dict[int, str] | None = None, *,
                     max_lines: int | None = None, width: int = 80) -> RenderableType:
        """The table as ``view['you']`` sees it (your hand included), without log or options.

        ``max_lines=None`` is the full board (the ``board`` command). Otherwise the board is
        compact: it fits in ``max_lines`` lines at ``width`` columns, so that board, options and
        the last log lines share one screen (``play`` gives it about half the screen's height)."""
        if not self.owns(view):
            full = GameUI.full_board(self, game, view)
            return full if max_lines is None else Cropped(full, max_lines)
        if max_lines is None:
            return self.full_board(game, view, roles)
        return self.compact_board(game, view, roles, max_lines, width)

    def progress(self, view: dict[str, Any]) -> str:
        """Where a game stands, for 'Stopped at ...': 'turn 5', 'round 3'."""
        for key in ("turn", "round"):
            if isinstance(view.get(key), int):
                return f"{key} {view[key]}"
        return "an unknown point"

    def hand(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The viewing player's hand as cards with a ``name`` (a view may list bare names)."""
        players = view.get("players")
        if not isinstance(players, list):
            return []
        me = players[view["you"]] if 0 <= view.get("you", -1) < len(players) else {}
        hand = (me.get("hand") or []) if isinstance(me, dict) else []
        return [c if isinstance(c, dict) else {"name": c} for c in hand if isinstance(c, (dict, str))]

    def option_cards(self, game: Game, view: dict[str, Any], label: str) -> list[str]:
        """The cards ``?N`` shows for an option: those its label names."""
        return names_in(self.pres(game).card_names(), label)

    # ---- cards
    def card_kind(self, game: Game, name: str) -> str:
        info = self.pres(game).card(name)
        return info.kind if info is not None else ""

    def card_numbers(self, game: Game, name: str) -> str:
        info = self.pres(game).card(name)
        return info.numbers if info is not None else ""

    def card_text(self, game: Game, name: str, with_keywords: bool = False) -> str:
        return self.pres(game).card_text(name, with_keywords)

    def card_line(self, game: Game, name: str) -> Text:
        """A card's one-line summary, its name in bold (hands, lists)."""
        return summary_text(name, self.pres(game).card_summary(name))

    def hand_section(self, game: Game, title: str, cards: list[dict[str, Any]]) -> list[RenderableType]:
        """A full board's own hand: "<title> (n)" underlined, then one line a card."""
        parts: list[RenderableType] = [Text(""), Text(f"{title} ({len(cards)})", style="bold underline")]
        if not cards:
            parts.append(Text("  (empty)", style="dim"))
        parts += [Text("  - ") + self.card_line(game, c["name"]) for c in cards]
        return parts

    def table_text(self, game: Game, name: str) -> str:
        """A card's text in the ``cards`` table: keywords its text does not mention first."""
        return self.card_text(game, name, with_keywords=True)

    def card_details(self, game: Game, name: str) -> RenderableType:
        """The full text of one card, as a small panel."""
        pres = self.pres(game)
        info = pres.card(name)
        if info is None:
            return Text(name)
        body = Text((info.heading or info.kind) + "\n", style="bold")
        for line in info.details:
            body.append(line + "\n")
        if info.keywords:
            body.append("Keywords: " + ", ".join(info.keywords) + "\n", style="magenta")
        body.append(info.text if info.text else pres.no_text, style="" if info.text else "dim italic")
        title = f"[bold]{escape(name)}[/]" + (f" [dim]{escape(info.number)}[/]" if info.number else "")
        return Panel(body, title=title, title_align="left", expand=False)

    def search_fields(self, game: Game, name: str) -> list[str]:
        return self.pres(game).search_fields(name)

    def type_matches(self, game: Game, name: str, kind: str) -> bool:
        return self.pres(game).type_matches(name, kind)

    def cards_table(self, game: Game, names: Iterable[str], title: str | None = None) -> Table:
        pres = self.pres(game)
        table = Table(title=title, title_justify="left", show_lines=True, expand=False)
        # no min_width: rich then lets a table with one outrun the screen and crops its right
        # edge; without, every column wraps to fit (names at spaces, never cut)
        table.add_column("Card", overflow="fold")
        table.add_column("Type / numbers", overflow="fold")
        table.add_column("Text", ratio=None, overflow="fold")
        for n in names:
            info = pres.card(n)
            if info is None:
                table.add_row(escape(n), "", "")
                continue
            name_cell = f"[bold]{escape(n)}[/]" + (f"\n[dim]{escape(info.number)}[/]" if info.number else "")
            text = self.table_text(game, n)
            table.add_row(name_cell, f"{escape(info.kind)}\n{escape(info.numbers)}",
                          escape(text) or "[dim](no effect)[/]")
        return table

    # ---- decks
    def deck_size(self, game: Game, deck: Deck) -> str:
        return self.pres(game).deck_size(deck)

    def deck_blurb(self, game: Game, deck: Deck) -> str:
        return self.pres(game).deck_blurb(deck)

    def deck_list_table(self, game: Game) -> Table:
        table = Table(title=f"{game.title or game.id}: starter decks", title_justify="left")
        width = max([4, *map(len, game.starter_deck_names())])
        table.add_column("Name", style="bold", no_wrap=True, width=width)     # whole, never cut
        table.add_column("Cards", justify="right")
        table.add_column("Description")
        for name in game.starter_deck_names():
            d = game.starter_deck(name)
            table.add_row(escape(name), str(len(d.cards)), escape(d.description))
        return table

    def deck_table(self, game: Game, deck: Deck) -> Table:
        """A deck grouped by card type, in the order of the presentation's ``card_types``."""
        pres = self.pres(game)
        title = f"{deck.name} ({pres.deck_size(deck)})"
        table = Table(title=title, caption=escape(deck.description) or None, title_justify="left",
                      caption_justify="left")
        # the counts never give way: on a narrow terminal the type and numbers wrap instead
        table.add_column("#", justify="right", no_wrap=True, min_width=count_width(deck))
        table.add_column("Card", style="bold", overflow="fold")
        table.add_column("Type", overflow="fold")
        table.add_column("Numbers", overflow="fold")
        order = {t: i for i, t in enumerate(pres.card_types)}
        rows = []
        for entry, n in deck.counts().items():
            _sec, nm = split_entry(entry)
            info = pres.card(nm)
            kind = info.type if info is not None else "unknown"
            rows.append((order.get(kind, len(order)), kind, nm, n, info.numbers if info is not None else ""))
        for _, kind, nm, n, numbers in sorted(rows, key=lambda r: r[0]):  # stable: keeps the list's order
            table.add_row(str(n), escape(nm), kind, escape(numbers))
        return table


PresentationT = TypeVar("PresentationT", bound=Presentation)


class GameUIOf(GameUI, Generic[PresentationT]):
    """A game's own renderer, made for that game's presentation (typed as the game's own, so
    its renderer reads the game's fields without casts)."""

    def __init__(self, presentation: PresentationT) -> None:
        super().__init__(presentation)
        self.presentation: PresentationT = presentation


def count_width(deck: Deck) -> int:
    """The width of a deck list's count column: its largest count, and at least the "#"."""
    return max([1, *(len(str(n)) for n in deck.counts().values())])


class Cropped:
    """A renderable cut to its first ``max_lines`` lines, the last one saying so."""

    def __init__(self, inner: RenderableType, max_lines: int) -> None:
        self.inner, self.max_lines = inner, max(1, max_lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = console.render_lines(self.inner, options, pad=False)
        if len(lines) > self.max_lines:
            lines = lines[:self.max_lines - 1] + [[Segment("… ('board' shows the whole board)", Style(dim=True))]]
        for line in lines:
            yield from line
            yield Segment.line()


def renderer_of(presentation: Presentation) -> GameUI:
    """A new terminal renderer for ``presentation``: the class it names, or the generic one."""
    where = presentation.terminal_renderer
    if not where:
        return GameUI(presentation)
    module, _, name = where.partition(":")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, GameUI)):
        raise TypeError(f"{where} is not a terminal renderer (a GameUI subclass)")
    ui: GameUI = cls(presentation)
    return ui


def terminal_ui(game: Game) -> GameUI:
    """The terminal renderer of ``game``: its presentation's, or the generic one."""
    ui = _uis.get(game)
    if ui is None:
        ui = _uis[game] = renderer_of(presentation_of(game))
    return ui


_uis: "weakref.WeakKeyDictionary[Game, GameUI]" = weakref.WeakKeyDictionary()
