"""Surroundings and the 4th Wall (MZ22-TERRA-8..14, MZ22-WALL): the table option that declares
each Caster's real surroundings, the three match modes, the keys derived from a fixed moment and
place (through sky.py), and the 4th Wall predicates Pages are gated on.

The option ``surroundings`` is a text: a preset name from surroundings.toml or a JSON object::

    {"mode": "shared" | "per_caster" | "terra_only",
     "moment": "2024-06-21T12:00:00+02:00", "place": [lat, lon],   # both or neither
     "weather": ["raining", "clear", ...], "minutes_per_turn": 0,
     "shared": {"keys": [...], "items": [...]},                       # shared mode only
     "casters": [{"keys": [...], "items": [...], "self": [...],       # one per seat (or fewer)
                  "place": [lat, lon], "weather": [...]}]}            # place/weather: per_caster only

``terra_only`` (the default) is part 1's game: nothing is declared or derived. The parsed
option lives in ``MZ22Data.surr`` (never changes, PR-MZ22-25); the keys derived at each turn's
step 1a live in ``MZ22Data.sky`` (per seat) so replays and saved games agree (MZ22-TERRA-13).
"""
from __future__ import annotations

import tomllib
from typing import Any

from ...engine.state import GameState
from . import sky
from .surroundings_option import HERE, Config, Profile
from .surroundings_option import from_dict as from_dict, parse as parse, presets as presets  # the option, read here too

# ------------------------------------------------------------------ derived keys
def derive(cfg: Config, seat: int, turn: int) -> tuple[str, ...]:
    """The clock-, sky- and weather-derived keys of ``seat`` at ``turn`` (MZ22-TERRA-10..12):
    the moment advances ``minutes_per_turn`` a turn from turn 1."""
    prof = cfg.casters[seat]
    weather = prof.weather if prof.weather is not None else cfg.weather
    out = set(weather or ()) - {"clear"}
    place = prof.place or cfg.place
    if place is not None:                 # a feature within 5 miles gives its place key (PR-MZ22-31)
        out.update(k for k, at in cfg.landmarks if sky.distance_km(place, at) <= sky.NEARBY_KM)
    if cfg.moment is not None and place is not None:
        when = sky.advance(sky.parse_moment(cfg.moment), cfg.minutes * max(0, turn - 1))
        lat, lon = place
        tod = sky.time_of_day(when, lat, lon)
        out.add(tod)
        if sky.full_moon(when):
            out.add("full_moon")
        if sky.winter(when.date(), lat):
            out.add("winter")
        if sky.meteor_shower(when.date()):
            out.add("meteor_shower")
        if tod == "nighttime" and weather is not None and "clear" in weather:   # PR-MZ22-27
            out.add("stars")
    return tuple(sorted(out))


def recompute(st: GameState) -> None:
    """Step 1a: derive every Caster's keys afresh and log them (MZ22-TERRA-13)."""
    d = st.data
    cfg = d.surr
    if cfg is None:
        return
    old = d.sky
    d.sky = tuple(derive(cfg, p, d.turn) for p in range(d.n))
    d.memo.pop("wall", None)                   # cached 4th Wall answers read the old keys
    if st.logging and (d.turn <= 1 or d.sky != old):   # said once, then again only on a change
        shown = "; ".join(f"P{p + 1}: {', '.join(map(key_name, k)) or 'nothing'}" for p, k in enumerate(d.sky))
        st.say(f"Surroundings at the start of turn {d.turn} (MZ22-TERRA-13): {shown}")


def key_name(key: str) -> str:
    """A Terra Bonus key, 4th Wall item or condition as a player reads it: "full_moon" -> "Full Moon",
    "fire-source" -> "Fire Source"."""
    return " ".join(w.capitalize() for w in key.replace("-", " ").replace("_", " ").split())


def wall_name(pred: str) -> str:
    """A 4th Wall predicate as a player reads it: "terra:full_moon" -> "there is a Full Moon"."""
    what, _, name = pred.partition(":")
    if what == "terra":
        return f"there is a {key_name(name)}"
    if what == "self":
        return f"the Caster is {key_name(name).lower()}"
    return f"a {key_name(name)} is in sight"


def moment_name(moment: str) -> str:
    """The declared moment as a player reads it, in its own local time: "17 Oct 2024, 21:30"."""
    when = sky.parse_moment(moment)
    return f"{when.day} {when.strftime('%b %Y, %H:%M')}"


def initial(cfg: Config | None, n: int) -> tuple[tuple[str, ...], ...]:
    return tuple(() for _ in range(n)) if cfg is None else tuple(derive(cfg, p, 1) for p in range(n))


# ------------------------------------------------------------------ matching
def has(d: Any, key: str, seat: int) -> bool:
    """Whether ``seat``'s surroundings provide the Terra Bonus key (MZ22-TERRA-8/9): shared mode
    one place for all, per-Caster mode the seat's own declaration; derived keys both."""
    cfg = d.surr
    if cfg is None:
        return False
    if key in d.sky[seat]:
        return True
    prof = cfg.shared if cfg.mode == "shared" else cfg.casters[seat]
    return key in prof.keys


def _aliases() -> dict[str, frozenset[str]]:
    raw = tomllib.loads((HERE / "aliases.toml").read_text(encoding="utf-8"))["item"]
    out: dict[str, set[str]] = {}
    for item, names in raw.items():
        for name in names:
            out.setdefault(name, set()).add(item)
    return {k: frozenset(v) for k, v in out.items()}


ALIASES: dict[str, frozenset[str]] = _aliases()


def named_items(d: Any) -> set[str]:
    """Items that face-up Pages in the Arena or Terra slots stand for by name (MZ22-WALL-2/3/8),
    once per set of Pages there (``zones.forget`` drops the list)."""
    out = d.memo.get("named_items")
    if out is None:
        out = set()
        defs = d.defs
        for c in (*d.arena, *d.terra):
            if c >= 0:
                got = ALIASES.get(defs[c].name)
                if got and not d.in_play[c].face_down:
                    out |= got
        d.memo["named_items"] = out
    return out  # type: ignore[no-any-return]


def wall_holds(d: Any, pred: str, seat: int) -> bool:
    """A 4th Wall predicate for ``seat``, checked fresh each time (MZ22-WALL-7/8/11):
    ``item:x`` declared or a Page named for it in the Arena; ``self:x`` the seat's own
    declaration (PR-MZ22-26); ``terra:k`` a Terra ``k`` in a slot or the surroundings."""
    what, _, name = pred.partition(":")
    if what == "terra":
        defs = d.defs
        if any(c >= 0 and defs[c].terra_name == name for c in d.terra):
            return True
        return has(d, name, seat)
    cfg = d.surr
    if what == "self":
        return cfg is not None and name in cfg.casters[seat].self
    if cfg is not None:
        prof = cfg.shared if cfg.mode == "shared" else cfg.casters[seat]
        if name in prof.items:
            return True
    return name in named_items(d)


def contract_barred(d: Any, seat: int, page: int) -> bool:
    """A "cannot be Contracted while …" Page: the Contracting Caster's situation (MZ22-WALL-10)."""
    return any(wall_holds(d, p, seat) for p in d.defs[page].no_contract)


def sweep(st: GameState) -> None:
    """Pages whose ``return_while`` predicate now holds go back to their owner's Chapter
    (MZ22-WALL-11, MZ22-EX-13); checked before every step, gated on such Pages being there."""
    from . import zones
    from .stats import statics
    d = st.data
    for c, s in statics(d, "return_while"):
        if c in d.in_play and wall_holds(d, s.wall, d.controller(c)):
            if st.logging:
                st.say(f"{zones.nm(d, c)} returns to P{d.owner[c] + 1}'s Chapter: "
                        f"{wall_name(s.wall)} (MZ22-WALL-11)")
            zones.leave(st, c, "chapter")


# ------------------------------------------------------------------ what Casters see
def public(d: Any) -> dict[str, Any]:
    """The mode, each Caster's declaration and the keys derived this turn (all public, MZ22-WALL-9)."""
    cfg = d.surr
    if cfg is None:
        return {"mode": "terra_only", "moment": None, "place": None, "shared": None,
                "casters": [{"keys": [], "items": [], "self": [], "derived": []} for _ in range(d.n)]}

    def prof(p: Profile) -> dict[str, Any]:
        return {"keys": sorted(p.keys), "items": sorted(p.items)}

    return {"mode": cfg.mode, "moment": cfg.moment, "place": None if cfg.place is None else list(cfg.place),
            "shared": prof(cfg.shared) if cfg.mode == "shared" else None,
            "casters": [{**prof(cp), "self": sorted(cp.self), "derived": list(d.sky[p])}
                        for p, cp in enumerate(cfg.casters)]}


def describe(d: Any) -> list[str]:
    """Short lines for the terminal board."""
    return describe_view(public(d))


def describe_view(v: dict[str, Any]) -> list[str]:
    """``describe`` from the view's public ``surroundings`` (the terminal draws from the view):
    the mode, each Caster's declared keys and items, then this turn's derived keys."""
    if v["mode"] == "terra_only":
        return ["Surroundings: Terra Pages only"]
    mode = {"shared": "one shared place", "per_caster": "each Caster's own place"}.get(v["mode"], key_name(v["mode"]))
    lines = [f"Surroundings: {mode}" + (f", {moment_name(v['moment'])}" if v["moment"] else "")]
    if v["shared"]:
        lines.append(f"  shared: {', '.join(map(key_name, v['shared']['keys'] + v['shared']['items'])) or 'nothing'}")
    for p, c in enumerate(v["casters"]):
        parts = [key_name(x) for x in c["keys"] + c["items"]] + [key_name(x) for x in c["self"]]
        now = f"; now {', '.join(map(key_name, c['derived']))}" if c["derived"] else ""
        lines.append(f"  P{p + 1}: {', '.join(parts) or 'nothing'}{now}")
    return lines
