"""Card impact: how well a deck did in the games in which a card was drawn (or played) and the
games in which it was not, from the per-seat card records of ``play_game(..., cards=True)``.

The unit is the game: one sample per game in which the deck sat. What a sample measures
(``measure``) is:

* at two seats, ``"win"``: 1 if the deck won, 0 otherwise. **A draw counts as not a win**, so
  a rate is wins over all games of that kind, draws and action-limit endings included;
* at three or four seats, ``"place score"``: the deck's share of the other seats it finished
  ahead of (``stats.place_scores``: 1 first, 0.5 second of three, 0 last; ties half), so a
  deck that never finishes first still shows which cards lift its place. The ``*_wins``
  fields then hold the summed place scores and the ``*_win_rate`` fields their mean.

When a deck fills several seats of one game (a mirror match), its seats on each side are
averaged into one sample: a game where one of its seats drew the card and another did not is
one sample on each side. For a (deck, card) pair:

* ``drawn``: games in which a seat of the deck held it at one of its decisions (or played
  it), ``not_drawn`` games in which a seat of the deck did not; ``played`` / ``not_played``
  likewise for playing it from hand (what counts as a play is each game's
  ``Game.played_card``, see docs/card-impact.md);
* rates with Wilson 95% intervals (``runner.wilson``); a place score lies in [0, 1], and no
  such score varies more than a 0/1 one of the same mean, so the interval holds for it too;
* ``impact_drawn`` = rate when drawn minus rate when not drawn (``impact_played`` the
  same for played). It is 0.0 when either side has no games (nothing to compare).
  ``impact_drawn_ci95`` / ``impact_played_ci95`` give its 95% interval (Newcombe's hybrid
  score interval for a difference of two proportions, built from the two Wilson intervals;
  ``[-1, 1]`` with nothing to compare);
* ``playable`` / ``playable_when_drawn``: the drawn games in which the card could be played
  at least once, and their share of the drawn games; ``rarely_playable`` flags a card drawn
  in at least :data:`RARELY_PLAYABLE_MIN_DRAWN` games and playable in fewer than
  :data:`RARELY_PLAYABLE_SHARE` of them.

The pairs are those that appear in the records (a card never drawn nor played is not listed).
Rows are plain JSON dicts (:data:`FIELDS`, in that order), sorted by ``impact_drawn``, highest
first (then ``impact_played``, deck and card). Nothing here names a game."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Union

from .runner import GameResult, wilson
from .stats import place_scores

RARELY_PLAYABLE_MIN_DRAWN = 10   # a card must be drawn in this many deck games before it is flagged...
RARELY_PLAYABLE_SHARE = 0.25     # ...and be playable in fewer than this share of them

MIN_SIDE_GAMES = 10              # games on each side (with and without a card) before it is ranked...
MIN_SIDE_SHARE = 0.05            # ...and at least this share of its deck's games

FIELDS = ("deck", "card", "games", "measure", "drawn", "drawn_wins", "drawn_win_rate", "drawn_ci95", "not_drawn",
          "not_drawn_win_rate", "not_drawn_ci95", "impact_drawn", "impact_drawn_ci95", "played", "played_wins",
          "played_win_rate", "played_ci95", "not_played", "not_played_win_rate", "not_played_ci95",
          "impact_played", "impact_played_ci95", "playable", "playable_when_drawn", "rarely_playable")

# which deck each seat of each result played: one list of deck names per result (seat order),
# or a function (result index, seat) -> deck name
SeatDecks = Union[Sequence[Sequence[str]], Callable[[int, int], str]]


def card_impact(results: Sequence[GameResult], decks: SeatDecks) -> list[dict[str, Any]]:
    """One row per (deck, card) pair of the ``results`` (see the module docstring). ``decks``
    says which deck sat in each seat: ``[["Embers", "Tides"], ...]`` (one list per result, as
    a tournament rotates seats; a simulation repeats its decks) or a function ``(i, seat)``.
    Results without card records (played without ``cards=True``) are left out."""
    deck_of = _deck_lookup(results, decks)
    games: dict[str, list[float]] = {}   # deck -> [games it sat in, sum of its per-game samples]
    measure: dict[str, str] = {}         # deck -> "win" or "place score"
    # (deck, card) -> [drawn, drawn score, not drawn, not drawn score, played, played score,
    #                  not played, not played score, playable when drawn, games met, their score]
    counts: dict[tuple[str, str], list[float]] = {}
    for i, r in enumerate(results):
        if r.cards is None:
            continue
        n = len(r.cards)
        value = [float(r.winner == seat) for seat in range(n)] if n <= 2 else place_scores(r.returns)
        seats_of: dict[str, list[int]] = {}
        for seat in range(n):
            seats_of.setdefault(deck_of(i, seat), []).append(seat)
        for deck, seats in seats_of.items():
            mine = sum(value[s] for s in seats) / len(seats)
            total = games.setdefault(deck, [0, 0.0])
            total[0] += 1
            total[1] += mine
            measure.setdefault(deck, "win" if n <= 2 else "place score")
            recs = [r.cards[seat] for seat in seats]
            played = [set(rec.get("played", ())) for rec in recs]
            drawn = [set(rec.get("drawn", ())) | pl for rec, pl in zip(recs, played)]
            playable = [set(rec.get("playable", ())) | pl for rec, pl in zip(recs, played)]
            for card in set().union(*drawn):
                c = counts.setdefault((deck, card), [0.0] * 11)
                _sides(c, 0, [(value[s], card in d) for s, d in zip(seats, drawn)])
                _sides(c, 4, [(value[s], card in p) for s, p in zip(seats, played)])
                c[8] += any(card in pl for pl in playable)
                c[9] += 1
                c[10] += mine
    rows = []
    for (deck, card), c in counts.items():
        # the games in which no seat of the deck drew it are on both "not" sides (rounded: place
        # scores of four seats are thirds, and a difference of their sums is not exact)
        unmet, unmet_score = games[deck][0] - c[9], round(games[deck][1] - c[10], 9)
        for k in (2, 6):
            c[k] += unmet
            c[k + 1] += unmet_score
        rows.append(_row(deck, card, measure[deck], int(games[deck][0]), c))
    rows.sort(key=_order)
    return rows


def _sides(c: list[float], k: int, seats: list[tuple[float, bool]]) -> None:
    """Add one game to the two sides from ``c[k]``: the mean sample of the deck's seats with
    the card and that of its seats without it, each side one sample per game."""
    for side, offset in ((True, 0), (False, 2)):
        vs = [v for v, has in seats if has is side]
        if vs:
            c[k + offset] += 1
            c[k + offset + 1] += sum(vs) / len(vs)


def _deck_lookup(results: Sequence[GameResult], decks: SeatDecks) -> Callable[[int, int], str]:
    if callable(decks):
        return decks
    if len(decks) != len(results):
        raise ValueError(f"one list of seat decks per result: {len(results)} results, {len(decks)} lists")
    for seats in decks:
        if isinstance(seats, str):
            raise ValueError("decks is one list of deck names per result (seat order), not a list of names")
    return lambda i, seat: str(decks[i][seat])


def _row(deck: str, card: str, measure: str, games: int, c: list[float]) -> dict[str, Any]:
    drawn, drawn_wins, not_drawn, not_drawn_wins, played, played_wins, not_played, not_played_wins, playable = c[:9]
    share = playable / drawn if drawn else 0.0
    nd, nnd, npl, nnp = int(drawn), int(not_drawn), int(played), int(not_played)
    return {
        "deck": deck, "card": card, "games": games, "measure": measure,
        "drawn": nd, "drawn_wins": _sum(drawn_wins), "drawn_win_rate": _rate(drawn_wins, nd),
        "drawn_ci95": list(wilson(drawn_wins, nd)),
        "not_drawn": nnd, "not_drawn_win_rate": _rate(not_drawn_wins, nnd),
        "not_drawn_ci95": list(wilson(not_drawn_wins, nnd)),
        "impact_drawn": _impact(drawn_wins, nd, not_drawn_wins, nnd),
        "impact_drawn_ci95": list(impact_interval(drawn_wins, nd, not_drawn_wins, nnd)),
        "played": npl, "played_wins": _sum(played_wins), "played_win_rate": _rate(played_wins, npl),
        "played_ci95": list(wilson(played_wins, npl)),
        "not_played": nnp, "not_played_win_rate": _rate(not_played_wins, nnp),
        "not_played_ci95": list(wilson(not_played_wins, nnp)),
        "impact_played": _impact(played_wins, npl, not_played_wins, nnp),
        "impact_played_ci95": list(impact_interval(played_wins, npl, not_played_wins, nnp)),
        "playable": int(playable), "playable_when_drawn": share,
        "rarely_playable": drawn >= RARELY_PLAYABLE_MIN_DRAWN and share < RARELY_PLAYABLE_SHARE,
    }


def _sum(x: float) -> float | int:
    """A count of wins as a whole number when it is one (two seats), else the summed score."""
    return int(x) if float(x).is_integer() else x


def _rate(wins: float, n: int) -> float:
    return wins / n if n else 0.0


def _impact(wins: float, n: int, other_wins: float, other: int) -> float:
    return wins / n - other_wins / other if n and other else 0.0


def impact_interval(wins: float, n: int, other_wins: float, other: int) -> tuple[float, float]:
    """95% interval of ``wins / n - other_wins / other`` (Newcombe 1998, method 10: each rate's
    Wilson interval, combined). Unlike a plain normal interval it stays sensible for small
    groups and rates near 0 or 1, which is where card counts live."""
    if not n or not other:
        return (-1.0, 1.0)
    p1, p2 = wins / n, other_wins / other
    (l1, u1), (l2, u2) = wilson(wins, n), wilson(other_wins, other)
    d = p1 - p2
    return (max(-1.0, d - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5),
            min(1.0, d + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5))


def _order(row: dict[str, Any]) -> tuple[float, float, str, str]:
    return (-row["impact_drawn"], -row["impact_played"], row["deck"], row["card"])


def _count(row: dict[str, Any], key: str) -> float:
    """A number of the row, 0 if missing or not a number (rows are read back from a maybe
    hand-edited JSON file too)."""
    x = row.get(key)
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else 0.0


def comparable(row: dict[str, Any], by: str = "drawn") -> bool:
    """Whether the row's impact (``by`` "drawn" or "played") compares anything: games both
    with and without the card."""
    return _count(row, by) > 0 and _count(row, f"not_{by}") > 0


def enough_games(row: dict[str, Any], by: str = "drawn") -> bool:
    """Whether both sides of the row's comparison have :data:`MIN_SIDE_GAMES` games and
    :data:`MIN_SIDE_SHARE` of the deck's games: a card missing from two games compares a
    two-game win rate, which says nothing."""
    return min(_count(row, by), _count(row, f"not_{by}")) >= max(MIN_SIDE_GAMES,
                                                                  MIN_SIDE_SHARE * _count(row, "games"))


#: what cards are ranked by, best first: drawn when enough games lack each card, else played
#: (played to the end of its deck, every card is drawn in nearly every game), else whatever
#: has games on both sides (``solid`` False: few games, to be read with its intervals)
BASES = (("drawn", True), ("played", True), ("drawn", False), ("played", False))


def impact_basis(rows: Sequence[Any]) -> tuple[str, bool] | None:
    """The first of :data:`BASES` under which some row can be ranked: ``(by, solid)``, or None
    when no card was drawn in some games and not in others."""
    plain = [_plain(r) for r in rows]
    for by, solid in BASES:
        if any(_ranks(r, by, solid) for r in plain):
            return by, solid
    return None


def _ranks(row: dict[str, Any], by: str, solid_only: bool) -> bool:
    """Whether :func:`ranked_rows` ranks the row."""
    return enough_games(row, by) if solid_only else comparable(row, by)


def top_and_bottom(rows: Sequence[Any], n: int, by: str = "drawn",
                   solid_only: bool = True) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cards that carry and those that drag: up to ``n`` rows whose owner won more often with
    the card (``by`` "drawn" or "played"), highest impact first, and up to ``n`` whose owner won
    less often, lowest first. A card with no difference is neither. Only rows with games on both
    sides count (a card in every opening hand compares nothing), and with ``solid_only`` only
    those with :func:`enough_games`. ``rows`` are :func:`card_impact` rows (or objects with
    ``to_json``)."""
    ranked = ranked_rows(rows, by, solid_only)
    if n <= 0:
        return [], []
    key = f"impact_{by}"
    top = [r for r in ranked if _count(r, key) > 0][:n]
    bottom = [r for r in reversed(ranked) if _count(r, key) < 0][:n]
    return top, bottom


def ranked_rows(rows: Sequence[Any], by: str = "drawn", solid_only: bool = True) -> list[dict[str, Any]]:
    """The rows :func:`top_and_bottom` ranks, highest impact first (ties by the other impact)."""
    if by not in ("drawn", "played"):
        raise ValueError(f"cards are ranked by 'drawn' or 'played', not {by!r}")
    other = "played" if by == "drawn" else "drawn"
    return sorted((r for r in map(_plain, rows) if _ranks(r, by, solid_only)),
                  key=lambda r: (-_count(r, f"impact_{by}"), -_count(r, f"impact_{other}"), str(r.get("deck")),
                                 str(r.get("card"))))


def _plain(row: Any) -> dict[str, Any]:
    return row if isinstance(row, dict) else row.to_json()
