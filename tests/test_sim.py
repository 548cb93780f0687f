"""The simulator: one deck and one bot per seat at any table size a game allows, quiet games,
per-seat results and the first player's edge. Runs for every registered game; the summary
arithmetic is also checked on made-up results for 3 and 4 seats."""
from __future__ import annotations

import json
import math

import pytest

import metatcg
from metatcg.engine.errors import MetatcgError, SeatCountError
from metatcg.engine.seats import one_winner, returns_by_place
from metatcg.sim import simulate, wilson
from metatcg.sim.runner import GameResult, play_game, summarise

TABLES = [(gid, n) for gid in metatcg.game_ids() for n in sorted(metatcg.load_game(gid).seat_counts)]


def table_id(t: tuple[str, int]) -> str:
    return f"{t[0]}-{t[1]}seats"


def decks_for(game, n: int) -> list[str]:
    starters = game.starter_deck_names()
    if not starters:
        pytest.skip(f"{game.id} has no starter decks")
    return [starters[i % len(starters)] for i in range(n)]


# --------------------------------------------------------------------------- real games
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_simulate_every_table_size(table):
    gid, n = table
    game = metatcg.load_game(gid)
    decks = decks_for(game, n)
    bots = ["random"] * n
    s = simulate(game, decks, bots, 6, seed=20)
    assert s.seats == n and s.decks == decks and s.bots == bots and s.games == 6
    for per_seat in (s.wins, s.win_rate, s.win_ci95, s.mean_return):
        assert len(per_seat) == n
    assert sum(s.wins) + s.draws == 6
    assert [r.seed for r in s.results] == list(range(20, 26))
    for p in range(n):
        assert s.wins[p] == sum(r.winner == p for r in s.results)
        assert math.isclose(s.mean_return[p], sum(r.returns[p] for r in s.results) / 6, abs_tol=1e-9)
        lo, hi = s.win_ci95[p]
        assert 0.0 <= lo <= s.win_rate[p] <= hi <= 1.0
    decided = [r for r in s.results if r.winner is not None and r.first_player is not None]
    assert s.first_player_games == len(decided)
    assert s.first_player_wins == sum(r.winner == r.first_player for r in decided)
    assert math.isclose(s.first_player_expected, 1 / n)
    if decided:
        assert math.isclose(s.first_player_edge, s.first_player_wins / len(decided) - 1 / n)
    data = json.loads(json.dumps(s.to_json()))
    assert data["seats"] == n and len(data["results"]) == 6
    assert "results" not in s.to_json(with_games=False)
    assert [row["seat"] for row in s.seat_rows()] == list(range(n))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_games_are_quiet_and_replay_to_the_same_result(table):
    """The simulator plays in quiet mode; the record replays (with its log) to the same end."""
    gid, n = table
    game = metatcg.load_game(gid)
    state, result = play_game(game, decks_for(game, n), ["greedy"] + ["random"] * (n - 1), seed=4)
    assert state.is_terminal() and not state.logging and state.log == []
    assert result.returns == state.returns() and result.winner == state.winner()
    again = game.replay(state.record())
    assert again.logging and again.log
    assert again.returns() == state.returns() and again.reason == state.reason


def test_workers_give_the_same_games_in_seed_order():
    gid, n = TABLES[-1]                      # the last registered game at its largest table
    game = metatcg.load_game(gid)
    decks = decks_for(game, n)
    bots = ["greedy"] + ["random"] * (n - 1)
    one = simulate(game, decks, bots, 4, seed=8)
    two = simulate(game, decks, bots, 4, seed=8, workers=2)
    assert one.results == two.results


def test_seats_must_match_the_game_and_the_bots():
    game = metatcg.load_game(metatcg.game_ids()[0])
    n = max(game.seat_counts)
    decks = decks_for(game, n)
    with pytest.raises(SeatCountError, match="one deck each"):
        simulate(game, decks + decks[:1], ["random"] * (n + 1), 1)
    with pytest.raises(MetatcgError, match="one bot per seat"):
        simulate(game, decks, ["random"] * (n + 1), 1)


# --------------------------------------------------------------------------- the arithmetic
def result(seed: int, returns, first: int | None) -> GameResult:
    top = max(returns)
    best = [p for p, r in enumerate(returns) if r == top and r > 0]
    return GameResult(seed, list(returns), best[0] if len(best) == 1 else None, first, 10, 50, "")


def test_three_seat_summary():
    results = [
        result(0, returns_by_place([0, 1, 2]), 0),       # seat 0 first and wins
        result(1, returns_by_place([2, 0, 1]), 1),       # seat 1 wins, acted first
        result(2, returns_by_place([1, 2, 0]), 0),       # seat 2 wins, seat 0 acted first
        result(3, returns_by_place([0, 0, 1]), 2),       # first place shared: no winner
        result(4, one_winner(3, 1), None),               # the game names no first player
    ]
    s = summarise("toy", ["a", "b", "c"], ["x", "y", "z"], results, 1.0)
    assert s.seats == 3 and s.wins == [1, 2, 1] and s.draws == 1
    assert s.win_rate == [0.2, 0.4, 0.2]
    assert s.first_player_games == 3 and s.first_player_wins == 2
    assert math.isclose(s.first_player_expected, 1 / 3)
    assert math.isclose(s.first_player_edge, 2 / 3 - 1 / 3)
    assert s.first_player_ci95 == wilson(2, 3)
    assert math.isclose(s.mean_return[0], (1 + -1 + 0 + 0.5 + -1) / 5)


def test_four_seat_places_count_one_winner():
    """With four seats the second place has a positive return too; only first place wins."""
    s = summarise("toy", list("abcd"), ["r"] * 4, [result(0, returns_by_place([1, 0, 2, 3]), 3)], 1.0)
    assert s.wins == [0, 1, 0, 0] and s.draws == 0
    assert s.first_player_wins == 0 and math.isclose(s.first_player_edge, -0.25)


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0.0 < hi < 0.2
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.8 < lo < 1.0


# --------------------------------------------------------------------------- action-limit endings
@pytest.mark.parametrize("gid", metatcg.game_ids())
def test_games_ended_at_the_action_limit_are_counted_apart_with_their_seeds(gid, monkeypatch):
    """Issue 7: a game the kernel ends at its action limit is flagged by the kernel
    (``GameState.hit_action_limit``) and counted apart, with its seed, in the summary."""
    game = metatcg.load_game(gid)
    n = min(game.seat_counts)
    decks = decks_for(game, n)
    normal = simulate(game, decks, ["random"] * n, 3, seed=5)
    assert normal.action_limit_games == 0 and normal.action_limit_seeds == []
    assert not any(r.action_limit for r in normal.results)
    monkeypatch.setattr(game.rules, "action_limit", 3)
    s = simulate(game, decks, ["random"] * n, 3, seed=5)
    assert s.action_limit_games == 3 and s.action_limit_seeds == [5, 6, 7]
    assert all(r.action_limit and "action limit" in r.reason for r in s.results)
    assert s.draws == 3
    data = json.loads(json.dumps(s.to_json(with_games=False)))
    assert data["action_limit_games"] == 3 and data["action_limit_seeds"] == [5, 6, 7]


def test_the_kernel_flags_a_game_ended_at_the_action_limit():
    game = metatcg.load_game(metatcg.game_ids()[0])
    decks = decks_for(game, min(game.seat_counts))
    st = game.new_state(decks, seed=3, options={"action_limit": 2}, log=False)
    while not st.is_terminal():
        st.apply(st.legal_actions()[0].id)
    assert st.hit_action_limit and st.actions_taken == 2
    assert st.clone().hit_action_limit
    st2 = game.new_state(decks, seed=3, log=False)
    assert not st2.hit_action_limit                     # not over yet


def test_summary_counts_action_limit_seeds_and_the_cli_line_names_them():
    from metatcg.cli.simulate import action_limit_text
    rs = [result(s, [0.0, 0.0], 0) for s in range(4)]
    for s in (1, 3):
        rs[s].action_limit = True
    s = summarise("toy", ["a", "b"], ["x", "y"], rs, 1.0)
    assert s.action_limit_games == 2 and s.action_limit_seeds == [1, 3] and s.draws == 4
    assert action_limit_text(s) == "2 games ended at the action limit (seeds 1, 3)"
    assert action_limit_text(summarise("toy", ["a", "b"], ["x", "y"], rs[:1], 1.0)) == \
        "0 games ended at the action limit"
    many = summarise("toy", ["a", "b"], ["x", "y"], [GameResult(i, [0.0, 0.0], None, 0, 1, 1, "", True)
                                                     for i in range(25)], 1.0)
    assert action_limit_text(many).endswith("(seeds 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "
                                            "16, 17, 18, 19 and 5 more)")


def test_the_local_backend_counts_the_cpus_this_process_may_use(monkeypatch):
    """Workers follow the process's CPU affinity (a container may allow fewer CPUs than the
    machine has), and start only once there are enough games to pay for them."""
    import os

    from metatcg.sim import runner
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
    assert runner.usable_cpus() == 3
    assert runner.auto_workers(1000) == 3 and runner.auto_workers(50) == 2 and runner.auto_workers(10) == 1
    # a searching bot's games take seconds each: every core works from the second game on
    assert runner.auto_workers(10, slow=True) == 3 and runner.auto_workers(2, slow=True) == 2
    assert runner.auto_workers(1, slow=True) == 1


def test_a_run_with_a_searching_bot_starts_a_worker_per_core_at_once(monkeypatch):
    """``--workers 0`` (the default) with ismcts in a seat: a few games are already worth every
    core; with greedy and random they are not."""
    import os

    from metatcg.bots import searches
    from metatcg.cli.simulate import check_workers
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert searches("ismcts:iters=50") and searches("ismcts") and not searches("greedy")
    assert not searches("random") and not searches("nosuchbot")
    assert check_workers(0, 6, "local", None, ["ismcts:ms=50", "greedy"]) == 4
    assert check_workers(0, 6, "local", None, ["greedy", "random"]) == 1
    assert check_workers(2, 6, "local", None, ["ismcts"]) == 2      # an explicit count is kept
