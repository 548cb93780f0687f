"""The table option ``surroundings`` as data (MZ22-TERRA-8..13, MZ22-WALL-9): its presets, its
parsing and checks, and how a saved game reads it back. The rules that use it (derived keys,
matching, the 4th Wall) are in :mod:`.surroundings`, above the zones and stats they read."""
from __future__ import annotations

import copy
import functools
import json
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

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
    """Named surroundings a player may pick (surroundings.toml): a fresh copy, the caller's to keep."""
    return copy.deepcopy(_presets())


@functools.cache
def _presets() -> dict[str, dict[str, Any]]:
    """The file read once: every new game reads the option, and parsing TOML each time was
    two thirds of setting a game up. Shared: only read, never changed."""
    return tomllib.loads((HERE / "surroundings.toml").read_text(encoding="utf-8"))


def parse(text: Any, n: int) -> Config | None:
    """The option for an ``n``-seat game, or ValueError naming what is wrong; None when the
    game uses Terra Pages only (MZ22-TERRA-9)."""
    if type(text) is not str:
        raise ValueError("the surroundings option is a preset name or a JSON object text")
    named = _presets()
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


def read_json(source: Any, keys: Any, n: int) -> tuple[Config | None, tuple[tuple[str, ...], ...]]:
    """``MZ22Data.surr`` and ``sky`` from saved JSON, checked like the option, or ValueError."""
    cfg = None if source is None else parse(source, n)
    if not isinstance(keys, list) or len(keys) != n or any(
            not isinstance(k, list) or any(x not in DERIVED and x not in WEATHER_KEYS for x in k) for k in keys):
        raise ValueError("sky holds each Caster's derived Terra Bonus keys")
    if cfg is None and any(keys):
        raise ValueError("sky keys need surroundings")
    return cfg, tuple(tuple(k) for k in keys)
