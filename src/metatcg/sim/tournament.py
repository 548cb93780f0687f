"""Round-robin tournaments between entrants (a deck played by a bot).

Every group of ``seats`` entrants meets on the same seeds in every rotation of the seats, so
each entrant sits in each seat once per seed (at two seats: seat-swapped pairs). Who goes
first stays the game's own chance, and with a shared seed it falls on the same seat, so both
entrants of a pair get the first seat equally often.

From the games: a head-to-head matrix (score = wins + half the draws, per game, with Wilson
95% intervals), Bradley–Terry ratings on an Elo scale with 95% intervals, each entrant's
edge when it acted first, how the games ended and their lengths.

The unit is the game. At three or four seats a game gives one result per pair of seats, but an
entrant's games, wins and score count each game once (its score in a game is its share of the
others it finished ahead of, :func:`~metatcg.sim.stats.place_scores`), and the ratings'
intervals treat the pair results of one game as one cluster (no narrower than a sandwich
variance). A pair of entrants meets at most once per game, so each matrix cell has one sample
per game.
"""
from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from ..engine.errors import MetatcgError
from ..engine.game import Game
from .jobs import Job, run_jobs
from .runner import GameResult, wilson
from .stats import Z95, cluster_covariance, place_scores, stratified_edge

ELO = 400 / math.log(10)       # Elo points per unit of log-strength
PRIOR = 0.5                    # virtual half-wins each way per pair, so a perfect record stays finite


@dataclass(frozen=True)
class Entrant:
    """A deck and the bot that plays it. ``deck`` is the game's deck object."""

    name: str
    deck_name: str
    bot: str
    deck: Any = None

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "deck": self.deck_name, "bot": self.bot}


def name_entrants(decks: list[tuple[str, Any]], bots: list[str]) -> list[Entrant]:
    """Entrants from (deck name, deck) and one bot each; a name shows the bot only when the
    bots differ. The same deck with the same bot twice is refused (it would meet itself)."""
    if len(bots) != len(decks):
        raise MetatcgError(f"one bot for every deck or one for all: {len(decks)} decks, {len(bots)} bots")
    keys = list(zip((n for n, _ in decks), bots))
    twice = [k for k, c in Counter(keys).items() if c > 1]
    if twice:
        deck, bot = twice[0]
        raise MetatcgError(f"deck {deck!r} with bot {bot!r} is entered twice")
    show_bot = len(set(bots)) > 1
    return [Entrant(f"{n} ({b})" if show_bot else n, n, b, d) for (n, d), b in zip(decks, bots)]


def schedule(entrants: int, seats: int, per_group: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """(entrant of each seat, seed) for every game: each group of ``seats`` entrants plays the
    seeds ``seed .. seed + per_group - 1`` in each rotation of the seats."""
    out = []
    for group in itertools.combinations(range(entrants), seats):
        for k in range(per_group):
            for r in range(seats):
                out.append((group[r:] + group[:r], seed + k))
    return out


@dataclass
class TournamentSummary:
    game: str
    seats: int
    entrants: list[Entrant]
    seeds_per_group: int
    games: int
    planned_games: int
    stopped: bool
    seconds: float
    matrix: list[list[dict[str, Any] | None]]
    ratings: list[dict[str, Any]]
    first_seat: list[dict[str, Any]]
    first_seat_edge: dict[str, Any]
    endings: dict[str, int]
    draws: int
    action_limit_games: int
    action_limit_seeds: list[int]
    lengths: dict[str, list[int]]
    seatings: list[tuple[int, ...]] = field(default_factory=list)   # entrant of each seat, per result
    results: list[GameResult] = field(default_factory=list)
    cards: list[dict[str, Any]] | None = None
    turns_unit: str = "turns"

    @property
    def games_per_pairing(self) -> int:
        return self.seeds_per_group * self.seats

    def to_json(self, with_games: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind_of_run": "tournament", "game": self.game, "seats": self.seats, "turns_unit": self.turns_unit,
            "entrants": [e.to_json() for e in self.entrants], "games_per_pairing": self.games_per_pairing,
            "games": self.games, "planned_games": self.planned_games, "stopped": self.stopped,
            "seconds": self.seconds, "matrix": self.matrix, "ratings": self.ratings,
            "first_seat": self.first_seat, "first_seat_edge": self.first_seat_edge, "endings": self.endings,
            "draws": self.draws,
            "action_limit_games": self.action_limit_games, "action_limit_seeds": self.action_limit_seeds,
            "lengths": self.lengths, "cards": self.cards}
        if with_games:
            out["results"] = [{"entrants": list(s), **asdict(r)} for s, r in zip(self.seatings, self.results)]
        return out


def run_tournament(game: Game, entrants: list[Entrant], games: int, seats: int = 2, seed: int = 0,
                   workers: int = 1, backend: str = "local", address: str | None = None,
                   options: dict[str, Any] | None = None, cards: bool = False,
                   progress: Callable[[int], None] | None = None) -> TournamentSummary:
    """Play ``games`` games per group of ``seats`` entrants (rounded up to a whole number of
    seat rotations) and summarise them. Ctrl-C keeps the finished games (``stopped``)."""
    per_group = plan_games(game, entrants, games, seats)
    sched = schedule(len(entrants), seats, per_group, seed)
    game.new_state([entrants[i].deck for i in sched[0][0]], seed=seed, options=options, log=False)
    jobs = [Job(tuple(entrants[i].deck for i in seating), tuple(entrants[i].bot for i in seating), s,
                options, cards) for seating, s in sched]
    out = run_jobs(game, jobs, workers=workers, backend=backend, address=address, progress=progress)
    seatings = [sched[i][0] for i in out.indexes]
    return summarise_tournament(game.id, entrants, seats, per_group, out.results, seatings,
                                len(jobs), out.stopped, out.seconds, cards)


def plan_games(game: Game, entrants: list[Entrant], games: int, seats: int) -> int:
    """Seeds per group, after checking the table: enough entrants, a seat count the game has."""
    if seats not in game.seat_counts:
        raise MetatcgError(f"{game.id} is played by {game.seats_text()} players, not {seats}")
    if len(entrants) < max(2, seats):
        raise MetatcgError(f"a tournament at {seats} seats needs at least {max(2, seats)} entrants, "
                           f"not {len(entrants)}")
    if games < 1:
        raise MetatcgError("--games must be at least 1")
    return -(-games // seats)


def summarise_tournament(game_id: str, entrants: list[Entrant], seats: int, per_group: int,
                         results: list[GameResult], seatings: list[tuple[int, ...]], planned: int,
                         stopped: bool, seconds: float, cards: bool = False) -> TournamentSummary:
    n = len(entrants)
    wins = [[0.0] * n for _ in range(n)]       # wins[i][j]: games i finished ahead of j
    draws = [[0.0] * n for _ in range(n)]
    clusters = []                              # per game: (i, j, score of i against j)
    for seating, r in zip(seatings, results):
        pairs = []
        for a, b in itertools.combinations(range(seats), 2):
            i, j = seating[a], seating[b]
            if r.returns[a] > r.returns[b]:
                wins[i][j] += 1
                pairs.append((i, j, 1.0))
            elif r.returns[b] > r.returns[a]:
                wins[j][i] += 1
                pairs.append((i, j, 0.0))
            else:
                draws[i][j] += 1
                draws[j][i] += 1
                pairs.append((i, j, 0.5))
        clusters.append(pairs)
    matrix: list[list[dict[str, Any] | None]] = []
    for i in range(n):
        row: list[dict[str, Any] | None] = []
        for j in range(n):
            g = wins[i][j] + wins[j][i] + draws[i][j]
            if i == j or g == 0:
                row.append(None)
                continue
            score = wins[i][j] + draws[i][j] / 2
            row.append({"games": int(g), "wins": int(wins[i][j]), "losses": int(wins[j][i]),
                        "draws": int(draws[i][j]), "score": score / g, "ci95": list(wilson(score, int(g)))})
        matrix.append(row)
    ratings = bradley_terry(entrants, wins, draws, clusters if seats > 2 else None)
    per_game = entrant_games(n, results, seatings)
    for rating in ratings:
        rating.update(per_game[rating["entrant"]])
    card_rows = None
    if cards:
        from .cards import card_impact
        card_rows = card_impact(results, [[entrants[i].name for i in s] for s in seatings])
    limited = [r.seed for r, s in zip(results, seatings) if r.action_limit]
    return TournamentSummary(
        game=game_id, seats=seats, entrants=entrants, seeds_per_group=per_group, games=len(results),
        planned_games=planned, stopped=stopped, seconds=seconds, matrix=matrix, ratings=ratings,
        first_seat=first_seat_edges(entrants, results, seatings),
        first_seat_edge=stratified_edge(first_seat_samples(results, seatings)),
        endings=dict(Counter(r.ending for r in results).most_common()),
        draws=sum(1 for r in results if r.winner is None), action_limit_games=len(limited),
        action_limit_seeds=limited,
        lengths={"turns": [r.turns for r in results], "actions": [r.actions for r in results]},
        seatings=seatings, results=results, cards=card_rows)


def entrant_games(n: int, results: list[GameResult],
                  seatings: list[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Per entrant, each game counted once: games played, outright wins (``GameResult.winner``)
    and the mean of its place scores (at two seats: wins plus half the draws, per game)."""
    games, won, score = [0] * n, [0] * n, [0.0] * n
    for r, seating in zip(results, seatings):
        for seat, (e, x) in enumerate(zip(seating, place_scores(r.returns))):
            games[e] += 1
            won[e] += r.winner == seat
            score[e] += x
    return [{"games": games[e], "wins": won[e], "score": score[e] / games[e] if games[e] else 0.0}
            for e in range(n)]


def first_seat_samples(results: list[GameResult], seatings: list[tuple[int, ...]],
                       entrant: int | None = None) -> list[tuple[Any, bool, float]]:
    """One sample per entrant per game whose first player is known: (the entrant at that table
    of entrants, acted first, won). Only ``entrant``'s with one given."""
    out: list[tuple[Any, bool, float]] = []
    for r, seating in zip(results, seatings):
        if r.first_player is None:
            continue
        table = tuple(sorted(seating))
        for seat, e in enumerate(seating):
            if entrant is None or e == entrant:
                out.append(((e, table), r.first_player == seat, float(r.winner == seat)))
    return out


def first_seat_edges(entrants: list[Entrant], results: list[GameResult],
                     seatings: list[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Each entrant's win rate in the games where it acted first and in the others, and the
    edge compared like with like: within each table of entrants it sat at (where a rule picks
    the starter from the decks, the games it started are not the games it did not)."""
    rows = []
    for e, ent in enumerate(entrants):
        fg = fw = sg = sw = 0
        for r, s in zip(results, seatings):
            if e not in s or r.first_player is None:
                continue
            seat = s.index(e)
            won = r.winner == seat
            if r.first_player == seat:
                fg, fw = fg + 1, fw + won
            else:
                sg, sw = sg + 1, sw + won
        fr, sr = (fw / fg if fg else 0.0), (sw / sg if sg else 0.0)
        like = stratified_edge(first_seat_samples(results, seatings, e), min_side=1)
        rows.append({"entrant": e, "name": ent.name, "first_games": fg, "first_wins": fw, "first_win_rate": fr,
                     "first_ci95": list(wilson(fw, fg)), "second_games": sg, "second_wins": sw,
                     "second_win_rate": sr, "second_ci95": list(wilson(sw, sg)),
                     "edge": fr - sr if fg and sg else 0.0,
                     "matched_games": like["first_games"] + like["other_games"],
                     "matched_edge": like["edge"], "matched_ci95": like["ci95"]})
    return rows


def bradley_terry(entrants: list[Entrant], wins: list[list[float]], draws: list[list[float]],
                  clusters: list[list[tuple[int, int, float]]] | None = None,
                  iterations: int = 2000) -> list[dict[str, Any]]:
    """Bradley–Terry strengths by Hunter's MM updates (a draw is half a win each way, plus a
    ``PRIOR`` half-win each way per pair that met), on an Elo scale with mean 1500. Intervals
    are ±1.96 standard errors from the inverse Fisher information (its pseudo-inverse, since
    only differences are identified), best first; with ``clusters`` (one list of pair results
    per game, for tables of more than two) no narrower than the cluster-robust variance, so a
    game counts once.
    A row's ``games`` and ``score`` count pair results (the tournament sets them per game)."""
    n = len(entrants)
    w = [[wins[i][j] + draws[i][j] / 2 for j in range(n)] for i in range(n)]
    games = [[wins[i][j] + wins[j][i] + draws[i][j] for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j] > 0:
                w[i][j] += PRIOR
                games[i][j] += 2 * PRIOR
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(sum(w[i]) / denom if denom else p[i])
        mean_log = statistics.fmean(math.log(x) for x in new)
        new = [x / math.exp(mean_log) for x in new]
        if max(abs(a - b) for a, b in zip(new, p)) < 1e-10:
            p = new
            break
        p = new
    theta = [math.log(x) for x in p]
    se = _standard_errors(p, games, clusters)
    rows = []
    for i, ent in enumerate(entrants):
        played = sum(games[i][j] - 2 * PRIOR for j in range(n) if j != i and games[i][j])
        score = sum(wins[i][j] + draws[i][j] / 2 for j in range(n) if j != i)
        r = 1500 + ELO * theta[i]
        half = Z95 * ELO * se[i]
        rows.append({"entrant": i, "name": ent.name, "rating": r, "ci95": [r - half, r + half],
                     "score": score / played if played else 0.0, "games": int(round(played))})
    return sorted(rows, key=lambda row: -row["rating"])


def _standard_errors(p: list[float], games: list[list[float]],
                     clusters: list[list[tuple[int, int, float]]] | None = None) -> list[float]:
    """Standard errors of the log-strengths: the diagonal of the pseudo-inverse of the Fisher
    information, which fixes their sum (the same centring as the ratings); when the results come
    in ``clusters`` (games), the larger of that and the cluster-robust (sandwich) variance."""
    import numpy as np

    n = len(p)
    info = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j]:
                v = games[i][j] * p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i, j] -= v
                info[i, i] += v
    var = np.diag(np.linalg.pinv(info))
    if clusters is not None:          # never narrower than the model's: the sandwich is shaky on few games
        var = np.maximum(var, np.diag(cluster_covariance(info, p, clusters)))
    return [math.sqrt(max(0.0, float(v))) for v in var]
