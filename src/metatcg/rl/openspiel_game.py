"""Our two-seat games as OpenSpiel Python games (issue 13), so OpenSpiel's algorithms (MCTS,
CFR-family, ...) run on them: ``register()`` then ``pyspiel.load_game("metatcg_metax")``.

Names no game: every registered game that can be played by two is offered at two seats, under
``metatcg_<id with - as _>``. ``pyspiel`` is imported only when :func:`register` runs, so
``import metatcg.rl`` stays light.

Why ``SAMPLED_STOCHASTIC``: our chance (shuffles, coin flips) happens inside ``apply``, from the
state's own seeded RNG, never as a node a player could see or an algorithm enumerate. OpenSpiel's
explicit chance nodes would need every shuffle exposed as an outcome list. So, as OpenSpiel's own
sampled games do, the game holds an RNG (parameter ``rng_seed``) and every new state draws its deal
seed from it; from then on the state is deterministic given the actions, and ``clone`` copies the
future chance with it (a search on a clone of the true state knows future draws: use
``resample_from_infostate`` first, as ``examples/openspiel_mcts.py`` does).

The seed is drawn when the state is first used, not in ``new_initial_state``: OpenSpiel clones a
Python state by calling ``new_initial_state()`` and copying the attributes over, and a clone must
not build a game (nor consume a seed) only to throw it away.
"""
from __future__ import annotations

import json
from typing import Any, Callable

import numpy as np

import metatcg
from ..engine.game import Game
from ..engine.rng import Rng
from ..engine.state import GameState
from .codec import ActionCodec
from .observation import observation_size, observe

SEATS = 2
_SEED_MASK = 0x7FFFFFFF
_registered: dict[str, str] = {}   # OpenSpiel name -> our game id
_classes: dict[str, type] = {}


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        raise ImportError("OpenSpiel is not installed; install it with: pip install 'metatcg[rl]' "
                          "(or pip install open_spiel)") from None
    return pyspiel


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of one of our games: ``metatcg_metazoo_2022``."""
    return "metatcg_" + game_id.replace("-", "_")


def register(game_id: str | None = None) -> list[str]:
    """Register ``game_id`` (default: every registered game playable by two that declares an
    action space and an observation encoding) with OpenSpiel at two seats; returns the OpenSpiel
    names. Registering again is a no-op."""
    pyspiel = _pyspiel()
    ids = [game_id] if game_id is not None else list(metatcg.game_ids())
    names = []
    for gid in ids:
        game = metatcg.load_game(gid)
        problem = _unfit(game)
        if problem:
            if game_id is not None:
                raise ValueError(f"{gid} cannot be an OpenSpiel game: {problem}")
            continue
        name = openspiel_name(gid)
        if name not in _registered:
            pyspiel.register_game(_game_type(pyspiel, game, name), _game_class(gid))
            _registered[name] = gid
        names.append(name)
    return names


def _unfit(game: Game) -> str:
    """Why ``game`` cannot be offered to OpenSpiel ("" when it can)."""
    if SEATS not in game.seat_counts:
        return "it is not played by two (OpenSpiel games here have two seats)"
    try:
        game.action_space(SEATS)
        game.observation_layout(SEATS)
    except NotImplementedError:
        return "it declares no action space or observation encoding (metatcg.rl)"
    return ""


def _game_type(pyspiel: Any, game: Game, name: str) -> Any:
    t = pyspiel.GameType
    return t(short_name=name, long_name=f"metatcg {game.title or game.id} (2 seats)",
             dynamics=t.Dynamics.SEQUENTIAL, chance_mode=t.ChanceMode.SAMPLED_STOCHASTIC,
             information=t.Information.IMPERFECT_INFORMATION, utility=t.Utility.ZERO_SUM,
             reward_model=t.RewardModel.TERMINAL, max_num_players=SEATS, min_num_players=SEATS,
             provides_information_state_string=True, provides_information_state_tensor=False,
             provides_observation_string=True, provides_observation_tensor=True,
             parameter_specification={"rng_seed": 0, "deck0": "", "deck1": ""})


def _game_class(game_id: str) -> type:
    """A pyspiel.Game subclass bound to ``game_id`` (pyspiel builds games from a class)."""
    cls = _classes.get(game_id)
    if cls is None:
        base = _base_classes()[0]
        cls = _classes[game_id] = type(f"OpenSpiel_{game_id.replace('-', '_')}", (base,), {"GAME_ID": game_id})
    return cls


_BASES: list[type] = []


def _base_classes() -> list[type]:
    """The Game and State classes, made on first use so that pyspiel is imported lazily."""
    if _BASES:
        return _BASES
    pyspiel = _pyspiel()

    class MetatcgOpenSpielGame(pyspiel.Game):  # type: ignore[misc,name-defined]
        """One of our games at two seats; its parameters: ``rng_seed`` (the seed of the deals)
        and ``deck0``/``deck1`` (starter deck names or deck files; default the first two)."""

        GAME_ID = ""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            self.engine_game: Game = metatcg.load_game(self.GAME_ID)
            self.codec = ActionCodec(self.engine_game, SEATS)
            limit = int(self.engine_game.default_options()["action_limit"])
            info = pyspiel.GameInfo(num_distinct_actions=self.codec.n, max_chance_outcomes=0,
                                    num_players=SEATS, min_utility=-1.0, max_utility=1.0,
                                    utility_sum=0.0, max_game_length=limit)
            name = openspiel_name(self.GAME_ID)
            super().__init__(_game_type(pyspiel, self.engine_game, name), info, params or {})
            p = self.get_parameters()
            starters = self.engine_game.starter_deck_names()
            self.decks = [str(p.get("deck0") or starters[0]), str(p.get("deck1") or starters[1 % len(starters)])]
            self.deal_rng = Rng(int(p.get("rng_seed", 0)))
            self.obs_size = observation_size(self.engine_game, SEATS)

        def new_initial_state(self, seed: int | None = None) -> "MetatcgOpenSpielState":
            """A new game; its deal seed is ``seed`` or, when first used, the next of ``rng_seed``'s."""
            return MetatcgOpenSpielState(self, seed)

        def next_seed(self) -> int:
            return self.deal_rng.next64() & _SEED_MASK

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ViewObserver":
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return ViewObserver(self.obs_size, perfect_recall)

    class MetatcgOpenSpielState(pyspiel.State):  # type: ignore[misc,name-defined]
        """An engine state behind OpenSpiel's Python-state API; actions are codec integers."""

        def __init__(self, game: MetatcgOpenSpielGame, seed: int | None = None) -> None:
            super().__init__(game)
            self._core = _Core(game, seed)

        @property
        def engine(self) -> GameState:
            """The engine state (the full game: for tests and baselines, never for a player)."""
            return self._core.state()

        def current_player(self) -> int:
            s = self.engine
            return int(pyspiel.PlayerId.TERMINAL) if s.is_terminal() else s.current_player()

        def _legal_actions(self, player: int) -> list[int]:
            s = self.engine
            if s.is_terminal() or player != s.current_player():
                return []
            encode = self._core.codec.encode
            return sorted(encode(a) for a in s.legal_actions())

        def _apply_action(self, action: int) -> None:
            s = self.engine
            player = s.current_player()
            s.apply(self._core.codec.action_for(s, int(action)))
            self._core.own[player].append(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            return self._core.codec.decode(int(action))

        def is_terminal(self) -> bool:
            return self.engine.is_terminal()

        def returns(self) -> list[float]:
            return [float(r) for r in self.engine.returns()]

        def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> Any:
            """A clone whose hidden cards and future chance are resampled for ``player_id``
            (the game's ``determinize``): what a search may look at without cheating."""
            new = self.clone()
            seed = int(probability_sampler() * (1 << 53))
            new._core.swap(self.engine.handle(player_id).determinize(Rng(seed)))
            return new

        def __str__(self) -> str:
            s = self.engine
            return f"{s.game.id} seed={s.seed} actions={len(s.history)} digest={s.digest()}"

    _BASES.extend([MetatcgOpenSpielGame, MetatcgOpenSpielState])
    return _BASES


class _Core:
    """The engine state of one OpenSpiel state, made on first use (see the module docstring);
    deep-copying it is the engine's cheap ``clone``."""

    __slots__ = ("game", "seed", "_state", "codec", "own")

    def __init__(self, game: Any, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self.codec: ActionCodec = game.codec
        self._state: GameState | None = None
        self.own: list[list[int]] = [[] for _ in range(SEATS)]   # each seat's own actions (its recall)

    def state(self) -> GameState:
        s = self._state
        if s is None:
            if self.seed is None:
                self.seed = self.game.next_seed()
            s = self._state = self.game.engine_game.new_state(self.game.decks, seed=self.seed, log=False)
        return s

    def swap(self, state: GameState) -> None:
        self._state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Core":
        new = _Core(self.game, None)
        new._state = self.state().clone()
        new.seed = self.seed
        new.own = [list(o) for o in self.own]
        return new


class ViewObserver:
    """OpenSpiel's Python observer: the tensor is ``observe(state, p)`` (built from ``view(p)``);
    the string is the JSON of ``view(p)``, plus ``p``'s own past actions for the information state
    (perfect recall of one's own choices; the view already holds what is public)."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = observe(state.engine, player)

    def string_from(self, state: Any, player: int) -> str:
        out: dict[str, Any] = {"view": state.engine.view(player, None)}
        if self.perfect_recall:
            out["own_actions"] = state._core.own[player]
        return json.dumps(out, sort_keys=True, separators=(",", ":"))


__all__ = ["register", "openspiel_name", "SEATS", "ViewObserver"]
