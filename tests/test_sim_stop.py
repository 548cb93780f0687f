"""Ctrl-C during a long run: the command stops cleanly, says so, and still prints and writes the
games already finished (a real process and a real SIGINT, in process and with a worker pool)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from metatcg.sim.jobs import STOP_WAIT


def _hear_ctrl_c() -> None:
    """In the child: SIGINT back to its default, as at a terminal. A test runner started in the
    background (``cmd &``) ignores SIGINT, and its children would inherit that and never stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("command,workers,sig", [("simulate", "1", signal.SIGINT), ("simulate", "2", signal.SIGINT),
                                                 ("tournament", "2", signal.SIGINT),
                                                 ("simulate", "2", signal.SIGTERM)])
def test_ctrl_c_keeps_the_finished_games(tmp_path, command, workers, sig):
    """Ctrl-C (SIGINT), and SIGTERM as ``kill`` or ``timeout`` send it, stop the run cleanly."""
    out = tmp_path / "run.json"
    args = [sys.executable, "-m", "metatcg", command, "metax", "--bots", "random", "--games", "20000",
            "--workers", workers, "--json", str(out)]
    for wait in (4, 8, 16):      # a busy machine may not finish a game in the first seconds
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=_hear_ctrl_c)
        time.sleep(wait)
        proc.send_signal(sig)
        asked = time.monotonic()
        stdout, stderr = proc.communicate(timeout=60)
        if proc.returncode == 130 and stderr.strip() == "interrupted" and wait < 16:
            continue     # so busy it was still starting up: Ctrl-C then just ends it (exit 130)
        assert proc.returncode == 0, stderr
        assert time.monotonic() - asked < STOP_WAIT      # the workers answered: none waited out and killed
        if "stopped before any of the" not in stderr:
            break
        assert not out.exists() and not stdout.strip()   # nothing finished: nothing shown or written
    assert "stopped:" in stderr and "games finished" in stderr
    data = json.loads(out.read_text())
    assert data["stopped"] is True
    assert 0 < data["games"] < data["planned_games"]
    assert len(data["results"]) == data["games"]
    if command == "simulate":
        seeds = [r["seed"] for r in data["results"]]
        assert seeds == sorted(seeds) and len(set(seeds)) == len(seeds)
        assert sum(data["wins"]) + data["draws"] == data["games"]
    else:
        assert sum(c["games"] for row in data["matrix"] for c in row if c) == 2 * data["games"]


def test_a_worker_asked_to_stop_abandons_its_game_and_hands_back_the_finished_ones(monkeypatch):
    """A pool worker is never killed on Ctrl-C: SIGTERM makes it abandon the game in play and
    return the games of its chunk it finished, then play nothing more (a killed worker could die
    halfway through sending its results and leave the parent's exit waiting for ever)."""
    import os

    from metatcg.registry import load_game
    from metatcg.sim import jobs

    game = load_game("metax")
    monkeypatch.setattr(jobs, "_worker_game", game)
    monkeypatch.setattr(jobs, "_stop_asked", False)
    real_play, calls = jobs.play_job, []

    def play_and_get_stopped_in_the_third(g, job):
        calls.append(job.seed)
        if len(calls) == 3:
            os.kill(os.getpid(), signal.SIGTERM)      # arrives while this game is in play
        return real_play(g, job)

    monkeypatch.setattr(jobs, "play_job", play_and_get_stopped_in_the_third)
    deck = game.starter_deck_names()[0]
    chunk = [jobs.Job((deck, deck), ("random", "random"), seed) for seed in range(10)]
    old = signal.signal(signal.SIGTERM, jobs._asked_to_stop)
    try:
        results = jobs._play_chunk(chunk)
        assert [r.seed for r in results] == [0, 1]
        assert calls == [0, 1, 2]                          # the third game was abandoned
        assert results == [real_play(game, j) for j in chunk[:2]]
        assert jobs._play_chunk(chunk) == [] and calls == [0, 1, 2]    # and no game more
        jobs._asked_to_stop(signal.SIGTERM, None)          # between games: no error, stays stopped
    finally:
        signal.signal(signal.SIGTERM, old)


def test_an_error_in_a_pool_worker_is_raised_in_the_parent_and_the_workers_go():
    """A game that fails in a worker (here an unknown deck, refused when the game is set up)
    stops the run with that very error in the parent, and no worker process is left behind."""
    import multiprocessing

    from metatcg.engine.errors import DeckError
    from metatcg.registry import load_game
    from metatcg.sim.jobs import Job, run_jobs

    game = load_game("metax")
    deck = game.starter_deck_names()[0]
    jobs = [Job((deck, deck), ("random", "random"), seed) for seed in range(30)]
    jobs[17] = Job(("no-such-deck", deck), ("random", "random"), 17)
    started = time.monotonic()
    with pytest.raises(DeckError, match="no-such-deck"):
        run_jobs(game, jobs, workers=2)
    assert time.monotonic() - started < STOP_WAIT     # the workers answered the stop at once
    deadline = time.monotonic() + 20
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not multiprocessing.active_children()


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (from /proc)."""
    from pathlib import Path

    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            kids.append(int(stat.parent.name))
    return kids


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_pool_workers_leave_when_their_parent_is_killed_outright():
    """SIGKILL gives the parent no chance to stop its pool: each worker notices it has been
    orphaned and exits within a few seconds instead of playing its chunk out, or waiting for
    work, for ever."""
    import os

    from metatcg.sim.jobs import PARENT_CHECK

    script = ("from metatcg.registry import load_game\n"
              "from metatcg.sim.jobs import Job, run_jobs\n"
              "g = load_game('metax'); d = g.starter_deck_names()[0]\n"
              "run_jobs(g, [Job((d, d), ('greedy', 'greedy'), s) for s in range(100000)], workers=2)\n")
    parent = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 30
        while len(_children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = _children(parent.pid)
        assert len(workers) >= 2
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 10 * PARENT_CHECK + 5
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [w for w in workers if os.path.exists(f"/proc/{w}") and _state(w) != "Z"]
    assert not alive, f"workers {alive} outlived their parent"


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_closed_output_pipe_does_not_cost_the_files(tmp_path, command):
    """``metatcg simulate … --json F --report R | head -1``: the reader goes away before the
    tables are printed, yet the files asked for are written first, whole."""
    out, report = tmp_path / "run.json", tmp_path / "run.html"
    args = [sys.executable, "-m", "metatcg", command, "metax", "--bots", "random", "--games", "6",
            "--workers", "1", "--json", str(out), "--report", str(report)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.readline()                           # as `| head -1` does: one line, then away
    proc.stdout.close()
    proc.wait(timeout=120)
    data = json.loads(out.read_text())
    assert data["games"] == (6 if command == "simulate" else 6 * 3)   # three MetaX starters: 3 pairings
    assert report.read_text().rstrip().endswith("</html>")


def test_a_run_stopped_before_any_game_finished_says_nothing_was_written(capsys):
    from metatcg.cli.outputs import stopped_notice

    stopped_notice(0, 500)
    said = " ".join(capsys.readouterr().err.split())
    assert said == "stopped before any of the 500 games finished: no results to show, and no summary, CSV or " \
                   "report written"
    stopped_notice(3, 500)
    assert " ".join(capsys.readouterr().err.split()) == "stopped: 3 of 500 games finished; the results below are theirs"
