"""A player's view (``state.view(p)``) as rich text, and card look-ups.

Everything rendered here comes from the view dict (already redacted by the engine)
plus the public card pool, so nothing a player may not know can reach the screen.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from metatcg.engine.game import Game

from .common import player_name

STAT_SHORT = {"strength": "STR", "intelligence": "INT", "special": "SPE"}
STEP_NAMES = {
    "setup": "Setup", "mulligan": "Mulligans", "prep": "Prep Step", "planning": "Planning Step",
    "battle": "Battle Step: attacks", "defense": "Battle Step: defenders",
    "damage": "Battle Step: damage", "end": "End of turn",
}
DISCARD_SHOWN = 4


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


def card_details(game: Game, name: str) -> RenderableType:
    """The full text of one card, as a small panel."""
    c = card_def(game, name)
    if c is None:
        return Text(name)
    body = Text()
    kind = getattr(c, "type", "")
    number = getattr(c, "number", "")
    mp = getattr(c, "mp", 0)
    if kind == "character":
        stats = "  ".join(f"{STAT_SHORT.get(s, s)} {r}" for s, r in c.stats)
        body.append(f"Character · {c.trait}\n", style="bold")
        body.append(f"Stats: {stats}\nMP when played: +{mp}\n")
    elif kind == "event":
        body.append("Event\n", style="bold")
        body.append(f"Cost: {-mp} MP\n" if mp < 0 else f"MP: {mp:+d}\n")
    elif kind == "battle":
        stats = "/".join(STAT_SHORT.get(s, s) for s in c.battle_stats)
        multi = " (Multi-Stat)" if len(c.battle_stats) > 1 else ""
        body.append(f"Battle Card{multi}\n", style="bold")
        body.append(f"Stat: {stats}  Rank: {c.rank}\nMP: {mp:+d}\n")
    else:
        body.append(f"{kind}\n")
    text = getattr(c, "text", "")
    body.append(text if text else "(no effect)", style="italic" if not text else "")
    title = f"[bold]{escape(name)}[/]" + (f" [dim]{escape(number)}[/]" if number else "")
    return Panel(body, title=title, title_align="left", expand=False)


def card_numbers(game: Game, name: str) -> str:
    """Type-specific numbers of a card, short: '+2 MP · STR 7 INT 3', 'STR 4 · +2 MP'."""
    c = card_def(game, name)
    if c is None:
        return ""
    if c.type == "character":
        return f"+{c.mp} MP · " + " ".join(f"{STAT_SHORT.get(s, s)} {r}" for s, r in c.stats)
    if c.type == "event":
        return f"{c.mp:+d} MP"
    if c.type == "battle":
        return f"{'/'.join(STAT_SHORT.get(s, s) for s in c.battle_stats)} {c.rank} · {c.mp:+d} MP"
    return ""


def cards_table(game: Game, names: Iterable[str], title: str | None = None) -> Table:
    table = Table(title=title, title_justify="left", show_lines=True, expand=False)
    table.add_column("Card", min_width=14)
    table.add_column("Type / numbers", min_width=16)
    table.add_column("Text", min_width=28)
    for n in names:
        c = card_def(game, n)
        if c is None:
            table.add_row(escape(n), "", "")
            continue
        kind = c.type.capitalize() + (f" ({c.trait})" if getattr(c, "trait", "") else "")
        if c.type == "battle" and len(c.battle_stats) > 1:
            kind += " (Multi-Stat)"
        name_cell = f"[bold]{escape(n)}[/]" + (f"\n[dim]{escape(c.number)}[/]" if c.number else "")
        table.add_row(name_cell, f"{escape(kind)}\n{escape(card_numbers(game, n))}",
                      escape(c.text or "") or "[dim](no effect)[/]")
    return table


# ------------------------------------------------------------------ the view
def _names_by_id(view: dict) -> dict[str, str]:
    out: dict[str, str] = {}

    def add(card: Any) -> None:
        if isinstance(card, dict) and "id" in card and "name" in card:
            out[card["id"]] = card["name"]

    for p in view.get("players", []):
        for key in ("hand", "discard", "characters"):
            for c in p.get(key) or []:
                add(c)
                if key == "characters":
                    for dmg in c.get("damage", []):
                        add(dmg)
    for a in view.get("battle_zone", []):
        add(a.get("battle_card"))
        add(a.get("defender_card"))
    for c in view.get("resolving", []):
        add(c)
    return out


def _stats_text(game: Game, ch: dict) -> Text:
    base = card_def(game, ch["name"])
    t = Text()
    for i, (s, r) in enumerate(ch.get("stats", {}).items()):
        if i:
            t.append(" ")
        t.append(f"{STAT_SHORT.get(s, s)} {r}")
        b = base.base_rank(s) if base is not None and hasattr(base, "base_rank") else r
        if b != r:
            t.append(f"({r - b:+d})", style="cyan")
    return t


def _damage_label(game: Game, card: dict) -> str:
    c = card_def(game, card["name"])
    if c is None or c.type != "battle":
        return card["name"]
    return f"{card['name']} ({'/'.join(STAT_SHORT.get(s, s) for s in c.battle_stats)} {c.rank})"


def _character_line(game: Game, ch: dict, turn: int, tag: bool) -> Text:
    t = Text(ch["name"], style="bold")
    if tag:
        t.append(f" [{ch['id']}]", style="dim")
    t.append("  ")
    t.append_text(_stats_text(game, ch))
    t.append("  ")
    if ch.get("pushed"):
        t.append("Pushed", style="yellow")
    else:
        t.append("Prepped", style="green")
    if ch.get("entered_turn") == turn:
        t.append("  new this turn", style="dim")
    if ch.get("keywords"):
        t.append("  " + ", ".join(k.capitalize() for k in ch["keywords"]), style="magenta")
    if ch.get("in_battle_zone"):
        t.append("  in Battle Zone", style="bold red")
    dmg = ch.get("damage") or []
    if dmg:
        t.append(f"  Damage ({len(dmg)}): ", style="red")
        t.append(", ".join(_damage_label(game, d) for d in dmg), style="red")
    return t


def _board(game: Game, p: dict, turn: int, title: str) -> list[RenderableType]:
    out: list[RenderableType] = [Text(title, style="bold underline")]
    chars = p.get("characters") or []
    if not chars:
        out.append(Text("  (no Characters in play)", style="dim"))
    names = [c["name"] for c in chars]
    if chars:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column()
        for ch in chars:
            grid.add_row("  •", _character_line(game, ch, turn, tag=names.count(ch["name"]) > 1))
        out.append(grid)
    return out


def _attack_lines(view: dict, names: dict[str, str]) -> list[RenderableType]:
    attacks = view.get("battle_zone") or []
    if not attacks:
        return []
    out: list[RenderableType] = [Text("Battle Zone", style="bold underline")]
    for a in attacks:
        t = Text("  ⚔ ")
        t.append(names.get(a["lead"], a["lead"]), style="bold")
        t.append(" attacks with ")
        t.append(a["battle_card"]["name"], style="bold")
        if a.get("links"):
            t.append(" + Linked: " + ", ".join(names.get(x, x) for x in a["links"]))
        if a.get("named_stat"):
            t.append(f" (naming {a['named_stat'].capitalize()})")
        if a.get("defender"):
            t.append(" → defended by ")
            t.append(names.get(a["defender"], a["defender"]), style="bold")
            if a.get("defender_card"):
                t.append(" with ")
                t.append(a["defender_card"]["name"], style="bold")
        else:
            t.append(" → undefended", style="dim")
        if a.get("resolved"):
            t.append("  (resolved)", style="dim")
        out.append(t)
    return out


def _discard_row(p: dict, label: str) -> tuple[Text, Text]:
    pile = p.get("discard") or []
    head = Text(f"  {label} ({len(pile)})", style="bold")
    if not pile:
        return head, Text("empty", style="dim")
    top = [c["name"] for c in reversed(pile[-DISCARD_SHOWN:])]
    more = f", … {len(pile) - DISCARD_SHOWN} more" if len(pile) > DISCARD_SHOWN else ""
    return head, Text("top: " + ", ".join(top) + more)


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


def seat_label(player: int, me: int, roles: dict[int, str] | None) -> str:
    role = (roles or {}).get(player)
    if player == me:
        role = "you"
    return f"{player_name(player)} ({role})" if role else player_name(player)


def render_view(game: Game, view: dict, new_log: list[str] | None = None,
                roles: dict[int, str] | None = None) -> RenderableType:
    """Everything ``view['you']`` may see, top to bottom: header, counts, boards, hand, log."""
    if "players" not in view or not all(isinstance(p, dict) for p in view["players"]):
        return _render_generic(view, new_log)
    me = view["you"]
    turn = view.get("turn", 0)
    active = view.get("active_player")
    players = view["players"]
    names = _names_by_id(view)
    step = STEP_NAMES.get(view.get("step", ""), str(view.get("step", "")).capitalize())
    head = f"Turn {turn} · {step}" if turn else step
    if active is not None and turn:
        head += " · " + ("your turn" if active == me else f"{player_name(active)}'s turn")
    parts: list[RenderableType] = [Rule(head, style="cyan")]

    counts = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for col in ("Player", "MP", "VP", "Deck", "Hand", "Discard"):
        counts.add_column(col, justify="left" if col == "Player" else "right")
    order = [q for q in range(len(players)) if q != me] + [me]
    for q in order:
        p = players[q]
        who = seat_label(q, me, roles)
        if q == active and turn:
            who += " ◀ turn"
        counts.add_row(who, str(p.get("mp", "")), f"{p.get('vp', 0)}/7" if game.id == "metax" else str(p.get("vp", "")),
                       str(p.get("deck_count", "")), str(p.get("hand_count", "")),
                       str(len(p.get("discard") or [])), style="bold" if q == me else "")
    parts.append(counts)
    parts.append(Text(""))

    for q in order:
        if q == me:
            continue
        parts += _board(game, players[q], turn, f"{seat_label(q, me, roles)} in play")
    parts += _attack_lines(view, names)
    parts += _board(game, players[me], turn, f"{seat_label(me, me, roles)} in play")

    hand = players[me].get("hand") or []
    parts.append(Text(f"Your hand ({len(hand)})", style="bold underline"))
    if not hand:
        parts.append(Text("  (empty)", style="dim"))
    if hand:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column()
        for c in hand:
            grid.add_row("  -", summary_text(game, c["name"]))
        parts.append(grid)

    parts.append(Text("Discard piles", style="bold underline"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for q in order:
        grid.add_row(*_discard_row(players[q], "yours" if q == me else player_name(q)))
    parts.append(grid)
    if view.get("resolving"):
        parts.append(Text("Resolving: " + ", ".join(c["name"] for c in view["resolving"]), style="yellow"))

    if new_log:
        parts.append(Rule("what happened", style="dim"))
        parts.extend(log_line(line) for line in compact_log(new_log))
    return Group(*parts)


def _render_generic(view: dict, new_log: list[str] | None) -> RenderableType:
    """Fallback for a game whose view has another shape: show its public keys."""
    import json
    body = {k: v for k, v in view.items() if k not in ("log", "legal_actions")}
    parts: list[RenderableType] = [Rule(f"{view.get('game', '')}: view of {player_name(view.get('you', 0))}"),
                                   Text(json.dumps(body, indent=1))]
    if new_log:
        parts.append(Rule("what happened", style="dim"))
        parts.extend(log_line(line) for line in new_log)
    return Group(*parts)


def render_actions(view: dict) -> RenderableType:
    """The decision prompt and the numbered legal actions."""
    actions = view.get("legal_actions") or []
    deciding = view.get("deciding") or {}
    prompt = deciding.get("prompt") or "Choose an action"
    parts: list[RenderableType] = [Rule(f"{player_name(view['you'])}: {prompt}", style="green")]
    labels = [a["label"] for a in actions]
    width = len(str(len(actions)))
    for i, a in enumerate(actions, 1):
        t = Text(f"  {i:>{width}}. ", style="bold green")
        t.append(a["label"])
        if labels.count(a["label"]) > 1:
            t.append(f"  [{a['id']}]", style="dim")
        parts.append(t)
    return Group(*parts)


HELP_TEXT = ("Type a number to choose. Also: [bold]?N[/] cards in option N · [bold]card NAME[/] "
             "a card's full text · [bold]hand[/] · [bold]board[/] · [bold]log[/] full log · "
             "[bold]help[/] · [bold]quit[/]")
