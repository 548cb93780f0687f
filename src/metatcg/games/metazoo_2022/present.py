"""MetaZoo 2022 as front ends show it: Pages worded for players (type line, cost and LP, Attacks
with their Damage, status icons, AAA and bonuses, Effects under their keyword, Terra Bonuses,
Spellbook Limit), the glossary (``glossary.TOPICS``), the rules constants a screen needs, the
typed view and the terminal renderer.

Constants come from the game's own modules (``data.START_LP``, ``data.SLOTS``,
``deckcheck.MIN_SPELLBOOK``...); nothing about the rules is re-declared here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.decks import Deck
from ...engine.game import Game
from ...ui.presentation import CardInfo, Presentation
from .aura import AAA_BONUS, TA_BONUS
from .cards import PageDef
from .data import OPENING, SLOTS, START_LP
from .deckcheck import MAX_ARCHIVE, MIN_SPELLBOOK, spellbook
from .schema import AURA_TYPES
from .stats import TRIBAL_EACH
from .statuses import MAX_POISON, NAMES as STATUS_NAMES, POISON_LOSS
from .turn import STEP_NAMES
from . import autopay, moments

if TYPE_CHECKING:  # pragma: no cover
    pass

TYPE_NAMES = {"aura": "Aura", "beastie": "Beastie", "spell": "Spell", "potion": "Potion",
              "artifact": "Artifact", "terra": "Terra"}
# The steps as the view names them (``view["step"]``), as a player reads them.
PHASES: dict[str, str] = {**STEP_NAMES, "end_p": STEP_NAMES.get("end_b", "end_b"), "over": "Game over"}
SHORT_STEPS = {"setup": "Set-Up", "mulligan": "Mulligans", "start_a": "Start Effects", "start_b": "Start Priority",
               "bookmark": "Bookmark", "awaken": "Awaken", "dissolve": "Dissolve", "actions": "Take Actions",
               "end_a": "End Priority", "end_b": "End Effects", "end_c": "End Dissolve", "over": "Game over"}
# The response windows (the kernel decision ``__respond``'s Window name) as a player reads them.
WINDOW_NAMES = {"start": "start of turn", "end": "end of turn", "chain": "chain",
                "combat1": "Combat, before Defenders", "combat2": "Combat, after Defenders"}

# An Effect's ``when`` -> the keyword it is printed under, and the glossary topic id of it.
WHEN_LABELS = {"contract": "CONTRACT", "flipped": "FLIPPED", "destroyed": "DESTROYED", "arena": "ARENA",
               "start_of_turn": "Start of turn", "end_of_turn": "End of turn", "power": "Power",
               "any_time": "Any time", "cast": "", "trigger": "Trigger"}
KEYWORD_IDS = {"contract": "contract-effects", "flipped": "flipped-effects", "arena": "arena-effects",
               "destroyed": "destroyed-effects", "start_of_turn": "turn-effects", "end_of_turn": "turn-effects",
               "any_time": "any-time", "power": "power", "tribal_boost": "tribal-boost",
               "aaa": "aura-attack-advantage", "terra_bonus": "terra-bonus"}


def type_name(t: str) -> str:
    return "Any" if t == "any" else t.capitalize()


def aura_types(df: PageDef) -> list[str]:
    """The Page's Base Aura Types in the order of its cost list (Neutral last)."""
    order = [t for t, _ in df.cost if t in df.base_types]
    rest = sorted(t for t in df.base_types if t not in order)
    return [type_name(t) for t in order + rest]


def cost_words(df: PageDef) -> str:
    """'1 Flame + 1 Neutral', '0' (a Potion, or a Terra)."""
    parts = [f"{n} {type_name(t)}" for t, n in df.cost if n]
    return " + ".join(parts) if parts else "0"


def effect_cost(e: Any) -> str:
    """'Fatigue, 1 Flame, pay 30 LP' (the cost of a Power or an "any time" Effect)."""
    c = e.cost
    if c is None:
        return ""
    parts = ["Fatigue"] if c.fatigue else []
    parts += [f"{x.n} {type_name(x.aura)}" for x in c.aura if x.n]
    if c.lp:
        parts.append(f"pay {c.lp} LP")
    return ", ".join(parts)


def effect_label(e: Any, page_any_time: bool = False) -> str:
    """The keyword an Effect is printed under: 'DESTROYED', 'Power (Fatigue)', 'Start of each turn'."""
    w = e.when
    if w in ("start_of_turn", "end_of_turn"):
        return f"{'Start' if w == 'start_of_turn' else 'End'} of {'each' if e.turns == 'each' else 'your'} turn"
    label = WHEN_LABELS.get(w, w)
    if w == "cast" and page_any_time:
        label = "Any time"
    cost = effect_cost(e)
    return f"{label} ({cost})" if cost else label


def _op_words(ops: Any) -> str:
    return ", ".join(str(getattr(o, "op", "?")).replace("_", " ") for o in ops) or "no effect"


def effect_line(e: Any, page_any_time: bool = False) -> str:
    """An Effect as a player reads it: its keyword, then its text (or its ops, named)."""
    label = effect_label(e, page_any_time)
    body = (e.text or _op_words(e.do or e.static)).strip()
    head = label.split(" (")[0].lower()
    if not label or (head and body.lower().startswith(head)):
        return body
    return f"{label}: {body}"


def status_icon(s: Any) -> str:
    name = STATUS_NAMES.get(s.status, s.status.capitalize())
    out = f"{name} ({s.x})" if s.x is not None else name
    return out + (" (sure)" if getattr(s, "auto", False) else "")


def per_words(p: Any) -> str:
    """'+10 per opposing Beastie' (a bonus counted per thing)."""
    what = str(p.per).replace("_", " ")
    out = f"+{p.each} per {what}"
    return out + (f", +{p.plus}" if p.plus else "")


def attack_line(a: Any) -> str:
    """'Hot Lick: 30 Damage · Burn (2) · AAA Frost (+20) · This Beastie Recovers 10 LP.'"""
    parts = [f"{a.name}: {a.damage} Damage"]
    parts += [status_icon(s) for s in a.status]
    if a.aaa:
        parts.append(f"AAA {type_name(a.aaa)} (+{AAA_BONUS})")
    if a.bonus is not None:
        parts.append(per_words(a.bonus))
    if a.text:
        parts.append(a.text)
    elif a.do:
        parts.append(_op_words(a.do))
    return " · ".join(parts)


def terra_words(key: str) -> str:
    return key.replace("_", " ").title()


def bonus_line(b: Any) -> str:
    """'Desert: +10 Damage, +20 LP'."""
    parts = ([f"+{b.damage} Damage"] if b.damage else []) + ([f"+{b.lp} LP"] if b.lp else [])
    return f"{terra_words(b.terra)}: {', '.join(parts)}"


def kind_of(df: PageDef) -> str:
    """The type line: 'Beastie · Flame/Frost · Sasquatch', 'Special Aura · Earth', 'Terra · Desert'."""
    base = TYPE_NAMES.get(df.type, df.type.capitalize())
    if df.type in ("aura", "terra") and df.special:
        base = "Special " + base
    if df.type == "aura":
        return f"{base} · {type_name(df.aura)}"
    if df.type == "terra":
        return f"{base} · {terra_words(df.terra_name)}"
    out = f"{base} · {'/'.join(aura_types(df))}"
    if df.tribes:
        out += " · " + ", ".join(df.tribes)
    return out


def numbers_of(df: PageDef) -> str:
    """'Cost 1 Flame + 1 Neutral · 60 LP', 'Makes Flame', 'Terra: Desert'."""
    if df.type == "aura":
        return "Makes " + " or ".join(type_name(t) for t in df.produces)
    if df.type == "terra":
        out = f"Activates {terra_words(df.terra_name)}"
        return out + (f" · Cost {cost_words(df)}" if df.cost_total else "")
    out = f"Cost {cost_words(df)}"
    if df.type in ("beastie", "artifact"):
        out += f" · {df.lp} LP"
    if df.attacks:
        out += " · " + "/".join(str(a.damage) for a in df.attacks) + " Damage"
    return out


def page_keywords(df: PageDef) -> tuple[str, ...]:
    seen: list[str] = []

    def add(k: str) -> None:
        if k and k not in seen:
            seen.append(k)
    if df.any_time:
        add("Any time")
    for e in df.effects:
        if e.when == "cast":
            continue
        add(effect_label(e).split(" (")[0] if e.when not in ("start_of_turn", "end_of_turn")
            else ("Start of turn" if e.when == "start_of_turn" else "End of turn"))
    if df.tribal_boost:
        add("Tribal Boost")
    if any(a.aaa for a in df.attacks):
        add("AAA")
    if df.terra_bonus:
        add("Terra Bonus")
    for a in df.attacks:
        for s in a.status:
            add(STATUS_NAMES.get(s.status, s.status))
    for t in df.traits:
        add(t.replace("_", " ").title())
    return tuple(seen)


def effect_lines(df: PageDef) -> tuple[str, ...]:
    return tuple(effect_line(e, df.any_time) for e in df.effects)


def details_of(df: PageDef) -> tuple[str, ...]:
    """Lines between a panel's heading and its text: numbers, Attacks, bonuses, limits."""
    out = [numbers_of(df)]
    if df.type == "artifact" and df.produces:
        out.append("Fatigue: make 1 " + " or ".join(type_name(t) for t in df.produces) + " Aura")
    for a in df.attacks:
        out.append("Attack " + attack_line(a))
    if df.tribal_boost:
        out.append(f"Tribal Boost: +{TRIBAL_EACH} Damage and LP per other Beastie of its Tribe")
    for b in df.terra_bonus:
        out.append("Terra Bonus " + bonus_line(b))
    if df.strong_against:
        out.append(f"Strong against {', '.join(type_name(t) for t in df.strong_against)} (+{TA_BONUS} Damage)")
    if df.any_time:
        out.append("Any time: may be Contracted whenever you hold priority")
    if df.traits:
        out.append("Traits: " + ", ".join(t.replace("_", " ").title() for t in df.traits))
    out.append(f"Spellbook Limit {df.limit}" if df.limit is not None else "No Spellbook Limit")
    if df.effects and df.text:
        out.append(f"“{df.text}”")
    return tuple(out)


class MZ22Presentation(Presentation):
    length_word = "turns"
    about = (f"Two to four Casters play creatures (Beasties), spells and traps into one shared Arena, "
             f"paying with Aura. Beasties fight each other and the Casters: bring every other Caster from "
             f"{START_LP} Life Points down to 0 to win.")
    card_types = ("aura", "terra", "beastie", "artifact", "spell", "potion")
    no_text = "(no Effects)"

    def option_choices(self, seats: int) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """The surroundings, picked from the presets with what each declares and the keys its
        moment and place give on turn 1 (MZ22-TERRA-8..13), in words (``full moon``, not
        ``full_moon``): the keys are the preset's, shown as a player says them."""
        from . import surroundings

        def words(keys: list[str]) -> str:
            return ", ".join(k.replace("_", " ").replace("-", " ") for k in keys)

        out = []
        for name, raw in surroundings.presets().items():
            try:
                cfg = surroundings.parse(name, seats)
            except ValueError:
                continue                   # a preset for another table size
            if cfg is None:
                out.append((name, "Terra Pages only: nothing declared about where you play (as in tournaments)"))
                continue
            keys = sorted(set(surroundings.initial(cfg, seats)[0]))
            shared = raw.get("shared") or {}
            said = words(sorted(shared.get("keys", []) + shared.get("items", [])))
            where = f"both Casters share: {said}" if said else "each Caster declares their own place"
            out.append((name, f"{where}; the sky on turn 1: {words(keys) or 'nothing'}"))
        out.sort(key=lambda x: x[0] != "terra_only")
        return [("surroundings", "Where are the Casters? (surroundings, the 4th Wall)", out)] if out else []
    phases: Mapping[str, str] = PHASES
    pick_kinds = Presentation.pick_kinds | {"pay", "trap_pay", "defenders", "allocate", "order", "discard"}

    @property
    def rules(self) -> Mapping[str, int]:
        return {"start_lp": START_LP, "opening_pages": OPENING, "terra_slots": SLOTS,
                "min_spellbook": MIN_SPELLBOOK, "max_archive": MAX_ARCHIVE, "type_advantage": TA_BONUS,
                "aaa_bonus": AAA_BONUS, "tribal_bonus": TRIBAL_EACH, "max_poison": MAX_POISON,
                "poison_loss": POISON_LOSS, "aura_types": len(AURA_TYPES)}

    @property
    def keywords(self) -> Mapping[str, str]:
        g = self.glossary()
        out: dict[str, str] = {}
        for kid in dict.fromkeys(KEYWORD_IDS.values()):
            t = g.topic_for(kid)
            if t is not None:
                out[kid] = t.text.split("\n\n")[0]
        return out

    @property
    def view_model(self) -> type | None:
        from .view_schema import MZ22View
        return MZ22View

    terminal_renderer = "metatcg.games.metazoo_2022.terminal:MZ22UI"

    def window_moments(self, state: Any, window: Any, seat: int) -> frozenset[str]:
        return moments.window_moments(state.data, window, seat)

    def auto_pay(self, state: Any, seat: int) -> Any:
        return autopay.auto_pay(state, seat)

    # ---- cards
    def describe(self, name: str, c: Any) -> CardInfo:
        df: PageDef = c
        kind = kind_of(df)
        lines = effect_lines(df)
        text = " ".join(lines) if lines else df.text
        stats = {"cost": df.cost_total}
        if df.type in ("beastie", "artifact"):
            stats["lp"] = df.lp
        if df.attacks:
            stats["damage"] = max(a.damage for a in df.attacks)
        if df.limit is not None:
            stats["limit"] = df.limit
        numbers = numbers_of(df)
        summary = f"{name} · {kind} · {numbers}" + (f" · {text}" if text else "")
        return CardInfo(name=name, type=df.type, kind=kind, numbers=numbers, text=text,
                        traits=tuple(df.tribes), keywords=page_keywords(df), stats=stats, summary=summary,
                        heading=kind, details=details_of(df))

    def search_fields(self, name: str) -> list[str]:
        c = self.card_def(name)
        if c is None:
            return [name]
        return [name, c.text, " ".join(effect_lines(c)), " ".join(attack_line(a) for a in c.attacks),
                *c.tribes, kind_of(c)]

    def type_matches(self, name: str, kind: str) -> bool:
        """A Page type (beastie, spell…), an Aura Type (flame…), 'special' or 'any_time'."""
        c = self.card_def(name)
        if c is None:
            return False
        k = kind.lower().replace("-", "_")
        return (k == c.type or k in c.base_types or (k == "special" and c.special)
                or (k == "any_time" and c.any_time))

    # ---- decks
    def deck_size(self, deck: Deck) -> str:
        main = len(spellbook(deck))
        archive = len(deck.cards) - main
        return f"{main} Pages" + (f" + {archive} in the Archive" if archive else "")

    def deck_blurb(self, deck: Deck) -> str:
        counts: dict[str, int] = {}
        for n in spellbook(deck):
            c = self.card_def(n)
            if c is not None:
                counts[c.type] = counts.get(c.type, 0) + 1
        return ", ".join(f"{counts[t]} {TYPE_NAMES[t]}" for t in self.card_types if counts.get(t))


def presentation(game: Game) -> MZ22Presentation:
    return MZ22Presentation(game)
