"""What a MetaX player is told: no option that can do nothing (PR-MX-9), why a choice was forced
(``forced_reason``), every choice in the log, copies told apart, and no leak of the opponent's
hand through a lookahead copy's options (PR-K-7)."""
from __future__ import annotations

import random

import pytest

import metatcg
from metatcg.engine.rng import Rng
from metatcg.games.metax.terminal import card_numbers
from metatcg.ui.presentation import presentation_of
from support import metax as mx

GAME = metatcg.load_game("metax")

STAND_INS = """
[[card]]
name = "T Soldier"
type = "character"
trait = "Tester"
mp = 1
stats = { strength = 5 }

[[card]]
name = "T Scholar"
type = "character"
trait = "Tester"
mp = 1
stats = { intelligence = 4, special = 3 }

[[card]]
name = "T Hand Muster"
type = "event"
mp = 0
text = "Put a Character from your hand into play."
[[card.effect]]
kind = "play"
do = [{ op = "put_into_play", zone = "hand", filter = { type = "character" } }]

[[card]]
name = "T Medic"
type = "character"
trait = "Tester"
mp = 1
stats = { special = 4 }
text = "Push: Discard all Damage attached to a Character you control."
[[card.effect]]
kind = "push"
do = [{ op = "clear_damage", target = { who = "you" } }]
"""
TEST_GAME = mx.stand_in_game(STAND_INS, "<test_metax_player_info>")


def position(p1: dict, p2: dict | None = None, *, game=GAME, step: str = "planning", active: int = 0,
             auto: bool = False):
    return mx.position(game, p1, p2 or {}, turn=3, active=active, first=0, step=step, seed=1, auto=auto)


def ids(st) -> list[str]:
    return [a.id for a in st.legal_actions()]


def labels(st) -> list[str]:
    return [a.label for a in st.legal_actions()]


def card(st, name: str, zone: str, p: int) -> int:
    d = st.data
    zones = {"hand": d.hand, "deck": d.deck, "discard": d.discard, "inplay": d.inplay}
    return next(c for c in zones[zone][p] if d.cards[c].name == name)


# ------------------------------------------------------------------ no dead options (PR-MX-9)
@pytest.mark.parametrize("event, p1, p2", [
    ("Banish", {}, {"character": ["Ironclad Paragon"]}),          # highest Rank 7 > 4: no target
    ("Field Medic", {"character": ["Ironclad Paragon"]}, {}),     # no Damage to discard
    ("Rally Horn", {"character": ["Ironclad Paragon"]}, {}),      # nothing Pushed to Prep
    ("Ambush Snare", {}, {"character": [{"name": "Ironclad Paragon", "pushed": True}]}),  # all Pushed
    ("Second Chance", {}, {}),                                    # no Character in the discard pile
    ("Grave Robbery", {"discard": ["Sudden Insight"]}, {}),        # no Battle Card there
    ("Leech the Well", {}, {"mp": 0}),                            # the opponent has no MP to lose
    ("Ashfall", {"discard": ["Brawl 6"]}, {"character": ["Ironclad Paragon"]}),  # Rank 6 > 3
    ("Unsettling Whisper", {}, {"hand": []}),                     # their hand is empty
    ("Second Wind Muster", {"discard": ["Ironclad Paragon"]}, {}),  # highest Rank 7 > 4
    ("Second Wind Muster", {"discard": ["Marsh Wisp"],
                            "character": ["Ember Warden", "Ember Warden", "Ember Warden"]}, {}),  # 3 in play
    ("Hardened Resolve", {"character": ["Marsh Wisp"]}, {}),      # +1 Strength: it has no Strength
    ("Tailwind", {"character": ["Galeborn Courier"]}, {}),        # Quick already
    ("Channel Reserves", {"mp": 10}, {}),                         # MP at 10, nothing else in hand
])
def test_an_event_that_would_do_nothing_is_not_offered(event, p1, p2):
    spec = {"mp": 10, "hand": [event]}
    spec.update(p1)
    st = position(spec, p2)
    assert f"event:c{card(st, event, 'hand', 0)}" not in ids(st), labels(st)


@pytest.mark.parametrize("event, p1, p2", [
    ("Banish", {}, {"character": ["Skyhook Scout"]}),
    ("Field Medic", {"character": [{"name": "Ironclad Paragon", "damage": ["Brawl 1"]}]}, {}),
    ("Rally Horn", {"character": [{"name": "Ironclad Paragon", "pushed": True}]}, {}),
    ("Second Chance", {"discard": ["Ironclad Paragon"]}, {}),
    ("Leech the Well", {}, {"mp": 1}),
    ("Ashfall", {"discard": ["Brawl 3"]}, {"character": ["Ironclad Paragon"]}),
    ("Call to Arms", {"deck": ["Brawl 1", "Brawl 2"]}, {}),  # a search may always find nothing (PR-MX-2)
    ("Hardened Resolve", {"character": ["Ember Warden"]}, {}),
    ("Channel Reserves", {"mp": 8}, {}),
])
def test_the_same_events_are_offered_when_they_can_act(event, p1, p2):
    spec = {"mp": 10, "hand": [event]}
    spec.update(p1)
    st = position(spec, p2)
    assert f"event:c{card(st, event, 'hand', 0)}" in ids(st), labels(st)


def test_targets_on_which_an_effect_does_nothing_are_not_offered():
    # Field Medic: only the damaged Character; Tailwind: not the one that is Quick already
    st = position({"mp": 10, "hand": ["Field Medic"],
                   "character": ["Ironclad Paragon", {"name": "Runescribe Adept", "damage": ["Brawl 1"]}]})
    st.apply(f"event:c{card(st, 'Field Medic', 'hand', 0)}")
    assert ids(st) == [f"target:c{card(st, 'Runescribe Adept', 'inplay', 0)}"]
    st = position({"mp": 10, "hand": ["Tailwind"], "character": ["Galeborn Courier", "Ironclad Paragon"]})
    st.apply(f"event:c{card(st, 'Tailwind', 'hand', 0)}")
    assert ids(st) == [f"target:c{card(st, 'Ironclad Paragon', 'inplay', 0)}"]


def test_a_push_effect_with_nothing_to_do_is_not_offered():
    st = position({"character": [{"name": "T Medic", "entered_turn": 1}]}, game=TEST_GAME)
    medic = card(st, "T Medic", "inplay", 0)
    assert f"push:c{medic}" not in ids(st)
    st = position({"character": [{"name": "T Medic", "entered_turn": 1, "damage": ["Brawl 1"]}]}, game=TEST_GAME)
    assert f"push:c{card(st, 'T Medic', 'inplay', 0)}" in ids(st)


def test_a_may_effect_that_could_do_nothing_is_not_asked():
    # Grave Robbery's second effect ("you may return another Battle Card") with none left
    st = position({"mp": 10, "hand": ["Grave Robbery"], "discard": ["Brawl 1"]})
    st.apply(f"event:c{card(st, 'Grave Robbery', 'hand', 0)}")
    if st.decision is not None and st.decision.kind == "recover":
        st.apply(ids(st)[0])
    assert st.decision.kind == "planning"
    assert any("could do nothing now" in line for line in st.log_for(0))


# ------------------------------------------------------------------ forced decisions explained
def test_forced_reasons_reach_only_the_decider():
    # P1 has one Character, Pushed: nothing to attack with; no Event, no Character in hand
    st = position({"hand": ["Brawl 1"], "character": [{"name": "Ironclad Paragon", "pushed": True}]},
                  auto=True)
    assert st.decision.kind == "declare" or st.current_player() == 1 or st.is_terminal()
    mine = st.log_for(0)
    assert any(line.startswith("(only choice) Go to the Battle Step: no Character in hand, no Event in hand")
               for line in mine), mine
    assert "(only choice) Finish declaring attacks: no Prepped Character can attack" in mine
    theirs = st.log_for(1)
    assert not any(line.startswith("(only choice)") for line in theirs[:theirs.index("— Turn 4: P2 —")])
    assert "P1 declares no more attacks" in theirs and "P1 ends the Planning Step" in theirs
    assert "P1 declares no more attacks" not in mine  # the decider has the "(only choice)" line


def test_forced_reason_names_a_missing_battle_card_and_a_new_character():
    st = position({"mp": 5, "hand": ["Insight 5"], "character": ["Ironclad Paragon"]}, auto=True)
    # Ironclad Paragon (INT 3) cannot use Insight 5 (INT 5, MX-STAT-5)
    assert any("Finish declaring attacks: no Character with the Stat and Rank your Battle Cards need (INT 5)"
               in line for line in st.log_for(0)), st.log_for(0)
    st = position({"hand": ["Brawl 1"], "character": [{"name": "Ironclad Paragon", "entered_turn": 3}]}, auto=True)
    assert any("Finish declaring attacks: your Prepped Characters came into play this turn" in line
               for line in st.log_for(0)), st.log_for(0)


def test_forced_defence_reason():
    st = position({"hand": ["Brawl 1"], "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]},
                  {"hand": [], "character": ["Runescribe Adept"]}, step="battle", auto=True)
    para = card(st, "Ironclad Paragon", "inplay", 0)
    st.apply(f"attack:c{para}/c{card(st, 'Brawl 1', 'hand', 0)}")  # then nothing else can attack
    assert "(only choice) Finish assigning defenders: no Battle Card in hand" in st.log_for(1)


# ------------------------------------------------------------------ the log names every choice
def test_choices_are_logged_and_copies_told_apart():
    st = position({"hand": ["Brawl 1", "Brawl 2"], "character": [
        {"name": "Ironclad Paragon", "entered_turn": 1}, {"name": "Ironclad Paragon", "entered_turn": 1}]},
        {"hand": ["Insight 3"], "character": ["Runescribe Adept"]}, step="battle")
    first, second = st.data.inplay[0]
    assert "Attack with Ironclad Paragon (2nd) using Brawl 2 (+0 MP)" in labels(st) or \
        any(lb.startswith("Attack with Ironclad Paragon (2nd)") for lb in labels(st))
    st.apply(f"attack:c{second}/c{card(st, 'Brawl 2', 'hand', 0)}")
    st.apply(f"attack:c{first}/c{card(st, 'Brawl 1', 'hand', 0)}")
    st.apply("end_attacks")
    log = st.log_for(1)
    assert "P1 attacks with Ironclad Paragon (2nd), playing Brawl 2" in log
    assert "P1 attacks with Ironclad Paragon (1st), playing Brawl 1" in log
    assert "P1 declares no more attacks" in log
    rune = card(st, "Runescribe Adept", "inplay", 1)
    st.apply(f"defend:c{rune}->c{second}")
    st.apply(ids(st)[0])
    assert "P2 defends Ironclad Paragon (2nd)'s attack with Runescribe Adept, playing Insight 3" in st.log_for(0)


def test_the_resolve_order_is_logged():
    st = position({"hand": ["Brawl 1", "Insight 1"], "character": [
        {"name": "Ironclad Paragon", "entered_turn": 1}, {"name": "Runescribe Adept", "entered_turn": 1}]},
        {"hand": ["Brawl 3", "Surge 1"], "character": ["Ironclad Paragon", "Runescribe Adept"]}, step="battle")
    para, rune = st.data.inplay[0]
    st.apply(f"attack:c{para}/c{card(st, 'Brawl 1', 'hand', 0)}")
    st.apply(f"attack:c{rune}/c{card(st, 'Insight 1', 'hand', 0)}")
    st.apply("end_attacks")
    o_para, o_rune = st.data.inplay[1]
    st.apply(f"defend:c{o_para}->c{para}")
    st.apply(f"with:c{card(st, 'Brawl 3', 'hand', 1)}")
    st.apply(f"defend:c{o_rune}->c{rune}")
    st.apply(f"with:c{card(st, 'Surge 1', 'hand', 1)}")
    st.apply("end_defense")
    assert st.decision.kind == "resolve_order"
    st.apply(f"resolve:c{rune}")
    assert "P1 resolves Runescribe Adept's attack next" in st.log_for(1)


# ------------------------------------------------------------------ real costs: hand = options
def test_hand_and_options_show_the_same_mp():
    """MetaX has no effect that changes a card's MP: the printed +MP/-MP is the real one, and
    the board's hand entry and the option label must say the same number."""
    pres = presentation_of(GAME)
    st = position({"mp": 5, "hand": ["Sudden Insight", "Ironclad Paragon", "Brawl 6"],
                   "character": [{"name": "Runescribe Adept", "entered_turn": 1}]})
    for a in st.legal_actions():
        for name in ("Sudden Insight", "Ironclad Paragon"):
            if name in a.label:
                mp = GAME.pool[name].mp
                assert f"{mp:+d} MP" in a.label or f"({mp} MP)" in a.label or f"+{mp} MP" in a.label
                assert f"{mp:+d}" in card_numbers(pres, name, short=True)
    st2 = position({"mp": 5, "hand": ["Brawl 6"], "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]},
                   step="battle")
    label = next(a.label for a in st2.legal_actions() if a.id.startswith("attack:"))
    mp = GAME.pool["Brawl 6"].mp
    assert f"({mp:+d} MP)" in label and f"{mp:+d}" in card_numbers(pres, "Brawl 6", short=True)


# ------------------------------------------------------------------ lookahead copies (PR-K-7)
def test_a_lookahead_copy_does_not_name_the_opponents_real_hand():
    """P2 puts a Character into play from their hand: a copy determinized for P1 offers the
    Characters of P2's hand *in the copy*, never the real ones it did not deal there."""
    deck = ["T Scholar"] * 10 + ["Brawl 1"] * 10
    st = position({"character": ["Ironclad Paragon"]},
                  {"hand": ["T Hand Muster", "T Soldier", "Brawl 2", "Brawl 3"], "deck": deck},
                  game=TEST_GAME, active=1)
    st.apply(f"event:c{card(st, 'T Hand Muster', 'hand', 1)}")
    assert st.decision.kind == "put_into_play" and st.decision.player == 1
    names_seen = set()
    for seed in range(20):
        det = TEST_GAME.determinize(st, 0, Rng(seed))
        d = det.data
        hand_names = {d.cards[c].name for c in d.hand[1]}
        offered = {d.cards[a.args.card].name for a in det.legal_actions()}
        assert offered, "the opponent is choosing, so the copy offers at least one Character"
        assert offered <= hand_names
        for a in det.legal_actions():
            assert d.cards[a.args.card].name in a.label
            assert "T Soldier" not in a.label or "T Soldier" in hand_names
        names_seen |= offered
    assert "T Scholar" in names_seen  # resampled hands do show other Characters


def test_random_games_offer_no_dead_event():
    """Across random games, a played Event always does something (no 'no legal target')."""
    names = GAME.starter_deck_names()
    for seed in range(12):
        r = random.Random(seed)
        st = GAME.new_state([GAME.starter_deck(names[seed % 3]), GAME.starter_deck(names[(seed + 1) % 3])],
                            seed=seed)
        while not st.is_terminal() and st.actions_taken < 400:
            st.apply(r.choice(st.legal_actions()))
        events = {n for n in GAME.pool.names() if GAME.pool[n].type == "event"}
        assert not any(line.startswith(tuple(f"{e}: no " for e in events)) for line in st.log), seed
