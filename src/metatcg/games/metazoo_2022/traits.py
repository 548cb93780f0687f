"""Traits (MZ22-TRAIT): every Trait but Trap and Equipment. Traits are symbols, not Effect
text, so Paralyze leaves them (MZ22-TRAIT-3); their indicators (burrowed, Flash's restriction,
Defender's gain) are ``PageState.marks``, never Status Effect Indicators (MZ22-TRAIT-2).

Everything here is gated on cheap facts: a game whose Arena holds no Page printing a Trait or
granting one pays a dict lookup (``traited``, cached in ``MZ22Data.memo``)."""
from __future__ import annotations

from typing import Any

from ...engine.action import Action
from ...engine.state import GameState
from ...engine.windows import others_window
from .aura import Unit, paying_page
from .data import MZ22Data
from .records import CASTER, PAGE, ChainItem, Main, Ref, ResolveChain, TraitStep, Trigger, page_of, page_ref

REGEN_EACH = 10          # MZ22-TRAIT-REGEN-1
RULES = ("regen",)       # rule-made triggers this module resolves
MARK_NAMES = {"burrowed": "Burrowed", "flash": "Flash-restricted", "defender": "Defender gain"}


# ------------------------------------------------------------------ which Pages have which
def traited(d: MZ22Data) -> tuple[tuple[int, ...], bool]:
    """(Arena Pages printing a Trait, whether some Arena Page grants Traits), once per set of
    Pages there (PageDef.listed_in ``traited``)."""
    got = d.memo.get("traited")
    if got is None:
        defs = d.defs
        from .equipment import attached
        givers = (*d.arena, *d.terra, *attached(d))          # Equipment grant too (MZ22-EQUIP-11, PR-MZ22-59)
        got = d.memo["traited"] = (tuple(c for c in d.arena if defs[c].traits),
                                   any(s.op == "grant_trait" for c in givers if c >= 0 for s in defs[c].statics))
    return got


def traits_of(d: MZ22Data, page: int) -> tuple[str, ...]:
    """Printed Traits plus those granted by active ARENA statics (a Paralyzed granter grants
    nothing, but a Paralyzed holder keeps its own: MZ22-TRAIT-3)."""
    t = d.defs[page].traits
    if d.mods and t and d.nullified(page, "traits"):
        return ()                          # Nullified: still printed, but they do nothing (MZ22-TRAIT-3)
    if page not in d.in_play or not traited(d)[1]:
        return t
    from .stats import covers, statics
    extra = tuple(s.trait for c, s in statics(d, "grant_trait") if covers(d, c, s.who, page))
    return t + extra if extra else t


def has(d: MZ22Data, page: int, trait: str) -> bool:
    """Present or absent: only Regen counts copies (MZ22-TRAIT-4)."""
    return trait in traits_of(d, page)


def quiet(d: MZ22Data) -> bool:
    """No Page in the Arena has or grants a Trait: every Trait check is a no-op."""
    pages, grants = traited(d)
    return not pages and not grants


def with_trait(d: MZ22Data, trait: str) -> list[int]:
    """Arena Pages that have ``trait`` now."""
    pages, grants = traited(d)
    defs = d.defs
    if not grants:
        out = [c for c in pages if trait in defs[c].traits]
    else:                                  # the grants of this Trait, looked up once for all Pages
        from .stats import covers, statics
        given = [(h, s) for h, s in statics(d, "grant_trait") if s.trait == trait]
        out = [c for c in d.arena if trait in defs[c].traits or any(covers(d, h, s.who, c) for h, s in given)]
    if d.mods and out:                     # Nullified Traits do nothing (MZ22-TRAIT-3, PR-MZ22-30)
        out = [c for c in out if not d.nullified(c, "traits")]
    return out


# ------------------------------------------------------------------ marks (MZ22-TRAIT-2)
def mark(s: Any, name: str) -> int | None:
    for k, v in s.marks:
        if k == name:
            return v  # type: ignore[no-any-return]
    return None


def set_mark(d: MZ22Data, page: int, name: str, value: int) -> None:
    s = d.in_play[page]
    d.in_play[page] = s._replace(marks=tuple(m for m in s.marks if m[0] != name) + ((name, value),))


def drop_marks(d: MZ22Data, page: int, keep: Any) -> bool:
    s = d.in_play[page]
    marks = tuple(m for m in s.marks if keep(m))
    if marks != s.marks:
        d.in_play[page] = s._replace(marks=marks)
        return True
    return False


def burrowed(d: MZ22Data, page: int) -> bool:
    s = d.in_play.get(page)
    return s is not None and bool(s.marks) and mark(s, "burrowed") is not None


def mark_lp(marks: tuple[tuple[str, int], ...]) -> int:
    """Defender's gain G, part of maximum LP while it lasts (MZ22-TRAIT-DEFENDER-1/3)."""
    return sum(v for k, v in marks if k == "defender")


# ------------------------------------------------------------------ targeting and Combat
def is_spell(d: MZ22Data, by: Any) -> bool:
    """A Spell or a Spell copy being Contracted/resolved; never a Potion (MZ22-TRAIT-MAGIPROOF-2)."""
    return by.what in ("contract", "copy") and d.defs[by.source].type == "spell"


def target_ok(d: MZ22Data, page: int, by: Any) -> bool:
    """Magiproof refuses Spells (MZ22-TRAIT-MAGIPROOF-1/2); a burrowed Beastie refuses Spells,
    Artifacts and Powers but not Potions, Traits or other Page Effects (MZ22-TRAIT-BURROW-5/6/9).
    Non-targeting Effects never ask (MZ22-TARGET-3/4)."""
    if by is None or quiet(d):
        return True
    ts = traits_of(d, page)
    if not ts:
        return True
    spell = is_spell(d, by)
    if spell and "magiproof" in ts:
        return False
    if "burrow" in ts and burrowed(d, page):
        src = d.defs[by.source]
        power = by.what == "effect" and 0 <= by.effect < len(src.effects) and src.effects[by.effect].when == "power"
        if spell or src.type == "artifact" or power:
            return False
    return True


def attack_target_ok(d: MZ22Data, attacker: int, page: int) -> bool:
    """Flight only from Flight (MZ22-TRAIT-FLIGHT-1), never Spirit or Invisible
    (MZ22-TRAIT-SPIRIT-1, MZ22-TRAIT-INVISIBLE-2), a burrowed Beastie only from Burrow
    (MZ22-TRAIT-BURROW-7)."""
    if quiet(d):
        return True
    ts = traits_of(d, page)
    if not ts:
        return True
    if "spirit" in ts or "invisible" in ts:
        return False
    if "flight" in ts and not has(d, attacker, "flight"):
        return False
    if "burrow" in ts and burrowed(d, page) and not has(d, attacker, "burrow"):
        return False
    return True


def attack_barred(d: MZ22Data, page: int) -> bool:
    """Burrowed (MZ22-TRAIT-BURROW-2) or under Flash's restriction (MZ22-TRAIT-FLASH-2)."""
    s = d.in_play[page]
    if not s.marks:
        return False
    return mark(s, "burrowed") is not None or mark(s, "flash") is not None


def may_defend(d: MZ22Data, page: int) -> bool:
    """A burrowed Beastie cannot be declared as a Defender (MZ22-TRAIT-BURROW-3); Flash does not
    stop defending (MZ22-TRAIT-FLASH-3)."""
    return not burrowed(d, page)


def may_declare_defenders(d: MZ22Data, attacker: int) -> bool:
    """No Defenders against Invisible or Unblockable (MZ22-TRAIT-INVISIBLE-1,
    MZ22-TRAIT-UNBLOCKABLE-1); the target still answers as primary Defender (-3, UNBLOCKABLE-2)."""
    if quiet(d):
        return True
    ts = traits_of(d, attacker)
    return "invisible" not in ts and "unblockable" not in ts


def may_use_power(d: MZ22Data, page: int) -> bool:
    """A burrowed Beastie cannot activate a Power (MZ22-TRAIT-BURROW-4)."""
    return not burrowed(d, page)


def stone_skin(d: MZ22Data, page: int) -> bool:
    """Damage other than an Attack's in Combat becomes 0 (MZ22-TRAIT-STONESKIN-1/2/4)."""
    return not quiet(d) and has(d, page, "stone_skin")


def immortal(d: MZ22Data, page: int) -> bool:
    """Not Destroyed at 0 LP (MZ22-TRAIT-IMMORTAL-1/3)."""
    return not quiet(d) and has(d, page, "immortal")


def on_primary(st: GameState) -> None:
    """Venomous: a primary Defender with it Poisons the attacker at once, at the end of step 2,
    whatever happens next (MZ22-TRAIT-VENOMOUS-1/2)."""
    d: MZ22Data = st.data
    cb = d.combat
    prim = page_of(cb.primary) if cb is not None else -1
    if cb is None or quiet(d) or prim < 0:
        return
    if prim in d.in_play and d.defs[prim].type == "beastie" and has(d, prim, "venomous") and cb.attacker in d.in_play:
        from .statuses import inflict
        if st.logging:
            st.say(f"{d.defs[prim].name} is Venomous (MZ22-TRAIT-VENOMOUS-1)")
        inflict(st, d.controller(prim), "poison", [page_ref(cb.attacker)], auto=True)


def on_attack_damage(st: GameState, page: int, dealt: dict[Ref, int]) -> None:
    """After an Attack's Damage is dealt and before DESTROYED Effects: Blood Sucker recovers
    what it really took from Beasties and Casters (MZ22-TRAIT-BLOODSUCKER-1..3), Destroyer
    Destroys every Beastie or Artifact it damaged, Immortal too (MZ22-TRAIT-DESTROYER-1/2),
    and Infectious makes a Token for each Beastie it Destroys (MZ22-TRAIT-INFECTIOUS-1..6)."""
    d: MZ22Data = st.data
    if quiet(d) or page not in d.in_play:
        return
    ts = traits_of(d, page)
    if not ts:
        return
    from . import zones
    from .lp import recover
    from .stats import cur_lp
    hit = [(r.n, v) for r, v in dealt.items() if r.entity == PAGE and r.n in d.in_play]
    if "blood_sucker" in ts:
        total = sum(v for r, v in dealt.items() if r.entity == CASTER or
                    (r.n < len(d.defs) and d.defs[r.n].type == "beastie"))
        if total > 0:
            if st.logging:
                st.say(f"{d.defs[page].name} drinks {total} LP back (Blood Sucker)")
            recover(st, [page_ref(page)], total)
    doomed: list[int] = []
    if "destroyer" in ts:
        doomed = [c for c, v in hit if v > 0 and d.defs[c].type in ("beastie", "artifact")]
    if "infectious" in ts:
        killed = [c for c, v in hit if d.defs[c].type == "beastie" and
                  (c in doomed or (v > 0 and cur_lp(d, c) <= 0 and not immortal(d, c)))]
        if killed:
            seat = d.controller(page)
            how = infected(d, page)
            zones.destroy(st, [c for c in killed if c in d.in_play], " (Infectious)")
            if doomed:
                zones.destroy(st, [c for c in doomed if c in d.in_play], " (Destroyer)")
            for _ in killed:
                _new_token(st, seat, how)
            return
    if doomed:
        zones.destroy(st, doomed, " (Destroyer)")


def infected(d: MZ22Data, page: int) -> dict[str, Any]:
    """The nameless Token an Infectious Beastie makes: its maximum LP, its printed Attacks'
    Damage and AAA, its Aura Type; no Traits, Tribe, text or status icons (MZ22-TRAIT-INFECTIOUS-2..5)."""
    from .stats import max_lp, types_of
    df = d.defs[page]
    types = sorted(types_of(d, page))
    lp = max(5, max_lp(d, page) // 5 * 5)
    atks = [{k: v for k, v in (("name", a.name), ("damage", a.damage), ("aaa", a.aaa)) if v is not None}
            for a in df.attacks]
    return {"page": {"name": "Infected Husk", "type": "beastie", "lp": lp, "attack": atks,
                     "cost": [{"aura": t, "n": 0} for t in types]}, "nameless": True}


def _new_token(st: GameState, seat: int, how: dict[str, Any]) -> None:
    from .ops import new_token
    new_token(st, seat, how, st.game.pool)


# ------------------------------------------------------------------ Contract Traits
def on_contracted(st: GameState, page: int, seat: int) -> None:
    """Fear and Flash resolve as part of the Contract, no window (MZ22-CONTRACT-12)."""
    d: MZ22Data = st.data
    ts = d.defs[page].traits
    if not ts or page not in d.in_play:
        return
    for name in ("flash", "fear"):       # pushed last runs first: Fear, then Flash
        if name in ts:
            st.push(TraitStep(name, page, seat))


def foes(d: MZ22Data, seat: int) -> list[int]:
    """Opposing Beasties: Fear and Flash are Traits, not Spells, so Magiproof and Burrow do not
    stop them (MZ22-TRAIT-FEAR-3, MZ22-TRAIT-BURROW-6)."""
    return [c for c in d.arena if d.defs[c].type == "beastie" and d.in_play[c].controller != seat]


def step(st: GameState, s: TraitStep) -> None:
    d: MZ22Data = st.data
    if s.name == "burrow":
        if s.page in d.in_play and d.in_play[s.page].controller == s.seat and has(d, s.page, "burrow"):
            st.decide(s.seat, "burrow", s, f"Burrow {d.defs[s.page].name} until the end of the turn?")
        return
    if s.name in ("fear", "flash") and foes(d, s.seat):
        st.decide(s.seat, "trait_target", s, f"{d.defs[s.page].name}'s {s.name.title()}: choose an "
                  "opposing Beastie, or none")


def options(st: GameState, s: TraitStep) -> list[Action]:
    d: MZ22Data = st.data
    if s.name == "burrow":
        return [Action("burrow", f"Burrow {d.defs[s.page].name}", True), Action("stay", "Stay above ground", False)]
    out = [Action(f"target:c{c}", f"Target {d.defs[c].name} (P{d.in_play[c].controller + 1})", c)
           for c in foes(d, s.seat)]
    return out + [Action("none", f"Do not use {s.name.title()}", None)]


def perform(st: GameState, s: TraitStep, choice: Any) -> None:
    from .zones import flip, leave
    d: MZ22Data = st.data
    if s.name == "burrow":
        if choice and s.page in d.in_play:
            set_mark(d, s.page, "burrowed", d.turn)          # MZ22-TRAIT-BURROW-1/8
            if st.logging:
                st.say(f"{d.defs[s.page].name} burrows until the end of the turn (MZ22-TRAIT-BURROW-1)")
        return
    if choice is None:
        return
    c = int(choice)
    if st.logging:
        st.say(f"{d.defs[s.page].name}'s {s.name.title()} targets {d.defs[c].name}")
    if not flip(st, s.seat, s.name.title()) or c not in d.in_play:
        return
    if s.name == "fear":                                      # MZ22-TRAIT-FEAR-2
        if st.logging:
            st.say(f"{d.defs[c].name} flees to P{d.owner[c] + 1}'s Chapter (Fear)")
        leave(st, c, "chapter")
    else:                                                     # MZ22-TRAIT-FLASH-2/3: 0 = not begun yet
        set_mark(d, c, "flash", 0)
        if st.logging:
            st.say(f"{d.defs[c].name} cannot attack until the end of its controller's next turn (Flash)")


# ------------------------------------------------------------------ turn steps
def turn_start(st: GameState) -> None:
    """Step 1a (MZ22-TURN-18): Defender doubles on opposing turns (MZ22-TRAIT-DEFENDER-1/3),
    Flash's restriction starts counting on its controller's turn, and each Burrow Beastie's
    controller may burrow it (MZ22-TRAIT-BURROW-1/8)."""
    d: MZ22Data = st.data
    for c in d.arena:
        s = d.in_play[c]
        if s.marks and mark(s, "flash") == 0 and s.controller == d.active:
            set_mark(d, c, "flash", d.turn)
    if quiet(d):
        return
    from .stats import max_lp
    asks = []
    for c in list(d.arena):
        s = d.in_play[c]
        ts = traits_of(d, c)
        if not ts:
            continue
        if "defender" in ts and s.controller != d.active and d.defs[c].type in ("beastie", "artifact") \
                and mark(d.in_play[c], "defender") is None:
            g = max_lp(d, c)
            set_mark(d, c, "defender", g)
            if st.logging:
                st.say(f"{d.defs[c].name} doubles its LP to {2 * g} (Defender)")
        if "burrow" in ts and d.defs[c].type == "beastie":
            asks.append(TraitStep("burrow", c, s.controller))
    if asks:
        st.push(*asks)


def turn_end(st: GameState) -> None:
    """Step 3b (MZ22-TURN-19): Regen waits as a trigger of its controller to be ordered with
    Poison (MZ22-TRAIT-REGEN-1/2, MZ22-SIMUL-1/6); burrowing, Defender's gain and a running
    Flash restriction end (MZ22-TRAIT-BURROW-8, MZ22-TRAIT-DEFENDER-2/3, MZ22-TRAIT-FLASH-3)."""
    d: MZ22Data = st.data
    turn = d.turn

    def ending(m: tuple[str, int]) -> bool:
        return m[0] == "burrowed" and m[1] <= turn or m[0] == "defender" or m[0] == "flash" and 0 < m[1] <= turn
    for c in list(d.arena):
        s = d.in_play[c]
        if s.marks:
            if drop_marks(d, c, lambda m: not ending(m)):
                d.dirty = True
                if st.logging:
                    st.say(f"{d.defs[c].name}: Trait indicators of this turn end")
    if quiet(d):
        return
    for c in with_trait(d, "regen"):
        if d.defs[c].type in ("beastie", "artifact"):
            st.queue_trigger(Trigger(d.in_play[c].controller, c, -1, (), "regen"))


def resolve(st: GameState, t: Trigger) -> None:
    """A rule-made trigger of this module: Regen recovers 10 per copy (MZ22-TRAIT-REGEN-1, TRAIT-4)."""
    from .lp import recover
    d: MZ22Data = st.data
    if t.rule == "regen" and t.source in d.in_play:
        k = sum(1 for x in traits_of(d, t.source) if x == "regen")
        if k:
            recover(st, [page_ref(t.source)], REGEN_EACH * k)


def describe(d: MZ22Data, t: Trigger) -> str:
    return f"Regen of {d.defs[t.source].name}"


# ------------------------------------------------------------------ Convert and Self-Destruct
def convert_units(d: MZ22Data, p: int) -> list[Unit]:
    """Awakened Convert Pages ``p`` controls make 1 Aura of their type while paying, on ``p``'s own
    turn only (MZ22-TRAIT-CONVERT-1/2, MZ22-GEN-7/8/10); a Neutral one makes Neutral Aura."""
    if d.active != p or quiet(d):
        return []
    from .stats import types_of
    out = []
    for c in with_trait(d, "convert"):
        s = d.in_play[c]
        if s.controller == p and not s.fatigued and d.defs[c].type in ("beastie", "artifact") \
                and not d.defs[c].produces:
            out.append((paying_page(c), frozenset(types_of(d, c))))
    return out


def extra_actions(d: MZ22Data, p: int) -> list[Action]:
    """Self-Destruct on your own turn, Awakened (MZ22-TRAIT-SELFDESTRUCT-1/2, MZ22-ACTION-6)."""
    if d.active != p or quiet(d):
        return []
    return [Action(f"destruct:c{c}", f"Self-Destruct {d.defs[c].name}", c) for c in with_trait(d, "self_destruct")
            if d.in_play[c].controller == p and not d.in_play[c].fatigued]


def self_destruct(st: GameState, p: int, page: int) -> None:
    """Fatigue the Page, then its Destroy goes on the chain and priority passes (MZ22-ACTION-6)."""
    from .zones import fatigue
    d: MZ22Data = st.data
    st.push(ResolveChain(), Main(p))
    if st.logging:
        st.say(f"P{p + 1} Self-Destructs {d.defs[page].name}")
    if not fatigue(st, page):          # a Scared Page ran back to the Chapter instead
        return
    d.chain.append(ChainItem(d.next_uid, "destruct", page, p, -1))
    d.next_uid += 1
    if st.logging:
        st.say(f"{d.defs[page].name}'s Self-Destruct goes on the chain (MZ22-ACTION-6)")
    st.open_window(others_window("chain", d.n, p))


def resolve_destruct(st: GameState, item: ChainItem) -> None:
    """The Destroy resolves: DESTROYED Effects trigger as usual (MZ22-TRAIT-SELFDESTRUCT-2)."""
    from .zones import destroy
    d: MZ22Data = st.data
    d.chain.remove(item)
    destroy(st, [item.source], " (Self-Destruct)")
