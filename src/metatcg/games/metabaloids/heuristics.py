"""The greedy bot's evaluation: fewer own lost cards, more lost cards for the opponents, a
strong board; a battle that is declared but not over counts by its likely result, so a
one-ply bot sees the worth of attacking a column it can beat and of a bonus that swings one."""
from __future__ import annotations

from ...engine.state import GameState
from .ops import ops_of
from .battle import column_total, draw_value, fighters, targets_left
from .data import COLUMNS, MAX_DEPTH, MetabaloidsData
from .records import BattleResult, Declare, Lose, Ops, Target

LOST = 4.0              # one lost card
DRAW_GUESS = 2          # a battle draw's likely Rarity/Cost
MOVE_COST = 0.3         # what a move must gain to be worth making
GRID_CARDS = COLUMNS * MAX_DEPTH     # a full play area; a tall card makes room for one more
MOVE_AGAIN = 2 * LOST   # a card moved twice in one phase: one move could have taken it there
EMPTY_LOSS = 2          # cards lost at the end of a turn with an empty play area (MB-SPEC-1)


def side_value(d: MetabaloidsData, p: int) -> float:
    cards = d.cards
    v = -LOST * len(d.lost[p]) + 0.35 * len(d.hand[p]) + 0.1 * sum(cards[c].meta for c in d.hand[p])
    for col in d.columns[p]:
        for c in col:
            cd = cards[c]
            v += (1.0 + 0.25 * (cd.attack + cd.defense)) * (0.6 if c in d.safe else 1.0)
    # reserve cards the full play area has no room for are lost at Deploy (MB-DEPLOY-3): count them
    # lost now, or the bot would put that off by moving cards about (a horizon it cannot see past)
    in_play = [c for col in d.columns[p] for c in col]
    room = GRID_CARDS + any(cards[c].tall for c in in_play) - len(in_play)
    kept = sorted((0.8 + 0.2 * (cards[c].attack + cards[c].defense) for c in d.reserve[p]), reverse=True)
    v += sum(kept[:max(0, room)]) - LOST * len(kept[max(0, room):])
    # an empty play area with nothing in the reserve to deploy costs 2 cards at the end of the
    # seat's turn (MB-SPEC-1/2); without this an empty grid looked safe ("not exposed"), and greedy
    # placed nothing at initial deployment once opponents had placed strong attackers
    if not in_play and not d.reserve[p]:
        v -= EMPTY_LOSS * LOST
    pile = len(d.draw[p]) + len(d.discard[p])
    if pile < 8:
        v -= (8 - pile) * 1.5
    return v


EXPOSED = 0.35          # per point a column's defense falls short of the strongest attack it faces


def exposure(d: MetabaloidsData, p: int) -> float:
    """How far ``p``'s weakest open column falls short of the strongest attack an opponent could
    bring (with a likely draw): the greedy bot deploys and moves its defenders to where it is
    weak. Safe columns cannot be attacked; an empty grid is not exposed."""
    threat = 0
    for o in range(d.n):
        if o != p:
            for i in range(len(d.columns[o])):
                if d.columns[o][i]:
                    threat = max(threat, column_total(d, o, i, "attack"))
    if not threat:
        return 0.0
    worst = 0
    safe = d.safe
    for i, col in enumerate(d.columns[p]):
        if col and any(c not in safe for c in col):
            worst = max(worst, threat - column_total(d, p, i, "defense"))
    return float(worst)


def battle_swing(d: MetabaloidsData, me: int, attacker: int, acard: int, tcard: int,
                 adraw: int = -2, ddraw: int = -2, abonus: int = 0, dbonus: int = 0) -> float:
    """The likely worth to ``me`` of a battle's result (-2: a draw still to come)."""
    defender = d.owner[tcard]
    acol, dcol = d.column_of(acard), d.column_of(tcard)
    if acol < 0 or dcol < 0:
        return 0.0
    at = (DRAW_GUESS if adraw == -2 else draw_value(d, adraw)) + column_total(d, attacker, acol, "attack") + abonus
    dt = (DRAW_GUESS if ddraw == -2 else draw_value(d, ddraw)) + column_total(d, defender, dcol, "defense") + dbonus
    diff = max(0, at) - max(0, dt)
    if diff == 0:
        lost = {attacker: 1.0, defender: 1.0}
    elif diff > 0:
        lost = {defender: 1.0 + 0.6 * max(0, diff - d.cards[tcard].defense)}
    else:
        lost = {attacker: 1.0 + 0.6 * max(0, -diff - d.cards[acard].defense)}
    sure = 1.0 if adraw != -2 else 0.7
    return sure * LOST * sum((-x if p == me else x / max(1, d.n - 1)) for p, x in lost.items())


def pending_battle(st: GameState, me: int) -> float:
    """The likely worth of a battle not yet resolved: declared, or about to be (the target is
    being chosen or paid for); bonuses of abilities still paying for count already."""
    d: MetabaloidsData = st.data
    b = d.battle
    if b is not None:
        if not any(type(s) is BattleResult for s in st.stack):
            return 0.0          # resolved: what it cost is in the lost piles and pending losses
        ab, db = b.abonus, b.dbonus
        for s in st.stack:
            if type(s) is Ops:
                for o in ops_of(d, s.use)[s.op:]:
                    mine = s.use.seat == b.attacker
                    if o.op == "bonus":
                        ab, db = (ab + o.amount, db) if mine else (ab, db + o.amount)
                    elif o.op == "weaken":
                        ab, db = (ab, db - o.amount) if mine else (ab - o.amount, db)
        if b.drawn:
            return battle_swing(d, me, b.attacker, b.acard, b.tcard, b.adraw, b.ddraw, ab, db)
        return battle_swing(d, me, b.attacker, b.acard, b.tcard, abonus=ab, dbonus=db)
    for s in reversed(st.stack):
        if type(s) is Declare:
            return battle_swing(d, me, s.seat, s.card, s.target)
    dec = st.decision
    if dec is not None and dec.kind == "target" and type(dec.params) is Target:
        t = dec.params
        opts = [battle_swing(d, me, t.seat, t.card, c) for o in targets_left(d, t.seat) for c in fighters(d, o)]
        if opts:
            return max(opts) if t.seat == me else min(opts)
    return 0.0


def pending_losses(st: GameState, me: int) -> float:
    """Card losses still to be paid count as (roughly) lost already."""
    d: MetabaloidsData = st.data
    dec = st.decision
    steps = list(st.stack) + ([dec.params] if dec is not None else [])
    v = 0.0
    for s in steps:
        if type(s) is Lose and s.left > 0:
            cards = s.left if s.cards else max(1.0, 0.6 * s.left)
            v += (-cards if s.seat == me else cards / max(1, d.n - 1)) * LOST
    return v


def recent_moves(st: GameState) -> tuple[int, int]:
    """Moves made in the Move Cards phase going on now, and how many of them moved a card moved
    before in it. Each is paid for, often with a draw-pile card that costs nothing visible, so a
    move must earn its keep; and moving a card again only puts off what the next phase brings
    (a horizon a one-ply bot cannot see past), so the bot would shuffle one card between columns
    until the rules stop it (PR-MB-13)."""
    n = again = 0
    moved: set[str] = set()
    for aid in reversed(st.history):
        if aid.startswith("move:"):
            n += 1
            card = aid[5:aid.index("@")]
            again += card in moved
            moved.add(card)
        elif not aid.startswith("pay:"):
            break
    return n, again


def evaluate(st: GameState, player: int) -> float:
    if st.result is not None:
        return 1000.0 * st.result[player]
    d: MetabaloidsData = st.data
    others = [p for p in range(d.n) if p != player]
    score = side_value(d, player) - sum(side_value(d, p) for p in others) / len(others)
    score -= EXPOSED * exposure(d, player)
    score += pending_battle(st, player) + pending_losses(st, player)
    if st.decision is not None and st.decision.player == player and d.phase == "move":
        moves, again = recent_moves(st)
        score -= MOVE_COST * moves + MOVE_AGAIN * again
    return score
