"""Build any Metabaloids position from plain data (scenario files and rule tests).

A position spec (a dict, e.g. from TOML)::

    turn = 3; active = 0; first = 0; seed = 1
    phase = "attack"          # setup | draw | abilities | move | deploy | attack | restock
    short_game = false        # or options = {short_game = true}
    attacked = []             # opponents the active seat already attacked this turn
    [[player]]                # 2 to 4 of these, P1 first
    hand = ["Spiker"]
    deck = ["Nib", "Twig"]    # top first; or deck_size = 20 (filler creatures)
    discard = ["Bramble", "Twig"]   # bottom first, top last
    lost = 2                  # a count (filler cards) or a list of names
    reserve = []; events = []
    points = 0                # initial deployment points used (phase "setup")
    columns = [["Spiker", {name = "Mossback", safe = true, used = true}], [], ["Glimmer"]]

Card names are checked against the pool; an unknown name is a StateDataError naming the field.
The position starts at the beginning of ``phase`` (its window, then its decision).
"""
from __future__ import annotations

from typing import Any

from ...engine.errors import StateDataError
from ...engine.positions import Dealer, first_card, only_fields, seat_tables, table, whole
from ...engine.state import GameState
from . import grid
from .data import COLUMNS, SETUP_POINTS, MetabaloidsData
from .records import Phase, Placement, TurnStart

PHASES = ("setup", "draw", "abilities", "move", "deploy", "attack", "restock")
FILLER_DEFAULT = 20
_TOP = {"turn", "active", "first", "seed", "phase", "short_game", "options", "attacked", "player"}
_PLAYER = {"hand", "deck", "deck_size", "discard", "lost", "reserve", "events", "points", "columns", "done"}


def _filler(pool: Any) -> str:
    return first_card(pool, lambda c: c.is_creature and not c.abilities, "creature without abilities")


def build_position(game: Any, spec: dict[str, Any]) -> GameState:
    players = seat_tables(spec, "player", (2, 3, 4), "Metabaloids")
    only_fields(spec, _TOP)
    n = len(players)
    deal: Dealer[Any] = Dealer(game.pool, n, _filler)
    new, cards = deal.new, deal.cards
    zones: list[dict[str, Any]] = []
    for p, ps in enumerate(players):
        who = f"player {p + 1}"
        only_fields(ps, _PLAYER, who)
        z: dict[str, Any] = deal.lists(ps, ("hand", "discard", "reserve", "events"), p, who)
        z["draw"] = deal.pile(ps, "deck", "deck_size", p, who, FILLER_DEFAULT)
        lost = ps.get("lost", 0)
        z["lost"] = deal.fill(p, lost, f"{who} lost") if isinstance(lost, int) else deal.many(lost, p, f"{who} lost")
        cols = ps.get("columns", [[], [], []])
        if not isinstance(cols, list) or len(cols) > COLUMNS:
            raise StateDataError(f"{who}: columns is a list of up to 3 columns")
        cols = cols + [[] for _ in range(COLUMNS - len(cols))]
        z["columns"], z["safe"], z["used"] = [], [], []
        for i, col in enumerate(cols):
            ids = []
            for j, entry in enumerate(col):
                where = f"{who} column {i + 1} card {j + 1}"
                entry = table({"name": entry} if isinstance(entry, str) else entry, where)
                only_fields(entry, {"name", "safe", "used"}, where)
                c = new(entry.get("name"), p, where)
                if not cards[c].is_creature:
                    raise StateDataError(f"{where}: {cards[c].name} is an Event, not a creature (MB-EVT-5)")
                ids.append(c)
                if entry.get("safe"):
                    z["safe"].append(c)
                if entry.get("used"):
                    z["used"].append(c)
            z["columns"].append(ids)
        for c in z["reserve"]:
            if not cards[c].is_creature:
                raise StateDataError(f"{who} reserve: {cards[c].name} is an Event (MB-EVT-5)")
        zones.append(z)
    d = MetabaloidsData(tuple(cards), tuple(deal.owner), n)
    for p, z in enumerate(zones):
        for zone in ("hand", "draw", "discard", "reserve", "events", "lost", "columns"):
            getattr(d, zone)[p] = z[zone]
        d.safe.update(z["safe"])
        d.used.update(z["used"])
        d.deploy_points[p] = whole(players[p].get("points", 0), 0, SETUP_POINTS, f"player {p + 1} points")
        d.deploy_done[p] = bool(players[p].get("done", False))
    d.turn = whole(spec.get("turn", 2), 0, 1 << 20, "turn")
    d.active = whole(spec.get("active", 0), 0, n - 1, "active")
    d.first = whole(spec.get("first", 0), 0, n - 1, "first")
    attacked = spec.get("attacked", [])
    if not isinstance(attacked, list) or any(type(a) is not int or not 0 <= a < n or a == d.active for a in attacked):
        raise StateDataError("attacked lists opponents' seats")
    d.attacked = list(attacked)
    d.attacks = len(attacked)
    options = game.default_options()
    options.update(spec.get("options", {}))
    if "short_game" in spec:
        options["short_game"] = bool(spec["short_game"])
    d.short_game = bool(options["short_game"])
    phase = spec.get("phase", "abilities")
    if phase not in PHASES:
        raise StateDataError(f"position: phase must be one of {', '.join(PHASES)}, not {phase!r}")
    try:
        d.check()
    except ValueError as e:
        raise StateDataError(f"position: {e}") from None
    st = GameState(game, d, whole(spec.get("seed", 0), -(1 << 62), 1 << 62, "seed"), options,
                   deal.decks())
    if phase == "setup":
        d.phase = "setup"
        d.turn = 0
        d.active = d.first
        st.push(Placement(d.first))
    elif phase == "draw":
        st.push(TurnStart(d.active))
    else:
        d.phase = phase
        st.push(Phase(d.active, phase))
    st.run_to_decision()
    return st



def snapshot(st: GameState) -> dict[str, Any]:
    """A readable summary of the whole position (hands and draw piles included)."""
    d: MetabaloidsData = st.data
    nm = d.name
    b = d.battle
    marked = set() if b is None else {b.acard, b.tcard}      # turned sideways for the battle in progress
    out: dict[str, Any] = {"turn": d.turn, "active": d.active, "first": d.first, "phase": d.phase,
                           "result": None if st.result is None else list(st.result),
                           "attacked": list(d.attacked), "attacks": d.attacks, "penalty": d.penalty,
                           "short_game": d.short_game, "players": []}
    for p in range(d.n):
        play = d.in_play(p)
        out["players"].append({
            "marked": sorted(nm(c) for c in play if c in marked),
            "upright": sorted(nm(c) for c in play if c not in marked and c not in d.safe),
            "used": sorted(nm(c) for c in play if c in d.used),
            "hand": sorted(nm(c) for c in d.hand[p]), "hand_count": len(d.hand[p]),
            "deck_count": len(d.draw[p]), "deck_top": [nm(c) for c in reversed(d.draw[p][-3:])],
            "discard": [nm(c) for c in d.discard[p]], "lost": [nm(c) for c in d.lost[p]],
            "lost_count": len(d.lost[p]), "reserve": [nm(c) for c in d.reserve[p]],
            "events": [nm(c) for c in d.events[p]],
            "columns": [[nm(c) for c in col] for col in d.columns[p]],
            "safe": sorted(nm(c) for c in d.in_play(p) if c in d.safe),
            "legal_grid": grid.legal_shape(d, p),
            "looped": p in d.looped,
        })
    return out
