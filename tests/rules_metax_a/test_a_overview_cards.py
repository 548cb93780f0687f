"""MX-OVR and MX-CARD: overview, card types and effect icons."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import CardDataError, DeckError
from metax_a_support import BASE, GAME, basic_deck, char, find, ids, names, position

# ----------------------------------------------------------------- MX-OVR
@pytest.mark.rule("MX-OVR-1")
def test_two_player_games_only():
    for n in (1, 3):
        with pytest.raises(DeckError, match="played by 2 players"):
            GAME.new_state([basic_deck() for _ in range(n)], seed=1)
    s = GAME.new_state([basic_deck(), basic_deck()], seed=1)
    assert s.num_players == 2
    assert len(s.returns()) == 2
    assert {pl["player"] for pl in s.view(0)["players"]} == {0, 1}


@pytest.mark.rule("MX-OVR-2")
def test_unblocked_attack_earns_vp_and_seventh_vp_wins():
    s = position({"mp": 0, "hand": ["Brawl 4", "Brawl 1"], "vp": 6,
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"deck_size": 10}, step="battle")
    striker = char(s, "T Striker", 0)
    s.apply(f"attack:c{striker}/c{find(s, 'Brawl 4', 'hand', 0)}")
    s.apply("end_attacks")
    assert ids(s) == ["end_defense"]  # P2 has no Characters to defend with
    s.apply("end_defense")
    assert len(s.data.vp[0]) == 7
    assert s.is_terminal() and s.winner() == 0
    assert s.returns() == [1.0, -1.0]


@pytest.mark.rule("MX-OVR-3")
def test_card_text_beats_general_rule_only_for_that_card():
    # Galeborn Courier's Quick text lets it attack the turn it enters play; T Striker, which
    # also came into play this turn, is still bound by the general rule (MX-ATK-5).
    s = position({"mp": 0, "hand": ["Galeborn Courier", "Surge 4", "Brawl 1"],
                  "character": [{"name": "T Striker", "entered_turn": 3}]}, {}, turn=3)
    s.apply(f"play:c{find(s, 'Galeborn Courier', 'hand', 0)}")
    s.apply("end_planning")
    courier = char(s, "Galeborn Courier", 0)
    striker = char(s, "T Striker", 0)
    acts = ids(s)
    assert s.decision.kind == "declare"
    assert f"attack:c{courier}/c{find(s, 'Surge 4', 'hand', 0)}" in acts
    assert not any(a.startswith(f"attack:c{striker}/") for a in acts)


# ----------------------------------------------------------------- MX-CARD
@pytest.mark.rule("MX-CARD-1")
def test_three_card_types():
    assert {c.type for c in BASE.pool.by_name.values()} == {"character", "event", "battle"}
    with pytest.raises(CardDataError):
        GAME.parse_cards('[[card]]\nname = "X"\ntype = "item"\nmp = 1\n')


@pytest.mark.rule("MX-CARD-2")
def test_characters_supply_mp_attack_and_defend():
    s = position({"mp": 0, "hand": ["T Striker", "Brawl 3"],
                  "character": [{"name": "T Pair", "entered_turn": 1}]},
                 {"hand": ["Insight 2"], "character": [{"name": "T Thinker", "entered_turn": 2}]})
    s.apply(f"play:c{find(s, 'T Striker', 'hand', 0)}")
    assert s.data.mp[0] == 2  # resources
    s.apply("end_planning")
    pair = char(s, "T Pair", 0)
    s.apply(f"attack:c{pair}/c{find(s, 'Brawl 3', 'hand', 0)}")  # attacks
    s.apply("end_attacks")
    thinker = char(s, "T Thinker", 1)
    assert s.current_player() == 1
    assert f"defend:c{thinker}->c{pair}" in ids(s)  # defends


@pytest.mark.rule("MX-CARD-3")
def test_at_most_three_characters_in_play():
    three = [{"name": n, "entered_turn": 1} for n in ("T Striker", "T Thinker", "T Mystic")]
    s = position({"hand": ["T Pair"], "character": three}, {})
    assert not any(a.startswith("play:") for a in ids(s))
    s = position({"hand": ["T Pair"], "character": three[:2]}, {})
    s.apply(f"play:c{find(s, 'T Pair', 'hand', 0)}")
    assert len(s.data.inplay[0]) == 3


@pytest.mark.rule("MX-CARD-4")
def test_character_stays_until_ko_or_effect_discards_it():
    s = position({"character": [{"name": "T Thinker", "entered_turn": 1}], "deck_size": 10},
                 {"deck_size": 10, "hand": ["Banish"], "mp": 4})
    thinker = char(s, "T Thinker", 0)
    s.apply("end_planning")
    s.apply("end_attacks")  # P1's turn 3 ends with no attack; P2's turn 4 begins
    assert s.data.turn == 4 and thinker in s.data.inplay[0]
    s.apply(f"event:c{find(s, 'Banish', 'hand', 1)}")  # an effect discards it
    s.apply(f"target:c{thinker}")
    assert thinker not in s.data.inplay[0]
    assert thinker in s.data.discard[0]


@pytest.mark.rule("MX-CARD-5")
def test_character_plus_mp_is_gained_when_played():
    s = position({"mp": 1, "hand": ["T Big Gainer"]}, {})
    s.apply(f"play:c{find(s, 'T Big Gainer', 'hand', 0)}")
    assert s.data.mp[0] == 6
    assert s.data.mp[1] == 0


@pytest.mark.rule("MX-CARD-6")
def test_on_play_effect_is_used_after_mp_is_gained():
    s = position({"mp": 0, "hand": ["T Greeter"], "deck": ["Surge 2", "Surge 3"]}, {})
    greeter = find(s, "T Greeter", "hand", 0)
    s.apply(f"play:c{greeter}")
    # the ON_PLAY "may" is being asked: the +2 MP is already there
    assert s.decision.kind == "may" and s.data.mp[0] == 2
    assert greeter in s.data.inplay[0]
    s.apply("yes")
    assert names(s, "hand", 0) == ["Surge 2"]


@pytest.mark.rule("MX-CARD-7")
def test_constant_effect_applies_only_while_in_play():
    s = position({"character": [{"name": "Banner Knight", "entered_turn": 1},
                                {"name": "Ember Warden", "entered_turn": 1}]},
                 {"mp": 4, "hand": ["Banish"]}, active=1, turn=4)
    warden = char(s, "Ember Warden", 0)
    from metatcg.games.metax import stats
    assert stats.rank(s.data, warden, "strength") == 6  # 5 + Banner Knight's constant +1
    s.apply(f"event:c{find(s, 'Banish', 'hand', 1)}")
    knight = char(s, "Banner Knight", 0)
    assert ids(s) == [f"target:c{knight}"]  # only Banner Knight (highest Rank 4) qualifies
    s.apply(f"target:c{knight}")
    assert names(s, "inplay", 0) == ["Ember Warden"]
    assert stats.rank(s.data, warden, "strength") == 5


@pytest.mark.rule("MX-CARD-8")
def test_push_effect_is_activated_by_pushing():
    s = position({"mp": 0, "character": [{"name": "T Pusher", "entered_turn": 1}]}, {})
    pusher = char(s, "T Pusher", 0)
    assert f"push:c{pusher}" in ids(s)
    s.apply(f"push:c{pusher}")
    assert pusher in s.data.pushed
    assert s.data.mp[0] == 1
    assert f"push:c{pusher}" not in ids(s)


@pytest.mark.rule("MX-CARD-9")
def test_character_effects_tagged_on_play_constant_or_push():
    for c in BASE.pool.by_name.values():
        if c.is_character:
            assert all(e.kind in ("on_play", "constant", "push") for e in c.effects), c.name
    bad = ('[[card]]\nname = "X"\ntype = "character"\ntrait = "T"\nmp = 1\nstats = { strength = 2 }\n'
           '[[card.effect]]\nkind = "attack"\ndo = [{ op = "draw" }]\n')
    with pytest.raises(CardDataError, match="on_play, constant or push"):
        GAME.parse_cards(bad)
    # The Superman/Batman stand-ins: ON_PLAY effects fire on the turn they enter play.
    s = position({"mp": 0, "hand": ["Ironclad Paragon"], "deck": ["Surge 1", "Surge 2"]}, {})
    s.apply(f"play:c{find(s, 'Ironclad Paragon', 'hand', 0)}")
    assert names(s, "hand", 0) == ["Surge 1"] and s.data.mp[0] == 2
    s = position({"mp": 0, "hand": ["Nightwatch Strategist"], "discard": ["Sudden Insight"]}, {})
    s.apply(f"play:c{find(s, 'Nightwatch Strategist', 'hand', 0)}")
    assert s.decision.kind == "may" and s.data.mp[0] == 3
    s.apply("yes")
    s.apply(ids(s)[0])  # the only Event in the discard pile
    assert names(s, "hand", 0) == ["Sudden Insight"]


@pytest.mark.rule("MX-CARD-10", "MX-CARD-11")
def test_event_costs_mp_is_used_and_discarded_in_planning():
    s = position({"mp": 3, "hand": ["Sudden Insight", "T Striker"], "deck": ["Surge 1", "Surge 2", "Surge 3"]},
                 {})
    acts = ids(s)
    ev = find(s, "Sudden Insight", "hand", 0)
    assert f"event:c{ev}" in acts and f"play:c{find(s, 'T Striker', 'hand', 0)}" in acts
    s.apply(f"event:c{ev}")
    assert s.data.mp[0] == 1
    assert names(s, "hand", 0) == ["T Striker", "Surge 1", "Surge 2"]
    assert s.data.discard[0] == [ev]
    s.apply("end_planning")
    # MX-CARD-11: neither Characters nor Events can be played in the Battle Step
    assert s.decision.kind == "declare"
    assert not any(a.startswith(("play:", "event:")) for a in ids(s))


@pytest.mark.rule("MX-CARD-12")
def test_battle_card_has_stat_rank_and_gains_or_costs_mp():
    c = BASE.pool["Brawl 6"]
    assert c.battle_stats == ("strength",) and c.rank == 6 and c.mp == -2
    s = position({"mp": 5, "hand": ["T Big Surge", "Brawl 6"],
                  "character": [{"name": "T Trio", "entered_turn": 1},
                                {"name": "Ironclad Paragon", "entered_turn": 1}]}, {}, step="battle")
    trio, para = char(s, "T Trio", 0), char(s, "Ironclad Paragon", 0)
    s.apply(f"attack:c{trio}/c{find(s, 'T Big Surge', 'hand', 0)}")
    assert s.data.mp[0] == 8  # +3
    s.apply("no_link")
    s.apply(f"attack:c{para}/c{find(s, 'Brawl 6', 'hand', 0)}")
    assert s.data.mp[0] == 6  # -2
    with pytest.raises(CardDataError):
        GAME.parse_cards('[[card]]\nname = "X"\ntype = "battle"\nmp = 1\n')  # no Stat, no Rank


@pytest.mark.rule("MX-CARD-13")
def test_battle_cards_are_played_in_the_battle_step_only():
    s = position({"mp": 5, "hand": ["Brawl 3"], "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {})
    b = find(s, "Brawl 3", "hand", 0)
    assert not any(f"c{b}" in a for a in ids(s))  # Planning Step: not playable
    s.apply("end_planning")
    assert f"attack:c{char(s, 'T Striker', 0)}/c{b}" in ids(s)


def _battle(attack_card: str, defense_card: str, *, att="T Trio", dfd="T Trio", mp=(5, 5), deck2=None):
    p2 = {"mp": mp[1], "hand": [defense_card, "Surge 1"], "character": [{"name": dfd, "entered_turn": 2}]}
    if deck2:
        p2["deck"] = deck2
    s = position({"mp": mp[0], "hand": [attack_card, "Surge 1"], "deck": ["Brawl 1", "Brawl 2"],
                  "character": [{"name": att, "entered_turn": 1}]}, p2, step="battle")
    return s


@pytest.mark.rule("MX-CARD-14")
def test_attack_icon_only_on_attack_defense_icon_only_on_defense():
    # Gambit of Wits (Attack: draw) played to defend: no draw. Slipstream Dash (Defense:
    # discard) played to attack: no discard.
    s = _battle("Slipstream Dash", "Gambit of Wits", deck2=["Surge 5", "Surge 6"])
    a = char(s, "T Trio", 0)
    s.apply(f"attack:c{a}/c{find(s, 'Slipstream Dash', 'hand', 0)}")
    assert s.decision.kind == "declare" and len(s.data.hand[0]) == 1  # no discard asked
    s.apply("end_attacks")
    d = char(s, "T Trio", 1)
    s.apply(f"defend:c{d}->c{a}")
    s.apply(f"with:c{find(s, 'Gambit of Wits', 'hand', 1)}")
    assert names(s, "hand", 1) == ["Surge 1"]  # no card drawn by the defense
    # The same cards the other way round do use their effects.
    s = _battle("Gambit of Wits", "Slipstream Dash")
    a = char(s, "T Trio", 0)
    s.apply(f"attack:c{a}/c{find(s, 'Gambit of Wits', 'hand', 0)}")
    assert names(s, "hand", 0) == ["Surge 1", "Brawl 1"]  # attack effect drew
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Trio', 1)}->c{a}")
    s.apply(f"with:c{find(s, 'Slipstream Dash', 'hand', 1)}")
    # defense effect: the defender must discard a card from hand
    assert s.decision.kind == "discard" and s.current_player() == 1
    s.apply(f"discard:c{find(s, 'Surge 1', 'hand', 1)}")
    assert names(s, "discard", 1) == ["Surge 1"]


@pytest.mark.rule("MX-CARD-15")
def test_untagged_battle_effect_works_both_ways_and_effectless_card_is_legal():
    s = _battle("Draining Touch", "Draining Touch", mp=(5, 5))
    a = char(s, "T Trio", 0)
    s.apply(f"attack:c{a}/c{find(s, 'Draining Touch', 'hand', 0)}")
    assert s.data.mp == [5, 4]  # used when attacking
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Trio', 1)}->c{a}")
    s.apply(f"with:c{find(s, 'Draining Touch', 'hand', 1)}")
    assert s.data.mp[0] == 4  # used when defending
    # A Battle Card with no effect only supplies Stat, Rank and MP.
    assert not BASE.pool["Brawl 4"].effects
    s = _battle("Brawl 2", "Insight 1")
    s.apply(f"attack:c{char(s, 'T Trio', 0)}/c{find(s, 'Brawl 2', 'hand', 0)}")
    assert s.data.mp[0] == 7 and s.decision.kind == "declare"


@pytest.mark.rule("MX-CARD-16")
def test_battle_card_only_while_attacking_or_defending_one_per_character():
    s = position({"mp": 5, "hand": ["Brawl 2", "Brawl 3", "Surge 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"mp": 5, "hand": ["Insight 1", "Insight 2"],
                  "character": [{"name": "T Thinker", "entered_turn": 2}]})
    assert all(a.startswith(("play:", "event:", "push:", "end_planning")) for a in ids(s))
    s.apply("end_planning")
    st = char(s, "T Striker", 0)
    assert all(a.startswith(f"attack:c{st}/") or a == "end_attacks" for a in ids(s))
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 2', 'hand', 0)}")
    assert s.decision.kind == "declare" and ids(s) == ["end_attacks"]  # no second card for it
    s.apply("end_attacks")
    th = char(s, "T Thinker", 1)
    s.apply(f"defend:c{th}->c{st}")
    assert all(a.startswith("with:") for a in ids(s))
    s.apply(f"with:c{find(s, 'Insight 1', 'hand', 1)}")
    assert ids(s) == ["end_defense"]  # exactly one card played for the defender
    assert len(s.data.hand[1]) == 1


@pytest.mark.rule("MX-CARD-17")
def test_may_gives_a_choice_and_partial_effects_do_what_they_can():
    s = position({"mp": 0, "hand": ["T Greeter"], "deck": ["Surge 2", "Surge 3"]}, {})
    s.apply(f"play:c{find(s, 'T Greeter', 'hand', 0)}")
    assert s.current_player() == 0 and ids(s) == ["yes", "no"]
    s.apply("no")
    assert names(s, "hand", 0) == [] and len(s.data.deck[0]) == 2
    # Unsettling Whisper makes the opponent discard 2, but they hold only 1 card: it discards 1.
    s = position({"mp": 3, "hand": ["Unsettling Whisper"]}, {"hand": ["Insight 3"]})
    s.apply(f"event:c{find(s, 'Unsettling Whisper', 'hand', 0)}")
    s.apply(ids(s)[0])
    assert names(s, "hand", 1) == [] and names(s, "discard", 1) == ["Insight 3"]
    assert s.decision.kind == "planning" and s.current_player() == 0
