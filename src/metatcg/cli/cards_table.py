"""The card-impact table of ``metatcg simulate --cards`` (and tournaments): one row per (deck,
card) from :func:`metatcg.sim.cards.card_impact`."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from metatcg.sim.cards import RARELY_PLAYABLE_SHARE


def card_impact_table(rows: Sequence[Any], title: str = "Card impact", by: str = "drawn") -> Table:
    """Per card: games drawn (or played, with ``by="played"``), the owner's win% (at three or
    four seats its place score) then (95% CI)
    and when not, the impact (the difference, which the rows are ranked by) with its 95%
    interval, and how often it was playable when drawn (a ``*`` flags the cards rarely playable
    when drawn, the caption says so, and the table keeps within 80 columns).
    ``rows`` are card-impact dicts (or objects with ``to_json``)."""
    rs = [row if isinstance(row, dict) else row.to_json() for row in rows]
    rarely = any(r["rarely_playable"] for r in rs)
    placed = any(r.get("measure") == "place score" for r in rs)     # three or four seats
    notes = ([f"* rarely playable: playable in under {RARELY_PLAYABLE_SHARE:.0%} of the games it was drawn in"]
             if rarely else [])
    if placed:
        notes.append("Score%: place score (the share of the other seats the owner finished ahead of)")
    caption = "\n".join(notes) or None
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0),
              show_edge=False, caption=caption, caption_justify="left")
    head = "Drawn" if by == "drawn" else "Played"
    rate = "Score% (CI)" if placed else "Win% (CI)"
    cells = [_cells(r, by) for r in rs]
    # names are never cut: a deck name (one word) keeps its width, a card name wraps at spaces;
    # the figures keep exactly their width, so only the card column gives way
    deck_width = max([4, *(len(str(r["deck"])) for r in rs)])
    t.add_column("Deck", style="bold", no_wrap=True, width=min(deck_width, 24), overflow="fold")
    t.add_column("Card", overflow="fold")
    for k, h in enumerate((head, rate, "not", "Impact (CI)", "Play%")):
        width = max([len(h), *(len(Text.from_markup(c[k]).plain) for c in cells)])
        t.add_column(h, justify="right", no_wrap=True, width=width)
    for r, row in zip(rs, cells):
        t.add_row(escape(str(r["deck"])), escape(str(r["card"])), *row)
    return t


def _cells(r: dict[str, Any], by: str) -> list[str]:
    """The figures of one row: times drawn, win% (CI), win% when not, impact (CI), play%."""
    lo, hi = r[f"{by}_ci95"]
    both = r[by] and r[f"not_{by}"]
    ilo, ihi = r.get(f"impact_{by}_ci95") or (-1.0, 1.0)
    return [str(r[by]),
            f"{_pct(r[f'{by}_win_rate'])} ({_pct(lo)}–{_pct(hi)})" if r[by] else "–",
            _pct(r[f"not_{by}_win_rate"]) if r[f"not_{by}"] else "–",
            f"{round(100 * r[f'impact_{by}']):+d} ({round(100 * ilo):+d}…{round(100 * ihi):+d})" if both else "–",
            (f"{100 * r['playable_when_drawn']:.0f}%" if r["drawn"] else "–") + _flag(r)]


def _flag(r: dict[str, Any]) -> str:
    if r["rarely_playable"]:
        return "[yellow]*[/]"      # playable in < RARELY_PLAYABLE_SHARE of its drawn games
    return ""


def _pct(x: float) -> str:
    """A share in whole percent, without the sign (the column headers say %): the intervals
    are wider than a point, and the table must fit 80 columns."""
    return f"{100 * x:.0f}"
