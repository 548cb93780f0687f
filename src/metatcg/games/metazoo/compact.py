"""The compact MetaZoo board: everything a player needs to decide, in a fixed number of lines.

``play`` shows it above the log and the numbered options (``GameUI.render_board`` with
``max_lines``): a header (round, phase, Priority, who acts, the mission being worked out),
one line per player (MP, Caster, Aura zone, hidden zones as counts), the four lanes (on a
narrow screen two lines per lane: the opponent's side then yours; on a wide one the lanes
side by side, a unit per line) and the hand as one short entry per card (real cost and
Influence). Every line is cut to the width, and what does not fit is cut with a visible
"… N more" (the full board, ``board``, shows it all).
"""
from __future__ import annotations

from typing import Any, Callable

from rich.console import Group
from rich.text import Text

from ...engine.seats import after
from ...ui.layout import player_name
from .present import cap

JSON = dict[str, Any]   # one object of the game's view (view_schema.py says its fields)

SIDE_BY_SIDE = 120     # from this width the lanes stand side by side
LANE_HEAD = 20         # narrow screen: the lane number, Terra and mark take this many columns
NAME_MAX = 16          # unit and card names are cut to this many columns on a narrow screen
ROOMY_HEAD_MAX = 26    # with room to spare, the lane column widens to this for whole Terra names
SOURCES_MIN = 44       # lane columns this wide name where Influence changes come from
CASTER_STATES = {"caster_zone": "in zone", "lane": "in lane {lane}", "face_down": "face down"}
DOTS_UP, DOTS_DOWN = "●", "○"


# ------------------------------------------------------------------ fitting text into lines
def short(name: str, limit: int = NAME_MAX) -> str:
    """A name cut to ``limit`` columns ("Volta Quinn, Stormcaller" -> "Volta Quinn")."""
    if len(name) <= limit:
        return name
    head = name.split(",")[0]
    return head if len(head) <= limit else name[:limit - 1] + "…"


def fit(parts: list[Text], width: int, sep: str = " · ", start: Text | None = None,
        what: str = "more") -> Text:
    """``start`` then as many of ``parts`` as fit in ``width`` columns, then "… N more" for
    the rest (dropping parts until that fits too)."""
    line = start.copy() if start is not None else Text()
    base = line.cell_len
    shown: list[Text] = []
    for i, p in enumerate(parts):
        extra = (len(sep) if shown else 0) + p.cell_len
        rest = len(parts) - i - 1
        tail = len(f"{sep}… {rest} {what}" if what else f"{sep}…") if rest else 0
        used = base + sum(s.cell_len for s in shown) + len(sep) * max(0, len(shown) - 1)
        if used + extra + tail > width:
            break
        shown.append(p)
    left = len(parts) - len(shown)
    for i, p in enumerate(shown):
        if i:
            line.append(sep, style="dim")
        line.append_text(p)
    if left:
        line.append(f"{sep if shown else ''}…" + (f" {left} {what}" if what else ""), style="dim")
    line.truncate(width, overflow="ellipsis")
    return line


def wrap_entries(head: Text, parts: list[Text], width: int, max_lines: int, sep: str = " · ",
                 indent: int = 2) -> list[Text]:
    """``head`` and the entries over at most ``max_lines`` lines, the last one ending with
    "… N more" when some are left."""
    lines: list[Text] = []
    start: Text = head
    cur: list[Text] = []
    for i, p in enumerate(parts):
        used = start.cell_len + sum(c.cell_len for c in cur) + len(sep) * len(cur)
        if not cur or used + p.cell_len <= width:
            cur.append(p)
            continue
        if len(lines) + 1 >= max(1, max_lines):
            return lines + [fit(cur + parts[i:], width, sep, start=start)]
        lines.append(fit(cur, width, sep, start=start))
        start, cur = Text(" " * indent), [p]
    return lines + [fit(cur, width, sep, start=start)]


# ------------------------------------------------------------------ pieces of the board
def who(q: int, me: int) -> str:
    return "You" if q == me else player_name(q)


def influence_text(u: JSON, narrow: bool, sources: bool = False, whole: bool = False) -> Text:
    """A unit as the compact board shows it: name (``whole``: never cut), Influence and its
    change ("+2", or with ``sources`` where it comes from: "(+1 Cinder Flats, +1 own)"), tapped,
    damage."""
    tapped = bool(u.get("tapped"))
    name = u["name"] if whole else short(u["name"]) if narrow else short(u["name"], 22)
    t = Text(name, style="dim" if tapped else "bold")
    t.append(f" {u.get('influence', 0)}", style="cyan")
    base = u.get("base_influence")
    if isinstance(base, int) and base != u.get("influence"):
        delta = u["influence"] - base
        why = [f"{s['amount']:+d} {'own' if s.get('own') else short(s['name'])}"
               for s in u.get("influence_sources") or []]
        t.append(f" ({', '.join(why)})" if sources and why else f"{delta:+d}",
                 style="green" if delta > 0 else "red")
    if tapped:
        t.append(" tapped", style="yellow")
    if u.get("damage"):
        t.append(f" {u['damage']} damage", style="red")
    return t


def side_head(side: JSON, q: int, me: int, other: int, resolved: bool, slots: bool) -> Text:
    """'P2 7' (green when ahead, red behind), then the side's Aura bonus, Soar, Destruction."""
    total = side.get("influence", 0)
    t = Text(f"{who(q, me)} ", style="bold")
    style = "bold" if resolved else ("bold green" if total > other else "bold red" if total < other
                                     else "bold yellow")
    t.append(str(total), style=style)
    extras = []
    if side.get("aura"):
        extras.append((f"+{side.get('aura_bonus', 0)} Aura ({len(side['aura'])})", "green"))
    if side.get("soar"):
        extras.append(("Soar", "magenta"))
    if side.get("destruction"):
        extras.append((f"Destruction {side['destruction']}", "magenta"))
    if (side.get("units") or side.get("aura")) and not side.get("has_creature", True):
        extras.append(("no creature", "yellow"))
    if slots:
        extras.append((f"{side.get('slots_used', 0)}/{side.get('limit', 5)} slots", "dim"))
    for label, st in extras:
        t.append(" ")
        t.append(label, style=st)
    return t


def lane_mark(lane: JSON, view: JSON) -> Text:
    if view.get("mission_lane") == lane["lane"]:
        return Text("⚔", style="bold red")
    if lane.get("resolved"):
        return Text("✓", style="green")
    return Text(" ")


def terra_name(lane: JSON, setup: bool, limit: int) -> Text:
    terra = lane.get("terra")
    if not terra:
        return Text("(no Terra)" if setup else "razed", style="dim" if setup else "red")
    return Text(short(terra["name"], limit), style="bold")


def aura_dots(p: JSON) -> Text:
    """The Aura zone by type: 'Fire ●●○' (● untapped, ○ tapped)."""
    seen: dict[str, list[int]] = {}
    for a in p.get("aura_zone") or []:
        c = seen.setdefault(a.get("type") or "?", [0, 0])
        c[1 if a.get("tapped") else 0] += 1
    t = Text()
    if not seen:
        return Text("no Aura", style="dim")
    for i, (kind, (up, down)) in enumerate(seen.items()):
        if i:
            t.append(" ")
        t.append(f"{cap(kind)} ")
        t.append(DOTS_UP * up, style="green")
        t.append(DOTS_DOWN * down, style="yellow")
    return t


def caster_text(p: JSON, narrow: bool) -> Text:
    c = p.get("caster") or {}
    state = c.get("state", "")
    t = Text(short(c.get("name", "?"), NAME_MAX if narrow else 26))
    where = CASTER_STATES.get(state, state).format(lane=c.get("lane"))
    t.append(f" ({where}", style="red" if state == "face_down" else "dim")
    if state != "face_down" and c.get("tapped"):
        t.append(", tapped", style="yellow")
    t.append(")", style="red" if state == "face_down" else "dim")
    return t


# ------------------------------------------------------------------ the board
class CompactBoard:
    """Builds the compact board's lines for one view at one size."""

    def __init__(self, view: JSON, max_lines: int, width: int, mp_to_win: int,
                 header: list[str], playable: set[str], influence_of: Callable[[str], str]) -> None:
        self.view, self.max_lines, self.width = view, max(4, max_lines), max(20, width)
        self.mp_to_win, self.header, self.playable, self.influence_of = mp_to_win, header, playable, influence_of
        self.me = view["you"]
        self.opp = after(len(view.get("players") or [0, 0]), self.me)[0]
        self.narrow = self.width < SIDE_BY_SIDE
        self.setup = view.get("phase") == "setup"
        self.roomy = 0            # 2: every unit by its whole name; 1: whole names, a line a side; 0: tight
        self.lane_head = LANE_HEAD

    # ---- lines
    def header_line(self) -> Text:
        """The header's parts in order, cut from the end ("…") when they do not fit; what is
        resolving goes before Priority."""
        parts = [Text(self.header[0], style="bold cyan")]
        parts += [Text(h, style="bold red" if h.startswith("⚔") else "cyan" if h.startswith("◆") else "bold")
                  for h in self.header[1:]]
        res = self.view.get("resolving") or []
        if res:
            at = len(parts) - (1 if parts[-1].plain.startswith("◆") else 0)
            parts.insert(at, Text("resolving " + ", ".join(short(c["name"]) for c in res), style="yellow"))
        return fit(parts, self.width, what="")

    def player_lines(self, q: int, max_lines: int) -> list[Text]:
        """A player's MP, Caster, Aura zone and zone counts over at most ``max_lines`` lines."""
        start, parts = self.player_parts(q)
        return wrap_entries(start, parts, self.width, max_lines, indent=6)

    def player_parts(self, q: int) -> tuple[Text, list[Text]]:
        p = self.view["players"][q]
        start = Text(f"{who(q, self.me):<4}", style="bold")
        start.append("◆" if p.get("priority") and self.view.get("round") else " ", style="cyan")
        start.append(f" {p.get('mp', 0)}/{self.mp_to_win} MP", style="bold")
        parts = [caster_text(p, self.narrow and not self.roomy), aura_dots(p),
                 Text(f"hand {p.get('hand_count', 0)} deck {p.get('deck_count', 0)}", style="dim")]
        if p.get("temporary_aura_owed"):
            parts.append(Text(f"owes {p['temporary_aura_owed']} temp. Aura", style="yellow"))
        parts.append(Text(f"discard {len(p.get('discard') or [])} Aura deck {p.get('aura_deck_count', 0)}",
                          style="dim"))
        start.append(" · ", style="dim")
        return start, parts

    def units(self, side: JSON, sources: bool = False) -> list[Text]:
        return [influence_text(u, self.narrow, sources, whole=self.roomy > 0) for u in side.get("units") or []]

    def sides(self, lane: JSON) -> tuple[JSON, JSON]:
        by = {s.get("player"): s for s in lane.get("sides") or []}
        return by.get(self.opp, {}), by.get(self.me, {})

    def narrow_lane(self, lane: JSON, two_lines: bool) -> list[Text]:
        """Two lines: the lane's number, Terra and mark, then the opponent's side; below, your
        side. One line (totals only) when both sides are empty or room is short."""
        head = Text(f"{lane['lane']} ", style="bold")
        head.append_text(terra_name(lane, self.setup, self.lane_head - 5))
        head.append(" " * max(1, self.lane_head - 2 - head.cell_len))   # the mark in one column
        head.append_text(lane_mark(lane, self.view))
        head.append(" ")
        theirs, mine = self.sides(lane)
        res = bool(lane.get("resolved"))
        if self.empty(lane):
            return [fit([Text("empty", style="dim")], self.width, start=head)]
        bare = [not (side.get("units") or side.get("aura")) for side in (theirs, mine)]
        if any(bare):  # one side empty: its total first, then the other side's units in full
            full, q, other = (mine, self.me, theirs) if bare[0] else (theirs, self.opp, mine)
            start = head.copy()
            start.append_text(side_head(other, self.opp if bare[0] else self.me, self.me, full.get("influence", 0),
                                        res, False))
            start.append(" · ", style="dim")
            start.append_text(side_head(full, q, self.me, other.get("influence", 0), res, False))
            start.append(": ", style="dim")
            if self.roomy == 2:
                return wrap_entries(start, self.units(full), self.width, 99, indent=self.lane_head)
            return [fit(self.units(full), self.width, start=start)]
        if not two_lines:
            parts = []
            for side, q, other in ((theirs, self.opp, mine), (mine, self.me, theirs)):
                t = side_head(side, q, self.me, other.get("influence", 0), res, False)
                n = len(side.get("units") or [])
                t.append(f" ({n} unit{'s' if n != 1 else ''})", style="dim")
                parts.append(t)
            line = fit(parts, self.width, sep=" vs ", start=head)
            if line.cell_len + 2 <= self.width:     # units left unnamed: a roomier screen names them
                line.append(" …", style="dim")
            return [line]
        out = []
        for i, (side, q, other) in enumerate(((theirs, self.opp, mine), (mine, self.me, theirs))):
            start = head if i == 0 else Text(" " * self.lane_head)
            start = start.copy()
            start.append_text(side_head(side, q, self.me, other.get("influence", 0), res, False))
            start.append(": " if side.get("units") else "", style="dim")
            if self.roomy == 2:
                out += wrap_entries(start, self.units(side), self.width, 99, indent=self.lane_head)
            else:
                out.append(fit(self.units(side), self.width, start=start))
        return out

    def needs_two(self, lane: JSON) -> bool:
        return all(s.get("units") or s.get("aura") for s in lane.get("sides") or [])

    def empty(self, lane: JSON) -> bool:
        return not any(s.get("units") or s.get("aura") for s in lane.get("sides") or [])

    def narrow_lanes(self, room: int) -> list[Text]:
        """Each lane on two lines, except that lanes are put on one line (resolved ones first,
        then those with the fewest units) until they fit in ``room`` lines."""
        lanes = self.view.get("lanes") or []
        two = [self.needs_two(lane) for lane in lanes]
        order = sorted(range(len(lanes)), key=lambda i: (not lanes[i].get("resolved"),
                                                         self.view.get("mission_lane") == lanes[i]["lane"],
                                                         sum(len(s.get("units") or [])
                                                             for s in lanes[i].get("sides") or [])))
        if self.roomy == 2:
            return [ln for lane, t in zip(lanes, two) for ln in self.narrow_lane(lane, t)]
        for i in order:
            if len(lanes) + sum(two) <= room:
                break
            two[i] = False
        return [ln for lane, t in zip(lanes, two) for ln in self.narrow_lane(lane, t)]

    def wide_lanes(self, room: int) -> list[Text]:
        """The lanes side by side: a column per lane, the opponent's side above yours, a unit
        per line; each side cut to what ``room`` lines allow."""
        lanes = self.view.get("lanes") or []
        n = max(1, len(lanes))
        col = (self.width - (n - 1) * 3) // n
        heads: list[Text] = []
        theirs_cols: list[list[Text]] = []
        mine_cols: list[list[Text]] = []
        for lane in lanes:
            h = Text(f"Lane {lane['lane']} ", style="bold")
            h.append_text(lane_mark(lane, self.view))
            h.append(" ")
            h.append_text(terra_name(lane, self.setup, col - 9))
            heads.append(h)
            theirs, mine = self.sides(lane)
            res = bool(lane.get("resolved"))
            for side, q, other, cols in ((theirs, self.opp, mine, theirs_cols), (mine, self.me, theirs, mine_cols)):
                stack = [side_head(side, q, self.me, other.get("influence", 0), res, True)]
                stack += [Text("  ").append_text(u) for u in self.units(side, sources=col >= SOURCES_MIN)]
                cols.append(stack)
        body = max(2, room - 1)
        want_t = max(len(c) for c in theirs_cols)
        want_m = max(len(c) for c in mine_cols)
        if want_t + want_m > body:  # cut the longer part first, each at least its head + a line
            keep_m = max(min(want_m, body // 2), body - want_t)
            keep_t = body - keep_m
        else:
            keep_t, keep_m = want_t, want_m
        rows = [heads]
        for cols, keep in ((theirs_cols, keep_t), (mine_cols, keep_m)):
            cut = [self._cut(c, keep) for c in cols]
            rows += [[c[i] if i < len(c) else Text() for c in cut] for i in range(keep)]
        out = []
        for row in rows:
            line = Text()
            for i, cell in enumerate(row):
                shown = cell.copy()
                shown.truncate(col, overflow="ellipsis", pad=True)
                if i:
                    line.append(" │ ", style="dim")
                line.append_text(shown)
            line.truncate(self.width, overflow="ellipsis")
            out.append(line)
        return out

    @staticmethod
    def _cut(cell: list[Text], keep: int) -> list[Text]:
        if len(cell) <= keep:
            return cell
        if keep <= 1:
            return cell[:keep]
        return cell[:keep - 1] + [Text(f"  … {len(cell) - keep + 1} more", style="dim")]

    def hand_entries(self) -> list[Text]:
        me = self.view["players"][self.me]
        out = []
        copies: dict[str, int] = {}
        first: dict[str, JSON] = {}
        for c in me.get("hand") or []:   # copies of a name cost the same: one entry, "×2"
            copies[c["name"]] = copies.get(c["name"], 0) + 1
            first.setdefault(c["name"], c)
        for name, c in first.items():
            t = Text(name,                       # your hand's names are never cut
                     style="bold green" if name in self.playable else "")
            if copies[name] > 1:
                t.append(f" ×{copies[name]}", style="bold")
            cost, base = c.get("cost"), c.get("base_cost")
            if cost is not None:
                t.append(f" {cost}", style="yellow" if base is not None and cost < base else "")
                if base is not None and cost != base:
                    t.append(f" (was {base})", style="dim")
            infl = self.influence_of(name)
            if infl:
                t.append(f"/{infl}", style="cyan")
            out.append(t)
        return out

    def extra_lines(self) -> list[Text]:
        """Less urgent facts, shown while room is left: Starter Terras, cards looked at, the
        opponent's known hand cards, the last mission."""
        v, me = self.view, self.me
        mine, theirs = v["players"][me], v["players"][self.opp]
        out = []
        if isinstance(mine.get("starters_aside"), list) and mine["starters_aside"]:
            out.append(fit([Text(c["name"]) for c in mine["starters_aside"]], self.width,
                           start=Text("Your Starter Terras: ", style="bold")))
        if isinstance(mine.get("looking_at"), list) and mine["looking_at"]:
            out.append(fit([Text(c["name"]) for c in mine["looking_at"]], self.width,
                           start=Text("You are looking at: ", style="bold")))
        if theirs.get("revealed_in_hand"):
            out.append(fit([Text(c["name"]) for c in theirs["revealed_in_hand"]], self.width,
                           start=Text(f"Known in {player_name(self.opp)}'s hand: ", style="yellow")))
        lm = v.get("last_mission")
        if lm:
            infl = lm.get("influence") or [0, 0]
            t = Text(f"Last mission: lane {lm['lane']}, you {infl[me]} vs {player_name(self.opp)} "
                     f"{infl[self.opp]}", style="dim")
            w = lm.get("winner")
            t.append(", a tie" if w is None else f", {who(w, me)} +{lm.get('mp', 0)} MP", style="dim")
            t.truncate(self.width, overflow="ellipsis")
            out.append(t)
        return out

    # ---- assembling
    def lines(self) -> list[Text]:
        """The roomiest board that fits ``max_lines``: every unit by its whole name; whole names
        a line a lane side (the units that do not fit counted); or the tight one, whose lanes
        give way first. Your own line and your hand are never cut: the
        board may run past ``max_lines`` to show them (the screen pages the options instead)."""
        self.roomy = 2
        names = [len((lane.get("terra") or {}).get("name", "")) for lane in self.view.get("lanes") or []]
        self.lane_head = min(ROOMY_HEAD_MAX, max([LANE_HEAD, *(n + 5 for n in names)]))   # Terras whole
        for self.roomy in (2, 1):
            out = self.assemble()
            if len(out) <= self.max_lines:
                return out
        self.roomy = 0
        return self.assemble()

    def assemble(self) -> list[Text]:
        """Header and players; the lanes, as full as room allows once the hand has its lines;
        the hand; then the extras while room is left."""
        opp = self.player_lines(self.opp, 2 if self.roomy == 2 else 1)
        top = [self.header_line(), *opp, *self.player_lines(self.me, 3)]
        hand = self.hand_entries()
        n = len(self.view["players"][self.me].get("hand") or [])
        head = Text(f"Hand {n} (cost/Influence): " if hand else "Hand: empty", style="bold")
        hand_lines = wrap_entries(head, hand, self.width, 99)
        lane_room = self.max_lines - len(top) - len(hand_lines)
        lane_lines = self.narrow_lanes(lane_room) if self.narrow else self.wide_lanes(lane_room)
        left = self.max_lines - len(top) - len(lane_lines) - len(hand_lines)
        return top + lane_lines + hand_lines + self.extra_lines()[:max(0, left)]

    def render(self) -> Group:
        lines = self.lines()
        for ln in lines:
            ln.no_wrap = True
            ln.overflow = "ellipsis"
        return Group(*lines)
