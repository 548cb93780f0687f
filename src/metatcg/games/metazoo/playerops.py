"""Player ops: draw, discard, MP, Discover, search, recover, Aura effects and tokens, each
carried out for one player (records.PlayerOp)."""
from __future__ import annotations

from ...engine.events import emit
from ...engine.state import GameState
from . import aura, stats, zones
from .cards import Plain
from .zones import lane_txt, nm, pl
from .context import ability, this_lane
from .data import MetaZooData
from .lanechoice import ask_lane
from .records import AuraOp, Ctx, Discard, Discover, Event, PlayerOp


def step_player_op(st: GameState, step: PlayerOp) -> None:
    """A player op for ``step.player``."""
    d: MetaZooData = st.data
    q, ctx = step.player, step.ctx
    op = ability(d, ctx).do[step.op_no]
    k = op.op
    why = nm(d, ctx.src)
    if k == "draw":
        zones.draw(st, q, op.count)
    elif k == "discard":
        n = min(op.count, len(d.hand[q]))
        if n:
            st.push(Discard(q, n, ctx.src))
    elif k == "gain_mp":
        zones.gain_mp(st, q, op.amount, why)
    elif k == "lose_mp":
        zones.gain_mp(st, q, -op.amount, why)
    elif k == "discover":
        n = min(op.x, len(d.deck[q]))
        looked = d.deck[q][:n]
        del d.deck[q][:n]
        d.looking[q].extend(looked)
        if st.logging:
            st.say(f"{pl(q)} Discovers {op.x}: looks at {', '.join(nm(d, c) for c in looked) or 'nothing'}", q,
                   f"{pl(q)} Discovers {op.x}: looks at the top {n} card(s) of their deck")
        st.push(Discover(q, step.op_no, ctx))
    elif k == "search":
        st.decide(q, "search", step, f"{why}: search your deck (you may find nothing)")
    elif k == "recover":
        if any(stats.card_matches(d.cards[c], op.filter) for c in d.discard[q]):
            st.decide(q, "recover", step, f"{why}: return a card from your discard pile to your hand")
        elif st.logging:
            st.say(f"{why}: no matching card in {pl(q)}'s discard pile")
    elif k == "temp_aura":
        if aura.add_from_aura_deck(st, q, False, why):
            d.owed[q] += 1  # MZL-ERRATA-TEMPAURA-5: only if an Aura was actually added
    elif k == "ramp_aura":
        aura.add_from_aura_deck(st, q, op.tapped, why)
    elif k == "return_aura":
        st.push(AuraOp("return", q, q, 1, why))
    elif k == "tap_aura":
        st.push(AuraOp("tap", ctx.controller, q, op.count, why))
    elif k == "untap_aura":
        st.push(AuraOp("untap", ctx.controller, q, op.count, why))
    elif k == "create_token":
        if ask_lane(st, step, op, q):
            return
        ln = _token_lane(d, op, ctx)
        if ln is None or ln < 0:
            if st.logging:
                st.say(f"{why}: no lane for the token")
            return
        for _ in range(op.count):
            create_token(st, op.token, q, ln, why)
    else:  # pragma: no cover - the schema has no other player op
        raise KeyError(k)


def _token_lane(d: MetaZooData, op: Plain, ctx: Ctx) -> int | None:
    if op.lane in ("chosen", "any", "other"):
        return ctx.chosen
    if op.lane == "this":
        t = this_lane(ctx)
        return t if t >= 0 else ctx.chosen
    return stats.lane_ref(d, op.lane, ctx)


def create_token(st: GameState, token: str, p: int, lane: int, why: str) -> int:
    """MZL-KW-CREATE: a token instance enters the lane (not played); it does not happen if
    it would not fit (MZL-LANE-14)."""
    d: MetaZooData = st.data
    tdef = st.game.pool[token]
    iid = len(d.cards)
    d.cards = d.cards + (tdef,)
    d.owner = d.owner + (p,)
    if not stats.room_for(d, lane, p, iid):
        d.cards = d.cards[:-1]
        d.owner = d.owner[:-1]
        if st.logging:
            st.say(f"{why}: no room for a {token} token in {pl(p)}'s side of {lane_txt(lane)}")
        return -1
    zones.enter_lane(d, iid, p, lane)
    if st.logging:
        st.say(f"{pl(p)} creates a {token} token in {lane_txt(lane)} ({why})")
    emit(st, Event("created", iid, p, lane))
    return iid
