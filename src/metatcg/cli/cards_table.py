"""The card-impact table of ``metatcg simulate --cards`` (and tournaments): one row per (deck,
card) from :func:`metatcg.sim.cards.card_impact`."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table


def card_impact_table(rows: Sequence[Any], title: str = "Card impact") -> Table:
    """Per card: games drawn, the owner's win% when drawn (95% CI) and when not, the impact
    (the difference, which the rows are ranked by), games played and win% then, how often it
    was playable when drawn ("rarely": flagged rarely playable). ``rows`` are card-impact dicts (or
    objects with ``to_json``)."""
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    t.add_column("Deck", style="bold", max_width=14, overflow="ellipsis", no_wrap=True)
    t.add_column("Card", max_width=22, overflow="ellipsis", no_wrap=True)
    for head in ("Drawn", "Win% drawn (CI)", "not", "Impact", "Played", "Win%", "Playable"):
        t.add_column(head, justify="right", no_wrap=True)
    for row in rows:
        r = row if isinstance(row, dict) else row.to_json()
        lo, hi = r["drawn_ci95"]
        t.add_row(escape(str(r["deck"])), escape(str(r["card"])), str(r["drawn"]),
                  f"{_pct(r['drawn_win_rate'])} ({100 * lo:.0f}–{100 * hi:.0f})" if r["drawn"] else "–",
                  _pct(r["not_drawn_win_rate"]) if r["not_drawn"] else "–",
                  f"{100 * r['impact_drawn']:+.1f}" if r["drawn"] and r["not_drawn"] else "–",
                  str(r["played"]),
                  _pct(r["played_win_rate"]) if r["played"] else "–",
                  (f"{100 * r['playable_when_drawn']:.0f}%" if r["drawn"] else "–") + _flag(r))
    return t


def _flag(r: dict[str, Any]) -> str:
    if r["rarely_playable"]:
        return " [yellow]rarely[/]"      # playable in < RARELY_PLAYABLE_SHARE of its drawn games
    return ""


def _pct(x: float) -> str:
    """A share in percent, without the sign (the column headers say %)."""
    return f"{100 * x:.1f}"
