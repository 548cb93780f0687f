"""Setup, the turn's phases and the endings (MB-SETUP, MB-TURN, MB-DRAW, MB-MOVE, MB-DEPLOY,
MB-RESTOCK, MB-SPEC, MB-WIN). The Attack Phase is in :mod:`.battle`, abilities in
:mod:`.abilities`."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

from ...engine.action import Action
from ...engine.cardfile import first_of_each_name
from ...engine.events import emit
from ...engine.seats import after, clockwise, next_seat
from ...engine.windows import Window
from . import grid
from .data import EMPTY_PLAY_LOSS, HAND_SIZE, SETUP_POINTS, MetabaloidsData
from .endings import fewest_lost as fewest_lost, lost_counts as lost_counts, out_of_cards as out_of_cards
from .endings import places, required_draw as required_draw
from .pay import can_pay, from_hand, lose, pl
from .zones import col_name as col_name, lose_top
from .records import (DONE, AttackNext, CardPick, Deploy, EndTurn, LoopCheck, Pay, Phase, Place, Placement,
                      Restock, Seat)

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState

CUT_ROUNDS = 20         # after this many tied cuts the first player is picked at random (PR-MB-2)
PHASE_NAMES = {"draw": "Draw Phase", "abilities": "Use Abilities", "move": "Move Cards",
               "deploy": "Deploy From Reserve", "attack": "Attack Phase", "restock": "Restock Reserve / End Turn"}


# ----------------------------------------------------------------- setup (MB-SETUP)
def setup(st: "GameState") -> None:
    """Shuffle, 7 cards each, the cut with re-cuts, then placement turns (MB-SETUP-1/2/7/8)."""
    d: MetabaloidsData = st.data
    for p in range(d.n):
        st.rng.shuffle(d.draw[p])
    for p in range(d.n):
        required_draw(st, p, HAND_SIZE)
    contenders = list(range(d.n))
    for _ in range(CUT_ROUNDS):
        cut = {}
        for p in contenders:
            pile = d.draw[p]
            c = pile[st.rng.below(len(pile))]
            cut[p] = d.cards[c].cost
            if st.logging:
                st.say(f"{pl(p)} cuts their draw pile and reveals a Rarity/Cost {d.cards[c].cost} card")
        best = max(cut.values())
        contenders = [p for p in contenders if cut[p] == best]
        if len(contenders) == 1:
            break
        if st.logging:
            st.say(f"{' and '.join(map(pl, contenders))} tie and cut again (MB-SETUP-2)")
    if len(contenders) > 1:
        contenders = [contenders[st.rng.below(len(contenders))]]
        if st.logging:
            st.say(f"Still tied after {CUT_ROUNDS} cuts: {pl(contenders[0])} is picked at random (PR-MB-2)")
    for p in range(d.n):
        st.rng.shuffle(d.draw[p])
    d.first = d.active = contenders[0]
    if st.logging:
        st.say(f"{pl(d.first)} goes first; the cut cards go back and every draw pile is shuffled (MB-SETUP-7)")
        st.say("Initial deployment: each player places cards for free, up to 7 Rarity/Cost points (MB-SETUP-3)")
    d.phase = "setup"
    st.push(Placement(d.first))


def placement(st: "GameState", step: Placement) -> None:
    d: MetabaloidsData = st.data
    if all(d.deploy_done):
        d.phase = "draw"
        return  # on_idle starts turn 1 with the first player (MB-SETUP-6)
    p = step.seat
    if not d.deploy_done[p] and not placement_options(d, p):
        d.deploy_done[p] = True
        if st.logging:
            st.say(f"{pl(p)} has no creature card that fits and is done placing (MB-SETUP-8)")
    if d.deploy_done[p]:
        st.push(Placement(next_seat(d.n, p)))
        return
    st.decide(p, "place", Seat(p), f"Place a card for free ({d.deploy_points[p]} of "
              f"{SETUP_POINTS} points used) or stop")


def placement_options(d: MetabaloidsData, p: int) -> list[Action]:
    room = SETUP_POINTS - d.deploy_points[p]
    cards = d.cards
    acts = []
    for c in first_of_each_name(cards, d.hand[p]):
        cd = cards[c]
        if not cd.is_creature or cd.cost > room:
            continue
        for i in grid.spots(d, p, c):
            acts.append(Action(f"place:c{c}@{i + 1}", _place_label(d, p, c, i, "Place"), Place(c, i)))
    return acts


def _place_label(d: MetabaloidsData, p: int, c: int, i: int, verb: str, tail: str = "") -> Callable[[], str]:
    """The label of a placement, made only when someone reads it (from values captured now)."""
    cd = d.cards[c]
    where = f"the {col_name(i)} column" if d.columns[p][i] else f"a new {col_name(i)} column"
    return partial(_placing, verb, cd.name, cd.cost, cd.attack, cd.defense, where, tail)


def _placing(verb: str, name: str, cost: int, atk: int, df: int, where: str, tail: str) -> str:
    return f"{verb} {name} (cost {cost}, ATK {atk} DEF {df}) into {where}{tail}"


def place_options(st: "GameState", p: int) -> list[Action]:
    acts = placement_options(st.data, p)
    acts.append(Action("done", "Stop placing cards (initial deployment done)", DONE))
    return acts


def do_place(st: "GameState", p: int, pick: Place | object) -> None:
    d: MetabaloidsData = st.data
    if isinstance(pick, Place):
        from_hand(d, p, pick.card)
        d.columns[p][pick.col].append(pick.card)
        d.deploy_points[p] += d.cards[pick.card].cost
        if st.logging:
            st.say(f"{pl(p)} places {d.name(pick.card)} into the {col_name(pick.col)} column "
                   f"({d.deploy_points[p]} of {SETUP_POINTS} points)")
        if d.deploy_points[p] >= SETUP_POINTS:
            d.deploy_done[p] = True
    else:
        d.deploy_done[p] = True
        if st.logging:
            st.say(f"{pl(p)} stops placing cards ({d.deploy_points[p]} points)")
    st.push(Placement(next_seat(d.n, p)))


# ----------------------------------------------------------------- the turn (MB-TURN)
def start_turn(st: "GameState", step: object) -> None:
    """Draw Phase: draw up to 7, nothing if 7 or more (MB-DRAW-1/2); the card allowance of
    abilities comes back (MB-ABIL-6), and so do the activations and moves of a seat that went
    round in a loop last turn, with a fresh list of positions (PR-MB-13)."""
    d: MetabaloidsData = st.data
    p = d.active
    d.phase = "draw"
    d.turn_shuffled = False
    if d.seen:
        d.seen = []
        d.looped = []
    d.attacked = []
    d.attacks = 0
    d.penalty = False
    owner = d.owner
    d.used = {c for c in d.used if owner[c] != p}
    if st.logging:
        st.say(f"— Turn {d.turn}: {pl(p)} —")
    short = HAND_SIZE - len(d.hand[p])
    if short > 0 and not required_draw(st, p, short):
        return
    st.push(Phase(p, "abilities"))


def phase_window(d: MetabaloidsData, name: str) -> Window:
    """The any-time window at the start of a phase: every seat, the active one first; at the
    start of Move Cards the active seat (who just left Use Abilities) is asked last (PR-MB-1)."""
    ring = clockwise(d.n, d.active)
    order = after(d.n, d.active) if name == "move" else ring
    return Window(f"phase:{name}", ring, order, 0, None)


def phase(st: "GameState", step: Phase) -> None:
    d: MetabaloidsData = st.data
    p, name = step.seat, step.name
    if name.endswith("+"):  # back to a phase's own decision after something was done in it
        base = name[:-1]
        st.decide(p, base, Seat(p), _prompt(p, base))
        return
    d.phase = name
    if st.logging and name in PHASE_NAMES:
        st.say(f"{pl(p)}: {PHASE_NAMES[name]}")
    if name == "abilities":
        st.decide(p, "abilities", Seat(p), _prompt(p, name))
    elif name == "move":
        st.push(phase_window(d, name), Phase(p, "move+"))
    elif name == "deploy":
        st.push(phase_window(d, name), Deploy(p))
    elif name == "attack":
        st.push(phase_window(d, name), AttackNext(p))
    elif name == "restock":
        st.push(phase_window(d, name), Restock(p))
    else:
        raise KeyError(f"unknown phase {name!r}")


def _prompt(p: int, kind: str) -> str:
    return {"abilities": "Use an ability or an Event, or go on to Move Cards",
            "move": "Move a card (1 point each) or go on to Deploy",
            "restock": "Restock a creature into your reserve or end your turn"}.get(kind, kind)


# ----------------------------------------------------------------- Move Cards (MB-MOVE)
def move_options(st: "GameState", p: int) -> list[Action]:
    d: MetabaloidsData = st.data
    acts = [Action("done", "Go on to Deploy From Reserve", DONE)]   # first: moves are the exception
    if p not in d.looped and can_pay(d, p, 1, True):     # a seat that looped moves no more (PR-MB-13)
        b = d.battle
        for c in d.in_play(p):
            if c in d.safe or (b is not None and c in (b.acard, b.tcard)):
                continue
            for i in grid.spots(d, p, c):
                acts.append(Action(f"move:c{c}@{i + 1}", _place_label(d, p, c, i, "Move", " for 1 point"),
                                   Place(c, i)))
    return acts


def move_card(st: "GameState", p: int, pick: Place) -> None:
    """MB-MOVE-1/2: the card moves, then its 1 point is paid from anywhere; then the position
    is noted (PR-MB-13)."""
    d: MetabaloidsData = st.data
    src = d.column_of(pick.card)
    d.columns[p][src].remove(pick.card)
    d.columns[p][pick.col].append(pick.card)
    if st.logging:
        st.say(f"{pl(p)} moves {d.name(pick.card)} from the {col_name(src)} to the {col_name(pick.col)} column")
    st.push(Pay(p, 1, True, f"moving {d.name(pick.card)} to the {col_name(pick.col)} column"), LoopCheck(p),
            Phase(p, "move+"))


# ----------------------------------------------------------------- Deploy (MB-DEPLOY)
def deploy(st: "GameState", step: Deploy) -> None:
    d: MetabaloidsData = st.data
    p = step.seat
    if not d.reserve[p]:
        st.push(Phase(p, "attack"))
        return
    if not deploy_options(st, p):
        gone = d.reserve[p]
        d.reserve[p] = []
        for c in gone:
            lose(st, p, c)
        if st.logging:
            st.say(f"{pl(p)}'s play area is full: {', '.join(d.name(c) for c in gone)} "
                   f"go{'es' if len(gone) == 1 else ''} from the reserve to the lost pile (MB-DEPLOY-3)")
        st.push(Phase(p, "attack"))
        return
    st.decide(p, "deploy", step, "Deploy a reserve card into a column")


def deploy_options(st: "GameState", p: int) -> list[Action]:
    d: MetabaloidsData = st.data
    return [Action(f"deploy:c{c}@{i + 1}", _place_label(d, p, c, i, "Deploy"), Place(c, i))
            for c in first_of_each_name(d.cards, d.reserve[p]) for i in grid.spots(d, p, c)]


def deploy_card(st: "GameState", p: int, pick: Place) -> None:
    """A reserve card goes into a column; into a safe column it is a reinforcement and
    every card there turns upright (MB-DEPLOY-9, MB-SAFE-4)."""
    d: MetabaloidsData = st.data
    d.reserve[p].remove(pick.card)
    col = d.columns[p][pick.col]
    col.append(pick.card)
    if st.logging:
        st.say(f"{pl(p)} deploys {d.name(pick.card)} into the {col_name(pick.col)} column")
    freed = [c for c in col if c in d.safe]
    if freed:
        d.safe.difference_update(freed)
        if st.logging:
            st.say(f"Reinforced: {', '.join(d.name(c) for c in freed)} turn upright and are no longer safe "
                   "(MB-DEPLOY-9)")
    emit(st, ("deployed", pick.card))
    st.push(Deploy(p))


# ----------------------------------------------------------------- Restock (MB-RESTOCK)
def restock_options(st: "GameState", p: int) -> list[Action]:
    d: MetabaloidsData = st.data
    cards = d.cards
    acts = []
    for c in first_of_each_name(cards, d.hand[p]):
        cd = cards[c]
        if cd.is_creature and can_pay(d, p, cd.cost, False, c):
            acts.append(Action(f"restock:c{c}", f"Restock {cd.name} into your reserve (pay {cd.cost} from hand)",
                               CardPick(c)))
    acts.append(Action("done", "End your turn", DONE))
    return acts


def restock_card(st: "GameState", p: int, c: int) -> None:
    """The card goes to the reserve, then its Rarity/Cost is paid from hand, excess lost
    (MB-RESTOCK-2/3, MB-PAY-8/11)."""
    d: MetabaloidsData = st.data
    from_hand(d, p, c)
    d.reserve[p].append(c)
    if st.logging:
        st.say(f"{pl(p)} restocks {d.name(c)} into their reserve")
    st.push(Pay(p, d.cards[c].cost, False, f"restocking {d.name(c)}"), Restock(p))


def end_turn(st: "GameState", step: EndTurn) -> None:
    """After Restock: the empty-play-area penalty (MB-SPEC-1/2), the short game's end
    (MB-WIN-9), then the next player (MB-TURN-3)."""
    d: MetabaloidsData = st.data
    p = step.seat
    d.phase = "end"
    if not d.in_play(p):
        gone = lose_top(st, p, EMPTY_PLAY_LOSS)
        if st.logging:
            st.say(f"{pl(p)} has no cards in the play area: {', '.join(d.name(c) for c in gone) or 'nothing'} "
                   f"from the draw pile to the lost pile (MB-SPEC-1)")
    if d.short_game and d.emptied:
        d.phase = "over"
        res = fewest_lost(d)
        st.end(res, f"a draw pile is empty: the short game ends; lost cards: {lost_counts(d)}; {places(res)} "
                    "(MB-WIN-3/9)")
