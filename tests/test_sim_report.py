"""The HTML report and the CSV exports of a simulation or a tournament: one self-contained
page with its sections and plots, user text escaped, files written whole or not at all."""
from __future__ import annotations

import csv
import itertools
import copy
import math
import re
from collections import Counter
from pathlib import Path

import pytest

import metatcg
from metatcg.engine.errors import MetatcgError
from metatcg.sim import simulate, wilson
from metatcg.sim.export import write_csv, write_json
from metatcg.sim.report import write_report

EVIL = "<b>Evil&Deck</b> $5"                     # markup, an ampersand and a matplotlib "$"
EVIL_HTML = "&lt;b&gt;Evil&amp;Deck&lt;/b&gt; $5"
EVIL_CARD = 'Zap "<i>" & co'
EVIL_ENDING = "deck out <script>alert(1)</script>"


# --------------------------------------------------------------------------- data
def card_row(deck: str, card: str, games: int, drawn: int, drawn_wins: int, not_drawn_wins: int,
             played: int, played_wins: int, playable: int) -> dict:
    not_drawn, not_played = games - drawn, games - played
    wins = drawn_wins + not_drawn_wins
    dr = drawn_wins / drawn if drawn else 0.0
    nr = not_drawn_wins / not_drawn if not_drawn else 0.0
    pr = played_wins / played if played else 0.0
    npr = (wins - played_wins) / not_played if not_played else 0.0
    return {"deck": deck, "card": card, "games": games, "drawn": drawn, "drawn_wins": drawn_wins,
            "drawn_win_rate": dr, "drawn_ci95": list(wilson(drawn_wins, drawn)), "not_drawn": not_drawn,
            "not_drawn_win_rate": nr, "not_drawn_ci95": list(wilson(not_drawn_wins, not_drawn)),
            "impact_drawn": dr - nr if drawn and not_drawn else 0.0, "played": played, "played_wins": played_wins,
            "played_win_rate": pr, "played_ci95": list(wilson(played_wins, played)), "not_played": not_played,
            "not_played_win_rate": npr, "not_played_ci95": list(wilson(wins - played_wins, not_played)),
            "impact_played": pr - npr if played and not_played else 0.0, "playable": playable,
            "playable_when_drawn": playable / drawn if drawn else 0.0, "rarely_playable": playable < drawn / 4}


def clamp(x: int, lo: int, hi: int) -> int:
    return max(max(lo, 0), min(hi, x))


def cards_for(deck: str, games: int, wins: int, n: int = 6) -> list[dict]:
    """``n`` made-up but consistent card rows for a deck that won ``wins`` of ``games``."""
    rows = []
    for k in range(n):
        drawn = max(1, min(games - 1, games * (k + 2) // (n + 3)))
        dw = clamp(round(wins * drawn / games) + (k - n // 2), wins - (games - drawn), min(drawn, wins))
        played = drawn // 2
        pw = clamp(min(played, dw), wins - (games - played), min(played, wins))
        rows.append(card_row(deck, f"{deck} card {k}" if k else EVIL_CARD, games, drawn, dw, wins - dw,
                             played, pw, drawn if k % 3 else drawn // 5))
    return rows


@pytest.fixture(scope="module")
def sim_data() -> dict:
    game = metatcg.load_game("metax")
    decks = game.starter_deck_names()[:2]
    data = simulate(game, decks, ["random", "random"], 20, seed=3).to_json()
    data["turns_unit"] = "turns"
    data["decks"][0] = EVIL                   # a user-given name, as a loaded deck file could have
    data["cards"] = cards_for(EVIL, 20, data["wins"][0]) + cards_for(data["decks"][1], 20, data["wins"][1])
    return data


def tournament_data(stopped: bool = False) -> dict:
    """Three entrants; each pair plays seeds 0..5 in both seat orders. Entrant 0 is strongest;
    one game is a draw at the action limit."""
    names = [EVIL, "Control (greedy)", "Midrange (random)"]
    entrants = [{"name": n, "deck": n.split(" (")[0], "bot": "greedy"} for n in names]
    entrants[1]["bot"] = "<img src=x>"
    strength = [0.8, 0.5, 0.2]
    results = []
    for i, j in itertools.combinations(range(3), 2):
        for seed in range(6):
            for seating in ((i, j), (j, i)):
                first = seed % 2
                better = 0 if strength[seating[0]] > strength[seating[1]] else 1
                winner = better if seed % 3 else 1 - better      # the stronger wins 4 seeds of 6
                limit = (i, j, seed, seating) == (1, 2, 5, (1, 2))
                if limit:
                    winner = None
                returns = [0.0, 0.0] if winner is None else [1.0 if s == winner else -1.0 for s in range(2)]
                results.append({"entrants": list(seating), "seed": seed, "returns": returns, "winner": winner,
                                "first_player": first, "turns": 8 + seed * 3 + i, "actions": 40 + 7 * seed + j,
                                "reason": "action limit" if limit else "wins", "action_limit": limit,
                                "ending": "action limit" if limit else ("victory points" if seed % 3 else EVIL_ENDING),
                                "cards": None})
    wins = [[0] * 3 for _ in range(3)]
    draws = [[0] * 3 for _ in range(3)]
    for r in results:
        a, b = r["entrants"]
        if r["winner"] is None:
            draws[a][b] += 1
            draws[b][a] += 1
        else:
            w = r["entrants"][r["winner"]]
            wins[w][b if w == a else a] += 1
    matrix = []
    for i in range(3):
        row = []
        for j in range(3):
            if i == j:
                row.append(None)
                continue
            g = wins[i][j] + wins[j][i] + draws[i][j]
            score = wins[i][j] + draws[i][j] / 2
            row.append({"games": g, "wins": wins[i][j], "losses": wins[j][i], "draws": draws[i][j],
                        "score": score / g, "ci95": list(wilson(score, g))})
        matrix.append(row)
    ratings = []
    for i in range(3):
        games = sum(matrix[i][j]["games"] for j in range(3) if j != i)
        score = sum(matrix[i][j]["score"] * matrix[i][j]["games"] for j in range(3) if j != i) / games
        rating = 1500 + 400 * math.log10(score / (1 - score))
        ratings.append({"entrant": i, "name": names[i], "rating": rating, "ci95": [rating - 150, rating + 150],
                        "score": score, "games": games})
    ratings.sort(key=lambda r: -r["rating"])
    first_seat = []
    for e in range(3):
        mine = [(r, r["entrants"].index(e)) for r in results if e in r["entrants"]]
        f = [r["winner"] == s for r, s in mine if r["first_player"] == s]
        o = [r["winner"] == s for r, s in mine if r["first_player"] != s]
        first_seat.append({"entrant": e, "name": names[e], "first_games": len(f), "first_wins": sum(f),
                           "first_win_rate": sum(f) / len(f), "first_ci95": list(wilson(sum(f), len(f))),
                           "second_games": len(o), "second_wins": sum(o), "second_win_rate": sum(o) / len(o),
                           "second_ci95": list(wilson(sum(o), len(o))), "edge": sum(f) / len(f) - sum(o) / len(o)})
    cards = []
    for e in range(3):
        games = sum(1 for r in results if e in r["entrants"])
        won = sum(1 for r in results if r["winner"] is not None and r["entrants"][r["winner"]] == e)
        cards += cards_for(names[e], games, won)
    limited = [r["seed"] for r in results if r["action_limit"]]
    return {"kind_of_run": "tournament", "game": "metax", "seats": 2, "turns_unit": "turns",
            "entrants": entrants, "games_per_pairing": 12, "games": len(results),
            "planned_games": len(results) + (12 if stopped else 0), "stopped": stopped, "seconds": 1.5,
            "matrix": matrix, "ratings": ratings, "first_seat": first_seat,
            "endings": dict(Counter(r["ending"] for r in results).most_common()),
            "draws": sum(1 for r in results if r["winner"] is None), "action_limit_games": len(limited),
            "action_limit_seeds": limited,
            "lengths": {"turns": [r["turns"] for r in results], "actions": [r["actions"] for r in results]},
            "cards": cards, "results": results}


@pytest.fixture(scope="module")
def tour_data() -> dict:
    return tournament_data()


# --------------------------------------------------------------------------- checks
def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I)
    assert "<script" not in page.lower()
    assert "<link" not in page.lower() and "@import" not in page
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "element ids repeat across the inline plots"


def headings(page: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", page)


def svgs(page: str) -> int:
    return page.count("<svg")


def section(page: str, sid: str) -> str:
    m = re.search(rf'<section id="{sid}">(.*?)</section>', page, re.S)
    assert m, sid
    return m.group(1)


# --------------------------------------------------------------------------- simulation report
def test_simulation_report(sim_data, tmp_path):
    path = write_report(sim_data, tmp_path / "sim.html")
    assert path == tmp_path / "sim.html"
    page = path.read_text(encoding="utf-8")
    assert_self_contained(page)
    assert headings(page) == ["Answer", "Seats", "First player", "Card impact", "Endings", "Game length",
                              "Run facts"]
    # seats, first player, one card chart per deck, lengths
    assert svgs(page) == 5
    assert EVIL not in page and "<b>Evil" not in page
    assert EVIL_HTML in page
    assert "<i>" not in page and "&lt;i&gt;" in page
    answer = section(page, "answer")
    for p in range(2):
        assert f"{100 * sim_data['win_rate'][p]:.1f}%" in answer
    assert "significant" in answer
    assert "Stopped early" not in page
    assert "3–22" in section(page, "facts")               # the seeds of games 3 .. 22
    assert 'class="rare"' in section(page, "cards")


def test_simulation_stopped_and_bare(sim_data, tmp_path):
    """Stopped early, without per-game results or cards: a notice, and no plots for what is missing."""
    data = {k: v for k, v in sim_data.items() if k not in ("results", "cards")}
    data.update(stopped=True, planned_games=50)
    page = write_report(data, tmp_path / "bare.html").read_text(encoding="utf-8")
    assert_self_contained(page)
    assert "Stopped early after 20 of 50 games" in section(page, "answer")
    assert "Card impact" not in headings(page)
    assert "Game length" in headings(page) and "<svg" not in section(page, "lengths")
    assert svgs(page) == 2


# --------------------------------------------------------------------------- tournament report
def test_tournament_report(tour_data, tmp_path):
    page = write_report(tour_data, tmp_path / "t.html").read_text(encoding="utf-8")
    assert_self_contained(page)
    assert headings(page) == ["Answer", "Ratings", "Matchups", "First-seat edge", "Card impact", "Endings",
                              "Game length", "Run facts"]
    # ratings, heatmap, first seat, three card charts, lengths
    assert svgs(page) == 7
    assert EVIL not in page and EVIL_HTML in page
    assert "<img" not in page and "&lt;img src=x&gt;" in page                    # a bot name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in section(page, "endings")   # an ending
    answer = section(page, "answer")
    top, second = tour_data["ratings"][:2]
    assert top["name"] == EVIL and EVIL_HTML in answer
    assert f"{top['rating']:.0f}" in answer
    assert f"{top['rating'] - second['rating']:.0f} rating points" in answer
    h2h = tour_data["matrix"][top["entrant"]][second["entrant"]]
    assert f"{100 * h2h['score']:.1f}%" in answer
    w, lost, d = h2h["wins"], h2h["losses"], h2h["draws"]
    words = (f"{w} win{'s' * (w != 1)}, {lost} loss{'es' * (lost != 1)}, {d} draw{'s' * (d != 1)}.")
    assert words in answer
    overlap = top["ci95"][0] <= second["ci95"][1]
    assert ("not certain" in answer) == overlap
    endings = section(page, "endings")
    assert "Action limit" in endings and "1 game ended" in endings
    assert "Stopped early" not in page


def test_tournament_stopped_notice(tmp_path):
    page = write_report(tournament_data(stopped=True), tmp_path / "t.html").read_text(encoding="utf-8")
    assert "Stopped early after 36 of 48 games" in page


# --------------------------------------------------------------------------- CSV
def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.reader(fh))


def test_simulation_csv(sim_data, tmp_path):
    paths = write_csv(sim_data, tmp_path / "sim.csv")
    assert paths == [tmp_path / "sim.csv", tmp_path / "sim.cards.csv"]
    rows = read_csv(paths[0])
    assert rows[0] == ["game", "seed", "winner", "winner_deck", "p1_return", "p2_return", "first_player", "turns",
                       "actions", "ending", "reason", "action_limit"]
    assert len(rows) - 1 == sim_data["games"]
    for row, r in zip(rows[1:], sim_data["results"]):
        assert int(row[1]) == r["seed"]
        assert row[2] == ("" if r["winner"] is None else f"P{r['winner'] + 1}")
        if r["winner"] == 0:
            assert row[3] == EVIL
        assert int(row[7]) == r["turns"] and int(row[8]) == r["actions"]
    cards = read_csv(paths[1])
    assert cards[0][:3] == ["deck", "card", "games"] and "drawn_ci95_lo" in cards[0]
    assert len(cards) - 1 == len(sim_data["cards"])
    assert any(row[1] == EVIL_CARD for row in cards[1:])


def test_tournament_csv(tour_data, tmp_path):
    paths = write_csv(tour_data, tmp_path / "t.csv")
    assert [p.name for p in paths] == ["t.csv", "t.cards.csv", "t.matrix.csv", "t.ratings.csv"]
    games = read_csv(paths[0])
    assert games[0][:6] == ["game", "seed", "p1_entrant", "p2_entrant", "winner", "p1_return"]
    assert len(games) - 1 == tour_data["games"]
    names = [e["name"] for e in tour_data["entrants"]]
    for row, r in zip(games[1:], tour_data["results"]):
        assert row[2:4] == [names[i] for i in r["entrants"]]
        assert row[4] == ("" if r["winner"] is None else names[r["entrants"][r["winner"]]])
    assert sum(row[-1] == "true" for row in games[1:]) == tour_data["action_limit_games"]
    matrix = read_csv(paths[2])
    assert matrix[0] == ["entrant"] + names
    for i, row in enumerate(matrix[1:]):
        assert row[0] == names[i] and row[i + 1] == ""
        for j, cell in enumerate(row[1:]):
            if j != i:
                assert math.isclose(float(cell), tour_data["matrix"][i][j]["score"], rel_tol=1e-5)
    ratings = read_csv(paths[3])
    assert ratings[0] == ["rank", "entrant", "deck", "bot", "rating", "ci95_lo", "ci95_hi", "score", "games", "wins"]
    assert [r[1] for r in ratings[1:]] == [r["name"] for r in tour_data["ratings"]]
    assert len(read_csv(paths[1])) - 1 == len(tour_data["cards"])


def test_csv_without_cards_writes_no_cards_file(sim_data, tmp_path):
    data = dict(sim_data, cards=None)
    assert write_csv(data, tmp_path / "plain") == [tmp_path / "plain"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize("writer", [write_report, write_csv, write_json], ids=["report", "csv", "json"])
def test_unwritable_path(writer, tour_data, tmp_path):
    with pytest.raises(MetatcgError, match="no folder"):
        writer(tour_data, tmp_path / "missing" / "out.file")
    (tmp_path / "folder").mkdir()
    with pytest.raises(MetatcgError, match="it is a folder"):
        writer(tour_data, tmp_path / "folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
    assert list((tmp_path / "folder").iterdir()) == []


def test_failed_write_leaves_nothing(tour_data, tmp_path, monkeypatch):
    """A write that fails half-way (here: the third CSV file) leaves neither the finished files
    nor temporary ones, and an older file at the path is kept as it was."""
    import metatcg.sim.export as export

    (tmp_path / "t.csv").write_text("old\n")
    real = export.os.fdopen
    calls = itertools.count()

    def failing(fd, *args, **kwargs):
        if next(calls) == 2:
            export.os.close(fd)
            raise OSError(28, "No space left on device")
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(export.os, "fdopen", failing)
    with pytest.raises(MetatcgError, match="No space left"):
        write_csv(tour_data, tmp_path / "t.csv")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]
    assert (tmp_path / "t.csv").read_text() == "old\n"


def test_the_answer_counts_a_single_win_loss_and_draw_in_the_singular(tour_data, tmp_path):
    data = copy.deepcopy(tour_data)
    top, second = data["ratings"][:2]
    data["matrix"][top["entrant"]][second["entrant"]].update(games=3, wins=1, losses=1, draws=1)
    answer = section(write_report(data, tmp_path / "t.html").read_text(encoding="utf-8"), "answer")
    assert "in 3 games: 1 win, 1 loss, 1 draw." in answer


def test_two_entrants_level_at_the_top_share_it_in_the_answer(tour_data, tmp_path):
    """Equal ratings are not a lead: the answer names both, and no 'strongest' or 'lead'."""
    data = copy.deepcopy(tour_data)
    top, second = data["ratings"][:2]
    second["rating"], second["ci95"] = top["rating"], list(top["ci95"])
    answer = section(write_report(data, tmp_path / "t.html").read_text(encoding="utf-8"), "answer")
    assert "share the top rating" in answer and "Neither leads" in answer
    assert "strongest" not in answer and "lead is" not in answer and "It leads" not in answer


def test_an_entrant_that_always_acts_first_has_no_rate_or_edge_for_the_other_side(tour_data, tmp_path):
    """Where a rule picks who starts (Metabaloids' cut), one side of an entrant's row can have
    no games: it shows '–', not '0.0% (0.0–100.0%)' and an edge of zero."""
    from metatcg.sim.report_text import esc

    data = copy.deepcopy(tour_data)
    row = data["first_seat"][0]
    row.update(first_games=row["first_games"] + row["second_games"], second_games=0, second_wins=0,
               second_win_rate=0.0, second_ci95=[0.0, 1.0], edge=0.0)
    part = section(write_report(data, tmp_path / "t.html").read_text(encoding="utf-8"), "first-seat")
    body = part[part.index("<tbody>"):]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", body.split(">" + esc(row["name"]) + "<", 1)[1].split("</tr>")[0])
    assert cells[2:] == ["0", "–", "–"] and "0.0% (0.0–100.0%)" not in part


def test_the_answer_names_the_card_that_carries_and_the_one_that_drags_the_strongest_deck(tour_data, tmp_path):
    """Ranked as the terminal ranks them; 'a clear effect' only when the impact's own 95%
    interval (Newcombe) is clear of zero, and a card with no difference is neither."""
    from metatcg.sim.cards import impact_interval

    data = copy.deepcopy(tour_data)
    top = data["ratings"][0]
    deck = data["entrants"][top["entrant"]]["deck"]

    def row(card: str, drawn_wins: int, not_drawn_wins: int) -> dict:
        r = card_row(deck, card, 40, 20, drawn_wins, not_drawn_wins, 20, drawn_wins, 20)
        r["impact_drawn_ci95"] = list(impact_interval(drawn_wins, 20, not_drawn_wins, 20))
        return r

    data["cards"] = [row("Carrier", 18, 4), row("Even", 10, 10), row("Dragger", 10, 12)]
    answer = section(write_report(data, tmp_path / "t.html").read_text(encoding="utf-8"), "answer")
    assert "carries it most is <strong>Carrier</strong> (+70.0 points: 90% of 20 games when drawn" in answer
    assert "drags it most is <strong>Dragger</strong> (−10.0 points" in answer
    assert answer.count("a clear effect") == 1 and "within chance" in answer and "Even" not in answer
