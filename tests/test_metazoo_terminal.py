"""The MetaZoo board in a terminal: the compact board of ``play`` fits its line budget at 80
and 140 columns in any state a game reaches, and the boards show where Influence changes come
from and what cards really cost."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import metatcg
from metatcg.ui.terminal import terminal_ui

GAME = metatcg.load_game("metazoo")
UI = terminal_ui(GAME)
SIZES = ((80, 12), (140, 22), (100, 10), (200, 30))   # (width, max_lines): ``play`` at 80×24, 140×45, ...


def rendered(view: dict, width: int, max_lines: int | None) -> list[str]:
    con = Console(width=width, record=True, file=io.StringIO())
    con.print(UI.render_board(GAME, view, max_lines=max_lines, width=width))
    return con.export_text().rstrip("\n").split("\n")


def sampled_views(seeds: range, per_game: int):
    """Views of mid-game states: random legal actions from every pairing of starter decks,
    each view for the player who decides (or P1 once it is over)."""
    names = GAME.starter_deck_names()
    for seed in seeds:
        rng = random.Random(seed)
        decks = [GAME.starter_deck(names[seed % len(names)]), GAME.starter_deck(names[(seed * 3 + 1) % len(names)])]
        st = GAME.new_state(decks, seed=seed)
        steps = sorted(rng.sample(range(1, 260), per_game))
        done = 0
        for step in steps:
            while done < step and not st.is_terminal():
                st.apply(rng.choice(st.legal_actions()))
                done += 1
            who = st.current_player() if not st.is_terminal() else done % 2
            yield st.view(who)
            if st.is_terminal():
                break


@pytest.fixture(scope="module")
def views() -> list[dict]:
    out = list(sampled_views(range(24), 12))
    assert len(out) >= 200
    return out


@pytest.mark.parametrize("width,max_lines", SIZES)
def test_compact_board_fits_its_budget(views, width, max_lines):
    for v in views:
        lines = rendered(v, width, max_lines)
        assert len(lines) <= max_lines, "\n".join(lines)
        assert max(len(ln) for ln in lines) <= width, "\n".join(lines)


def test_compact_board_shows_lanes_players_and_hand(views):
    for v in views[::10]:
        me = v["you"]
        text = "\n".join(rendered(v, 80, 12))
        assert f"{v['players'][me]['mp']}/30 MP" in text
        assert "Hand" in text
        for lane in v["lanes"]:
            assert any(line.startswith(f"{lane['lane']} ") for line in text.split("\n")), text


def test_wide_board_puts_lanes_side_by_side(views):
    v = next(v for v in views if v["phase"] == "action")
    lines = rendered(v, 140, 22)
    assert any(all(f"Lane {n}" in ln for n in range(1, 5)) for ln in lines), "\n".join(lines)


def test_a_long_hand_is_never_cut():
    """Issue 29 §3: a hand of thirty cards at 80 columns is shown whole (the board runs past
    its budget; the screen pages the options instead); the lanes give way."""
    v = next(v for v in sampled_views(range(3), 6) if v["phase"] == "action")
    me = v["you"]
    names = [n for n in GAME.pool.names() if GAME.pool[n].type == "creature"][:30]
    v["players"][me]["hand"] = [{"id": f"c{i}", "name": n, "cost": 2, "base_cost": 2} for i, n in enumerate(names)]
    lines = rendered(v, 80, 12)
    text = "\n".join(lines)
    at = next(i for i, x in enumerate(lines) if x.startswith("Hand 30"))
    hand_text = " ".join(x.strip() for x in lines[at:])
    assert "more" not in hand_text and all(n.split(",")[0][:12] in hand_text for n in names), text
    assert len(lines) <= 3 + 2 + 4 + (len(lines) - at) + 1, text     # header, players, a line a lane


# ------------------------------------------------------------------ focused positions
def vent_position():
    """P1 has Smoking Crater in lane 1 (Fire units played there cost 1 less), a Jackalope with
    its Kit in lane 2 (+1 while the Kit is there) given +2 more this round, and Cinder Fox in
    hand."""
    return GAME.position({
        "seed": 1, "options": {"auto_single": False},
        "player": [{"caster": "Ilsa, Ember Warden", "hand": ["Cinder Fox"], "deck_size": 10,
                    "aura": ["Fire Aura"] * 4},
                   {"caster": "Bram, Stonecaller", "deck_size": 10, "aura": ["Earth Aura"] * 2}],
        "lane": [{"terra": "Smoking Crater", "p2": ["Cinder Fox"]},
                 {"terra": "Redrock Canyon", "p1": [{"name": "Jackalope", "give": 2}, "Jackalope Kit"]},
                 {"terra": "Redrock Canyon"}, {"terra": "Redrock Canyon"}],
    })


def test_full_board_names_where_influence_comes_from():
    st = vent_position()
    v = st.view(0)
    jack = next(u for u in v["lanes"][1]["sides"][0]["units"] if u["name"] == "Jackalope")
    assert jack["influence"] == jack["base_influence"] + 3
    assert {"name": "Jackalope", "own": True, "amount": 1} in jack["influence_sources"]
    text = "\n".join(rendered(v, 80, None))   # stacked lanes: a unit per line
    assert "Jackalope 4 (+2 an effect, +1 own ability)" in text
    compact = "\n".join(rendered(v, 80, 12))
    assert "Jackalope 4+3" in compact


def test_hand_and_play_options_show_the_real_cost():
    st = vent_position()
    v = st.view(0)
    fox = next(c for c in v["players"][0]["hand"] if c["name"] == "Cinder Fox")
    assert (fox["cost"], fox["base_cost"]) == (GAME.pool["Cinder Fox"].cost - 1, GAME.pool["Cinder Fox"].cost)
    labels = [a.label for a in st.legal_actions() if a.label.startswith("Play Cinder Fox")]
    assert f"Play Cinder Fox to lane 1 (cost {fox['cost']})" in labels
    assert f"Play Cinder Fox to lane 2 (cost {fox['base_cost']})" in labels
    compact = "\n".join(rendered(v, 80, 12))
    assert f"Cinder Fox {fox['cost']} (was {fox['base_cost']})/2" in compact
    full = "\n".join(rendered(v, 110, None))
    assert f"{fox['cost']} (was {fox['base_cost']})" in full


def test_header_says_who_decides_and_which_mission_runs(views):
    """The first line names who must decide now and, during a mission, its lane."""
    missions = [v for v in views if v.get("mission_lane") and v.get("deciding")]
    assert missions
    for v in missions:
        head = rendered(v, 80, 12)[0]
        assert f"mission in lane {v['mission_lane']}" in head, head
    for v in views:
        if v.get("deciding") and not v.get("result"):
            head = rendered(v, 80, 12)[0]
            mine = v["deciding"]["player"] == v["you"]
            assert ("your action" in head or "you decide" in head) == mine, head
