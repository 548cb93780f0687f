"""The Metabaloids front end: the compact board of ``play`` fits its line budget at 80 and 140
columns with 2, 3 and 4 seats in any state a game reaches; the boards show safe cards, the
battle's totals, lost counts (the score) and your own hand, never another seat's hidden cards;
every seat's view fits the typed view model; the glossary covers every phase and op."""
from __future__ import annotations

import io
import json
import random

import pytest
from pydantic import ValidationError
from rich.console import Console

import metatcg
from metatcg.games.metabaloids.present import KEYWORD_IDS, OP_IDS, TIMING_IDS
from metatcg.games.metabaloids.schema import Timing
from metatcg.ui import presentation_of
from metatcg.ui.terminal import terminal_ui
from support.cli import assert_clean, run

GAME = metatcg.load_game("metabaloids")
PRES = presentation_of(GAME)
UI = terminal_ui(GAME)
SIZES = ((80, 12), (140, 22), (100, 10), (200, 30))   # (width, max_lines): ``play`` at 80×24, 140×45, ...


def rendered(view: dict, width: int, max_lines: int | None, roles: dict | None = None) -> list[str]:
    con = Console(width=width, record=True, file=io.StringIO())
    con.print(UI.render_board(GAME, view, roles or {}, max_lines=max_lines, width=width))
    return con.export_text().rstrip("\n").split("\n")


def play(seats: int, seed: int, steps: int):
    """A seeded random game of ``seats`` starter decks after ``steps`` random actions (or its end)."""
    names = GAME.starter_deck_names()
    rng = random.Random(seed)
    st = GAME.new_state([names[(seed + 2 * i) % len(names)] for i in range(seats)], seed=seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def sampled(seeds: range, per_game: int):
    """(state data, view) pairs of mid-game states for 2, 3 and 4 seats, each view for the
    seat that decides (or a rotating seat once the game is over)."""
    for seed in seeds:
        seats = 2 + seed % 3
        rng = random.Random(seed)
        names = GAME.starter_deck_names()
        st = GAME.new_state([names[(seed + 2 * i) % len(names)] for i in range(seats)], seed=seed)
        done = 0
        for step in sorted(rng.sample(range(1, 400), per_game)):
            while done < step and not st.is_terminal():
                st.apply(rng.choice(st.legal_actions()))
                done += 1
            who = st.current_player() if not st.is_terminal() else done % seats
            yield st, st.view(who)
            if st.is_terminal():
                break


@pytest.fixture(scope="module")
def views() -> list[tuple]:
    out = [(st.data.clone(), v) for st, v in sampled(range(30), 10)]
    assert len(out) >= 200
    assert {len(v["players"]) for _, v in out} == {2, 3, 4}
    return out


# --------------------------------------------------------------------------- the compact board
@pytest.mark.parametrize("width,max_lines", SIZES)
def test_compact_board_fits_its_budget(views, width, max_lines):
    for _, v in views:
        lines = rendered(v, width, max_lines, {1: "greedy bot"})
        assert len(lines) <= max_lines, "\n".join(lines)
        assert max(len(ln) for ln in lines) <= width, "\n".join(lines)


def test_compact_board_fits_at_80_by_12_with_four_seats_in_battle(views):
    fours = [v for _, v in views if len(v["players"]) == 4 and v["battle"]]
    assert fours, "no 4-seat battle sampled"
    for v in fours:
        lines = rendered(v, 80, 12)
        assert len(lines) <= 12 and "⚔" in "\n".join(lines)


def test_every_seat_and_its_lost_count_is_on_the_compact_board(views):
    for _, v in views[::5]:
        text = "\n".join(rendered(v, 80, 12))
        for q, p in enumerate(v["players"]):
            assert f"P{q + 1}" in text, text
            assert f"lost {p['lost_count']}" in text or f"L{p['lost_count']}" in text, text


def test_safe_cards_are_marked(views):
    found = 0
    for _, v in views:
        me = v["you"]
        safe = [c for col in v["players"][me]["columns"] for c in col if c["safe"] and not c["marked"]]
        if not safe:
            continue
        found += 1
        text = "\n".join(rendered(v, 140, 22) + rendered(v, 140, None))
        assert "⟂" in text
        assert "⟂" + safe[0]["name"][:3] in text, text
    assert found, "no safe card sampled"


def test_the_battle_shows_both_cards_and_the_totals(views):
    found = 0
    for _, v in views:
        b = v["battle"]
        if not b or b["attack_total"] is None or b["attack_draw"] is None or b["defense_draw"] is None:
            continue
        found += 1
        text = "\n".join(rendered(v, 140, 22))
        assert f"= {b['attack_total']}" in text and f"= {b['defense_total']}" in text, text
        assert b["attacking_card"]["name"] in text and b["target_card"]["name"] in text
        assert f"draw {b['attack_draw']['cost']}" in text and f"draw {b['defense_draw']['cost']}" in text
        full = "\n".join(rendered(v, 120, None))
        assert b["attack_draw"]["name"] in full and b["defense_draw"]["name"] in full
    assert found, "no battle with its totals sampled"


def test_a_battle_before_the_draws_says_so():
    v = _with_battle(drawn=False)
    text = "\n".join(rendered(v, 80, 12))
    assert "draws to come" in text and "»" in text


def _with_battle(drawn: bool) -> dict:
    for _st, v in sampled(range(40), 30):
        b = v["battle"]
        if b and (b["attack_total"] is not None) == drawn:
            return v
    raise AssertionError("no battle sampled")


def test_your_hand_is_shown_and_others_hidden_cards_never(views):
    for data, v in views:
        me = v["you"]
        hand = v["players"][me]["hand"] or []
        text = "\n".join(rendered(v, 140, 22))
        full = "\n".join(rendered(v, 100, None))
        if hand:
            assert hand[0]["name"] in text, text
            assert all(c["name"] in full for c in hand)
        public = json.dumps({k: v[k] for k in v if k != "log"})
        for q in range(len(v["players"])):
            if q == me:
                continue
            for c in data.hand[q]:
                name = data.cards[c].name
                if name not in public:            # hidden, and no public card shares its name
                    assert name not in text and name not in full, (name, q)


def test_lost_counts_and_marks_on_the_full_board(views):
    _, v = views[len(views) // 2]
    text = "\n".join(rendered(v, 100, None, {1: "greedy bot"}))
    assert "Lost" in text and "fewest lost wins" in text
    for q, p in enumerate(v["players"]):
        assert f"P{q + 1}" in text and f"lost {p['lost_count']}" in text
    assert "Your hand" in text and "⟂ safe" in text


def test_setup_shows_the_deployment_points():
    st = play(3, 5, 4)
    v = st.view(st.current_player())
    assert v["phase"] == "setup" and v["setup"] is not None
    text = "\n".join(rendered(v, 80, 12))
    assert "Setup" in text and "/7" in text
    assert "Deployed" in "\n".join(rendered(v, 100, None))


def test_wide_board_puts_seats_side_by_side(views):
    v = next(v for _, v in views if len(v["players"]) == 4 and v["phase"] != "setup")
    lines = rendered(v, 140, 22)
    assert any(ln.count("lost ") >= 2 for ln in lines), "\n".join(lines)


def test_too_much_to_show_is_cut_visibly():
    v = next(v for _, v in sampled(range(10), 20) if len(v["players"]) == 4 and v["players"][v["you"]]["hand"]
             and len(v["players"][v["you"]]["hand"]) >= 5)
    lines = rendered(v, 80, 6)
    assert len(lines) <= 6 and "more" in "\n".join(lines)


def test_progress_and_hand():
    st = play(2, 3, 60)
    v = st.view(st.current_player())
    assert UI.progress(v).startswith(("turn", "setup"))
    assert [c["name"] for c in UI.hand(v)] == [c["name"] for c in v["players"][v["you"]]["hand"]]


# --------------------------------------------------------------------------- the view model
def test_every_seats_view_fits_the_view_model():
    model = PRES.view_model
    for seed in range(9):
        seats = 2 + seed % 3
        st = play(seats, seed, 0)
        rng = random.Random(seed)
        for _ in range(250):
            for q in range(seats):
                model.model_validate(st.view(q))
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions()))


def test_the_view_model_is_strict():
    st = play(2, 1, 30)
    v = st.view(0)
    bad = json.loads(json.dumps(v))
    bad["players"][0]["lost_count"] = "3"
    with pytest.raises(ValidationError):
        PRES.view_model.model_validate(bad)
    bad = json.loads(json.dumps(v))
    bad["surprise"] = 1
    with pytest.raises(ValidationError):
        PRES.view_model.model_validate(bad)


# --------------------------------------------------------------------------- presentation and glossary
def test_cards_are_worded():
    info = PRES.card("Sugar Mite")
    assert info.kind == "Creature · Common" and info.numbers.startswith("C1 · ATK ")
    promos = [n for n in PRES.card_names() if PRES.card_def(n).promo]
    assert promos and all("Promo" in PRES.card(n).kind for n in promos)
    with_abilities = [n for n in PRES.card_names() if PRES.card_def(n).abilities or PRES.card_def(n).is_event]
    assert all(PRES.card(n).text for n in with_abilities)


def test_rules_constants_come_from_the_engine():
    from metatcg.games.metabaloids.data import COLUMNS, HAND_SIZE, SETUP_POINTS
    from metatcg.games.metabaloids.deckcheck import MAX_CARDS, MAX_POINTS
    r = PRES.rules
    assert (r["hand_size"], r["setup_points"], r["grid_columns"]) == (HAND_SIZE, SETUP_POINTS, COLUMNS)
    assert (r["deck_max_cards"], r["deck_max_points"]) == (MAX_CARDS, MAX_POINTS)


def test_glossary_covers_every_phase_timing_and_op():
    from typing import get_args

    g = PRES.glossary()
    for phase in ("setup", "draw", "abilities", "move", "deploy", "attack", "restock", "end", "over"):
        t = g.topic_for(phase)
        assert t is not None and t.kind in ("phase", "win"), phase
    assert set(TIMING_IDS) == set(get_args(Timing))
    for k in (*TIMING_IDS, *OP_IDS):
        t = g.topic_for(KEYWORD_IDS[k])
        assert t is not None and t.kind == "keyword", k
    for term in ("safe", "reserve", "columns", "card losses", "penalties", "unfinished action", "lost pile",
                 "paying", "short game", "winning", "events"):
        assert g.lookup(term).matches, term


def test_cli_rules_metabaloids():
    assert_clean(run("rules", "metabaloids"), 0, "Metabaloids", "Attack Phase", "Safety")
    assert_clean(run("rules", "metabaloids", "short", "game"), 0, "short game")


def test_marks_on_a_hand_made_battle_view():
    """A view following docs/metabaloids.md by hand: four seats, a battle after the draws, a
    safe card, a used card and a seen hand card; every mark and total shows at 80×12."""
    def card(i: int, name: str, atk: int, df: int, **flags) -> dict:
        return {"id": f"c{i}", "name": name, "cost": 1, "attack": atk, "defense": df, "meta": 1,
                "safe": False, "marked": False, "used": False, **flags}

    def seat(q: int, columns: list, hand=None, **extra) -> dict:
        return {"seat": q, "hand_count": len(hand) if hand is not None else 5, "hand": hand, "hand_seen": [],
                "reshuffled": [], "draw_count": 20, "draw_top": None, "discard": [card(90 + q, "Ash Hob", 1, 1)],
                "lost_count": 3 * q, "lost": [], "reserve": [], "events": [], "columns": columns, **extra}

    atk = card(1, "Hearth Drake", 3, 1, marked=True)
    tgt = card(2, "Peat Kobold", 0, 2, marked=True)
    view = {
        "game": "metabaloids", "you": 0, "seats": 4, "turn": 6, "active": 0, "first": 1, "phase": "attack",
        "short_game": False, "setup": None, "attacked": [2],
        "battle": {"attacker": 0, "defender": 2, "attack_column": 0, "defense_column": 1,
                   "attacking_card": atk, "target_card": tgt,
                   "attack_draw": card(20, "Sugar Mite", 1, 0), "defense_draw": card(21, "Glucose Grub", 0, 1),
                   "attack_total": 7, "defense_total": 5, "attack_bonus": 2, "defense_bonus": 0},
        "players": [
            seat(0, [[atk, card(3, "Ember Newt", 3, 1, used=True)], [], []],
                 hand=[card(30, "Elder Jotun", 4, 6)]),
            seat(1, [[card(4, "Sugar Mite", 1, 0, safe=True)], [], []],
                 hand_seen=[card(31, "Scavenge", 0, 0)]),
            seat(2, [[], [tgt, card(5, "Starch Beetle", 1, 2)], []]),
            seat(3, [[], [], [card(6, "Storm Roc", 4, 3)]], reserve=[card(7, "Brine Hag", 1, 2)]),
        ],
        "deciding": {"player": 0, "kind": "lose", "prompt": "lose"}, "legal_actions": [], "result": None, "log": [],
    }
    PRES.view_model.model_validate(view)
    lines = rendered(view, 80, 12)
    text = "\n".join(lines)
    assert len(lines) <= 12 and max(len(ln) for ln in lines) <= 80, text
    assert "»Hearth Drake" in text and "»Peat Kobold" in text
    assert "ATK 6 + draw 1 + bonus 2 = 7" in text, text      # 3 + 3 in the column
    assert "DEF 4 + draw 1 = 5" in text, text                   # 2 + 2 in the column
    assert "⟂" in text and "✓" in text
    assert "Elder Jotun" in text                                # your hand
    assert "L3" in text or "lost 3" in text
    wide = "\n".join(rendered(view, 140, 22))
    assert "Sugar Mite" in wide and "Glucose Grub" in wide      # the drawn cards, named
    assert "seen: Scavenge" in wide and "Brine Hag" in wide
