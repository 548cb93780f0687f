"""The MetaX board in a terminal: the compact board keeps to its line budget at 80 and 140
columns in hundreds of random mid-game states, and shows what a player decides with: how close
each Character is to a TKO and an HP KO, each Battle Zone card's Stat and Rank, the real MP of
the cards in hand."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import metatcg
from metatcg.ui.terminal import terminal_ui
from support import metax as mx

GAME = metatcg.load_game("metax")
UI = terminal_ui(GAME)
BUDGETS = ((80, 12), (80, 10), (140, 22))


def render(view: dict, width: int, max_lines: int | None) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(UI.render_board(GAME, view, {1 - view["you"]: "bot"}, max_lines=max_lines, width=width))
    return console.export_text().rstrip("\n").split("\n")


def mid_game_states(seed: int, every: int = 2, limit: int = 400):
    """States of a random game between two starter decks, one every ``every`` actions."""
    names = GAME.starter_deck_names()
    r = random.Random(seed)
    decks = [GAME.starter_deck(names[seed % len(names)]), GAME.starter_deck(names[(seed // 3) % len(names)])]
    st = GAME.new_state(decks, seed=seed)
    while not st.is_terminal() and st.actions_taken < limit:
        st.apply(r.choice(st.legal_actions()))
        if st.actions_taken % every == 0 and not st.is_terminal():
            yield st


@pytest.mark.parametrize("seed", range(10))
def test_compact_board_keeps_to_its_budget(seed):
    checked = 0
    for st in mid_game_states(seed):
        for p in (st.current_player(), 1 - st.current_player()):
            view = st.view(p)
            for width, budget in BUDGETS:
                lines = render(view, width, budget)
                if len(lines) > budget:      # only your own side and hand, never cut, may run over
                    mine = next(i for i, x in enumerate(lines) if x.startswith(f"P{p + 1} "))
                    opp = lines[1:mine]
                    assert len([x for x in opp if x.lstrip().startswith("•")]) <= 2 * (len(view["players"]) - 1), \
                        (width, budget, "\n".join(lines))
                assert max(len(line) for line in lines) <= width, (width, "\n".join(lines))
            checked += 1
    assert checked >= 20  # 10 seeds: well over 200 states, both seats, every starter deck


def test_the_wide_board_uses_the_width():
    """At 140 columns the table and your hand stand side by side (the hand with card text)."""
    st = next(s for s in mid_game_states(4) if s.data.turn >= 6 and s.data.inplay[0] and s.data.hand[0])
    lines = render(st.view(0), 140, 22)
    assert any(line.startswith("P2") and "Your hand (" in line for line in lines), "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) > 100
    text = "\n".join(lines)
    hand = st.data.hand[0]
    with_text = [c for c in hand if GAME.pool[st.data.cards[c].name].text]
    if with_text:
        first_words = GAME.pool[st.data.cards[with_text[0]].name].text[:12]
        assert first_words in text


def position(p1: dict, p2: dict, step: str = "planning"):
    return mx.position(GAME, p1, p2, turn=3, active=0, first=0, step=step, seed=1, auto=False)


@pytest.mark.rule("MX-TKO-1", "MX-HPKO-1", "MX-MULTI-5")
def test_ko_distance_is_shown():
    # Ironclad Paragon: 3 Stat types, highest Rank 7; Brawl 2 attached: STR, value 2
    # -> two more colours (INT or SPE) for a TKO, 5 more Damage value for an HP KO
    # Velvet Broker: 2 Stat types, highest Rank 6; a STR/INT/SPE wildcard counts as any colour
    st = position({"character": [{"name": "Ironclad Paragon", "damage": ["Brawl 2"]}]},
                  {"character": [{"name": "Velvet Broker", "damage": ["Insight 1"]}]})
    for width, budget in ((80, 12), (140, 22)):
        text = "\n".join(render(st.view(0), width, budget))
        assert "Ironclad Paragon STR 7 INT 3 SPE 5 Prepped · TKO in 2 (INT/SPE) · HP 5 left" in text, text
        assert "Velvet Broker STR 4 INT 6 Prepped · TKO in 1 (STR/SPE) · HP 5 left" in text, text
    full = "\n".join(render(st.view(0), 200, None))  # wide enough that no line wraps
    assert "TKO in 2 (INT/SPE) · HP 5 left" in full and "Brawl 2 (STR 2)" in full


def test_battle_zone_shows_each_cards_stat_and_rank():
    st = position({"hand": ["Brawl 3"], "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]},
                  {"hand": ["Insight 2"], "character": ["Velvet Broker"]}, step="battle")
    para = st.data.inplay[0][0]
    st.apply(f"attack:c{para}/c{next(c for c in st.data.hand[0])}")
    st.apply("end_attacks")
    broker = st.data.inplay[1][0]
    st.apply(f"defend:c{broker}->c{para}")
    st.apply(f"with:c{st.data.hand[1][0]}")
    view = st.view(1)
    for width, budget in ((80, 12), (140, 22)):
        text = "\n".join(render(view, width, budget))
        assert "⚔ Ironclad Paragon: Brawl 3 (STR 3) → Velvet Broker: Insight 2 (INT 2)" in text, text


def test_team_attack_value_is_shown():
    st = mx.position(GAME, {"mp": 10, "hand": ["Brawl 4"], "character": [
        {"name": "Ironclad Paragon", "entered_turn": 1}, {"name": "Nightwatch Strategist", "entered_turn": 1}]},
        {"hand": ["Insight 2"], "character": ["Velvet Broker"]}, turn=3, active=0, first=0, step="battle",
        seed=1, auto=False)
    para, night = st.data.inplay[0]
    st.apply(f"attack:c{para}/c{st.data.hand[0][0]}")
    st.apply(f"link:c{night}")
    text80 = "\n".join(render(st.view(0), 80, 12))
    text140 = "\n".join(render(st.view(0), 140, 22))
    # Brawl 4 + Nightwatch Strategist's Strength 7 (MX-TEAM-9, MX-TEAM-14)
    assert "Brawl 4 (STR 4) + 1 Link (STR) = 11" in text80, text80
    assert "Brawl 4 (STR 4) + Nightwatch Strategist (STR), team value 11 → undefended" in text140, text140
    st.apply("end_attacks")
    broker = st.data.inplay[1][0]
    st.apply(f"defend:c{broker}->c{para}")
    st.apply(f"with:c{st.data.hand[1][0]}")
    # the defending value: Insight 2 + Velvet Broker's Intelligence 6 (MX-TEAM-15)
    text80 = "\n".join(render(st.view(1), 80, 12))
    assert "⚔ Ironclad Paragon: STR 4 + 1 Link (STR) = 11 → Velvet Broker: INT 2 = 8" in text80, text80
    text140 = "\n".join(render(st.view(1), 140, 22))
    assert "team value 11 → Velvet Broker: Insight 2 (INT 2), value 8" in text140, text140


def test_hand_entries_show_the_real_mp_and_numbers():
    st = position({"mp": 5, "hand": ["Sudden Insight", "Brawl 6", "Ironclad Paragon", "Brawl 6"]}, {})
    text = "\n".join(render(st.view(0), 80, 12))
    assert "Sudden Insight -2 MP" in text and "Brawl 6 ×2 STR6 -2" in text
    assert "Ironclad Paragon +2 STR7 INT3 SPE5" in text
    labels = [a.label for a in st.legal_actions()]
    assert "Play event Sudden Insight (-2 MP)" in labels and "Play Ironclad Paragon (+2 MP)" in labels
    wide = "\n".join(render(st.view(0), 140, 22))
    assert "Brawl 6 ×2 STR 6 -2 MP" in wide and "Sudden Insight -2 MP — Draw 2 cards." in wide


def test_a_long_hand_is_never_cut():
    """Issue 29 §3: your hand and your side stay whole; the opponent's Characters give way."""
    hand = ["Sudden Insight", "Brawl 1", "Brawl 2", "Brawl 3", "Insight 1", "Insight 2", "Insight 3",
            "Surge 1", "Surge 2", "Surge 3", "Ironclad Paragon", "Velvet Broker", "Marsh Wisp", "Ember Warden"]
    st = position({"hand": hand, "character": ["Ironclad Paragon", "Velvet Broker", "Marsh Wisp"]},
                  {"character": ["Ironclad Paragon", "Velvet Broker", "Marsh Wisp"]})
    lines = render(st.view(0), 80, 12)
    text = "\n".join(lines)
    hand_at = next(i for i, x in enumerate(lines) if x.startswith("Your hand"))
    assert all(name in "\n".join(lines[hand_at:]) for name in hand), text
    assert "more" not in "\n".join(lines[hand_at:]), text
    mine = next(i for i, x in enumerate(lines) if x.startswith("P1 "))
    assert "Marsh Wisp SPE 3" in "\n".join(lines[mine:hand_at]), text    # your Characters stay whole
    assert "more" in "\n".join(lines[:mine]), text                      # the opponent's give way


def test_copies_are_told_apart_on_the_board():
    st = position({"character": ["Ironclad Paragon", "Ironclad Paragon"]}, {"character": ["Ironclad Paragon"]})
    text = "\n".join(render(st.view(0), 80, 12))
    assert "Ironclad Paragon (1st)" in text and "Ironclad Paragon (2nd)" in text
    assert text.count("Ironclad Paragon STR") == 1  # the opponent's lone copy keeps its plain name


def test_full_board_and_render_view_still_show_everything():
    st = position({"hand": ["Sudden Insight"], "discard": ["Brawl 1"], "character": ["Ironclad Paragon"]},
                  {"discard": ["Insight 1"], "character": ["Velvet Broker"]})
    full = "\n".join(render(st.view(0), 200, None))
    for needle in ("Your hand (1)", "Sudden Insight — Event -2 MP — Draw 2 cards.", "Discard piles",
                   "Velvet Broker", "TKO in 3 · HP 7 left", "TKO in 2 · HP 6 left"):
        assert needle in full, (needle, full)
    console = Console(width=80, record=True, file=io.StringIO(), color_system=None)
    console.print(UI.render_view(GAME, st.view(0), ["P1 draws Sudden Insight"]))
    out = console.export_text()
    assert "what happened" in out and "P1 draws Sudden Insight" in out and "Your hand (1)" in out
