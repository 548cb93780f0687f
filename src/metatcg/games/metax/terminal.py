"""MetaX in a terminal: the turn header, VP/MP counts, each side's Characters, the Battle Zone,
your hand and the discard piles. Drawn from ``state.view(p)`` and the card facts of
``present.py`` (Stats, Ranks, MP), with the shared pieces of ``metatcg.ui``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...engine.game import Game
from ...ui.layout import discard_section, log_section, player_name, seat_label, seat_order
from ...ui.terminal import GameUI
from .cards import STAT_SHORT

if TYPE_CHECKING:  # pragma: no cover
    from .present import MetaXPresentation


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


def _stats_text(pres: "MetaXPresentation", ch: dict) -> Text:
    """Current Ranks, each with its change from the printed Rank."""
    t = Text()
    for i, (s, r) in enumerate(ch.get("stats", {}).items()):
        if i:
            t.append(" ")
        t.append(f"{STAT_SHORT.get(s, s)} {r}")
        b = pres.base_rank(ch["name"], s)
        if b is not None and b != r:
            t.append(f"({r - b:+d})", style="cyan")
    return t


def _character_line(pres: "MetaXPresentation", ch: dict, turn: int, tag: bool) -> Text:
    t = Text(ch["name"], style="bold")
    if tag:
        t.append(f" [{ch['id']}]", style="dim")
    t.append("  ")
    t.append_text(_stats_text(pres, ch))
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
        t.append(", ".join(pres.damage_label(d["name"]) for d in dmg), style="red")
    return t


def _board(pres: "MetaXPresentation", p: dict, turn: int, title: str) -> list[RenderableType]:
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
            grid.add_row("  •", _character_line(pres, ch, turn, tag=names.count(ch["name"]) > 1))
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
    """MetaX's terminal renderer (``MetaXPresentation.terminal_ui()``)."""

    def __init__(self, presentation: "MetaXPresentation") -> None:
        super().__init__(presentation)
        self.presentation: "MetaXPresentation" = presentation

    def render_view(self, game: Game, view: dict, new_log: list[str] | None = None,
                    roles: dict[int, str] | None = None) -> RenderableType:
        """Header, counts, boards, hand, discards, log."""
        if "players" not in view or not all(isinstance(p, dict) for p in view["players"]):
            return super().render_view(game, view, new_log, roles)
        pres = self.presentation
        me = view["you"]
        turn = view.get("turn", 0)
        active = view.get("active_player")
        players = view["players"]
        names = _names_by_id(view)
        step = pres.phases.get(view.get("step", ""), str(view.get("step", "")).capitalize())
        head = f"Turn {turn} · {step}" if turn else step
        if active is not None and turn:
            head += " · " + ("your turn" if active == me else f"{player_name(active)}'s turn")
        parts: list[RenderableType] = [Rule(head, style="cyan")]

        vp_to_win = pres.rules["vp_to_win"]
        counts = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("Player", "MP", "VP", "Deck", "Hand", "Discard"):
            counts.add_column(col, justify="left" if col == "Player" else "right")
        order = seat_order(players, me)
        for q in order:
            p = players[q]
            who = seat_label(q, me, roles)
            if q == active and turn:
                who += " ◀ turn"
            counts.add_row(who, str(p.get("mp", "")), f"{p.get('vp', 0)}/{vp_to_win}",
                           str(p.get("deck_count", "")), str(p.get("hand_count", "")),
                           str(len(p.get("discard") or [])), style="bold" if q == me else "")
        parts.append(counts)
        parts.append(Text(""))

        for q in order:
            if q == me:
                continue
            parts += _board(pres, players[q], turn, f"{seat_label(q, me, roles)} in play")
        parts += _attack_lines(view, names)
        parts += _board(pres, players[me], turn, f"{seat_label(me, me, roles)} in play")

        hand = players[me].get("hand") or []
        parts.append(Text(f"Your hand ({len(hand)})", style="bold underline"))
        if not hand:
            parts.append(Text("  (empty)", style="dim"))
        if hand:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(justify="right", no_wrap=True)
            grid.add_column()
            for c in hand:
                grid.add_row("  -", self.card_line(game, c["name"]))
            parts.append(grid)

        parts += discard_section(players, me)
        if view.get("resolving"):
            parts.append(Text("Resolving: " + ", ".join(c["name"] for c in view["resolving"]), style="yellow"))
        parts += log_section(new_log)
        return Group(*parts)
