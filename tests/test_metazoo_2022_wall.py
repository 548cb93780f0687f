"""Surroundings, the 4th Wall and Special Terra (MZ22-TERRA-8..14, MZ22-WALL, MZ22-SPTERRA)."""
from __future__ import annotations

import math

import json

import pytest

import metatcg
from metatcg.engine.errors import DeckError
from metatcg.games.metazoo_2022 import hooks, sky, stats, surroundings
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


def opt(**o):
    return {"auto_single": False, "surroundings": json.dumps(o)}


@pytest.mark.rule("MZ22-TERRA-10")
def test_sun_altitude_and_time_of_day():
    noon = sky.parse_moment("2024-06-20T12:02:00+00:00")        # Greenwich, June solstice
    assert abs(sky.solar_altitude(noon, 51.48, 0.0) - 61.95) < 1.0
    assert abs(sky.solar_altitude(sky.parse_moment("2024-12-21T12:02:00Z"), 51.48, 0.0) - 15.1) < 1.0
    paris = (48.85, 2.35)
    assert sky.time_of_day(sky.parse_moment("2024-06-21T13:00:00+02:00"), *paris) == "daytime"
    assert sky.time_of_day(sky.parse_moment("2024-06-21T05:30:00+02:00"), *paris) == "dawn"
    assert sky.time_of_day(sky.parse_moment("2024-06-21T22:15:00+02:00"), *paris) == "dusk"
    assert sky.time_of_day(sky.parse_moment("2024-06-22T01:00:00+02:00"), *paris) == "nighttime"


@pytest.mark.rule("MZ22-TERRA-11")
def test_full_moon_winter_meteors():
    assert sky.full_moon(sky.parse_moment("2024-01-25T20:00:00+00:00"))      # full moon 25 Jan 2024
    assert not sky.full_moon(sky.parse_moment("2024-01-11T20:00:00+00:00"))  # new moon
    assert sky.winter(sky.parse_moment("2024-01-10T12:00:00Z").date(), 45.0)
    assert not sky.winter(sky.parse_moment("2024-01-10T12:00:00Z").date(), -33.0)
    assert sky.meteor_shower(sky.parse_moment("2024-08-12T23:00:00-04:00").date())
    keys = surroundings.derive(surroundings.from_dict(
        {"mode": "shared", "moment": "2024-08-12T23:30:00-04:00", "place": [44.0, -71.0],
         "weather": ["clear"]}, 2), 0, 1)
    assert set(keys) == {"nighttime", "meteor_shower", "stars"}
    cloudy = surroundings.derive(surroundings.from_dict(
        {"mode": "shared", "moment": "2024-08-12T23:30:00-04:00", "place": [44.0, -71.0]}, 2), 0, 1)
    assert "stars" not in cloudy
    january = surroundings.derive(surroundings.from_dict(
        {"mode": "shared", "moment": "2024-01-25T20:00:00+00:00", "place": [45.0, 0.0]}, 2), 0, 1)
    assert {"winter", "full_moon"} <= set(january)


@pytest.mark.rule("MZ22-TERRA-9", "MZ22-TERRA-8")
def test_option_default_and_validation():
    decks = [GAME.starter_deck("wildwood"), GAME.starter_deck("embers")]
    st = GAME.new_state(decks, seed=1)
    assert st.options["surroundings"] == "terra_only" and st.data.surr is None
    for bad in ("nowhere", '{"mode": "outdoors"}', '{"mode": "shared", "shared": {"keys": ["daytime"]}}',
                '{"mode": "shared", "moment": "2024-01-01T00:00:00"}', '{"mode": "terra_only", "place": [1, 2]}',
                '{"mode": "per_caster", "casters": [{}, {}, {}]}',
                '{"mode": "shared", "casters": [{"keys": ["city"]}]}'):
        with pytest.raises(DeckError, match="surroundings"):
            GAME.new_state(decks, seed=1, options={"surroundings": bad})
    st = GAME.new_state(decks, seed=1, options={"surroundings": "forest-cabin"})
    v = st.view(1)["surroundings"]
    assert v["mode"] == "shared" and v["shared"]["keys"] == ["forest", "lake", "mountain"]


@pytest.mark.rule("MZ22-TERRA-13")
def test_keys_recomputed_at_step_1a_logged_and_saved():
    o = {"mode": "shared", "moment": "2024-06-21T21:40:00+02:00", "place": [48.85, 2.35], "minutes_per_turn": 30}
    st = position(GAME, [{}, {}], step="start_a", options=opt(**o))
    assert "dusk" in st.data.sky[0]
    st.data.sky = (("daytime",), ("daytime",))   # turn 2's keys, half an hour earlier
    surroundings.recompute(st)                   # a change is logged
    assert any("Surroundings at the start of turn 3" in line and "Dusk" in line for line in st.log)
    back = GAME.state_from_json(st.to_json())
    assert back.data.sky == st.data.sky and back.data.surr == st.data.surr
    assert "nighttime" in surroundings.derive(st.data.surr, 0, 5)   # an hour later


@pytest.mark.rule("MZ22-TERRA-9", "MZ22-TERRA-14")
def test_per_caster_and_shared_terra_bonuses():
    per = opt(mode="per_caster", casters=[{"keys": ["forest"]}, {}])
    st = position(GAME, [{"arena": ["Woodland Strider"]}, {"arena": ["Woodland Strider"]}], options=per)
    d = st.data
    a, b = arena_page(st, "Woodland Strider", 0), arena_page(st, "Woodland Strider", 1)
    assert stats.terra_active(d, "forest", 0) and not stats.terra_active(d, "forest", 1)
    shared = opt(mode="shared", shared={"keys": ["forest"]})
    st = position(GAME, [{"arena": ["Woodland Strider"]}, {}], options=shared)
    assert stats.terra_active(st.data, "forest", 1)
    assert a != b


@pytest.mark.rule("MZ22-WALL-7", "MZ22-WALL-8", "MZ22-WALL-2", "MZ22-WALL-5", "MZ22-WALL-11")
def test_predicates_and_the_alias_table():
    st = position(GAME, [{"arena": ["Hearth Wisp", "Mole Crone"], "chapter": ["Grave Dirt Pouch"],
                          "aura": {"earth": 1}},
                         {"chapter": []}], options=opt(mode="per_caster", casters=[{"items": ["train"]}, {}]))
    d = st.data
    assert hooks.wall_holds(d, "item:train", 0) and not hooks.wall_holds(d, "item:train", 1)
    crone = arena_page(st, "Mole Crone")
    assert stats.max_lp(d, crone) == 90 and not hooks.wall_holds(d, "item:dirt", 0)
    st.apply([a.id for a in st.legal_actions() if a.id.startswith("contract:")][0])
    st.apply("pay:pool.earth")
    assert hooks.wall_holds(st.data, "item:dirt", 1)          # any Caster sees the Page on the table
    assert stats.max_lp(st.data, crone) == 120


@pytest.mark.rule("MZ22-WALL-6", "MZ22-EX-15", "MZ22-TERRA-7")
def test_one_feature_gives_bonus_and_4th_wall_effect():
    """EX-15 (stand-in Woodland Strider): a Forest Terra or a declared forest gives +25 Damage and
    the gated Invisible / Magiproof grants; neither gives none."""
    def grants(st):
        c = arena_page(st, "Woodland Strider")
        return {s.trait for h, s in stats.statics(st.data, "grant_trait") if stats.covers(st.data, h, s.who, c)}
    a = position(GAME, [{"arena": ["Woodland Strider"]}, {}], terra=["Whispering Pines"])
    b = position(GAME, [{"arena": ["Woodland Strider"]}, {}], options=opt(mode="shared", shared={"keys": ["forest"]}))
    c = position(GAME, [{"arena": ["Woodland Strider"]}, {}])
    assert grants(a) == grants(b) == {"invisible", "magiproof"} and grants(c) == set()
    assert stats.terra_active(a.data, "forest", 0) and not stats.terra_active(c.data, "forest", 0)


@pytest.mark.rule("MZ22-SPTERRA-1", "MZ22-SPTERRA-2", "MZ22-SPTERRA-3", "MZ22-SPTERRA-4", "MZ22-SPTERRA-5")
def test_special_terra_stacks_and_gives_its_bonus():
    one = position(GAME, [{"arena": ["Woodland Strider"]}, {"arena": ["Mole Crone"]}], terra=["Fairy Ring Glade"])
    two = position(GAME, [{"arena": ["Woodland Strider"]}, {"arena": ["Mole Crone"]}],
                   terra=["Fairy Ring Glade", {"name": "Fairy Ring Glade", "owner": 1}])
    crone = arena_page(one, "Mole Crone")
    assert stats.max_lp(one.data, crone) == 100 and stats.max_lp(two.data, arena_page(two, "Mole Crone")) == 110
    assert stats.terra_active(one.data, "forest", 1)          # also a Basic Terra (SPTERRA-2)
    from metatcg.games.metazoo_2022 import zones
    zones.leave(one, one.data.terra[0], "afterlife")
    assert stats.max_lp(one.data, crone) == 90                # only while in a slot (SPTERRA-5)
    hollow = position(GAME, [{"arena": ["Mole Crone"]}, {"arena": ["Hearth Wisp"]}], step="start_a",
                      terra=[{"name": "Haunted Hollow", "owner": 1}])
    assert stats.cur_lp(hollow.data, arena_page(hollow, "Mole Crone")) == 85
    assert stats.cur_lp(hollow.data, arena_page(hollow, "Hearth Wisp")) == 35


@pytest.mark.rule("MZ22-WALL-5")
def test_if_predicate_in_a_spell():
    st = position(GAME, [{"chapter": ["Campfire Tale"], "aura": {"forest": 1}, "arena": ["Ember Brazier"]},
                         {"arena": ["Drowsy Mudworm"]}])
    crone = arena_page(st, "Drowsy Mudworm")
    for a in ("contract:", "target:", "pay:"):
        st.apply([x.id for x in st.legal_actions() if x.id.startswith(a)][0])
    while st.decision.kind != "main":
        st.apply(st.legal_actions()[0].id)
    assert st.data.in_play[crone].damage == 40


@pytest.mark.rule("MZ22-TERRA-12")
def test_declared_weather_and_place_keys():
    """Weather keys come from the declared weather, place keys from the declaration."""
    cfg = surroundings.from_dict({"mode": "per_caster", "weather": ["raining"],
                                  "casters": [{"keys": ["river"]}, {"weather": ["fog", "clear"]}]}, 2)
    assert surroundings.derive(cfg, 0, 1) == ("raining",) and surroundings.derive(cfg, 1, 1) == ("fog",)
    st = position(GAME, [{}, {}],
                  options=opt(mode="per_caster", weather=["raining"], casters=[{"keys": ["river"]}, {}]))
    assert hooks.surroundings_has(st.data, "river", 0) and not hooks.surroundings_has(st.data, "river", 1)
    assert hooks.surroundings_has(st.data, "raining", 1)


@pytest.mark.rule("MZ22-TERRA-1", "MZ22-TERRA-2", "MZ22-TERRA-12")
def test_a_landmark_within_five_miles_gives_its_key_and_the_terra_bonus():
    """A lake 7 km from the table counts as nearby, one 9 km away does not (PR-MZ22-31); the key
    turns on a Page's Terra Bonus as a Lake Terra would."""
    from metatcg.games.metazoo_2022 import sky
    here = [44.0, -71.0]
    near = [44.0 + 7 / 111.2, -71.0]                   # 7 km north
    far = [44.0 + 9 / 111.2, -71.0]                    # 9 km north
    assert 6.9 < sky.distance_km(tuple(here), tuple(near)) < 7.1
    east = (44.0, -71.0 + 7 / (111.2 * math.cos(math.radians(44.0))))   # 7 km east: the longitude part
    assert 6.9 < sky.distance_km(tuple(here), east) < 7.1
    for at, has in ((near, True), (far, False)):
        option = opt(mode="shared", moment="2024-08-12T12:00:00-04:00", place=here,
                     landmarks=[{"key": "lake", "at": at}])
        st = position(GAME, [{}, {}], options=option)
        assert hooks.surroundings_has(st.data, "lake", 0) is has
        assert stats.terra_active(st.data, "lake", 1) is has           # every Caster at the table
    with pytest.raises(Exception, match="not a place key"):
        position(GAME, [{}, {}], options=opt(mode="shared", landmarks=[{"key": "daytime", "at": here}]))


@pytest.mark.rule("MZ22-TOKEN-12")
def test_a_declared_item_never_stands_for_a_token_each_token_is_its_own():
    """PR-MZ22-33: a table that declares a train has no Token for it; Whistle Stop's Token is one
    Token with its own id, standing alone, whatever is declared."""
    option = opt(mode="shared", shared={"items": ["train"]})
    st = position(GAME, [{"chapter": ["Whistle Stop", "Whistle Stop"], "aura": {"earth": 4, "lightning": 4}}, {}],
                  options=option)
    d = st.data
    assert not any(d.is_token(c) for c in d.arena) and hooks.wall_holds(d, "item:train", 0)
    for _ in range(2):
        play(st, f"contract:c{next(c for c in d.chapter[0] if d.defs[c].name == 'Whistle Stop')}")
        while st.decision.kind in ("pay", "__respond"):
            st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)
    tokens = [c for c in d.arena if d.is_token(c)]
    assert len(tokens) == 2 and len(set(tokens)) == 2                   # two Tokens, two ids
    assert all(d.in_play[t].under == -1 for t in tokens)                     # each stands alone
    assert [p["name"] for p in st.view(1)["arena"] if p["token"]] == ["Toy Train Token", "Toy Train Token"]


def test_a_key_that_is_not_a_place_key_is_refused_saying_where_sky_keys_come_from_only_when_it_is_one():
    def refusal(key: str) -> str:
        with pytest.raises(ValueError) as e:
            surroundings.from_dict({"mode": "per_caster", "casters": [{"keys": [key]}, {}]}, 2)
        return str(e.value)
    assert "winter is not a place key (clock, sky and weather keys come from moment" in refusal("winter")
    assert refusal("volcano").startswith("surroundings casters[0].keys: volcano is not a place key; place keys: ")
