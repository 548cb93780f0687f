"""MetaZoo 2022's named records: Page states, Indicators, chain items, Combat, steps,
decision parameters and triggers (engine/records.py), so a state clones by sharing them and
saves mid-decision (mid-chain and mid-Combat included) as JSON.

What an Effect, an Attack or a target slot names is a :class:`Ref`: a Caster, a Page or a chain
item. Its text (``P2`` a Caster, seat 1; ``c12`` a Page; ``k3`` a chain item, its uid) is how
action ids and views spell it, and how games saved before Refs stored it."""
from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.records import KERNEL

records = KERNEL.child()


# ----------------------------------------------------------------- what is named
CASTER, PAGE, ITEM = "caster", "page", "item"
_LETTER = {CASTER: "P", PAGE: "c", ITEM: "k"}
_ENTITY = {"P": CASTER, "c": PAGE, "k": ITEM}


@records("ref")
class Ref(NamedTuple):
    """A Caster (``n`` its seat), a Page (its id) or a chain item (its uid): what an Attack, a
    target slot or a loss of LP names. ``str(ref)`` is the spelling of action ids and views."""

    entity: str                        # CASTER, PAGE or ITEM
    n: int

    def __str__(self) -> str:
        return f"P{self.n + 1}" if self.entity == CASTER else f"{_LETTER[self.entity]}{self.n}"


def caster_ref(seat: int) -> Ref:
    return Ref(CASTER, seat)


def page_ref(page: int) -> Ref:
    return Ref(PAGE, page)


def item_ref(uid: int) -> Ref:
    return Ref(ITEM, uid)


def page_of(ref: Ref | None) -> int:
    """The Page ``ref`` names, -1 if it names none (a Caster, a chain item, nothing)."""
    return ref.n if ref is not None and ref.entity == PAGE else -1


def parse_ref(text: Any) -> Ref:
    """A Ref from its text (``P2``, ``c12``, ``k3``): how games saved before Refs named things."""
    if type(text) is str and len(text) > 1 and text[0] in _ENTITY and text[1:].isascii() and text[1:].isdigit():
        entity = _ENTITY[text[0]]
        return Ref(entity, int(text[1:]) - (entity == CASTER))
    raise ValueError(f"{text!r:.20} names no Caster, Page or chain item")


def _refs_from_text(fields: list[Any], i: int) -> list[Any]:
    """``fields`` with the target slots at ``i`` read as Refs where they were saved as texts
    (before Refs); slots of Refs stay as they are."""
    slots = fields[i] if len(fields) > i else None
    if type(slots) is tuple and any(type(r) is str for slot in slots if type(slot) is tuple for r in slot):
        fields = list(fields)
        fields[i] = tuple(tuple(parse_ref(r) if type(r) is str else r for r in slot) if type(slot) is tuple else slot
                          for slot in slots)
    return fields


# ----------------------------------------------------------------- things on the table
@records("ind")
class Indicator(NamedTuple):
    """A Status Effect Indicator (MZ22-STATUS-16): its Counters, the turn it was placed and the
    Combat (id, 0 = none) it was inflicted in."""

    status: str
    counters: int = 0
    turn: int = 0
    combat: int = 0


@records("ps")
class PageState(NamedTuple):
    """A Page in the Arena. Current LP is computed (stats), never stored: printed + ``gain`` +
    bonuses - ``damage`` - ``loss`` (MZ22-LP-6, MZ22-LP-12)."""

    controller: int
    fatigued: bool = True
    damage: int = 0
    loss: int = 0
    gain: int = 0                     # permanent LP Gain (MZ22-LP-4)
    indicators: tuple[Indicator, ...] = ()
    entered: int = 0                  # turn number it entered
    contracted: bool = True           # Contracted vs put into play (MZ22-CONTRACT-13)
    types: tuple[str, ...] = ()       # current Aura Types when an Effect changed them, else () = base
    face_down: bool = False           # a face-down Trap: hidden from the other Casters (MZ22-TRAP-22/23)
    under: int = -1                   # the Page it lies beneath (a Trap under its host, MZ22-TRAP-8/9)
    marks: tuple[tuple[str, int], ...] = ()   # Trait indicators, not Status Effects (MZ22-TRAIT-2)


@records("item")
class ChainItem(NamedTuple):
    """One item of the resolution chain (MZ22-CHAIN): ``what`` is ``contract`` (a Page being
    Contracted), ``effect`` (a Power or "any time" Effect of ``source``) or ``copy`` (a copied
    Spell or Potion, MZ22-TOKEN-17). ``targets`` hold one tuple of entity names per target slot,
    fixed when the item was added (MZ22-CHAIN-3)."""

    uid: int
    what: str
    source: int
    seat: int
    effect: int
    targets: tuple[tuple[Ref, ...], ...] = ()
    types: tuple[str, ...] = ()        # the source's Aura Types when added (PR-MZ22-24)

    @classmethod
    def from_saved(cls, fields: list[Any]) -> list[Any]:
        """Fields of a chain item saved before Refs (targets as texts)."""
        return _refs_from_text(fields, 5)


@records("combat")
class Combat(NamedTuple):
    """The Combat in progress (MZ22-COMBAT). ``target`` is the Caster or Page attacked (None:
    not chosen yet); ``defenders`` are declared Defenders in order; ``primary`` the primary
    Defender (None: not yet); ``attack``/``counter`` the Attack indexes (-1 none)."""

    id: int
    seat: int
    attacker: int
    target: Ref | None = None
    attack: int = -1
    defenders: tuple[int, ...] = ()
    primary: Ref | None = None
    counter: int = -1
    stage: str = "declare"

    @classmethod
    def from_saved(cls, fields: list[Any]) -> list[Any]:
        """Fields of a Combat saved before Refs: target and primary as texts, "" for none."""
        out = list(fields)
        for i in (3, 6):
            if i < len(out) and type(out[i]) is str:
                out[i] = parse_ref(out[i]) if out[i] else None
        return out


# ----------------------------------------------------------------- an Action being taken
@records("act")
class Act(NamedTuple):
    """An Action on its way to the chain: what is Contracted or used, by whom, the targets
    chosen so far and the Aura still to pay (type, n) pairs."""

    what: str                          # contract | effect | copy | trigger
    source: int
    seat: int
    effect: int = -1
    targets: tuple[tuple[Ref, ...], ...] = ()
    owed: tuple[tuple[str, int], ...] = ()
    lp: int = 0                        # LP still to pay (MZ22-LP-8)
    window: str = ""                   # the window it answered ("" = Take Actions)

    @classmethod
    def from_saved(cls, fields: list[Any]) -> list[Any]:
        """Fields of an Action saved before Refs (targets as texts)."""
        return _refs_from_text(fields, 4)


@records("ctx")
class Ctx(NamedTuple):
    """What an Effect's ops resolve with: its controller, source Page (-1 none), where its ops
    are (``loc``: ``fx`` Effect index, ``atk`` Attack index, ``copy``), the legal targets and
    the source's Aura Types as last known (MZ22-KW-8)."""

    seat: int
    source: int
    loc: str
    fx: int                            # the Effect or Attack index
    targets: tuple[tuple[Ref, ...], ...] = ()
    types: tuple[str, ...] = ()
    defs: int = -1                     # for a copy: the Page whose printed text is used

    @classmethod
    def from_saved(cls, fields: list[Any]) -> list[Any]:
        """Fields of an Effect context saved before Refs (targets as texts)."""
        return _refs_from_text(fields, 4)


# ----------------------------------------------------------------- steps
@records("setup")
class Setup(NamedTuple):
    """Who flips, the call, then shuffles and opening Chapters (MZ22-SETUP)."""


@records("deal")
class Deal(NamedTuple):
    """Shuffle every Spellbook and Bookmark 7 (MZ22-SETUP-3), then Mulligans."""


@records("mull")
class Mull(NamedTuple):
    """``seat`` decides whether to Mulligan (MZ22-MULL-5)."""

    seat: int


@records("step")
class TurnStep(NamedTuple):
    """One step of the turn (MZ22-TURN): start_a .. end_c."""

    name: str


@records("main")
class Main(NamedTuple):
    """The active Caster holds priority in Take Actions (MZ22-PRIO-7)."""

    seat: int


@records("pick_target")
class PickTarget(NamedTuple):
    """Choose the targets of slot ``slot`` of an Action (MZ22-CONTRACT-2)."""

    act: Act
    slot: int


@records("pay")
class Pay(NamedTuple):
    """Pay what ``act`` still owes (MZ22-CONTRACT-4, MZ22-AURA-8)."""

    act: Act


@records("announce")
class Announce(NamedTuple):
    """Put a paid Action on the chain and pass priority (MZ22-CONTRACT-9, MZ22-ACTION-2)."""

    act: Act


@records("resolve_chain")
class ResolveChain(NamedTuple):
    """Resolve the top item, then the rest, one per step (MZ22-CHAIN-2/7)."""


@records("resolve_item")
class ResolveItem(NamedTuple):
    item: ChainItem


@records("enter")
class Enter(NamedTuple):
    """A Contracted Page arrives after its CONTRACT Effects (MZ22-CONTRACT-6)."""

    item: ChainItem


@records("finish")
class Finish(NamedTuple):
    """An item is done: it leaves the chain; a Spell or Potion goes to its owner's Cemetery
    (MZ22-PAGE-6/8), a copy stops existing (MZ22-TOKEN-17)."""

    uid: int


@records("branch")
class Branch(NamedTuple):
    """Where a nested op list hangs off its op: one of its lists (``do``, ``heads``, ``tails``,
    ``then``, ``orelse``), or the ``k``-th of its ``branches`` (a roll's) or ``options`` (a
    choice's)."""

    field: str
    k: int = -1


BRANCH_FIELDS = frozenset({"do", "heads", "tails", "then", "orelse", "branches", "options"})


def _branch_from_text(x: Any) -> Any:
    """A path step saved before Branches: ``do``/``heads``/…, ``b3`` (a roll's branch 3) or ``o1``."""
    if type(x) is not str:
        return x
    if x in BRANCH_FIELDS:
        return Branch(x)
    if len(x) > 1 and x[0] in "bo" and x[1:].isascii() and x[1:].isdigit():
        return Branch("branches" if x[0] == "b" else "options", int(x[1:]))
    raise ValueError(f"{x!r:.20} is no place in an Effect")


@records("run")
class Run(NamedTuple):
    """Run the ops of ``ctx`` at ``path`` from op ``at``: ``path`` alternates an op's index and
    the Branch of it that holds the nested list, outermost first."""

    ctx: Ctx
    path: tuple[int | Branch, ...] = ()
    at: int = 0
    x: int = 0                         # a number carried between ops (roll result, …)

    @classmethod
    def from_saved(cls, fields: list[Any]) -> list[Any]:
        """Fields of a Run saved before Branches (path steps as texts)."""
        if len(fields) > 1 and type(fields[1]) is tuple:
            return [fields[0], tuple(_branch_from_text(x) for x in fields[1]), *fields[2:]]
        return fields


@records("cstep")
class CombatStep(NamedTuple):
    """The next part of the Combat in progress (MZ22-COMBAT-39 and steps 2-5)."""

    name: str
    side: int = 0                      # for attack resolution: 0 attacker, 1 primary Defender


@records("trig")
class Trigger(NamedTuple):
    """A keyword or turn Effect waiting to resolve (MZ22-KW-8): its controller, source Page,
    Effect index and the source's Aura Types (last known information)."""

    seat: int
    source: int
    effect: int
    types: tuple[str, ...] = ()
    rule: str = ""                     # a rule-made event ("poison", …) instead of an Effect


# ----------------------------------------------------------------- decision parameters
@records("seat")
class Seat(NamedTuple):
    seat: int


@records("ask")
class Ask(NamedTuple):
    """A choice inside an Effect (``may``, ``choose``, ``search``, ``any`` Aura …)."""

    run: Run
    what: str
    n: int = 0
    seat: int = -1                     # who decides (-1: the Effect's controller)


@records("asking")
class Asking(NamedTuple):
    """A step that asks ``ask`` (several choices in a row, e.g. one discard per Caster)."""

    ask: Ask


@records("alloc")
class Alloc(NamedTuple):
    """Attack Damage still to divide (MZ22-COMBAT-33..35): ``given`` so far per Defender."""

    total: int
    given: tuple[tuple[int, int], ...] = ()


@records("restack")
class Restack(NamedTuple):
    """An Index's turned Pages being put back on top of ``owner``'s Spellbook by ``seat`` (-1:
    not chosen yet): ``left`` still to place, ``placed`` top first (MZ22-GLOSS-8/14)."""

    run: Run
    owner: int
    seat: int
    left: tuple[int, ...]
    placed: tuple[int, ...] = ()
# ----------------------------------------------------------------- Traits (traits.py)
@records("trait_step")
class TraitStep(NamedTuple):
    """A Trait asking its controller: ``burrow`` at step 1a (MZ22-TRAIT-BURROW-1/8), ``fear`` /
    ``flash`` while its Contract resolves (MZ22-TRAIT-FEAR-1, MZ22-TRAIT-FLASH-1)."""

    name: str
    page: int
    seat: int
# ----------------------------------------------------------------- part 2: Traps (traps.py)
@records("trap_step")
class TrapStep(NamedTuple):
    """A face-down Trap being flipped (``stage`` "flip"), asked to be paid for ("pay"), or a
    paid Spell/Potion Trap going to the Cemetery after resolving ("done"). ``attacked``: an
    Attack flipped it, so a Beastie/Artifact Trap becomes a Defender (MZ22-COMBAT-6..8)."""

    page: int
    stage: str = "flip"
    attacked: bool = False


@records("trap_place")
class TrapPlace(NamedTuple):
    """The choice of a Chapter Page to place face-down: ``host`` the Beastie or Artifact it goes
    under, -1 on its own in the Arena (MZ22-TRAP-7/8). Chosen before the Page, so a Trap and a
    bluff take the same steps (PR-MZ22-54)."""

    seat: int
    host: int = -1
