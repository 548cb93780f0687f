"""Ctrl-C during a long run: the command stops cleanly, says so, and still prints and writes the
games already finished (a real process and a real SIGINT, in process and with a worker pool)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest


def _hear_ctrl_c() -> None:
    """In the child: SIGINT back to its default, as at a terminal. A test runner started in the
    background (``cmd &``) ignores SIGINT, and its children would inherit that and never stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("command,workers", [("simulate", "1"), ("simulate", "2"), ("tournament", "2")])
def test_ctrl_c_keeps_the_finished_games(tmp_path, command, workers):
    out = tmp_path / "run.json"
    args = [sys.executable, "-m", "metatcg", command, "metax", "--bots", "random", "--games", "20000",
            "--workers", workers, "--json", str(out)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_hear_ctrl_c)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
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
