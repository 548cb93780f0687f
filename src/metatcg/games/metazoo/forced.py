"""Why a MetaZoo decision had only one option (``Rules.forced_reason``): the kernel took it and
tells the decider "(only choice) <label>: <reason>", so a player sees why the game moved on
without asking them."""
from __future__ import annotations

from ...engine.action import Action, Decision
from ...engine.state import GameState
from .zones import lane_txt, nm, pl
from .data import MetaZooData


def reason(st: GameState, dec: Decision, act: Action) -> str:
    """A short plain reason for the common forced decisions, "" when none is useful."""
    d: MetaZooData = st.data
    explain = _REASONS.get(dec.kind)
    return explain(d, dec, act) if explain is not None else ""


def _action(d: MetaZooData, dec: Decision, act: Action) -> str:
    """Only a declaration left: the last open lane, and what stands in the way of the rest."""
    p = dec.params.player
    if not any(a not in d.tapped for a in d.aura_zone[p]):
        why = "all your Aura are tapped"
    elif not d.hand[p]:
        why = "your hand is empty and no ability can be used"
    else:
        why = "no card in your hand can be played and no ability can be used"
    return f"it is the last open lane and nothing else is possible ({why})"


def _target(d: MetaZooData, dec: Decision, act: Action) -> str:
    tc = dec.params
    src = nm(d, tc.ctx.src)
    if tc.purpose == "fighter":
        return f"your only creature that can Duel for {src}"
    return f"the only unit {src} can affect"


def _destroy(d: MetaZooData, dec: Decision, act: Action) -> str:
    step = dec.params
    return f"Destruction: the only unit of {pl(step.loser)} in {lane_txt(step.lane)} that can be Shattered"


def _sacrifice(d: MetaZooData, dec: Decision, act: Action) -> str:
    return f"the only unit you can Sacrifice for {nm(d, dec.params.src)}"


def _discover(d: MetaZooData, dec: Decision, act: Action) -> str:
    return "none of the cards you looked at is one it lets you take"


def _search(d: MetaZooData, dec: Decision, act: Action) -> str:
    return "no card in your deck is one it lets you take"


def _recover(d: MetaZooData, dec: Decision, act: Action) -> str:
    return "the only card in your discard pile it can return"


def _lane(d: MetaZooData, dec: Decision, act: Action) -> str:
    return "the only lane it can use"


def _overflow(d: MetaZooData, dec: Decision, act: Action) -> str:
    return f"the only card to remove so {lane_txt(dec.params.lane)} is within its size limit"


_REASONS = {"action": _action, "target": _target, "destroy": _destroy, "sacrifice": _sacrifice,
            "discover": _discover, "search": _search, "recover": _recover, "lane": _lane, "move_to": _lane,
            "overflow": _overflow}
