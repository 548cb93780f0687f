"""``metatcg play`` as a person uses it: every game saved to a file of its own, resume, undo,
quit that asks, hot seat that hides the last screen, and every decision on one screen."""
from __future__ import annotations

import json
import re

import pytest

import metatcg
from metatcg.cli import play as play_mod
from metatcg.cli.common import console
from metatcg.cli.play import CLEAR_ALL
from metatcg.ui.prefs import SeatPrefs
from support.cli import assert_clean, options_in_turn, run

GAMES = ["metax", "metazoo", "metabaloids"]
PROMPTS = re.compile(r"P\d> |Enter: (?:more · q: )?(?:your decision|back) |press Enter when[^\n]*|Quit now\? \[y/N\] "
                     r"|Concede this game\? It counts as a loss\. \[y/N\] ")


def record_of(path):
    return json.loads(path.read_text())


# ------------------------------------------------------------------ saving
def test_a_second_game_never_overwrites_the_first(in_tmp):
    assert_clean(run("play", "metax", "--seed", "4", input="1\n"), 0, "metatcg-metax-4.record.json")
    first = (in_tmp / "metatcg-metax-4.record.json").read_text()
    r = run("play", "metax", "--seed", "4", input="2\n")
    assert_clean(r, 0, "metatcg-metax-4-2.record.json")
    assert (in_tmp / "metatcg-metax-4.record.json").read_text() == first
    assert record_of(in_tmp / "metatcg-metax-4.record.json")["actions"][0] == "mulligan"
    assert record_of(in_tmp / "metatcg-metax-4-2.record.json")["actions"][0] == "keep"


def test_an_explicit_save_path_is_not_overwritten_either(tmp_path):
    target = tmp_path / "mine.json"
    target.write_text("precious")
    assert_clean(run("play", "metax", "--seed", "1", "--save", str(target), input=""), 0, "Game saved to")
    assert target.read_text() == "precious"
    assert record_of(tmp_path / "mine-2.json")["seed"] == 1


def test_the_game_is_saved_after_every_decision(in_tmp, monkeypatch):
    """Even a hard stop (an exception between decisions) leaves the last decision on disk."""
    calls = []

    def stop_on_third(prompt: str) -> str:
        calls.append(prompt)
        if len(calls) == 3:
            raise SystemExit(9)                   # the process dies: no clean-up code runs
        return "1"

    monkeypatch.setattr(play_mod, "read_line", stop_on_third)
    r = run("play", "metax", "--seed", "2")
    assert r.exit_code == 9
    rec = record_of(in_tmp / "metatcg-metax-2.record.json")
    assert len(rec["actions"]) == 2 and rec["play"] == {
        "seat": 0, "vs": "greedy", "undos": 0, "prefs": {"0": SeatPrefs().to_json()}}
    metatcg.load_game("metax").replay(rec)


def test_ctrl_c_saves_and_says_how_to_continue(in_tmp, monkeypatch):
    answers = iter(["1", "1"])

    def keys(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(play_mod, "read_line", keys)
    r = run("play", "metazoo", "--seed", "3")
    assert_clean(r, 0, "Game stopped", "interrupted", "play --resume metatcg-metazoo-3.record.json")
    rec = record_of(in_tmp / "metatcg-metazoo-3.record.json")
    state = metatcg.load_game("metazoo").replay(rec)
    assert state.current_player() == 0 and not state.is_terminal()   # at P1's third decision


# ------------------------------------------------------------------ resume
@pytest.mark.parametrize("game_id", GAMES)
def test_resume_continues_the_same_game_in_a_new_file(game_id, in_tmp):
    r = run("play", game_id, "--seed", "6", "--seat", "1", input="1\n1\n1\n")
    assert_clean(r, 0, "Game stopped")
    saved = in_tmp / f"metatcg-{game_id}-6.record.json"
    before = record_of(saved)
    r = run("play", "--resume", str(saved), input=options_in_turn(6000))
    assert_clean(r, 0, "resumed", "Game over")
    after = record_of(in_tmp / f"metatcg-{game_id}-6-2.record.json")
    assert record_of(saved) == before                              # the earlier file is untouched
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert after["play"]["seat"] == 1
    assert metatcg.load_game(game_id).replay(after).is_terminal()


def test_resume_refuses_what_it_cannot_continue(in_tmp):
    run("play", "metax", "--seed", "8", "--vs", "random", input=options_in_turn(1500))
    done = in_tmp / "metatcg-metax-8.record.json"
    assert metatcg.load_game("metax").replay(record_of(done)).is_terminal()
    assert_clean(run("play", "--resume", str(done)), 2, "is over")
    assert_clean(run("play", "metazoo", "--resume", str(done)), 2, "is a metax game, not metazoo")
    assert_clean(run("play"), 2, "name a game")
    bad = in_tmp / "bad.json"
    rec = record_of(done)
    rec["play"] = {"seat": "one", "vs": "greedy"}
    bad.write_text(json.dumps(rec))
    assert_clean(run("play", "--resume", str(bad)), 2, "malformed saved game")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["bad.json", done.name]   # nothing new written


# ------------------------------------------------------------------ undo and quit
def test_undo_goes_back_to_your_previous_decision(in_tmp):
    run("play", "metax", "--seed", "5", input="2\n")                 # keep, then stop at decision 2
    at_second = record_of(in_tmp / "metatcg-metax-5.record.json")
    r = run("play", "metax", "--seed", "5", input="undo\n2\n1\nundo\n")
    assert_clean(r, 0, "nothing to undo", "back to your previous decision")
    undone = record_of(in_tmp / "metatcg-metax-5-2.record.json")
    assert undone["actions"] == at_second["actions"] and undone["play"]["undos"] == 1
    assert metatcg.load_game("metax").replay(undone).current_player() == 0


def test_undo_is_not_for_hot_seat(in_tmp):
    r = run("play", "metax", "--seed", "5", "--vs", "human", input="2\n\nundo\n")
    assert_clean(r, 0, "undo is for games against a bot")


def test_quit_asks_first(in_tmp):
    r = run("play", "metax", "--seed", "3", input="quit\nn\n1\nquit\ny\n")
    assert_clean(r, 0, "Quit now?", "Not quitting", "Game stopped", "P1 quit", "--resume")
    assert record_of(in_tmp / "metatcg-metax-3.record.json")["actions"][-1] != "keep"   # "1" was taken


# ------------------------------------------------------------------ hot seat
def test_concede_asks_first_and_ends_the_game_as_a_loss(in_tmp):
    r = run("play", "metax", "--seed", "3", input="concede\nn\nconcede\ny\n")
    assert_clean(r, 0, "counts as a loss", "Not conceding", "P1 concedes")
    rec = record_of(in_tmp / "metatcg-metax-3.record.json")
    assert rec["actions"][-1] == "concede:P1"
    assert metatcg.load_game("metax").replay(rec).returns() == [-1.0, 1.0]


def test_hot_seat_clears_screen_and_scrollback_between_players(in_tmp):
    console._force_terminal = True
    try:
        r = run("play", "metax", "--seed", "8", "--vs", "human", input="2\n\n2\n")
    finally:
        console._force_terminal = None
    assert r.exit_code == 0, r.output
    out = r.output
    i = out.index("Pass the screen to P1")
    assert out.rfind(CLEAR_ALL, 0, i) > out.index("P2>")          # P2's screen is wiped first...
    assert out.find(CLEAR_ALL, i) < out.index("P1>", i)            # ...and the pass prompt before P1's


def test_hot_seat_end_shows_no_private_log(in_tmp):
    r = run("play", "metax", "--seed", "8", "--vs", "human", input="2\n\n2\n")
    tail = r.output[r.output.rindex("P1>"):]
    assert "draws" not in tail                                     # nobody's draws after the last screen


# ------------------------------------------------------------------ one screen
def screens(output: str) -> list[str]:
    """The output cut at each prompt: what was on screen when the person was asked."""
    return PROMPTS.split(output)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
def test_a_whole_game_at_a_small_terminal_never_scrolls_a_screen_away(game_id, size, in_tmp):
    width, height = size
    r = run("play", game_id, "--seed", "11", input=options_in_turn(8000), width=width, height=height)
    assert_clean(r, 0, "Game over")
    parts = screens(r.output)
    assert len(parts) > 15
    for k, part in enumerate(parts[1:-1], 1):
        lines = part.split("\n")[1:]          # the first line ends the previous prompt; the last
        assert len(lines) <= height, (k, len(lines), part)     # is the one the prompt stands on
        assert all(len(x) <= width for x in lines), (k, part)


def test_what_happened_is_paged_when_it_does_not_fit(in_tmp):
    r = run("play", "metazoo", "--seed", "4", input="1\n" * 40, width=80, height=24)
    assert_clean(r, 0, "What happened since P1's last decision", "Enter: your decision")


def test_too_many_options_come_a_page_at_a_time(in_tmp):
    """A short screen cannot hold every option: 'more' shows the next page, any number works."""
    r = run("play", "metazoo", "--seed", "4", input="1\n" * 12 + "more\n" * 2 + "quit\ny\n", width=80, height=18)
    assert_clean(r, 0, "'more' shows the others")


@pytest.mark.rule("MZ22-TERRA-8", "MZ22-TERRA-9")
def test_a_person_picks_the_surroundings_from_a_list_with_the_derived_keys(monkeypatch, capsys):
    game = metatcg.load_game("metazoo-2022")
    answers = iter(["9", "x", "2"])
    monkeypatch.setattr(play_mod, "read_line", lambda prompt="": next(answers))
    chosen = play_mod.pick_options(game, 2, None)
    assert chosen == {"surroundings": "forest-cabin"}
    out = " ".join(capsys.readouterr().out.split())             # as read, whatever the wrapping
    assert "Where are the Casters?" in out and "the sky on turn 1: full moon, nighttime, stars" in out
    assert "_" not in out                                       # keys read as words
    assert "choose 1-" in out                                   # a bad answer asks again
    state = game.new_state(["embers", "grove"], seed=1, options=chosen)
    assert state.view(0)["surroundings"]["mode"] == "shared"
    given = {"surroundings": "city-rooftop"}
    assert play_mod.pick_options(game, 2, given) == given       # --option wins, nothing asked
    assert play_mod.pick_options(metatcg.load_game("metax"), 2, None) is None
