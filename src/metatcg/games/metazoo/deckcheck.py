"""MetaZoo (four-lane) deck construction: MZL-DECK-1..15, MZL-ERRATA-ZERO-1,
MZL-ERRATA-ALLYTERRA, MZL-ERRATA-DECK.

A deck list has sections::

    [caster]
    1 Ilsa, Ember Warden
    [starter]
    1 Cinder Flats
    1 Mossback Hollow
    [aura]
    10 Fire Aura
    [main]
    3 Cinder Fox
    ...

The allied supply (10 allied Aura, MZL-DECK-15) is not listed: it comes with the Caster.
"""
from __future__ import annotations

from ...engine.decks import Deck, split_entry, unknown_card_message
from .cards import CardDef, CardPool

SECTIONS = ("caster", "starter", "aura", "main")
MAIN_MIN = 50
AURA_DECK = 10
MAX_COPIES = 3


def check_deck(pool: CardPool, deck: Deck) -> list[str]:
    """Every rule ``deck`` breaks (MZL-DECK); the answer is kept with the pool for the decks
    checked last, since every new game checks its decks again."""
    known = pool.checked_decks
    problems = known.get(deck)
    if problems is None:
        if len(known) >= 64:
            known.clear()
        problems = known[deck] = _problems(pool, deck)
    return list(problems)


def _problems(pool: CardPool, deck: Deck) -> list[str]:
    problems: list[str] = []
    known = pool.names()
    secs: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for entry in deck.cards:
        sec, name = split_entry(entry)
        if sec not in secs:
            problems.append(f"unknown deck section [{sec}]; sections are "
                            + ", ".join(f"[{s}]" for s in SECTIONS))
            secs[sec] = []
        secs[sec].append(name)
    unknown = []
    for sec, names in secs.items():
        for nm in dict.fromkeys(names):
            if nm not in pool and nm not in unknown:
                unknown.append(nm)
                problems.append(f"[{sec}]: " + unknown_card_message(nm, known))

    def cards(sec: str) -> list[CardDef]:
        return [pool[n] for n in secs.get(sec, []) if n in pool]

    # ---- Caster (MZL-DECK-1/2/3)
    casters = secs["caster"]
    if len(casters) != 1:
        problems.append(f"a deck has exactly 1 Caster in [caster]; this one has {len(casters)} (MZL-DECK-1)")
    caster = next((c for c in cards("caster")), None)
    if caster is not None and caster.type != "caster":
        problems.append(f"[caster]: {caster.name!r} is a {caster.type}, not a Caster (MZL-DECK-1)")
        caster = None
    prim = caster.aura if caster else None
    ally = caster.allied if caster else None
    ok_types = {t for t in (prim, ally) if t}

    # ---- main deck (MZL-DECK-4..8, MZL-ERRATA-DECK-1, MZL-ERRATA-ZERO-1)
    main = secs["main"]
    if len(main) < MAIN_MIN:
        problems.append(f"the main deck needs at least {MAIN_MIN} cards; this one has {len(main)} "
                        "(MZL-DECK-1, MZL-ERRATA-DECK-1)")
    counts: dict[str, int] = {}
    for n in main:
        counts[n] = counts.get(n, 0) + 1
    uses_allied = False
    for n, k in counts.items():
        if n not in pool:
            continue
        c = pool[n]
        if c.type in ("caster", "aura"):
            problems.append(f"{n!r} is {'a Caster' if c.type == 'caster' else 'an Aura'}: Casters and Aura are "
                            "never in the main deck (MZL-DECK-5)")
            continue
        if c.type == "token":
            problems.append(f"{n!r} is a token: tokens are never in a deck (MZL-TOKEN-1, MZL-TOKEN-3)")
            continue
        if k > MAX_COPIES:
            problems.append(f"{k} copies of {n!r}; at most {MAX_COPIES} of a card in the main deck "
                            "(MZL-DECK-6, MZL-DECK-7)")
        if caster is not None and c.aura not in ok_types:
            rule = "MZL-ERRATA-ZERO-1" if c.cost == 0 else "MZL-DECK-4"
            allowed = " or ".join(t.capitalize() for t in (prim, ally) if t)
            problems.append(f"{n!r} is a {str(c.aura).capitalize()} card; this Caster allows {allowed} ({rule})")
        if ally is not None and c.aura == ally and c.aura != prim:
            uses_allied = True

    # ---- Starter Terras (MZL-DECK-9..12, MZL-ERRATA-ALLYTERRA)
    starters = secs["starter"]
    if len(starters) != 2:
        problems.append(f"a deck has exactly 2 Starter Terras in [starter]; this one has {len(starters)} (MZL-DECK-1)")
    st_cards = cards("starter")
    for c in st_cards:
        if c.type != "terra" or not c.starter:
            problems.append(f"[starter]: {c.name!r} is not a 'Terra (Starter)' (MZL-DECK-10)")
        elif caster is not None and c.aura not in ok_types:
            problems.append(f"[starter]: {c.name!r} is {str(c.aura).capitalize()}; a Starter Terra must be of the "
                            "primary or allied type (MZL-DECK-12, MZL-ERRATA-ALLYTERRA-2)")
    if caster is not None and len(st_cards) == 2 and all(c.type == "terra" for c in st_cards):
        kinds = sorted("primary" if c.aura == prim else "allied" for c in st_cards if c.aura in ok_types)
        if kinds == ["allied", "allied"]:
            problems.append("both Starter Terras are allied: at least one must be of the primary type (MZL-DECK-12)")
        if uses_allied and kinds != ["allied", "primary"]:
            problems.append("the main deck has allied cards, so the Starter Terras must be 1 primary and 1 allied "
                            "(MZL-DECK-11)")
    for c in st_cards:
        if c.name in counts:
            problems.append(f"{c.name!r} is one of your Starter Terras, so it may not also be in the main deck "
                            "(MZL-DECK-9)")

    # ---- Aura deck (MZL-DECK-13, MZL-AURA-4)
    auras = secs["aura"]
    if len(auras) != AURA_DECK:
        problems.append(f"the Aura deck has exactly {AURA_DECK} Aura in [aura]; this one has {len(auras)} "
                        "(MZL-DECK-1, MZL-DECK-13)")
    for n in dict.fromkeys(auras):
        if n not in pool:
            continue
        c = pool[n]
        if c.type != "aura":
            problems.append(f"[aura]: {n!r} is not an Aura card (MZL-DECK-13)")
        elif prim is not None and c.aura != prim:
            problems.append(f"[aura]: {n!r} is {str(c.aura).capitalize()}; the Aura deck holds only the primary type "
                            f"{prim.capitalize()} (MZL-DECK-13, MZL-AURA-4)")
    if ally is not None and pool.aura_card(ally) is None:
        problems.append(f"the card pool has no {ally.capitalize()} Aura card for the allied supply (MZL-DECK-14)")
    return problems
