"""``metatcg simulate``: many seeded bot games (one deck and one bot per seat), a progress bar,
the per-seat results and the first player's edge."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.table import Table

from metatcg.bots import make_bot, searches
from metatcg.engine.game import Game
from metatcg.sim.jobs import BACKENDS
from metatcg.sim.runner import MatchSummary, auto_workers, simulate
from metatcg.native import speed_note

from .common import console, fail, load_deck, player_name
from .outputs import (check_targets, compile_tip, progress_bar, rules_module, stop_on_sigterm, stopped_notice,
                      write_outputs)
from .render import ui_for


def run_simulate(game: Game, deck_specs: list[str] | None, bots: list[str], games: int, seed: int,
                 json_path: Path | None, workers: int, options: dict[str, Any] | None = None,
                 csv_path: Path | None = None, report_path: Path | None = None, cards: bool = False,
                 backend: str = "local", address: str | None = None) -> MatchSummary:
    """``deck_specs`` gives one deck per seat (None: starter decks for the smallest table,
    or one per bot when several bots are named); ``bots`` one bot per seat or one for all."""
    if games < 1:
        fail("--games must be at least 1")
    for b in bots:
        make_bot(b)  # an unknown bot is a clear error before any game starts
    workers = check_workers(workers, games, backend, address, bots)
    check_targets(json=json_path, csv=csv_path, report=report_path)
    if deck_specs is None:
        deck_specs = starter_specs(game, len(bots) if len(bots) > 1 else default_seats(game))
    seats = len(deck_specs)
    if seats not in game.seat_counts:
        fail(f"{game.id} is played by {game.seats_text()} players: give one deck per seat "
             f"with --decks, not {seats}")
    if len(bots) == 1:
        bots = bots * seats
    elif len(bots) != seats:
        fail(f"give one bot per seat ({seats}) or one bot for all seats, not {len(bots)}")
    decks = [load_deck(game, spec) for spec in deck_specs]

    with progress_bar("simulating", games) as advance, stop_on_sigterm():
        summary = simulate(game, decks, bots, games, seed=seed, progress=advance, workers=workers,
                           options=options, backend=backend, address=address, cards=cards)
    if summary.stopped:
        stopped_notice(summary.games, games)
    if not summary.games:
        return summary
    unit = length_word(game)
    data = summary.to_json()
    data["turns_unit"] = unit      # what "turns_mean"/"turns_median" and each game's "turns" count
    if cards:
        from metatcg.sim.cards import card_impact

        rows = card_impact(summary.results, [summary.decks] * summary.games)
        data["cards"] = [r if isinstance(r, dict) else r.to_json() for r in rows]
    written = write_outputs(data, json_path, csv_path, report_path)
    console.print(summary_table(summary))
    console.print(summary_details(summary, unit, rules_module(game)))
    if cards:
        print_card_impact(data["cards"])
    compile_tip(summary.seconds, game, address)
    for line in written:
        console.print(line)
    return summary


def check_workers(workers: int, games: int, backend: str, address: str | None, bots: list[str]) -> int:
    """Workers for the run: 0 means every usable core (local; as many as pay for themselves,
    :func:`auto_workers`) or every CPU of the cluster (ray)."""
    if workers < 0:
        fail("--workers must be 0 (automatic) or more")
    if backend not in BACKENDS:
        fail(f"unknown --backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        fail("--address names a Ray cluster: use it with --backend ray")
    if workers == 0 and backend == "local":
        return auto_workers(games, slow=any(searches(b) for b in bots))
    return workers


def print_card_impact(rows: list[dict[str, Any]], n: int = 10) -> None:
    """The cards whose owners won most and least more often with them: compared by drawn when
    enough games lack each card, else by played (in a game where every deck is drawn to the
    end, every card is drawn in nearly every game), else on the few games there are, said so."""
    from metatcg.sim.cards import impact_basis, top_and_bottom

    from .cards_table import card_impact_table

    if not rows:
        console.print("No card was drawn in these games.")
        return
    basis = impact_basis(rows)
    if basis is None:
        console.print("No card was drawn in some games and not in others: there is nothing to compare.")
        return
    by, solid = basis
    top, bottom = top_and_bottom(rows, n, by=by, solid_only=solid)
    if not top and not bottom:
        console.print(f"No card changed its owner's win rate when {by} (each won as often with it as "
                      "without): there is nothing to rank.")
        return
    if by == "played":
        console.print("[dim]Nearly every card was drawn in nearly every game, so cards are compared by the games "
                      "in which they were played.[/]")
    if not solid:
        console.print("[yellow]Few games lacked each card: these differences rest on a handful of games "
                      "(read them with their intervals).[/]")
    what = "when drawn" if by == "drawn" else "when played"
    if top:
        console.print(card_impact_table(top, title=f"Cards that carry: top {len(top)} by impact {what}", by=by))
    if bottom:
        console.print(card_impact_table(bottom, title=f"Cards that drag: bottom {len(bottom)} by impact {what}", by=by))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: "tuple[float, float] | list[float]") -> str:
    lo, hi = ci
    return f"{_pct(lo)}–{_pct(hi)}"


def default_seats(game: Game) -> int:
    """Two seats where the game allows it, else its smallest table."""
    return 2 if 2 in game.seat_counts else min(game.seat_counts)


def starter_specs(game: Game, seats: int) -> list[str]:
    """Distinct starter decks for ``seats`` seats (repeated when there are fewer decks)."""
    starters = game.starter_deck_names()
    if not starters:
        fail(f"{game.id} has no starter decks; give --decks with one deck per seat")
    return [starters[i % len(starters)] for i in range(seats)]


def summary_table(s: MatchSummary) -> Table:
    t = Table(title=f"{s.game}: {s.games} games, {s.seats} seats", title_justify="left")
    t.add_column("Seat")
    t.add_column("Deck", style="bold", overflow="fold")
    t.add_column("Bot", overflow="fold")     # a search bot's settings are wrapped, never cut
    t.add_column("Wins", justify="right")
    t.add_column("Win rate", justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("Mean return", justify="right")
    for row in s.seat_rows():
        t.add_row(player_name(row["seat"]), escape(row["deck"]), escape(row["bot"]), str(row["wins"]),
                  _pct(row["win_rate"]), _ci(row["win_ci95"]), f"{row['mean_return']:+.2f}")
    return t


def length_word(game: Game) -> str:
    """The unit the game's length is counted in ("turns", "rounds"): the game's own word if it
    has one, else its renderer's."""
    word = getattr(game, "length_unit", None)
    return word if isinstance(word, str) and word else ui_for(game).length_word


def summary_details(s: MatchSummary, unit: str = "turns", rules: str = "") -> Table:
    t = Table(box=None, show_header=False, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    draws = s.draws / s.games if s.games else 0.0
    t.add_row("Draws", f"{s.draws} ({_pct(draws)})")
    t.add_row("Action limit", action_limit_text(s))
    for label, text in first_player_rows(s):
        t.add_row(label, text)
    t.add_row(unit.capitalize(), f"mean {s.turns_mean:.1f}, median {s.turns_median:g}")
    t.add_row("Actions", f"mean {s.actions_mean:.1f}, median {s.actions_median:g}")
    t.add_row("Speed", f"{s.games_per_second:.1f} games/s ({s.seconds:.2f} s){speed_note(rules)}")
    return t


def action_limit_text(s: MatchSummary, shown: int = 20) -> str:
    """Games the kernel ended at its action limit (draws nobody played to), with their seeds."""
    n = s.action_limit_games
    if not n:
        return "0 games ended at the action limit"
    seeds = ", ".join(str(x) for x in s.action_limit_seeds[:shown])
    more = f" and {n - shown} more" if n > shown else ""
    return f"{n} game{'s' if n != 1 else ''} ended at the action limit (seeds {seeds}{more})"


def first_player_rows(s: MatchSummary) -> list[tuple[str, str]]:
    """How often the seat that acted first won its decided games, and how far that is from
    the even share of ``1 / seats``."""
    if not s.first_player_games:
        return [("First player wins", "no decided game names its first player")]
    return [("First player wins", f"{_pct(s.first_player_win_rate)} of {s.first_player_games} decided games "
                                  f"(95% CI {_ci(s.first_player_ci95)})"),
            ("First player edge", f"{100 * s.first_player_edge:+.1f} points vs {_pct(s.first_player_expected)} "
                                  f"(an even share of {s.seats} seats)"),
            ("Same seat first", same_seat_text(s.first_player_by_seat))]


def same_seat_text(edge: dict[str, Any]) -> str:
    """The first-player edge like with like: each seat (deck and bot) acting first or not,
    pooled over the seats; a cut that picks the starter from the decks confounds the plain one."""
    if not edge:
        return "–"
    if not edge["answered"]:
        return escape(edge["note"])
    lo, hi = edge["ci95"]
    verdict = "a clear edge" if lo > 0 or hi < 0 else "within chance"
    note = f"; {escape(edge['note'])}" if edge["note"] else ""
    return (f"{100 * edge['edge']:+.1f} points (95% CI {100 * lo:+.1f} to {100 * hi:+.1f}) acting first vs the "
            f"same seat not, {verdict}{note}")
