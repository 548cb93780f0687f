"""The ``metatcg`` command line: every command's happy path and clear errors on bad input."""
from __future__ import annotations

import io
import json
import sys
import types
from pathlib import Path

import pytest
from rich.console import Console

import metatcg
from metatcg.bots import make_bot
from metatcg.cli.render import card_summary, find_cards, names_in, render_actions, render_view
from support.cli import assert_clean as assert_clean_error  # non-zero exit, the message, no traceback
from support.cli import options_in_turn, run

DECK_DIR = Path(metatcg.__file__).parent / "games" / "metax" / "decks"


# ------------------------------------------------------------------ listing commands
def test_games_lists_ids_and_titles():
    r = run("games")
    assert r.exit_code == 0, r.output
    assert "metax" in r.output and "MetaX TCG" in r.output


def test_cards_table_and_search(metax):
    r = run("cards", "metax")
    assert r.exit_code == 0, r.output
    assert "Ironclad Paragon" in r.output and "Brawl 1" in r.output
    r = run("cards", "metax", "--search", "SENTINEL")       # case-insensitive, name or text
    assert r.exit_code == 0, r.output
    assert "Bastion Golem" in r.output and "Brawl 1" not in r.output
    r = run("cards", "metax", "--search", "vanguard")       # trait
    assert "Ironclad Paragon" in r.output and "Velvet Broker" not in r.output
    r = run("cards", "metax", "--search", "no-such-card-text")
    assert r.exit_code == 0 and "no metax card matches" in r.output


def test_deck_list_and_show(metax):
    r = run("deck", "list", "metax")
    assert r.exit_code == 0, r.output
    for name in metax.starter_deck_names():
        assert name in r.output
    assert "Vanguard Blitz" in r.output                        # the description line
    r = run("deck", "show", "metax", "aggro")
    assert r.exit_code == 0, r.output
    assert "Ironclad Paragon" in r.output and "40 cards" in r.output
    r = run("deck", "show", "metax", "aggro", "--text")
    assert metax.parse_deck(r.output).cards == metax.starter_deck("aggro").cards


def test_deck_check_legal():
    r = run("deck", "check", str(DECK_DIR / "aggro.txt"), "--game", "metax")
    assert r.exit_code == 0, r.output
    assert "legal: 40 cards" in r.output


# ------------------------------------------------------------------ bad inputs
def test_deck_check_unknown_card_suggests(tmp_path):
    text = (DECK_DIR / "aggro.txt").read_text().replace("Ember Warden", "Ember Wardn")
    f = tmp_path / "typo.txt"
    f.write_text(text)
    r = run("deck", "check", str(f), "--game", "metax")
    assert_clean_error(r, 1, "unknown card 'Ember Wardn'", "did you mean 'Ember Warden'")


def test_deck_check_41_cards(tmp_path):
    f = tmp_path / "big.txt"
    f.write_text((DECK_DIR / "aggro.txt").read_text() + "1 Brawl 1\n")
    r = run("deck", "check", str(f), "--game", "metax")
    assert_clean_error(r, 1, "exactly 40 cards", "has 41", "MX-DECK-1")


def test_deck_check_malformed_line_and_missing_file(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("3 Brawl 2\nthree Brawl 4\n")
    assert_clean_error(run("deck", "check", str(f)), 1, "line 2")
    assert_clean_error(run("deck", "check", str(tmp_path / "nope.txt")), 2, "error:", "nope.txt")


def test_unknown_game_everywhere():
    for args in (["cards", "chess"], ["deck", "list", "chess"], ["play", "chess"],
                 ["simulate", "chess", "--games", "1"],
                 ["deck", "check", str(DECK_DIR / "aggro.txt"), "--game", "chess"]):
        assert_clean_error(run(*args), 2, "error:", "unknown game 'chess'", "metax")


def test_unknown_deck_and_bot():
    assert_clean_error(run("play", "metax", "--deck", "nosuch"), 2, "error:", "nosuch", "aggro")
    assert_clean_error(run("deck", "show", "metax", "nosuch"), 2, "error:", "nosuch")
    assert_clean_error(run("simulate", "metax", "--decks", "aggro", "nosuch", "--games", "1"), 2, "nosuch")
    assert_clean_error(run("simulate", "metax", "--bots", "greedy", "clever", "--games", "1"), 2,
                       "unknown bot 'clever'")
    assert_clean_error(run("play", "metax", "--vs", "clever"), 2, "unknown opponent 'clever'")


def test_play_with_illegal_deck_file(tmp_path):
    f = tmp_path / "typo.txt"
    f.write_text((DECK_DIR / "aggro.txt").read_text().replace("Tailwind", "Tailwnd"))
    assert_clean_error(run("play", "metax", "--deck", str(f), "--seed", "1"), 2,
                       "not legal", "did you mean 'Tailwind'")


def test_replay_bad_records(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "metatcg-record/1", "game": "metax", "decks": [')
    assert_clean_error(run("replay", str(bad)), 2, "error:", "malformed JSON")
    other = tmp_path / "other.json"
    other.write_text("[1, 2, 3]")
    assert_clean_error(run("replay", str(other)), 2, "not a metatcg game record")
    missing = tmp_path / "missing.json"
    assert_clean_error(run("replay", str(missing)), 2, "error:", "missing.json")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "metatcg-record/1", "game": "metax", "decks": [["x"], ["y"]],
                                 "seed": 1, "actions": []}))
    assert_clean_error(run("replay", str(wrong)), 2, "error:", "unknown card 'x'")
    chess = tmp_path / "chess.json"
    chess.write_text(json.dumps({"format": "metatcg-record/1", "game": "chess"}))
    assert_clean_error(run("replay", str(chess)), 2, "unknown game 'chess'")


def test_replay_record_with_an_illegal_action(metax, tmp_path):
    s = metax.new_state(["aggro", "control"], seed=2)
    rec = s.record()
    rec["actions"] = ["no-such-action"]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec))
    assert_clean_error(run("replay", str(f)), 2, "does not replay", "no-such-action")


# ------------------------------------------------------------------ simulate
def test_simulate_json(tmp_path):
    out = tmp_path / "summary.json"
    r = run("simulate", "metax", "--decks", "aggro", "control", "--bots", "greedy", "random",
            "--games", "4", "--seed", "11", "--json", str(out))
    assert r.exit_code == 0, r.output
    for needle in ("Seat", "P1", "P2", "aggro", "control", "greedy", "random", "Win rate", "95% CI",
                   "Mean return", "First player wins", "First player edge", "Turns", "Actions", "games/s"):
        assert needle in r.output, needle
    data = json.loads(out.read_text())
    assert data["game"] == "metax" and data["games"] == 4 and data["seats"] == 2
    assert data["decks"] == ["aggro", "control"] and data["bots"] == ["greedy", "random"]
    assert sum(data["wins"]) + data["draws"] == 4 and len(data["mean_return"]) == 2
    assert [g["seed"] for g in data["results"]] == [11, 12, 13, 14]
    for lo, hi in data["win_ci95"]:
        assert 0.0 <= lo <= hi <= 1.0
    assert data["first_player_expected"] == 0.5 and data["first_player_games"] <= 4


def test_simulate_one_bot_for_every_seat(tmp_path):
    out = tmp_path / "s.json"
    r = run("simulate", "metax", "--bots", "random", "--games", "2", "--json", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["bots"] == ["random", "random"] and len(data["decks"]) == 2


def test_simulate_seat_count_errors():
    r = run("simulate", "metax", "--decks", "aggro", "control", "aggro", "--games", "1")
    assert_clean_error(r, 2, "metax is played by 2 players", "not 3")
    assert len([ln for ln in r.output.splitlines() if ln.strip()]) == 1, r.output
    assert_clean_error(run("simulate", "metax", "--decks", "aggro", "control", "--bots", "random", "greedy",
                           "random", "--games", "1"), 2, "one bot per seat (2)", "not 3")
    assert_clean_error(run("simulate", "metax", "--decks", "--games", "1"), 2, "--decks", "one value per seat")


def test_simulate_workers_match_sequential(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("simulate", "metax", "--games", "4", "--seed", "3", "--bots", "random", "random",
               "--json", str(a)).exit_code == 0
    r = run("simulate", "metax", "--games", "4", "--seed", "3", "--bots", "random", "random",
            "--json", str(b), "--workers", "2")
    assert r.exit_code == 0, r.output
    assert json.loads(a.read_text())["results"] == json.loads(b.read_text())["results"]


# ------------------------------------------------------------------ play and replay
def test_play_against_random_bot_then_replay(metax, in_tmp):
    junk = "abc\n0\n99\n?1\n?x\ncard brawl\ncard\ncard zzzqqq\nlog\nhelp\nboard\nhand\n\n"
    r = run("play", "metax", "--vs", "random", "--seed", "3", input=junk + options_in_turn(1000))
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert "no option 99" in r.output and "not understood" in r.output
    assert "Brawl 1" in r.output                                  # card NAME by prefix
    assert "P1 (you)" in r.output and "random bot" in r.output
    path = in_tmp / "metatcg-metax-3.record.json"
    assert path.exists(), r.output
    assert str(path.name) in r.output
    record = json.loads(path.read_text())
    assert record["seed"] == 3 and record["game"] == "metax"
    state = metax.replay(record)
    assert state.is_terminal(), "400 picks of option 1 should finish a game against the random bot"
    if state.is_terminal():
        assert "Game over" in r.output
    r2 = run("replay", str(path))
    assert r2.exit_code == 0, r2.output
    assert "Coin flip" in r2.output
    assert ("Game over" in r2.output) == state.is_terminal()
    r3 = run("replay", str(path), "--step", input="\n\nc\n")
    assert r3.exit_code == 0, r3.output
    assert ("Game over" in r3.output) == state.is_terminal()


def test_play_eof_saves_record(metax, tmp_path):
    save = tmp_path / "g.json"
    r = run("play", "metax", "--vs", "greedy", "--seed", "4", "--seat", "1", "--save", str(save),
            "--deck", "midrange", "--opponent-deck", str(DECK_DIR / "control.txt"), input="1\n2\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert "Game stopped" in r.output and "P2 (you)" in r.output
    record = json.loads(save.read_text())
    assert record["decks"][1] == list(metax.starter_deck("midrange").cards)
    assert record["decks"][0] == list(metax.starter_deck("control").cards)
    metax.replay(record)


def test_play_seat_errors():
    assert_clean_error(run("play", "metax", "--seats", "3"), 2, "metax is played by 2 players, not 3")
    assert_clean_error(run("play", "metax", "--seat", "2"), 2, "--seat must be", "0-1", "not 2")


MANY_SEATS = [gid for gid in metatcg.game_ids() if max(metatcg.load_game(gid).seat_counts) > 2]


@pytest.mark.parametrize("game_id", MANY_SEATS)
def test_play_with_bots_in_every_other_seat(game_id, in_tmp):
    """``--seats N``: the person sits in one seat, bots of the ``--vs`` kind in all others."""
    game = metatcg.load_game(game_id)
    n = max(game.seat_counts)
    r = run("play", game_id, "--seats", str(n), "--seat", "1", "--vs", "random", "--seed", "5",
            input=options_in_turn(900))
    assert r.exit_code == 0, r.output
    assert "P2 (you)" in r.output
    for p in range(n):
        if p != 1:
            assert f"P{p + 1} (random bot)" in r.output
    record = json.loads((in_tmp / f"metatcg-{game.id}-5.record.json").read_text())
    assert len(record["decks"]) == n


def test_play_quit(in_tmp):
    r = run("play", "metax", "--vs", "random", "--seed", "9", input="quit\n")
    assert r.exit_code == 0, r.output
    assert "quit" in r.output and (in_tmp / "metatcg-metax-9.record.json").exists()


def test_hot_seat_passes_the_screen(metax, tmp_path):
    save = tmp_path / "hs.json"
    r = run("play", "metax", "--vs", "human", "--seed", "8", "--save", str(save), input="2\n\n2\n" + "1\n" * 10)
    assert r.exit_code == 0, r.output
    assert "Pass the screen to P1" in r.output
    rec = json.loads(save.read_text())
    assert rec["actions"][:2] == ["keep", "keep"]


def test_screen_never_shows_the_opponents_hidden_hand(metax, in_tmp):
    """What the CLI prints before the first prompt matches the state: no hidden card name leaks."""
    checked = 0
    for seed in range(6):
        r = run("play", "metax", "--vs", "random", "--seed", str(seed), input="quit\n")
        assert r.exit_code == 0, r.output
        state = metax.replay(json.loads((in_tmp / f"metatcg-metax-{seed}.record.json").read_text()))
        checked += _assert_no_leak(metax, state, 0, r.output)
    assert checked > 0


def _assert_no_leak(game, state, me: int, shown: str) -> int:
    """Hidden names (the opponent's hand) that the view never mentions must not be shown."""
    view = state.view(me)
    public = json.dumps(view, ensure_ascii=False)
    public += "\n".join(card_summary(game, n) for n in game.pool.names() if n in public)
    hidden = {state.data.cards[c].name for c in state.data.hand[1 - me]}
    hidden |= {state.data.cards[c].name for c in state.data.deck[1 - me]}
    count = 0
    for name in hidden:
        if name not in public:
            assert name not in shown, f"{name!r} is hidden from P{me + 1} but was shown"
            count += 1
    return count


def test_rendered_views_leak_nothing_over_a_whole_game(metax):
    state = metax.new_state(["control", "aggro"], seed=21)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    checked = 0
    while not state.is_terminal():
        p = state.current_player()
        if p == 0:
            view = state.view(0)
            con = Console(record=True, width=120, file=io.StringIO())
            con.print(render_view(metax, view, view["log"], {1: "bot"}))
            con.print(render_actions(view))
            checked += _assert_no_leak(metax, state, 0, con.export_text())
        state.apply(bots[p].choose(state.handle(p)).id)
    assert checked > 0


def test_card_lookup_helpers(metax):
    assert find_cards(metax, "ironclad")[0] == ["Ironclad Paragon"]
    assert find_cards(metax, "brawl 1")[0] == ["Brawl 1"]               # exact beats prefix
    matches, suggestions = find_cards(metax, "Ironclod Paragon")
    assert matches == [] and suggestions[0] == "Ironclad Paragon"
    assert names_in(metax, "Attack with Ember Warden using Brawl 4 (+0 MP)") == ["Ember Warden", "Brawl 4"]


# ------------------------------------------------------------------ scenario
def test_scenario_run_with_a_stand_in_module(monkeypatch, tmp_path):
    class Result:
        def __init__(self, name, ok):
            self.name, self.ok = name, ok

        def report(self):
            return "expected P1 VP 2, got 1"

    def run_file(path):
        p = Path(path)
        if p.stem == "broken":
            raise metatcg.MetatcgError(f"{p.name}: line 3: unknown card 'Zzz'")
        return Result(p.stem, p.stem.startswith("good"))

    fake = types.ModuleType("metatcg.scenario")
    fake.run_file = run_file
    monkeypatch.setitem(sys.modules, "metatcg.scenario", fake)
    good, bad, broken = (tmp_path / f"{n}.toml" for n in ("good", "bad", "broken"))
    r = run("scenario", "run", str(good))
    assert r.exit_code == 0 and "PASS" in r.output
    r = run("scenario", "run", str(good), str(bad))
    assert_clean_error(r, 1, "PASS", "FAIL", "expected P1 VP 2, got 1", "1/2 passed")
    r = run("scenario", "run", str(good), str(broken))
    assert_clean_error(r, 2, "ERROR", "unknown card 'Zzz'")


def test_scenario_run_without_the_module(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "metatcg.scenario", None)   # import fails as if missing
    assert_clean_error(run("scenario", "run", str(tmp_path / "x.toml")), 2, "error:", "metatcg.scenario")


def test_scenario_run_real_module(tmp_path):
    scenario = pytest.importorskip("metatcg.scenario")
    assert hasattr(scenario, "run_file")
    r = run("scenario", "run", str(tmp_path / "missing.toml"))
    assert r.exit_code in (1, 2) and "Traceback" not in r.output and "missing.toml" in r.output
    real = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))
    if real:
        r = run("scenario", "run", str(real[0]))
        assert r.exit_code in (0, 1) and "Traceback" not in r.output, r.output
        assert ("PASS" in r.output) == (r.exit_code == 0) and real[0].name in r.output
