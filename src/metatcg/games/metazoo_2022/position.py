"""Build any MetaZoo 2022 position from plain data (scenario files and rule tests).

A position spec (a dict, e.g. from TOML)::

    turn = 3; active = 0; first = 0; seed = 1
    step = "actions"          # start_a | start_b | bookmark | awaken | actions | end_a | end_b
    rotation = 0              # the Terra rotation pointer (0 = slot 1)
    terra = [{name = "River Bend", owner = 1}, ""]   # slots in order ("" = empty)
    [[caster]]                # 2 to 4 of these, P1 first
    damage = 0; lp_loss = 0; lp_gain = 0            # LP = 1000 + gain - damage - loss
    statuses = [{status = "burn", counters = 3}]   # Burn/Poison in front of the Caster
    chapter = ["Ember Hare"]
    spellbook = ["Flame Aura"]   # top first; or spellbook_size = 20 (filler Basic Aura)
    limbo = []; cemetery = []; afterlife = []
    aura = {flame = 2}           # the unspent pool
    aura_contracted = false
    arena = ["Flame Aura", {name = "Ember Hare", fatigued = false, damage = 10, loss = 0, gain = 0,
             statuses = [{status = "frozen", counters = 2}], types = ["water"], owner = 1}]

Arena Pages are controlled by their ``[[caster]]`` (owned too unless ``owner`` says otherwise);
a Page named in the arena enters Awakened unless ``fatigued = true``. Page names are checked
against the pool; an unknown name is a StateDataError naming the field. The game starts at
the beginning of ``step`` of the active Caster's turn.
"""
from __future__ import annotations

from typing import Any

from ...engine.errors import StateDataError
from ...engine.positions import Dealer, only_fields, seat_tables, table, whole
from ...engine.state import GameState
from . import surroundings
from .data import SLOTS, START_LP, MZ22Data
from .records import Indicator, PageState, Ref, TurnStep
from .schema import AURA_TYPES, STATUSES
from .stats import cur_lp, max_lp, types_of
from .traits import traits_of
from .turn import TURN_STEPS

FILLER_DEFAULT = 20
_TOP = {"turn", "active", "first", "seed", "step", "options", "caster", "terra", "rotation"}
_CASTER = {"damage", "lp_loss", "lp_gain", "statuses", "chapter", "spellbook", "spellbook_size", "limbo",
           "cemetery", "afterlife", "aura", "aura_contracted", "arena", "out"}
_PAGE = {"name", "fatigued", "damage", "loss", "gain", "statuses", "types", "owner", "contracted", "marks"}
MARKS = ("burrowed", "flash", "defender")     # Trait indicators (MZ22-TRAIT-2, traits.py)
STARTS = ("start_a", "start_b", "bookmark", "awaken", "dissolve", "actions", "end_a", "end_b", "end_c")


def _filler(pool: Any) -> str:
    for nm in sorted(pool.by_name):
        df = pool[nm]
        if df.type == "aura" and not df.special:
            return str(nm)
    raise StateDataError("the pool has no Basic Aura Page to use as filler")



def _inds(v: Any, where: str, turn: int) -> tuple[Indicator, ...]:
    if not isinstance(v, list):
        raise StateDataError(f"{where}: statuses is a list of {{status, counters}} tables")
    out = []
    for s in v:
        if not isinstance(s, dict) or s.get("status") not in STATUSES or set(s) - {"status", "counters", "turn"}:
            raise StateDataError(f"{where}: a status is {{status = one of {', '.join(STATUSES)}, counters, turn}}")
        out.append(Indicator(s["status"], whole(s.get("counters", 0), 0, 6, f"{where} counters"),
                             whole(s.get("turn", turn), 0, 1 << 20, f"{where} turn")))
    return tuple(out)


def build_position(game: Any, spec: dict[str, Any]) -> GameState:
    casters = seat_tables(spec, "caster", (2, 3, 4), "MetaZoo 2022")
    only_fields(spec, _TOP)
    n = len(casters)
    turn = whole(spec.get("turn", 2), 1, 1 << 20, "turn")
    deal: Dealer[Any] = Dealer(game.pool, n, _filler)
    new, defs = deal.new, deal.cards
    zones: list[dict[str, Any]] = []
    states: dict[int, PageState] = {}
    arena: list[int] = []
    for p, cs in enumerate(casters):
        who = f"caster {p + 1}"
        only_fields(cs, _CASTER, who)
        z: dict[str, Any] = deal.lists(cs, ("chapter", "limbo", "cemetery", "afterlife"), p, who)
        z["spellbook"] = deal.pile(cs, "spellbook", "spellbook_size", p, who, FILLER_DEFAULT)
        for j, entry in enumerate(cs.get("arena", [])):
            where = f"{who} arena page {j + 1}"
            entry = table({"name": entry} if isinstance(entry, str) else entry, where)
            only_fields(entry, _PAGE, where)
            o = whole(entry.get("owner", p), 0, n - 1, f"{where} owner")
            c = new(entry.get("name"), o, where)
            if defs[c].type in ("spell", "potion", "terra"):
                raise StateDataError(f"{where}: a {defs[c].type} is not kept in the Arena")
            types = entry.get("types", [])
            if not isinstance(types, list) or any(t not in AURA_TYPES and t != "neutral" for t in types):
                raise StateDataError(f"{where}: types lists Aura Types")
            states[c] = PageState(p, bool(entry.get("fatigued", False)),
                                  whole(entry.get("damage", 0), 0, 10000, f"{where} damage"),
                                  whole(entry.get("loss", 0), 0, 10000, f"{where} loss"),
                                  whole(entry.get("gain", 0), 0, 10000, f"{where} gain"),
                                  _inds(entry.get("statuses", []), where, turn), max(0, turn - 1),
                                  bool(entry.get("contracted", True)), tuple(types),
                                  marks=_marks(entry.get("marks", {}), where))
            arena.append(c)
        aura = cs.get("aura", {})
        if not isinstance(aura, dict) or any(t not in AURA_TYPES or type(k) is not int or k < 1
                                             for t, k in aura.items()):
            raise StateDataError(f"{who}: aura is a table of Aura Type = count")
        z["aura"] = dict(aura)
        zones.append(z)
    terra_spec = spec.get("terra", [])
    if not isinstance(terra_spec, list) or len(terra_spec) > SLOTS:
        raise StateDataError(f"position: terra lists up to {SLOTS} slots")
    slots = [-1] * SLOTS
    for i, entry in enumerate(terra_spec):
        if entry in ("", None):
            continue
        entry = table({"name": entry} if isinstance(entry, str) else entry, f"terra slot {i + 1}")
        only_fields(entry, {"name", "owner"}, f"terra slot {i + 1}")
        o = whole(entry.get("owner", 0), 0, n - 1, f"terra slot {i + 1} owner")
        c = new(entry.get("name"), o, f"terra slot {i + 1}")
        if defs[c].type != "terra":
            raise StateDataError(f"terra slot {i + 1}: {defs[c].name} is not a Terra Page (MZ22-TSLOT-13)")
        slots[i] = c
        states[c] = PageState(o, False, entered=max(0, turn - 1))
    d = MZ22Data(defs, deal.owner, n)
    for p, z in enumerate(zones):
        for zone in ("spellbook", "chapter", "limbo", "cemetery", "afterlife"):
            getattr(d, zone)[p] = z[zone]
        cs = casters[p]
        d.lp_damage[p] = whole(cs.get("damage", 0), 0, START_LP * 10, f"caster {p + 1} damage")
        d.lp_loss[p] = whole(cs.get("lp_loss", 0), 0, START_LP * 10, f"caster {p + 1} lp_loss")
        d.lp_gain[p] = whole(cs.get("lp_gain", 0), 0, START_LP * 10, f"caster {p + 1} lp_gain")
        d.caster_indicators[p] = _inds(cs.get("statuses", []), f"caster {p + 1}", turn)
        d.pool[p] = z["aura"]
        d.aura_done[p] = bool(cs.get("aura_contracted", False))
        d.out[p] = bool(cs.get("out", False))
        if d.out[p]:
            d.places.append(p)
    d.arena = arena
    d.in_play = states
    d.terra = slots
    d.rot = whole(spec.get("rotation", 0), 0, SLOTS - 1, "rotation")
    d.turn = turn
    d.active = whole(spec.get("active", 0), 0, n - 1, "active")
    d.first = whole(spec.get("first", 0), 0, n - 1, "first")
    d.mull_n = [0] * n
    step = spec.get("step", "actions")
    if step not in STARTS:
        raise StateDataError(f"position: step must be one of {', '.join(STARTS)}, not {step!r:.30}")
    d.step = step
    d.dirty = True                     # the first state check looks at everything
    try:
        d.check()
    except ValueError as e:
        raise StateDataError(f"position: {e}") from None
    options = game.default_options()
    opts = spec.get("options", {})
    if not isinstance(opts, dict) or set(opts) - set(options):
        raise StateDataError(f"position: options are among {', '.join(options)}")
    options.update(opts)
    if isinstance(options.get("surroundings"), dict):   # a scenario may write the option as a table
        import json
        options["surroundings"] = json.dumps(options["surroundings"], sort_keys=True)
    try:                               # surroundings and this turn's derived keys (MZ22-TERRA-8..13)
        d.surr = surroundings.parse(options["surroundings"], n)
    except ValueError as e:
        raise StateDataError(f"position: options.surroundings: {e}") from None
    if d.surr is not None:
        d.sky = tuple(surroundings.derive(d.surr, p, turn) for p in range(n))
    st = GameState(game, d, whole(spec.get("seed", 0), -(1 << 62), 1 << 62, "seed"), options,
                   deal.decks())
    st.push(*[TurnStep(s) for s in TURN_STEPS[TURN_STEPS.index(step):]])
    st.run_to_decision()
    return st


def _ind(i: Indicator) -> dict[str, Any]:
    return {"status": i.status, "counters": i.counters}


def _marks(v: Any, where: str) -> tuple[tuple[str, int], ...]:
    """``marks = {burrowed = 3}``: Trait indicators by name (burrowed: the turn; flash: the turn
    it ends, 0 = not begun; defender: the LP gained)."""
    if not isinstance(v, dict) or any(k not in MARKS for k in v):
        raise StateDataError(f"{where}: marks is a table of {', '.join(MARKS)} = number")
    return tuple((k, whole(x, 0, 100000, f"{where} marks.{k}")) for k, x in v.items())


def _text(ref: Ref | None) -> str:
    """A Combat's target or primary Defender as scenario files spell it ("" for none)."""
    return "" if ref is None else str(ref)


def snapshot(st: GameState) -> dict[str, Any]:
    """A readable summary of the whole position (Chapters and Spellbooks included)."""
    d: MZ22Data = st.data
    nm = d.name

    def page(c: int) -> dict[str, Any]:
        s = d.in_play[c]
        out: dict[str, Any] = {"name": nm(c), "owner": d.owner[c], "controller": s.controller,
                               "fatigued": s.fatigued, "statuses": [_ind(i) for i in s.indicators],
                               "types": sorted(types_of(d, c)), "token": d.is_token(c),
                               "base_types": sorted(d.defs[c].base_types), "dual": d.defs[c].dual,
                               "traits": list(traits_of(d, c)), "marks": dict(s.marks)}
        if d.defs[c].type in ("beastie", "artifact"):
            out.update(lp=cur_lp(d, c), max_lp=max_lp(d, c), damage=s.damage, loss=s.loss)
        return out

    cb = d.combat
    return {
        "turn": d.turn, "active": d.active, "first": d.first, "step": d.step,
        "result": None if st.result is None else list(st.result), "reason": st.reason,
        "current_player": st.current_player(),
        "decision": None if st.decision is None else st.decision.kind,
        "arena": [page(c) for c in d.arena],
        "terra": ["" if c < 0 else nm(c) for c in d.terra], "rotation": d.rot,     # "" empty, as in specs
        # Pages under another, face-down Pages, Equipment: each with its host's name (PR-MZ22-50..52)
        "beneath": [{**page(c), "under": nm(s.under) if s.under >= 0 else "", "face_down": s.face_down,
                     "in_arena": c in d.arena} for c, s in d.in_play.items() if s.under >= 0 or s.face_down],
        "chain": [{"name": nm(it.source), "what": it.what, "seat": it.seat,
                   "targets": [[str(r) for r in t] for t in it.targets]} for it in d.chain],
        "combat": None if cb is None else {"attacker": nm(cb.attacker), "target": _text(cb.target),
                                           "defenders": [nm(b) for b in cb.defenders], "primary": _text(cb.primary)},
        "casters": [{
            "lp": d.lp_of_caster(p), "damage": d.lp_damage[p], "lp_loss": d.lp_loss[p], "out": d.out[p],
            "mulligans": d.mulligans[p],
            "statuses": [_ind(i) for i in d.caster_indicators[p]],
            "chapter": sorted(nm(c) for c in d.chapter[p]), "chapter_count": len(d.chapter[p]),
            "spellbook_count": len(d.spellbook[p]), "spellbook_top": [nm(c) for c in reversed(d.spellbook[p][-3:])],
            "limbo": [nm(c) for c in d.limbo[p]], "cemetery": [nm(c) for c in d.cemetery[p]],
            "afterlife": [nm(c) for c in d.afterlife[p]], "aura": dict(sorted(d.pool[p].items())),
            "aura_contracted": d.aura_done[p],
        } for p in range(d.n)],
    }
