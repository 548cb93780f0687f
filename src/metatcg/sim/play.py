"""One simulated game and its result: the unit every backend plays (:mod:`.work`,
:mod:`.jobs`) and the simulator and tournaments summarise (:mod:`.runner`)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..engine.game import Game
from ..engine.state import GameState


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    others = (n - wins) / n          # the share that did not win
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * others / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)     # exact ends where the rate is 0 or 1
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class GameResult:
    seed: int
    returns: list[float]
    winner: int | None          # the one seat with the highest return, None for a draw
    first_player: int | None    # the seat that acted first (the game's match_facts)
    turns: int
    actions: int
    reason: str
    action_limit: bool = False  # the kernel ended it at its action limit (GameState.hit_action_limit)
    ending: str = ""            # the game's short name for how it ended (Game.ending)
    cards: list[dict[str, list[str]]] | None = None   # per seat: "drawn", "playable", "played" names


def play_game(game: Game, decks: list[Any], bots: list[str], seed: int,
              options: dict[str, Any] | None = None, cards: bool = False) -> tuple[GameState, GameResult]:
    """One quiet game (with the table ``options``); the bot of seat ``i`` is seeded
    ``seed * 7919 + i`` and sees only ``state.handle(i)``. With ``cards`` each seat's record
    says which cards it held at one of its decisions (drawn), could play from hand at one of
    them (playable) and played."""
    players = [make_bot(b, seed * 7919 + i) for i, b in enumerate(bots)]
    state = game.new_state(decks, seed=seed, options=options, log=False)
    handles = [state.handle(p) for p in range(state.num_players)]
    if cards:
        usage = _play_tracking_cards(game, state, players, handles)
    else:
        usage = None
        while not state.is_terminal():
            p = state.current_player()
            state.apply(players[p].choose(handles[p]).id)
    facts = game.match_facts(state)
    return state, GameResult(seed, state.returns(), state.winner(), facts["first_player"],
                             facts["turns"], state.actions_taken, state.reason, state.hit_action_limit,
                             game.ending(state), usage)


def _play_tracking_cards(game: Game, state: GameState, players: list[Any], handles: list[Any]
                         ) -> list[dict[str, list[str]]]:
    """Play to the end, watching every action the kernel takes, forced ones included (a
    decision with one option is taken without asking the bot)."""
    n = state.num_players
    drawn: list[set[str]] = [set() for _ in range(n)]
    playable: list[set[str]] = [set() for _ in range(n)]
    played: list[set[str]] = [set() for _ in range(n)]
    hand_cards, played_card = game.hand_cards, game.played_card

    def watch(st: GameState, act: Any) -> None:
        dec = st.decision
        if dec is None:
            return
        p = dec.player
        drawn[p].update(hand_cards(st, p))
        for a in st.legal_actions():
            name = played_card(st, a)
            if name is not None:
                playable[p].add(name)
        name = played_card(st, act)
        if name is not None:
            played[p].add(name)

    state.watcher = watch
    try:
        while not state.is_terminal():
            p = state.current_player()
            state.apply(players[p].choose(handles[p]).id)
    finally:
        state.watcher = None
    return [{"drawn": sorted(drawn[p] | played[p]), "playable": sorted(playable[p]), "played": sorted(played[p])}
            for p in range(n)]
