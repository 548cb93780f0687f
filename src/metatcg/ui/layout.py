"""Pieces of a terminal screen every game shares (rich renderables): seats, the log, discard
piles, the numbered actions. A game's terminal renderer lays its own board out around them."""
from __future__ import annotations

from typing import Any, Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

DISCARD_SHOWN = 4


# ------------------------------------------------------------------ seats
def player_name(p: int) -> str:
    """How logs and screens name players: P1, P2, ... (seats are 0-based)."""
    return f"P{p + 1}"


JUDGE = -1   # a ``roles`` key: the board is drawn for a judge, so no seat is "you"


def seat_label(player: int, me: int, roles: dict[int, str] | None) -> str:
    """'P2 (greedy bot)', 'P1 (you)'; for a judge (``roles[JUDGE]``) every seat by its role."""
    roles = roles or {}
    role = roles.get(player)
    if player == me and JUDGE not in roles:
        role = "you"
    return f"{player_name(player)} ({role})" if role else player_name(player)


def seat_order(players: list[Any], me: int) -> list[int]:
    """Opponents first, you last (you sit at the bottom of the screen)."""
    return [q for q in range(len(players)) if q != me] + [me]


# ------------------------------------------------------------------ the log
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


# ------------------------------------------------------------------ lines that fit
def by_name(cards: Iterable[dict[str, Any]]) -> dict[str, tuple[int, dict[str, Any]]]:
    """A hand's cards by name, in the order first seen: how many copies and the first copy (a
    hand line lists each name once, "Spark ×2")."""
    out: dict[str, tuple[int, dict[str, Any]]] = {}
    for c in cards:
        nm = c["name"]
        n, first = out.get(nm, (0, c))
        out[nm] = (n + 1, first)
    return out


def named(name: str, copies: int) -> Text:
    """A card name in bold with its copies when more than one ("Spark ×2")."""
    t = Text(name, style="bold")
    if copies > 1:
        t.append(f" ×{copies}", style="bold")
    return t


def fit(t: Text, width: int) -> Text:
    """``t`` as exactly one line of at most ``width`` cells (an ellipsis where it is cut)."""
    t = t.copy()
    t.no_wrap = True
    t.overflow = "ellipsis"
    t.truncate(max(1, width), overflow="ellipsis")
    return t


def with_more(t: Text, more: int, width: int) -> Text:
    """``t`` cut to leave room for a visible '… N more' at its end."""
    tail = f" … {more} more"
    out = fit(t, max(1, width - len(tail)))
    out.append(tail, style="dim")
    return out


def pack(entries: list[Text], width: int, head: Text, max_lines: int | None = None, sep: str = " · ") -> list[Text]:
    """Entries joined by ``sep`` into as few lines as fit ``width`` (``head`` starts the first).
    With ``max_lines``, entries that do not fit are counted in a closing '… N more'."""
    lines: list[Text] = []
    line, n = head.copy(), 0
    for i, e in enumerate(entries):
        s = Text(sep if n else "")
        last = max_lines is not None and len(lines) == max_lines - 1
        tail = len(f" … {len(entries) - i - 1} more") if last and i < len(entries) - 1 else 0
        if n and line.cell_len + s.cell_len + e.cell_len + tail > width:
            if last:
                line.append(f" … {len(entries) - i} more", style="dim")
                break
            lines.append(line)
            line, n, s = Text("  "), 0, Text("")
        line.append_text(s)
        line.append_text(e)
        n += 1
    lines.append(line)
    return [fit(x, width) for x in lines]


# ------------------------------------------------------------------ cards on screen
def summary_text(name: str, summary: str) -> Text:
    """A card's one-line summary with its name in bold."""
    t = Text(name, style="bold")
    if summary.startswith(name):
        t.append(summary[len(name):])
    return t


def discard_row(p: dict[str, Any], label: str) -> tuple[Text, Text]:
    pile = p.get("discard") or []
    head = Text(f"  {label} ({len(pile)})", style="bold")
    if not pile:
        return head, Text("empty", style="dim")
    top = [c["name"] for c in reversed(pile[-DISCARD_SHOWN:])]
    more = f", … {len(pile) - DISCARD_SHOWN} more" if len(pile) > DISCARD_SHOWN else ""
    return head, Text("top: " + ", ".join(top) + more)


def discard_section(players: list[dict[str, Any]], me: int) -> list[RenderableType]:
    """Every seat's discard pile (public): its size and the top few cards."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for q in seat_order(players, me):
        grid.add_row(*discard_row(players[q], "yours" if q == me else player_name(q)))
    return [Text("Discard piles", style="bold underline"), grid]


# ------------------------------------------------------------------ the decision
class NumberedRows:
    """Numbered rows (a wrapped label keeps its indent): one column, or more (numbered down
    the columns) when there are many short ones and the screen is wide enough."""

    def __init__(self, rows: list[tuple[Text, Text]]) -> None:
        self.rows = rows

    def columns(self, width: int) -> int:
        rows = self.rows
        widest = max((n.cell_len + t.cell_len for n, t in rows), default=0)
        for cols in (3, 2):
            if len(rows) > 4 * cols and width >= cols * (widest + 2):
                return cols
        return 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = self.rows
        cols = self.columns(options.max_width)
        grid = Table.grid(padding=(0, 1, 0, 0))
        for _ in range(cols):
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


class PromptRule:
    """The decision's prompt as a rule across the screen, or, when it is too long for one,
    the prompt wrapped under a plain rule: a prompt is never cut."""

    def __init__(self, title: str) -> None:
        self.title = title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if Text(self.title).cell_len + 6 <= options.max_width:
            yield Rule(self.title, style="green")
            return
        yield Rule(style="green")
        yield Text(self.title, style="green")


def render_actions(view: dict[str, Any], first: int = 1, last: int | None = None,
                   more: bool = False) -> RenderableType:
    """The decision prompt and the numbered legal actions of ``view`` (options ``first`` to
    ``last``; ``more``: say that the others are one 'more' away)."""
    actions = view.get("legal_actions") or []
    last = len(actions) if last is None else last
    deciding = view.get("deciding") or {}
    prompt = deciding.get("prompt") or "Choose an action"
    parts: list[RenderableType] = [PromptRule(f"{player_name(view['you'])}: {prompt}")]
    labels = [a["label"] for a in actions]
    width = len(str(max((a.get("n", i) for i, a in enumerate(actions, 1)), default=1)))
    rows = []
    for i in range(first, last + 1):
        a = actions[i - 1]
        t = Text(a["label"])
        if labels.count(a["label"]) > 1:
            t.append(f"  [{a['id']}]", style="dim")
        rows.append((Text(f"  {a.get('n', i):>{width}}.", style="bold green"), t))   # "n": kept through picks
    parts.append(NumberedRows(rows))
    if more:
        parts.append(Text(f"  options {first}-{last} of {len(actions)} · 'more' shows the others "
                          "(any number works)", style="dim"))
    return Group(*parts)
