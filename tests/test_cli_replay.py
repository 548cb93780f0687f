"""``metatcg replay``: the whole log through a judge's or a seat's eyes, and ``--step``, the
board at each step, forward, back and by number, without showing a seat what it may not see."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import metatcg
from metatcg.cli.main import app
from metatcg.cli.render import card_summary, pool_names, ui_for

runner = CliRunner()
PROMPT = re.compile(r"step \d+/\d+ — Enter next[^\n]*?q stop: ")
GAMES = ["metax", "metazoo"]


def replay(*args: str, input: str | None = None):
    result = runner.invoke(app, ["replay", *args], input=input, env={"COLUMNS": "80", "LINES": "40"})
    assert "Traceback" not in result.output
    return result


def flat(text: str) -> str:
    """Rich wraps long lines at 80 columns: compare text with whitespace runs as one space."""
    return " ".join(text.split())


def screens(output: str) -> list[str]:
    """The output cut at each prompt: [title + step 0, the screen after answer 1, ...]."""
    return PROMPT.split(output)


def random_game(game_id: str, seed: int):
    game = metatcg.load_game(game_id)
    decks = [game.starter_deck(n) for n in game.starter_deck_names()[:2]]
    state = game.new_state(decks, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.fixture(scope="module", params=GAMES)
def played(request, tmp_path_factory):
    """(game, final state, record file) of a finished seeded random game."""
    game, state = random_game(request.param, seed=4)
    path = Path(tmp_path_factory.mktemp(request.param)) / "game.record.json"
    path.write_text(json.dumps(state.record()))
    return game, state, path


def positions(game, state):
    record = state.record()
    return [game.replay(record, upto=i) for i in range(len(record["actions"]) + 1)]


def hand_names(game, state, seat: int) -> list[str]:
    return [c["name"] for c in ui_for(game).hand(state.view(seat))]


# ------------------------------------------------------------------ whole log
def test_whole_log_judge_by_default_seat_on_request(played):
    game, state, path = played
    judge = replay(str(path))
    assert judge.exit_code == 0, judge.output
    assert "judge's view" in judge.output and "Result" in judge.output
    private = [line for line in state.log if line not in state.log_for(0)]
    assert private, "a seat's log must miss some judge lines (the other seat's draws)"
    seat = replay(str(path), "--seat", "0")
    assert seat.exit_code == 0, seat.output
    assert "as P1 sees it" in seat.output and "seed" not in seat.output
    for line in private:
        assert flat(line) in flat(judge.output)
        assert flat(line) not in flat(seat.output)
    for line in state.log_for(0):
        assert flat(line) in flat(seat.output)


def test_seat_out_of_range_and_player_records(played, tmp_path):
    _game, state, path = played
    r = replay(str(path), "--seat", "2")
    assert r.exit_code == 2 and "--seat must be a seat of the table, 0-1, not 2" in flat(r.output)
    own = tmp_path / "mine.json"
    own.write_text(json.dumps(state.record_for(1)))
    for args in ([str(own)], [str(own), "--step"]):
        r = replay(*args)
        assert r.exit_code == 2, r.output
        assert "P2's own record" in flat(r.output) and "cannot be rebuilt" in flat(r.output)


# ------------------------------------------------------------------ --step
def test_step_forward_shows_each_step_with_its_log(played):
    game, state, path = played
    states = positions(game, state)
    r = replay(str(path), "--step", input="\n\n\nq\n")
    assert r.exit_code == 0, r.output
    parts = screens(r.output)
    assert len(parts) == 5                          # title+step 0, steps 1-3, the stop line
    n = len(states) - 1
    for i in range(4):
        assert f"step {i}/{n}" in parts[i]
        for name in hand_names(game, states[i], 0) + hand_names(game, states[i], 1):
            assert flat(name) in flat(parts[i])     # the judge sees every hand
    for i in (1, 2, 3):                             # the lines step i added, and no later ones
        new = states[i].log[len(states[i - 1].log):]
        for line in new:
            assert flat(line) in flat(parts[i])
    assert "stopped at step 3 of" in parts[4] and "Result" not in r.output


def test_back_shows_the_previous_board_again(played):
    _game, _state, path = played
    there_and_back = screens(replay(str(path), "--step", input="n\nn\nb\nq\n").output)
    forward = screens(replay(str(path), "--step", input="n\nq\n").output)
    assert there_and_back[3] == forward[1] == there_and_back[1]
    assert there_and_back[2] != there_and_back[1]
    at_start = screens(replay(str(path), "--step", input="b\nq\n").output)
    assert "already at the start" in at_start[1] and "stopped at step 0" in at_start[2]


def test_jump_to_a_step_and_bad_numbers(played):
    _game, state, path = played
    n = len(state.history)
    jumped = screens(replay(str(path), "--step", input="7\nq\n").output)
    walked = screens(replay(str(path), "--step", input="\n" * 7 + "q\n").output)
    assert jumped[1] == walked[7] and f"step 7/{n}" in jumped[1]
    r = replay(str(path), "--step", input=f"3\n{n + 1}\n-1\nzz\nq\n")
    parts = screens(r.output)
    assert f"no step {n + 1}: this record has steps 0-{n}" in flat(parts[2])
    assert f"no step -1: this record has steps 0-{n}" in flat(parts[3])
    assert "not understood: 'zz'" in parts[4]
    assert "stopped at step 3 of" in parts[5]      # bad input changed nothing


def test_full_board_command(played):
    game, state, path = played
    r = replay(str(path), "--step", input="board\nq\n")
    parts = screens(r.output)
    assert "full board" in parts[1]
    for name in hand_names(game, positions(game, state)[0], 0):
        assert flat(name) in flat(parts[1])


def test_eof_and_c_run_to_the_end(played):
    game, state, path = played
    after_one = positions(game, state)[1]
    n = len(state.history)
    for keys in ("\n", "\nc\n"):
        r = replay(str(path), "--step", input=keys)
        assert r.exit_code == 0, r.output
        last = screens(r.output)[-1]
        assert f"step {n}/{n}" in last and "Result" in last
        for line in state.log[len(after_one.log):]:
            assert flat(line) in flat(last)          # every line since step 1, "Game over" too


def test_seat_view_hides_the_other_hand_and_the_judge_shows_it(played):
    """Stepping through every position as P1: no name that only P2's hidden cards hold is shown;
    the judge's replay of the same game shows such names (so the check can fail)."""
    game, state, path = played
    states = positions(game, state)
    public = "\n".join(json.dumps(s.view(0), ensure_ascii=False) for s in states)
    public += "\n".join(state.log_for(0))
    public += "\n".join(card_summary(game, n) for n in pool_names(game) if n in public)
    hidden = {n for s in states for n in hand_names(game, s, 1)} - {n for n in pool_names(game) if n in public}
    assert hidden, "P2 must hold some card P1 never sees"
    keys = "\n" * (len(states) + 1)
    seat = replay(str(path), "--step", "--seat", "0", input=keys)
    assert seat.exit_code == 0, seat.output
    assert "Result" in seat.output
    for name in hidden:
        assert name not in flat(seat.output), f"{name!r} is hidden from P1 but was shown"
    judge = replay(str(path), "--step", input=keys)
    assert any(name in flat(judge.output) for name in hidden)


RULE_ID = re.compile(r"\([A-Z][A-Z0-9]*-[A-Z0-9-]+\)")


def test_judge_log_keeps_rule_ids_a_seat_log_does_not(tmp_path):
    _game, state = random_game("metazoo", seed=3)       # its log cites MZL rule IDs
    path = tmp_path / "zoo.json"
    path.write_text(json.dumps(state.record()))
    cited = [line for line in state.log if RULE_ID.search(line)]
    assert cited
    judge = replay(str(path), "--step", input="c\n")
    seat = replay(str(path), "--step", "--seat", "1", input="c\n")
    assert judge.exit_code == seat.exit_code == 0
    for line in cited:
        assert flat(line) in flat(judge.output)
        assert flat(RULE_ID.sub("", line)) in flat(seat.output)
    assert RULE_ID.search(judge.output) and not RULE_ID.search(seat.output)


def test_the_judge_sees_who_sat_where_and_no_seat_is_you(tmp_path):
    """A saved game names its seats; the judge's board labels them by role, never "(you)",
    while a seat's own view still says "(you)"."""
    from support.cli import run as run_cli
    save = tmp_path / "g.json"
    r = run_cli("play", "metax", "--seed", "5", "--save", str(save), input="2\n")
    assert r.exit_code == 0, r.output
    judge = run_cli("replay", str(save), "--step", input="c\n")
    assert judge.exit_code == 0, judge.output
    assert "P1 (human)" in judge.output and "P2 (greedy bot)" in judge.output and "(you)" not in judge.output
    seat = run_cli("replay", str(save), "--step", "--seat", "0", input="c\n")
    assert seat.exit_code == 0, seat.output
    assert "P1 (you)" in seat.output


# ------------------------------------------------------------------ records without a fingerprint
def test_a_record_without_a_fingerprint_replays_only_with_trust_and_says_so(played, tmp_path):
    """Once such a record replayed like any other: a changed deck went unnoticed (issue 27)."""
    game, state, path = played
    rec = json.loads(path.read_text())
    del rec["fingerprint"]
    bare = tmp_path / "bare.record.json"
    bare.write_text(json.dumps(rec))
    refused = replay(str(bare))
    assert refused.exit_code == 2 and "no fingerprint" in refused.output and "--trust" in flat(refused.output)
    trusted = replay(str(bare), "--trust")
    assert trusted.exit_code == 0, trusted.output
    assert "UNCHECKED" in trusted.output and "Result" in trusted.output
    stepped = replay(str(bare), "--trust", "--step", input="c\n")
    assert stepped.exit_code == 0 and "UNCHECKED" in stepped.output
    assert "UNCHECKED" not in replay(str(path)).output


def test_resume_refuses_a_save_without_a_fingerprint(tmp_path):
    game = metatcg.load_game("metax")
    st = game.new_state(["aggro", "control"], seed=5)
    rec = st.record()
    del rec["fingerprint"]
    rec["play"] = {"seat": 0, "vs": "greedy"}
    bare = tmp_path / "bare.record.json"
    bare.write_text(json.dumps(rec))
    r = runner.invoke(app, ["play", "--resume", str(bare)], input="q\n")
    assert r.exit_code == 2 and "no fingerprint" in r.output and "Traceback" not in r.output
