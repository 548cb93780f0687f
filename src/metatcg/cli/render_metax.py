"""MetaX on screen: the turn header, VP/MP counts, each side's Characters, the Battle Zone,
your hand and both discard piles; MetaX card text and numbers (Stats, Ranks, MP)."""
from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from metatcg.engine.game import Game

from .common import player_name
from .render import (GameUI, card_def, discard_section, log_section, seat_label, seat_order, summary_text)

STAT_SHORT = {"strength": "STR", "intelligence": "INT", "special": "SPE"}
STEP_NAMES = {
    "setup": "Setup", "mulligan": "Mulligans", "prep": "Prep Step", "planning": "Planning Step",
    "battle": "Battle Step: attacks", "defense": "Battle Step: defenders",
    "damage": "Battle Step: damage", "end": "End of turn",
}
VP_TO_WIN = 7


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


class MetaXUI(GameUI):
    length_word = "turns"
    type_order = ("character", "event", "battle")

    def render_view(self, game: Game, view: dict, new_log: list[str] | None = None,
                    roles: dict[int, str] | None = None) -> RenderableType:
        """Header, counts, boards, hand, discards, log."""
        if "players" not in view or not all(isinstance(p, dict) for p in view["players"]):
            return super().render_view(game, view, new_log, roles)
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
        order = seat_order(players, me)
        for q in order:
            p = players[q]
            who = seat_label(q, me, roles)
            if q == active and turn:
                who += " ◀ turn"
            counts.add_row(who, str(p.get("mp", "")), f"{p.get('vp', 0)}/{VP_TO_WIN}",
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

        parts += discard_section(players, me)
        if view.get("resolving"):
            parts.append(Text("Resolving: " + ", ".join(c["name"] for c in view["resolving"]), style="yellow"))
        parts += log_section(new_log)
        return Group(*parts)

    # ---- cards
    def card_kind(self, game: Game, name: str) -> str:
        c = card_def(game, name)
        if c is None:
            return ""
        kind = c.type.capitalize() + (f" ({c.trait})" if getattr(c, "trait", "") else "")
        if c.type == "battle" and len(c.battle_stats) > 1:
            kind += " (Multi-Stat)"
        return kind

    def card_numbers(self, game: Game, name: str) -> str:
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

    def card_details(self, game: Game, name: str) -> RenderableType:
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


UI = MetaXUI()
