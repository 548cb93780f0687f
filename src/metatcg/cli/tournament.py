"""``metatcg tournament``: every pairing of decks in both seat orders on shared seeds, printed as
ratings, a matchup matrix, the first-seat edge, how the games ended and how long they were."""
from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from metatcg.bots import make_bot
from metatcg.engine.game import Game
from metatcg.sim.tournament import TournamentSummary, name_entrants, plan_games, run_tournament, schedule
from metatcg.native import speed_note

from .common import console, fail, load_deck
from .outputs import (check_targets, compile_tip, progress_bar, rules_module, stop_on_sigterm, stopped_notice,
                      write_outputs)
from .simulate import _ci, _pct, check_workers, length_word, print_card_impact


def run_tournament_cli(game: Game, deck_specs: list[str] | None, bots: list[str], games: int, seats: int,
                       seed: int, workers: int, options: dict[str, Any] | None, cards: bool,
                       json_path: Path | None, csv_path: Path | None, report_path: Path | None,
                       backend: str = "local", address: str | None = None) -> TournamentSummary:
    if deck_specs is None:
        deck_specs = game.starter_deck_names()
        if len(deck_specs) < 2:
            fail(f"{game.id} has fewer than two starter decks; name the decks with --decks")
    if len(bots) == 1:
        bots = bots * len(deck_specs)
    for b in set(bots):
        make_bot(b)
    check_targets(json=json_path, csv=csv_path, report=report_path)
    decks = [(_deck_name(game, spec), load_deck(game, spec)) for spec in deck_specs]
    entrants = name_entrants(decks, bots)
    per_group = plan_games(game, entrants, games, seats)
    total = len(schedule(len(entrants), seats, per_group, seed))
    workers = check_workers(workers, total, backend, address, bots)
    with progress_bar("tournament", total) as advance, stop_on_sigterm():
        summary = run_tournament(game, entrants, games, seats=seats, seed=seed, workers=workers, backend=backend,
                                 address=address, options=options, cards=cards, progress=advance)
    summary.turns_unit = length_word(game)
    if summary.stopped:
        stopped_notice(summary.games, total)
    if not summary.games:
        return summary
    data = summary.to_json()
    written = write_outputs(data, json_path, csv_path, report_path)
    print_tournament(summary, rules_module(game))
    if cards and data["cards"] is not None:
        print_card_impact(data["cards"])
    compile_tip(summary.seconds, game, address)
    for line in written:
        console.print(line)
    return summary


def _deck_name(game: Game, spec: str) -> str:
    """A deck's short name: a starter's own name, a file's stem."""
    return Path(spec).stem if spec not in game.starter_deck_names() else spec


def print_tournament(s: TournamentSummary, rules: str = "") -> None:
    console.print(ratings_table(s))
    console.print(headline(s))
    console.print(matrix_table(s))
    console.print(first_seat_table(s))
    console.print(endings_table(s))
    console.print(lengths_table(s))
    console.print(f"{s.games} games in {s.seconds:.1f} s ({s.games / s.seconds if s.seconds else 0:.1f} games/s)"
                  f"{speed_note(rules)}")


def headline(s: TournamentSummary) -> str:
    """The answer a designer asks first: who is strongest, by how much, how sure."""
    r = s.ratings
    if len(r) < 2:
        return ""
    a, b = r[0], r[1]
    sure = a["ci95"][0] > b["ci95"][1]
    cell = s.matrix[a["entrant"]][b["entrant"]]
    between = f"head to head {_pct(cell['score'])} ({_ci(cell['ci95'])})" if cell else ""
    h2h = f"; {between}" if cell else ""
    if round(a["rating"]) == round(b["rating"]):
        return (f"[bold]{escape(a['name'])}[/] and [bold]{escape(b['name'])}[/] share the top rating, "
                f"{a['rating']:.0f}{f' ({between})' if cell else ''}: play more games to separate them.")
    verdict = ("its interval is clear of the next one's" if sure
               else "the intervals overlap: play more games to separate them")
    return (f"[bold]{escape(a['name'])}[/] is strongest: rated {a['rating']:.0f}, against {b['rating']:.0f} for "
            f"{escape(b['name'])} (+{a['rating'] - b['rating']:.0f} Elo{h2h}); {verdict}.")


def ratings_table(s: TournamentSummary) -> Table:
    per = (f"{s.games_per_pairing} games per pairing" if s.seats == 2
           else f"{s.games_per_pairing} games per table of {s.seats}")
    t = Table(title=f"{s.game}: {len(s.entrants)} entrants, {per}", title_justify="left")
    for col, just in (("#", "right"), ("Entrant", "left"), ("Rating", "right"), ("95% CI", "right"),
                      ("Score", "right"), ("Wins", "right"), ("Games", "right")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for k, row in enumerate(s.ratings, 1):
        lo, hi = row["ci95"]
        t.add_row(str(k), escape(row["name"]), f"{row['rating']:.0f}", f"{lo:.0f}–{hi:.0f}",
                  _pct(row["score"]), str(row["wins"]), str(row["games"]))
    if s.seats > 2:
        t.caption = ("Each game counts once. Score: the share of the others at the table an entrant finished "
                     "ahead of (ties half); wins: games it finished first alone.")
        t.caption_justify = "left"
    return t


def matrix_table(s: TournamentSummary) -> Table:
    """Row entrant's score against the column entrant (wins plus half the draws), strongest
    first. Columns are headed by rating rank and figures are whole percents, so seven or eight
    entrants and their intervals still fit an 80-column terminal."""
    order = [r["entrant"] for r in s.ratings] or list(range(len(s.entrants)))
    t = Table(title="Matchups: the row's score against the column, % (95% CI below)",
              title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False,
              collapse_padding=True)
    t.add_column("", justify="right", no_wrap=True)
    t.add_column("", overflow="fold", max_width=22)             # long names wrap, never cut
    for k in range(1, len(order) + 1):
        t.add_column(f"#{k}", justify="center", no_wrap=True)
    for k, i in enumerate(order, 1):
        cells = []
        for j in order:
            c = s.matrix[i][j]
            cells.append("—" if c is None else f"{_pct0(c['score'])}\n[dim]{_ci0(c['ci95'])}[/]")
        t.add_row(f"#{k}", escape(s.entrants[i].name), *cells)
    return t


def first_seat_table(s: TournamentSummary) -> Table:
    """Each entrant's win rate acting first and not; the edge is compared at the same tables
    only, and the caption gives the pooled answer or says the run cannot give one."""
    t = Table(title="When each entrant acted first (%, 95% CI)", title_justify="left",
              caption=first_seat_caption(s.first_seat_edge), caption_justify="left")
    for col in ("Entrant", "Won first", "95% CI", "Won not first", "95% CI", "Edge (CI)"):
        t.add_column(col, justify="left" if col == "Entrant" else "right")
    for r in s.first_seat:
        first, second = r["first_games"], r["second_games"]   # a rule may decide who starts (a cut)
        if not first and not second:                            # a run stopped before its games
            t.add_row(escape(r["name"]), "no games", "–", "–", "–", "–")
            continue
        t.add_row(escape(r["name"]),
                  f"{_pct0(r['first_win_rate'])} of {first}" if first else "never first",
                  _ci0(r["first_ci95"]) if first else "–",
                  f"{_pct0(r['second_win_rate'])} of {second}" if second else "always first",
                  _ci0(r["second_ci95"]) if second else "–",
                  _edge(r["matched_edge"], r["matched_ci95"]) if r["matched_games"] else "–")
    return t


def first_seat_caption(edge: dict[str, Any]) -> str:
    """The first-seat answer, like with like, in one sentence."""
    if not edge["answered"]:
        return f"Does acting first help? {escape(edge['note'])}."
    lo, hi = edge["ci95"]
    verdict = "a clear edge" if lo > 0 or hi < 0 else "within chance"
    note = f"; {escape(edge['note'])}" if edge["note"] else ""
    return (f"Edge: the same entrant at the same table, acting first or not. Pooled: "
            f"{_edge(edge['edge'], edge['ci95'])} pts over {edge['first_games']} + {edge['other_games']} games, "
            f"{verdict}{note}.")


def _edge(x: float, ci: list[float]) -> str:
    return f"{100 * x:+.0f} ({100 * ci[0]:+.0f}…{100 * ci[1]:+.0f})"


def _pct0(x: float) -> str:
    return f"{100 * x:.0f}%"


def _ci0(ci: list[float]) -> str:
    return f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}"


def endings_table(s: TournamentSummary) -> Table:
    """Each way a game ended; the action-limit endings (which nobody played to) apart."""
    t = Table(title="How the games ended", title_justify="left")
    t.add_column("Ending")
    t.add_column("Games", justify="right")
    t.add_column("Share", justify="right")
    for name, n in s.endings.items():
        if name != "action limit":
            t.add_row(escape(name), str(n), _pct(n / s.games))
    t.add_row("draws (all kinds)", str(s.draws), _pct(s.draws / s.games))
    seeds = ", ".join(str(x) for x in s.action_limit_seeds[:10])
    t.add_row("action limit", str(s.action_limit_games) + (f" (seeds {seeds})" if seeds else ""),
              _pct(s.action_limit_games / s.games))
    return t


def lengths_table(s: TournamentSummary) -> Table:
    t = Table(title="Game lengths", title_justify="left")
    for col in ("", "mean", "median", "10%", "90%", "max"):
        t.add_column(col, justify="left" if not col else "right")
    for label, xs in ((s.turns_unit.capitalize(), s.lengths["turns"]), ("Actions", s.lengths["actions"])):
        q = statistics.quantiles(xs, n=10) if len(xs) > 1 else [xs[0]] * 9
        t.add_row(label, f"{statistics.fmean(xs):.1f}", f"{statistics.median(xs):g}", f"{q[0]:g}",
                  f"{q[-1]:g}", str(max(xs)))
    return t
