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

import json
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from ...engine.state import GameState
from . import sky
from .schema import TERRA_KEYS

HERE = Path(__file__).parent
MODES = ("shared", "per_caster", "terra_only")
CLOCK_KEYS = ("daytime", "dawn", "dusk", "nighttime")                  # MZ22-TERRA-10
SKY_KEYS = ("full_moon", "winter", "meteor_shower", "stars")          # MZ22-TERRA-11
WEATHER_KEYS = ("raining", "snowing", "fog", "lightning_storm")       # MZ22-TERRA-12
WEATHER = (*WEATHER_KEYS, "clear")
DERIVED = frozenset(CLOCK_KEYS + SKY_KEYS)
PLACE_KEYS = tuple(k for k in TERRA_KEYS if k not in DERIVED and k not in WEATHER_KEYS)
_SLUG = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


class Profile(NamedTuple):
    """One Caster's public, fixed declaration (MZ22-TERRA-8, MZ22-WALL-9)."""

    keys: frozenset[str] = frozenset()       # place keys (City … Ground)
    items: frozenset[str] = frozenset()      # 4th Wall items
    self: frozenset[str] = frozenset()       # personal conditions
    place: tuple[float, float] | None = None
    weather: frozenset[str] | None = None


class Config(NamedTuple):
    """The parsed option; ``source`` is the normalised JSON it came from (saved with the game)."""

    mode: str
    moment: str | None
    place: tuple[float, float] | None
    weather: frozenset[str] | None
    minutes: int
    shared: Profile
    casters: tuple[Profile, ...]
    source: str
    landmarks: tuple[tuple[str, tuple[float, float]], ...] = ()   # (place key, where) for geolocation


# ------------------------------------------------------------------ the option
def presets() -> dict[str, dict[str, Any]]:
    """Named surroundings a player may pick (surroundings.toml)."""
    return tomllib.loads((HERE / "surroundings.toml").read_text(encoding="utf-8"))


def parse(text: Any, n: int) -> Config | None:
    """The option for an ``n``-seat game, or ValueError naming what is wrong; None when the
    game uses Terra Pages only (MZ22-TERRA-9)."""
    if type(text) is not str:
        raise ValueError("the surroundings option is a preset name or a JSON object text")
    named = presets()
    if text in named:
        raw: Any = named[text]
    else:
        try:
            raw = json.loads(text)
        except ValueError:
            raise ValueError(f"surroundings must be one of the presets ({', '.join(named)}) "
                             f"or a JSON object, not {text!r:.60}") from None
    if not isinstance(raw, dict):
        raise ValueError("surroundings must be a JSON object")
    return from_dict(raw, n)


def from_dict(raw: dict[str, Any], n: int) -> Config | None:
    bad = set(raw) - {"mode", "moment", "place", "weather", "minutes_per_turn", "shared", "casters", "landmarks"}
    if bad:
        raise ValueError(f"surroundings: unknown field(s) {', '.join(sorted(bad))}")
    mode = raw.get("mode", "terra_only")
    if mode not in MODES:
        raise ValueError(f"surroundings mode must be one of {', '.join(MODES)}, not {mode!r:.30}")
    if mode == "terra_only":
        if set(raw) - {"mode"}:
            raise ValueError("terra_only surroundings declare nothing (MZ22-TERRA-9): give only the mode")
        return None
    moment = raw.get("moment")
    place = _place(raw.get("place"), "place")
    if (moment is None) != (place is None):
        raise ValueError("surroundings: moment and place go together (the sky needs both)")
    if moment is not None:
        sky.parse_moment(moment)
    weather = _weather(raw.get("weather"), "weather")
    minutes = raw.get("minutes_per_turn", 0)
    if type(minutes) is not int or not 0 <= minutes <= 1440:
        raise ValueError("surroundings: minutes_per_turn is a whole number from 0 to 1440")
    shared = Profile()
    if "shared" in raw:
        if mode != "shared":
            raise ValueError("surroundings: only shared mode has a shared profile")
        shared = _profile(raw["shared"], "shared", {"keys", "items"})
    casters = raw.get("casters", [])
    if not isinstance(casters, list) or len(casters) > n:
        raise ValueError(f"surroundings: casters is a list of at most {n} profiles, one per seat")
    allowed = {"keys", "items", "self", "place", "weather"} if mode == "per_caster" else {"self"}
    profs = [_profile(c, f"casters[{i}]", allowed) for i, c in enumerate(casters)]
    profs += [Profile()] * (n - len(profs))
    marks = raw.get("landmarks", [])
    if not isinstance(marks, list) or not all(isinstance(m, dict) and set(m) == {"key", "at"} for m in marks):
        raise ValueError("surroundings: landmarks is a list of {key, at = [latitude, longitude]}")
    landmarks = []
    for i, m in enumerate(marks):
        (key,) = _slugs([m["key"]], f"landmarks[{i}].key", PLACE_KEYS)
        landmarks.append((key, _place(m["at"], f"landmarks[{i}].at")))
    source = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return Config(mode, moment, place, weather, minutes, shared, tuple(profs), source,
                  tuple(landmarks))  # type: ignore[arg-type]


def _place(v: Any, where: str) -> tuple[float, float] | None:
    if v is None:
        return None
    if (not isinstance(v, list) or len(v) != 2 or any(type(x) not in (int, float) for x in v)
            or not -90 <= v[0] <= 90 or not -180 <= v[1] <= 180):
        raise ValueError(f"surroundings {where}: [latitude, longitude] in degrees")
    return float(v[0]), float(v[1])


def _weather(v: Any, where: str) -> frozenset[str] | None:
    if v is None:
        return None
    if not isinstance(v, list) or any(x not in WEATHER for x in v):
        raise ValueError(f"surroundings {where}: a list of {', '.join(WEATHER)}")
    return frozenset(v)


def _slugs(v: Any, where: str, allowed: tuple[str, ...] | None = None) -> frozenset[str]:
    if not isinstance(v, list) or any(type(x) is not str or not x or set(x) - _SLUG for x in v):
        raise ValueError(f"surroundings {where}: a list of lowercase names like 'fire-source'")
    if allowed is not None:
        wrong = [x for x in v if x not in allowed]
        if wrong:
            derived = [x for x in wrong if x in DERIVED or x in WEATHER_KEYS]
            why = (" (clock, sky and weather keys come from moment, place and weather, MZ22-TERRA-10..12)"
                   if derived else "")
            raise ValueError(f"surroundings {where}: {', '.join(wrong)} is not a place key{why}; "
                             f"place keys: {', '.join(PLACE_KEYS)}")
    return frozenset(v)


def _profile(v: Any, where: str, allowed: set[str]) -> Profile:
    if not isinstance(v, dict):
        raise ValueError(f"surroundings {where}: a table")
    bad = set(v) - allowed
    if bad:
        raise ValueError(f"surroundings {where}: field(s) {', '.join(sorted(bad))} not allowed here "
                         f"(allowed: {', '.join(sorted(allowed))})")
    return Profile(_slugs(v.get("keys", []), f"{where}.keys", PLACE_KEYS), _slugs(v.get("items", []), f"{where}.items"),
                   _slugs(v.get("self", []), f"{where}.self"), _place(v.get("place"), f"{where}.place"),
                   _weather(v.get("weather"), f"{where}.weather"))


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
                if got and not d.ps[c].face_down:
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
        if c in d.ps and wall_holds(d, s.wall, d.controller(c)):
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


def read_json(source: Any, keys: Any, n: int) -> tuple[Config | None, tuple[tuple[str, ...], ...]]:
    """``MZ22Data.surr`` and ``sky`` from saved JSON, checked like the option, or ValueError."""
    cfg = None if source is None else parse(source, n)
    if not isinstance(keys, list) or len(keys) != n or any(
            not isinstance(k, list) or any(x not in DERIVED and x not in WEATHER_KEYS for x in k) for k in keys):
        raise ValueError("sky holds each Caster's derived Terra Bonus keys")
    if cfg is None and any(keys):
        raise ValueError("sky keys need surroundings")
    return cfg, tuple(tuple(k) for k in keys)
