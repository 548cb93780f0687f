"""MetaX in a terminal: the turn header, VP/MP counts, each side's Characters with how close
each is to a KO, the Battle Zone with every card's Stat and Rank, your hand and the discard
piles. Drawn from ``state.view(p)`` and the card facts of ``present.py`` (Stats, Ranks, MP),
with the shared pieces of ``metatcg.ui``.

Two boards: the full one (the ``board`` command, and ``render_view`` with the log below) and a
compact one that fits a line budget, so that board, the last log lines and the numbered
options share one 80×24 screen. The compact board is built as single lines, each cut to the
width, so counting lines is exact; when they do not fit, the longest list is cut with a
visible "… N more".
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...engine.game import Game
from ...ui.layout import by_name, discard_section, fit, named, pack, with_more, player_name, seat_label, seat_order
from ...ui.terminal import GameUIOf
from .cards import STAT_SHORT
from .zones import copy_name
from .schema import STATS
from .stats import colours_covered

if TYPE_CHECKING:  # pragma: no cover
    from .present import MetaXPresentation

JSON = dict[str, Any]   # one object of the game's view (view_schema.py says its fields)

WIDE = 120  # from this width on the compact board puts the two sides next to each other
GAP = 3     # columns between the two sides


# ------------------------------------------------------------------ facts read from the view
class KoDistance(NamedTuple):
    """How far a Character is from each KO (MX-TKO-1, MX-HPKO-1, MX-MULTI-5)."""

    tko_in: int              # Damage cards of new colours still needed for a TKO
    tko_colours: list[str]   # the colours that would count as new (empty: any colour)
    hp_left: int             # how much more Damage value an HP KO needs


def new_colours(damage: list[tuple[str, ...]]) -> list[str]:
    """The Stat types one more Damage card could have to count as a new colour (for a player:
    "TKO in 1 (INT/SPE)"), from the KO check's own count."""
    now = colours_covered(damage)
    return [s for s in STATS if colours_covered(damage + [(s,)]) > now]


def ko_distance(pres: "MetaXPresentation", ch: JSON) -> KoDistance:
    """From the view: the Character's Stat types (modifiers never remove one, PR-MX-1) and
    current highest Rank, against the Stat types and Ranks of its Damage."""
    damage: list[tuple[str, ...]] = []
    value = 0
    for card in ch.get("damage") or []:
        c = pres.card_def(card["name"])
        if c is not None and c.type == "battle":
            damage.append(tuple(c.battle_stats))
            value += c.rank
    stats = ch.get("stats") or {}
    tko_in = max(0, len(stats) - colours_covered(damage))
    colours = new_colours(damage) if damage else []
    return KoDistance(tko_in, colours, max(0, max(stats.values(), default=0) - value))


def ko_text(k: KoDistance) -> str:
    """'TKO in 1 (INT/SPE) · HP 3 left': what one more Damage card would do, worded for a player."""
    tko = f"TKO in {k.tko_in}"
    if k.tko_colours and len(k.tko_colours) < 3:
        tko += " (" + "/".join(STAT_SHORT[s] for s in k.tko_colours) + ")"
    return f"{tko} · HP {k.hp_left} left"


def display_names(view: JSON) -> dict[str, str]:
    """Every card id the view shows → the name a player reads; Characters with a twin on their
    side get their place, "Name (2nd)", as in the log and the option labels."""
    out: dict[str, str] = {}

    def add(card: Any) -> None:
        if isinstance(card, dict) and "id" in card and "name" in card:
            out.setdefault(card["id"], card["name"])

    for p in view.get("players", []):
        chars = p.get("characters") or []
        names = [c["name"] for c in chars]
        for i, c in enumerate(chars):
            out[c["id"]] = copy_name(c["name"], names[:i].count(c["name"]), names.count(c["name"]))
            for dmg in c.get("damage", []):
                add(dmg)
        for key in ("hand", "discard", "known_in_hand"):
            for c in p.get(key) or []:
                add(c)
    for a in view.get("battle_zone", []):
        add(a.get("battle_card"))
        add(a.get("defender_card"))
    for c in view.get("resolving", []):
        add(c)
    return out


def _stats_text(pres: "MetaXPresentation", ch: JSON) -> Text:
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


def card_numbers(pres: "MetaXPresentation", name: str, short: bool = False) -> str:
    """A card's numbers in one short piece: 'STR 4 +2 MP', '-3 MP', '+2 MP STR 5 INT 3'
    (``short``: 'STR4 +2', '-3 MP', '+2 STR5 INT3').

    The MP shown is the one the options show: MetaX has no effect that changes a card's MP, so
    the printed +MP/-MP is the real gain or cost (``rules.event_label``, ``battle.attack_label``)."""
    c = pres.card_def(name)
    if c is None:
        return ""
    sp, mp = ("", "") if short else (" ", " MP")
    if c.type == "battle":
        return f"{'/'.join(STAT_SHORT[s] for s in c.battle_stats)}{sp}{c.rank} {c.mp:+d}{mp}"
    if c.type == "character":
        return f"+{c.mp}{mp} " + " ".join(f"{STAT_SHORT[s]}{sp}{r}" for s, r in c.stats)
    return f"{c.mp:+d} MP"


def battle_card_text(pres: "MetaXPresentation", card: JSON | None, named: bool = True) -> Text:
    """A card in the Battle Zone: its name with Stat type and Rank, 'Surge 2 (STR 2)' (or
    only 'STR 2' when ``named`` is false, for a narrow screen)."""
    if not card:
        return Text("")
    c = pres.card_def(card["name"])
    numbers = f"{'/'.join(STAT_SHORT[s] for s in c.battle_stats)} {c.rank}" if c is not None and c.is_battle else ""
    if not named and numbers:
        return Text(numbers, style="bold")
    t = Text(card["name"], style="bold")
    if numbers:
        t.append(f" ({numbers})")
    return t


def _character_by_id(view: JSON) -> dict[str, JSON]:
    return {c["id"]: c for p in view.get("players", []) for c in p.get("characters") or []}


def team_value(pres: "MetaXPresentation", view: JSON, a: JSON) -> int | None:
    """A Team Attack's attacking value: its card's Rank plus each Linked Character's Rank in the
    named Stat (MX-TEAM-9, MX-TEAM-14); None when it is no Team Attack."""
    if not a.get("links"):
        return None
    c = pres.card_def(a["battle_card"]["name"])
    stat = a.get("named_stat") or (c.battle_stats[0] if c is not None else "")
    chars = _character_by_id(view)
    linked: int = sum(chars.get(x, {}).get("stats", {}).get(stat, 0) for x in a["links"])
    return (c.rank if c is not None else 0) + linked


def defending_value(pres: "MetaXPresentation", view: JSON, a: JSON) -> int | None:
    """A defended Team Attack's defending value: the defender's card Rank plus its Rank in that
    card's Stat (MX-TEAM-9, MX-TEAM-15); None when it is no Team Attack, or when a Multi-Stat
    card leaves the named Stat to the defender (MX-MULTI-7: the view does not say which)."""
    c = pres.card_def(a["defender_card"]["name"]) if a.get("links") and a.get("defender_card") else None
    if c is None or len(c.battle_stats) != 1:
        return None
    ranks: dict[str, int] = _character_by_id(view).get(a["defender"], {}).get("stats", {})
    rank: int = c.rank
    return rank + ranks.get(c.battle_stats[0], 0)


def attack_text(pres: "MetaXPresentation", view: JSON, a: JSON, names: dict[str, str], wide: bool = True,
                named: bool = True) -> Text:
    """One attack: '⚔ Ember Warden: Surge 2 (STR 2) → Stone Golem: Ward 3 (INT 3)'; a narrow
    screen counts a Team Attack's Links instead of naming them, and leaves out the Battle Cards'
    names (``named``) when the line would not fit otherwise."""
    t = Text("⚔ ", style="red")
    lead: str = a["lead"]
    t.append(names.get(lead, lead), style="bold")
    t.append(": ")
    t.append_text(battle_card_text(pres, a["battle_card"], named))
    if a.get("links"):
        links = a["links"]
        t.append(" + " + (", ".join(names.get(x, x) for x in links) if wide
                          else f"{len(links)} Link{'s' if len(links) > 1 else ''}"))
        if a.get("named_stat"):
            t.append(f" ({STAT_SHORT.get(a['named_stat'], a['named_stat'])})")
        t.append(f", team value {team_value(pres, view, a)}" if wide else f" = {team_value(pres, view, a)}")
    if a.get("defender"):
        t.append(" → ")
        defender: str = a["defender"]
        t.append(names.get(defender, defender), style="bold")
        if a.get("defender_card"):
            t.append(": ")
            t.append_text(battle_card_text(pres, a["defender_card"], named))
            value = defending_value(pres, view, a)
            if value is not None:
                t.append(f", value {value}" if wide else f" = {value}")
    else:
        t.append(" → undefended", style="dim")
    if a.get("resolved"):
        t.append(" (resolved)", style="dim")
    return t


def header_text(pres: "MetaXPresentation", view: JSON) -> str:
    """'Turn 5 · Planning Step · your turn'."""
    me = view["you"]
    turn = view.get("turn", 0)
    active = view.get("active_player")
    step = pres.phases.get(view.get("step", ""), str(view.get("step", "")).capitalize())
    head = f"Turn {turn} · {step}" if turn else step
    if active is not None and turn:
        head += " · " + ("your turn" if active == me else f"{player_name(active)}'s turn")
    if view.get("resolving"):
        head += " · resolving " + ", ".join(c["name"] for c in view["resolving"])
    return head


# ------------------------------------------------------------------ one-line pieces
def counts_text(pres: "MetaXPresentation", p: JSON, label: str, mine: bool, active: bool) -> Text:
    """'P2 (bot) ◀ · MP 3 · VP 2/7 · deck 28 · hand 5 · discard 4 (top X)'."""
    return Text(" · ").join(counts_parts(pres, p, label, mine, active))


def counts_parts(pres: "MetaXPresentation", p: JSON, label: str, mine: bool, active: bool) -> list[Text]:
    """The pieces of a seat's line, so that a narrow screen can wrap them whole."""
    who = Text(label, style="bold" if mine else "bold magenta")
    if active:
        who.append(" ◀", style="bold yellow")
    parts = [who, Text(f"MP {p.get('mp', 0)}", style="bold"), Text(f"VP {p.get('vp', 0)}/{pres.rules['vp_to_win']}",
                                                                     style="bold"),
             Text(f"deck {p.get('deck_count', 0)}")]
    if not mine:
        hand = Text(f"hand {p.get('hand_count', 0)}")
        known = p.get("known_in_hand") or []
        if known:
            hand.append(" (known: " + ", ".join(c["name"] for c in known) + ")")
        parts.append(hand)
    pile = p.get("discard") or []
    disc = Text(f"discard {len(pile)}")
    if pile:
        disc.append(f" (top {pile[-1]['name']})", style="dim")
    parts.append(disc)
    if not p.get("characters"):
        parts.append(Text("no Characters in play", style="dim"))
    return parts


def character_text(pres: "MetaXPresentation", ch: JSON, shown: str, turn: int, wide: bool) -> Text:
    """One Character: name, Ranks, Pushed/Prepped, KO distance, then what matters less."""
    t = Text("• ")
    t.append(shown, style="bold")
    t.append(" ")
    t.append_text(_stats_text(pres, ch))
    t.append(" ")
    t.append("Pushed" if ch.get("pushed") else "Prepped", style="yellow" if ch.get("pushed") else "green")
    if ch.get("in_battle_zone"):
        t.append(" ⚔", style="bold red")
    t.append(" · ")
    k = ko_distance(pres, ch)
    t.append(ko_text(k), style="red" if min(k.tko_in, k.hp_left) <= 1 else "")
    if ch.get("entered_turn") == turn:
        t.append(" · new", style="dim")
    if ch.get("keywords"):
        t.append(" · " + ", ".join(kw.capitalize() for kw in ch["keywords"]), style="magenta")
    dmg = ch.get("damage") or []
    if dmg and wide:
        t.append(" · Damage: " + ", ".join(pres.damage_label(d["name"]) for d in dmg), style="red")
    return t


def hand_entries(pres: "MetaXPresentation", hand: list[JSON], wide: bool) -> list[Text]:
    """One short entry per card name in your hand: name, copies and real numbers
    ('Banish -4 MP', 'Surge 2 ×2 STR 2 +2 MP')."""
    out = []
    for nm, (n, _first) in by_name(hand).items():
        t = named(nm, n)
        nums = card_numbers(pres, nm, short=not wide)
        if nums:
            t.append(" " + nums)
        d = pres.card_def(nm)
        if wide and d is not None:
            if d.type == "character" and d.trait:
                t.append(f" [{d.trait}]")
            if d.text:
                t.append(f" — {d.text}", style="dim")
        out.append(t)
    return out


class Block:
    """Lines of the compact board that can be cut from the end. ``floors`` gives, for each
    cutting pass, how many lines the block keeps at least (see :func:`fit_blocks`). A cut block
    shows '… N more': ``layout(n)`` lays it out again in ``n`` lines when it can say so itself,
    else the last kept line ends with the count of lines cut."""

    def __init__(self, lines: list[Text], floors: tuple[int, ...],
                 layout: Callable[[int], list[Text]] | None = None) -> None:
        self.lines = lines
        self.floors = floors
        self.layout = layout
        self.cut = 0

    def can_cut(self, stage: int) -> bool:
        return len(self.lines) > self.floors[stage]

    def cut_one(self) -> None:
        self.lines.pop()
        self.cut += 1

    def render(self, width: int) -> list[Text]:
        if not self.cut or not self.lines:
            return self.lines
        if self.layout is not None:
            return self.layout(len(self.lines))
        return self.lines[:-1] + [with_more(self.lines[-1], self.cut, width)]


ALL = 99  # a floor that keeps every line
PASSES = 4


def fit_blocks(blocks: list[Block], max_lines: int) -> None:
    """Cut lines until everything fits: pass by pass (the discard line goes first, then your
    hand gives up lines, the Characters in play last), within a pass from the longest block."""
    for stage in range(PASSES):
        while sum(len(b.lines) for b in blocks) > max_lines:
            cuttable = [b for b in blocks if b.can_cut(stage)]
            if not cuttable:
                break
            max(cuttable, key=lambda b: len(b.lines)).cut_one()


def discard_text(players: list[JSON], q: int, me: int, width: int) -> Text:
    """'P2 (4): Field Medic, Ashfall … 2 more' — a discard pile, top first, as many names as
    fit ``width`` (public, MX-ZONE-7)."""
    pile = [c["name"] for c in reversed(players[q].get("discard") or [])]
    t = Text(f"{'yours' if q == me else player_name(q)} ({len(pile)})", style="bold")
    for i, nm in enumerate(pile):
        rest = len(pile) - i - 1
        room = width - (len(f" … {rest} more") if rest else 0)
        piece = (": " if i == 0 else ", ") + nm
        if t.cell_len + len(piece) > room:
            t.append(f" … {len(pile) - i} more", style="dim")
            break
        t.append(piece)
    return fit(t, width)


# ------------------------------------------------------------------ the full board's pieces
def _character_line(pres: "MetaXPresentation", ch: JSON, shown: str, turn: int) -> Text:
    t = Text(shown, style="bold")
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
    t.append("  " + ko_text(ko_distance(pres, ch)), style="red")
    dmg = ch.get("damage") or []
    if dmg:
        t.append(f"  Damage ({len(dmg)}): ", style="red")
        t.append(", ".join(pres.damage_label(d["name"]) for d in dmg), style="red")
    return t


def _board(pres: "MetaXPresentation", p: JSON, turn: int, title: str,
           names: dict[str, str]) -> list[RenderableType]:
    out: list[RenderableType] = [Text(title, style="bold underline")]
    chars = p.get("characters") or []
    if not chars:
        out.append(Text("  (no Characters in play)", style="dim"))
        return out
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for ch in chars:
        grid.add_row("  •", _character_line(pres, ch, names.get(ch["id"], ch["name"]), turn))
    out.append(grid)
    return out


class MetaXUI(GameUIOf["MetaXPresentation"]):
    """MetaX's terminal renderer (``MetaXPresentation.terminal_renderer``)."""

    def owns(self, view: JSON) -> bool:
        return "players" in view and all(isinstance(p, dict) for p in view["players"])

    def compact_board(self, game: Game, view: JSON, roles: dict[int, str] | None, max_lines: int,
                      width: int) -> RenderableType:
        return Group(*self.compact_lines(view, roles, max_lines, width))

    # ---- the full board
    def full_board(self, game: Game, view: JSON, roles: dict[int, str] | None = None) -> RenderableType:
        """Header, counts, both sides' Characters, the Battle Zone, your hand, the discard piles."""
        pres = self.presentation
        me = view["you"]
        turn = view.get("turn", 0)
        active = view.get("active_player")
        players = view["players"]
        names = display_names(view)
        parts: list[RenderableType] = [Rule(header_text(pres, view), style="cyan")]

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
        for q in order:
            known = players[q].get("known_in_hand") or []
            if q != me and known:
                parts.append(Text(f"{player_name(q)}'s hand includes (seen): "
                                  + ", ".join(c["name"] for c in known), style="dim"))
        parts.append(Text(""))

        for q in order:
            if q != me:
                parts += _board(pres, players[q], turn, f"{seat_label(q, me, roles)} in play", names)
        attacks = view.get("battle_zone") or []
        if attacks:
            parts.append(Text("Battle Zone", style="bold underline"))
            parts += [Text("  ") + attack_text(pres, view, a, names) for a in attacks]
        parts += _board(pres, players[me], turn, f"{seat_label(me, me, roles)} in play", names)

        hand = players[me].get("hand") or []
        parts.append(Text(f"Your hand ({len(hand)})", style="bold underline"))
        if not hand:
            parts.append(Text("  (empty)", style="dim"))
        else:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(justify="right", no_wrap=True)
            grid.add_column()
            for c in hand:
                grid.add_row("  -", self.card_line(game, c["name"]))
            parts.append(grid)
        parts += discard_section(players, me)
        return Group(*parts)

    # ---- the compact board
    def compact_lines(self, view: JSON, roles: dict[int, str] | None, max_lines: int, width: int) -> list[Text]:
        """The compact board as single lines (at most ``max_lines``, each at most ``width``).

        Narrow: header, the opponent's side, the Battle Zone, your side, your hand packed
        into a line or two. Wide (``WIDE`` columns and more): both sides on the left and, on
        the right, your hand one card a line with its text, then the discard piles; below them
        the Battle Zone across the whole width."""
        pres = self.presentation
        me = view["you"]
        players = view["players"]
        wide = width >= WIDE
        head = Text("── " + header_text(pres, view) + " ", style="bold cyan")
        head.append("─" * max(0, width - head.cell_len), style="cyan")
        if not wide:
            blocks = self.table_blocks(view, roles, width, wide=False)
            blocks.append(hand_block(pres, players[me].get("hand") or [], width))
            fit_blocks(blocks, max_lines - 1)     # your hand is never cut: the board may run longer
            return [fit(head, width)] + [x for b in blocks for x in b.render(width)]
        right_w = min(60, (width - GAP) * 2 // 5)
        left_w = width - GAP - right_w
        opp_side, battle, my_side = self.table_blocks(view, roles, left_w, wide=True, battle_width=width)
        room = max_lines - 1 - min(len(battle.lines), max(1, (max_lines - 1) // 4))
        left = [opp_side, my_side]
        fit_blocks(left, room)
        hand = players[me].get("hand") or []
        right = [Block([fit(Text(f"Your hand ({len(hand)})", style="bold underline"), right_w)], (ALL,) * PASSES),
                 Block([fit(e, right_w) for e in hand_entries(pres, hand, wide=True)], (ALL, ALL, 1, 1)),
                 Block([fit(Text("Discard piles", style="bold underline"), right_w)]
                       + [discard_text(players, q, me, right_w) for q in seat_order(players, me)], (0,) * PASSES)]
        fit_blocks(right, room)
        lines = _side_by_side([x for b in left for x in b.render(left_w)],
                              [x for b in right for x in b.render(right_w)], left_w)[:room]
        fit_blocks([battle], max_lines - 1 - len(lines))
        return ([fit(head, width)] + lines + battle.render(width))[:max_lines]

    def table_blocks(self, view: JSON, roles: dict[int, str] | None, width: int, wide: bool,
                     battle_width: int | None = None) -> list[Block]:
        """The opponent's side, the Battle Zone (``battle_width`` wide, by default ``width``)
        and your side, as cuttable blocks of lines."""
        bw = battle_width or width
        pres = self.presentation
        me = view["you"]
        turn = view.get("turn", 0)
        players = view["players"]
        names = display_names(view)
        sides: dict[int, Block] = {}
        for q in seat_order(players, me):
            p = players[q]
            active = q == view.get("active_player") and bool(turn)
            # a seat's counts wrap onto a second line rather than cut a card's name
            lines = pack(counts_parts(pres, p, seat_label(q, me, roles), q == me, active), width, Text(""))
            lines += [fit(Text("  ") + character_text(pres, ch, names.get(ch["id"], ch["name"]), turn, wide), width)
                      for ch in p.get("characters") or []]
            # your own side is never cut; an opponent's Characters, last of all, down to two
            sides[q] = Block(lines, (ALL,) * PASSES if q == me else (ALL, ALL, ALL, 2))
        attacks = []
        tries = ((True, True), (False, True), (False, False)) if wide else ((False, True), (False, False))
        for a in view.get("battle_zone") or []:
            for links_named, cards_named in tries:  # the fullest wording that fits
                line = Text("  ") + attack_text(pres, view, a, names, links_named, cards_named)
                if line.cell_len <= bw:
                    break
            attacks.append(fit(line, bw))
        opp = [sides[q] for q in sides if q != me]
        return [*opp, Block(attacks, (ALL, ALL, ALL, 1)), sides[me]]


def hand_block(pres: "MetaXPresentation", hand: list[JSON], width: int) -> "Block":
    """Your hand packed into lines, never cut (the screen pages the options instead)."""
    entries = hand_entries(pres, hand, wide=False)
    head = Text(f"Your hand ({len(hand)}, ±MP): ", style="bold")
    if not entries:
        return Block([fit(head + Text("empty", style="dim"), width)], (ALL,) * PASSES)
    return Block(pack(entries, width, head), (ALL,) * PASSES)


def _side_by_side(left: list[Text], right: list[Text], left_w: int) -> list[Text]:
    """Two columns of lines next to each other, the left one ``left_w`` wide."""
    out = []
    for i in range(max(len(left), len(right))):
        a = left[i].copy() if i < len(left) else Text("")
        a.pad_right(left_w - a.cell_len)
        a.append(" " * GAP)
        if i < len(right):
            a.append_text(right[i])
        out.append(a)
    return out
