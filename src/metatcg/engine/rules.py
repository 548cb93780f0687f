"""What a game's rules give the kernel: the required parts, and every optional hook declared
once with the kernel's default.

A game's rules class inherits :class:`Rules`, gives the required methods and overrides the
hooks its rules need; its data class inherits :class:`DataHooks`. The kernel calls the hooks directly (no ``getattr``
lookups), and asks :func:`overrides` once per state for the few whose mere presence changes
how it runs (a state check, a cheap "surely several options" hint), so a game that does not
need them pays nothing. OpenSpiel's ``GameType`` declares what a game supports the same way.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping, Sequence

from .action import Action, Decision
from .beside import module_beside
from .records import KERNEL, Registry
from .seats import returns_by_place

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState
    from .windows import Window


class RulesHooks:
    """Optional hooks of a game's rules, each with the kernel's default behaviour."""

    __slots__ = ()

    # ------------------------------------------------------------ the decision loop
    def surely_several(self, state: "GameState") -> bool:
        """A cheap hint: True when the pending decision surely has two or more options, so the
        kernel need not list them just to see whether one could be taken by itself."""
        return False

    def state_check(self, state: "GameState") -> None:
        """The game's state-based checks, run before queued triggers go on the stack."""

    def forced_reason(self, state: "GameState", decision: Decision, action: Action) -> str:
        """Why a decision had one option ("" says nothing more than "only choice")."""
        return ""

    def distinct_labels(self, state: "GameState", actions: tuple[Action, ...]) -> Sequence[Action]:
        """Options whose labels clash, told apart in words a player reads (what still reads
        alike is numbered "(1st)", "(2nd)" by the kernel)."""
        return actions

    # ------------------------------------------------------------ triggers and replacements
    def trigger_groups(self, state: "GameState",
                       batch: tuple[Any, ...]) -> Iterable[tuple[int, tuple[Any, ...]]]:
        """Simultaneous triggers split by the seat that orders them (PR-K-2: by default the
        active player orders them all)."""
        return [(state.rules.active_player(state), batch)]

    def replacement_key(self, replacement: Any) -> Any:
        """What marks a replacement as used on one event (by default the replacement itself)."""
        return replacement

    # ------------------------------------------------------------ response windows (.windows)
    def responses(self, state: "GameState", window: "Window", seat: int) -> list[Action]:
        """A seat's options in a response window, without "pass" (a game that opens windows
        overrides this)."""
        return []

    def can_respond(self, state: "GameState", window: "Window", seat: int) -> bool:
        """Cheap test whether a seat has anything to respond with."""
        return bool(self.responses(state, window, seat))

    def after_response(self, state: "GameState", window: "Window", seat: int,
                       action: Action) -> "Window | None":
        """The window to ask next after ``seat`` responded (by default: everyone again, from the
        seat after the responder)."""
        return window.reopened_after(seat)

    def after_pass(self, state: "GameState", window: "Window", seat: int) -> None:
        """Called when an asked seat passes (e.g. to log the choice)."""

    def window_prompt(self, state: "GameState", window: "Window", seat: int) -> str:
        return f"Respond ({window.name}) or pass"

    # ------------------------------------------------------------ conceding, explaining
    def can_concede(self, state: "GameState", player: int) -> bool:
        """Whether a seat may concede now (a seat already out of the game may not)."""
        return True

    def concede(self, state: "GameState", player: int) -> None:
        """What follows a concession: by default the game ends with ``player`` last and every
        other seat sharing first place."""
        state.end(returns_by_place([1 if p == player else 0 for p in range(state.num_players)]),
                  f"P{player + 1} concedes")

    def check_loaded(self, state: "GameState") -> None:
        """The game's checks of a loaded state that need its rules: the steps, waiting triggers
        and decision name cards, seats and abilities that exist, each decision has the params of
        its kind (raise StateDataError). Runs after the data's own :meth:`DataHooks.check_loaded`."""

    def why_not(self, state: "GameState", player: int, name: str) -> str:
        """Why a card or an option a player names is not offered ("" when the rules have
        nothing to say; :mod:`metatcg.ui.why` then says what it can)."""
        return ""


class DataHooks:
    """Optional hooks of a game's data object (checked when a saved state is loaded)."""

    __slots__ = ()

    def matches_decks(self, decks: tuple[tuple[str, ...], ...]) -> bool:
        """Whether the data's cards agree with the decks the state says were dealt."""
        return True

    def check_loaded(self, state: "GameState") -> None:
        """The game's own checks of a loaded state (raise StateDataError when broken)."""

    def forget_derived(self) -> None:
        """Drop what the data worked out from itself and keeps (its caches). The rules keep
        them right as they change the data; the kernel calls this when the data was changed
        otherwise: a position built by hand starting (``state.run_to_decision``) and a game
        changing a copy's data in place (``state.options_changed``, a determinized redeal)."""


class Rules(RulesHooks):
    """A game's rules: what the kernel cannot do without (ARCHITECTURE.md, "The game contract"),
    plus the optional hooks above."""

    __slots__ = ()

    #: actions after which a runaway game ends as a draw
    action_limit: ClassVar[int] = 10_000
    #: the records (steps, decision params) of the game, for saving and loading states
    records: ClassVar[Registry] = KERNEL

    def legal_actions(self, state: "GameState") -> list[Action]:
        raise NotImplementedError

    def perform(self, state: "GameState", action: Action, decision: Decision) -> None:
        raise NotImplementedError

    def run_step(self, state: "GameState", step: Any) -> None:
        raise NotImplementedError

    def on_idle(self, state: "GameState") -> None:
        raise NotImplementedError

    def active_player(self, state: "GameState") -> int:
        raise NotImplementedError

    def describe_trigger(self, state: "GameState", trigger: Any) -> str:
        raise NotImplementedError

    def triggers_for(self, state: "GameState", event: Any) -> list[Any]:
        return []

    def replacements_for(self, state: "GameState", event: Any, applied: tuple[Any, ...]) -> list[Any]:
        return []

    def view(self, state: "GameState", player: int) -> dict[str, Any]:
        raise NotImplementedError

    def data_from_json(self, obj: Any) -> Any:
        raise NotImplementedError


class PooledRules(Rules):
    """The rules of a game whose cards come from a pool, with the parts every such game words
    alike: the active seat is ``data.active``, a saved state is read by ``data_class.from_json``
    with the pool, and the views, labels and "why not" words come from the game's ``view``,
    ``labels`` and ``whynot`` modules beside its rules class (each optional but ``view``)."""

    #: the game's data class (``from_json(obj, pool)`` reads a saved state)
    data_class: ClassVar[Any]
    #: each decision kind -> what lists its options (the default :meth:`legal_actions`)
    decision_options: ClassVar[Mapping[str, Callable[["GameState", Decision], list[Action]]]] = {}

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def active_player(self, state: "GameState") -> int:
        active: int = state.data.active
        return active

    def legal_actions(self, state: "GameState") -> list[Action]:
        dec = state.decision
        assert dec is not None
        return self.decision_options[dec.kind](state, dec)

    def data_from_json(self, obj: Any) -> Any:
        return self.data_class.from_json(obj, self.pool)

    def view(self, state: "GameState", player: int) -> dict[str, Any]:
        view = module_beside(type(self).__module__, "view")
        if view is None:
            raise NotImplementedError(f"{type(self).__name__} has no view module")
        return view.view(state, player)  # type: ignore[no-any-return]

    def distinct_labels(self, state: "GameState", actions: tuple[Action, ...]) -> Sequence[Action]:
        labels = module_beside(type(self).__module__, "labels")
        return actions if labels is None else labels.distinct_labels(state, actions)

    def why_not(self, state: "GameState", player: int, name: str) -> str:
        whynot = module_beside(type(self).__module__, "whynot")
        return "" if whynot is None else whynot.why_not(state, player, name)


def overrides(obj: object, base: type, name: str) -> bool:
    """Whether ``obj``'s class gives its own ``name`` hook rather than ``base``'s default."""
    return getattr(type(obj), name, None) is not getattr(base, name)
