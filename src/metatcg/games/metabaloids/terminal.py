"""Metabaloids in a terminal: every seat's play area (2 to 4 seats), drawn as its three columns
side by side, with the counts that matter (lost cards are the score: fewest wins), the reserve
and event areas, the battle in progress with its totals, the setup deployment points and your
hand. Drawn from ``state.view(p)`` and the card facts of ``present.py``.

Two boards: the full one (the ``board`` command, and ``render_view`` with the log below) and a
compact one that fits a line budget, so that board, the last log lines and the numbered options
share one screen. The compact board is made of single lines, each cut to the width, so counting
lines is exact. It tries layouts from the roomiest (seats side by side as panels, grids drawn as
columns) to the tightest (one line per opponent, your own grid in full) and takes the first that
fits; what still does not fit is cut with a visible "… N more".

Marks on a card: ``⟂`` safe (turned sideways, MB-SAFE), ``»`` the attacking card or the target
of the battle in progress (highlighted), ``✓`` used its ability this round.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...engine.game import Game
from ...ui.layout import by_name, fit, pack, player_name, with_more, seat_label, seat_order
from ...ui.terminal import GameUIOf
from .data import SETUP_POINTS
from .present import SHORT_PHASES

if TYPE_CHECKING:  # pragma: no cover
    from .present import MetabaloidsPresentation

SAFE = "⟂"
MARKED = "»"
USED = "✓"
COLUMN_NAMES = ("left", "middle", "right")
ROOMY = 44      # panels at least this wide draw names in full enough to read
TIGHT = 30      # narrower panels than this are not worth it: seats are stacked instead
GAP = 2         # columns between panels
SHOWN = 4       # cards of a discard or lost pile the full board names

COUNTS_LEGEND = "L lost · h hand · d draw pile · x discard · r reserve · e events"
LEGEND = (f"{SAFE} safe (sideways) · {MARKED} attacking card / target · {USED} used its ability this round · "
          "cards show ATK/DEF · ◀ whose turn · ? deciding now · compact counts: L lost, h hand, d draw pile, "
          "x discard, r reserve, e events")

ATTACKER_STYLE = "bold red reverse"
TARGET_STYLE = "bold yellow reverse"

View = dict[str, Any]      # a seat's view (or a part of it), as view.py builds it


# ------------------------------------------------------------------ one-line pieces
SHORT_COUNTS = re.compile(r"\bL\d+ h\d+ d\d+ x\d+")


def legend_lines(lines: list[Text], width: int) -> list[Text]:
    """A line saying what the short counts stand for, when some line uses them."""
    if any(SHORT_COUNTS.search(x.plain) for x in lines):
        return [fit(Text(COUNTS_LEGEND, style="dim"), width)]
    return []


def pad(t: Text, width: int) -> Text:
    t = fit(t, width)
    t.pad_right(width - t.cell_len)
    return t


def side_by_side(blocks: list[list[Text]], widths: list[int]) -> list[Text]:
    """Blocks of lines next to each other, each ``widths[i]`` wide, ``GAP`` apart."""
    out = []
    for i in range(max((len(b) for b in blocks), default=0)):
        line = Text()
        for k, (b, w) in enumerate(zip(blocks, widths)):
            if k:
                line.append(" " * GAP)
            line.append_text(pad(b[i] if i < len(b) else Text(""), w))
        line.rstrip()
        out.append(line)
    return out


# ------------------------------------------------------------------ facts read from the view
def battle_ids(view: View) -> tuple[str, str]:
    """The ids of the attacking card and of the target ('' without a battle)."""
    b = view.get("battle")
    if not b:
        return "", ""
    return b["attacking_card"]["id"], b["target_card"]["id"]


def card_style(card: View, marks: tuple[str, str]) -> str:
    if card["id"] == marks[0]:
        return ATTACKER_STYLE
    if card["id"] == marks[1]:
        return TARGET_STYLE
    if card.get("safe"):
        return "dim"
    return ""


def card_cell(card: View, width: int, marks: tuple[str, str], numbers: bool = True) -> Text:
    """A card in a grid: '»Hearth Drake 3/2✓' (marks, name cut to fit, ATK/DEF, used)."""
    mark = MARKED if card.get("marked") else SAFE if card.get("safe") else ""
    nums = f" {card['attack']}/{card['defense']}" if numbers else ""
    used = USED if card.get("used") else ""
    room = max(1, width - len(mark) - len(nums) - len(used))
    name = card["name"] if len(card["name"]) <= room else card["name"][:max(1, room - 1)] + "…"
    t = Text(mark + name, style=card_style(card, marks))
    t.append(nums, style="dim" if card.get("safe") and not card.get("marked") else "")
    if used:
        t.append(used, style="cyan")
    return t


def column_sum(view: View, seat: int, col: int, stat: str) -> int:
    """Printed Attack (or Defense) of the cards of a column that are not safe (MB-TOT-7)."""
    return sum(c[stat] for c in view["players"][seat]["columns"][col] if not c.get("safe"))


def grid_lines(p: View, width: int, marks: tuple[str, str], indent: int = 0) -> list[Text]:
    """The three columns side by side, a row of cards a line; '–' marks a column not started."""
    cols = p.get("columns") or [[], [], []]
    if not any(cols):
        return [Text(" " * indent) + Text("(no cards in play)", style="dim")]
    cw = max(4, (width - indent - GAP * (len(cols) - 1)) // len(cols))
    depth = max(len(c) for c in cols)
    out = []
    for r in range(depth):
        cells = []
        for col in cols:
            if r < len(col):
                cells.append(card_cell(col[r], cw, marks))
            else:
                cells.append(Text("–" if r == 0 else "", style="dim"))
        line = Text(" " * indent) + side_by_side([[c] for c in cells], [cw] * len(cells))[0]
        out.append(fit(line, width))
    return out


def inline_grid(p: View, marks: tuple[str, str], level: int) -> Text:
    """The grid on one line, columns split by '│': level 0 names in full, 1 names cut to 7
    letters, 2 only numbers."""
    t = Text()
    for i, col in enumerate(p.get("columns") or []):
        if i:
            t.append(" │ ", style="dim")
        if not col:
            t.append("–", style="dim")
            continue
        for k, c in enumerate(col):
            if k:
                t.append(", " if level == 0 else ",")
            if level == 2:
                mark = MARKED if c.get("marked") else SAFE if c.get("safe") else ""
                t.append(f"{mark}{c['attack']}/{c['defense']}", style=card_style(c, marks))
                if c.get("used"):
                    t.append(USED, style="cyan")
            else:
                width = 99 if level == 0 else 8
                t.append_text(card_cell(c, width + 5 + int(bool(c.get("marked") or c.get("safe"))), marks))
    return t


def seat_pieces(view: View, q: int, roles: dict[int, str] | None, level: int, zones: bool = True) -> list[Text]:
    """A seat's header as pieces: who (◀ whose turn, ? deciding now), lost (the score), hand,
    draw pile, discard pile, reserve, events, and in setup the points deployed. ``level`` 0 names
    the top cards and zone contents, 1 only counts them, 2 counts in letters ('L3 h5 d20');
    ``zones`` false leaves the reserve and events out (a line of their own names them)."""
    me = view["you"]
    p = view["players"][q]
    short = level >= 2
    active = view.get("active") == q and view.get("phase") not in ("setup", "over")
    deciding = (view.get("deciding") or {}).get("player")
    who = Text(player_name(q) + " (you)" if short and q == me else player_name(q) if short
               else seat_label(q, me, roles), style="bold")
    if active:
        who.append(" ◀", style="bold green")
    elif deciding == q:
        who.append(" ?", style="green")
    hand = Text(f"h{p['hand_count']}" if short else f"hand {p['hand_count']}")
    seen = p.get("hand_seen") or []
    if q != me and seen and level == 0:
        hand.append(" (seen: " + ", ".join(c["name"] for c in seen) + ")", style="dim")
    pieces = [who, Text(f"L{p['lost_count']}" if short else f"lost {p['lost_count']}", style="bold red"), hand]
    draw = Text(f"d{p['draw_count']}" if short else f"draw {p['draw_count']}")
    if p.get("draw_top") and level == 0:
        draw.append(f" (top {p['draw_top']['name']})")
    pieces.append(draw)
    pile = p.get("discard") or []
    disc = Text(f"x{len(pile)}" if short else f"discard {len(pile)}")
    if pile and level == 0:
        disc.append(f" (top {pile[-1]['name']})")
    pieces.append(disc)
    for key, letter in (("reserve", "r"), ("events", "e")):
        zone = p.get(key) or []
        if not zone or not zones:
            continue
        if level == 0:
            pieces.append(Text(f"{key}: " + ", ".join(c["name"] for c in zone), style="magenta"))
        else:
            pieces.append(Text(f"{letter}{len(zone)}" if short else f"{key} {len(zone)}", style="magenta"))
    setup = view.get("setup")
    if setup and q < len(setup.get("points", [])):
        done = setup["done"][q]
        pts = f"{setup['points'][q]}/{SETUP_POINTS}"
        pieces.append(Text(pts + ("✓" if done else "") if short else f"deployed {pts}" + (" done" if done else ""),
                           style="yellow"))
    return pieces


def zone_line(p: View, width: int, indent: int = 2) -> list[Text]:
    """'reserve: Ember Newt, Sugar Mite · events: Hibernate' (no line when both are empty)."""
    entries = []
    for key in ("reserve", "events"):
        zone = p.get(key) or []
        if zone:
            entries.append(Text(f"{key}: " + ", ".join(c["name"] for c in zone), style="magenta"))
    return pack(entries, width, Text(" " * indent), 1) if entries else []


def seat_header(view: View, q: int, roles: dict[int, str] | None, width: int, max_lines: int = 1,
                zones: bool = True) -> list[Text]:
    """A seat's header in at most ``max_lines`` lines of ``width``: the fullest wording that fits
    (``zones``: see :func:`seat_pieces`)."""
    for level in (0, 1, 2):
        lines = pack(seat_pieces(view, q, roles, level, zones), width, Text(""))
        if len(lines) <= max_lines and all(ln.cell_len <= width for ln in lines):
            return lines
    return [fit(Text(" ").join(seat_pieces(view, q, roles, 2)), width)]


def header_text(pres: "MetabaloidsPresentation", view: View, short: bool = False) -> str:
    """'Turn 5 · Attack Phase · P2's turn'."""
    me = view["you"]
    phase = view.get("phase", "")
    names = SHORT_PHASES if short else pres.phases
    head = names.get(phase, str(phase).capitalize())
    turn = view.get("turn", 0)
    if turn and phase not in ("setup",):
        head = f"Turn {turn} · {head}"
    if phase not in ("setup", "over"):
        active = int(view.get("active", 0))
        head += " · " + ("your turn" if active == me else f"{player_name(active)}'s turn")
    if view.get("short_game"):
        head += " · short game"
    res = view.get("result")
    if res:
        head += " · " + outcome(view)
    return head


def outcome(view: View) -> str:
    """'P2 wins', 'draw: P1, P3', from the result's returns."""
    returns = (view.get("result") or {}).get("returns") or []
    wins = [q for q, r in enumerate(returns) if r > 0]
    if wins:
        return " and ".join(player_name(q) for q in wins) + " wins"
    tied = [q for q, r in enumerate(returns) if r == 0]
    return "draw" + (": " + ", ".join(player_name(q) for q in tied) if tied and len(tied) < len(returns) else "")


def battle_lines(view: View, width: int | None, one_line: bool = False) -> list[Text]:
    """The battle in progress: who attacks which card with which column, and the totals
    (column + drawn card + card bonuses); ``width`` None: lines that may wrap (the full board)."""
    b = view.get("battle")
    if not b:
        return []
    a, d = b["attacker"], b["defender"]
    ac, dc = b["attack_column"], b["defense_column"]
    asum, dsum = column_sum(view, a, ac, "attack"), column_sum(view, d, dc, "defense")
    if one_line:
        t = Text("⚔ ", style="red")
        t.append(f"{player_name(a)} {COLUMN_NAMES[ac]} ")
        t.append(b["attacking_card"]["name"], style=ATTACKER_STYLE)
        t.append(f" {b['attack_total'] if b['attack_total'] is not None and not decided(b) else asum}",
                 style="bold")
        t.append(f" vs {player_name(d)} {COLUMN_NAMES[dc]} ")
        t.append(b["target_card"]["name"], style=TARGET_STYLE)
        t.append(f" {b['defense_total'] if b['defense_total'] is not None and not decided(b) else dsum}",
                 style="bold")
        return [fit(t, width or 80)]
    first = Text("")
    for level in (2, 1, 0):     # the fullest wording that fits
        first = Text("⚔ Battle: " if level == 2 else "⚔ ", style="bold red")
        first.append(f"{player_name(a)} {column_word(ac, level)} ")
        first.append(MARKED + b["attacking_card"]["name"], style=ATTACKER_STYLE)
        first.append(f" attacks {player_name(d)} " if level else f" → {player_name(d)} ")
        first.append(column_word(dc, level) + " ")
        first.append(MARKED + b["target_card"]["name"], style=TARGET_STYLE)
        if width is None or first.cell_len <= width:
            break
    second = Text("  ")
    named = width is None or width >= 100
    second.append_text(side_total("ATK", asum, b.get("attack_draw"), b["attack_bonus"], b.get("attack_total"), named))
    second.append("  vs  ", style="bold")
    second.append_text(side_total("DEF", dsum, b.get("defense_draw"), b["defense_bonus"], b.get("defense_total"),
                                  named))
    if b.get("attack_total") is None:
        second.append(" · draws to come", style="dim")
    elif decided(b):
        second = Text(f"  decided: attack {b['attack_total']} vs defense {b['defense_total']} · "
                      "losses are being paid", style="dim")
    if width is None:
        return [first, second]
    return [fit(first, width), fit(second, width)]


def column_word(col: int, level: int) -> str:
    """'left column' (level 2), 'left' (1), 'L' (0)."""
    name = COLUMN_NAMES[col]
    return f"{name} column" if level == 2 else name if level == 1 else name[0].upper()


def decided(b: View) -> bool:
    """The result is in: the drawn cards have gone to their piles (the view keeps the fixed totals)."""
    return b.get("attack_total") is not None and b.get("attack_draw") is None and b.get("defense_draw") is None


def side_total(stat: str, column: int, drawn: View | None, bonus: int, total: int | None, named: bool) -> Text:
    """'ATK 5 + draw 2 (Sugar Mite) + bonus 1 = 8'."""
    t = Text(f"{stat} {column}")
    if drawn:
        t.append(f" + draw {drawn['cost']}")
        if named:
            t.append(f" ({drawn['name']})", style="dim")
    if bonus:
        t.append(f" {'+' if bonus > 0 else '-'} bonus {abs(bonus)}", style="cyan")
    if total is not None:
        t.append(" = ")
        t.append(str(total), style="bold")
    return t


def hand_entry(card: View, count: int, numbers: str = "") -> Text:
    """'Sugar Mite c1 1/0/2' (cost, ATK/DEF/META; an Event shows 'ev' for its ATK), or with
    ``numbers`` (a wide screen) the card's own numbers: 'Sugar Mite C1 · ATK 1 DEF 0 · META 2'."""
    t = Text(card["name"], style="bold")
    if count > 1:
        t.append(f" ×{count}", style="bold")
    event = card.get("_event", False)
    if numbers:
        t.append(" " + numbers)
    else:
        t.append(f" c{card['cost']} {'ev' if event else card['attack']}/{card['defense']}/{card['meta']}")
    return t


# ------------------------------------------------------------------ the renderer
class MetabaloidsUI(GameUIOf["MetabaloidsPresentation"]):
    """Metabaloids' terminal renderer (``MetabaloidsPresentation.terminal_renderer``)."""

    def owns(self, view: View) -> bool:
        players = view.get("players")
        return isinstance(players, list) and all(isinstance(p, dict) and "columns" in p for p in players)

    def progress(self, view: dict[str, Any]) -> str:
        if view.get("phase") == "setup":
            return "setup (initial deployment)"
        return super().progress(view)

    def compact_board(self, game: Game, view: View, roles: dict[int, str] | None, max_lines: int,
                      width: int) -> RenderableType:
        return Group(*self.compact_lines(view, roles, max_lines, width))

    # ---- hand entries know which cards are Events (the view's cards do not say)
    def _hand_entries(self, hand: list[View], wide: bool) -> list[Text]:
        out = []
        for nm, (n, first) in by_name(hand).items():
            d = self.presentation.card_def(nm)
            card = dict(first, _event=d is not None and d.is_event)
            out.append(hand_entry(card, n, d.numbers() if wide and d is not None else ""))
        return out

    def hand_lines(self, view: View, width: int, max_lines: int | None) -> list[Text]:
        me = view["you"]
        hand = view["players"][me].get("hand") or []
        wide = width >= 120
        head = Text(f"Your hand ({len(hand)}" + ("" if wide else ", cost ATK/DEF/META") + "): ", style="bold")
        if not hand:
            return [fit(head + Text("empty", style="dim"), width)]
        return pack(self._hand_entries(hand, wide), width, head, max_lines)

    # ---- the compact board
    def compact_lines(self, view: View, roles: dict[int, str] | None, max_lines: int, width: int) -> list[Text]:
        """The compact board as single lines: at most ``max_lines``, each at most ``width``."""
        pres = self.presentation
        max_lines = max(1, max_lines)
        n = len(view["players"])
        wide_head = header_text(pres, view)
        head_s = wide_head if len(wide_head) + 4 <= width else header_text(pres, view, short=True)
        head = Text("── " + head_s + " ", style="bold cyan")
        head.append("─" * max(0, width - head.cell_len), style="cyan")
        head = fit(head, width)
        hand_need = len(self.hand_lines(view, width, None))
        layouts: list[tuple[str, int]] = []
        per_rows = [k for k in dict.fromkeys((n, (n + 1) // 2)) if k > 1 or n == 1]
        for least in (ROOMY + GAP + 20, ROOMY + GAP):     # names in full first, then cut a little
            layouts += [("panels", k) for k in per_rows
                        if width // k >= least and ("panels", k) not in layouts]
        layouts += [("stacked", 1), ("stacked", 0)]
        if n > 1 and width // n >= TIGHT + GAP and ("panels", n) not in layouts:
            layouts.append(("panels", n))
        layouts += [("collapsed", 0), ("one line", 0), ("collapsed", 1), ("one line", 1)]
        body: list[Text] = []
        for kind, arg in layouts:
            body = self._layout(view, roles, width, kind, arg)
            body += legend_lines(body, width)
            if 1 + len(body) + hand_need <= max_lines:
                break
        room = max_lines - 1 - hand_need - len(body)
        if room < 0:                            # even the tightest layout is too tall: cut it visibly
            keep = max(1, max_lines - 1 - hand_need)
            cut = len(body) - keep
            body = body[:keep]
            if cut > 0:
                body[-1] = with_more(body[-1], cut, width)
        # your hand is never cut: the board may run past max_lines (the screen pages the options)
        return [head] + body + self.hand_lines(view, width, None)

    def _layout(self, view: View, roles: dict[int, str] | None, width: int, kind: str, arg: int) -> list[Text]:
        """The lines between the header and your hand in one layout:
        ``panels`` (``arg`` seats a row), ``stacked`` (every seat its header and grid; ``arg`` 1:
        and a line naming its reserve and events), or
        ``collapsed`` (opponents' counts on a line, their cards inline below, names whole) or
        ``one line`` (opponents on one line each, names cut when they must be; ``arg`` 1 in both:
        the battle on one line too)."""
        me = view["you"]
        players = view["players"]
        order = seat_order(players, me)
        marks = battle_ids(view)
        out: list[Text] = []
        if kind == "panels":
            out += battle_lines(view, width)
            per_row = max(1, arg)
            pw = (width - GAP * (per_row - 1)) // per_row
            for i in range(0, len(order), per_row):
                row = order[i:i + per_row]
                blocks = []
                for q in row:
                    lines = seat_header(view, q, roles, pw, 2)
                    lines += grid_lines(players[q], pw, marks, indent=1)
                    blocks.append(lines)
                out += side_by_side(blocks, [pw] * len(blocks))
            return [fit(x, width) for x in out]
        out += battle_lines(view, width, one_line=kind in ("collapsed", "one line") and arg >= 1)
        zones = kind == "stacked" and arg == 1
        for q in order:
            if kind == "collapsed" and q != me:
                out += self._inline_seat(view, q, roles, width, marks)
                continue
            if kind == "one line" and q != me:
                out.append(self._one_line(view, q, roles, width, marks))
                continue
            out += seat_header(view, q, roles, width, 1, zones=not zones)
            if zones:
                out += zone_line(players[q], width)
            out += grid_lines(players[q], width, marks, indent=2)
        return [fit(x, width) for x in out]

    def _inline_seat(self, view: View, q: int, roles: dict[int, str] | None, width: int,
                     marks: tuple[str, str]) -> list[Text]:
        """An opponent in few lines: its counts, then its grid inline, a column after another
        ('│' between them), every card by its whole name. A grid that wraps names its columns."""
        head = seat_header(view, q, roles, width, 1)
        columns = view["players"][q].get("columns") or []
        if not any(columns):
            return head + [Text("  (no cards in play)", style="dim")]
        cols = [inline_grid({"columns": [col]}, marks, 0) for col in columns]
        lines = pack(cols, width, Text("  "), sep=" │ ")
        if len(lines) > 1 or any(x.plain.endswith("…") for x in lines):
            named = [Text(f"{COLUMN_NAMES[i]}: ", style="dim") + c for i, c in enumerate(cols) if columns[i]]
            lines = pack(named, width, Text("  "), sep=" │ ")
        return head + lines

    def _one_line(self, view: View, q: int, roles: dict[int, str] | None, width: int,
                  marks: tuple[str, str]) -> Text:
        """An opponent on one line: short counts, then the grid inline (as full as fits; with
        no names at all it ends with '…', so that a screen with room to spare shows more)."""
        head = Text(" ").join(seat_pieces(view, q, roles, 2))
        for level in (0, 1, 2):
            t = head + Text(" │ ", style="dim") + inline_grid(view["players"][q], marks, level)
            if level == 2 and any(view["players"][q].get("columns") or []):
                t.append(" …", style="dim")
            if t.cell_len <= width:
                return t
        return fit(t, width)

    # ---- the full board
    def full_board(self, game: Game, view: View, roles: dict[int, str] | None = None) -> RenderableType:
        """Header, the score table, the battle, every seat's columns, reserve, events and piles,
        your hand and a legend of the marks."""
        pres = self.presentation
        me = view["you"]
        players = view["players"]
        order = seat_order(players, me)
        marks = battle_ids(view)
        parts: list[RenderableType] = [Rule(header_text(pres, view), style="cyan")]

        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        cols = ["Player", "Lost", "Hand", "Draw", "Discard", "Reserve", "Events"]
        setup = view.get("setup")
        if setup:
            cols.append("Deployed")
        for c in cols:
            table.add_column(c, justify="left" if c == "Player" else "right")
        for q in order:
            p = players[q]
            who = seat_label(q, me, roles)
            if view.get("active") == q and view.get("phase") not in ("setup", "over"):
                who += " ◀ turn"
            row = [who, str(p["lost_count"]), str(p["hand_count"]), str(p["draw_count"]),
                   str(len(p.get("discard") or [])), str(len(p.get("reserve") or [])),
                   str(len(p.get("events") or []))]
            if setup:
                row.append(f"{setup['points'][q]}/{SETUP_POINTS}" + (" done" if setup["done"][q] else ""))
            table.add_row(*row, style="bold" if q == me else "")
        parts.append(table)
        parts.append(Text("Lost cards are the score: fewest lost wins.", style="dim"))
        if view.get("battle"):
            parts.append(Text(""))
            parts += battle_lines(view, None)
        for q in order:
            parts.append(Text(""))
            parts += self._seat_section(view, q, roles, marks)
        parts += self.hand_section(game, "Your hand", players[me].get("hand") or [])
        parts.append(Text(LEGEND, style="dim"))
        return Group(*parts)

    def _seat_section(self, view: View, q: int, roles: dict[int, str] | None,
                      marks: tuple[str, str]) -> list[RenderableType]:
        me = view["you"]
        p = view["players"][q]
        title = Text(f"{seat_label(q, me, roles)}: play area", style="bold underline")
        title.append(f"  lost {p['lost_count']}", style="bold red")
        out: list[RenderableType] = [title]
        cols = p.get("columns") or [[], [], []]
        if not any(cols):
            out.append(Text("  (no cards in play)", style="dim"))
        else:
            grid = Table(box=None, pad_edge=False, show_edge=False, header_style="dim", padding=(0, 2, 0, 0))
            for name, col in zip(COLUMN_NAMES, cols):
                grid.add_column(f"{name}" + ("" if col else " (none)"))
            for r in range(max(len(c) for c in cols)):
                cells: list[Text] = []
                for col in cols:
                    if r < len(col):
                        c = col[r]
                        cell = card_cell(c, 99, marks, numbers=False)
                        cell.append(f" ATK {c['attack']} DEF {c['defense']}", style="dim" if c.get("safe") else "")
                        cells.append(cell)
                    else:
                        cells.append(Text(""))
                grid.add_row(*cells)
            out.append(grid)
        for key, label in (("reserve", "Reserve"), ("events", "Events")):
            zone = p.get(key) or []
            t = Text(f"  {label}: ", style="bold")
            t.append(", ".join(f"{c['name']} ({c['attack']}/{c['defense']})" for c in zone) if zone else "empty",
                     style="" if zone else "dim")
            out.append(t)
        for key, label in (("discard", "Discard"), ("lost", "Lost")):
            pile = p.get(key) or []
            t = Text(f"  {label} ({len(pile)}): ", style="bold")
            if not pile:
                t.append("empty", style="dim")
            else:
                t.append(("top: " if key == "discard" else "latest: ")
                         + ", ".join(c["name"] for c in reversed(pile[-SHOWN:])))
                if len(pile) > SHOWN:
                    t.append(f", … {len(pile) - SHOWN} more", style="dim")
            out.append(t)
        extra = []
        if p.get("draw_top"):
            extra.append(f"top of the draw pile (seen by all): {p['draw_top']['name']}")
        if q != me and p.get("hand_seen"):
            extra.append("in hand (seen by all): " + ", ".join(c["name"] for c in p["hand_seen"]))
        shuffled = [c if isinstance(c, str) else c.get("name", "") for c in p.get("reshuffled") or []]
        if shuffled:
            names = ", ".join(shuffled[:SHOWN * 2]) + (f", … {len(shuffled) - SHOWN * 2} more"
                                                        if len(shuffled) > SHOWN * 2 else "")
            extra.append(f"the last reshuffle put {len(shuffled)} known cards into the draw pile: {names}")
        out += [Text("  " + e, style="dim") for e in extra]
        return out
