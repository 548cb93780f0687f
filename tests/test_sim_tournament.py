"""Tournaments: the schedule (every pairing, every seat order, shared seeds), the statistics
(matrix, Bradley–Terry ratings, first-seat edge, endings, lengths), stopping early, and the
``metatcg tournament`` command."""
from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from typer.testing import CliRunner

from metatcg.cli.main import app
from metatcg.engine.errors import MetatcgError
from metatcg.registry import load_game
from metatcg.sim.runner import GameResult
from metatcg.sim.tournament import (Entrant, bradley_terry, name_entrants, run_tournament, schedule,
                                    summarise_tournament)

runner = CliRunner()


def entrants_for(game_id: str, bots: list[str] | None = None) -> list[Entrant]:
    game = load_game(game_id)
    names = game.starter_deck_names()
    return name_entrants([(n, game.starter_deck(n)) for n in names], bots or ["random"] * len(names))


def test_schedule_plays_every_pairing_in_every_seat_order_on_the_same_seeds():
    sched = schedule(3, 2, 4, seed=10)
    assert len(sched) == 3 * 4 * 2
    by_pair = Counter((tuple(sorted(s)), seed) for s, seed in sched)
    assert set(by_pair.values()) == {2}                      # each seed once per seat order
    assert {seed for _, seed in sched} == {10, 11, 12, 13}   # the same seeds for every pairing
    for (a, b), seed in {(s, seed) for s, seed in sched}:
        assert ((b, a), seed) in sched                       # seat-swapped partner


def test_schedule_at_three_seats_rotates_every_group():
    sched = schedule(4, 3, 2, seed=0)
    assert len(sched) == 4 * 2 * 3                           # C(4,3) groups, 2 seeds, 3 rotations
    for group in {frozenset(s) for s, _ in sched}:
        seatings = [s for s, _ in sched if frozenset(s) == group]
        for e in group:                                      # each entrant in each seat once per seed
            assert sorted(s.index(e) for s in seatings) == [0, 0, 1, 1, 2, 2]


def _result(seed: int, winner: int | None, first: int = 0) -> GameResult:
    returns = [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in range(2)]
    return GameResult(seed, returns, winner, first, 10, 50, "r", ending="wins" if winner is not None else "draw")


def test_ratings_follow_the_scores_and_tighten_with_more_games():
    ents = [Entrant("A", "A", "b"), Entrant("B", "B", "b")]

    def rate(n: int) -> list[dict]:
        wins = [[0.0, 3.0 * n], [1.0 * n, 0.0]]                # A scores 75% against B
        return bradley_terry(ents, wins, [[0.0, 0.0], [0.0, 0.0]])

    small, big = rate(10), rate(1000)
    assert [r["name"] for r in big] == ["A", "B"]
    gap = big[0]["rating"] - big[1]["rating"]
    assert gap == pytest.approx(400 * math.log10(3), abs=2)   # 75% is 191 Elo
    assert (big[0]["rating"] + big[1]["rating"]) / 2 == pytest.approx(1500)
    width = [r["ci95"][1] - r["ci95"][0] for r in (small[0], big[0])]
    assert width[1] < width[0] / 5
    assert big[0]["score"] == pytest.approx(0.75) and big[0]["games"] == 4000


def test_a_perfect_record_still_has_a_finite_rating():
    ents = [Entrant("A", "A", "b"), Entrant("B", "B", "b")]
    rows = bradley_terry(ents, [[0.0, 20.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]])
    assert all(math.isfinite(r["rating"]) and math.isfinite(r["ci95"][0]) for r in rows)
    assert rows[0]["name"] == "A" and rows[0]["score"] == 1.0


def test_summary_counts_matrix_first_seat_and_endings_from_known_games():
    ents = [Entrant("A", "A", "b"), Entrant("B", "B", "b")]
    # A as seat 0 wins twice (once first), draws once; B as seat 0 wins once (first).
    games = [((0, 1), _result(1, 0, first=0)), ((0, 1), _result(2, 0, first=1)), ((0, 1), _result(3, None)),
             ((1, 0), _result(1, 0, first=0))]
    s = summarise_tournament("x", ents, 2, 2, [r for _, r in games], [g for g, _ in games], 4, False, 1.0)
    a_vs_b, b_vs_a = s.matrix[0][1], s.matrix[1][0]
    assert (a_vs_b["wins"], a_vs_b["losses"], a_vs_b["draws"], a_vs_b["games"]) == (2, 1, 1, 4)
    assert a_vs_b["score"] == pytest.approx(2.5 / 4) and b_vs_a["score"] == pytest.approx(1.5 / 4)
    assert s.matrix[0][0] is None
    first = {r["name"]: r for r in s.first_seat}
    assert (first["A"]["first_games"], first["A"]["first_wins"]) == (2, 1)     # seeds 1 and 3 (draw)
    assert (first["A"]["second_games"], first["A"]["second_wins"]) == (2, 1)
    assert (first["B"]["first_games"], first["B"]["first_wins"]) == (2, 1)
    assert s.endings == {"wins": 3, "draw": 1} and s.draws == 1
    assert s.ratings[0]["name"] == "A"


def test_a_tournament_is_the_same_on_one_or_two_workers_and_its_totals_add_up():
    game = load_game("metax")
    ents = entrants_for("metax")
    one = run_tournament(game, ents, 6, seed=3, workers=1)
    two = run_tournament(game, ents, 6, seed=3, workers=2)
    assert [r.returns for r in one.results] == [r.returns for r in two.results]
    assert one.seatings == two.seatings and one.ratings == two.ratings
    assert one.games == one.planned_games == 3 * 6
    assert sum(one.endings.values()) == one.games
    for i in range(3):
        for j in range(3):
            if i != j:
                assert one.matrix[i][j]["wins"] == one.matrix[j][i]["losses"]
                assert one.matrix[i][j]["games"] == 6
    assert sum(r["first_games"] + r["second_games"] for r in one.first_seat) == 2 * one.games
    data = json.loads(json.dumps(one.to_json()))
    assert data["kind_of_run"] == "tournament" and len(data["results"]) == one.games
    assert data["games_per_pairing"] == 6 and len(data["lengths"]["turns"]) == one.games


def test_three_seat_tournament_in_a_game_that_allows_it():
    game = load_game("metabaloids")
    ents = entrants_for("metabaloids")[:3]
    s = run_tournament(game, ents, 3, seats=3, seed=0, workers=1)
    assert s.games == 3 and all(sorted(seating) == [0, 1, 2] for seating in s.seatings)
    assert all(c is None or c["games"] == 3 for row in s.matrix for c in row)


def test_stopping_early_keeps_the_finished_games():
    game = load_game("metax")
    ents = entrants_for("metax")

    def stop_after_some(done: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    s = run_tournament(game, ents, 10, seed=0, workers=1, progress=stop_after_some)
    assert s.stopped and s.games == 4 and s.planned_games == 30
    assert [r.seed for r in s.results] == [0, 0, 1, 1]        # the first games, in order
    assert sum(c["games"] for row in s.matrix for c in row if c) == 2 * 4


def test_bad_tournaments_are_refused_clearly():
    game = load_game("metax")
    ents = entrants_for("metax")
    with pytest.raises(MetatcgError, match="not 3"):
        run_tournament(game, ents, 2, seats=3)
    with pytest.raises(MetatcgError, match="at least 2 entrants"):
        run_tournament(game, ents[:1], 2)
    deck = game.starter_deck("aggro")
    with pytest.raises(MetatcgError, match="entered twice"):
        name_entrants([("aggro", deck), ("aggro", deck)], ["random", "random"])
    assert [e.name for e in name_entrants([("aggro", deck), ("aggro", deck)], ["random", "greedy"])] == \
        ["aggro (random)", "aggro (greedy)"]


def test_tournament_command_prints_the_tables_and_writes_json(tmp_path):
    out = tmp_path / "t.json"
    r = runner.invoke(app, ["tournament", "metax", "--bots", "random", "--games", "4", "--json", str(out)])
    assert r.exit_code == 0, r.output
    for heading in ("Rating", "Matchups", "When each entrant acted first", "How the games ended",
                    "Game lengths", "is strongest"):
        assert heading in r.output
    data = json.loads(out.read_text())
    assert data["games"] == 12 and len(data["entrants"]) == 3


@pytest.mark.parametrize("args,message", [
    (["--decks", "aggro", "--bots", "random"], "at least 2 entrants"),
    (["--bots", "random", "random"], "one bot for every deck"),
    (["--bots", "random", "--seats", "3"], "not 3"),
    (["--bots", "nobody"], "unknown bot"),
    (["--bots", "random", "--json", "/no/such/folder/t.json"], "cannot write --json"),
    (["--bots", "random", "--backend", "cloud"], "unknown --backend"),
    (["--bots", "random", "--address", "1.2.3.4:6379"], "--address names a Ray cluster"),
])
def test_tournament_command_refuses_bad_input_before_playing(args, message):
    r = runner.invoke(app, ["tournament", "metax", "--games", "2", *args])
    assert r.exit_code == 2 and message in r.output, r.output


def test_the_matchup_matrix_of_seven_entrants_fits_80_columns_strongest_first():
    """Seven decks with long names: every row, the strongest first, and every interval is printed
    whole in an 80-column terminal (ranks head the columns, figures are whole percents)."""
    from rich.console import Console

    from metatcg.cli.tournament import matrix_table

    n = 7
    ents = [Entrant(f"deck-number-{k}-long-name", f"deck-number-{k}-long-name", "b") for k in range(n)]
    games, seatings = [], []
    for i in range(n):
        for j in range(i + 1, n):
            for seed in range(4):   # the higher index wins 3 of 4: the last entrant is strongest
                winner = 1 if seed else 0
                games.append(_result(seed, winner, first=seed % 2))
                seatings.append((i, j))
    s = summarise_tournament("x", ents, 2, 4, games, seatings, len(games), False, 1.0)
    con = Console(width=80, record=True, color_system=None)
    con.print(matrix_table(s))
    text = con.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    rows = [line for line in text.splitlines() if line.lstrip().startswith("#") and "deck" in line]
    assert [r.split()[0] for r in rows] == [f"#{k}" for k in range(1, n + 1)]
    assert "deck-number-6" in rows[0] and "deck-number-0" in rows[-1]
    assert "…" not in "".join(line for line in text.splitlines() if "–" in line)   # intervals whole
    assert "5–70" in text and "30–95" in text   # Wilson 95% of 1 and 3 wins in 4, whole percents


def test_the_headline_names_a_clear_leader_or_two_entrants_level_at_the_top():
    from metatcg.cli.tournament import headline

    ents = [Entrant("A", "A", "b"), Entrant("B", "B", "b"), Entrant("C", "C", "b")]
    games, seatings = [], []
    for (i, j), a_wins in (((0, 1), 2), ((0, 2), 4), ((1, 2), 4)):   # A and B split 2-2; both beat C
        for seed in range(4):
            games.append(_result(seed, 0 if seed < a_wins else 1))
            seatings.append((i, j))
    level = summarise_tournament("x", ents, 2, 4, games, seatings, len(games), False, 1.0)
    text = headline(level)
    assert "share the top rating" in text and "strongest" not in text and "head to head 50.0%" in text
    games[0] = _result(0, 0)
    games[2] = _result(2, 0)                                           # A now beats B 3-1
    clear = headline(summarise_tournament("x", ents, 2, 4, games, seatings, len(games), False, 1.0))
    assert "[bold]A[/] is strongest" in clear and "head to head 75.0%" in clear


def test_an_entrant_that_always_or_never_acts_first_has_no_edge_printed():
    """Where a rule picks the first player (Metabaloids' cut), an entrant may always act first:
    the table says so instead of a '0% of 0' rate and a +0 edge."""
    from rich.console import Console

    from metatcg.cli.tournament import first_seat_table

    ents = [Entrant("A", "A", "b"), Entrant("B", "B", "b")]
    games = [_result(seed, seed % 2, first=0) for seed in range(4)]           # A is always seat 0, first
    s = summarise_tournament("x", ents, 2, 4, games, [(0, 1)] * 4, 4, False, 1.0)
    con = Console(width=100, record=True, color_system=None)
    con.print(first_seat_table(s))
    lines = {ln.split("│")[1].strip(): ln for ln in con.export_text().splitlines() if ln.count("│") > 5}
    assert "always first" in lines["A"] and "50% of 4" in lines["A"] and "pts" not in lines["A"]
    assert "never first" in lines["B"] and "50% of 4" in lines["B"] and "0% of 0" not in lines["B"]
