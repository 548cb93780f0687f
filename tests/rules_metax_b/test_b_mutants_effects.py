"""Effect ops, triggers and replacements each met in one small position (issue 28: mutation
survivors). Stand-in cards only; every decision is taken by the test unless it says otherwise."""
from __future__ import annotations

import functools

import pytest

from mxb_helpers import EXTRA, _plain_battle_cards, act, card_in, ids, names
from support import metax as mx

MINE = '''
[[card]]
name = "Call Ally"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand" }]

[[card]]
name = "Grunt"
type = "character"
trait = "Kin"
mp = 0
stats = { strength = 2 }

[[card]]
name = "Loner"
type = "character"
trait = "Stray"
mp = 0
stats = { strength = 2 }

[[card]]
name = "Phoenix"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }
text = "If this would be KO'd, instead draw a card."
[[card.effect]]
kind = "constant"
instead_of = "ko"
do = [{ op = "draw", who = "you", count = 1 }]

[[card]]
name = "Sap Two"
type = "event"
mp = 0
text = "An opposing Character gets -2 Strength this turn."
[[card.effect]]
kind = "play"
do = [{ op = "buff", target = { who = "opponent" }, stat = "strength", amount = -2, duration = "turn" }]

[[card]]
name = "Make Discard"
type = "event"
mp = 0
text = "Your opponent discards a card."
[[card.effect]]
kind = "play"
do = [{ op = "discard", who = "opponent", count = 1 }]

[[card]]
name = "Seek Strength"
type = "event"
mp = 0
text = "Search your deck for a Strength Battle Card."
[[card.effect]]
kind = "play"
do = [{ op = "search", filter = { type = "battle", stat = "strength" } }]

[[card]]
name = "Banker"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 5 }
text = "Sentinel. Whenever you gain a VP, gain 1 MP."
[[card.effect]]
kind = "constant"
do = [{ op = "keyword", keyword = "sentinel" }]
[[card.effect]]
kind = "constant"
when = "vp_gained"
do = [{ op = "gain_mp", count = 1 }]

[[card]]
name = "Guard Dog"
type = "character"
trait = "Test"
mp = 0
stats = { intelligence = 5 }
text = "Whenever this defends, gain 2 MP."
[[card.effect]]
kind = "constant"
when = "defended"
do = [{ op = "gain_mp", count = 2 }]

[[card]]
name = "Two Step"
type = "event"
mp = 0
text = "Gain 1 MP, then draw a card."
[[card.effect]]
kind = "play"
do = [{ op = "gain_mp", count = 1 }, { op = "draw", count = 1 }]

[[card]]
name = "Lasting Ward"
type = "event"
mp = 0
text = "A Character you control gains Elusive for good."
[[card.effect]]
kind = "play"
do = [{ op = "grant", target = { who = "you" }, keyword = "elusive", duration = "permanent" }]

[[card]]
name = "Rouse"
type = "event"
mp = 0
text = "Prep a Character you control."
[[card.effect]]
kind = "play"
do = [{ op = "prep", target = { who = "you" } }]

[[card]]
name = "Kin Rally"
type = "event"
mp = 0
text = "A Kin Character you control gets +1 Strength this turn."
[[card.effect]]
kind = "play"
do = [{ op = "buff", target = { who = "you", trait = "Kin" }, stat = "strength", amount = 1 }]

[[card]]
name = "Rallier"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 4 }
text = "Push: another Character you control gets +1 Strength this turn."
[[card.effect]]
kind = "push"
do = [{ op = "buff", target = { who = "you", other = true }, stat = "strength", amount = 1 }]
'''


@functools.cache
def game():
    return mx.stand_in_game(_plain_battle_cards() + EXTRA + MINE, "<mutants-effects>")


def position(p1: dict, p2: dict, *, step: str = "planning", auto: bool = False, active: int = 0):
    return mx.position(game(), p1, p2, turn=3, active=active, first=0, step=step, seed=1, auto=auto)


def play_event(st, name: str) -> None:
    act(st, f"event:c{card_in(st, name, st.data.active, 'hand')}")


def options(st) -> list[str]:
    return sorted(names(st, st.decision.params.options))


def test_put_into_play_from_hand_moves_the_character_and_names_its_copy():
    st = position({"hand": ["Call Ally", "Grunt"], "character": ["Grunt"]}, {"character": ["Loner"]})
    grunt = card_in(st, "Grunt", 0, "hand")
    st.data.revealed.add(grunt)
    play_event(st, "Call Ally")
    assert st.decision.kind == "put_into_play"
    start = len(st.log)
    act(st, f"put:c{grunt}")
    d = st.data
    assert grunt in d.inplay[0] and grunt not in d.hand[0] and grunt not in d.revealed
    assert any("P1 puts Grunt (2nd) into play from their hand" in line for line in st.log[start:])


@pytest.mark.rule("PR-MX-5")
def test_a_replacement_that_leaves_the_ko_condition_does_its_ops_and_the_ko_still_happens():
    st = position({"hand": ["Sap Two"]},
                  {"character": [{"name": "Phoenix", "damage": ["Str1"]}], "hand": [], "deck_size": 5})
    phoenix = card_in(st, "Phoenix", 1, "inplay")
    play_event(st, "Sap Two")
    act(st, f"target:c{phoenix}")  # Strength 3 - 2 = 1: the Str1 Damage now KOs it
    d = st.data
    assert len(d.hand[1]) == 1 and len(d.deck[1]) == 4  # its owner drew (not P1)
    assert phoenix not in d.entered and phoenix in d.discard[1]


def test_a_forced_discard_of_identical_cards_is_taken_for_the_player():
    st = position({"hand": ["Make Discard", "Grunt"]}, {"hand": ["Str3", "Str3"], "character": ["Loner"]}, auto=True)
    play_event(st, "Make Discard")
    d = st.data
    assert len(d.hand[1]) == 1 and names(st, d.discard[1]) == ["Str3"]
    assert st.current_player() == 0 and st.decision.kind == "planning"  # P2 was not asked


def test_a_search_filter_by_stat_matches_battle_cards_of_that_stat():
    st = position({"hand": ["Seek Strength"], "deck": ["Int4", "Str4", "Spe4", "StrSpe2", "Str1"]},
                  {"character": ["Loner"]})
    play_event(st, "Seek Strength")
    assert st.decision.kind == "search"
    assert options(st) == ["Str1", "Str4", "StrSpe2"]


@pytest.mark.rule("PR-MX-7")
def test_a_vp_gained_trigger_after_a_plain_constant_effect_fires_for_its_controller_only():
    st = position({"hand": ["Str1"], "mp": 3, "character": ["Banker"]},
                  {"mp": 3, "character": ["Banker"]}, step="battle")
    banker = card_in(st, "Banker", 0, "inplay")
    act(st, f"attack:c{banker}/c{card_in(st, 'Str1', 0, 'hand')}", "end_attacks", "end_defense")
    assert len(st.data.vp[0]) == 1
    assert st.data.mp == [4, 3]


@pytest.mark.rule("PR-MX-7")
def test_a_defended_trigger_fires_for_the_defender_itself():
    st = position({"hand": ["Int1"], "mp": 3, "character": ["Guard Dog"]},
                  {"hand": ["Int2"], "mp": 3, "character": ["Guard Dog", "Guard Dog"]}, step="battle")
    act(st, f"attack:c{card_in(st, 'Guard Dog', 0, 'inplay')}/c{card_in(st, 'Int1', 0, 'hand')}", "end_attacks")
    dog = card_in(st, "Guard Dog", 1, "inplay", 1)
    act(st, f"defend:c{dog}->c{card_in(st, 'Guard Dog', 0, 'inplay')}")
    act(st, f"with:c{card_in(st, 'Int2', 1, 'hand')}")
    assert st.data.mp[1] == 5  # the defending Dog's trigger, once; the other Dog's not


def test_every_op_of_an_effect_runs_in_order():
    st = position({"hand": ["Two Step"], "mp": 2, "deck": ["Str1", "Str2"]}, {"character": ["Loner"]})
    play_event(st, "Two Step")
    assert st.data.mp[0] == 3 and names(st, st.data.hand[0]) == ["Str1"]
    assert st.decision.kind == "planning"


@pytest.mark.rule("PR-MX-9")
def test_a_permanent_keyword_is_not_granted_again_and_a_prepped_character_is_not_prepped():
    mine = ["Grunt", "Loner", {"name": "Banker", "pushed": True}]
    st = position({"hand": ["Lasting Ward", "Lasting Ward", "Rouse"], "character": mine}, {"character": ["Loner"]})
    grunt = card_in(st, "Grunt", 0, "inplay")
    play_event(st, "Lasting Ward")
    assert sorted(ids(st)) == sorted(f"target:c{card_in(st, n, 0, 'inplay')}" for n in ("Grunt", "Loner", "Banker"))
    act(st, f"target:c{grunt}")
    assert st.data.mods[-1][:3] == (grunt, "kw", "elusive")
    # Rouse can only Prep the Pushed Banker
    play_event(st, "Rouse")
    assert ids(st) == [f"target:c{card_in(st, 'Banker', 0, 'inplay')}"]
    act(st, ids(st)[0])
    # a second Lasting Ward no longer offers Grunt
    play_event(st, "Lasting Ward")
    assert grunt not in st.decision.params.options and len(st.decision.params.options) == 2


def test_target_filters_skip_only_the_characters_they_exclude():
    st = position({"hand": ["Kin Rally"], "character": ["Rallier", "Loner", "Grunt"]},
                  {"character": ["Loner"]})
    play_event(st, "Kin Rally")  # the Stray Loner sits before the Kin Grunt
    assert options(st) == ["Grunt"]
    act(st, ids(st)[0])
    rallier = card_in(st, "Rallier", 0, "inplay")
    act(st, f"push:c{rallier}")  # "another": Rallier comes first and is skipped, the rest remain
    assert options(st) == ["Grunt", "Loner"]
