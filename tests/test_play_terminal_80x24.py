"""Issue 29 §3, "the terminal at 80×24": what a person sees in ``metatcg play`` on a small
screen: the log command, the catch-up pager, confirmations, undo after a resume, the board."""
from __future__ import annotations

import json

from support.cli import assert_clean, run


def test_log_takes_a_count_or_a_search(in_tmp):
    r = run("play", "metax", "--seed", "5",
            input="2\nlog\nlog 2\nlog /DRAWS\nlog /no such text\nlog x\nlog 0\nquit\ny\n", width=80)
    assert_clean(r, 0)
    out = r.output
    assert "'log N' the last N, 'log /TEXT' search" in out
    last_two = out[out.index("P1's log: the last 2 of"):].split("P1>")[0].splitlines()[1:]
    assert 1 <= len([x for x in last_two if x.strip()]) <= 2
    found = out[out.index("lines mention 'DRAWS'"):].split("P1>")[0].splitlines()[1:]
    assert found and all("draws" in line.lower() for line in found if line.strip())
    assert "no line of P1's log mentions 'no such text'" in out
    assert "not understood: 'log x'" in out
    assert "log N needs a number of lines from 1" in out


def test_log_opens_at_the_latest_lines_on_a_small_screen(in_tmp, monkeypatch):
    """A long log shows its last screenful at once (no Enter to page through the start)."""
    from metatcg.cli import play as play_mod
    from metatcg.ui.log_query import query_log

    shown = []
    monkeypatch.setattr(play_mod, "page", lambda con, title, lines, ask, then="", latest=False:
                        shown.append((title, lines, latest)))
    log = [f"line {i}" for i in range(100)]
    play_mod.show_log(log, "", "P1's")
    title, lines, latest = shown[-1]
    assert latest and lines == log and "100 lines" in title
    q = query_log(log, "5")
    assert q.lines == log[-5:] and not q.latest
    assert query_log(log, "/LINE 9").lines == ["line 9", *[f"line {i}" for i in range(90, 100)]]


def test_the_pager_shows_only_the_last_screenful_when_asked_for_the_latest():
    from rich.console import Console

    from metatcg.cli.screen import page

    con = Console(width=80, height=24, record=True, color_system=None)
    asked = []
    page(con, "log", [f"line {i}" for i in range(100)], lambda prompt: asked.append(prompt) or "", latest=True)
    text = con.export_text()
    assert "line 99" in text and "line 0\n" not in text
    assert len(text.splitlines()) <= 23 and not asked          # one screen, no Enter


def test_confirmations_show_y_n(in_tmp):
    r = run("play", "metax", "--seed", "5", input="quit\nn\nconcede\nn\nquit\ny\n", width=80, height=24)
    assert_clean(r, 0)
    assert "Quit now? [y/N]" in r.output
    assert "Concede this game? It counts as a loss. [y/N]" in r.output


def test_undo_right_after_resume_goes_back_past_the_save(in_tmp):
    assert_clean(run("play", "metax", "--seed", "5", input="1\n1\n1\nquit\ny\n"), 0)
    saved = in_tmp / "metatcg-metax-5.record.json"
    before = json.loads(saved.read_text())["actions"]
    r = run("play", "--resume", str(saved), input="undo\nquit\ny\n")
    assert_clean(r, 0, "back to your previous decision")
    assert "nothing to undo" not in r.output
    after = json.loads((in_tmp / "metatcg-metax-5-2.record.json").read_text())
    assert len(after["actions"]) < len(before) and before[:len(after["actions"])] == after["actions"]
    assert after["play"]["undos"] == 1


def test_undo_at_the_first_decision_of_a_resumed_game_says_why_not(in_tmp):
    assert_clean(run("play", "metax", "--seed", "5", input="quit\ny\n"), 0)
    r = run("play", "--resume", "metatcg-metax-5.record.json", input="undo\nquit\ny\n")
    assert_clean(r, 0, "nothing to undo: this is your first decision")
