"""A saved MetaX state is read back when it is right and refused, with an error naming what is
wrong, when no game could reach it (issue 28: mutation survivors of data.py's from_json,
check_loaded and their helpers)."""
from __future__ import annotations

import copy
import functools

import pytest

from support import metax as mx

CARDS = '''
[[card]]
name = "S Grunt"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "S Mourner"
type = "character"
trait = "Test"
mp = 0
stats = { intelligence = 7, special = 7 }
text = "Whenever another Character you control is KO'd, draw a card."
[[card.effect]]
kind = "constant"
when = "ko_own"
do = [{ op = "draw", count = 1 }]

[[card]]
name = "S Vulture"
type = "character"
trait = "Test"
mp = 0
stats = { intelligence = 7, special = 7 }
text = "Whenever an opposing Character is KO'd, gain 1 MP."
[[card.effect]]
kind = "constant"
when = "ko_opponent"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "S Quiet Vulture"
type = "character"
trait = "Test"
mp = 0
stats = { intelligence = 7, special = 7 }
[[card.effect]]
kind = "constant"
when = "ko_opponent"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "S Bolt"
type = "event"
mp = 0
text = "Attach a Battle Card from your discard pile to an opposing Character as Damage."
[[card.effect]]
kind = "play"
do = [{ op = "attach_damage", target = { who = "opponent" } }]

[[card]]
name = "S Sap"
type = "event"
mp = 0
text = "An opposing Character gets -1 Strength this turn."
[[card.effect]]
kind = "play"
do = [{ op = "buff", target = { who = "opponent" }, stat = "strength", amount = -1, duration = "turn" }]

[[card]]
name = "S Call"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand" }]

[[card]]
name = "S Toss"
type = "event"
mp = 0
text = "Your opponent discards a card."
[[card.effect]]
kind = "play"
do = [{ op = "discard", who = "opponent", count = 1 }]

[[card]]
name = "S Seek"
type = "event"
mp = 0
text = "Search your deck for a card."
[[card.effect]]
kind = "play"
do = [{ op = "search" }]

[[card]]
name = "S Raise"
type = "event"
mp = 0
text = "Return a card from your discard pile to your hand."
[[card.effect]]
kind = "play"
do = [{ op = "recover" }]

[[card]]
name = "S Revive"
type = "event"
mp = 0
text = "Put a Character from your discard pile into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "discard" }]

[[card]]
name = "S Maybe"
type = "event"
mp = 0
text = "You may draw a card."
[[card.effect]]
kind = "play"
may = true
do = [{ op = "draw", count = 1 }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-saved>")


def _position(p1: dict, p2: dict, active: int = 0):
    return mx.position(game(), p1, p2, turn=3, active=active, first=0, step="planning", seed=3, auto=False)


def _play(st, name: str) -> None:
    d = st.data
    p = st.current_player()
    st.apply(f"event:c{next(c for c in d.hand[p] if d.cards[c].name == name)}")


def _round_trip(st) -> dict:
    return mx.round_trip(game(), st)


def _refused(obj: dict, match: str) -> None:
    mx.refused(game(), obj, match)


def _sapped():
    """P1's S Sap has given P2's S Grunt -1 Strength this turn: one modifier."""
    st = _position({"hand": ["S Sap"], "deck": ["Brawl 1", "Brawl 2"]}, {"character": ["S Grunt"], "deck_size": 2})
    _play(st, "S Sap")
    st.apply(st.legal_actions()[0])
    assert [m.amount for m in st.data.mods] == [-1]
    return st


def test_a_modifier_amount_loads_from_minus_100_to_100_and_no_further():
    obj = _sapped().to_json()
    for amount in (-100, 100):
        ok = copy.deepcopy(obj)
        ok["data"]["mods"][0][3] = amount
        assert game().state_from_json(ok).data.mods[0].amount == amount
    for amount in (-101, 101):
        bad = copy.deepcopy(obj)
        bad["data"]["mods"][0][3] = amount
        _refused(bad, "amount must be a whole number from -100 to 100")


def test_putting_the_only_character_of_the_hand_into_play_round_trips():
    st = _position({"hand": ["S Call", "S Grunt"], "deck": ["Brawl 1"]}, {"character": ["S Grunt"]})
    _play(st, "S Call")
    d = st.data
    assert st.decision.kind == "put_into_play" and d.discard[0] == []
    assert set(st.decision.params.options) == set(d.hand[0])  # every card it could offer
    _round_trip(st)


def _ordering_triggers(vulture: str = "S Vulture"):
    """P2's S Bolt KOs P1's S Grunt: P1's S Mourner and P2's ``vulture`` trigger together and
    P2 (the active player) orders them."""
    st = _position({"character": ["S Grunt", "S Mourner"], "deck": ["Brawl 1", "Brawl 2"]},
                   {"hand": ["S Bolt"], "discard": ["Brawl 3"], "character": [vulture]}, active=1)
    grunt = st.data.inplay[0][0]
    _play(st, "S Bolt")
    st.apply(f"target:c{grunt}")
    st.apply(st.legal_actions()[0])  # the only Battle Card of the discard pile
    assert st.decision.kind == "__order_triggers" and st.current_player() == 1
    return st


def test_triggers_to_order_read_their_cards_text_or_say_they_are_triggered_abilities():
    st = _ordering_triggers("S Quiet Vulture")
    assert sorted(a.label for a in st.legal_actions()) == [
        "Resolve first: S Mourner (P1): Whenever another Character you control is KO'd, draw a card.",
        "Resolve first: S Quiet Vulture (P2): triggered ability",
    ]


def test_a_trigger_waiting_to_be_ordered_is_checked_like_any_effect():
    st = _ordering_triggers()
    obj = _round_trip(st)
    group = obj["decision"][2]
    assert group[0] == "@__group" and [t[0] for t in group[2]] == ["@use", "@use"]
    src = group[2][0][1]
    group[2][0][3] = 5  # the effect index: the card has one effect
    _refused(obj, f"card c{src} has no effect 5")


def test_a_discard_decision_is_for_the_seat_that_discards():
    st = _position({"hand": ["S Toss"], "deck": ["Brawl 1"]},
                   {"hand": ["Brawl 2", "Brawl 4"], "character": ["S Grunt"]})
    _play(st, "S Toss")
    assert st.decision.kind == "discard" and st.decision.player == 1 == st.decision.params.seat
    obj = _round_trip(st)
    obj["decision"][0] = 0
    _refused(obj, "a 'discard' decision is for P2, not P1")


def test_a_position_whose_first_player_has_more_cards_matches_its_decks():
    st = _position({"hand": ["S Sap", "S Grunt", "S Call"], "deck": ["Brawl 1", "Brawl 2", "Brawl 3"]},
                   {"character": ["S Grunt"], "deck_size": 1})
    owner = st.data.owner
    assert owner.count(0) > owner.count(1) and list(owner) == sorted(owner)
    _round_trip(st)


@pytest.mark.parametrize("field, value, match", [
    ("pushed", [999], "pushed must be a list of whole numbers"),
    ("first", 2, "first must be a whole number from 0 to 1"),
])
def test_a_field_out_of_range_is_refused_naming_it(field, value, match):
    obj = _sapped().to_json()
    obj["data"][field] = value
    _refused(obj, match)


def test_damage_naming_a_card_that_does_not_exist_is_refused_naming_damage():
    obj = _sapped().to_json()
    d = obj["data"]
    grunt = d["inplay"][1][0]
    d["damage"] = {str(grunt): [999]}
    _refused(obj, "damage must be a list of whole numbers")


def test_a_card_both_in_the_deck_and_in_an_attack_is_refused_naming_the_battle_zone():
    st = _position({"character": ["S Grunt"], "deck": ["Brawl 1", "Brawl 2"]}, {"character": ["S Grunt"]})
    obj = st.to_json()
    d = obj["data"]
    lead, card = d["inplay"][0][0], d["deck"][0][0]
    d["attacks"] = [[lead, card, [], "", -1, -1, "", False, False]]  # declared, not resolved
    _refused(obj, f"card c{card} is in 2 places: P1 deck, battle zone")


_ATTACK = [5, 1, [], "", -1, -1, "", False, False]  # P2's S Grunt attacks with a Brawl 1 (c1)


@pytest.mark.parametrize("path, value, match", [
    (["cards"], "S Sap", "cards must be a list of card names"),
    (["owner"], [0, 0, 0, 1, 1, 2], "owner must be a list of whole numbers from 0 to 1"),
    (["turn"], True, "turn must be a whole number"),
    (["active"], 2, "active must be a whole number from 0 to 1"),
    (["phase"], "lunch", "unknown phase 'lunch'"),
    (["deck"], [[1, 2]], "deck must have one list per player"),
    (["deck", 1], [3, 99], "deck must be a list of whole numbers from 0 to 5"),
    (["hand", 0], [99], "hand must be a list of whole numbers from 0 to 5"),
    (["discard", 0], [99], "discard must be a list of whole numbers from 0 to 5"),
    (["vp", 1], [99], "vp must be a list of whole numbers from 0 to 5"),
    (["inplay", 1], [99], "inplay must be a list of whole numbers from 0 to 5"),
    (["entered", "5"], -1, "entered must be a whole number"),
    (["in_battle"], [99], "in_battle must be a list of whole numbers from 0 to 5"),
    (["played_char"], 0, "expected true or false"),
    (["mods", 0, 0], 99, "a modifier's card must be a whole number from 0 to 5"),
    (["mods", 0, 1], 1, "a modifier's kind, what and duration are text"),
    (["attacks"], [_ATTACK[:0] + [99] + _ATTACK[1:]], "lead must be a whole number from 0 to 5"),
    (["attacks"], [_ATTACK[:1] + [99] + _ATTACK[2:]], "card must be a whole number from 0 to 5"),
    (["attacks"], [_ATTACK[:2] + [[99]] + _ATTACK[3:]], "links must be a list of whole numbers from 0 to 5"),
    (["attacks"], [_ATTACK[:3] + [0] + _ATTACK[4:]], "an attack's stats are text"),
    (["attacks"], [_ATTACK[:4] + [-2] + _ATTACK[5:]], "defender must be a whole number from -1 to 5"),
    (["attacks"], [_ATTACK[:5] + [6] + _ATTACK[6:]], "dcard must be a whole number from -1 to 5"),
    (["mulligan"], [1, False], "mulligan entries are true, false or null"),
    (["used"], [1], "used must be a list of strings"),
    (["resolving"], [99], "resolving must be a list of whole numbers from 0 to 5"),
    (["bottom"], [0, 7], "bottom must be a list of whole numbers from 0 to 6"),
])
def test_each_saved_field_is_read_within_its_bounds_and_named_when_it_is_not(path, value, match):
    obj = _sapped().to_json()
    assert len(obj["data"]["cards"]) == 6
    at = obj["data"]
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    _refused(obj, match)


def _targeting():
    """P1's S Sap (c0) waits for its target: P2's S Grunt (c5); the decks hold c1, c2 (P1's)
    and c3, c4 (P2's)."""
    st = _position({"hand": ["S Sap"], "deck": ["Brawl 1", "Brawl 2"]}, {"character": ["S Grunt"], "deck_size": 2})
    _play(st, "S Sap")
    assert st.decision.kind == "target" and st.decision.params.options == (5,)
    return st


@pytest.mark.parametrize("zones, match", [
    ({"deck": [[1, 3], [2, 4]]}, "P1 holds a card of the other player"),
    ({"deck": [[1], [2, 3, 4]]}, "P2 holds a card of the other player"),
    ({"deck": [[1], [3, 4]], "vp": [[2], []]}, "P1's VP pile holds their own card"),
    ({"deck": [[1, 2], [4]], "vp": [[], [3]]}, "P2's VP pile holds their own card"),
])
def test_a_card_in_a_zone_its_owner_could_not_put_it_in_is_refused(zones, match):
    obj = _targeting().to_json()
    obj["data"].update(zones)
    _refused(obj, match)


def test_cards_each_in_their_owners_zones_load_and_a_vp_pile_holds_the_opponents_cards():
    obj = _targeting().to_json()
    obj["data"].update({"deck": [[1], [4]], "vp": [[3], [2]]})
    st = game().state_from_json(obj)
    assert st.data.vp == [[3], [2]]


@pytest.mark.parametrize("mod, loads", [
    ([5, "kw", "elusive", 0, "turn"], True),
    ([1, "buff", "strength", -1, "turn"], False),   # c1 is a card in a deck
    ([5, "aura", "strength", -1, "turn"], False),   # no such kind of modifier
])
def test_a_modifier_must_be_a_buff_or_keyword_on_a_character_in_play(mod, loads):
    obj = _targeting().to_json()
    obj["data"]["mods"] = [mod]
    if loads:
        assert game().state_from_json(obj).data.mods == [tuple(mod)]
    else:
        _refused(obj, "a modifier names a card that is not a Character in play")


@pytest.mark.parametrize("attack", [
    [1, 2, [], "", -1, -1, "", False, True],    # a Battle Card leads
    [5, 0, [], "", -1, -1, "", False, True],    # an Event as the attack's card
    [5, 1, [2], "", -1, -1, "", False, True],   # a Battle Card Linked
    [5, 1, [5, 2], "", -1, -1, "", False, True],  # a Battle Card Linked after a Character
    [5, 1, [], "", 2, -1, "", False, True],     # a Battle Card defends
    [5, 1, [], "", 0, -1, "", False, True],     # an Event (c0, the first card) defends
])
def test_an_attack_naming_a_card_of_the_wrong_type_is_refused(attack):
    obj = _targeting().to_json()
    ok = copy.deepcopy(obj)
    ok["data"]["attacks"] = [[5, 1, [5], "", 5, 2, "", False, True]]
    assert len(game().state_from_json(ok).data.attacks) == 1
    obj["data"]["attacks"] = [attack]
    _refused(obj, "an attack names cards of the wrong type")


def _with_decision(params_change, match: str) -> None:
    obj = _targeting().to_json()
    params_change(obj["decision"][2])
    _refused(obj, match)


def test_a_target_choice_needs_choice_parameters_and_an_option():
    obj = _targeting().to_json()
    obj["decision"][2] = ["@links", 0]
    _refused(obj, "a 'target' decision needs Choosing parameters")
    _with_decision(lambda p: p.__setitem__(2, []), "a 'target' choice without options")
    _with_decision(lambda p: p.__setitem__(2, [1]), "a 'target' choice offers cards it could not offer")


@pytest.mark.parametrize("path, value, match", [
    ([1, 1, 2], 2, r"use\.ctrl names seat 2, which does not exist"),
    ([1, 1, 4], 6, r"use\.user names card c6, which does not exist"),  # six cards: c0..c5
    ([1, 1, 4], -2, r"use\.user names card c-2, which does not exist"),
    ([1, 1, 3], 1000, r"use\.effect is out of range"),
    ([1, 2], -2, r"op\.index is out of range"),
    ([1, 2], 1, "card c0 has no op 1"),
    ([1, 2], -1, "card c0 has no op -1"),
    ([1, 1, 6], 0, "an effect names an attack that is not declared"),
    ([2], [5, 6], "choose offers a card that does not exist"),
])
def test_a_choice_naming_what_does_not_exist_is_refused(path, value, match):
    def change(params):
        at = params
        for k in path[:-1]:
            at = at[k]
        at[path[-1]] = value
    _with_decision(change, match)


def test_a_step_naming_no_card_is_refused():
    obj = _targeting().to_json()
    assert obj["stack"][-1] == ["@event_done", 0]
    obj["stack"][-1][1] = -1
    _refused(obj, "event_done names no card")


def test_a_target_choice_among_some_of_the_characters_in_play_round_trips():
    st = _position({"hand": ["S Sap"], "character": ["S Grunt"], "deck": ["Brawl 1"]},
                   {"character": ["S Grunt"]})
    _play(st, "S Sap")
    assert st.decision.kind == "target"
    assert set(st.decision.params.options) < set(st.data.entered)  # P1's own is no option
    _round_trip(st)


def _choosing(kind: str):
    """A state waiting for P1's choice of ``kind`` (a search, recover, put_into_play or
    damage_card), and its JSON. The cards' ids are in the comments."""
    if kind == "search":    # S Seek c0; hand S Grunt c1; deck Brawl 1 c2, S Sap c3; discard Brawl 2 c4
        st = _position({"hand": ["S Seek", "S Grunt"], "deck": ["Brawl 1", "S Sap"], "discard": ["Brawl 2"]},
                       {"character": ["S Grunt"], "deck_size": 1})
        _play(st, "S Seek")
    elif kind == "recover":  # S Raise c0; hand S Grunt c1; deck Brawl 1 c2; discard Brawl 2 c3, S Sap c4
        st = _position({"hand": ["S Raise", "S Grunt"], "deck": ["Brawl 1"], "discard": ["Brawl 2", "S Sap"]},
                       {"character": ["S Grunt"], "deck_size": 1})
        _play(st, "S Raise")
    elif kind == "put_into_play":  # S Call c0; hand S Grunt c1, Brawl 2 c2; deck Brawl 1 c3
        st = _position({"hand": ["S Call", "S Grunt", "Brawl 2"], "deck": ["Brawl 1"]},
                       {"character": ["S Grunt"], "deck_size": 1})
        _play(st, "S Call")
    else:  # S Bolt c0; deck Brawl 1 c1; discard Brawl 3 c2, S Sap c3; P2's S Grunt c5
        st = _position({"hand": ["S Bolt"], "deck": ["Brawl 1"], "discard": ["Brawl 3", "S Sap"]},
                       {"character": ["S Grunt"], "deck_size": 1})
        _play(st, "S Bolt")
        st.apply("target:c5")
    assert st.decision.kind == kind
    return st, _round_trip(st)


@pytest.mark.parametrize("kind, field, value", [
    ("search", 2, [2, 4]),          # a card of the discard pile
    ("search", 1, "recover"),       # S Seek's op does not recover
    ("recover", 2, [3, 2]),         # a card of the deck
    ("recover", 1, "search"),
    ("put_into_play", 2, [1, 2]),   # a Battle Card of the hand
    ("put_into_play", 2, [3]),      # a card of the deck
    ("put_into_play", 1, "recover"),
    ("damage_card", 3, [3]),        # an Event of the discard pile
    ("damage_card", 3, [2, 3]),     # a Battle Card and an Event
    ("damage_card", 3, [1]),        # a Battle Card of the deck
    ("damage_card", 2, 1),          # attached to a card that is not in play
    ("search", 1, "target"),        # S Seek's op targets no Character
])
def test_a_choice_offering_cards_its_op_could_not_offer_is_refused(kind, field, value):
    st, obj = _choosing(kind)
    if field == 1:
        obj["decision"][1] = value
        if value == "target":
            obj["decision"][2] = ["@choose", obj["decision"][2][1], obj["data"]["inplay"][1]]
        match = f"a {value!r} choice offers cards it could not offer"
    else:
        obj["decision"][2][field] = value
        match = f"a {kind!r} choice offers cards it could not offer"
    _refused(obj, match)


def test_putting_a_character_from_the_discard_pile_into_play_round_trips():
    st = _position({"hand": ["S Revive"], "discard": ["S Grunt", "Brawl 2"], "deck": ["Brawl 1"]},
                   {"character": ["S Grunt"]})
    _play(st, "S Revive")
    d = st.data
    assert st.decision.kind == "put_into_play" and d.hand[0] == []
    assert [d.cards[c].name for c in st.decision.params.options] == ["S Grunt"]
    _round_trip(st)


@pytest.mark.parametrize("field, value, match", [
    ("mp", [0], "mp must have one entry per player"),
    ("mulligan", [False], "mulligan must have one entry per player"),
    ("bottom", [0, 0, 0], "bottom must have one entry per player"),
    ("owner", [0, 0, 0, 1, 1], "every card needs an owner 0 or 1"),
    ("entered", {"5": 1, "1": 1}, "marks must belong to Characters in play"),
    ("entered", {}, "marks must belong to Characters in play"),
    ("damage", {"1": []}, "marks must belong to Characters in play"),
    ("pushed", [1], "marks must belong to Characters in play"),
    ("in_battle", [1], "marks must belong to Characters in play"),
])
def test_data_of_the_wrong_shape_or_with_marks_on_cards_out_of_play_is_refused(field, value, match):
    obj = _targeting().to_json()
    obj["data"][field] = value
    _refused(obj, match)


def test_marks_on_a_character_in_play_load():
    obj = _targeting().to_json()
    obj["data"].update({"damage": {"5": []}, "pushed": [5], "in_battle": [5]})
    d = game().state_from_json(obj).data
    assert (d.pushed, d.in_battle, d.damage) == ({5}, {5}, {5: []})


def test_a_yes_or_no_to_an_effect_is_asked_of_its_controller():
    st = _position({"hand": ["S Maybe"], "deck": ["Brawl 1"]}, {"character": ["S Grunt"]})
    _play(st, "S Maybe")
    assert st.decision.kind == "may" and st.decision.player == 0
    obj = _round_trip(st)
    obj["decision"][0] = 1
    _refused(obj, "a 'may' decision is for P1, not P2")
    obj = _targeting().to_json()
    obj["decision"][0] = 1
    _refused(obj, "a 'target' decision is for P1, not P2")


def _defending():
    """P1's S Grunt (c2) attacks with Brawl 3 (c0); P2 blocks with its S Grunt and now chooses
    the Battle Card to defend with."""
    st = mx.position(game(), {"hand": ["Brawl 3"], "character": ["S Grunt"], "deck": ["Brawl 1"]},
                     {"hand": ["Brawl 2"], "character": ["S Grunt"]},
                     turn=3, active=0, first=0, step="battle", seed=3, auto=False)
    lead = st.data.inplay[0][0]
    blocker = st.data.inplay[1][0]
    for a in (f"attack:c{lead}/c0", "end_attacks", f"defend:c{blocker}->c{lead}"):
        st.apply(a)
    assert st.decision.kind == "defend_card" and st.decision.params == (blocker, 0)
    return st


@pytest.mark.parametrize("field, value", [(2, 1), (1, -1)])
def test_a_defence_naming_an_undeclared_attack_or_no_defender_is_refused(field, value):
    obj = _round_trip(_defending())
    obj["decision"][2][field] = value
    _refused(obj, "a defence names an attack that is not declared")


@pytest.mark.parametrize("step, match", [
    (["@links", 0], "a step names an attack that is not declared"),
    (["@ko", -1, 0], "ko names no card"),
    (["@discarding", 1, 1, -1], "discarding names no card"),
])
def test_a_step_naming_an_undeclared_attack_or_no_card_is_refused(step, match):
    obj = _targeting().to_json()
    obj["stack"].insert(0, step)
    _refused(obj, match)
