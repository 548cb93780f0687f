"""One self-contained HTML page from a simulation's or a tournament's JSON summary.

:func:`write_report` takes what ``MatchSummary.to_json()`` or ``TournamentSummary.to_json()``
returns (a tournament has ``"kind_of_run": "tournament"``) and writes a single file: inline CSS,
the plots as inline SVG drawn by matplotlib (``Figure`` objects with no pyplot and no global
backend), no script and no external address. It opens with the answer in plain words (which
deck or seat is strongest, by how much, and whether the intervals settle it), then the
sections the data has:

* tournament: ratings, matchup heatmap, first-seat edge;
* simulation: seats (win rates), first player;
* both: card impact (with ``--cards``), endings, game length, run facts.

Every name a user gave (decks, cards, entrants, bots, endings) is HTML-escaped.
"""
from __future__ import annotations

import math
import os
import statistics
from pathlib import Path
from typing import Any

from .charts import (
    card_chart,
    first_player_chart,
    length_histograms,
    matchup_heatmap,
    matrix_cell,
    paired_rate_chart,
    rating_chart,
    seat_chart,
)
from .export import card_rows, check_target, entrant_names, is_tournament, seat_label, write_text
from .cards import impact_basis, top_and_bottom
from .report_text import elo_expected, esc, interval, num, pair, pct, plural, points
from .runner import wilson

SEEDS_SHOWN = 50         # action-limit seeds listed before "and N more"


def write_report(data: dict[str, Any], path: str | os.PathLike[str]) -> Path:
    """Write the report of ``data`` (a simulation or a tournament) to ``path`` and return it.
    The file is written whole or not at all; a path that cannot be written raises
    :class:`~metatcg.engine.errors.MetatcgError`."""
    target = check_target(path, "the report")
    return write_text(target, render_report(data), "the report")


def render_report(data: dict[str, Any]) -> str:
    """The report page as text."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none", "font.size": 9, "axes.titlesize": 10,
                                "axes.spines.top": False, "axes.spines.right": False,
                                "svg.hashsalt": None}):
        if is_tournament(data):
            title, sections = _tournament_sections(data)
        else:
            title, sections = _simulation_sections(data)
    return _page(title, data, sections)


def table(header: list[str], rows: list[list[str]], classes: list[str] | None = None,
          numeric: set[int] | None = None) -> str:
    """An HTML table from cells that are already HTML."""
    numeric = numeric or set()
    head = "".join(f'<th{" class=num" if i in numeric else ""}>{h}</th>' for i, h in enumerate(header))
    body = []
    for k, row in enumerate(rows):
        cls = f' class="{classes[k]}"' if classes and classes[k] else ""
        cells = "".join(f'<td{" class=num" if i in numeric else ""}>{c}</td>' for i, c in enumerate(row))
        body.append(f"<tr{cls}>{cells}</tr>")
    # a table wider than the page (the card table has 13 columns) scrolls in its own box
    # instead of making the whole page scroll sideways
    return f"<div class=wide><table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"


# --------------------------------------------------------------------------- shared sections
def _cards_answer(rows: list[dict[str, Any]], deck_names: list[str]) -> str:
    """Which card carries the deck most and which drags it most, ranked as the terminal ranks
    them (:func:`impact_basis`: by drawn, else by played, the few-games fallback said so)."""
    mine = [r for r in rows if str(r.get("deck")) in deck_names]
    basis = impact_basis(mine)
    if basis is None:
        return ""
    by, solid = basis
    top, bottom = top_and_bottom(mine, 1, by=by, solid_only=solid)

    def said(r: dict[str, Any]) -> str:
        lo, hi = pair(r.get(f"impact_{by}_ci95")) if r.get(f"impact_{by}_ci95") else (-1.0, 1.0)
        placed = r.get("measure") == "place score"
        what, of = ("a place score of ", "in") if placed else ("", "of")
        return (f"<strong>{esc(r.get('card'))}</strong> ({points(r.get(f'impact_{by}'))}: "
                f"{what}{pct(r.get(f'{by}_win_rate'), 0)} {of} {int(num(r.get(by)))} games when {by} against "
                f"{pct(r.get(f'not_{by}_win_rate'), 0)} of {int(num(r.get(f'not_{by}')))} when not; "
                + ("a clear effect, its 95% interval clear of zero" if lo > 0 or hi < 0 else "within chance") + ")")

    parts = []
    if top:
        parts.append(f"the card that carries it most is {said(top[0])}")
    if bottom:
        parts.append(f"the one that drags it most is {said(bottom[0])}")
    if not parts:
        return ""
    few = "" if solid else " (few games lacked each card: read these with their intervals)"
    return f"<p>In {esc(deck_names[0])}, {' and '.join(parts)}{few}.</p>"


def cards_section(rows: list[dict[str, Any]], deck_order: list[str]) -> str:
    decks = list(dict.fromkeys([d for d in deck_order if any(str(r.get("deck")) == d for r in rows)]
                               + [str(r.get("deck")) for r in rows]))
    placed = any(r.get("measure") == "place score" for r in rows)
    rate = "place score" if placed else "win rate"
    parts = [f"<p>For each card, its deck's {rate} in the games where the card was drawn minus its {rate} "
             "in the games where it was not (“impact when drawn”); each game counts once. "
             + ("At three or four seats a deck's place score in a game is the share of the other seats it "
                "finished ahead of (100% first, 0% last, ties half), so a deck that never wins still shows "
                "which cards lift its place. " if placed else "")
             + "A card almost always or almost never drawn has few games on one side and a wide interval; "
               "read its bar with its counts.</p>"]
    for deck in decks:
        mine = [r for r in rows if str(r.get("deck")) == deck]
        chartable = [r for r in mine if num(r.get("drawn")) > 0 and num(r.get("not_drawn")) > 0]
        if chartable:
            parts.append(card_chart(deck, chartable, rate))
        left = len(mine) - len(chartable)
        if left:
            parts.append(f"<p class=note>{esc(deck)}: {plural(left, 'card')} drawn in every game or in none "
                         f"{'is' if left == 1 else 'are'} not charted.</p>")
    order = {d: k for k, d in enumerate(decks)}
    ordered = sorted(rows, key=lambda r: (order.get(str(r.get("deck")), 0), -num(r.get("impact_drawn"))))
    body, classes = [], []
    for r in ordered:
        rare = bool(r.get("rarely_playable"))
        body.append([esc(r.get("deck")), esc(r.get("card")) + (' <span class="flag">rarely playable</span>'
                                                                 if rare else ""),
                     str(int(num(r.get("games")))),
                     str(int(num(r.get("drawn")))), f"{pct(r.get('drawn_win_rate'))} ({interval(r.get('drawn_ci95'))})",
                     str(int(num(r.get("not_drawn")))),
                     f"{pct(r.get('not_drawn_win_rate'))} ({interval(r.get('not_drawn_ci95'))})",
                     _signed(r.get("impact_drawn"), r.get("impact_drawn_ci95")),
                     str(int(num(r.get("played")))),
                     f"{pct(r.get('played_win_rate'))} ({interval(r.get('played_ci95'))})",
                     f"{pct(r.get('not_played_win_rate'))} ({interval(r.get('not_played_ci95'))})",
                     _signed(r.get("impact_played"), r.get("impact_played_ci95")),
                     pct(r.get("playable_when_drawn"), 0)])
        classes.append("rare" if rare else "")
    word = rate.capitalize()
    parts.append("<details open><summary>All cards</summary>" + table(
        ["Deck", "Card", "Games", "Drawn", f"{word} when drawn", "Not drawn", f"{word} when not drawn",
         "Impact drawn", "Played", f"{word} when played", f"{word} when not played", "Impact played",
         "Playable when drawn"], body, classes, numeric={2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) + "</details>")
    return "".join(parts)


def _signed(x: Any, ci: Any = None) -> str:
    """A difference in points, coloured by its sign, with its 95% interval when there is one."""
    v = num(x)
    cls = "pos" if v > 0 else "neg" if v < 0 else ""
    lo, hi = pair(ci)
    around = f" ({round(100 * lo):+d} to {round(100 * hi):+d})".replace("-", "−") if ci is not None and lo < hi else ""
    return f'<span class="{cls}">{points(v)}</span>{around}'


def endings_section(data: dict[str, Any], games: int) -> str:
    endings = data.get("endings") or {}
    rows = [[esc(name or "(not named)"), str(count), pct(count / games if games else 0)]
            for name, count in sorted(endings.items(), key=lambda kv: -num(kv[1]))]
    parts = []
    if rows:
        parts.append(table(["How the game ended", "Games", "Share"], rows, numeric={1, 2}))
    draws = int(num(data.get("draws")))
    parts.append(f"<p><strong>Draws</strong> (no single winner): {draws} of {games} games "
                 f"({pct(draws / games if games else 0)}).</p>")
    limited = int(num(data.get("action_limit_games")))
    seeds = [str(s) for s in data.get("action_limit_seeds") or []]
    if limited:
        more = f" and {len(seeds) - SEEDS_SHOWN} more" if len(seeds) > SEEDS_SHOWN else ""
        parts.append(f'<p class="warn"><strong>Action limit:</strong> {plural(limited, "game")} ended at the '
                     f"kernel's action limit (counted as draws that nobody played to; a sound game never gets "
                     f"there). Seeds: {esc(', '.join(seeds[:SEEDS_SHOWN]))}{more}.</p>")
    else:
        parts.append("<p><strong>Action limit:</strong> no game ended at the kernel's action limit.</p>")
    return "".join(parts)


def lengths_section(turns: list[float], actions: list[float], unit: str) -> str:
    if not turns and not actions:
        return ""
    facts = []
    for values, word in ((turns, unit), (actions, "actions")):
        if values:
            facts.append(f"{esc(word)}: mean {statistics.fmean(values):.1f}, median "
                         f"{statistics.median(values):g}, range {min(values):g}–{max(values):g}")
    return length_histograms(turns, actions, unit) + f"<p>{'; '.join(facts)}.</p>"


def _seeds_text(results: list[dict[str, Any]]) -> str:
    seeds = sorted({int(r["seed"]) for r in results if isinstance(r.get("seed"), int)})
    if not seeds:
        return "not recorded"
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}–{seeds[-1]}" if len(seeds) > 1 else str(seeds[0])
    return f"{len(seeds)} seeds from {seeds[0]} to {seeds[-1]}"


def stopped_notice(data: dict[str, Any]) -> str:
    if not data.get("stopped"):
        return ""
    return (f'<p class="stopped">Stopped early after {int(num(data.get("games")))} of '
            f'{int(num(data.get("planned_games")))} games: the figures cover only the finished games.</p>')


def facts_section(data: dict[str, Any], lines: list[tuple[str, str]]) -> str:
    games = int(num(data.get("games")))
    seconds = num(data.get("seconds"))
    rows = [("Game", esc(data.get("game", "")))] + lines
    rows.append(("Games", f"{games}" + (f" of {int(num(data.get('planned_games')))} planned"
                                         if data.get("stopped") else "")))
    seeds = esc(_seeds_text(data.get("results") or []))
    if is_tournament(data) and data.get("results"):
        seeds += " (every pairing plays the same seeds, in each seat order)"
    rows.append(("Seeds", seeds))
    speed = f", {games / seconds:.1f} games/s" if seconds > 0 else ""
    rows.append(("Time", f"{seconds:.2f} s{speed}"))
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return stopped_notice(data) + f'<table class="facts">{body}</table>'


# --------------------------------------------------------------------------- tournament
def _tournament_sections(data: dict[str, Any]) -> tuple[str, list[tuple[str, str, str]]]:
    names = entrant_names(data)
    entrants = data.get("entrants") or []
    matrix = data.get("matrix") or []
    ratings = [r for r in data.get("ratings") or [] if isinstance(r, dict)]
    games = int(num(data.get("games")))
    unit = str(data.get("turns_unit") or "turns")
    order = [int(r["entrant"]) for r in ratings if isinstance(r.get("entrant"), int) and r["entrant"] < len(names)]
    order += [i for i in range(len(names)) if i not in order]
    cards = card_rows(data)
    sections: list[tuple[str, str, str]] = [("answer", "Answer", _tournament_answer(data, names, ratings, cards))]

    if ratings:
        body = []
        for k, r in enumerate(ratings):
            i = r.get("entrant")
            e = entrants[i] if isinstance(i, int) and 0 <= i < len(entrants) else {}
            lo, hi = pair(r.get("ci95"))
            body.append([str(k + 1), esc(r.get("name", "")), esc(e.get("deck", "")), esc(e.get("bot", "")),
                         f"{num(r.get('rating')):.0f}", f"{lo:.0f}–{hi:.0f}", pct(r.get("score")),
                         str(int(num(r.get("wins")))) if "wins" in r else "–", str(int(num(r.get("games"))))])
        seats = int(num(data.get("seats"), 2))
        unit = ("" if seats <= 2 else
                f"<p class=note>Each game counts once. Score: the mean share of the others at the table an entrant "
                f"finished ahead of (ties half); wins: the games it finished first alone, of {seats} seats.</p>")
        sections.append(("ratings", "Ratings", rating_chart(ratings) + table(
            ["#", "Entrant", "Deck", "Bot", "Rating", "95% interval", "Score", "Wins", "Games"], body,
            numeric={0, 4, 5, 6, 7, 8}) + unit))

    if len(names) >= 2 and matrix:
        body = []
        for i in order:
            line = [f"<strong>{esc(names[i])}</strong>"]
            for j in order:
                c = matrix_cell(matrix, i, j)
                line.append("—" if c is None else
                            f"{pct(c.get('score'), 0)} <small>({int(num(c.get('wins')))}–"
                            f"{int(num(c.get('losses')))}–{int(num(c.get('draws')))})</small>")
            body.append(line)
        sections.append(("matchups", "Matchups", matchup_heatmap(names, matrix, order)
                         + "<details><summary>Scores with wins–losses–draws</summary>"
                         + table(["Entrant \\ against"] + [esc(names[j]) for j in order], body,
                                 numeric=set(range(1, len(order) + 1))) + "</details>"))

    first = [r for r in data.get("first_seat") or [] if isinstance(r, dict)]
    if first:
        by_entrant = {r.get("entrant"): r for r in first}
        rows = [by_entrant[i] for i in order if i in by_entrant] + [r for r in first if r.get("entrant") not in order]
        seats = int(num(data.get("seats"), 2))
        label = "not first" if seats > 2 else "second"
        text = first_seat_text(data.get("first_seat_edge"), label)

        def rate(r: dict[str, Any], side: str) -> float:
            """No bar for a side with no games (a game's rule may pick who starts: a cut)."""
            return num(r.get(f"{side}_win_rate")) if num(r.get(f"{side}_games")) else math.nan

        chart = paired_rate_chart(
            [str(r.get("name", "")) for r in rows],
            [rate(r, "first") for r in rows], [pair(r.get("first_ci95")) for r in rows],
            [rate(r, "second") for r in rows], [pair(r.get("second_ci95")) for r in rows],
            ("acting first", f"acting {label}"), 1 / seats if seats else 0.5,
            "Each entrant's win rate in the games where it acted first and in the others, with 95% intervals; "
            f"the dashed line is an even share, 1 in {seats}. The two bars of an entrant may compare different "
            "tables; the edge in the table is compared at the same tables only.")
        def cell(r: dict[str, Any], side: str) -> str:
            if not num(r.get(f"{side}_games")):
                return "–"
            return f"{pct(r.get(f'{side}_win_rate'))} ({interval(r.get(f'{side}_ci95'))})"

        def edge(r: dict[str, Any]) -> str:
            """Like with like: the edge within the tables where the entrant both did and did not
            act first (a row from an older summary has only the plain difference)."""
            if "matched_edge" in r:
                return _signed(r.get("matched_edge"), r.get("matched_ci95")) if num(r.get("matched_games")) else "–"
            return _signed(r.get("edge")) if num(r.get("first_games")) and num(r.get("second_games")) else "–"

        body = [[esc(r.get("name", "")), str(int(num(r.get("first_games")))), cell(r, "first"),
                 str(int(num(r.get("second_games")))), cell(r, "second"), edge(r)] for r in rows]
        sections.append(("first-seat", "First-seat edge", text + chart + table(
            ["Entrant", "Games first", "Win rate first", f"Games {label}", f"Win rate {label}",
             "Edge at the same tables"], body,
            numeric={1, 2, 3, 4, 5})))

    if cards:
        sections.append(("cards", "Card impact", cards_section(cards, [names[i] for i in order])))
    sections.append(("endings", "Endings", endings_section(data, games)))
    lengths = data.get("lengths") or {}
    turns = [num(x) for x in lengths.get("turns") or []]
    actions = [num(x) for x in lengths.get("actions") or []]
    if not turns and not actions:
        turns = [num(r.get("turns")) for r in data.get("results") or []]
        actions = [num(r.get("actions")) for r in data.get("results") or []]
    if turns or actions:
        sections.append(("lengths", "Game length", lengths_section(turns, actions, unit)))

    ent_rows = "".join(f"<li>{esc(e.get('name', ''))}: deck {esc(e.get('deck', ''))}, bot {esc(e.get('bot', ''))}"
                       "</li>" for e in entrants)
    facts = [("Kind of run", f"round-robin tournament at {int(num(data.get('seats'), 2))} seats"),
             ("Entrants", f"<ul>{ent_rows}</ul>"),
             ("Games per pairing", str(int(num(data.get("games_per_pairing")))))]
    sections.append(("facts", "Run facts", facts_section(data, facts)))
    title = f"{data.get('game', '')} tournament: {plural(len(names), 'entrant')}, {plural(games, 'game')}"
    return title, sections


def first_seat_text(edge: Any, label: str, same: str = "the same entrant at the same table") -> str:
    """The first-seat answer in words, compared like with like (each entrant at each table it
    sat at, acting first or not), or why the run cannot answer it."""
    if not isinstance(edge, dict):
        return ""
    n1, n0 = int(num(edge.get("first_games"))), int(num(edge.get("other_games")))
    if not edge.get("answered"):
        return (f'<p class="verdict unsure">Does acting first help? This run cannot tell: '
                f"{esc(edge.get('note', ''))}. A rule that picks the starter from the decks (a cut) "
                "makes the same deck start nearly always; the plain rates below then compare different games.</p>")
    lo, hi = pair(edge.get("ci95"))
    clear = lo > 0 or hi < 0
    note = f" ({esc(edge.get('note'))})" if edge.get("note") else ""
    return (f"<p>Compared like with like ({same}; {n1} results of an entrant acting first and "
            f"{n0} of one acting {label}, a result being one entrant in one game), "
            f"acting first changes the win rate by <strong>{points(edge.get('edge'))}"
            f"</strong> (95% interval {points(lo)} to {points(hi)}), "
            + ("a clear edge (the interval leaves out zero)" if clear else "within chance (the interval includes zero)")
            + f"{note}.</p>")


def _tournament_answer(data: dict[str, Any], names: list[str], ratings: list[dict[str, Any]],
                       cards: list[dict[str, Any]]) -> str:
    if not ratings or not int(num(data.get("games"))):
        return stopped_notice(data) + "<p>No games were played, so there is no answer yet.</p>"
    matrix = data.get("matrix") or []
    top = ratings[0]
    tlo, thi = pair(top.get("ci95"))
    tied = len(ratings) > 1 and round(num(top.get("rating"))) == round(num(ratings[1].get("rating")))
    who = (f"<strong>{esc(top.get('name'))}</strong> and <strong>{esc(ratings[1].get('name'))}</strong> share "
           "the top rating:" if tied else f"<strong>{esc(top.get('name'))}</strong> is the strongest entrant: rating")
    score = "" if tied else f", scoring {pct(top.get('score'))} over its {int(num(top.get('games')))} games"
    parts = [stopped_notice(data),
             f'<p class="lead">{who} '
             f"<strong>{num(top.get('rating')):.0f}</strong> (95% interval {tlo:.0f}–{thi:.0f}){score}.</p>"]
    if len(ratings) > 1:
        sec = ratings[1]
        slo, shi = pair(sec.get("ci95"))
        diff = num(top.get("rating")) - num(sec.get("rating"))
        if tied:
            parts.append(f"<p>Neither leads (an expected score of {pct(elo_expected(diff))} between them).")
        else:
            parts.append(f"<p>It leads the second, <strong>{esc(sec.get('name'))}</strong> (rating "
                         f"{num(sec.get('rating')):.0f}, {slo:.0f}–{shi:.0f}), by <strong>{diff:.0f} rating "
                         f"points</strong>, which means an expected score of {pct(elo_expected(diff))} between them.")
        h2h = None
        if isinstance(top.get("entrant"), int) and isinstance(sec.get("entrant"), int):
            h2h = matrix_cell(matrix, top["entrant"], sec["entrant"])
        if h2h is not None:
            it = esc(top.get("name")) if tied else "it"
            parts.append(f" Head to head {it} scored <strong>{pct(h2h.get('score'))}</strong> (95% interval "
                         f"{interval(h2h.get('ci95'))}) in {plural(int(num(h2h.get('games'))), 'game')}: "
                         f"{plural(int(num(h2h.get('wins'))), 'win')}, {_losses(int(num(h2h.get('losses'))))}, "
                         f"{plural(int(num(h2h.get('draws'))), 'draw')}.")
        parts.append("</p>")
        if tied:
            parts.append('<p class="verdict unsure">More games per pairing would tell them apart.</p>')
        elif tlo > shi:
            parts.append('<p class="verdict sure">The lead is <strong>certain</strong> at the 95% level: the two '
                         "rating intervals do not overlap.</p>")
        else:
            h2h_note = ""
            if h2h is not None:
                lo, hi = pair(h2h.get("ci95"))
                if lo > 0.5:
                    h2h_note = " (though their head-to-head interval lies above 50%)"
                elif hi >= 0.5:
                    h2h_note = " and their head-to-head interval includes 50%"
            parts.append('<p class="verdict unsure">The lead is <strong>not certain</strong>: the two rating '
                         f"intervals overlap{h2h_note}. More games per pairing would narrow them.</p>")
        if len(ratings) > 2:
            last = ratings[-1]
            parts.append(f"<p>The weakest is {esc(last.get('name'))} at {num(last.get('rating')):.0f}.</p>")
    if cards:
        entrants = data.get("entrants") or []
        i = top.get("entrant")
        deck_names = [str(top.get("name"))]
        if isinstance(i, int) and 0 <= i < len(entrants):
            deck_names.append(str(entrants[i].get("deck", "")))
        parts.append(_cards_answer(cards, deck_names))
    return "".join(parts)


# --------------------------------------------------------------------------- simulation
def _seat_names(data: dict[str, Any]) -> list[str]:
    decks, bots = list(data.get("decks") or []), list(data.get("bots") or [])
    seats = int(num(data.get("seats"), len(decks)))
    return [f"{seat_label(p)} ({decks[p] if p < len(decks) else '?'}, {bots[p] if p < len(bots) else '?'})"
            for p in range(seats)]


def _simulation_sections(data: dict[str, Any]) -> tuple[str, list[tuple[str, str, str]]]:
    seat_names = _seat_names(data)
    seats = len(seat_names)
    games = int(num(data.get("games")))
    unit = str(data.get("turns_unit") or "turns")
    decks = [str(d) for d in data.get("decks") or []]
    wins = [int(num(w)) for w in data.get("wins") or []] + [0] * seats
    rates = [num(r) for r in data.get("win_rate") or []] + [0.0] * seats
    cis = [pair(c) for c in data.get("win_ci95") or []] + [(0.0, 1.0)] * seats
    returns = [num(r) for r in data.get("mean_return") or []] + [0.0] * seats
    cards = card_rows(data)
    sections = [("answer", "Answer", _simulation_answer(data, seat_names, wins, rates, cis, cards))]

    if seats and games:
        draws = int(num(data.get("draws")))
        body = [[esc(seat_label(p)), esc(decks[p] if p < len(decks) else ""),
                 esc((data.get("bots") or [""] * seats)[p]), str(wins[p]), pct(rates[p]), interval(cis[p]),
                 f"{returns[p]:+.2f}"] for p in range(seats)]
        sections.append(("seats", "Seats", seat_chart(seat_names, rates[:seats], cis[:seats], draws / games,
                                                      1 / seats)
                         + table(["Seat", "Deck", "Bot", "Wins", "Win rate", "95% interval", "Mean return"], body,
                                 numeric={3, 4, 5, 6})))

    decided = int(num(data.get("first_player_games")))
    if decided:
        rate = num(data.get("first_player_win_rate"))
        ci = pair(data.get("first_player_ci95"))
        expected = num(data.get("first_player_expected"), 1 / seats if seats else 0.5)
        sure = ci[0] > expected or ci[1] < expected
        text = (f"<p>The seat that acted first won {int(num(data.get('first_player_wins')))} of the {decided} "
                f"decided games that name their first player: {pct(rate)} (95% interval {interval(ci)}), against "
                f"an even share of {pct(expected)}. Its edge is <strong>{points(data.get('first_player_edge'))}"
                f"</strong>, " + ("which is significant at the 95% level (the interval leaves out the even share)."
                                   if sure else "which is within chance (the interval includes the even share)."
                                   ) + "</p>")
        like = data.get("first_player_by_seat")
        if isinstance(like, dict) and like:
            text += first_seat_text(like, "not first" if seats > 2 else "second", "the same seat (deck and bot)")
        sections.append(("first-player", "First player", text + first_player_chart(rate, ci, expected, decided)))
    elif games:
        sections.append(("first-player", "First player",
                         "<p>No decided game names its first player, so there is no first-player edge.</p>"))

    if cards:
        sections.append(("cards", "Card impact", cards_section(cards, decks)))
    sections.append(("endings", "Endings", endings_section(data, games)))
    results = data.get("results") or []
    if results:
        turns = [num(r.get("turns")) for r in results]
        actions = [num(r.get("actions")) for r in results]
        sections.append(("lengths", "Game length", lengths_section(turns, actions, unit)))
    elif games:
        sections.append(("lengths", "Game length",
                         f"<p>{esc(unit.capitalize())}: mean {num(data.get('turns_mean')):.1f}, median "
                         f"{num(data.get('turns_median')):g}; actions: mean {num(data.get('actions_mean')):.1f}, "
                         f"median {num(data.get('actions_median')):g} (the summary holds no per-game results "
                         "to plot).</p>"))

    seat_list = "".join(f"<li>{esc(n)}</li>" for n in seat_names)
    facts = [("Kind of run", f"simulation at {seats} seats"), ("Seats", f"<ul>{seat_list}</ul>")]
    sections.append(("facts", "Run facts", facts_section(data, facts)))
    title = f"{data.get('game', '')} simulation: {plural(games, 'game')}, {' vs '.join(decks)}"
    return title, sections


def _simulation_answer(data: dict[str, Any], seat_names: list[str], wins: list[int], rates: list[float],
                       cis: list[tuple[float, float]], cards: list[dict[str, Any]]) -> str:
    games = int(num(data.get("games")))
    seats = len(seat_names)
    if not games or not seats:
        return stopped_notice(data) + "<p>No games were played, so there is no answer yet.</p>"
    items = "".join(f"<li><strong>{esc(seat_names[p])}</strong> won {pct(rates[p])} of {games} games "
                    f"(95% interval {interval(cis[p])})</li>" for p in range(seats))
    draws = int(num(data.get("draws")))
    parts = [stopped_notice(data) + f'<ul class="lead">{items}<li>draws: {draws} ({pct(draws / games)})</li></ul>']
    leader = max(range(seats), key=lambda p: wins[p])
    others = [p for p in range(seats) if p != leader]
    if seats == 2:
        other = others[0]
        decided = wins[leader] + wins[other]
        if not decided:
            parts.append('<p class="verdict unsure">No game had a winner, so the seats cannot be told apart.</p>')
        elif wins[leader] == wins[other]:
            parts.append(f'<p class="verdict unsure">The seats won equally often ({wins[leader]} each): '
                         "no difference.</p>")
        else:
            share = wins[leader] / decided
            lo, hi = wilson(wins[leader], decided)
            if lo > 0.5:
                parts.append(f'<p class="verdict sure"><strong>{esc(seat_names[leader])}</strong> is stronger, and '
                             f"the difference is <strong>significant</strong> at the 95% level: it won {pct(share)} "
                             f"of the {decided} decided games (95% interval {interval((lo, hi))}), above the even "
                             "50%.</p>")
            else:
                parts.append(f'<p class="verdict unsure">{esc(seat_names[leader])} won more, but the difference is '
                             f"<strong>not significant</strong>: its share of the {decided} decided games, "
                             f"{pct(share)} (95% interval {interval((lo, hi))}), includes the even 50%. More games "
                             "would tell.</p>")
    else:
        runner = max(others, key=lambda p: wins[p])
        if cis[leader][0] > cis[runner][1]:
            parts.append(f'<p class="verdict sure"><strong>{esc(seat_names[leader])}</strong> wins most, and '
                         "<strong>significantly</strong>: its 95% interval lies above the next seat's.</p>")
        else:
            parts.append(f'<p class="verdict unsure">{esc(seat_names[leader])} wins most, but <strong>not '
                         f"significantly</strong>: its 95% interval overlaps that of {esc(seat_names[runner])}. "
                         "More games would tell.</p>")
    if int(num(data.get("first_player_games"))):
        ci = pair(data.get("first_player_ci95"))
        expected = num(data.get("first_player_expected"), 1 / seats)
        sure = ci[0] > expected or ci[1] < expected
        parts.append(f"<p>The seat that acts first wins {pct(data.get('first_player_win_rate'))} of the decided "
                     f"games against an even {pct(expected)}: an edge of {points(data.get('first_player_edge'))} "
                     f"({'significant' if sure else 'within chance'})" + _same_seat_clause(data) + ".</p>")
    if cards:
        decks = [str(d) for d in data.get("decks") or []]
        if leader < len(decks):
            parts.append(_cards_answer(cards, [decks[leader]]))
    return "".join(parts)


def _same_seat_clause(data: dict[str, Any]) -> str:
    """The like-with-like answer beside the plain one: where a rule picks the starter from the
    decks, the seat that starts is mostly one deck's, and only this comparison separates them."""
    like = data.get("first_player_by_seat")
    if not isinstance(like, dict) or not like:
        return ""
    if not like.get("answered"):
        return "; whether that is the seat or the deck that starts it, this run cannot tell"
    lo, hi = pair(like.get("ci95"))
    return (f"; the same seat acting first or not differs by {points(like.get('edge'))} "
            f"({'significant' if lo > 0 or hi < 0 else 'within chance'})")


# --------------------------------------------------------------------------- the page
CSS = """
:root { --ink: #1f2328; --muted: #5f6670; --line: #d8dde3; --soft: #f5f7fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       background: #fff; }
main { max-width: 980px; margin: 0 auto; padding: 24px 20px 60px; }
h1 { font-size: 1.6em; margin: 0 0 4px; }
h2 { font-size: 1.25em; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
nav { font-size: 0.9em; color: var(--muted); margin: 8px 0 0; }
nav a { color: #2f5fa7; text-decoration: none; margin-right: 12px; }
#answer { background: var(--soft); border: 1px solid var(--line); border-radius: 8px; padding: 4px 18px 10px;
          margin-top: 18px; }
#answer h2 { border: 0; margin-top: 12px; }
.lead { font-size: 1.08em; }
.verdict.sure { color: #1d6b3d; }
.verdict.unsure { color: #8a5a00; }
.stopped { background: #fff4e0; border: 1px solid #e8b86b; border-radius: 6px; padding: 8px 12px;
           font-weight: 600; }
.warn { background: #fdeeee; border-left: 4px solid #c0392b; padding: 6px 10px; }
.note, figcaption { color: var(--muted); font-size: 0.88em; }
figure.plot { margin: 12px 0; }
figure.plot svg { max-width: 100%; height: auto; display: block; }
.wide { overflow-x: auto; margin: 10px 0; }
.wide table { margin: 0; }
table { border-collapse: collapse; margin: 10px 0; font-size: 0.88em; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: var(--soft); }
td.num, th.num { text-align: right; white-space: nowrap; }
table.facts th { width: 12em; background: none; }
table.facts ul { margin: 0; padding-left: 18px; }
tr.rare td { background: #fff7d6; }
.flag { font-size: 0.8em; background: #e8b86b; color: #3d2a00; border-radius: 4px; padding: 0 5px; }
.pos { color: #1d6b3d; }
.neg { color: #a12a1d; }
details summary { cursor: pointer; color: #2f5fa7; margin: 8px 0; }
"""


def _page(title: str, data: dict[str, Any], sections: list[tuple[str, str, str]]) -> str:
    nav = "".join(f'<a href="#{sid}">{esc(name)}</a>' for sid, name, body in sections if body and sid != "answer")
    body = "".join(f'<section id="{sid}"><h2>{esc(name)}</h2>{html_body}</section>'
                   for sid, name, html_body in sections if html_body)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n"
            f"<h1>{esc(title)}</h1>\n<nav>{nav}</nav>\n{body}\n"
            "<p class=note>Made by metatcg. Intervals are 95%: Wilson intervals for rates, ±1.96 standard "
            "errors for ratings and edges; each game counts once (docs/designers.md).</p>\n</main>\n</body>\n"
            "</html>\n")


def _losses(n: int) -> str:
    return f"{n} loss" if n == 1 else f"{n} losses"
