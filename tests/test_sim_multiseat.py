"""Statistics of three- and four-seat runs (issue 27, points 12 and 14): every figure counts a
game once, a 3-seat tournament can be recounted by hand from its CSV, the ratings' intervals
treat one game's pair results as one cluster, and the first-seat edge is compared like with
like (the same entrant at the same table), with the even share at 1 in the number of seats."""
from __future__ import annotations

import csv
import itertools
import random
from collections import defaultdict

import pytest

from metatcg.registry import load_game
from metatcg.sim.export import write_csv
from metatcg.sim.report import render_report
from metatcg.sim.runner import GameResult, summarise
from metatcg.sim.tournament import Entrant, bradley_terry, name_entrants, run_tournament, summarise_tournament


def read_rows(path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_a_three_seat_tournament_recounts_from_its_csv(tmp_path):
    game = load_game("metabaloids")
    names = game.starter_deck_names()[:4]
    ents = name_entrants([(n, game.starter_deck(n)) for n in names], ["random"] * 4)
    s = run_tournament(game, ents, 9, seats=3, seed=5, workers=1)
    data = s.to_json()
    rows = read_rows(write_csv(data, tmp_path / "t.csv")[0])
    assert len(rows) == s.games == 4 * 3 * 3              # C(4,3) tables, 3 seeds, 3 rotations
    games, wins, score = defaultdict(int), defaultdict(int), defaultdict(float)
    met = defaultdict(lambda: [0, 0, 0, 0])               # (a, b) -> games, a ahead, b ahead, tied
    for row in rows:
        seated = [row[f"p{p}_entrant"] for p in (1, 2, 3)]
        returns = [float(row[f"p{p}_return"]) for p in (1, 2, 3)]
        places = [int(row[f"p{p}_place"]) for p in (1, 2, 3)]
        assert places == [1 + sum(w > v for w in returns) for v in returns]
        assert row["first_entrant"] == seated[int(row["first_player"][1:]) - 1]
        for p, name in enumerate(seated):
            games[name] += 1
            wins[name] += row["winner"] == name
            others = [q for q in range(3) if q != p]      # by hand: the others it finished ahead of
            score[name] += sum(1.0 if returns[p] > returns[q] else 0.5 if returns[p] == returns[q] else 0.0
                               for q in others) / 2
        for a, b in itertools.permutations(range(3), 2):
            m = met[(seated[a], seated[b])]
            m[0] += 1
            m[1] += returns[a] > returns[b]
            m[2] += returns[b] > returns[a]
            m[3] += returns[a] == returns[b]
    for r in s.ratings:
        name = r["name"]
        assert r["games"] == games[name] == 3 * 3 * 3     # its 3 tables, each game once
        assert r["wins"] == wins[name]
        assert r["score"] == pytest.approx(score[name] / games[name])
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i != j:
                cell = s.matrix[i][j]
                assert [cell["games"], cell["wins"], cell["losses"], cell["draws"]] == met[(a, b)]
    html = render_report(data)
    shown = html[html.index('id="ratings"'):html.index("</section>", html.index('id="ratings"'))]
    for name in names:                                     # the report's table: wins, then games
        assert f"<td class=num>{wins[name]}</td><td class=num>{games[name]}</td>" in shown
    ratings = read_rows(tmp_path / "t.ratings.csv")
    assert {r["entrant"]: (int(r["games"]), int(r["wins"])) for r in ratings} == \
        {n: (games[n], wins[n]) for n in names}


def test_place_scores_are_the_share_of_the_others_finished_ahead_of():
    from metatcg.sim.stats import place_scores

    assert place_scores([1.0, 0.0, -1.0]) == [1.0, 0.5, 0.0]
    assert place_scores([1.0, -1.0, -1.0]) == [1.0, 0.25, 0.25]
    assert place_scores([1.0, 1 / 3, -1 / 3, -1.0]) == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0])
    assert place_scores([1.0, -1.0]) == [1.0, 0.0] and place_scores([0.0, 0.0]) == [0.5, 0.5]


def correlated_games(n_games: int, seed: int = 1) -> tuple[list[GameResult], list[tuple[int, ...]]]:
    """Three entrants at one table. Entrant 0 either beats both others or loses to both (a
    coin per game): its two pair results in a game always agree."""
    rng = random.Random(seed)
    results, seatings = [], []
    for k in range(n_games):
        top = rng.random() < 0.5
        returns = [1.0, 0.0, -1.0] if top else ([-1.0, 1.0, 0.0] if k % 2 else [-1.0, 0.0, 1.0])
        results.append(GameResult(k, returns, returns.index(1.0), k % 3, 10, 50, "r"))
        seatings.append((0, 1, 2))
    return results, seatings


def test_rating_intervals_count_a_game_once_not_each_of_its_pair_results():
    ents = [Entrant(x, x, "b") for x in "ABC"]
    results, seatings = correlated_games(300)
    s = summarise_tournament("x", ents, 3, 100, results, seatings, 300, False, 1.0)
    wins = [[0.0] * 3 for _ in range(3)]
    for r, seating in zip(results, seatings):
        for a, b in itertools.combinations(range(3), 2):
            hi, lo = (a, b) if r.returns[a] > r.returns[b] else (b, a)
            wins[seating[hi]][seating[lo]] += 1
    independent = {r["name"]: r for r in bradley_terry(ents, wins, [[0.0] * 3 for _ in range(3)])}
    clustered = {r["name"]: r for r in s.ratings}
    assert clustered["A"]["rating"] == pytest.approx(independent["A"]["rating"])
    width = {k: d["A"]["ci95"][1] - d["A"]["ci95"][0] for k, d in (("one", independent), ("game", clustered))}
    assert width["game"] > 1.2 * width["one"]        # A's two results in a game are one sample
    for name in "ABC":
        assert clustered[name]["games"] == 300


def cut_tournament() -> tuple[list[Entrant], list[GameResult], list[tuple[int, ...]]]:
    """Four entrants at three seats; T always acts first when it sits (as a cut would pick it)
    and always wins; at tables without T the starter rotates and the winner does not depend
    on who started."""
    ents = [Entrant(x, x, "b") for x in ("T", "A", "B", "C")]
    results, seatings = [], []
    for table in itertools.combinations(range(4), 3):
        for k in range(60):
            seating = table[k % 3:] + table[:k % 3]
            if 0 in seating:
                first = winner = seating.index(0)
            else:
                first, winner = k % 3, (k // 3) % 3
            returns = [1.0 if p == winner else -1.0 for p in range(3)]
            results.append(GameResult(k, returns, winner, first, 10, 50, "r"))
            seatings.append(seating)
    return ents, results, seatings


def test_the_first_seat_edge_compares_like_with_like_when_a_rule_picks_the_starter():
    ents, results, seatings = cut_tournament()
    s = summarise_tournament("x", ents, 3, 60, results, seatings, len(results), False, 1.0)
    plain_first = sum(r.winner == r.first_player for r in results) / len(results)
    assert plain_first > 0.7                       # the plain rate mistakes T's strength for the seat's
    edge = s.first_seat_edge
    assert edge["answered"] and edge["ci95"][0] < 0 < edge["ci95"][1]
    assert abs(edge["edge"]) < 0.05
    assert edge["strata_compared"] == 3            # A, B and C at the one table without T
    assert "always or never acted first" in edge["note"]
    rows = {r["name"]: r for r in s.first_seat}
    assert rows["T"]["matched_games"] == 0 and rows["A"]["matched_games"] == 60
    html = render_report(s.to_json())
    first = html[html.index('id="first-seat"'):html.index("</section>", html.index('id="first-seat"'))]
    assert "even share 33%" in first and "1 in 3" in first
    assert "within chance" in first


def test_the_report_says_when_the_run_cannot_tell_whether_acting_first_helps():
    ents, results, seatings = cut_tournament()
    keep = [k for k, s in enumerate(seatings) if 0 in s]      # only tables where T always starts
    s = summarise_tournament("x", ents, 3, 60, [results[k] for k in keep], [seatings[k] for k in keep],
                             len(keep), False, 1.0)
    assert not s.first_seat_edge["answered"]
    assert "cannot be told from this run" in s.first_seat_edge["note"]
    html = render_report(s.to_json())
    assert "This run cannot tell" in html


def test_stratified_edge_needs_games_on_both_sides():
    from metatcg.sim.stats import stratified_edge

    few = stratified_edge([("a", True, 1.0)] * 3 + [("a", False, 0.0)] * 3)
    assert not few["answered"] and few["edge"] == 1.0
    many = stratified_edge([("a", True, 1.0)] * 20 + [("a", False, 0.0)] * 20 + [("b", True, 1.0)] * 50)
    assert many["answered"] and many["strata_compared"] == 1 and many["ci95"][0] > 0.8


def test_a_simulation_compares_each_seat_acting_first_with_the_same_seat_not():
    # seat 0 (a strong deck) always starts: the plain rate of the first player is its strength
    results = [GameResult(k, [1.0, -1.0, -1.0] if k % 4 else [-1.0, 1.0, -1.0], 0 if k % 4 else 1, 0, 10, 50, "r")
               for k in range(40)]
    s = summarise("x", ["strong", "b", "c"], ["r"] * 3, results, 1.0)
    assert s.first_player_win_rate == 0.75 and s.first_player_expected == pytest.approx(1 / 3)
    assert not s.first_player_by_seat["answered"]
    assert "cannot be told" in s.first_player_by_seat["note"]
    html = render_report(s.to_json())
    assert "cannot be told" in html and "this run cannot tell" in html[:html.index('id="seats"')]
