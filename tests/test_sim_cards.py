"""Card impact and endings (issue 12): each game's ``hand_cards``, ``played_card`` and
``ending`` hooks, the card records of ``play_game(..., cards=True)``, the statistics of
``metatcg.sim.cards`` on made-up results and the CLI table. Positions are built with each
game's ``game.position(spec)``; the stand-in cards below are our own."""
from __future__ import annotations

import math
import random

import pytest
from rich.console import Console

import metatcg
from metatcg.cli.cards_table import card_impact_table
from metatcg.engine.endings import ACTION_LIMIT, CONCESSION
from metatcg.games.metabaloids import facts as mb_facts
from metatcg.games.metax import facts as mx_facts
from metatcg.games.metazoo import facts as mz_facts
from metatcg.games.metazoo_2022 import facts as mz22_facts
from metatcg.sim import simulate
from metatcg.sim.cards import (FIELDS, RARELY_PLAYABLE_MIN_DRAWN, RARELY_PLAYABLE_SHARE, card_impact,
                               enough_games, impact_interval, top_and_bottom)
from metatcg.sim.runner import GameResult, play_game, wilson

ENDINGS = {"metax": mx_facts.ENDINGS, "metabaloids": mb_facts.ENDINGS, "metazoo": mz_facts.ENDINGS,
           "metazoo-2022": mz22_facts.ENDINGS}
GAMES = list(ENDINGS)
HAND = {"metax": ("players", "hand"), "metabaloids": ("players", "hand"), "metazoo": ("players", "hand"),
        "metazoo-2022": ("casters", "chapter")}


def load(gid):
    return metatcg.load_game(gid)


def action(st, prefix):
    """The first legal action whose id starts with ``prefix``."""
    found = [a for a in st.legal_actions() if a.id.startswith(prefix)]
    assert found, f"no action {prefix}… in {[a.id for a in st.legal_actions()]}"
    return found[0]


def played(game, st):
    """{action id: played_card} of the current decision."""
    return {a.id: game.played_card(st, a) for a in st.legal_actions()}


def hand_of_snapshot(game, st, p):
    group, zone = HAND[game.id]
    return game.snapshot(st)[group][p][zone]


def tables():
    return [(gid, n) for gid in GAMES for n in sorted(load(gid).seat_counts)]


def decks_for(game, n, shift=0):
    st = game.starter_deck_names()
    return [st[(i + shift) % len(st)] for i in range(n)]


# =========================================================================== MetaX
MX_CARDS = '''
[[card]]
name = "Test Muster"
number = "TST-1"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand", filter = { type = "character" } }]
'''


def mx_position(game, hand, foe_hand=("Brawl 1", "Brawl 2")):
    return game.position({"turn": 3, "active": 0, "first": 0, "step": "planning", "seed": 1,
                          "options": {"auto_single": False},
                          "player": [{"mp": 5, "hand": list(hand), "deck_size": 20,
                                      "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]},
                                     {"mp": 5, "hand": list(foe_hand), "deck_size": 20,
                                      "character": [{"name": "Cragback Ogre", "entered_turn": 1}]}]})


def test_metax_hand_and_plays_in_the_planning_step():
    base = load("metax")
    game = base.with_cards(base.parse_cards(MX_CARDS, "impact-cards"))
    hand = ["Ember Warden", "Brawl 4", "Sudden Insight", "Test Muster", "Marsh Wisp"]
    st = mx_position(game, hand)
    assert game.hand_cards(st, 0) == hand and game.hand_cards(st, 1) == ["Brawl 1", "Brawl 2"]
    got = played(game, st)
    assert got[action(st, "play:").id] == "Ember Warden"
    assert sorted(v for k, v in got.items() if k.startswith("play:")) == ["Ember Warden", "Marsh Wisp"]
    assert got[action(st, "event:").id] in ("Sudden Insight", "Test Muster")
    assert got["end_planning"] is None
    # an Event that puts a Character from the hand into play: the Character is played too
    muster = next(a for a in st.legal_actions() if game.played_card(st, a) == "Test Muster")
    st.apply(muster)
    assert st.decision.kind == "put_into_play"
    assert sorted(played(game, st).values()) == ["Ember Warden", "Marsh Wisp"]
    assert game.hand_cards(st, 0) == ["Ember Warden", "Brawl 4", "Sudden Insight", "Marsh Wisp"]


def test_metax_battle_cards_played_to_attack_and_to_defend():
    game = load("metax")
    st = mx_position(game, ["Brawl 4"])
    st.apply("end_planning")
    assert st.decision.kind == "declare"
    got = played(game, st)
    assert got[action(st, "attack:").id] == "Brawl 4" and got["end_attacks"] is None
    st.apply(action(st, "attack:"))
    while st.decision.kind != "defend":
        st.apply(st.legal_actions()[-1])
    assert all(v is None for v in played(game, st).values())     # choosing the defender plays nothing
    st.apply(action(st, "defend:"))
    assert st.decision.kind == "defend_card"
    assert sorted(played(game, st).values()) == ["Brawl 1", "Brawl 2"]


def test_metax_mulligan_choices_are_no_plays():
    game = load("metax")
    st = game.new_state(decks_for(game, 2), seed=1, options={"auto_single": False})
    assert st.decision.kind == "mulligan"
    assert set(played(game, st).values()) == {None}
    st.apply("mulligan")
    assert st.decision.kind == "bottom" and set(played(game, st).values()) == {None}


# =========================================================================== Metabaloids
def mb_position(game, phase, hand, **more):
    p1 = {"hand": list(hand), "deck_size": 20, "columns": [["Mossback Toad"], [], []]}
    p1.update(more)
    return game.position({"phase": phase, "turn": 3 if phase != "setup" else 0, "options": {"auto_single": False},
                          "player": [p1, {"hand": ["Second Wind", "Sugar Mite"], "deck_size": 20,
                                          "columns": [["Sugar Mite"], [], []]}]})


def test_metabaloids_placement_is_a_play_and_stopping_is_not():
    game = load("metabaloids")
    st = game.position({"phase": "setup", "turn": 0, "player": [
        {"hand": ["Sugar Mite", "Forage", "Mossback Toad"], "deck_size": 20},
        {"hand": ["Sugar Mite"], "deck_size": 20}]})
    assert game.hand_cards(st, 0) == ["Sugar Mite", "Forage", "Mossback Toad"]
    got = played(game, st)
    assert {v for k, v in got.items() if k.startswith("place:")} == {"Sugar Mite", "Mossback Toad"}
    assert got["done"] is None


def test_metabaloids_events_stash_restock_are_plays_paying_and_deploying_are_not():
    game = load("metabaloids")
    st = mb_position(game, "abilities", ["Sugar Mite", "Convention Crowd", "Second Wind"])
    got = played(game, st)
    assert sorted(v for v in got.values() if v) == ["Convention Crowd", "Second Wind"] and got["done"] is None
    st.apply(next(a for a in st.legal_actions() if game.played_card(st, a) == "Convention Crowd"))
    assert st.decision.kind == "pay" and set(played(game, st).values()) == {None}
    st.apply(next(a for a in st.legal_actions() if "Second Wind" in a.label))
    assert st.decision.kind == "choose"                             # the free stash into the reserve
    assert list(played(game, st).values()) == ["Sugar Mite"]
    st = mb_position(game, "restock", ["Sugar Mite", "Second Wind"], reserve=["Glucose Grub"])
    while st.decision.kind != "restock":
        st.apply(action(st, "pass"))
    got = played(game, st)
    assert got[action(st, "restock:").id] == "Sugar Mite" and got["done"] is None
    st = mb_position(game, "deploy", ["Sugar Mite"], reserve=["Glucose Grub"])
    while st.decision.kind != "deploy":
        st.apply(action(st, "pass"))
    assert set(played(game, st).values()) == {None}                  # from the reserve, not the hand


def test_metabaloids_an_event_played_as_a_response_by_the_other_seat():
    game = load("metabaloids")
    st = mb_position(game, "move", ["Sugar Mite"])
    while not (st.decision.kind == "__respond" and st.decision.player == 1):
        st.apply(st.legal_actions()[-1] if st.decision.kind == "__respond" else st.legal_actions()[0])
    got = played(game, st)
    assert got[action(st, "event:").id] == "Second Wind" and got["pass"] is None
    assert game.hand_cards(st, 1) == ["Second Wind", "Sugar Mite"]


# =========================================================================== MetaZoo
def test_metazoo_plays_from_hand_but_not_the_caster():
    game = load("metazoo")
    hand = ["Cinder Fox", "Ember Tithe", "Thermal Vent Ridge"]
    st = game.position({"round": 2, "priority": 0, "phase": "action", "seed": 1,
                        "player": [{"caster": "Ilsa, Ember Warden", "hand": hand, "deck_size": 20,
                                    "aura": ["Fire Aura"] * 9},
                                   {"caster": "Ilsa, Ember Warden", "hand": ["Ash Wyvern"], "deck_size": 20,
                                    "aura": ["Fire Aura"]}],
                        "lane": [{"terra": "Cinder Flats"}, {"terra": "Cinder Flats"}, {}, {}]})
    assert game.hand_cards(st, 0) == hand and game.hand_cards(st, 1) == ["Ash Wyvern"]
    caster = st.data.caster[0]
    got = played(game, st)
    named = {v for v in got.values() if v}
    assert {"Cinder Fox", "Thermal Vent Ridge"} <= named <= set(hand)
    assert all(got[a] is None for a in got if a.startswith(f"play:c{caster}@"))     # the Caster's zone
    assert any(a.startswith(f"play:c{caster}@") for a in got)
    assert all(got[a] is None for a in got if a.startswith(("declare:", "trade:")))


def test_metazoo_a_strategy_is_a_play():
    game = load("metazoo")
    st = game.position({"round": 2, "priority": 0, "phase": "action", "seed": 1,
                        "player": [{"caster": "Ilsa, Ember Warden", "hand": ["Fire Lash"], "deck_size": 20,
                                    "aura": ["Fire Aura"] * 4},
                                   {"caster": "Ilsa, Ember Warden", "hand": [], "deck_size": 20,
                                    "aura": ["Fire Aura"]}],
                        "lane": [{"terra": "Cinder Flats", "p2": ["Cinder Fox"]}, {"terra": "Cinder Flats"}, {}, {}]})
    got = played(game, st)
    assert "Fire Lash" in got.values() and {v for v in got.values() if v} == {"Fire Lash"}


# =========================================================================== MetaZoo 2022
MZ22_PAGES = r'''
[[page]]
name = "Last Page"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 10
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "win" }]
text = "Power (Fatigue): you win the game."
[[page.effect]]
when = "power"
cost = { fatigue = true }
do = [{ op = "lose", who = "opponents" }]
text = "Power (Fatigue): each opposing Caster loses the game."

[[page]]
name = "Drain Curse"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "lose_lp", amount = 10, to = "opponents" }]
text = "Each opposing Caster loses 10 LP."

[[page]]
name = "Doom Curse"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
[[page.effect]]
when = "cast"
do = [{ op = "lose_lp", amount = 10, to = "each_caster" }]
text = "Each Caster loses 10 LP."
'''


def mz22_game():
    base = load("metazoo-2022")
    return base.with_cards(base.parse_cards(MZ22_PAGES, "impact-pages"))


def mz22_position(game, *casters, **top):
    spec = {"turn": 3, "active": 0, "first": 0, "step": "actions", "seed": 1, "caster": list(casters),
            "options": {"auto_single": False}}
    spec.update(top)
    return game.position(spec)


def test_metazoo_2022_contracting_and_face_down_placing_are_plays():
    game = load("metazoo-2022")
    chapter = ["Flame Aura", "Ember Hare", "Snare Wisp", "Cinder Volley"]
    st = mz22_position(game, {"chapter": chapter, "spellbook_size": 20, "aura": {"flame": 3}},
                       {"chapter": ["Ember Hare"], "spellbook_size": 20, "arena": ["Ember Hare"]})
    assert game.hand_cards(st, 0) == chapter and game.hand_cards(st, 1) == ["Ember Hare"]
    got = played(game, st)
    assert {v for k, v in got.items() if k.startswith("contract:")} == {"Flame Aura", "Ember Hare", "Cinder Volley"}
    assert got["trap"] is None and got["end"] is None               # opening the Trap menu plays nothing
    st.apply("trap")
    got = played(game, st)
    assert sorted(v for v in got.values() if v) == ["Cinder Volley", "Ember Hare", "Flame Aura", "Snare Wisp"]
    assert got["back"] is None                                      # Traps and bluffs alike (PR-MZ22-54)


def test_metazoo_2022_mulligan_choices_are_no_plays():
    game = load("metazoo-2022")
    st = game.new_state(decks_for(game, 2), seed=2, options={"auto_single": False})
    while st.decision.kind != "mulligan":
        assert set(played(game, st).values()) == {None}
        st.apply(st.legal_actions()[0])
    assert set(played(game, st).values()) == {None}
    assert sorted(game.hand_cards(st, st.decision.player)) == hand_of_snapshot(game, st, st.decision.player)


def test_metazoo_2022_endings_by_a_page_by_life_points_and_by_empty_spellbooks():
    game = mz22_game()
    st = mz22_position(game, {"arena": ["Last Page"], "spellbook_size": 5}, {"spellbook_size": 5})
    st.apply(f"use:c{st.data.arena[0]}.0")
    while not st.is_terminal():
        st.apply(action(st, "pass"))
    assert game.ending(st) == "card effect"
    st = mz22_position(game, {"arena": ["Last Page"], "spellbook_size": 5}, {"spellbook_size": 5},
                       {"spellbook_size": 5})
    st.apply(f"use:c{st.data.arena[0]}.1")
    while not st.is_terminal():
        st.apply(action(st, "pass"))
    assert st.winner() == 0 and "MZ22-WIN-2" in st.reason and game.ending(st) == "card effect"
    for spell, want, winner in (("Drain Curse", "life points", 0), ("Doom Curse", "draw: all at 0 LP", None)):
        st = mz22_position(game, {"chapter": [spell], "spellbook_size": 5, "aura": {"flame": 1}, "damage": 995},
                           {"spellbook_size": 5, "damage": 995})
        st.apply(action(st, "contract:"))
        while not st.is_terminal():
            st.apply(action(st, "pay") if st.decision.kind == "pay" else action(st, "pass"))
        assert st.winner() == winner and game.ending(st) == want, st.reason
    st = mz22_position(game, {"chapter": ["Ember Hare"], "spellbook": ["Flame Aura"]},
                       {"chapter": ["Ember Hare"], "spellbook": []}, step="end_a")
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1])
    assert game.ending(st) == "draw: spellbooks empty"


def test_metazoo_2022_a_bluff_found_out_is_a_trap_bluff_ending():
    game = load("metazoo-2022")
    for seed in range(40):
        st, r = play_game(game, decks_for(game, 2), ["random", "random"], seed)
        if "MZ22-TRAP-4" in st.reason:
            assert r.ending == "trap bluff"
            return
    pytest.fail("no random game ended by MZ22-TRAP-4")


# =========================================================================== every game
@pytest.mark.parametrize("gid", GAMES)
def test_hooks_agree_with_the_data_and_leave_the_state_alone(gid):
    """At every decision of a few random games: every seat's hand_cards is its hand (the
    snapshot's names), a card named by played_card is in the decider's hand, and asking
    changes nothing (the same digest, the same legal actions)."""
    game = load(gid)
    rnd = random.Random(7)
    for seed in range(3):
        n = sorted(game.seat_counts)[seed % len(game.seat_counts)]
        st = game.new_state(decks_for(game, n, seed), seed=seed, log=False)
        steps = 0
        while not st.is_terminal() and steps < 400:
            p = st.current_player()
            for q in range(n):
                assert sorted(game.hand_cards(st, q)) == hand_of_snapshot(game, st, q)
            before, legal = st.digest(), st.legal_actions()
            held = set(game.hand_cards(st, p))
            for a in legal:
                name = game.played_card(st, a)
                assert name is None or name in held, (a.id, name, held)
            assert st.digest() == before and [a.id for a in st.legal_actions()] == [a.id for a in legal]
            st.apply(rnd.choice(legal))
            steps += 1


@pytest.mark.parametrize("table", tables(), ids=lambda t: f"{t[0]}-{t[1]}seats")
def test_every_ending_of_random_games_has_a_documented_name(table):
    gid, n = table
    game = load(gid)
    seen = set()
    for seed in range(8):
        bots = ["greedy" if (seed + i) % 3 == 0 else "random" for i in range(n)]
        st, r = play_game(game, decks_for(game, n, seed), bots, seed)
        assert r.ending == game.ending(st) and r.ending in ENDINGS[gid], (st.reason, r.ending)
        assert (r.ending == ACTION_LIMIT) == r.action_limit
        if r.ending.startswith("draw") or r.ending == ACTION_LIMIT:
            assert r.winner is None, r.ending
        elif r.ending != CONCESSION:
            assert r.winner is not None, r.ending
        seen.add(r.ending)
    assert seen


def test_metax_and_metabaloids_name_their_usual_endings():
    mx = load("metax")
    seen = {play_game(mx, decks_for(mx, 2, s), ["random", "random"], s)[1].ending for s in range(80)}
    assert {"victory points", "deck out"} <= seen
    mb = load("metabaloids")
    assert play_game(mb, decks_for(mb, 2), ["random"] * 2, 1)[1].ending == "out of cards"
    assert play_game(mb, decks_for(mb, 3), ["random"] * 3, 1)[1].ending in ("fewest lost cards",
                                                                            "draw: tied for fewest lost cards")
    short = {play_game(mb, decks_for(mb, 2, s), ["random"] * 2, s, options={"short_game": True})[1].ending
             for s in range(4)}
    assert short <= {"short game", "draw: short game tied"} and short


@pytest.mark.parametrize("gid", GAMES)
def test_concession_and_action_limit_have_the_same_names_in_every_game(gid):
    game = load(gid)
    for seat in (0, 1):
        st = game.new_state(decks_for(game, 2), seed=3, log=False)
        st.concede(seat)
        assert st.is_terminal() and game.ending(st) == CONCESSION
    st, r = play_game(game, decks_for(game, 2), ["random", "random"], 5, options={"action_limit": 12})
    assert r.action_limit and r.ending == ACTION_LIMIT == game.ending(st)


def test_a_concession_the_others_play_on_after_is_not_how_the_game_ended():
    game = load("metazoo-2022")
    st = game.new_state(decks_for(game, 3), seed=4, log=False)
    st.concede(2)
    assert not st.is_terminal()
    rnd = random.Random(1)
    while not st.is_terminal():
        st.apply(rnd.choice(st.legal_actions()))
    assert game.ending(st) in mz22_facts.ENDINGS and game.ending(st) != CONCESSION


@pytest.mark.parametrize("table", tables(), ids=lambda t: f"{t[0]}-{t[1]}seats")
def test_simulate_with_cards_records_drawn_playable_and_played(table):
    gid, n = table
    game = load(gid)
    s = simulate(game, decks_for(game, n), ["greedy"] + ["random"] * (n - 1), 3, seed=11, cards=True)
    some_play = False
    for r in s.results:
        assert r.cards is not None and len(r.cards) == n and r.ending in ENDINGS[gid]
        for rec in r.cards:
            drawn, playable, done = set(rec["drawn"]), set(rec["playable"]), set(rec["played"])
            assert done <= drawn and done <= playable and playable <= drawn
            some_play = some_play or bool(done)
    assert some_play
    rows = card_impact(s.results, [s.decks] * s.games)
    assert rows and all(list(row) == list(FIELDS) for row in rows)
    assert {row["deck"] for row in rows} <= set(s.decks)


# =========================================================================== statistics
def result(winner, cards, seed=0):
    n = len(cards)
    returns = [0.0] * n if winner is None else [1.0 if p == winner else -1.0 for p in range(n)]
    recs = [{"drawn": sorted(set(d)), "playable": sorted(set(pl)), "played": sorted(set(pd))} for d, pl, pd in cards]
    return GameResult(seed, returns, winner, 0, 10, 100, "made up", cards=recs)


def by_key(rows):
    return {(r["deck"], r["card"]): r for r in rows}


def test_counts_rates_intervals_and_impacts():
    B = ((), (), ())                                          # seat 2 (Deck B) draws nothing
    results = [
        result(0, [(["x", "y"], ["x"], ["x"]), B]),           # A drew x and y, played x, won
        result(0, [(["x"], ["x"], []), B]),                   # A drew x, did not play it, won
        result(1, [(["y"], [], []), B]),                      # A drew y, lost
        result(None, [(["x", "y"], ["x", "y"], ["y"]), B]),   # a draw: not a win
    ]
    rows = card_impact(results, [["Deck A", "Deck B"]] * 4)
    assert [r for r in rows if r["deck"] == "Deck B"] == []
    x, y = by_key(rows)[("Deck A", "x")], by_key(rows)[("Deck A", "y")]
    assert (x["games"], x["drawn"], x["drawn_wins"], x["not_drawn"]) == (4, 3, 2, 1)
    assert math.isclose(x["drawn_win_rate"], 2 / 3) and x["not_drawn_win_rate"] == 0.0
    assert x["drawn_ci95"] == list(wilson(2, 3)) and x["not_drawn_ci95"] == list(wilson(0, 1))
    assert math.isclose(x["impact_drawn"], 2 / 3)
    assert (x["played"], x["played_wins"], x["not_played"]) == (1, 1, 3)
    assert x["played_win_rate"] == 1.0 and math.isclose(x["not_played_win_rate"], 1 / 3)
    assert math.isclose(x["impact_played"], 2 / 3) and x["played_ci95"] == list(wilson(1, 1))
    assert x["playable"] == 3 and x["playable_when_drawn"] == 1.0 and not x["rarely_playable"]
    assert (y["drawn"], y["drawn_wins"], y["not_drawn"], y["played"], y["played_wins"]) == (3, 1, 1, 1, 0)
    assert math.isclose(y["impact_drawn"], 1 / 3 - 1.0) and math.isclose(y["impact_played"], 0.0 - 2 / 3)
    assert y["playable"] == 1 and math.isclose(y["playable_when_drawn"], 1 / 3)
    assert [r["card"] for r in rows] == ["x", "y"]                        # highest impact first


def test_a_deck_in_two_seats_of_one_game_is_one_sample_per_side_and_seats_may_change_decks():
    results = [result(0, [(["x"], ["x"], ["x"]), (["x"], [], [])]),     # both seats of M drew x: one won
               result(1, [([], [], []), (["x"], ["x"], ["x"])])]         # only the winning seat drew x
    x = by_key(card_impact(results, [["M", "M"], ["M", "M"]]))[("M", "x")]
    assert (x["games"], x["drawn"], x["not_drawn"]) == (2, 2, 1)          # games, not seat-results
    assert x["drawn_wins"] == 1.5 and x["drawn_win_rate"] == 0.75         # game 1 is one sample: (1 + 0) / 2
    assert x["not_drawn_win_rate"] == 0.0 and x["drawn_ci95"] == list(wilson(1.5, 2))
    assert (x["played"], x["played_wins"], x["not_played"], x["not_played_win_rate"]) == (2, 2, 2, 0.0)
    rows = card_impact(results, lambda i, seat: ["P", "Q"][(i + seat) % 2])      # seats swap decks
    got = by_key(rows)
    assert got[("P", "x")]["drawn"] == 2 and got[("P", "x")]["drawn_wins"] == 2
    assert got[("Q", "x")]["drawn"] == 1 and got[("Q", "x")]["drawn_wins"] == 0 and got[("Q", "x")]["games"] == 2


def place_result(returns, cards, seed=0):
    """A made-up game of three or four seats with the returns of its places."""
    recs = [{"drawn": sorted(d), "playable": sorted(d), "played": []} for d in cards]
    top = max(returns)
    winner = returns.index(top) if returns.count(top) == 1 else None
    return GameResult(seed, list(returns), winner, 0, 10, 100, "made up", cards=recs)


def test_at_three_seats_a_card_is_judged_by_the_place_it_brings_not_only_by_wins():
    # deck C never finishes first: second when it drew "lift", last when it did not
    results = [place_result([1.0, 0.0, -1.0] if k % 2 else [1.0, -1.0, 0.0],
                            [["a"], ["b"], ["lift"] if k % 2 == 0 else ["other"]], seed=k) for k in range(20)]
    rows = by_key(card_impact(results, [["A", "B", "C"]] * 20))
    lift, other = rows[("C", "lift")], rows[("C", "other")]
    assert lift["measure"] == "place score" and lift["games"] == 20
    assert (lift["drawn"], lift["drawn_win_rate"], lift["not_drawn"], lift["not_drawn_win_rate"]) == (10, 0.5, 10, 0.0)
    assert lift["impact_drawn"] == 0.5 and lift["impact_drawn_ci95"][0] > 0       # clear of zero
    assert other["impact_drawn"] == -0.5
    assert lift["drawn_ci95"] == list(wilson(5.0, 10))
    assert rows[("A", "a")]["drawn_win_rate"] == 1.0 and rows[("A", "a")]["measure"] == "place score"
    two = card_impact([result(0, [(["x"], [], []), ((), (), ())])], [["A", "B"]])
    assert two[0]["measure"] == "win"                                             # two seats: wins, as before


def test_a_card_played_counts_as_drawn_and_results_without_records_are_left_out():
    results = [result(0, [([], ["x"], ["x"]), ((), (), ())]),
               GameResult(9, [1.0, -1.0], 0, 0, 1, 1, "no records")]
    (x,) = card_impact(results, [["A", "B"]] * 2)
    assert (x["games"], x["drawn"], x["played"], x["playable"]) == (1, 1, 1, 1)
    assert x["impact_drawn"] == 0.0 and x["not_drawn"] == 0                  # nothing to compare


def test_rarely_playable_flag_thresholds():
    def rows_for(drawn, playable):
        res = [result(0, [(["c"], ["c"] if i < playable else [], []), ((), (), ())]) for i in range(drawn)]
        return card_impact(res, [["D", "E"]] * drawn)[0]

    m = RARELY_PLAYABLE_MIN_DRAWN
    under = math.ceil(RARELY_PLAYABLE_SHARE * m) - 1                         # below the share
    assert rows_for(m, under)["rarely_playable"]
    assert not rows_for(m - 1, 0)["rarely_playable"]                         # too few games to tell
    assert not rows_for(m, math.ceil(RARELY_PLAYABLE_SHARE * m))["rarely_playable"]
    assert rows_for(m, under)["playable_when_drawn"] == under / m


def test_bad_deck_lists_are_clear_errors():
    results = [result(0, [(["x"], [], []), ((), (), ())])]
    with pytest.raises(ValueError, match="one list of seat decks per result"):
        card_impact(results, [["A", "B"]] * 2)
    with pytest.raises(ValueError, match="not a list of names"):
        card_impact(results, ["AB"])


def test_top_and_bottom():
    # card k is drawn in game k (of 6) and that game is won when k is even: 6 comparable rows
    res = [result(0 if k % 2 == 0 else 1, [([f"c{k}"], [], []), ((), (), ())]) for k in range(6)]
    rows = card_impact(res, [["D", "E"]] * 6)
    top, bottom = top_and_bottom(rows, 2, solid_only=False)
    assert [r["card"] for r in top] == ["c0", "c2"] and [r["card"] for r in bottom] == ["c5", "c3"]
    top, bottom = top_and_bottom(rows, 10, solid_only=False)
    assert len(top) == 3 and len(bottom) == 3 and not {r["card"] for r in top} & {r["card"] for r in bottom}
    assert all(r["impact_drawn"] > 0 for r in top) and all(r["impact_drawn"] < 0 for r in bottom)
    # a card whose owner won as often with it as without neither carries nor drags
    even = [result(0 if k % 2 == 0 else 1, [(["even", "odd" if k % 2 == 0 else "x"], [], []), ((), (), ())])
            for k in range(4)]
    even += [result(0 if k % 2 == 0 else 1, [((), (), ()), ((), (), ())]) for k in range(4)]
    erows = {r["card"]: r for r in card_impact(even, [["D", "E"]] * 8)}
    assert erows["even"]["impact_drawn"] == 0 and erows["odd"]["impact_drawn"] > 0 > erows["x"]["impact_drawn"]
    etop, ebottom = top_and_bottom(list(erows.values()), 5, solid_only=False)
    assert [r["card"] for r in etop] == ["odd"] and [r["card"] for r in ebottom] == ["x"]
    assert all(a["impact_drawn"] >= b["impact_drawn"] for a, b in zip(top, top[1:]))
    assert all(a["impact_drawn"] <= b["impact_drawn"] for a, b in zip(bottom, bottom[1:]))
    assert top_and_bottom(rows, 10) == ([], [])        # one game with each card: too few to rank
    everywhere = [result(0, [(["z"], [], []), ((), (), ())])]
    assert top_and_bottom(card_impact(everywhere, [["D", "E"]]), 5, solid_only=False) == ([], [])
    assert top_and_bottom(rows, 0, solid_only=False) == ([], [])
    with pytest.raises(ValueError, match="'drawn' or 'played'"):
        top_and_bottom(rows, 2, by="kept")


def test_cards_missing_from_a_handful_of_games_are_not_ranked():
    """A card drawn in 38 of 40 games compares a two-game win rate with the rest: however large
    that difference, it is not ranked among the cards that carry or drag a deck. A card drawn
    in half the games is; and ``by="played"`` ranks by the games a card was played in."""
    res = []
    for i in range(40):
        won = 0 if i % 4 != 3 else 1
        drawn = ["Nearly always"] if i >= 2 else []        # missing from two lost games
        half = ["Half"] if i % 2 == 0 else []
        res.append(result(won if i >= 2 else 1, [(drawn + half, [], half), ((), (), ())]))
    rows = card_impact(res, [["D", "E"]] * len(res))
    nearly = next(r for r in rows if r["card"] == "Nearly always")
    assert nearly["not_drawn"] == 2 and nearly["impact_drawn"] > 0.5        # a big, meaningless figure
    assert not enough_games(nearly) and enough_games(next(r for r in rows if r["card"] == "Half"))
    top, bottom = top_and_bottom(rows, 5)
    assert [r["card"] for r in top + bottom] == ["Half"]
    top, _ = top_and_bottom(rows, 5, solid_only=False)
    assert top[0]["card"] == "Nearly always"
    top, _ = top_and_bottom(rows, 5, by="played")
    assert [r["card"] for r in top] == ["Half"] and top[0]["played"] == 20


def test_an_impact_interval_is_newcombes_for_a_difference_of_two_rates():
    """Newcombe (1998), method 10, his worked example: 56/70 against 48/80 is +0.200 with
    0.0524 to 0.3339. The rows carry it for both comparisons; nothing to compare gives -1..1."""
    lo, hi = impact_interval(56, 70, 48, 80)
    assert round(lo, 4) == 0.0524 and round(hi, 4) == 0.3339
    assert impact_interval(0, 0, 1, 2) == (-1.0, 1.0) and impact_interval(5, 5, 0, 5)[1] == 1.0
    res = [result(0 if i < 3 else 1, [(["Spiker"] if i % 2 else [], [], []), ((), (), ())]) for i in range(10)]
    spiker = next(r for r in card_impact(res, [["D", "E"]] * 10) if r["card"] == "Spiker")
    assert spiker["impact_drawn_ci95"] == list(impact_interval(1, 5, 2, 5))
    assert spiker["impact_played_ci95"] == [-1.0, 1.0]          # never played: nothing to compare


def test_the_cli_table_has_the_columns_and_the_flag():
    res = [result(0 if i < 3 else 1, [(["Spiker"], [], []), (["Nib"], ["Nib"], ["Nib"] if i else [])])
           for i in range(RARELY_PLAYABLE_MIN_DRAWN)]
    rows = card_impact(res, [["Deck [A]", "Deck B"]] * len(res))
    table = card_impact_table(rows, title="Card impact")
    assert [c.header for c in table.columns] == ["Deck", "Card", "Drawn", "Win% (CI)", "not", "Impact (CI)", "Play%"]
    console = Console(record=True, width=80)
    console.print(table)
    text = console.export_text()
    assert "Deck [A]" in text and "rarely playable" in text and max(map(len, text.splitlines())) <= 80
    assert next(line for line in text.splitlines() if "Spiker" in line).rstrip().endswith("0%*")  # never playable
    spiker = next(r for r in rows if r["card"] == "Spiker")
    lo, hi = spiker["drawn_ci95"]
    assert f"30 ({100 * lo:.0f}–{100 * hi:.0f})" in text          # 3 wins of 10, with its interval


def test_the_cli_names_cards_by_games_played_when_every_card_was_drawn_nearly_always(monkeypatch):
    """Played to the end of the deck, every card is drawn in nearly every game: the CLI then
    ranks cards by the games they were played in, and says so; with too few games either way
    it still ranks them but warns."""
    from metatcg.cli import simulate as cli_simulate

    def shown(rows):
        console = Console(record=True, width=100)
        monkeypatch.setattr(cli_simulate, "console", console)
        cli_simulate.print_card_impact(rows, n=3)
        return " ".join(console.export_text().split())     # the notes wrap

    res = [result(0 if i % 3 else 1, [(["Always", "Often"], [], ["Often"] if i % 2 else []), ((), (), ())])
           for i in range(40)]
    res += [result(1, [((), (), ()), ((), (), ())])]        # one game without them
    text = shown(card_impact(res, [["D", "E"]] * len(res)))
    assert "compared by the games in which they were played" in text
    assert "by impact when played" in text and "Often" in text and "Always" not in text
    few = shown(card_impact(res[:4] + res[-1:], [["D", "E"]] * 5))
    assert "rest on a handful of games" in few and "by impact when drawn" in few
    played_only = shown(card_impact(res[1:5], [["D", "E"]] * 4))    # drawn every time, played twice
    assert "rest on a handful of games" in played_only and "drag: bottom 1 by impact when played" in played_only
    assert "carry" not in played_only                                  # won less often when played
    assert "nothing to rank" in shown(card_impact(res[:4], [["D", "E"]] * 4))   # 50% played and not
    assert "nothing to compare" in shown(card_impact(res[:1], [["D", "E"]]))
