"""The report's charts, drawn with matplotlib ``Figure`` objects (no pyplot, no global backend)
and returned as inline SVG whose ids are unique on the page."""
from __future__ import annotations

import io
import itertools
import math
import re
import statistics
from typing import Any

from .cards import enough_games
from .report_text import esc, mpl_text, num, pair, pct

BLUE, ORANGE, GREEN, RED, GREY = "#3b6fb6", "#d9822b", "#2e8b57", "#c0392b", "#8a8a8a"
CARD_BARS = 15           # a deck with more cards than twice this shows its top and bottom ones


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _fixed_figure(width: float, height: float, left: float, right: float, top: float, bottom: float) -> Any:
    """A figure whose margins are given in inches (no layout engine: a chart with many labels
    lays out twice as fast)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    left = min(left, width * 0.6)
    fig.subplots_adjust(left=left / width, right=1 - right / width, top=1 - top / height, bottom=bottom / height)
    return fig


def _text_width(texts: list[str], size: float) -> float:
    """The width in inches of the widest of ``texts`` at ``size`` points in the default font."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    font = FontProperties(size=size)
    measure = TextToPath()
    widest = max((measure.get_text_width_height_descent(t, font, ismath=False)[0] for t in texts), default=0.0)
    return widest / 72


def svg(fig: Any, caption: str = "") -> str:
    """The figure as inline SVG (no XML prolog, no metadata), in a <figure>."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    text = buf.getvalue()
    text = _own_ids(text[text.find("<svg"):], f"p{next(_FIGURES)}-")
    cap = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure class="plot">{text}{cap}</figure>'


_FIGURES = itertools.count(1)
_ID = re.compile(r'\bid="([^"]+)"')


def _own_ids(text: str, prefix: str) -> str:
    """Every id of one SVG (and each reference to it) with ``prefix``: matplotlib names its
    groups "figure_1", "axes_1" ... in every figure, and a page holds several."""
    ids = set(_ID.findall(text))
    if not ids:
        return text

    def rename(m: re.Match[str]) -> str:
        name = m.group(2)
        return f"{m.group(1)}{prefix}{name}{m.group(3)}" if name in ids else m.group(0)

    return re.sub(r'(\bid="|url\(#|href="#)([^")]+)([")])', rename, text)


def _percent_axis(axis: Any) -> None:
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def _errors(values: list[float], cis: list[tuple[float, float]]) -> list[list[float]]:
    return [[max(0.0, v - lo) for v, (lo, _) in zip(values, cis)],
            [max(0.0, hi - v) for v, (_, hi) in zip(values, cis)]]


def rating_chart(ratings: list[dict[str, Any]]) -> str:
    names = [mpl_text(r.get("name", "")) for r in ratings]
    values = [num(r.get("rating"), 1500.0) for r in ratings]
    cis = [pair(r.get("ci95")) for r in ratings]
    n = len(ratings)
    fig = _figure(7.5, 0.9 + 0.38 * n)
    ax = fig.add_subplot()
    ys = list(range(n))[::-1]                       # best at the top
    ax.errorbar(values, ys, xerr=_errors(values, cis), fmt="o", color=BLUE, ecolor=BLUE, capsize=3)
    ax.axvline(1500, color=GREY, lw=0.8, ls="--")
    for y, v, (_, hi) in zip(ys, values, cis):
        ax.annotate(f"{v:.0f}", (max(hi, v), y), xytext=(5, 0), textcoords="offset points", va="center",
                    fontsize=8)
    ax.set_yticks(ys, names)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel("rating (Elo scale, mean 1500) with 95% interval")
    return svg(fig, "Bradley–Terry ratings, best first; the dashed line is the average entrant.")


def matchup_heatmap(names: list[str], matrix: list[list[Any]], order: list[int]) -> str:
    import numpy as np
    from matplotlib import colormaps

    n = len(order)
    scores = np.full((n, n), np.nan)
    for a, i in enumerate(order):
        for b, j in enumerate(order):
            cell = matrix_cell(matrix, i, j)
            if cell is not None:
                scores[a, b] = num(cell.get("score"))
    fig = _figure(max(4.8, 2.6 + 0.95 * n), max(3.6, 1.6 + 0.75 * n))
    ax = fig.add_subplot()
    cmap = colormaps["RdBu"].with_extremes(bad="#e6e6e6")
    im = ax.imshow(np.ma.masked_invalid(scores), cmap=cmap, vmin=0.0, vmax=1.0, aspect="auto")
    labels = [mpl_text(names[i]) for i in order]
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    ax.tick_params(length=0)
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    size = 8 if n <= 8 else 7 if n <= 12 else 6
    for a, i in enumerate(order):
        for b, j in enumerate(order):
            cell = matrix_cell(matrix, i, j)
            if cell is None:
                ax.text(b, a, "—", ha="center", va="center", color=GREY, fontsize=size)
                continue
            s = num(cell.get("score"))
            text = f"{100 * s:.0f}%"
            if n <= 12:
                lo, hi = pair(cell.get("ci95"))
                text += f"\n{100 * lo:.0f}–{100 * hi:.0f}"
            ax.text(b, a, text, ha="center", va="center", fontsize=size,
                    color="white" if abs(s - 0.5) > 0.3 else "black")
    ax.set_xlabel("against (column)")
    ax.set_ylabel("entrant (row)")
    bar = fig.colorbar(im, ax=ax, shrink=0.8)
    bar.set_label("score of the row against the column")
    _percent_axis(bar.ax.yaxis)
    return svg(fig, "Each cell: the row entrant's score against the column entrant (wins plus half the "
                    "draws, per game) and its 95% interval. Rows and columns in rating order.")


def matrix_cell(matrix: list[list[Any]], i: int, j: int) -> dict[str, Any] | None:
    cell = matrix[i][j] if i < len(matrix) and j < len(matrix[i]) else None
    if isinstance(cell, dict):
        return cell
    return None


def paired_rate_chart(labels: list[str], first: list[float], first_ci: list[tuple[float, float]],
                      second: list[float], second_ci: list[tuple[float, float]],
                      names: tuple[str, str], expected: float, caption: str) -> str:
    """Two horizontal bars per row (e.g. first seat and second seat) with 95% intervals, and a
    dashed line at ``expected``, the even share (1 in the number of seats)."""
    n = len(labels)
    fig = _figure(7.5, 0.9 + 0.55 * n)
    ax = fig.add_subplot()
    ys = list(range(n))[::-1]
    h = 0.38
    ax.barh([y + h / 2 for y in ys], first, height=h, color=BLUE, label=names[0],
            xerr=_errors(first, first_ci), error_kw={"ecolor": "#333", "capsize": 2, "lw": 0.8})
    ax.barh([y - h / 2 for y in ys], second, height=h, color=ORANGE, label=names[1],
            xerr=_errors(second, second_ci), error_kw={"ecolor": "#333", "capsize": 2, "lw": 0.8})
    ax.axvline(expected, color=RED, lw=1, ls="--")
    ax.text(expected, 1.0, f" even share {pct(expected, 0)}", transform=ax.get_xaxis_transform(), color=RED,
            fontsize=8, va="bottom", ha="left")
    ax.set_yticks(ys, [mpl_text(x) for x in labels])
    ax.set_xlim(0, 1)
    _percent_axis(ax.xaxis)
    ax.set_xlabel("win rate with 95% interval")
    ax.legend(loc="lower right", fontsize=8, frameon=False)
    return svg(fig, caption)


def seat_chart(labels: list[str], rates: list[float], cis: list[tuple[float, float]], draws: float,
               expected: float) -> str:
    n = len(labels)
    fig = _figure(max(4.5, 1.6 + 1.3 * (n + 1)), 3.4)
    ax = fig.add_subplot()
    xs = list(range(n))
    ax.bar(xs, rates, color=[(BLUE, ORANGE, GREEN, RED)[p % 4] for p in xs], width=0.6,
           yerr=_errors(rates, cis), error_kw={"ecolor": "#333", "capsize": 4})
    for x, r, (_, hi) in zip(xs, rates, cis):
        ax.annotate(pct(r), (x, hi), xytext=(0, 3), textcoords="offset points", ha="center", fontsize=8)
    ax.bar([n], [draws], color=GREY, width=0.6)
    ax.annotate(pct(draws), (n, draws), xytext=(0, 3), textcoords="offset points", ha="center", fontsize=8)
    ax.axhline(expected, color=GREY, lw=0.8, ls="--")
    ax.set_xticks(xs + [n], [mpl_text(x) for x in labels] + ["draws"])
    ax.set_ylim(0, 1.08)
    _percent_axis(ax.yaxis)
    ax.set_ylabel("share of games")
    return svg(fig, "Win rate per seat with its 95% interval, and the draws; the dashed line is an even share.")


def first_player_chart(rate: float, ci: tuple[float, float], expected: float, decided: int) -> str:
    fig = _figure(7.0, 1.5)
    ax = fig.add_subplot()
    ax.barh([0], [rate], color=BLUE, height=0.5, xerr=_errors([rate], [ci]),
            error_kw={"ecolor": "#333", "capsize": 4})
    ax.axvline(expected, color=RED, lw=1, ls="--")
    ax.annotate(f"even share {pct(expected, 0)}", (expected, 0.42), xytext=(4, 0), textcoords="offset points",
                color=RED, fontsize=8, va="center")
    ax.set_yticks([0], [f"first player\n({decided} decided games)"])
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.5, 0.6)
    _percent_axis(ax.xaxis)
    ax.set_xlabel("win rate of the seat that acted first, with 95% interval")
    return svg(fig)


def card_chart(deck: str, rows: list[dict[str, Any]], rate: str = "win rate") -> str:
    rows = sorted(rows, key=lambda r: -num(r.get("impact_drawn")))
    shown = rows
    cut = len(rows) > 2 * CARD_BARS
    if cut:
        shown = rows[:CARD_BARS] + rows[-CARD_BARS:]
    labels, values, colors = [], [], []
    for r in shown:
        mark = " *" if r.get("rarely_playable") else ""
        labels.append(mpl_text(f"{_short(r.get('card', ''))}{mark}  (drawn {int(num(r.get('drawn')))}, "
                               f"not {int(num(r.get('not_drawn')))})"))
        v = num(r.get("impact_drawn"))
        values.append(v)
        colors.append(GREEN if v >= 0 else RED)
    n = len(shown)
    width, height = 7.5, 0.9 + 0.27 * n
    fig = _fixed_figure(width, height, left=1.08 * _text_width(labels, 8) + 0.25, right=0.15, top=0.3, bottom=0.5)
    ax = fig.add_subplot()
    ys = list(range(n))[::-1]
    if cut:                                   # a gap between the top and the bottom cards
        ys = [y + (1 if k < CARD_BARS else 0) for k, y in enumerate(ys)]
    from matplotlib.colors import to_rgba

    ax.barh(ys, values, height=0.7,
            color=[to_rgba(c, 1.0 if enough_games(r) else 0.35) for c, r in zip(colors, shown)])
    for y, v in zip(ys, values):
        ax.annotate(f"{100 * v:+.1f}".replace("-", "−"), (v, y), xytext=(3 if v >= 0 else -3, 0),
                    textcoords="offset points", ha="left" if v >= 0 else "right", va="center", fontsize=7)
    ax.axvline(0, color="#333", lw=0.8)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_ylim(min(ys) - 0.7, max(ys) + 0.7)
    top = max((abs(v) for v in values), default=0.1) or 0.1
    ax.set_xlim(-top * 1.3, top * 1.3)
    ax.xaxis.set_major_formatter(lambda x, _pos: f"{100 * x:+.0f}".replace("-", "−"))
    ax.set_xlabel("impact when drawn (percentage points)", loc="right")
    ax.set_title(mpl_text(deck), loc="left", fontweight="bold")
    note = (f"The {CARD_BARS} highest and {CARD_BARS} lowest of {len(rows)} cards; all are in the table below. "
            if cut else "")
    return svg(fig, note + f"Impact: the {rate} in games where the card was drawn minus the {rate} in "
                           "games where it was not. Pale bars: fewer than 10 games (or 5% of them) on one "
                           "side, so little to go on. * rarely playable when drawn.")


def _short(name: Any, most: int = 36) -> str:
    """A name cut to ``most`` characters for a chart label (tables show it whole)."""
    text = str(name)
    return text if len(text) <= most else text[:most - 1] + "…"


def length_histograms(turns: list[float], actions: list[float], unit: str) -> str:
    fig = _figure(8.0, 2.9)
    axes = fig.subplots(1, 2)
    for ax, values, label, color in ((axes[0], turns, unit, BLUE), (axes[1], actions, "actions", ORANGE)):
        if not values:
            ax.set_visible(False)
            continue
        lo, hi = min(values), max(values)
        bins: Any = 40
        if all(float(v).is_integer() for v in values):    # whole-number bins of one width
            width = max(1, math.ceil((hi - lo + 1) / 40))
            bins = [lo - 0.5 + width * k for k in range(int((hi - lo) // width) + 2)]
        ax.hist(values, bins=bins, color=color, alpha=0.85)
        mean, median = statistics.fmean(values), statistics.median(values)
        ax.axvline(mean, color="#222", lw=1, ls="--", label=f"mean {mean:.1f}")
        ax.axvline(median, color="#222", lw=1, ls=":", label=f"median {median:g}")
        ax.set_xlabel(f"{unit if label == unit else 'actions'} per game")
        ax.set_ylabel("games")
        ax.legend(fontsize=7, frameon=False)
    return svg(fig, f"How long the games lasted, in {esc(unit)} and in actions.")
