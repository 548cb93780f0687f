"""Player ops: draw, discard, MP, Discover, search, recover, Aura effects and tokens, each
carried out for one player (records.PlayerOp)."""
from __future__ import annotations

from ...engine.events import emit
from ...engine.state import GameState
from . import aura, schema, stats, zones
from .cards import Plain
from .zones import lane_txt, nm, pl
from .context import ability, this_lane
from .data import MetaZooData
from .lanechoice import ask_lane
from .ops import OPS
from .records import AuraOp, Ctx, Discard, Discover, Event, PlayerOp


def step_player_op(st: GameState, step: PlayerOp) -> None:
    """A player op for ``step.player``, through its registered unit."""
    OPS.run(st, step, ability(st.data, step.ctx).do[step.op_no])


def _why(st: GameState, step: PlayerOp) -> str:
    return nm(st.data, step.ctx.src)


@OPS.op(schema.Draw)
def _draw(st: GameState, step: PlayerOp, op: Plain) -> None:
    zones.draw(st, step.player, op.count)


@OPS.op(schema.Discard)
def _discard(st: GameState, step: PlayerOp, op: Plain) -> None:
    d: MetaZooData = st.data
    q = step.player
    n = min(op.count, len(d.hand[q]))
    if n:
        st.push(Discard(q, n, step.ctx.src))


@OPS.op(schema.GainMp)
def _gain_mp(st: GameState, step: PlayerOp, op: Plain) -> None:
    zones.gain_mp(st, step.player, op.amount, _why(st, step))


@OPS.op(schema.LoseMp)
def _lose_mp(st: GameState, step: PlayerOp, op: Plain) -> None:
    zones.gain_mp(st, step.player, -op.amount, _why(st, step))


@OPS.op(schema.Discover)
def _discover(st: GameState, step: PlayerOp, op: Plain) -> None:
    d: MetaZooData = st.data
    q = step.player
    n = min(op.x, len(d.deck[q]))
    looked = d.deck[q][:n]
    del d.deck[q][:n]
    d.looking[q].extend(looked)
    if st.logging:
        st.say(f"{pl(q)} Discovers {op.x}: looks at {', '.join(nm(d, c) for c in looked) or 'nothing'}", q,
               f"{pl(q)} Discovers {op.x}: looks at the top {n} card(s) of their deck")
    st.push(Discover(q, step.op_no, step.ctx))


@OPS.op(schema.Search)
def _search(st: GameState, step: PlayerOp, op: Plain) -> None:
    st.decide(step.player, "search", step, f"{_why(st, step)}: search your deck (you may find nothing)")


@OPS.op(schema.Recover)
def _recover(st: GameState, step: PlayerOp, op: Plain) -> None:
    d: MetaZooData = st.data
    q, why = step.player, _why(st, step)
    if any(stats.card_matches(d.cards[c], op.filter) for c in d.discard[q]):
        st.decide(q, "recover", step, f"{why}: return a card from your discard pile to your hand")
    elif st.logging:
        st.say(f"{why}: no matching card in {pl(q)}'s discard pile")


@OPS.op(schema.TempAura)
def _temp_aura(st: GameState, step: PlayerOp, op: Plain) -> None:
    d: MetaZooData = st.data
    if aura.add_from_aura_deck(st, step.player, False, _why(st, step)):
        d.owed[step.player] += 1  # MZL-ERRATA-TEMPAURA-5: only if an Aura was actually added


@OPS.op(schema.RampAura)
def _ramp_aura(st: GameState, step: PlayerOp, op: Plain) -> None:
    aura.add_from_aura_deck(st, step.player, op.tapped, _why(st, step))


@OPS.op(schema.ReturnAura)
def _return_aura(st: GameState, step: PlayerOp, op: Plain) -> None:
    st.push(AuraOp("return", step.player, step.player, 1, _why(st, step)))


@OPS.op(schema.TapAura)
def _tap_aura(st: GameState, step: PlayerOp, op: Plain) -> None:
    st.push(AuraOp("tap", step.ctx.controller, step.player, op.count, _why(st, step)))


@OPS.op(schema.UntapAura)
def _untap_aura(st: GameState, step: PlayerOp, op: Plain) -> None:
    st.push(AuraOp("untap", step.ctx.controller, step.player, op.count, _why(st, step)))


@OPS.op(schema.CreateToken)
def _create_token(st: GameState, step: PlayerOp, op: Plain) -> None:
    d: MetaZooData = st.data
    q, why = step.player, _why(st, step)
    if ask_lane(st, step, op, q):
        return
    ln = _token_lane(d, op, step.ctx)
    if ln is None or ln < 0:
        if st.logging:
            st.say(f"{why}: no lane for the token")
        return
    for _ in range(op.count):
        create_token(st, op.token, q, ln, why)


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
