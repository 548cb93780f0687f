"""Issue 29 §3, "the terminal at 80×24": what a person sees in ``metatcg play`` on a small
screen: the log command, the catch-up pager, confirmations, undo after a resume, the board."""
from __future__ import annotations

import json
import re

import pytest

from metatcg.ui.layout import compact_log
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


# ------------------------------------------------------------------ the decision screen at 80×24
def decision_screens(gid: str, seats: int, seeds=range(2), decisions: int = 30):
    """(view, new log lines, screen, its text) for seat 0's decisions in seeded greedy games,
    drawn as ``play`` draws them on an 80×24 terminal."""
    import io

    from rich.console import Console

    import metatcg
    from metatcg.bots import make_bot
    from metatcg.cli.screen import DecisionScreen

    game = metatcg.load_game(gid)
    for seed in seeds:
        decks = [game.starter_deck(n) for n in (game.starter_deck_names() * 4)[:seats]]
        st = game.new_state(decks, seed=seed)
        bots = {p: make_bot("greedy", seed * 10 + p) for p in range(seats)}
        seen = n = 0
        while not st.is_terminal() and n < decisions:
            p = st.current_player()
            if p == 0:
                n += 1
                log = st.log_for(0)
                new, seen = log[seen:], len(log)
                con = Console(width=80, height=24, record=True, color_system=None, file=io.StringIO())
                screen = DecisionScreen(con, game, st.view(0), {q: "greedy bot" for q in range(1, seats)}, new)
                con.print(screen.render())
                yield st.view(0), new, screen, con.export_text()
            st.apply(bots[p].choose(st.handle(p)).id)


TABLES = [("metax", 2), ("metabaloids", 3), ("metabaloids", 4), ("metazoo", 2), ("metazoo-2022", 2),
          ("metazoo-2022", 4)]


def hand_names(gid: str, view: dict) -> list[str]:
    if gid == "metazoo-2022":
        return [c["name"] for c in view["casters"][view["you"]].get("chapter") or []]
    return [c["name"] for c in view["players"][view["you"]].get("hand") or []]


@pytest.mark.parametrize("gid, seats", TABLES)
def test_the_decision_screen_fits_and_pages_the_catch_up_only_when_it_must(gid, seats):
    """A catch-up that fits is on the decision screen itself (a 3-line one never asks for
    Enter); the screen, input line included, fits 24 rows; your hand is never cut."""
    for view, new, screen, text in decision_screens(gid, seats):
        lines = text.rstrip("\n").splitlines()
        assert len(lines) + 1 <= 24, text
        assert all(len(x) <= 80 for x in lines), text
        flat = " ".join(text.split())
        assert all(n in flat for n in hand_names(gid, view)), text
        if len(new) <= 3:
            assert screen.fits_log(), (new, text)
        if screen.fits_log():
            for line in compact_log(new):
                assert " ".join(line.split()) in flat, (line, text)


def test_opponents_keep_their_card_names_at_three_seats():
    """The unreadable 'P3 L0 h2 d25 x11 r2 │ – │ 6/5,0/1' is gone: at three seats, every card in
    play is named whole on the decision screen, and short counts come with their legend."""
    for view, _new, _screen, text in decision_screens("metabaloids", 3):
        flat = " ".join(text.split())
        for p in view["players"]:
            for col in p["columns"]:
                for c in col:
                    assert c["name"] in flat, text
        if re.search(r"\bL\d+ h\d+ d\d+", text):
            assert "L lost · h hand · d draw pile · x discard" in text, text


def test_short_counts_have_a_legend_on_screen():
    shown = 0
    for _view, _new, _screen, text in decision_screens("metazoo-2022", 2, decisions=15):
        if re.search(r"\bsb \d+", text):
            shown += 1
            assert "sb Spellbook · ch Chapter · li Limbo · ce Cemetery · af Afterlife" in text, text
    assert shown


def test_board_is_paged_before_the_options_when_they_do_not_fit_together(monkeypatch):
    """'board' on a small screen: the whole board a page at a time, then the options, so the
    options never scroll the board away unread."""
    from rich.console import Console
    from rich.text import Text as RText

    from metatcg.cli.screen import show_then_options

    asked: list[str] = []
    con = Console(width=80, height=24, record=True, color_system=None)
    board = RText("\n".join(f"board line {i}" for i in range(40)))
    show_then_options(con, "the whole board", board, RText("  1. Pass"), lambda prompt: asked.append(prompt) or "")
    text = con.export_text()
    assert "board line 39" in text and text.index("board line 39") < text.index("1. Pass")
    assert len(asked) == 2 and "Enter: your options" in asked[-1]        # 40 lines: two pages
    con = Console(width=80, height=24, record=True, color_system=None)
    asked.clear()
    show_then_options(con, "the whole board", RText("a small board"), RText("  1. Pass"), asked.append)
    assert not asked and "a small board" in con.export_text()             # fits: no Enter


def test_undo_skips_a_decision_the_seat_preferences_answered(in_tmp, monkeypatch):
    """A decision of yours that your preferences answered (say, an auto-passed window before a
    resume) is not an undo stop: undo goes back to the one before it that you answered."""
    import metatcg
    from metatcg.cli import play as play_mod

    assert_clean(run("play", "metazoo", "--seed", "5", input="1\n" * 6 + "quit\ny\n"), 0)
    saved = in_tmp / "metatcg-metazoo-5.record.json"
    rec = json.loads(saved.read_text())
    state = metatcg.load_game("metazoo").replay(rec)
    marks = [i for i, who in enumerate(state._deciders()) if who == 0]
    assert len(marks) >= 3
    monkeypatch.setattr(play_mod, "answered_by_prefs", lambda session, st, p: len(st.history) == marks[-1])
    assert_clean(run("play", "--resume", str(saved), input="undo\nquit\ny\n"), 0, "back to your previous decision")
    after = json.loads((in_tmp / "metatcg-metazoo-5-2.record.json").read_text())
    assert len(after["actions"]) == marks[-2]
