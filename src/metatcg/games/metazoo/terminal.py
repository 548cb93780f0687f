"""MetaZoo (four-lane edition) in a terminal.

From ``state.view(player)`` only (``view.py``) and the card facts of ``present.py``: the round,
phase, Priority and whose action it is; each player's MP (towards the MP that wins), Caster,
Aura zone (types, tapped/untapped), Aura deck and hidden zones as counts; the lanes side by
side (or stacked on a narrow screen), each with its Terra or "razed", its resolved mark and
both sides' units, enhancing Aura and Influence totals; your hand with card summaries; the
discard piles and the new log lines. Shared pieces come from ``metatcg.ui``.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...engine.decks import Deck, split_entry
from ...engine.game import Game
from ...engine.seats import after
from ...ui.layout import discard_section, player_name, seat_label, seat_order
from ...ui.terminal import GameUIOf, count_width
from .compact import CompactBoard
from .deckcheck import SECTIONS
from .present import SECTION_TITLES, keyword_label
from .present import cap as _cap

if TYPE_CHECKING:  # pragma: no cover
    from .present import MetaZooPresentation

JSON = dict[str, Any]   # one object of the game's view (view_schema.py says its fields)

SIDE_BY_SIDE_MIN = 88   # narrower screens get the lanes stacked
PLAYERS_TABLE_MIN = 92  # ... and the players as lines instead of a table
MP_BAR = 10             # cells of the MP bar

STACKING = {"destruction"}   # the only keyword whose instances add up (Soar does not, MZL-KW-SOAR-2)
UNIT_TYPES = {"caster": "Caster", "equipment": "Equipment", "token creature": "Token",
              "token equipment": "Token equipment"}
CASTER_STATES = {"caster_zone": "in Caster zone", "lane": "in lane {lane}", "face_down": "face down (Shattered)"}
MAIN_TYPE_ORDER = ("creature", "equipment", "strategy", "terra")


# ------------------------------------------------------------------ small pieces
def _influence(u: JSON) -> Text:
    """'5', or '5 (+1 Thermal Vent Ridge, +1 Spark of Defiance)': where it differs from the
    card's printed Influence, what makes the difference."""
    t = Text(str(u.get("influence", 0)), style="bold cyan")
    base = u.get("base_influence")
    if isinstance(base, int) and base != u.get("influence"):
        sources = u.get("influence_sources") or []
        why = ", ".join(f"{s['amount']:+d} {'own ability' if s.get('own') else s['name']}" for s in sources)
        delta = u["influence"] - base
        t.append(f" ({why or f'{delta:+d}'})", style="cyan" if delta > 0 else "red")
    return t


def _keyword_labels(kws: Iterable[str], gigantic: int = 0) -> list[str]:
    counts = Counter(kws)
    out = []
    for k, n in counts.items():
        label = keyword_label(k)
        out.append(label + (f" ×{n}" if n > 1 and k in STACKING else ""))
    if gigantic:
        out.append(f"Gigantic({gigantic})")
    return out


def _unit_text(u: JSON, bullet: str = "• ") -> Text:
    """A unit in a lane: name and Influence, then its state and keywords."""
    tapped = bool(u.get("tapped"))
    t = Text(bullet, style="dim")
    t.append(u["name"], style="bold dim" if tapped else "bold")
    t.append(" ")
    t.append_text(_influence(u))
    tags: list[tuple[str, str]] = []
    kind = UNIT_TYPES.get(u.get("type", ""))
    if kind:
        tags.append((kind, "blue"))
    if tapped:
        tags.append(("tapped", "yellow"))
    if u.get("damage"):
        tags.append((f"{u['damage']} damage", "bold red"))
    tags += [(k, "magenta") for k in _keyword_labels(u.get("keywords") or [], u.get("gigantic") or 0)]
    if tags:
        t.append("\n  ")
        for i, (label, style) in enumerate(tags):
            if i:
                t.append(" · ", style="dim")
            t.append(label, style=style)
    return t


def _aura_counts(auras: list[JSON]) -> list[tuple[str, int, int]]:
    """(type, untapped, tapped) per Aura type, in first-seen order."""
    seen: dict[str, list[int]] = {}
    for a in auras:
        c = seen.setdefault(a.get("type") or a.get("name", "?"), [0, 0])
        c[1 if a.get("tapped") else 0] += 1
    return [(k, v[0], v[1]) for k, v in seen.items()]


def _enhancing_text(auras: list[JSON]) -> Text:
    t = Text("+ Aura: ", style="green")
    for i, (kind, up, down) in enumerate(_aura_counts(auras)):
        if i:
            t.append(", ")
        t.append(f"{up + down} {_cap(kind)}")
        if down:
            t.append(f" ({down} tapped)", style="yellow")
    return t


def _aura_types_text(p: JSON, sep: str = "\n") -> Text:
    """Per Aura type in the Aura zone: untapped/total and one dot per Aura (● untapped, ○ tapped)."""
    zone = p.get("aura_zone") or []
    t = Text()
    if not zone:
        t.append("empty", style="dim")
    for i, (kind, up, down) in enumerate(_aura_counts(zone)):
        if i:
            t.append(sep)
        t.append(f"{_cap(kind)} {up}/{up + down} ", style="bold")
        t.append("●" * up, style="green")
        t.append("○" * down, style="yellow")
    return t


def _aura_extras(p: JSON, rules: JSON) -> list[Text]:
    """The Aura cap count, the allied supply and any temporary Aura owed."""
    out = []
    total = p.get("aura_total")
    if isinstance(total, int):
        out.append(Text(f"{total}/{rules['aura_cap']} Aura in play", style="dim"))
    if p.get("allied_supply_count"):
        out.append(Text(f"{p['allied_supply_count']} allied in supply", style="dim"))
    if p.get("temporary_aura_owed"):
        out.append(Text(f"owes {p['temporary_aura_owed']} temporary Aura", style="yellow"))
    return out


def _aura_zone_text(p: JSON, rules: JSON) -> Text:
    return Text("\n").join([_aura_types_text(p), *_aura_extras(p, rules)])


def _mp_text(mp: int, rules: JSON) -> Text:
    """'12/30' and a bar of MP_BAR cells."""
    to_win = rules["mp_to_win"]
    t = Text(f"{mp}/{to_win}", style="bold")
    filled = max(0, min(MP_BAR, (mp * MP_BAR) // to_win))
    t.append("\n" + "█" * filled, style="green")
    t.append("░" * (MP_BAR - filled), style="dim")
    return t


def _caster_text(p: JSON) -> Text:
    c = p.get("caster") or {}
    t = Text(c.get("name", "?"), style="bold")
    state = c.get("state", "")
    where = CASTER_STATES.get(state, state).format(lane=c.get("lane"))
    t.append("\n" + where, style="red" if state == "face_down" else "")
    if state != "face_down":
        t.append(", tapped" if c.get("tapped") else ", untapped", style="yellow" if c.get("tapped") else "green")
    return t


def _zones_text(p: JSON) -> Text:
    """Hidden zones as counts, and the public discard pile's size."""
    t = Text()
    for i, (label, value) in enumerate((("Hand", p.get("hand_count", "")), ("Deck", p.get("deck_count", "")),
                                        ("Aura deck", p.get("aura_deck_count", "")),
                                        ("Discard", len(p.get("discard") or [])))):
        if i:
            t.append(" · " if i % 2 else "\n", style="dim")
        t.append(f"{label} ", style="dim")
        t.append(str(value), style="bold")
    return t


def _who(q: int, me: int) -> str:
    return "You" if q == me else player_name(q)


def _total_style(mine: int, theirs: int, resolved: bool) -> str:
    if resolved:
        return "bold"
    return "bold green" if mine > theirs else ("bold red" if mine < theirs else "bold yellow")


def _side_flags(side: JSON) -> Text:
    """Soar, Destruction, slots used of the side's limit, and a note when its equipment and
    Aura count for nothing (no friendly creature there, MZL-MISSION-2)."""
    flags = []
    if side.get("soar"):
        flags.append(("Soar", "magenta"))
    if side.get("destruction"):
        flags.append((f"Destruction {side['destruction']}", "magenta"))
    flags.append((f"{side.get('slots_used', 0)}/{side.get('limit', 5)} slots", "dim"))
    if (side.get("units") or side.get("aura")) and not side.get("has_creature", True):
        flags.append(("no creature: counts 0", "yellow"))
    t = Text()
    for i, (label, style) in enumerate(flags):
        if i:
            t.append(" · ", style="dim")
        t.append(label, style=style)
    return t


def _side_cell(side: JSON, q: int, me: int, other_total: int, resolved: bool) -> Text:
    """One player's side of a lane: total, Soar/Destruction/slots, units, enhancing Aura."""
    total = side.get("influence", 0)
    t = Text(f"{_who(q, me)}: ", style="bold")
    t.append(f"{total} Influence", style=_total_style(total, other_total, resolved))
    t.append("\n")
    t.append_text(_side_flags(side))
    units = side.get("units") or []
    for u in units:
        t.append("\n")
        t.append_text(_unit_text(u))
    if side.get("aura"):
        t.append("\n")
        t.append_text(_enhancing_text(side["aura"]))
    if not units and not side.get("aura"):
        t.append("\n(empty)", style="dim")
    return t


def _terra_text(lane: JSON, me: int, setup: bool = False) -> Text:
    terra = lane.get("terra")
    if not terra:
        return Text("Terra not placed yet", style="dim") if setup else Text("razed (no Terra)", style="red")
    t = Text(terra["name"], style="bold")
    owner = terra.get("owner")
    if owner is not None:
        t.append(" (yours)" if owner == me else f" ({player_name(owner)})", style="dim")
    return t


def _lane_status(lane: JSON, view: JSON) -> Text:
    if view.get("mission_lane") == lane["lane"]:
        return Text("⚔ mission now", style="bold red")
    if lane.get("resolved"):
        return Text("✓ resolved", style="green")
    return Text("open", style="cyan")


class LanesBoard:
    """The four lanes: side by side (opponent above, you below) or stacked when narrow."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.me = view["you"]
        self.opp = after(len(view.get("players") or [0, 0]), self.me)[0]   # two seats: the other one
        self.setup = view.get("phase") == "setup"

    def _sides(self, lane: JSON) -> tuple[JSON, JSON]:
        by_player = {s.get("player"): s for s in lane.get("sides") or []}
        return by_player.get(self.opp, {}), by_player.get(self.me, {})

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= SIDE_BY_SIDE_MIN:
            yield self._table()
        else:
            yield from self._stacked()

    def _table(self) -> Table:
        table = Table(box=box.ROUNDED, show_lines=True, show_header=False, expand=True, padding=(0, 1))
        lanes = self.view.get("lanes") or []
        heads = []
        for lane in lanes:
            head = Text(f"Lane {lane['lane']} · ", style="bold")
            head.append_text(_lane_status(lane, self.view))
            head.append("\n")
            head.append_text(_terra_text(lane, self.me, self.setup))
            heads.append(head)
            table.add_column(ratio=1, vertical="top")
        table.add_row(*heads)
        opp_row, my_row = [], []
        for lane in lanes:
            theirs, mine = self._sides(lane)
            res = bool(lane.get("resolved"))
            opp_row.append(_side_cell(theirs, self.opp, self.me, mine.get("influence", 0), res))
            my_row.append(_side_cell(mine, self.me, self.me, theirs.get("influence", 0), res))
        table.add_row(*opp_row)
        table.add_row(*my_row)
        return table

    def _stacked(self) -> Iterable[RenderableType]:
        for lane in self.view.get("lanes") or []:
            theirs, mine = self._sides(lane)
            head = Text(f"Lane {lane['lane']} · ", style="bold")
            head.append_text(_lane_status(lane, self.view))
            head.append(" · Terra: ")
            head.append_text(_terra_text(lane, self.me, self.setup))
            yield head
            res = bool(lane.get("resolved"))
            for side, q, other in ((theirs, self.opp, mine), (mine, self.me, theirs)):
                total = side.get("influence", 0)
                t = Text(f"  {_who(q, self.me)}: ", style="bold")
                t.append(f"{total} Influence", style=_total_style(total, other.get("influence", 0), res))
                t.append(" · ", style="dim")
                t.append_text(_side_flags(side))
                yield t
                for u in side.get("units") or []:
                    line = _unit_text(u, bullet="    • ")
                    yield Text(" ").join(line.split("\n")) if "\n" in line.plain else line
                if side.get("aura"):
                    yield Text("    ").append_text(_enhancing_text(side["aura"]))


class _Players:
    """Both players: a table on a wide screen, lines on a narrow one."""

    def __init__(self, ui: "MetaZooUI", view: JSON, roles: dict[int, str] | None) -> None:
        self.ui, self.view, self.roles = ui, view, roles

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= PLAYERS_TABLE_MIN:
            yield self.ui.players_table(self.view, self.roles)
        else:
            yield from self.ui.players_lines(self.view, self.roles)


# ------------------------------------------------------------------ the UI
class MetaZooUI(GameUIOf["MetaZooPresentation"]):
    """MetaZoo's terminal renderer (``MetaZooPresentation.terminal_renderer``)."""

    def __init__(self, presentation: "MetaZooPresentation") -> None:
        super().__init__(presentation)
        self.rules = dict(presentation.rules)

    # ---- the screen
    def progress(self, view: JSON) -> str:
        r = view.get("round")
        return f"round {r}" if isinstance(r, int) and r > 0 else "setup"

    def header(self, view: JSON, roles: dict[int, str] | None) -> str:
        me = view["you"]
        rnd = view.get("round") or 0
        phase = self.presentation.phases.get(view.get("phase", ""), _cap(view.get("phase", "")))
        bits = [f"Round {rnd} · {phase}" if rnd else phase]
        if rnd:
            pri = view.get("priority_player")
            if pri is not None:
                bits.append("you have Priority" if pri == me else f"{player_name(pri)} has Priority")
        if view.get("result"):
            if view.get("phase") != "over":
                bits.append("game over")
        else:
            active = view.get("active_player")
            deciding = (view.get("deciding") or {}).get("player")
            if active is not None:
                bits.append("your action" if active == me else f"{player_name(active)}'s action")
            if deciding is not None and deciding != active:
                bits.append("you decide" if deciding == me else f"{player_name(deciding)} decides")
        return " · ".join(bits)

    def header_parts(self, view: JSON) -> list[str]:
        """The compact board's header, most urgent first (what does not fit is cut from the
        end): round and phase, who acts or decides, the mission being worked out, Priority."""
        me = view["you"]
        rnd = view.get("round") or 0
        phase = self.presentation.phases.get(view.get("phase", ""), _cap(view.get("phase", "")))
        parts = [f"Round {rnd} · {phase}" if rnd else phase]
        deciding = (view.get("deciding") or {}).get("player")
        if not view.get("result") and deciding is not None:
            taking_action = (view.get("deciding") or {}).get("kind") == "action"
            if deciding == me:
                parts.append("your action" if taking_action else "you decide")
            else:
                parts.append(f"{player_name(deciding)}'s action" if taking_action
                             else f"{player_name(deciding)} decides")
        if view.get("mission_lane"):
            parts.append(f"⚔ mission in lane {view['mission_lane']}")
        pri = view.get("priority_player")
        if rnd and pri is not None:
            parts.append("◆ Priority: " + ("you" if pri == me else player_name(pri)))
        return parts

    def players(self, view: JSON, roles: dict[int, str] | None) -> RenderableType:
        return _Players(self, view, roles)

    def players_lines(self, view: JSON, roles: dict[int, str] | None) -> list[Text]:
        """The players section for a narrow screen: four short lines per player."""
        me = view["you"]
        players = view["players"]
        out = []
        for q in seat_order(players, me):
            p = players[q]
            t = Text(seat_label(q, me, roles), style="bold")
            if p.get("priority") and view.get("round"):
                t.append(" ◆ Priority", style="cyan")
            if q == view.get("active_player") and view.get("round") and not view.get("result"):
                t.append(" ◀ to act", style="green")
            t.append("  MP ")
            t.append_text(Text(" ").join(_mp_text(int(p.get("mp", 0)), self.rules).split("\n")))
            t.append("\n  Caster ")
            t.append_text(Text(": ").join(_caster_text(p).split("\n")))
            t.append("\n  Aura zone ")
            t.append_text(_aura_types_text(p, " · "))
            t.append("\n  ")
            t.append_text(Text(" · ").join(_zones_text(p).split("\n")))
            extras = _aura_extras(p, self.rules)
            if extras:
                t.append("\n  ")
                t.append_text(Text(" · ", style="dim").join(extras))
            out.append(t)
        return out

    def players_table(self, view: JSON, roles: dict[int, str] | None) -> Table:
        me = view["you"]
        players = view["players"]
        active = view.get("active_player")
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, header_style="bold",
                      padding=(0, 1))
        table.add_column("Player", no_wrap=True)
        table.add_column("MP", no_wrap=True)
        table.add_column("Caster", min_width=16, max_width=24)
        table.add_column(Text.assemble("Aura zone ", ("●", "green"), " untapped ", ("○", "yellow"), " tapped"),
                         min_width=16)
        table.add_column("Cards", no_wrap=True)
        for q in seat_order(players, me):
            p = players[q]
            who = Text(seat_label(q, me, roles), style="bold" if q == me else "")
            if p.get("priority") and view.get("round"):
                who.append("\n◆ Priority", style="cyan")
            if q == active and view.get("round") and not view.get("result"):
                who.append("\n◀ to act", style="green")
            table.add_row(who, _mp_text(int(p.get("mp", 0)), self.rules), _caster_text(p),
                          _aura_zone_text(p, self.rules), _zones_text(p))
        return table

    def playable(self, view: JSON) -> set[str]:
        """Names of hand cards that some legal action plays."""
        out: set[str] = set()
        hand = {c["name"] for c in self.hand(view)}
        for a in view.get("legal_actions") or []:
            if a["label"].startswith("Play "):
                m = re.match(r"Play (?:Terra |Strategy )?(.+?) (?:to lane \d|affecting|\(cost)", a["label"])
                if m and m.group(1) in hand:
                    out.add(m.group(1))
        return out

    def hand_table(self, game: Game, cards: list[JSON], playable: set[str] | None = None) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, header_style="bold",
                      padding=(0, 1), expand=False)
        table.add_column("Card", no_wrap=True)
        table.add_column("Type", no_wrap=True)
        table.add_column("Cost", justify="right")
        table.add_column("Infl.", justify="right")
        table.add_column("Text")
        pres = self.presentation
        for c in cards:
            name = c["name"]
            info = pres.card(name)
            mark = Text("▸ " if playable and name in playable else "  ", style="bold green")
            mark.append(name, style="bold")
            if info is None:
                table.add_row(mark, "", "", "", "")
                continue
            cost, infl = c.get("cost", info.stats.get("cost")), info.stats.get("influence")
            kind = pres.short_kind(name)
            base = c.get("base_cost")
            was = f" (was {base})" if base is not None and base != cost else ""
            cost_text = "" if cost is None else str(cost) + was
            text = pres.card_text(name, with_keywords=True)
            table.add_row(mark, kind, cost_text, "" if infl is None else str(infl), text or Text("—", style="dim"))
        return table

    def owns(self, view: JSON) -> bool:
        return isinstance(view.get("players"), list) and isinstance(view.get("lanes"), list)

    def compact_board(self, game: Game, view: JSON, roles: dict[int, str] | None, max_lines: int,
                      width: int) -> RenderableType:
        """The board that fits ``max_lines`` lines at ``width`` columns (compact.py)."""
        return CompactBoard(view, max_lines, width, self.rules["mp_to_win"], self.header_parts(view),
                            self.playable(view), self._printed_influence).render()

    def _printed_influence(self, name: str) -> str:
        info = self.presentation.card(name)
        infl = info.stats.get("influence") if info is not None else None
        return "" if infl is None else str(infl)

    def full_board(self, game: Game, view: JSON, roles: dict[int, str] | None = None) -> RenderableType:
        """Everything the viewer may know, without the log: players, lanes with where each
        Influence change comes from, the last mission, the hand with real costs and card text,
        the discard piles."""
        me = view["you"]
        players = view["players"]
        parts: list[RenderableType] = [Rule(self.header(view, roles), style="cyan"), self.players(view, roles)]
        for q in seat_order(players, me):
            p = players[q]
            known = p.get("revealed_in_hand") if q != me else None
            if known:
                parts.append(Text(f"Known cards in {player_name(q)}'s hand: "
                                  + ", ".join(c["name"] for c in known), style="yellow"))
            if q != me and isinstance(p.get("looking_at"), int) and p["looking_at"]:
                parts.append(Text(f"{player_name(q)} is looking at {p['looking_at']} card(s)", style="dim"))
            if q != me and isinstance(p.get("starters_aside"), int) and p["starters_aside"]:
                parts.append(Text(f"{player_name(q)} has {p['starters_aside']} Starter Terra(s) to place",
                                  style="dim"))
        parts.append(LanesBoard(view))
        lm = view.get("last_mission")
        if lm:
            t = Text(f"Last mission: lane {lm['lane']}: ", style="dim")
            infl = lm.get("influence") or [0, 0]
            opp = after(len(players), me)[0]
            t.append(f"you {infl[me]} vs {player_name(opp)} {infl[opp]}", style="dim")
            w = lm.get("winner")
            if w is None:
                t.append(", tied: no MP", style="dim")
            else:
                t.append(f", {'you' if w == me else player_name(w)} +{lm.get('mp', 0)} MP",
                         style="green" if w == me else "red")
            parts.append(t)
        if view.get("resolving"):
            parts.append(Text("Resolving: " + ", ".join(c["name"] for c in view["resolving"]), style="yellow"))

        mine = players[me]
        if isinstance(mine.get("starters_aside"), list) and mine["starters_aside"]:
            parts.append(Text("Your Starter Terras to place", style="bold underline"))
            parts.append(self.hand_table(game, mine["starters_aside"]))
        if isinstance(mine.get("looking_at"), list) and mine["looking_at"]:
            parts.append(Text("You are looking at", style="bold underline"))
            parts.append(self.hand_table(game, mine["looking_at"]))
        hand = self.hand(view)
        playable = self.playable(view)
        title = Text(f"Your hand ({len(hand)})", style="bold underline")
        if playable:
            title.append("   ▸ can be played now", style="green")
        parts.append(title)
        if hand:
            parts.append(self.hand_table(game, hand, playable))
        else:
            parts.append(Text("  (empty)", style="dim"))
        parts += discard_section(players, me)
        return Group(*parts)

    def option_cards(self, game: Game, view: JSON, label: str) -> list[str]:
        """Cards that option ``label`` is about: the cards it names, else the Terra of the lane
        it names ('Declare a mission in lane 2')."""
        names = super().option_cards(game, view, label)
        if names:
            return names
        m = re.search(r"\blane (\d)\b", label)
        if m:
            for lane in view.get("lanes") or []:
                if lane.get("lane") == int(m.group(1)) and lane.get("terra"):
                    return [lane["terra"]["name"]]
        return []

    def deck_list_table(self, game: Game) -> Table:
        table = Table(title=f"{game.title or game.id}: starter decks", title_justify="left")
        width = max([4, *map(len, game.starter_deck_names())])
        table.add_column("Name", style="bold", no_wrap=True, width=width)     # whole, never cut
        table.add_column("Caster (types)")
        table.add_column("Main", justify="right")
        table.add_column("Description")
        for name in game.starter_deck_names():
            d = game.starter_deck(name)
            desc = d.description
            head, sep, rest = desc.partition(": ")
            if sep and len(head) < 40:
                desc = rest[0].upper() + rest[1:]
            table.add_row(escape(name), escape(self.presentation.caster_line(d)), str(len(d.section("main"))),
                          escape(desc))
        return table

    def deck_table(self, game: Game, deck: Deck) -> Table:
        pres = self.presentation
        table = Table(title=f"{deck.name} ({pres.deck_size(deck)})",
                      caption=escape(deck.description) or None, title_justify="left", caption_justify="left")
        # the counts never give way: on a narrow terminal the type and numbers wrap instead
        table.add_column("#", justify="right", no_wrap=True, min_width=count_width(deck))
        table.add_column("Card", overflow="fold")
        table.add_column("Type", overflow="fold")
        table.add_column("Numbers", overflow="fold")
        counts = deck.counts()
        order = {t: i for i, t in enumerate(MAIN_TYPE_ORDER)}
        extra = [s for s in dict.fromkeys(split_entry(e)[0] for e in counts) if s not in SECTIONS]
        titled = [(sec, SECTION_TITLES.get(sec, f"[{sec}]")) for sec in [*SECTIONS, *extra]]
        for k, (sec, title) in enumerate(titled):
            rows = [(split_entry(e)[1], n) for e, n in counts.items() if split_entry(e)[0] == sec]
            if not rows:
                continue
            if sec == "main":
                rows.sort(key=lambda r: order.get(getattr(pres.card(r[0]), "type", ""), len(order)))
            if k:
                table.add_section()
            table.add_row("", Text(f"{title} ({sum(n for _, n in rows)})", style="bold underline"), "", "")
            for nm, n in rows:
                info = pres.card(nm)
                kind = info.kind if info is not None else "unknown card"
                numbers = info.numbers if info is not None else ""
                table.add_row(str(n), Text(nm, style="bold"), escape(kind), escape(numbers))
        return table

