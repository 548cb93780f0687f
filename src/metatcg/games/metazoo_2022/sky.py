"""Pure astronomy for the clock- and sky-derived Terra Bonus keys (MZ22-TERRA-10/11): the sun's
altitude (a compact almanac formula of the NOAA / USNO kind, good to a fraction of a degree), a
mean synodic-month lunar phase, meteorological winter and a calendar of meteor shower peaks.

Everything takes a fixed, timezone-aware moment from the game option, never the machine's
clock, so a replay derives the same keys (MZ22-TERRA-13)."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from math import asin, atan2, cos, degrees, radians, sin, sqrt

# MZ22-TERRA-10: the thresholds are placeholders kept here as configuration (degrees).
DAY_ALTITUDE = 0.0          # at or above: Daytime
TWILIGHT_ALTITUDE = -6.0    # between this and DAY_ALTITUDE: Dawn (morning) or Dusk (evening)
NEARBY_KM = 8.05           # "nearby": within 5 miles (MZ22-TERRA-2, MZ22-TERRA-12)
EARTH_KM = 6371.0
FULL_MOON_DAYS = 1          # Full Moon on the local day of the full moon ± this many days (TERRA-11)
SYNODIC_MONTH = 29.530588853              # days
KNOWN_NEW_MOON = 2451550.1                # Julian day of the new moon of 6 January 2000
J2000 = 2451545.0
# Peak nights of the major showers (month, day), local calendar (MZ22-TERRA-11).
METEOR_PEAKS: frozenset[tuple[int, int]] = frozenset({
    (1, 3), (1, 4),            # Quadrantids
    (4, 22), (4, 23),          # Lyrids
    (5, 5), (5, 6),            # Eta Aquariids
    (8, 12), (8, 13),          # Perseids
    (10, 21), (10, 22),        # Orionids
    (11, 17), (11, 18),        # Leonids
    (12, 13), (12, 14),        # Geminids
})


def parse_moment(text: str) -> datetime:
    """An ISO date-time that names its UTC offset ("2024-06-21T12:00:00-04:00"), or ValueError."""
    if type(text) is not str:
        raise ValueError("moment must be an ISO date-time text with a UTC offset")
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"moment {text!r:.40} is not an ISO date-time") from None
    if when.tzinfo is None:
        raise ValueError(f"moment {text!r:.40} needs a UTC offset, e.g. +02:00 or Z")
    return when


def julian_day(when: datetime) -> float:
    utc = when.astimezone(timezone.utc)
    return utc.timestamp() / 86400.0 + 2440587.5


def sun_position(when: datetime, lat: float, lon: float) -> tuple[float, float]:
    """(altitude, hour angle) of the sun's centre in degrees; a negative hour angle is morning."""
    n = julian_day(when) - J2000
    mean_lon = (280.460 + 0.9856474 * n) % 360.0
    g = radians((357.528 + 0.9856003 * n) % 360.0)
    ecl = radians(mean_lon + 1.915 * sin(g) + 0.020 * sin(2 * g))
    eps = radians(23.439 - 0.0000004 * n)
    ra = degrees(atan2(cos(eps) * sin(ecl), cos(ecl)))
    dec = asin(sin(eps) * sin(ecl))
    gmst = (280.46061837 + 360.98564736629 * n) % 360.0
    ha = (gmst + lon - ra + 180.0) % 360.0 - 180.0
    phi = radians(lat)
    alt = asin(sin(phi) * sin(dec) + cos(phi) * cos(dec) * cos(radians(ha)))
    return degrees(alt), ha


def solar_altitude(when: datetime, lat: float, lon: float) -> float:
    return sun_position(when, lat, lon)[0]


def time_of_day(when: datetime, lat: float, lon: float) -> str:
    """``daytime``, ``dawn``, ``dusk`` or ``nighttime`` from the sun's altitude (MZ22-TERRA-10)."""
    alt, ha = sun_position(when, lat, lon)
    if alt >= DAY_ALTITUDE:
        return "daytime"
    if alt >= TWILIGHT_ALTITUDE:
        return "dawn" if ha < 0 else "dusk"
    return "nighttime"


def moon_age(when: datetime) -> float:
    """Days since the last mean new moon (0 .. 29.53)."""
    return (julian_day(when) - KNOWN_NEW_MOON) % SYNODIC_MONTH


def nearest_full_moon(when: datetime) -> datetime:
    """The mean full moon nearest to ``when``, in ``when``'s own UTC offset."""
    half = SYNODIC_MONTH / 2
    k = round((julian_day(when) - KNOWN_NEW_MOON - half) / SYNODIC_MONTH)
    jd = KNOWN_NEW_MOON + half + k * SYNODIC_MONTH
    utc = datetime.fromtimestamp((jd - 2440587.5) * 86400.0, tz=timezone.utc)
    return utc.astimezone(when.tzinfo)


def full_moon(when: datetime, days: int = FULL_MOON_DAYS) -> bool:
    """The local calendar day is within ``days`` of the full moon's local day (MZ22-TERRA-11)."""
    return abs((nearest_full_moon(when).date() - when.date()).days) <= days


def winter(day: date, lat: float) -> bool:
    """Meteorological winter: December to February north of the equator, June to August south."""
    return day.month in ((12, 1, 2) if lat >= 0 else (6, 7, 8))


def meteor_shower(day: date) -> bool:
    return (day.month, day.day) in METEOR_PEAKS


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (latitude, longitude) points (haversine)."""
    la1, lo1, la2, lo2 = map(radians, (*a, *b))
    h = sin((la2 - la1) / 2) ** 2 + cos(la1) * cos(la2) * sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_KM * asin(sqrt(h))


def advance(when: datetime, minutes: int) -> datetime:
    return when + timedelta(minutes=minutes)
