"""MetaZoo 2022 in a terminal: every Caster's LP (with Damage and LP Loss), Burn/Poison
Indicators, zone counts and unspent Aura; the Arena grouped by controller (each Page with
Fatigued/Awakened, current/max LP, Damage and statuses with Counters; Aura Pages counted by
name); the six Terra slots with the rotation pointer; the resolution chain as it builds (bottom
to top, the top marked "resolves first"); the Combat in progress; who holds priority and which
step or window it is. Drawn from ``state.view(p)`` and the Page facts of ``present.py``.

Two boards: the full one (the ``board`` command, and ``render_view`` with the log below) and a
compact one that fits a line budget, so that board, the last log lines and the numbered options
share one screen. The compact board is made of single lines, each cut to the width, so counting
lines is exact. It tries wordings from the roomiest to the tightest and takes the first that
fits; what still does not fit is cut with a visible "… N more" (the chain, the Combat and your
own side are kept longest).

Marks: ``⟂`` Fatigued (turned sideways), ``◀`` whose turn, ``★`` holds priority / decides now,
``▸`` the Terra slot the next Terra goes to, ``⚔`` the Combat, ``»`` attacker and its target,
``▢`` a face-down Page (its owner also sees which, marked "(face-down)"), ``⊃`` what lies under a
Page (Equipment, Pages put there, a face-down Trap), ``{…}`` Traits and ``⇣`` burrowed, ``ϟ`` Flash's
restriction, ``+N`` Defender's gain (Trait marks, not statuses).
"""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...engine.game import Game
from ...ui.layout import by_name, fit, named, pack, player_name, seat_label, seat_order, with_more
from ...ui.terminal import GameUIOf
from .present import PHASES, SHORT_STEPS, WINDOW_NAMES
from .surroundings import describe_view

if TYPE_CHECKING:  # pragma: no cover
    from .present import MZ22Presentation  # noqa: F401  (named in MZ22UI's base)

FATIGUED = "⟂"
FACE_DOWN = "▢"
UNDER = "⊃"
TRAIT_SHORT = {"blood_sucker": "BS", "burrow": "Bu", "convert": "Cv", "defender": "Df", "destroyer": "Ds",
               "equipment": "Eq", "fear": "Fe", "first_strike": "FS", "flash": "Fl", "fleet": "Ft", "flight": "Fg",
               "immortal": "Im", "infectious": "If", "invisible": "Iv", "magiproof": "Mp", "regen": "Rg",
               "self_destruct": "SD", "spirit": "Sp", "stone_skin": "SS", "trap": "Tr", "unblockable": "Ub",
               "venomous": "Vn"}
PRIORITY = "★"
POINTER = "▸"
ATTACK = "⚔"
MARKED = "»"
SHOWN = 4           # Pages of a Cemetery, Limbo or Afterlife the full board names

LEGEND = (f"{FATIGUED} Fatigued · {PRIORITY} holds priority / decides · ◀ whose turn · {POINTER} next Terra slot · "
          f"LP current/max · dmg Damage · loss LP Loss · {ATTACK} Combat · {MARKED} attacker / target · "
          f"{FACE_DOWN} face-down · {UNDER} under it · {{…}} Traits · ⇣ burrowed · ϟ Flash · +N Defender gain · "
          "compact counts: sb Spellbook, ch Chapter, li Limbo, ce Cemetery, af Afterlife")

ATTACKER_STYLE = "bold red"
TARGET_STYLE = "bold yellow"
STATUS_STYLE = "magenta"

View = dict[str, Any]      # a seat's view (or a part of it), as view.py builds it


# ------------------------------------------------------------------ facts read from the view
def known_pages(view: View) -> dict[str, View]:
    """Every Page the view shows, by id (to name targets)."""
    out: dict[str, View] = {}
    for c in view.get("casters") or []:
        for key in ("chapter", "chapter_seen", "limbo", "cemetery", "afterlife"):
            for p in c.get(key) or []:
                out[p["id"]] = p
    for p in view.get("arena") or []:
        out[p["id"]] = p
    for p in view.get("terra") or []:
        if p:
            out[p["id"]] = p
    for it in view.get("chain") or []:
        out[it["page"]["id"]] = it["page"]
    return out


def entity_name(view: View, ref: str, pages: dict[str, View] | None = None) -> str:
    """'c12' -> its Page's name, 'P2' -> 'P2', 'k3' -> 'chain 2 (Name)'."""
    if not ref:
        return "?"
    if ref[0] == "P":
        return ref
    if ref[0] == "k":
        for i, it in enumerate(view.get("chain") or []):
            if it["id"] == ref:
                return f"chain {i + 1} ({it['page']['name']})"
        return "a chain item"
    pages = known_pages(view) if pages is None else pages
    p = pages.get(ref)
    return p["name"] if p else ref


def status_words(inds: list[View], short: bool = False) -> str:
    """'Burn 3, Poison' (Indicators with their Counters)."""
    out = []
    for i in inds or []:
        name = i["status"].capitalize()
        if short:
            name = name[:4]
        out.append(f"{name} {i['counters']}" if i.get("counters") else name)
    return ", ".join(out)


def lp_words(p: View) -> str:
    """'30/130' (current/max LP), '' for a Page without LP."""
    if p.get("lp") is None:
        return ""
    return f"{p['lp']}/{p['max_lp']}"


def step_words(view: View, short: bool = False) -> str:
    step = view.get("step", "")
    if view.get("result"):
        step = "over"
    names = SHORT_STEPS if short else PHASES
    return names.get(step, str(step))


def outcome(view: View) -> str:
    returns = (view.get("result") or {}).get("returns") or []
    best = max(returns, default=0)
    wins = [q for q, r in enumerate(returns) if r > 0 and r == best]
    if wins:
        return " and ".join(player_name(q) for q in wins) + " wins"
    return "draw"


def priority_words(view: View, short: bool = False) -> str:
    """'P2 holds priority (chain)', 'P1 decides: Declare Defenders …'."""
    if view.get("result"):
        return outcome(view)
    me = view.get("you")
    w = view.get("window")
    pr = view.get("priority")

    def who(q: int) -> str:
        return "you" if q == me else player_name(q)
    if w and w["seat"] is None:     # the seat asked is told only to that seat (PR-K-9)
        name = WINDOW_NAMES.get(w["name"], w["name"])
        return f"{PRIORITY}… · {name.split(',')[0]}" if short else f"{PRIORITY} waiting for responses ({name})"
    if w:
        name = WINDOW_NAMES.get(w["name"], w["name"])
        return (f"{PRIORITY}{who(w['seat'])} · {name.split(',')[0]}" if short
                else f"{PRIORITY} {who(w['seat'])} hold{'' if w['seat'] == me else 's'} priority ({name})")
    d = view.get("deciding")
    if pr is not None:
        return (f"{PRIORITY}{who(pr)}" if short
                else f"{PRIORITY} {who(pr)} hold{'' if pr == me else 's'} priority")
    if d and d["player"] is not None:
        return (f"{PRIORITY}{who(d['player'])}" if short
                else f"{PRIORITY} {who(d['player'])} decide{'' if d['player'] == me else 's'}")
    return ""


def header_text(view: View, short: bool = False) -> str:
    """'Turn 5 · Take Actions · P2's turn · ★ P1 holds priority (chain)'."""
    me = view["you"]
    parts = []
    turn = view.get("turn", 0)
    if turn:
        parts.append(f"Turn {turn}")
    parts.append(step_words(view, short))
    if turn and not view.get("result"):
        a = int(view.get("active") or 0)
        parts.append("your turn" if a == me else f"{player_name(a)}'s turn")
    pw = priority_words(view, short)
    if pw:
        parts.append(pw)
    return " · ".join(parts)


def combat_marks(view: View) -> tuple[str, str, tuple[str, ...]]:
    """(attacker id, target entity, Defender ids) of the Combat in progress."""
    cb = view.get("combat")
    if not cb:
        return "", "", ()
    return cb["attacker"], cb.get("target") or "", tuple(cb.get("defenders") or ())


def page_style(p: View, marks: tuple[str, str, tuple[str, ...]]) -> str:
    if p["id"] == marks[0]:
        return ATTACKER_STYLE
    if p["id"] == marks[1] or p["id"] in marks[2]:
        return TARGET_STYLE
    return "dim" if p.get("fatigued") else ""


def page_entry(p: View, marks: tuple[str, str, tuple[str, ...]], level: int = 0) -> Text:
    """A Page on the table: '⟂Ember Hare 30/40 dmg 10 [Burn 2]'; level 1 shorter, 2 shortest."""
    mark = FATIGUED if p.get("fatigued") else ""
    if p["id"] == marks[0] or p["id"] == marks[1]:
        mark = MARKED + mark
    name = p["name"]
    if level >= 2 and len(name) > 10:
        name = name[:9] + "…"
    t = Text(mark + name, style=page_style(p, marks))
    lp = lp_words(p)
    if lp:
        t.append(" " + lp)
        if level == 0 and p.get("damage"):
            t.append(f" dmg {p['damage']}", style="red")
        if level == 0 and p.get("lp_loss"):
            t.append(f" loss {p['lp_loss']}", style="red")
    st = status_words(p.get("statuses") or [], short=level >= 1)
    if st:
        t.append(f" [{st}]", style=STATUS_STYLE)
    if p.get("token"):
        t.append(" (token)" if level == 0 else "ᵗ", style="dim")
    tw = trait_words(p, short=level >= 1)
    if tw:
        t.append(" " + tw, style="cyan")
    return t


def trait_words(p: View, short: bool = False) -> str:
    """'{Flight, Regen×2} ⇣ ϟ +60': Traits (short: 'Fg Rg2'), then the Trait marks, which are not
    Status Effect Indicators (MZ22-TRAIT-2): burrowed, Flash's restriction, Defender's gain."""
    counts: dict[str, int] = {}
    for tr in p.get("traits") or []:
        counts[tr] = counts.get(tr, 0) + 1
    if short:
        words = [TRAIT_SHORT.get(k, k[:2]) + (str(n) if n > 1 else "") for k, n in counts.items()]
    else:
        words = [k.replace("_", "-").title() + (f"×{n}" if n > 1 else "") for k, n in counts.items()]
    out = ("{" + (" " if short else ", ").join(words) + "}") if words else ""
    marks = p.get("marks") or {}
    extra = []
    if "burrowed" in marks:
        extra.append("⇣" if short else "⇣burrowed")
    if marks.get("flash"):
        extra.append("ϟ" if short else "ϟno attack")
    if marks.get("defender"):
        extra.append(f"+{marks['defender']}")
    return " ".join([out, *extra]).strip()


def beneath_of(view: View, ref: str | None) -> list[View]:
    """The view's ``beneath`` rows lying under ``ref`` (None: the stand-alone face-down Pages)."""
    return [b for b in view.get("beneath") or [] if b.get("under") == ref]


def beneath_words(b: View, short: bool = False) -> str:
    """One Page from ``beneath``: a face-down Page is '▢' to the others and '▢(face-down) Name'
    to its owner (MZ22-TRAP-22); Equipment and Pages put there by name (MZ22-PLACE-17)."""
    name: str | None = b.get("name")
    if b.get("face_down"):
        if name is None:
            return FACE_DOWN + (str(b.get("id", "")) if not short else "")
        return FACE_DOWN + ("(face-down) " if not short else "") + (name if not short or len(name) <= 10
                                                                   else name[:9] + "…")
    name = str(name)
    if short and len(name) > 10:
        name = name[:9] + "…"
    return name + (" (Equipment)" if b.get("equipment") and not short else "")


def with_beneath(view: View, p: View, t: Text, level: int) -> Text:
    """``t`` (a Page's entry) followed by '⊃ what lies under it'."""
    under = beneath_of(view, p["id"])
    if under:
        t.append(f" {UNDER}" + ",".join(beneath_words(b, level >= 1) for b in under), style="dim")
    return t


def loose_face_down(view: View, q: int, level: int) -> list[Text]:
    """``q``'s stand-alone face-down Pages, one entry each."""
    return [Text(beneath_words(b, level >= 2), style="dim") for b in beneath_of(view, None)
            if b.get("controller") == q and b.get("face_down")]


def aura_entries(pages: list[View]) -> list[Text]:
    """Aura Pages counted by name: 'Flame Aura ×5 (2⟂)'."""
    counts: dict[str, list[int]] = {}
    for p in pages:
        c = counts.setdefault(p["name"], [0, 0])
        c[0] += 1
        c[1] += bool(p.get("fatigued"))
    out = []
    for name, (n, tired) in counts.items():
        t = Text(name, style="green")
        if n > 1:
            t.append(f" ×{n}")
        if tired:
            t.append(f" ({tired}{FATIGUED})" if n > 1 else FATIGUED, style="dim")
        out.append(t)
    return out


def pool_words(aura: dict[str, int], short: bool = False) -> str:
    """'2 Flame 1 Earth' (unspent Aura)."""
    return " ".join(f"{n}{t[:2].capitalize()}" if short else f"{n} {t.capitalize()}" for t, n in aura.items())


def caster_pieces(view: View, q: int, roles: dict[int, str] | None, level: int) -> list[Text]:
    """A Caster's header as pieces: who (◀ whose turn, ★ priority), LP (Damage, LP Loss),
    Indicators, zone counts, Aura. Level 0 words it in full, 1 shorter, 2 shortest."""
    me = view["you"]
    c = view["casters"][q]
    short = level >= 2
    who = Text(player_name(q) + (" (you)" if q == me else "") if short else seat_label(q, me, roles), style="bold")
    if c.get("out"):
        who.append(" OUT", style="bold red")
    if view.get("active") == q and view.get("turn") and not view.get("result"):
        who.append(" ◀", style="bold green")
    holder = (view.get("window") or {}).get("seat", view.get("priority"))
    if holder is None:
        holder = (view.get("deciding") or {}).get("player")
    if holder == q:
        who.append(" " + PRIORITY, style="bold yellow")
    lp = Text(f"LP {c['lp']}", style="bold red" if c["lp"] < 300 else "bold")
    if level == 0 and (c.get("damage") or c.get("lp_loss")):
        lp.append(f" (dmg {c['damage']}, loss {c['lp_loss']})", style="dim")
    pieces = [who, lp]
    st = status_words(c.get("statuses") or [], short=level >= 1)
    if st:
        pieces.append(Text(st, style=STATUS_STYLE))
    names = (("Spellbook", "Chapter", "Limbo", "Cemetery", "Afterlife") if level == 0
             else ("sb", "ch", "li", "ce", "af"))
    counts = (c["spellbook_count"], c["chapter_count"], len(c.get("limbo") or []), len(c.get("cemetery") or []),
              len(c.get("afterlife") or []))
    if level == 2:
        pieces.append(Text(" ".join(f"{n}{k}" for n, k in zip(names, counts))))
    else:
        pieces += [Text(f"{n} {k}") for n, k in zip(names, counts)]
    if c.get("aura"):
        pieces.append(Text(("Aura " if level < 2 else "") + pool_words(c["aura"], level >= 1), style="green"))
    return pieces


SHORT_COUNTS = re.compile(r"\bsb ?\d+\b")
COUNTS_LEGEND = "sb Spellbook · ch Chapter · li Limbo · ce Cemetery · af Afterlife"


def legend_lines(lines: list[Text], width: int) -> list[Text]:
    """A line saying what the short counts stand for, when some line uses them."""
    if any(SHORT_COUNTS.search(x.plain) for x in lines):
        return [fit(Text(COUNTS_LEGEND, style="dim"), width)]
    return []


def caster_line(view: View, q: int, roles: dict[int, str] | None, width: int, level: int) -> list[Text]:
    """A Caster's header in as few lines as its wording at ``level`` needs (``level`` >= 2: one)."""
    sep = " · " if level < 2 else " "
    lines = pack(caster_pieces(view, q, roles, level), width, Text(""), None, sep=sep)
    if level == 0 and len(lines) > 1:           # the short counts on one line beat full words on two
        shorter = pack(caster_pieces(view, q, roles, 1), width, Text(""), None, sep=sep)
        if len(shorter) < len(lines):
            return shorter
    return lines if level < 2 else lines[:1]


def arena_of(view: View, q: int) -> tuple[list[View], list[View]]:
    """(Beasties and Artifacts, Aura Pages) ``q`` controls in the Arena, in arrival order."""
    pages = [p for p in view.get("arena") or [] if p.get("controller") == q]
    return [p for p in pages if p["type"] != "aura"], [p for p in pages if p["type"] == "aura"]


def arena_lines(view: View, q: int, width: int, level: int, max_lines: int | None = None) -> list[Text]:
    """``q``'s side of the Arena packed into lines: Beasties and Artifacts, then Aura Pages."""
    marks = combat_marks(view)
    pages, auras = arena_of(view, q)
    entries = ([with_beneath(view, p, page_entry(p, marks, level), level) for p in pages]
               + loose_face_down(view, q, level) + aura_entries(auras))
    if not entries:
        return [Text("  (nothing in the Arena)", style="dim")] if level < 2 else []
    return pack(entries, width, Text("  "), max_lines)


def terra_line(view: View, width: int, short: bool = False) -> Text:
    """'Terra: 1 River Bend (P2) · ▸2 – · 3 – …' (the pointer marks where the next Terra goes)."""
    t = Text("Terra: " if not short else "T: ", style="bold")
    rot = view.get("rotation", 0)
    for i, p in enumerate(view.get("terra") or []):
        if i:
            t.append(" · " if not short else " ", style="dim")
        t.append((POINTER if i == rot else "") + f"{i + 1} ", style="bold cyan" if i == rot else "dim")
        if p is None:
            t.append("–", style="dim")
        else:
            t.append(p["name"] if not short else p["name"][:8], style="green")
            if not short:
                t.append(f" ({player_name(p['controller'] if p.get('controller') is not None else p['owner'])})",
                         style="dim")
    return fit(t, width)


def chain_item_text(view: View, i: int, it: View, pages: dict[str, View], level: int) -> Text:
    """'2. P2 Phoenix Tear → Cinder Salamander' (its Page, controller and targets)."""
    t = Text(f"{i + 1}. ", style="bold")
    t.append(f"{player_name(it['seat'])} ")
    kind = {"contract": "Contract ", "effect": "", "copy": "copy of "}.get(it["kind"], "")
    if level == 0 and kind:
        t.append(kind, style="dim")
    t.append(it["page"]["name"], style="bold cyan")
    if it["kind"] == "effect" and level == 0:
        t.append(" (Effect)", style="dim")
    targets = [entity_name(view, r, pages) for slot in it.get("targets") or [] for r in slot]
    if targets:
        t.append(" → " + ", ".join(targets))
    return t


def chain_lines(view: View, width: int, level: int) -> list[Text]:
    """The chain bottom to top, one item a line (level 2: on one line), the top marked."""
    chain = view.get("chain") or []
    if not chain:
        return []
    pages = known_pages(view)
    top = len(chain) - 1
    if level >= 2:
        t = Text("Chain ↑: ", style="bold cyan")
        for i, it in enumerate(chain):
            if i:
                t.append(" · ")
            t.append_text(chain_item_text(view, i, it, pages, 2))
        t.append(" ◀ top resolves first", style="bold yellow")
        if t.cell_len > width:     # keep the top in sight: drop items from the bottom
            t = Text("Chain ↑: ", style="bold cyan")
            t.append(f"{len(chain) - 1} below · " if len(chain) > 1 else "", style="dim")
            t.append_text(chain_item_text(view, top, chain[top], pages, 2))
            t.append(" ◀ resolves first", style="bold yellow")
        return [fit(t, width)]
    out = [fit(Text(f"Chain (bottom → top, {len(chain)} item{'s' if len(chain) > 1 else ''}):",
                    style="bold cyan"), width)]
    for i, it in enumerate(chain):
        t = Text("  ") + chain_item_text(view, i, it, pages, level)
        if i == top:
            t.append("  ◀ resolves first", style="bold yellow")
        out.append(fit(t, width))
    return out


def combat_lines(view: View, width: int | None, level: int, pres: Any = None) -> list[Text]:
    """'⚔ P1 Ashen Hellhound attacks P2 Stone Golem with Scorching Maul · Defenders: …'."""
    cb = view.get("combat")
    if not cb:
        return []
    pages = known_pages(view)
    att = pages.get(cb["attacker"], {"name": cb["attacker"], "controller": cb["seat"]})
    t = Text(f"{ATTACK} ", style="bold red")
    t.append(f"{player_name(cb['seat'])} ")
    t.append(MARKED + att["name"], style=ATTACKER_STYLE)
    target = cb.get("target")
    if target:
        tname = entity_name(view, target, pages)
        owner = ""
        if target[0] == "c" and target in pages:
            tp = pages[target]
            owner = player_name(int(tp.get("controller", tp.get("owner", 0)) or 0)) + " "
        t.append(" attacks " if level == 0 else " → ")
        t.append(owner + MARKED + tname, style=TARGET_STYLE)
    else:
        t.append(" declares an Attack", style="dim")
    if cb.get("attack", -1) >= 0:
        atk = cb.get("damage") or _attack_name(pres, att["name"], cb["attack"])   # the rules' own amount
        t.append(f" with {atk}" if level == 0 else f" ({atk})")
    defs = cb.get("defenders") or []
    second = Text("  Defenders: " if level == 0 else " · Def: ", style="bold")
    if defs:
        prim = cb.get("primary")
        for i, d in enumerate(defs):
            if i:
                second.append(", ")
            nm = pages.get(d, {"name": d})["name"]
            second.append(nm + (" (primary)" if d == prim and level == 0 else "*" if d == prim else ""),
                          style=TARGET_STYLE)
        if cb.get("counter", -1) >= 0 and prim and prim in pages:
            answer = cb.get("counter_damage") or _attack_name(pres, pages[prim]["name"], cb["counter"])
            second.append(f" · counter: {answer}")
    else:
        second.append("none", style="dim")
    if level == 0:
        lines = [t, second]
    else:
        t.append_text(second)
        lines = [t]
    return lines if width is None else [fit(x, width) for x in lines]


def _attack_name(pres: Any, page: str, i: int) -> str:
    """'Scorching Maul (60)': Attack ``i`` of ``page`` from the pool, or 'Attack N' (a Token)."""
    df = pres.card_def(page) if pres is not None else None
    attacks = getattr(df, "attacks", ()) or ()
    if 0 <= i < len(attacks):
        return f"{attacks[i].name} ({attacks[i].damage})"
    return f"Attack {i + 1}"


# ------------------------------------------------------------------ the renderer
class MZ22UI(GameUIOf["MZ22Presentation"]):
    """MetaZoo 2022's terminal renderer (``MZ22Presentation.terminal_renderer``)."""

    def owns(self, view: View) -> bool:
        casters = view.get("casters")
        return (isinstance(casters, list) and isinstance(view.get("arena"), list)
                and all(isinstance(c, dict) and "spellbook_count" in c for c in casters))

    def progress(self, view: dict[str, Any]) -> str:
        if view.get("step") in ("setup", "mulligan"):
            return "set-up (Mulligans)" if view.get("step") == "mulligan" else "set-up"
        return super().progress(view)

    def hand(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        casters = view.get("casters")
        if not isinstance(casters, list) or not 0 <= view.get("you", -1) < len(casters):
            return []
        return [c for c in casters[view["you"]].get("chapter") or [] if isinstance(c, dict)]

    # ---- your Chapter
    def _chapter_entries(self, chapter: list[View], level: int) -> list[Text]:
        out = []
        for nm, (n, _first) in by_name(chapter).items():
            t = named(nm, n)
            info = self.presentation.card(nm)
            if info is not None and level < 2:
                nums = info.numbers
                if level == 1:
                    nums = "free" if nums == "Cost 0" else nums.replace("Cost ", "")
                t.append(" " + nums, style="dim")
            out.append(t)
        return out

    def chapter_lines(self, view: View, width: int, max_lines: int | None, level: int) -> list[Text]:
        chapter = view["casters"][view["you"]].get("chapter") or []
        head = Text(f"Your Chapter ({len(chapter)}): ", style="bold")
        if not chapter:
            return [fit(head + Text("empty", style="dim"), width)]
        return pack(self._chapter_entries(chapter, level), width, head, max_lines)

    # ---- the compact board
    def compact_board(self, game: Game, view: View, roles: dict[int, str] | None, max_lines: int,
                      width: int) -> RenderableType:
        return Group(*self.compact_lines(view, roles, max_lines, width))

    def compact_lines(self, view: View, roles: dict[int, str] | None, max_lines: int, width: int) -> list[Text]:
        """The compact board as single lines: at most ``max_lines``, each at most ``width``."""
        max_lines = max(1, max_lines)
        wide = header_text(view)
        head_s = wide if len(wide) + 4 <= width else header_text(view, short=True)
        head = Text("── " + head_s + " ", style="bold cyan")
        head.append("─" * max(0, width - head.cell_len), style="cyan")
        head = fit(head, width)
        body: list[Text] = []
        for level in (0, 1, 2, 3):
            body = self._body(view, roles, width, level)
            legend = legend_lines(body, width)
            if level < 2:                       # with room to spare the legend is part of the board
                body, legend = body + legend, []
            chapter_need = len(self.chapter_lines(view, width, None, 1 if width >= 120 else 2))
            if 1 + len(body) + chapter_need <= max_lines:
                break
        # your Chapter is never cut: the board may run past max_lines (the screen pages the options)
        chapter = self.chapter_lines(view, width, None, 1 if width >= 120 else 2)
        room = max_lines - 1 - len(chapter) - len(body)
        if room < 0:                            # even the tightest wording is too tall: cut it visibly
            body = self._cut(view, roles, width, max(1, max_lines - 1 - len(chapter)))
            legend = legend_lines(body, width)
        body += legend[:max(0, max_lines - 1 - len(chapter) - len(body))]     # a tight board: if it fits
        return [head] + body + chapter

    def _sections(self, view: View, roles: dict[int, str] | None, width: int,
                  level: int) -> list[tuple[str, list[Text]]]:
        """The board between the header and your Chapter, as named sections of lines."""
        me = view["you"]
        out: list[tuple[str, list[Text]]] = []
        for q in seat_order(view["casters"], me):
            lines: list[Text]
            if level >= 2 and q != me:
                # an opponent on one line: short counts, then its Arena inline
                t = Text(" ").join(caster_pieces(view, q, roles, 2))
                pages, auras = arena_of(view, q)
                marks = combat_marks(view)
                # level 2 keeps whole names (wrapped onto more lines); only level 3 cuts them
                entries = [with_beneath(view, p, page_entry(p, marks, level - 1), level - 1) for p in pages]
                entries += loose_face_down(view, q, 2)
                if auras:
                    entries.append(Text(f"{len(auras)} Aura" + (f" ({sum(1 for a in auras if a.get('fatigued'))}"
                                                                 f"{FATIGUED})" if any(a.get('fatigued') for a in auras)
                                                                 else ""), style="green"))
                entries = entries or [Text("nothing in the Arena", style="dim")]
                arena = pack(entries, max(10, width - t.cell_len - 3), Text(""), 1 if level >= 3 else None)
                lines = [fit(t + Text(" │ ", style="dim") + arena[0], width)] + [
                    fit(Text("    ") + x, width) for x in arena[1:]]
            else:
                lines = caster_line(view, q, roles, width, min(level, 1) if q == me else level)
                lines += arena_lines(view, q, width, min(level, 1), None if level < 2 else 2)
            out.append((f"seat{q}", lines))
        out.append(("terra", [terra_line(view, width, short=level >= 3)]))
        surr = view.get("surroundings")
        if level == 0 and surr and surr.get("mode") != "terra_only":
            out.append(("surroundings", [fit(Text(x, style="dim"), width) for x in describe_view(surr)]))
        out.append(("combat", combat_lines(view, width, 0 if level <= 2 else 1, self.presentation)))
        out.append(("chain", chain_lines(view, width, 0 if level <= 1 else 2 if level == 3 else 1)))
        return out

    def _body(self, view: View, roles: dict[int, str] | None, width: int, level: int) -> list[Text]:
        return [x for _, lines in self._sections(view, roles, width, level) for x in lines]

    def _cut(self, view: View, roles: dict[int, str] | None, width: int, keep: int) -> list[Text]:
        """The tightest body in ``keep`` lines: the chain, Combat and Terra kept; opponents first
        cut to their first line, then dropped with a visible '… N more'."""
        keep = max(0, keep)
        sections = self._sections(view, roles, width, 3)
        fixed = [s for s in sections if not s[0].startswith("seat")]
        seats = [s for s in sections if s[0].startswith("seat")]
        fixed_lines = [x for _, lines in fixed if _ != "terra" for x in lines]
        terra = [x for n, lines in fixed if n == "terra" for x in lines]
        seat_lines: list[Text] = []
        for _, lines in seats:
            seat_lines += lines[:1]
        me_more = seats[-1][1][1:] if seats else []
        body = seat_lines + me_more + terra + fixed_lines
        if len(body) <= keep:
            return body
        # too many: keep the chain / Combat (the most urgent) and as many seats as fit
        tail = fixed_lines[-max(0, keep - 1):] if keep > 1 else []
        head_room = keep - len(tail)
        head = seat_lines + me_more + terra
        cut = len(head) - head_room
        if head_room <= 0:
            return tail[:keep]
        shown = head[:head_room]
        if cut > 0:
            shown[-1] = with_more(shown[-1], cut, width)
        return shown + tail

    # ---- the full board
    def full_board(self, game: Game, view: View, roles: dict[int, str] | None = None) -> RenderableType:
        """Header, the Casters' table, Terra slots, the chain, the Combat, every side of the
        Arena, the discard piles, your Chapter and a legend of the marks."""
        me = view["you"]
        casters = view["casters"]
        order = seat_order(casters, me)
        marks = combat_marks(view)
        parts: list[RenderableType] = [Rule(header_text(view), style="cyan")]
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("Caster", "LP", "Damage", "LP Loss", "Indicators", "Spellbook", "Chapter", "Limbo",
                    "Cemetery", "Afterlife", "Aura"):
            table.add_column(col, justify="left" if col in ("Caster", "Indicators", "Aura") else "right")
        for q in order:
            c = casters[q]
            who = seat_label(q, me, roles)
            if view.get("active") == q and view.get("turn") and not view.get("result"):
                who += " ◀ turn"
            if c.get("out"):
                who += " (out)"
            table.add_row(who, str(c["lp"]), str(c["damage"]), str(c["lp_loss"]),
                          status_words(c.get("statuses") or []) or "–", str(c["spellbook_count"]),
                          str(c["chapter_count"]), str(len(c.get("limbo") or [])),
                          str(len(c.get("cemetery") or [])), str(len(c.get("afterlife") or [])),
                          pool_words(c.get("aura") or {}) or "–", style="bold" if q == me else "")
        parts.append(table)
        parts.append(terra_line(view, 10_000))
        if view.get("surroundings"):
            parts += [Text(x, style="dim") for x in describe_view(view["surroundings"])]
        chain = chain_lines(view, 10_000, 0)
        if chain:
            parts.append(Text(""))
            parts += chain
        combat = combat_lines(view, None, 0, self.presentation)
        if combat:
            parts.append(Text(""))
            parts += combat
        for q in order:
            parts.append(Text(""))
            parts += self._arena_section(view, q, roles, marks)
        parts += self.hand_section(game, "Your Chapter", casters[me].get("chapter") or [])
        parts.append(Text(LEGEND, style="dim"))
        return Group(*parts)

    def _arena_section(self, view: View, q: int, roles: dict[int, str] | None,
                       marks: tuple[str, str, tuple[str, ...]]) -> list[RenderableType]:
        me = view["you"]
        c = view["casters"][q]
        title = Text(f"{seat_label(q, me, roles)}: Arena", style="bold underline")
        title.append(f"  LP {c['lp']}", style="bold red")
        out: list[RenderableType] = [title]
        pages, auras = arena_of(view, q)
        if pages:
            grid = Table(box=None, pad_edge=False, show_edge=False, header_style="dim", padding=(0, 2, 0, 0))
            for col in ("Page", "Type", "State", "LP", "Damage", "LP Loss", "Statuses", "Traits", "Under it"):
                grid.add_column(col, justify="right" if col in ("LP", "Damage", "LP Loss") else "left")
            for p in pages:
                name = Text(("»" if p["id"] in marks[:2] else "") + p["name"] + (" (token)" if p.get("token") else ""),
                            style=page_style(p, marks))
                grid.add_row(name, p["type"].capitalize(), "Fatigued" if p.get("fatigued") else "Awakened",
                             lp_words(p) or "–", str(p.get("damage") or 0), str(p.get("lp_loss") or 0),
                             status_words(p.get("statuses") or []) or "–", trait_words(p) or "–",
                             ", ".join(beneath_words(b) for b in beneath_of(view, p["id"])) or "–")
            out.append(grid)
        elif not auras:
            out.append(Text("  (nothing in the Arena)", style="dim"))
        loose = loose_face_down(view, q, 0)
        if loose:
            out += pack(loose, 10_000, Text("  Face-down: ", style="bold"))
        if auras:
            out += pack(aura_entries(auras), 10_000, Text("  Aura Pages: ", style="bold"))
        for key, label in (("limbo", "Limbo"), ("cemetery", "Cemetery"), ("afterlife", "Afterlife")):
            pile = c.get(key) or []
            t = Text(f"  {label} ({len(pile)}): ", style="bold")
            if not pile:
                t.append("empty", style="dim")
            else:
                t.append("latest: " + ", ".join(x["name"] for x in reversed(pile[-SHOWN:])))
                if len(pile) > SHOWN:
                    t.append(f", … {len(pile) - SHOWN} more", style="dim")
            out.append(t)
        if q != me and c.get("chapter_seen"):
            out.append(Text("  in Chapter (seen by all): " + ", ".join(x["name"] for x in c["chapter_seen"]),
                            style="dim"))
        return out
