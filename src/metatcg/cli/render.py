"""A player's view (``state.view(p)``) as rich text, and card look-ups.

Everything rendered here comes from the view dict (already redacted by the engine)
plus the public card pool, so nothing a player may not know can reach the screen.

This module holds what every game shares (card look-ups, the log, the numbered actions,
seat labels) and dispatches the game-specific parts by game id to a :class:`GameUI`:
``render_metax.UI`` and ``render_metazoo.UI``. A game without its own module gets the
generic :class:`GameUI`, which still shows its view and its cards.
"""
from __future__ import annotations

import difflib
import importlib
import json
import re
from typing import Any, Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from metatcg.engine.decks import Deck, split_entry
from metatcg.engine.game import Game

from .common import player_name

DISCARD_SHOWN = 4

# game id -> module (in this package) whose ``UI`` object renders that game
UI_MODULES = {"metax": "render_metax", "metazoo": "render_metazoo"}


# ------------------------------------------------------------------ cards
def pool_of(game: Game) -> Any:
    """The game's card pool (``game.pool``), or None for a game without one."""
    return getattr(game, "pool", None)


def card_def(game: Game, name: str) -> Any:
    pool = pool_of(game)
    if pool is None:
        return None
    try:
        return pool[name] if name in pool else None
    except (KeyError, TypeError):
        return None


def card_summary(game: Game, name: str) -> str:
    c = card_def(game, name)
    return c.summary() if c is not None and hasattr(c, "summary") else name


def summary_text(game: Game, name: str) -> Text:
    """A card's one-line summary with its name in bold."""
    summary = card_summary(game, name)
    t = Text(name, style="bold")
    if summary.startswith(name):
        t.append(summary[len(name):])
    return t


def pool_names(game: Game) -> list[str]:
    pool = pool_of(game)
    return list(pool.names()) if pool is not None else []


def find_cards(game: Game, query: str) -> tuple[list[str], list[str]]:
    """Cards matching ``query``: (matches, suggestions).

    An exact name (case-insensitive) wins; then names starting with the query; then names
    containing it. When nothing matches, the closest names come back as suggestions.
    """
    q = query.strip().lower()
    names = pool_names(game)
    if not q:
        return [], []
    exact = [n for n in names if n.lower() == q]
    if exact:
        return exact, []
    prefix = [n for n in names if n.lower().startswith(q)]
    if prefix:
        return prefix, []
    inside = [n for n in names if q in n.lower()]
    if inside:
        return inside, []
    lowered = {n.lower(): n for n in names}
    close = difflib.get_close_matches(q, list(lowered), n=3, cutoff=0.5)
    return [], [lowered[c] for c in close]


def names_in(game: Game, text: str) -> list[str]:
    """Pool card names mentioned in ``text`` (longest names first, no overlaps), in text order."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for name in sorted(pool_names(game), key=len, reverse=True):
        for m in re.finditer(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])", text):
            span = (m.start(), m.end())
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            taken.append(span)
            found.append((m.start(), name))
    seen: list[str] = []
    for _, n in sorted(found):
        if n not in seen:
            seen.append(n)
    return seen


# ------------------------------------------------------------------ shared pieces of a screen
def compact_log(lines: list[str]) -> list[str]:
    """Runs of identical lines ('P2 draws a card' five times) as one line with a count."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1] == lines[i]:
            j += 1
        out.append(lines[i] if j == i else f"{lines[i]} (×{j - i + 1})")
        i = j + 1
    return out


def log_line(line: str) -> Text:
    if line.startswith("—") or line.startswith("Game over"):
        return Text(line, style="bold")
    if line.startswith("(only choice)"):
        return Text(line, style="dim")
    return Text(line)


def log_section(new_log: list[str] | None) -> list[RenderableType]:
    """The 'what happened' part of a screen: the new log lines, runs compacted."""
    if not new_log:
        return []
    out: list[RenderableType] = [Rule("what happened", style="dim")]
    out.extend(log_line(line) for line in compact_log(new_log))
    return out


def seat_label(player: int, me: int, roles: dict[int, str] | None) -> str:
    role = (roles or {}).get(player)
    if player == me:
        role = "you"
    return f"{player_name(player)} ({role})" if role else player_name(player)


def seat_order(players: list, me: int) -> list[int]:
    """Opponents first, you last (you sit at the bottom of the screen)."""
    return [q for q in range(len(players)) if q != me] + [me]


def discard_row(p: dict, label: str) -> tuple[Text, Text]:
    pile = p.get("discard") or []
    head = Text(f"  {label} ({len(pile)})", style="bold")
    if not pile:
        return head, Text("empty", style="dim")
    top = [c["name"] for c in reversed(pile[-DISCARD_SHOWN:])]
    more = f", … {len(pile) - DISCARD_SHOWN} more" if len(pile) > DISCARD_SHOWN else ""
    return head, Text("top: " + ", ".join(top) + more)


def discard_section(players: list[dict], me: int) -> list[RenderableType]:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for q in seat_order(players, me):
        grid.add_row(*discard_row(players[q], "yours" if q == me else player_name(q)))
    return [Text("Discard piles", style="bold underline"), grid]


class _Actions:
    """Numbered actions (a wrapped label keeps its indent): one column, or two (numbered down
    the columns) when there are many short ones and the screen is wide enough."""

    def __init__(self, rows: list[tuple[Text, Text]]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = self.rows
        widest = max((n.cell_len + t.cell_len for n, t in rows), default=0)
        cols = 2 if len(rows) > 12 and options.max_width >= 2 * widest + 4 else 1
        grid = Table.grid(padding=(0, 1, 0, 0))
        for c in range(cols):
            grid.add_column(justify="right", no_wrap=True)
            grid.add_column(ratio=1 if cols > 1 else None)
        per = (len(rows) + cols - 1) // cols
        for i in range(per):
            cells: list[Text] = []
            for c in range(cols):
                k = i + c * per
                cells += list(rows[k]) if k < len(rows) else [Text(""), Text("")]
            grid.add_row(*cells)
        yield grid


def render_actions(view: dict) -> RenderableType:
    """The decision prompt and the numbered legal actions."""
    actions = view.get("legal_actions") or []
    deciding = view.get("deciding") or {}
    prompt = deciding.get("prompt") or "Choose an action"
    parts: list[RenderableType] = [Rule(f"{player_name(view['you'])}: {prompt}", style="green")]
    labels = [a["label"] for a in actions]
    width = len(str(len(actions)))
    rows = []
    for i, a in enumerate(actions, 1):
        t = Text(a["label"])
        if labels.count(a["label"]) > 1:
            t.append(f"  [{a['id']}]", style="dim")
        rows.append((Text(f"  {i:>{width}}.", style="bold green"), t))
    parts.append(_Actions(rows))
    return Group(*parts)


HELP_TEXT = ("Type a number to choose. Also: [bold]?N[/] cards in option N · [bold]card NAME[/] "
             "a card's full text · [bold]hand[/] · [bold]board[/] · [bold]log[/] full log · "
             "[bold]help[/] · [bold]quit[/]")


# ------------------------------------------------------------------ per-game rendering
class GameUI:
    """How the CLI shows one game. The base class works for any game from its view dict and
    card pool; a game's own module (``render_<id>.py``) subclasses it."""

    #: the unit of a game's length as ``Game.match_facts`` counts it ("turns", "rounds")
    length_word = "turns"

    # ---- the screen
    def render_view(self, game: Game, view: dict, new_log: list[str] | None = None,
                    roles: dict[int, str] | None = None) -> RenderableType:
        """Fallback for a game without its own renderer: its public keys as JSON."""
        body = {k: v for k, v in view.items() if k not in ("log", "legal_actions")}
        parts: list[RenderableType] = [Rule(f"{view.get('game', '')}: view of {player_name(view.get('you', 0))}"),
                                       Text(json.dumps(body, indent=1))]
        return Group(*parts, *log_section(new_log))

    def progress(self, view: dict) -> str:
        """Where a game stands, for 'Stopped at ...': 'turn 5', 'round 3'."""
        for key in ("turn", "round"):
            if isinstance(view.get(key), int):
                return f"{key} {view[key]}"
        return "an unknown point"

    def hand(self, view: dict) -> list[dict]:
        """The viewing player's hand (cards with ``name``)."""
        players = view.get("players")
        if not isinstance(players, list):
            return []
        me = players[view["you"]] if 0 <= view.get("you", -1) < len(players) else {}
        return list(me.get("hand") or []) if isinstance(me, dict) else []

    # ---- cards
    def card_kind(self, game: Game, name: str) -> str:
        c = card_def(game, name)
        return str(getattr(c, "type", "")).capitalize() if c is not None else ""

    def card_numbers(self, game: Game, name: str) -> str:
        return ""

    def card_text(self, game: Game, name: str) -> str:
        c = card_def(game, name)
        return str(getattr(c, "text", "") or "") if c is not None else ""

    def table_text(self, game: Game, name: str) -> str:
        """A card's text in the ``cards`` table (a game may add more, e.g. keywords)."""
        return self.card_text(game, name)

    def card_details(self, game: Game, name: str) -> RenderableType:
        """The full text of one card, as a small panel."""
        c = card_def(game, name)
        if c is None:
            return Text(name)
        body = Text(f"{self.card_kind(game, name)}\n", style="bold")
        nums = self.card_numbers(game, name)
        if nums:
            body.append(nums + "\n")
        text = self.card_text(game, name)
        body.append(text if text else "(no effect)", style="" if text else "italic")
        number = getattr(c, "number", "")
        title = f"[bold]{escape(name)}[/]" + (f" [dim]{escape(number)}[/]" if number else "")
        return Panel(body, title=title, title_align="left", expand=False)

    def search_fields(self, game: Game, name: str) -> list[str]:
        """What ``cards --search`` looks in: name, text, trait(s), number."""
        c = card_def(game, name)
        fields = [name, self.card_text(game, name), str(getattr(c, "number", "") or "")]
        trait = getattr(c, "trait", None) or getattr(c, "traits", None)
        if isinstance(trait, str):
            fields.append(trait)
        elif trait:
            fields.extend(str(t) for t in trait)
        return fields

    def type_matches(self, game: Game, name: str, kind: str) -> bool:
        """``cards --type KIND``: the card's type is KIND."""
        return str(getattr(card_def(game, name), "type", "")) == kind

    def option_cards(self, game: Game, view: dict, label: str) -> list[str]:
        """The cards ``?N`` shows for an option: those its label names."""
        return names_in(game, label)

    def cards_table(self, game: Game, names: Iterable[str], title: str | None = None) -> Table:
        table = Table(title=title, title_justify="left", show_lines=True, expand=False)
        table.add_column("Card", min_width=14)
        table.add_column("Type / numbers", min_width=16)
        table.add_column("Text", min_width=28)
        for n in names:
            c = card_def(game, n)
            if c is None:
                table.add_row(escape(n), "", "")
                continue
            number = getattr(c, "number", "")
            name_cell = f"[bold]{escape(n)}[/]" + (f"\n[dim]{escape(number)}[/]" if number else "")
            text = self.table_text(game, n)
            table.add_row(name_cell, f"{escape(self.card_kind(game, n))}\n{escape(self.card_numbers(game, n))}",
                          escape(text) or "[dim](no effect)[/]")
        return table

    # ---- decks
    def deck_size(self, game: Game, deck: Deck) -> str:
        """A deck's size as 'legal:' reports it: '40 cards'."""
        return f"{len(deck.cards)} cards"

    def deck_blurb(self, game: Game, deck: Deck) -> str:
        """One short line about a deck for the start of a game (may be empty)."""
        return ""

    def deck_list_table(self, game: Game) -> Table:
        table = Table(title=f"{game.title or game.id}: starter decks", title_justify="left")
        table.add_column("Name", style="bold", no_wrap=True)
        table.add_column("Cards", justify="right")
        table.add_column("Description")
        for name in game.starter_deck_names():
            d = game.starter_deck(name)
            table.add_row(escape(name), str(len(d.cards)), escape(d.description))
        return table

    #: card types in the order a deck list shows them
    type_order: tuple[str, ...] = ()

    def deck_table(self, game: Game, deck: Deck) -> Table:
        title = f"{deck.name} ({self.deck_size(game, deck)})"
        table = Table(title=title, caption=escape(deck.description) or None, title_justify="left",
                      caption_justify="left")
        table.add_column("#", justify="right")
        table.add_column("Card", style="bold", no_wrap=True)
        table.add_column("Type", no_wrap=True)
        table.add_column("Numbers", no_wrap=True)
        order = {t: i for i, t in enumerate(self.type_order)}
        rows = []
        for entry, n in deck.counts().items():
            _sec, nm = split_entry(entry)
            c = card_def(game, nm)
            kind = c.type if c is not None else "unknown"
            rows.append((order.get(kind, len(order)), kind, nm, n))
        for _, kind, nm, n in sorted(rows, key=lambda r: r[0]):  # stable: keeps the list's order
            table.add_row(str(n), escape(nm), kind, escape(self.card_numbers(game, nm)))
        return table


_UIS: dict[str, GameUI] = {}


def ui_for(game: Game | str) -> GameUI:
    """The renderer of ``game`` (a Game or a game id)."""
    gid = game if isinstance(game, str) else getattr(game, "id", "")
    ui = _UIS.get(gid)
    if ui is None:
        mod = UI_MODULES.get(gid)
        ui = importlib.import_module(f".{mod}", __package__).UI if mod else GameUI()
        _UIS[gid] = ui
    return ui


# Module-level entry points (what play, decks, main and the tests import).
def render_view(game: Game, view: dict, new_log: list[str] | None = None,
                roles: dict[int, str] | None = None) -> RenderableType:
    """Everything ``view['you']`` may see, top to bottom, in the game's own layout."""
    return ui_for(game).render_view(game, view, new_log, roles)


def card_details(game: Game, name: str) -> RenderableType:
    return ui_for(game).card_details(game, name)


def card_numbers(game: Game, name: str) -> str:
    return ui_for(game).card_numbers(game, name)


def cards_table(game: Game, names: Iterable[str], title: str | None = None) -> Table:
    return ui_for(game).cards_table(game, names, title)
