"""MetaZoo 2022 sky derivations (MZ22-TERRA-10/11) checked against independently known values:
the sun's altitude at Greenwich at a known moment, the obliquity of the ecliptic (the sun's
highest declination) across centuries against the IAU 2006 formula, and full moons of known
dates."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from metatcg.games.metazoo_2022 import sky

UTC = timezone.utc


def iau_obliquity(year: int) -> float:
    """Mean obliquity at the June solstice of ``year`` (IAU 2006, first-order term), degrees."""
    t = (year + 0.47 - 2000.0) / 100.0
    return 23.439279 - 0.0130102 * t


def highest_declination(year: int) -> float:
    """The sun's noon altitude at 45°N, at its highest around the June solstice, less 45°: the
    greatest declination, which is the obliquity."""
    lat = 45.0
    best = -90.0
    for day in range(17, 25):
        noon = datetime(year, 6, day, 11, 30, tzinfo=UTC)
        best = max(best, max(sky.solar_altitude(noon + timedelta(minutes=m), lat, 0.0) for m in range(61)))
    return best - (90.0 - lat)


@pytest.mark.rule("MZ22-TERRA-10")
def test_the_sun_at_greenwich_at_midsummer_noon_stands_at_62_degrees():
    # 21 June 2024, 12:00 UTC, Royal Observatory: 90 - 51.4769 + 23.4355 (declination) ≈ 61.96
    alt = sky.solar_altitude(datetime(2024, 6, 21, 12, 0, tzinfo=UTC), 51.4769, -0.0005)
    assert alt == pytest.approx(61.96, abs=0.05)


@pytest.mark.parametrize("year, tolerance", [(2024, 0.01), (1600, 0.02), (2500, 0.02)])
def test_the_suns_highest_declination_follows_the_slowly_shrinking_obliquity(year, tolerance):
    assert highest_declination(year) == pytest.approx(iau_obliquity(year), abs=tolerance)


@pytest.mark.rule("MZ22-TERRA-11")
@pytest.mark.parametrize("full", ["2000-01-21T04:40:00+00:00", "2024-04-23T23:49:00+00:00",
                                  "2024-09-18T02:34:00+00:00"])
def test_known_full_moons_are_found_within_a_day_and_the_new_moon_between_is_not_one(full):
    when = sky.parse_moment(full)
    assert abs((sky.nearest_full_moon(when) - when).total_seconds()) < 18 * 3600
    assert sky.full_moon(when)
    assert not sky.full_moon(when + timedelta(days=14.8))
