"""MX-SETUP (setup and mulligan), MX-TURN (turn structure), MX-PREP (Prep Step)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import IllegalActionError

from metatcg.games.metax import stats
from metax_a_support import GAME, basic_deck, char, find, ids, names, position


def new(seed=3, auto=False, decks=None):
    decks = decks or [basic_deck(name="d1"), basic_deck(name="d2")]
    return GAME.new_state(decks, seed=seed, options={"auto_single": auto})


def first_with(first: int) -> int:
    for seed in range(50):
        if new(seed).data.first == first:
            return seed
    raise AssertionError("no seed")


# ----------------------------------------------------------------- MX-SETUP
@pytest.mark.rule("MX-SETUP-1")
def test_each_player_starts_with_own_shuffled_40_card_deck_and_0_mp():
    s = new(seed=4)
    d = s.data
    assert d.mp == [0, 0]
    for p in (0, 1):
        mine = d.deck[p] + d.hand[p]
        assert len(mine) == 40 and all(d.owner[c] == p for c in mine)
        assert f"P{p + 1} shuffles their deck" in s.log
    # shuffled: the 40 cards are no longer in deck-list order
    assert [d.cards[c].name for c in d.hand[0] + d.deck[0]] != list(basic_deck().cards)


@pytest.mark.rule("MX-SETUP-2")
def test_first_player_is_random():
    firsts = {new(seed).data.first for seed in range(12)}
    assert firsts == {0, 1}
    s = new(seed=5)
    assert f"Coin flip: P{s.data.first + 1} takes the first turn" in s.log


@pytest.mark.rule("MX-SETUP-3")
def test_each_player_draws_five():
    s = new(seed=6)
    assert [len(h) for h in s.data.hand] == [5, 5]
    assert [len(dk) for dk in s.data.deck] == [35, 35]


@pytest.mark.rule("MX-SETUP-4")
def test_mulligan_puts_the_hand_on_the_bottom_in_chosen_order_and_draws_five():
    s = new(seed=7)
    p = s.data.first
    hand, deck = list(s.data.hand[p]), list(s.data.deck[p])
    s.apply("mulligan")
    order = []
    while s.decision.kind == "bottom" and s.decision.player == p:
        opts = ids(s)
        pick = opts[-1]  # choose a non-default order: always the last option
        order.append(int(pick.split(":c")[1]))
        s.apply(pick)
    # the last card is placed without a choice (nothing left to order)
    assert len(order) == 4 and set(order) < set(hand)
    rest = [c for c in hand if c not in order]
    assert s.data.deck[p][-5:] == order + rest  # bottom of the deck, in the order chosen
    assert s.data.hand[p] == deck[:5]  # five new cards from the top
    assert s.data.deck[p][:-5] == deck[5:]


@pytest.mark.rule("MX-SETUP-5", "MX-SETUP-8")
def test_mulligan_only_once_one_yes_no_choice_each():
    s = new(seed=8)
    f, o = s.data.first, 1 - s.data.first
    asked = []
    s.apply("mulligan")
    while s.decision.kind == "bottom":
        s.apply(ids(s)[0])
    asked.append(s.decision.player)
    assert s.decision.kind == "mulligan" and s.decision.player == o  # the new hand is not offered again
    s.apply("mulligan")
    while s.decision.kind == "bottom":
        s.apply(ids(s)[0])
    assert s.decision.kind == "planning" and s.data.turn == 1 and s.data.active == f
    # no mulligan is ever offered again during the game
    for _ in range(6):
        assert "mulligan" not in ids(s)
        s.apply("end_planning")
        s.apply("end_attacks")
        assert s.decision.kind == "planning"
    assert s.data.mulligan == [True, True]


@pytest.mark.rule("MX-SETUP-6")
def test_first_player_declares_first():
    for first in (0, 1):
        s = new(first_with(first))
        assert s.decision.kind == "mulligan" and s.current_player() == first
        s.apply("keep")
        assert s.decision.kind == "mulligan" and s.current_player() == 1 - first


@pytest.mark.rule("MX-SETUP-7")
def test_first_mulligan_completes_before_second_decides_and_reveals_only_the_yes():
    s = new(seed=first_with(0))
    hand_names = names(s, "hand", 0)
    deck_before = list(s.data.deck[0])
    log_len = len(s.log)
    s.apply("mulligan")
    while s.decision.kind == "bottom":
        assert s.current_player() == 0
        s.apply(ids(s)[0])
    # P1's mulligan is complete (new hand drawn, deck not shuffled) before P2 is asked
    assert s.decision.kind == "mulligan" and s.current_player() == 1
    assert s.data.hand[0] == deck_before[:5]
    assert s.data.deck[0][:30] == deck_before[5:]
    assert "P1 shuffles their deck" not in s.log[log_len:]
    # P2 learns that P1 mulliganed, but not which cards were involved
    v = s.view(1)
    assert v["players"][0]["mulligan"] is True and v["players"][0]["hand"] is None
    seen = "\n".join(s.log_for(1)[log_len:])
    assert "P1 mulligans" in seen
    for c in set(hand_names) | set(names(s, "hand", 0)):
        assert c not in seen, c


@pytest.mark.rule("MX-SETUP-7", "MX-ZONE-12")
def test_mulligan_of_identical_cards_does_not_name_them_to_the_opponent():
    # a hand whose last card(s) leave a single option must not be named in the public log
    s = position({"hand": ["Surge 7", "Surge 7", "Surge 7", "Brawl 1", "Brawl 1"], "deck_size": 10},
                 {"deck_size": 10}, step="mulligan", auto=True)
    assert s.decision.kind == "mulligan" and s.current_player() == 0
    s.apply("mulligan")
    s.apply(f"bottom:c{find(s, 'Brawl 1', 'hand', 0)}")  # next: Surge 7 x3 + Brawl 1 -> 2 options
    s.apply(f"bottom:c{find(s, 'Brawl 1', 'hand', 0)}")  # now only Surge 7s are left
    assert s.decision.kind == "mulligan" and s.current_player() == 1
    assert names(s, "deck", 0)[-5:] == ["Brawl 1", "Brawl 1", "Surge 7", "Surge 7", "Surge 7"]
    assert not any("Surge 7" in line for line in s.log_for(1))


# ----------------------------------------------------------------- MX-TURN
@pytest.mark.rule("MX-TURN-1")
def test_turn_steps_are_prep_planning_battle():
    s = position({"deck": ["Surge 1", "Surge 2"], "hand": ["Brawl 3"],
                  "character": [{"name": "T Striker", "entered_turn": 1, "pushed": True}]}, {}, step="prep")
    # the Prep Step ran first: Prep, then draw, before the first Planning choice
    assert s.log.index("P1 Preps T Striker") < s.log.index("P1 draws Surge 1")
    assert s.data.pushed == set() and names(s, "hand", 0) == ["Brawl 3", "Surge 1"]
    assert s.data.phase == "planning" and s.decision.kind == "planning"
    s.apply("end_planning")
    assert s.data.phase == "battle" and s.decision.kind == "declare"


@pytest.mark.rule("MX-TURN-2", "MX-PREP-1")
def test_turn_ends_after_battle_and_opponent_starts_with_prep():
    s = position({"hand": ["Brawl 3", "Brawl 1"], "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"deck": ["Insight 3", "Insight 4", "Insight 5"],
                  "character": [{"name": "T Thinker", "entered_turn": 1, "pushed": True}]}, step="battle")
    s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'Brawl 3', 'hand', 0)}")
    s.apply("end_attacks")
    n = len(s.log)
    s.apply("end_defense")
    tail = s.log[n:]
    i = tail.index("— Turn 4: P2 —")
    assert "P1 gains a Victory Point (1 VP)" in tail[:i]  # the Battle Step finished first
    after = tail[i + 1:]
    assert after.index("P2 Preps T Thinker") < after.index("P2 draws Insight 4")
    assert s.data.active == 1 and s.decision.kind == "planning"


@pytest.mark.rule("MX-TURN-3")
def test_players_alternate_turns():
    s = new(seed=9)
    s.apply("keep")
    s.apply("keep")
    f = s.data.first
    seen = []
    for _ in range(6):
        seen.append((s.data.turn, s.data.active))
        s.apply("end_planning")
        s.apply("end_attacks")
    assert seen == [(t, f if t % 2 else 1 - f) for t in range(1, 7)]
    # ... until one of them wins: then nothing more can be done
    s = position({"hand": ["Brawl 3", "Brawl 1"], "vp": 6,
                  "character": [{"name": "T Striker", "entered_turn": 1}]}, {"deck_size": 10}, step="battle")
    s.apply(f"attack:c{char(s, 'T Striker', 0)}/c{find(s, 'Brawl 3', 'hand', 0)}")
    s.apply("end_attacks")
    s.apply("end_defense")
    assert s.is_terminal() and s.winner() == 0
    assert s.legal_actions() == [] and s.current_player() == -1
    with pytest.raises(IllegalActionError):
        s.apply("end_planning")


@pytest.mark.rule("MX-TURN-4")
def test_this_turn_effects_last_through_the_battle_step_then_end():
    s = position({"mp": 5, "hand": ["Battle Trance", "Brawl 7", "Brawl 1"], "deck_size": 5,
                  "character": [{"name": "T Striker", "entered_turn": 1}]}, {"deck_size": 5})
    st = char(s, "T Striker", 0)
    s.apply(f"event:c{find(s, 'Battle Trance', 'hand', 0)}")
    s.apply(f"target:c{st}")
    assert stats.rank(s.data, st, "strength") == 7
    s.apply("end_planning")
    # still +2 in the Battle Step: Strength 7 can use the Rank 7 card
    assert f"attack:c{st}/c{find(s, 'Brawl 7', 'hand', 0)}" in ids(s)
    s.apply("end_attacks")
    assert s.data.turn == 4
    assert stats.rank(s.data, st, "strength") == 5 and s.data.mods == []


# ----------------------------------------------------------------- MX-PREP
@pytest.mark.rule("MX-PREP-2", "MX-PREP-3", "MX-PREP-6")
def test_prep_step_preps_all_pushed_then_draws_the_top_card():
    s = position({"deck": ["Surge 6", "Surge 1"],
                  "character": [{"name": "T Striker", "entered_turn": 1, "pushed": True},
                                {"name": "T Thinker", "entered_turn": 1, "pushed": True},
                                {"name": "T Mystic", "entered_turn": 1}]},
                 {"character": [{"name": "T Pair", "entered_turn": 2, "pushed": True}]}, step="prep")
    # mandatory and automatic: no decision before the Planning Step
    assert s.history == [] and s.decision.kind == "planning"
    assert s.data.pushed == {char(s, "T Pair", 1)}  # only the active player's Characters Prep
    assert s.log.index("P1 Preps T Striker, T Thinker") < s.log.index("P1 draws Surge 6")
    assert names(s, "hand", 0) == ["Surge 6"] and names(s, "deck", 0) == ["Surge 1"]


@pytest.mark.rule("MX-PREP-4")
def test_first_player_skips_prep_on_the_first_turn():
    s = new(seed=10)
    f = s.data.first
    s.apply("keep")
    s.apply("keep")
    assert s.data.turn == 1 and s.data.active == f
    assert len(s.data.hand[f]) == 5 and len(s.data.deck[f]) == 35
    assert f"P{f + 1} skips the Prep Step on the first turn" in s.log
    # nor does it Prep (a position forcing a Pushed Character on turn 1)
    s = position({"deck": ["Surge 1"], "character": [{"name": "T Striker", "entered_turn": 0, "pushed": True}]},
                 {}, turn=1, first=0, step="prep")
    assert char(s, "T Striker", 0) in s.data.pushed and names(s, "hand", 0) == []


@pytest.mark.rule("MX-PREP-5")
def test_skip_is_only_for_the_very_first_turn():
    s = new(seed=11)
    f, o = s.data.first, 1 - s.data.first
    s.apply("keep")
    s.apply("keep")
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 2 and len(s.data.hand[o]) == 6 and len(s.data.deck[o]) == 34
    s.apply("end_planning")
    s.apply("end_attacks")
    assert s.data.turn == 3 and len(s.data.hand[f]) == 6 and len(s.data.deck[f]) == 34
