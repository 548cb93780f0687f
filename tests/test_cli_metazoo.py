"""The ``metatcg`` command line with the MetaZoo four-lane edition (game id ``metazoo``):
play (to the end and stopped by EOF), no hidden card on screen, deck check/list/show, cards,
simulate and replay."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import metatcg
from metatcg.bots import make_bot
from metatcg.cli.common import console, err_console
from metatcg.cli.render import card_details, card_summary, render_actions, render_view, ui_for
from support.cli import assert_clean, run

DECK_DIR = Path(metatcg.__file__).parent / "games" / "metazoo" / "decks"


@pytest.fixture(scope="module")
def metazoo():
    return metatcg.load_game("metazoo")


@pytest.fixture(autouse=True)
def screen_width(monkeypatch):
    """The CLI's consoles as on a 110-column terminal (a test may narrow them)."""
    monkeypatch.setattr(console, "width", 110)
    monkeypatch.setattr(err_console, "width", 110)


def render_text(game, view: dict, width: int = 110, new_log: list[str] | None = None) -> str:
    con = Console(record=True, width=width, file=io.StringIO())
    con.print(render_view(game, view, new_log, {1 - view["you"]: "bot"}))
    con.print(render_actions(view))
    return con.export_text()


# ------------------------------------------------------------------ hidden information
def hidden_names(game, state, me: int) -> set[str]:
    """Names of cards in the opponent's hand and deck that ``me``'s view never mentions."""
    view = state.view(me)
    public = json.dumps(view, ensure_ascii=False)
    ui = ui_for(game)
    named = [n for n in game.pool.names() if n in public]
    public += "\n".join(card_summary(game, n) + "\n" + ui.card_text(game, n, with_keywords=True) for n in named)
    d = state.data
    opp = 1 - me
    names = {d.cards[c].name for c in d.hand[opp]} | {d.cards[c].name for c in d.deck[opp]}
    return {n for n in names if n not in public}


def assert_no_leak(game, state, me: int, shown: str) -> int:
    flat = " ".join(shown.split())
    hidden = hidden_names(game, state, me)
    for name in hidden:
        assert name not in shown and name not in flat, f"{name!r} is hidden from P{me + 1} but was shown"
    return len(hidden)


def test_rendered_views_leak_nothing_over_whole_games(metazoo):
    """P1's screens in two bot games, wide (lanes side by side) and narrow (stacked) in turn:
    every other screen of the first game, every fourth of the second (rendering is the slow part)."""
    checked = 0
    for seed, decks, every in ((5, ["stonecaller", "skyward-flock"], 2), (6, ["tidal-grip", "storm-surge"], 4)):
        state = metazoo.new_state(decks, seed=seed)
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        seen = screens = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == 0:
                screens += 1
                if screens % every == 0:
                    view = state.view(0)
                    new = view["log"][seen:]
                    seen = len(view["log"])
                    width = 120 if (screens // every) % 2 else 76
                    checked += assert_no_leak(metazoo, state, 0, render_text(metazoo, view, width, new))
            state.apply(bots[p].choose(state.handle(p)).id)
    assert checked > 0


def test_play_screens_leak_nothing(metazoo, in_tmp):
    """What ``play`` prints before the first prompt (the opponent's opening hand is hidden)."""
    checked = 0
    for seed in range(4):
        r = run("play", "metazoo", "--vs", "random", "--seed", str(seed), "--deck", "storm-surge",
                "--opponent-deck", "hermit-cryptids", input="quit\n")
        assert_clean(r, 0, "Game stopped")
        state = metazoo.replay(json.loads((in_tmp / f"metatcg-metazoo-{seed}.record.json").read_text()))
        checked += assert_no_leak(metazoo, state, 0, r.output)
    assert checked > 0


# ------------------------------------------------------------------ play and replay
def test_play_against_random_bot_to_the_end_then_replay(metazoo, in_tmp):
    junk = "abc\n0\n99\n?1\n?x\ncard ilsa\ncard\ncard zzzqqq\nlog\nhelp\nboard\nhand\n\n"
    r = run("play", "metazoo", "--vs", "random", "--seed", "2", input=junk + "1\n" * 400)
    assert_clean(r, 0, "no option 99", "not understood", "?N needs an option number",
                 "Caster · Fire, allied Earth",                 # card ilsa: the Caster's panel
                 "no card matches 'zzzqqq'", "usage: card NAME",
                 "P1 (you)", "random bot", "Caster Ilsa, Ember Warden",
                 # the board a person needs
                 "Lane 1", "Lane 4", "Influence", "slots", "Aura zone", "Aura deck", "/30", "Priority",
                 "Round 1 · Action phase", "your action", "Your hand", "what happened")
    path = in_tmp / "metatcg-metazoo-2.record.json"
    assert path.exists() and path.name in r.output
    record = json.loads(path.read_text())
    assert record["game"] == "metazoo" and record["seed"] == 2
    state = metazoo.replay(record)
    assert state.is_terminal(), "400 picks of option 1 finish a game against the random bot"
    assert "Game over" in r.output and ("You win!" in r.output or "You lose" in r.output)
    assert "✓" in r.output                                       # resolved marks (compact board)
    r2 = run("replay", str(path))
    assert_clean(r2, 0, "MetaZoo", "Round 1", "Game over", state.reason)
    r3 = run("replay", str(path), "--step", input="\n\nc\n")
    assert_clean(r3, 0, "Game over")


def test_play_eof_saves_record_and_card_lookups(metazoo, tmp_path, monkeypatch):
    monkeypatch.setattr(console, "width", 80)        # a narrow terminal: the compact board, a lane per line
    save = tmp_path / "g.json"
    r = run("play", "metazoo", "--vs", "greedy", "--seed", "4", "--seat", "1", "--save", str(save),
            "--deck", "stonecaller", "--opponent-deck", str(DECK_DIR / "wildfire.txt"),
            input="card mossback\ncard Ilsa, Ember Warden\n1\n")
    assert_clean(r, 0, "Game stopped", "Stopped at", "P2 (you)", "greedy bot", "(cost/Influence)",
                 "Mossback Hollow", "Terra (Starter) · Earth",        # card NAME by prefix
                 "Caster Power")
    record = json.loads(save.read_text())
    assert record["decks"][1] == list(metazoo.starter_deck("stonecaller").cards)
    assert record["decks"][0] == list(metazoo.starter_deck("wildfire").cards)
    metazoo.replay(record)


def test_option_cards_show_the_named_card_or_the_lanes_terra(metazoo):
    state = metazoo.new_state(["ember-warden", "stonecaller"], seed=2)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    ui = ui_for(metazoo)
    while not (state.current_player() == 0 and state.view(0)["deciding"]["kind"] == "action"):
        p = state.current_player()
        state.apply(bots[p].choose(state.handle(p)).id)
    view = state.view(0)
    labels = [a["label"] for a in view["legal_actions"]]
    declare = next(lb for lb in labels if lb.startswith("Declare a mission in lane"))
    lane = int(declare.rsplit(" ", 1)[1])
    terra = view["lanes"][lane - 1]["terra"]
    assert ui.option_cards(metazoo, view, declare) == ([terra["name"]] if terra else [])
    play = next((lb for lb in labels if lb.startswith("Play ")), None)
    if play:
        assert ui.option_cards(metazoo, view, play)[0] in play


def test_board_shows_units_aura_and_casters(metazoo):
    """A built position: tapped and damaged units, Soar, Gigantic, Destruction, enhancing Aura,
    a razed lane, a resolved lane, a face-down Caster, temporary Aura owed, both MP."""
    spec = {"round": 3, "priority": 1, "active": 0, "player": [
        {"caster": "Ilsa, Ember Warden", "mp": 12, "hand": ["Cinder Fox", "Pyre Colossus", "Fire Lash"],
         "deck_size": 20, "aura": ["Fire Aura", {"name": "Fire Aura", "tapped": True},
                                   {"name": "Earth Aura", "tapped": True}], "aura_deck": 5},
        {"caster": "Bram, Stonecaller", "caster_state": "face_down", "mp": 27, "hand": ["Moss Golem", "Hodag"],
         "deck": ["Menhir Guardian"], "aura": ["Earth Aura"], "aura_deck": 3, "owed": 1}],
        "lane": [
            {"terra": "Cinder Flats", "p1_aura": ["Fire Aura", {"name": "Fire Aura", "tapped": True}],
             "p1": ["Cinder Fox", {"name": "Ash Wyvern", "tapped": True, "damage": 1, "give": 2}],
             "p2": ["Stone Sentinel"]},
            {"terra": "Mossback Hollow", "resolved": True, "p1": ["Pyre Colossus"], "p2": ["Tinder Satchel"]},
            {},
            {"terra": "Granite Terraces", "p2": [{"name": "Thornback Boar", "keywords": ["soar"]}]},
        ]}
    state = metazoo.position(spec)
    view = state.view(0)
    for width in (120, 100, 76):
        out = render_text(metazoo, view, width)
        for needle in ("Round 3 · Action phase", "P2 has Priority", "your action", "12/30", "27/30",
                       "face down (Shattered)", "in Caster zone", "untapped", "owes 1 temporary Aura",
                       "Fire 1/2", "Earth 0/1", "Aura deck 5", "Aura deck 3", "Hand 2",
                       "Cinder Flats (yours)", "Mossback Hollow (P2)", "razed (no Terra)", "✓ resolved",
                       "Ash Wyvern 7 (+2", "tapped", "1 damage", "Soar", "Gigantic(2)", "Destruction 2",
                       "+ Aura: 2 Fire", "You: 5 Influence", "P2: 3 Influence", "4/5",
                       "1/3", "Stone Sentinel 2", "Token", "Equipment",
                       "Your hand (3)", "Deal 3 damage", "Declare a mission in lane 3"):
            assert needle in out, (width, needle, out)
        if width < 88:                                   # stacked lanes: one line per unit / Aura
            for needle in ("+ Aura: 2 Fire (1 tapped)",
                           "Ash Wyvern 7 (+2 an effect, +1 Cinder Flats, +1 Ilsa, Ember Warden)",
                           "tapped · 1 damage · Soar · Aura enh.",
                           "You: 5 Influence · Soar · Destruction 2 · 4/5 slots",
                           "P2: 0 Influence · 1/5 slots · no creature: counts 0"):
                assert needle in out, (width, needle, out)
        assert "Moss Golem" not in out and "Hodag" not in out and "Menhir Guardian" not in out
    wide = render_text(metazoo, view, 120)
    assert "│ Lane 1 · open" in wide                             # side by side at 120 columns
    assert "│" not in render_text(metazoo, view, 76).split("Your hand")[0]   # stacked when narrow


# ------------------------------------------------------------------ cards and decks
def test_cards_search_type_and_details(metazoo):
    r = run("cards", "metazoo", "--search", "ziz")
    assert_clean(r, 0, "Ziz", "Creature · Air [Bird, Giant]", "cost 7 · Influence 8", "Gigantic (1)", "1 card")
    r = run("cards", "metazoo", "--type", "caster")
    assert_clean(r, 0, "Ilsa, Ember Warden", "Caster · Fire, allied Earth", "Bram, Stonecaller")
    assert "Cinder Fox" not in r.output
    r = run("cards", "metazoo", "--type", "water", "--search", "cryptid")       # Aura type and trait
    assert_clean(r, 0, "Ningen of the Ice Shelf")
    assert "Ilsa" not in r.output
    con = Console(record=True, width=100, file=io.StringIO())
    con.print(card_details(metazoo, "Cinder Fox"))                         # no printed text
    out = con.export_text()
    assert "Creature · Fire [Fox]" in out and "Cost 1 · Influence 2" in out and "Aura enhancement" in out


def test_deck_list_and_show(metazoo):
    r = run("deck", "list", "metazoo")
    assert_clean(r, 0, *metazoo.starter_deck_names(), "Ilsa, Ember Warden (Fire, allied Earth)")
    r = run("deck", "show", "metazoo", "ember-warden")
    assert_clean(r, 0, "1 Caster, 2 Starter Terras, 10 Aura, 50 main-deck cards", "Caster (1)",
                 "Starter Terras (2)", "Aura deck (10)", "Main deck (50)", "Terra (Starter) · Fire")
    assert "unknown" not in r.output and "[caster]" not in r.output
    r = run("deck", "show", "metazoo", "ember-warden", "--text")
    assert metazoo.parse_deck(r.output).cards == metazoo.starter_deck("ember-warden").cards


@pytest.mark.parametrize("name", ["ember-warden", "hermit-cryptids", "tidal-grip"])
def test_deck_check_starter_decks_are_legal(name):
    for args in (["--game", "metazoo"], []):                 # the game is also found from the card names
        r = run("deck", "check", str(DECK_DIR / f"{name}.txt"), *args)
        assert_clean(r, 0, "legal: 1 Caster, 2 Starter Terras, 10 Aura", "metazoo")


def broken(tmp_path: Path, name: str, **swaps: str) -> Path:
    text = (DECK_DIR / "ember-warden.txt").read_text()
    for old, new in swaps.values():
        assert old in text, old
        text = text.replace(old, new)
    f = tmp_path / name
    f.write_text(text)
    return f


def test_deck_check_broken_deck(tmp_path):
    f = broken(tmp_path, "broken.txt",
               caster=("[caster]\n1 Ilsa, Ember Warden\n", "[caster]\n"),
               aura=("10 Fire Aura", "9 Fire Aura"),
               copies=("3 Cinder Fox", "4 Cinder Fox"),
               typo=("3 Fire Lash", "3 Fire Lsh"))
    r = run("deck", "check", str(f), "--game", "metazoo")
    assert_clean(r, 1, "illegal:", "rules of metazoo",
                 "exactly 1 Caster", "has 0", "MZL-DECK-1",                            # missing Caster
                 "exactly 10 Aura", "has 9", "MZL-DECK-13",                            # 9 Aura
                 "4 copies of 'Cinder Fox'", "MZL-DECK-6",                             # 4 copies
                 "unknown card 'Fire Lsh'", "did you mean 'Fire Lash'")               # typo
    # an off-type card (a Water creature under a Fire/Earth Caster); the Caster is needed to judge it
    f = broken(tmp_path, "offtype.txt", off=("3 Cinder Fox", "2 Cinder Fox\n1 Kappa"))
    r = run("deck", "check", str(f), "--game", "metazoo")
    assert_clean(r, 1, "'Kappa' is a Water card", "Fire or Earth", "MZL-DECK-4")
    r = run("play", "metazoo", "--deck", str(f), "--seed", "1")
    assert_clean(r, 2, "not legal", "Kappa")


def test_deck_check_malformed_section(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("[caster]\n1 Ilsa, Ember Warden\n[aura\n10 Fire Aura\n")
    assert_clean(run("deck", "check", str(f), "--game", "metazoo"), 1, "illegal:", "line 3")


# ------------------------------------------------------------------ simulate
def test_simulate_three_games_json(tmp_path):
    out = tmp_path / "summary.json"
    r = run("simulate", "metazoo", "--decks", "ember-warden", "stonecaller", "--bots", "greedy", "random",
            "--games", "3", "--seed", "5", "--json", str(out))
    assert_clean(r, 0, "ember-warden", "stonecaller", "Win rate", "95% CI", "First player", "Rounds",
                 "Actions", "games/s")
    assert "Turns" not in r.output
    data = json.loads(out.read_text())
    assert data["game"] == "metazoo" and data["games"] == 3 and data["turns_unit"] == "rounds"
    assert data["decks"] == ["ember-warden", "stonecaller"] and data["bots"] == ["greedy", "random"]
    assert sum(data["wins"]) + data["draws"] == 3
    assert [g["seed"] for g in data["results"]] == [5, 6, 7]
    assert all(g["turns"] >= 1 for g in data["results"])
