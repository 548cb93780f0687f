"""MetaZoo 2022 Spellbook construction (MZ22-BOOK, MZ22-ARCH, MZ22-LAYOUT-1/2): every problem
of a deck as a readable line that ends with the rule it breaks.

A deck list's plain lines are the Spellbook; an optional ``[archive]`` section is the Archive
(MZ22-ARCH-1/2). Spellbook Limits count the Spellbook and the Archive together (MZ22-BOOK-5,
MZ22-LAYOUT-1) per mechanical-identity key (MZ22-BOOK-7/9), so reprints with another name
share one limit while Pages that differ mechanically each count against their own (MZ22-LAYOUT-2).
Basic Aura Pages and Pages that print no limit are unlimited (MZ22-PAGE-2, MZ22-BOOK-6).
"""
from __future__ import annotations

from ...engine.decks import Deck, split_entry, unknown_card_message
from .cards import PageDef, PagePool

MIN_SPELLBOOK = 40      # MZ22-BOOK-1
MAX_SPELLBOOK = 200     # MZ22-BOOK-8: a technical cap, no gameplay maximum (placeholder)
MAX_ARCHIVE = 15        # MZ22-ARCH-1
ARCHIVE = "archive"
SECTIONS = ("main", ARCHIVE)


def spellbook(deck: Deck) -> tuple[str, ...]:
    """The Spellbook: the deck list's plain lines."""
    return deck.section("main")


def archive(deck: Deck) -> tuple[str, ...]:
    """The Archive (side-deck): the ``[archive]`` section, empty if none (MZ22-ARCH-2)."""
    return deck.section(ARCHIVE)


def token_names(pool: PagePool) -> set[str]:
    """Names of the Tokens that the pool's Pages create (they are never deck Pages)."""
    out: set[str] = set()

    def walk(ops: object) -> None:
        for o in ops or ():  # type: ignore[attr-defined]
            if getattr(o, "op", None) == "create_token":
                out.add(o.page.name)
            for f in ("do", "heads", "tails", "then", "orelse"):
                walk(getattr(o, f, None))
            for b in getattr(o, "branches", None) or ():
                walk(b.do)
            for opt in getattr(o, "options", None) or ():
                walk(opt)

    for d in pool.by_name.values():
        for e in d.effects:
            walk(e.do)
        for a in d.attacks:
            walk(a.do)
    return out


def _unlimited(d: PageDef) -> bool:
    return d.limit is None or (d.type == "aura" and not d.special)      # MZ22-PAGE-2, BOOK-6


def check_deck(pool: PagePool, deck: Deck) -> list[str]:
    problems: list[str] = []
    known = pool.names()
    tokens = token_names(pool)
    for sec in dict.fromkeys(split_entry(e)[0] for e in deck.cards):
        if sec not in SECTIONS:
            problems.append(f"unknown section [{sec}]: a deck list has the Spellbook (plain lines) "
                            f"and an optional [archive] (MZ22-ARCH-1)")
    seen: set[str] = set()
    for entry in deck.cards:
        nm = split_entry(entry)[1]
        if nm in seen or nm in pool:
            continue
        seen.add(nm)
        if nm in tokens:
            problems.append(f"{nm!r} is a Token; a Token can never be put into a Spellbook or "
                            f"an Archive (MZ22-BOOK-9)")
        else:
            problems.append(unknown_card_message(nm, known))
    book, arch = spellbook(deck), archive(deck)
    if len(book) < MIN_SPELLBOOK:
        problems.append(f"a Spellbook needs at least {MIN_SPELLBOOK} Pages; this one has "
                        f"{len(book)} (MZ22-BOOK-1)")
    if len(book) > MAX_SPELLBOOK:
        problems.append(f"a Spellbook holds at most {MAX_SPELLBOOK} Pages (technical cap); this "
                        f"one has {len(book)} (MZ22-BOOK-8)")
    if len(arch) > MAX_ARCHIVE:
        problems.append(f"an Archive holds at most {MAX_ARCHIVE} Pages; this one has "
                        f"{len(arch)} (MZ22-ARCH-1)")
    # Spellbook Limits per identity key over the Spellbook and the Archive together.
    counts: dict[str, int] = {}
    names: dict[str, list[str]] = {}
    limit: dict[str, int] = {}
    for nm in book + arch:
        d = pool.by_name.get(nm)
        if d is None or _unlimited(d):
            continue
        key = d.identity
        counts[key] = counts.get(key, 0) + 1
        if nm not in names.setdefault(key, []):
            names[key].append(nm)
        limit[key] = min(limit.get(key, d.limit or 0), d.limit or 0)
    for key, k in counts.items():
        if k > limit[key]:
            shown = " and ".join(repr(n) for n in names[key])
            where = " (Spellbook and Archive together)" if arch else ""
            if len(names[key]) > 1:     # reprints: one identity, one limit
                problems.append(f"{k} copies of {shown}{where}: one Page (identity {key!r}) "
                                f"with one Spellbook Limit of {limit[key]} (MZ22-BOOK-7)")
            else:
                problems.append(f"{k} copies of {shown}{where}; its Spellbook Limit is "
                                f"{limit[key]} (MZ22-BOOK-5)")
    return problems


# ------------------------------------------------------------------ a match: Archive swaps
def swap_archive(deck: Deck, out_names: list[str] | tuple[str, ...],
                 in_names: list[str] | tuple[str, ...], games_played: int = 1) -> Deck:
    """The deck for the next game of a match: each Page of ``out_names`` leaves the Spellbook
    for the Archive and each Page of ``in_names`` comes from the Archive into the Spellbook,
    one for one, so both keep their sizes (MZ22-ARCH-5, MZ22-ARCH-7); the counts over both
    together do not change, so the Spellbook Limits still hold (MZ22-BOOK-5). The registered
    deck is not changed: the game after next starts again from it (MZ22-ARCH-6). ValueError if
    the lists differ in length or name a Page that is not there (as many times as named), or
    before the match's first game was played (``games_played``, MZ22-ARCH-4)."""
    outs, ins = list(out_names), list(in_names)
    if games_played < 1 and (outs or ins):
        raise ValueError("the Archive can be used only after the first game of a match (MZ22-ARCH-4)")
    if len(outs) != len(ins):
        raise ValueError(f"swaps are one for one: {len(outs)} Page(s) out of the Spellbook but "
                         f"{len(ins)} in from the Archive (MZ22-ARCH-5)")
    book, arch = list(spellbook(deck)), list(archive(deck))
    for nm in outs:
        if nm not in book:
            raise ValueError(f"{nm!r} is not in the Spellbook (or not that many times) to swap out")
        book.remove(nm)
    for nm in ins:
        if nm not in arch:
            raise ValueError(f"{nm!r} is not in the Archive (or not that many times) to swap in")
        arch.remove(nm)
    book += ins
    arch += outs
    return Deck(deck.name, tuple(book) + tuple(f"[{ARCHIVE}] {nm}" for nm in arch), deck.description)
