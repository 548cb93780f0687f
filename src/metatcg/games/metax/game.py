"""MetaX as a metatcg Game: pool, decks, setup, determinization."""
from __future__ import annotations

from typing import Any

from ...engine.action import Decision
from ...engine.decks import Deck
from ...engine.game import PooledGame
from ...engine.hidden import redeal, redeal_fitting
from ...engine.rng import Rng
from ...engine.state import GameState
from .data import MetaXData
from .ops import card_matches, distinct_by_name, op_of
from .zones import opponent
from .records import SETUP
from .rules import MetaXRules


class MetaXGame(PooledGame):
    id = "metax"
    title = "MetaX TCG"
    rule_prefixes = ("MX",)  # its catalog's IDs: "MX-..."
    seat_counts = (2,)  # MX-OVR-1

    rules_class = MetaXRules

    def initial_data(self, state: GameState, decks: list[Deck]) -> MetaXData:
        cards, owner, ids = self.deal(decks)
        d = MetaXData(cards, owner)
        for p, own in enumerate(ids):
            d.deck[p] = own
        return d

    def setup(self, state: GameState) -> None:
        state.push(SETUP)

    def match_facts(self, state: GameState) -> dict[str, Any]:
        return {"first_player": state.data.first, "turns": state.data.turn}

    # a Victory Point is worth 12 in ``evaluate``: at 40 one VP of lead reads as 0.29 to ISMCTS
    # and four as 0.83, where the kernel's 10 made any two-VP lead look like a sure win
    # (benchmarks/README.md, "The ISMCTS bot")
    eval_scale = 40.0

    def determinize(self, state: GameState, player: int, rng: Rng) -> GameState:
        """Resample what ``player`` cannot see: the opponent's hidden hand with their whole deck
        and the face-down VP pile of ``player`` (the opponent's cards), and ``player``'s own deck
        with the opponent's VP pile, keeping every zone's size (PR-K-7).

        Kept: cards seen going to the opponent's hand; the cards ``player`` put on the bottom of
        their own deck since it was last shuffled, in their order (a mulligan's bottom); and
        ``player``'s whole deck while they search it. While the *opponent* searches their deck
        nothing of it is shown (the searcher's choice is private), so it is resampled like the
        rest and the search's options are found again in the resampled deck."""
        s = state.clone()
        d: MetaXData = s.data
        me, opp = player, opponent(player)
        # cards owned by the opponent that `me` cannot see: their hand, their deck, my VP pile
        known = [c for c in d.hand[opp] if c in d.revealed]  # seen going to that hand
        hidden_hand = [c for c in d.hand[opp] if c not in d.revealed]
        zones_opp = [hidden_hand, d.deck[opp], d.vp[me]]
        # my own cards I cannot see: my deck (but what I put on its bottom) and the opponent's VP pile
        dec = s.decision
        searching = dec.player if dec is not None and dec.kind == "search" else -1
        if searching == me:  # I am looking through my deck now
            top, bottom = [], d.deck[me]
        else:
            bottom = d.known_bottom(me)
            top = d.deck[me][:len(d.deck[me]) - len(bottom)]
        zones_me = [top, d.vp[opp]]
        if dec is not None and dec.player == opp and dec.kind == "defend_card":
            # they chose to defend with a Character that can use a Battle Card from their hand:
            # every seat knows they hold one, so the copy's hand must too (or it has no options)
            def fits() -> bool:
                d.hand[opp] = known + hidden_hand
                s.options_changed()
                return bool(s.legal_actions())

            redeal_fitting(zones_opp, rng, fits)
        else:
            redeal(zones_opp, rng)  # from a fixed order: the copy cannot be run backwards
        redeal(zones_me, rng)
        d.hand[opp] = known + hidden_hand
        d.deck[me] = top + bottom
        if searching == opp and dec is not None:  # their search offers what their deck holds in this copy
            step = dec.params.op
            flt = op_of(d, step).filter
            found = distinct_by_name(d, [c for c in d.deck[opp] if card_matches(d, c, flt)])
            s.decide(dec.player, dec.kind, dec.params._replace(options=tuple(found)), dec.prompt)
        elif dec is not None and dec.player == opp and dec.kind == "put_into_play" \
                and op_of(d, dec.params.op).zone == "hand":
            _resample_put_from_hand(s, d, dec, opp, hidden_hand, [d.deck[opp], d.vp[me]], rng)
        s.rng = Rng(rng.next64())  # future chance is unknown too
        s.options_changed()
        return s


def _resample_put_from_hand(s: GameState, d: MetaXData, dec: Decision, opp: int, hidden_hand: list[int],
                            elsewhere: list[list[int]], rng: Rng) -> None:
    """The opponent is choosing a Character to put into play from their hidden hand: offer what
    their hand holds in this copy, so the options never name their real hand. That they hold at
    least one matching Character is public (they are choosing one), so a copy whose hand has
    none swaps one in from the rest of their hidden cards."""
    flt = op_of(d, dec.params.op).filter

    def fits(c: int) -> bool:
        return d.cards[c].is_character and card_matches(d, c, flt)

    if hidden_hand and not any(fits(c) for c in d.hand[opp]):
        spots = [(z, i) for z in elsewhere for i in range(len(z)) if fits(z[i])]
        if spots:
            zone, i = spots[rng.below(len(spots))]
            j = d.hand[opp].index(hidden_hand[rng.below(len(hidden_hand))])
            zone[i], d.hand[opp][j] = d.hand[opp][j], zone[i]
    found = distinct_by_name(d, [c for c in d.hand[opp] if fits(c)])
    s.decide(dec.player, dec.kind, dec.params._replace(options=tuple(found)), dec.prompt)
