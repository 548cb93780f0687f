"""Build any MetaZoo (four-lane) position from plain data (scenario files and rule tests).

A position spec (a dict, e.g. from TOML)::

    round = 2            # default 1
    priority = 0         # this round's Priority player (0 = P1)
    active = 0           # who takes the next action (default: the Priority player)
    phase = "action"     # "action": the active player is about to act;
                         # "round_start": the round is about to begin (draw and Aura phases run,
                         #  with ``priority`` as the Priority player of that round)
    seed = 1
    [[player]]                             # two of these, P1 then P2
    caster = "Ilsa, Ember Warden"
    caster_state = "zone"                  # zone | face_down (a Caster in a lane: list it in a lane)
    caster_tapped = false
    mp = 5
    hand = ["Cinder Fox"]
    deck = ["Ash Wyvern"]                  # top first; or deck_size = 20 (filler cards)
    discard = []
    aura = ["Fire Aura", { name = "Earth Aura", tapped = true }]   # the Aura zone
    aura_deck = 6                          # primary Aura left in the Aura deck (or a list of names)
    supply = 10                            # allied Aura outside the game (default: 10 minus those in play)
    pool = 0                               # primary Aura outside the game (default: allied Aura in play)
    owed = 0                               # temporary Aura to put back at the end of the round
    starters = []                          # Starter Terras still set aside
    [[lane]]                               # up to four, lane 1 first; a missing lane is razed and empty
    terra = "Cinder Flats"
    terra_owner = 0                        # default: P1 for lanes 1 and 3, P2 for lanes 2 and 4
    resolved = false
    p1 = ["Cinder Fox", { name = "Ash Wyvern", tapped = true, damage = 1, give = 2, gain = 0,
                          keywords = ["soar"], used = [0] }]
    p2 = ["Spark"]                         # token cards become tokens
    p1_aura = ["Fire Aura", { name = "Fire Aura", tapped = true }]   # enhancing Aura
    p2_aura = []

``give``/``gain`` are Influence modifiers until the end of the round / for good, ``keywords``
are given until the end of the round, ``used`` lists ability indexes already used this round.
Card names are checked against the pool; an unknown name is a StateDataError naming the
field, with suggestions.
"""
from __future__ import annotations

from typing import Any

from ...engine.errors import StateDataError
from ...engine.positions import MAX_FILL, Dealer, only_fields, table, whole
from ...engine.state import GameState
from . import stats
from .cards import CardDef, CardPool
from .data import ALLIED_SUPPLY, AURA_CAP, LANES, MetaZooData, opponent, use_key
from .records import Mod, Turn

PHASES = ("action", "round_start")
PLAYER_KEYS = {"caster", "caster_state", "caster_tapped", "mp", "hand", "deck", "deck_size", "discard", "aura",
               "aura_deck", "supply", "pool", "owed", "starters"}
LANE_KEYS = {"terra", "terra_owner", "resolved", "p1", "p2", "p1_aura", "p2_aura"}
UNIT_KEYS = {"name", "tapped", "damage", "give", "gain", "keywords", "used"}
FILLER_DEFAULT = 20


def build_position(game: Any, spec: dict[str, Any]) -> GameState:
    pool = game.pool
    if not isinstance(spec, dict):
        raise StateDataError("a MetaZoo position is a table")
    only_fields(spec, {"round", "priority", "active", "phase", "seed", "player", "lane", "options"})
    players = spec.get("player")
    if not isinstance(players, list) or len(players) != 2:
        raise StateDataError("a MetaZoo position needs exactly two [[player]] tables")
    lanes_spec = spec.get("lane", [])
    if not isinstance(lanes_spec, list) or len(lanes_spec) > LANES:
        raise StateDataError("position: at most four [[lane]] tables")
    deal: Dealer[CardDef] = Dealer(pool, 2)
    card, cards = deal.card, deal.cards

    def new(nm: Any, p: int, where: str, kind: str | None = None) -> int:
        """A card for ``p``; a token or an Aura is not part of the deck dealt."""
        c = card(nm, where)
        if kind == "aura" and c.type != "aura":
            raise StateDataError(f"{where}: {nm!r} is not an Aura card")
        if kind == "unit" and not c.is_unit:
            article = "an" if c.type[0] in "aeiou" else "a"
            raise StateDataError(f"{where}: {nm!r} is {article} {c.type} card, not a unit")
        return deal.new(nm, p, where, counted=not c.token and c.type != "aura")

    def entry(x: Any, where: str) -> dict[str, Any]:
        if isinstance(x, str):
            return {"name": x}
        if not isinstance(x, dict) or "name" not in x:
            raise StateDataError(f"{where}: expected a card name or a table with 'name'")
        return x

    tapped: set[int] = set()
    zones: list[dict[str, Any]] = []
    for p, ps in enumerate(players):
        who = f"player {p + 1}"
        only_fields(table(ps, who), PLAYER_KEYS, who)
        if "caster" not in ps:
            raise StateDataError(f"{who}: 'caster' is required")
        z: dict[str, Any] = {"caster": new(ps["caster"], p, f"{who} caster")}
        cdef = cards[z["caster"]]
        if cdef.type != "caster":
            raise StateDataError(f"{who} caster: {cdef.name!r} is not a Caster")
        z["hand"] = [new(n, p, f"{who} hand") for n in ps.get("hand", [])]
        if "deck" in ps:
            z["deck"] = [new(n, p, f"{who} deck") for n in ps["deck"]]
        else:
            filler = _filler(pool, cdef.aura)
            size = whole(ps.get("deck_size", FILLER_DEFAULT), 0, MAX_FILL, f"{who} deck_size")
            z["deck"] = [new(filler, p, f"{who} deck") for _ in range(size)]
        z["discard"] = [new(n, p, f"{who} discard") for n in ps.get("discard", [])]
        z["starters"] = [new(n, p, f"{who} starters") for n in ps.get("starters", [])]
        z["aura"] = []
        for i, x in enumerate(ps.get("aura", [])):
            e = entry(x, f"{who} aura #{i + 1}")
            a = new(e["name"], p, f"{who} aura #{i + 1}", "aura")
            if e.get("tapped"):
                tapped.add(a)
            z["aura"].append(a)
        ad = ps.get("aura_deck", 0)
        prim_name = pool.aura_card(cdef.aura)
        if isinstance(ad, int):
            z["aura_deck"] = [new(prim_name, p, f"{who} aura_deck", "aura") for _ in range(ad)]
        else:
            z["aura_deck"] = [new(n, p, f"{who} aura_deck", "aura") for n in ad]
        zones.append(z)

    d_lanes = []
    for i, ls in enumerate(lanes_spec):
        where = f"lane {i + 1}"
        only_fields(table(ls, where), LANE_KEYS, where)
        lane: dict[str, Any] = {"terra": -1, "resolved": bool(ls.get("resolved", False)), "units": [[], []],
                                "enh": [[], []], "unit_specs": []}
        if ls.get("terra"):
            t_owner = int(ls.get("terra_owner", i % 2))
            lane["terra"] = new(ls["terra"], t_owner, f"{where} terra")
            if cards[lane["terra"]].type != "terra":
                raise StateDataError(f"{where} terra: {ls['terra']!r} is not a Terra")
        for p in (0, 1):
            for j, x in enumerate(ls.get(f"p{p + 1}", [])):
                e = entry(x, f"{where} p{p + 1} #{j + 1}")
                only_fields(e, UNIT_KEYS, f"{where} p{p + 1} #{j + 1}")
                c = card(e["name"], f"{where} p{p + 1} #{j + 1}")
                if c.type == "caster":
                    if c.name != cards[zones[p]["caster"]].name:
                        raise StateDataError(f"{where} p{p + 1}: {c.name!r} is not player {p + 1}'s Caster")
                    u = zones[p]["caster"]
                else:
                    u = new(e["name"], p, f"{where} p{p + 1} #{j + 1}", "unit")
                lane["units"][p].append(u)
                lane["unit_specs"].append((u, e))
            for j, x in enumerate(ls.get(f"p{p + 1}_aura", [])):
                e = entry(x, f"{where} p{p + 1}_aura #{j + 1}")
                a = new(e["name"], p, f"{where} p{p + 1}_aura #{j + 1}", "aura")
                if e.get("tapped"):
                    tapped.add(a)
                lane["enh"][p].append(a)
        d_lanes.append(lane)

    # allied supply and primary pool (outside the game)
    for p, ps in enumerate(players):
        z = zones[p]
        cdef = cards[z["caster"]]
        ally = cdef.allied
        in_play = [a for a in z["aura"] + [a for ln in d_lanes for a in ln["enh"][p]]]
        allied_in = sum(1 for a in in_play if cards[a].aura != cdef.aura)
        if allied_in and ally is None:
            raise StateDataError(f"player {p + 1}: allied Aura in play but the Caster has no allied type")
        for a in in_play + z["aura_deck"]:
            if cards[a].aura not in (cdef.aura, ally):
                raise StateDataError(f"player {p + 1}: {cards[a].name!r} is neither primary nor allied for this Caster")
        n_supply = int(ps.get("supply", max(0, ALLIED_SUPPLY - allied_in))) if ally else 0
        z["supply"] = [new(pool.aura_card(ally), p, f"player {p + 1} supply", "aura") for _ in range(n_supply)]
        n_pool = int(ps.get("pool", allied_in))
        z["pool"] = [new(pool.aura_card(cdef.aura), p, f"player {p + 1} pool", "aura") for _ in range(n_pool)]

    d = MetaZooData(tuple(cards), tuple(deal.owner))
    d.round = whole(spec.get("round", 1), 1, 1 << 20, "round")
    d.priority = whole(spec.get("priority", 0), 0, 1, "priority")
    d.active = whole(spec.get("active", d.priority), 0, 1, "active")
    for p, ps in enumerate(players):
        z = zones[p]
        d.caster[p] = z["caster"]
        state = ps.get("caster_state", "zone")
        if state not in ("zone", "face_down"):
            raise StateDataError(f"player {p + 1}: caster_state must be zone or face_down "
                                 "(list a Caster in a lane to put it there)")
        d.caster_down[p] = state == "face_down"
        if ps.get("caster_tapped"):
            tapped.add(z["caster"])
        d.mp[p] = int(ps.get("mp", 0))
        d.hand[p], d.deck[p], d.discard[p] = z["hand"], z["deck"], z["discard"]
        d.aura_zone[p], d.aura_deck[p], d.supply[p], d.pool[p] = z["aura"], z["aura_deck"], z["supply"], z["pool"]
        d.starters[p] = z["starters"]
        d.owed[p] = int(ps.get("owed", 0))
    for i, lane in enumerate(d_lanes):
        d.terra[i] = lane["terra"]
        d.resolved[i] = lane["resolved"]
        for p in (0, 1):
            for u in lane["units"][p]:
                if u == d.caster[p] and d.caster_down[p]:
                    raise StateDataError(f"lane {i + 1}: player {p + 1}'s Caster is face down")
                d.units[i * 2 + p].append(u)
                d.lane_of[u] = i
            d.enh[i * 2 + p] = lane["enh"][p]
        for u, spec_of in lane["unit_specs"]:
            p = d.owner[u]
            if spec_of.get("tapped"):
                tapped.add(u)
            if spec_of.get("damage"):
                d.damage[u] = int(spec_of["damage"])
            if spec_of.get("give"):
                d.mods.append(Mod(u, "inf", int(spec_of["give"]), -1, "round"))
            if spec_of.get("gain"):
                d.mods.append(Mod(u, "inf", int(spec_of["gain"]), -1, "permanent"))
            for kw in spec_of.get("keywords", []):
                d.mods.append(Mod(u, str(kw), 1, -1, "round"))
            for ai in spec_of.get("used", []):
                d.used.add(use_key(u, int(ai), p))
    d.tapped = tapped
    d.first = d.priority if d.round % 2 == 1 else opponent(d.priority)
    for p in (0, 1):
        if d.aura_total(p) > AURA_CAP:
            raise StateDataError(f"player {p + 1}: more than {AURA_CAP} Aura in play (MZL-AURAPH-3)")
        for ln in range(LANES):
            if stats.side_count(d, ln, p) > stats.lane_limit(d, ln, p):
                raise StateDataError(f"lane {ln + 1}: player {p + 1}'s side is over its lane size limit (MZL-LANE-6)")
    phase = spec.get("phase", "action")
    if phase not in PHASES:
        raise StateDataError(f"position: phase must be one of {', '.join(PHASES)}, got {phase!r}")
    options = game.default_options()
    options.update(spec.get("options", {}))
    st = GameState(game, d, int(spec.get("seed", 0)), options, deal.decks())
    if phase == "action":
        d.phase = "action"
        st.push(Turn(d.active))
    else:
        d.round -= 1  # on_idle starts the round
        if d.round >= 1:
            d.priority = opponent(d.priority)  # the draw phase trades it back
        d.phase = "ready"
    d.dirty = True  # the first state check looks at everything (run_to_decision forgets the caches)
    st.run_to_decision()
    return st


def _filler(pool: CardPool, aura_type: str) -> str:
    best: str | None = None
    for nm, c in pool.by_name.items():
        if c.type == "creature" and not c.abilities and not c.unique:
            if c.aura == aura_type:
                return nm
            best = best or nm
    if best is None:
        raise StateDataError("the pool has no plain creature to use as deck filler")
    return best


def snapshot(st: GameState) -> dict[str, Any]:
    """A readable summary of the whole position (both hands included) for expectations."""
    d: MetaZooData = st.data
    srcs = stats.static_sources(d)
    out: dict[str, Any] = {"round": d.round, "phase": d.phase, "priority": d.priority, "active": d.active,
                 "result": None if st.result is None else list(st.result),
                 "mission_lane": d.mission + 1 if d.mission >= 0 else None, "players": [], "lanes": []}
    for p in (0, 1):
        c0 = d.caster[p]
        out["players"].append({
            "mp": d.mp[p], "hand": sorted(d.cards[c].name for c in d.hand[p]), "hand_count": len(d.hand[p]),
            "deck_count": len(d.deck[p]), "deck_top": [d.cards[c].name for c in d.deck[p][:3]],
            "discard": sorted(d.cards[c].name for c in d.discard[p]),
            "aura_zone": sorted(d.cards[a].name + (" (tapped)" if a in d.tapped else "") for a in d.aura_zone[p]),
            "aura_untapped": sum(1 for a in d.aura_zone[p] if a not in d.tapped),
            "aura_total": d.aura_total(p), "aura_deck_count": len(d.aura_deck[p]),
            "supply_count": len(d.supply[p]), "pool_count": len(d.pool[p]), "owed": d.owed[p],
            "caster": {"name": d.cards[c0].name, "tapped": c0 in d.tapped,
                       "state": "face_down" if d.caster_down[p] else ("lane" if c0 in d.lane_of else "zone")},
        })
    for ln in range(LANES):
        t = d.terra[ln]
        lane: dict[str, Any] = {"lane": ln + 1, "terra": d.cards[t].name if t >= 0 else None,
                "terra_owner": d.owner[t] if t >= 0 else None, "resolved": d.resolved[ln]}
        msrcs = stats.mission_sources(d, ln)
        for p in (0, 1):
            lane[f"p{p + 1}"] = [{"name": d.cards[u].name, "influence": stats.influence(d, u, srcs),
                                  "damage": d.damage.get(u, 0), "tapped": u in d.tapped,
                                  "token": d.cards[u].token} for u in d.units[ln * 2 + p]]
            lane[f"p{p + 1}_names"] = [d.cards[u].name for u in d.units[ln * 2 + p]]
            lane[f"p{p + 1}_aura"] = [d.cards[a].name + (" (tapped)" if a in d.tapped else "")
                                      for a in d.enh[ln * 2 + p]]
        lane["influence"] = [stats.side_total(d, ln, p, srcs, msrcs) for p in (0, 1)]
        lane["limit"] = [stats.lane_limit(d, ln, p, srcs) for p in (0, 1)]
        out["lanes"].append(lane)
    lm = d.last_mission
    out["last_mission"] = None if not lm else {"lane": lm.lane + 1, "influence": [lm.total0, lm.total1],
                                               "winner": lm.winner if lm.winner >= 0 else None, "mp": lm.mp}
    return out
