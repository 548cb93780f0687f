"""MetaZoo (four-lane) triggers that mutation testing showed nothing else pinned down: a
once-per-round On Mission ability, "this lane" of a Caster in its zone (PR-MZL-17) and the
mission lane seen by a When Dispelled ability during a mission, a game saved while a
start-of-action-phase trigger asks, "when you enhance this lane" watchers, and a replacement
declined on an event leaving the others."""
from __future__ import annotations

import copy

import pytest

from metatcg.games.metazoo import stats
from support import ids
from support.metazoo import GAME, play, player

EXTRA = '''
[[card]]
name = "MZT Herald"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "on_mission_resolution"
scope = "any_lane"
once_per_round = true
do = [{ op = "draw" }]

[[card]]
name = "MZT Rally Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4
[[card.ability]]
kind = "trigger"
when = "unit_played"
where = "anywhere"
watch = { side = "friendly", type = "creature" }
[[card.ability.do]]
op = "give_influence"
amount = 1
target = { side = "friendly", lane = "this", type = "creature", choose = "all" }

[[card]]
name = "MZT Warden Caster"
type = "caster"
aura = "fire"
allied = "earth"
cost = 4
influence = 4
[[card.ability]]
kind = "replacement"
instead_of = "shatter"
where = "anywhere"
watch = { side = "friendly", type = "creature" }
may = true
do = [{ op = "draw" }]

[[card]]
name = "MZT Martyr"
type = "creature"
aura = "fire"
cost = 1
influence = 1
[[card.ability]]
kind = "when_dispelled"
[[card.ability.do]]
op = "give_influence"
amount = 2
target = { side = "friendly", lane = "mission", type = "creature", choose = "all" }

[[card]]
name = "MZT Dawn Terra"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "trigger"
when = "action_phase_start"
may = true
do = [{ op = "draw", player = "each" }]

[[card]]
name = "MZT Wrecker"
type = "creature"
aura = "earth"
cost = 1
influence = 9
destruction = 1
'''

G = GAME.with_cards(GAME.parse_cards(EXTRA, "mutants_triggers.toml"))


def _position(p1: dict, lanes: list):
    return G.position({"seed": 1, "player": [p1, player("Plain Earth Caster")], "lane": lanes,
                       "options": {"auto_single": False}})


def _unit(st, name: str) -> int:
    d = st.data
    return next(u for u in d.lane_of if d.cards[u].name == name)


def _to_next_action(st) -> None:
    """Take the first option of every decision until someone is to take an action."""
    while st.decision.kind != "action":
        st.apply(ids(st)[0])


def test_a_once_per_round_on_mission_ability_fires_for_the_first_mission_only():
    """MZT Herald draws a card when any lane's mission resolves, once per round: P1's
    mission in lane 2 draws, P2's in lane 4 later the same round does not."""
    st = _position(player(), [{"terra": "Fire Starter", "p1": ["MZT Herald"]},
                              {"terra": "Fire Starter", "p1": ["Fire Pup"]}])
    d = st.data
    st.apply("declare:lane2")
    _to_next_action(st)
    assert (st.decision.player, len(d.hand[0])) == (1, 1)
    st.apply("declare:lane4")
    _to_next_action(st)
    assert d.round == 1 and d.resolved == [False, True, False, True]
    assert len(d.hand[0]) == 1
    assert sum(line.startswith("P1 draws") for line in st.log) == 1


def test_this_lane_of_a_caster_in_its_zone_is_chosen():
    """PR-MZL-17: MZT Rally Caster, in its Caster zone, gives +1 to friendly creatures in
    "this lane" when a friendly creature is played: it has no lane, so P1 chooses one."""
    st = _position(player("MZT Rally Caster", aura=["Fire Aura"], hand=["Fire Pup"]),
                   [{"terra": "Fire Starter", "p1": ["Fire Brute"]}, {"terra": "Fire Starter", "p1": ["Fire Brute"]}])
    d = st.data
    pup = d.hand[0][0]
    assert d.caster[0] not in d.lane_of
    st.apply(f"play:c{pup}@lane1")
    assert st.decision.kind == "lane" and ids(st) == ["lane:1", "lane:2"]
    st.apply("lane:2")
    _to_next_action(st)
    assert sorted((d.lane_of[u], stats.influence(d, u) - d.cards[u].influence) for u in d.lane_of) == \
        [(0, 0), (0, 0), (1, 1)]


@pytest.mark.rule("MZL-MISSION-12")
def test_a_unit_dispelled_by_destruction_sees_the_mission_lane():
    """P2's MZT Wrecker wins lane 1 with Destruction 1; P1 Shatters MZT Martyr, whose When
    Dispelled ability gives +2 to friendly creatures in the mission's lane: Fire Brute there."""
    st = _position(player(), [{"terra": "Fire Starter", "p1": ["MZT Martyr", "Fire Brute"], "p2": ["MZT Wrecker"]}])
    d = st.data
    brute, martyr = _unit(st, "Fire Brute"), _unit(st, "MZT Martyr")
    st.apply("declare:lane1")
    assert st.decision.kind == "destroy" and st.decision.player == 0
    st.apply(f"shatter:c{martyr}")
    _to_next_action(st)
    assert martyr in d.discard[0]
    assert stats.influence(d, brute) == d.cards[brute].influence + 2


def test_a_game_saved_while_a_start_of_action_phase_ability_asks_reads_back():
    """Round 2 begins; MZT Dawn Terra's "may" ability (each player draws) asks P1 when the
    action phase starts: saved then, the game reads back the same and goes on alike."""
    st = G.position({"seed": 1, "player": [player(), player("Plain Earth Caster")], "phase": "round_start",
                     "lane": [{"terra": "MZT Dawn Terra"}], "options": {"auto_single": False}})
    while st.decision.kind != "may":
        st.apply(ids(st)[0])
    obj = st.to_json()
    back = G.state_from_json(copy.deepcopy(obj))
    assert back.to_json() == obj
    for s in (st, back):
        s.apply("yes")
    assert back.to_json() == st.to_json()
    assert [len(h) for h in back.data.hand] == [len(h) + 1 for h in obj["data"]["hand"]]


@pytest.mark.rule("MZL-ENHANCE-1")
def test_enhancing_a_lane_triggers_only_the_enhancers_own_watchers():
    """Brazier Imp: "when you enhance this lane, +1 Influence to this creature". P1 enhances
    lane 1, where each player has one: only P1's Imp gets the +1."""
    st = GAME.position({"seed": 1, "player": [player(aura=["Fire Aura"]), player("Plain Earth Caster")],
                        "lane": [{"terra": "Fire Starter", "p1": ["Brazier Imp"], "p2": ["Brazier Imp"]}],
                        "options": {"auto_single": False}})
    d = st.data
    mine, theirs = d.units[0][0], d.units[1][0]
    assert (stats.influence(d, mine), stats.influence(d, theirs)) == (2, 2)
    st.apply("enhance:lane1")
    _to_next_action(st)
    assert st.decision.player == 1
    assert (stats.influence(d, mine), stats.influence(d, theirs)) == (3, 2)


@pytest.mark.rule("MZL-ERRATA-REPLEFF-3")
def test_a_declined_replacement_of_card_zero_leaves_the_other_replacements():
    """P2 Smashes P1's Fire Pup. Two replacements could apply: P1's Caster (card 0, ability 0:
    "you may draw instead") and Guard Plate ("you may Shatter this instead"). P2 has the
    Caster's considered first and P1 declines it: Guard Plate is still offered, and taken."""
    st = G.position({"seed": 1, "player": [player("MZT Warden Caster"),
                                           player(aura=["Fire Aura"] * 2, hand=["Smash Unit"])],
                     "lane": [{"terra": "Fire Starter", "p1": ["Fire Pup", "Guard Plate"]}],
                     "options": {"auto_single": False}, "active": 1})
    d = st.data
    pup, plate = _unit(st, "Fire Pup"), _unit(st, "Guard Plate")
    assert d.caster[0] == 0
    play(st, "Smash Unit", p=1)
    st.apply(f"target:c{pup}")
    assert (st.decision.kind, st.decision.player) == ("replace_order", 1)
    assert sorted(ids(st)) == ["replace:c0:0", f"replace:c{plate}:0"]
    st.apply("replace:c0:0")
    assert (st.decision.kind, st.decision.player) == ("instead", 0)
    st.apply("no")
    assert st.decision.kind == "instead"
    assert [a.label for a in st.legal_actions()][0] == "Yes: Guard Plate: Instead: you may shatter this"
    st.apply("yes")
    _to_next_action(st)
    assert pup in d.lane_of and plate not in d.lane_of and plate in d.discard[0]
