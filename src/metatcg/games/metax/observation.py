"""MetaX as a fixed-length vector (``game.observe``): built from ``state.view(p)`` alone, so
it holds only what ``p`` may know. docs/rl.md lists the parts."""
from __future__ import annotations

from typing import Any, get_args

from ...engine import obsvec as ov
from ...engine.obsvec import Encoder, Index, Vector

CHARACTERS = 3                 # Characters a player may have in play (MX view: max_length 3)
STATS = ("strength", "intelligence", "special")
KEYWORDS = ("quick", "elusive", "sentinel")
SLOT = 4 + len(STATS) + len(KEYWORDS)   # present, pushed, in battle zone, damage; ranks; keywords
ATTACK = 6 + len(STATS) + 1   # present, lead slot, links, has defender, defender slot, resolved; stat


def build(game: Any, seats: int) -> Encoder:
    from . import view_schema   # the view's own lists of steps and decision kinds
    enc = Encoder(seats, ov.card_index(game), Index(get_args(view_schema.Step)),
                  Index(get_args(view_schema.DecisionKind)))
    n = enc.cards.size
    enc.add("global", 5)       # turn, you are active, you went first, character played, cards resolving
    enc.add("step", enc.phases.size)
    ov.add_decision(enc)
    enc.add("hand", n)
    enc.per_seat("counters", 6)    # MP, VP, deck, hand, mulligan taken, mulligan decided
    enc.per_seat("known_in_hand", n)
    enc.per_seat("discard", n)
    enc.per_seat("characters", n)
    enc.per_seat("damage", n)
    enc.per_seat("slots", CHARACTERS * SLOT)
    enc.add("battle_cards", n)
    enc.add("attacks", 2 * CHARACTERS * ATTACK)
    enc.add("resolving", n)
    return enc


def observe(enc: Encoder, view: dict[str, Any], seats: int) -> Vector:
    cards = enc.cards
    out = enc.blank()
    at = enc.at
    me = view["you"]
    ov.scalars(out, at["global"], [(view["turn"], 30.0), (view["active_player"] == me, 1.0),
                                   (view["first_player"] == me, 1.0),
                                   (view["played_character_this_turn"], 1.0), (len(view["resolving"]), 3.0)])
    ov.onehot(out, at["step"], enc.phases, view["step"])
    ov.decision(out, enc, view)
    players = view["players"]
    ov.counts(out, at["hand"], cards, players[me]["hand"] or ())
    where: dict[str, tuple[int, int]] = {}   # character id -> (relative seat, slot), for attacks
    for k, p in enumerate(ov.seat_order(view, seats)):
        pl = players[p]
        ov.scalars(out, at[f"s{k}.counters"], [(pl["mp"], 10.0), (pl["vp"], 6.0), (pl["deck_count"], 40.0),
                                               (pl["hand_count"], 10.0), (pl["mulligan"], 1.0),
                                               (pl["mulligan"] is not None, 1.0)])
        ov.counts(out, at[f"s{k}.known_in_hand"], cards, pl["known_in_hand"])
        ov.counts(out, at[f"s{k}.discard"], cards, pl["discard"])
        ov.counts(out, at[f"s{k}.characters"], cards, pl["characters"])
        base = at[f"s{k}.slots"]
        for i, ch in enumerate(pl["characters"][:CHARACTERS]):
            where[ch["id"]] = (k, i)
            ov.counts(out, at[f"s{k}.damage"], cards, ch["damage"])
            ranks = ch["stats"]
            ov.scalars(out, base + i * SLOT, [(1, 1.0), (ch["pushed"], 1.0), (ch["in_battle_zone"], 1.0),
                                              (len(ch["damage"]), 5.0),
                                              *((ranks.get(s), 10.0) for s in STATS),
                                              *((kw in ch["keywords"], 1.0) for kw in KEYWORDS)])
    base = at["attacks"]
    for j, a in enumerate(view["battle_zone"][:2 * CHARACTERS]):
        ov.counts(out, at["battle_cards"], cards, [c for c in (a["battle_card"], a["defender_card"]) if c])
        lead = where.get(a["lead"], (0, -1))
        dfd = where.get(a["defender"] or "", (0, -1))
        stat = a["named_stat"]
        ov.scalars(out, base + j * ATTACK, [(1, 1.0), (lead[1] + 1, CHARACTERS), (len(a["links"]), 2.0),
                                            (a["defender"] is not None, 1.0), (dfd[1] + 1, CHARACTERS),
                                            (a["resolved"], 1.0), *((stat == s, 1.0) for s in STATS),
                                            (lead[0], 1.0)])
    ov.counts(out, at["resolving"], cards, view["resolving"])
    return enc.vector(out)
