"""MetaZoo 2022 surroundings option (MZ22-TERRA-8..13): an empty option is Terra Pages only,
places reach the poles, the public record has the same fields in every mode, and step 1a
shows each Caster's derived keys."""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.games.metazoo_2022 import surroundings
from support.metazoo_2022 import position

GAME = metatcg.load_game("metazoo-2022")
PARIS = {"mode": "shared", "moment": "2024-06-21T21:40:00+02:00", "place": [48.85, 2.35]}


def opt(o: dict) -> dict:
    return {"auto_single": False, "surroundings": json.dumps(o)}


@pytest.mark.rule("MZ22-TERRA-9")
@pytest.mark.parametrize("text", ["{}", '{"mode": "terra_only"}', "terra_only"])
def test_an_option_without_a_mode_is_terra_pages_only(text):
    assert surroundings.parse(text, 2) is None


@pytest.mark.parametrize("place", [[90, 0], [-90, 180], [89.5, -180]])
def test_a_place_may_be_anywhere_on_earth_the_poles_included(place):
    cfg = surroundings.from_dict({**PARIS, "place": place}, 2)
    assert cfg is not None and cfg.place == (float(place[0]), float(place[1]))


@pytest.mark.parametrize("place", [[90.01, 0], [-91, 0], [0, 180.5], [0, -181]])
def test_a_place_off_the_globe_is_refused(place):
    with pytest.raises(ValueError, match=r"\[latitude, longitude\]"):
        surroundings.from_dict({**PARIS, "place": place}, 2)


@pytest.mark.rule("MZ22-WALL-9")
def test_the_public_surroundings_have_the_same_fields_with_or_without_a_declaration():
    plain = position(GAME, [{}, {}, {}])
    v = surroundings.public(plain.data)
    assert v == {"mode": "terra_only", "moment": None, "place": None, "shared": None,
                 "casters": [{"keys": [], "items": [], "self": [], "derived": []}] * 3}
    declared = surroundings.public(position(GAME, [{}, {}, {}], options=opt(PARIS)).data)
    assert declared.keys() == v.keys()
    assert [c.keys() for c in declared["casters"]] == [c.keys() for c in v["casters"]]
    assert surroundings.describe_view(declared)[0] == "Surroundings: one shared place, 21 Jun 2024, 21:40"


@pytest.mark.rule("MZ22-TERRA-13")
def test_step_1a_shows_every_casters_derived_keys():
    st = position(GAME, [{}, {}], step="start_a", options=opt(PARIS))
    st.logging = True
    st.data.sky = ((), ())                      # as if they had been different before
    surroundings.recompute(st)
    # Paris, 21:40 on 21 June 2024: the sun sets near 21:58; the full moon is on 22 June 01:08 UTC
    assert st.log[-1] == ("Surroundings at the start of turn 3 (MZ22-TERRA-13): "
                          "P1: Daytime, Full Moon; P2: Daytime, Full Moon")
    st.data.turn += 1
    surroundings.recompute(st)                  # nothing changed: said once, not again
    assert sum("Surroundings at the start" in line for line in st.log) == 1


def test_a_shared_table_lets_each_caster_declare_only_personal_conditions():
    """In shared mode the place, keys and weather are the table's; each Caster's profile may
    only name their own personal conditions (``self``)."""
    cfg = surroundings.from_dict({**PARIS, "casters": [{"self": ["glasses"]}, {}]}, 2)
    assert cfg is not None and cfg.casters[0].self == frozenset({"glasses"})
    with pytest.raises(ValueError, match=r"casters\[0\]: field\(s\) keys not allowed here \(allowed: self\)"):
        surroundings.from_dict({**PARIS, "casters": [{"keys": ["forest"]}]}, 2)
