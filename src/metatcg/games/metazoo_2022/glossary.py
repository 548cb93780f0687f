"""MetaZoo 2022 rules help: the topics ``metatcg rules metazoo-2022`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metazoo-2022.md) and the
rulebook in ``glossary.toml`` beside this module; each topic cites the MZ22 rule IDs it restates
in ``rules`` and never in its text. The numbers come from named constants: the vocabularies of
``schema`` and, for the rest (the rules modules are written alongside this one), the constants
below, each with the rule it comes from. The Aura Type list and the wheel table are built here
from those constants and passed in as phrases.

Topic ids a presentation may link to: the view's step names (``setup``, ``mulligan``,
``start_a`` … ``end_c``) are aliases of the phase topics; the statuses are topics named as in
``schema.STATUSES``; the keyword topics are ``contract-effects``, ``flipped-effects``,
``arena-effects``, ``destroyed-effects``, ``turn-effects``, ``any-time``, ``power``,
``tribal-boost``, ``aura-attack-advantage`` and ``terra-bonus``. Lookups ignore case, hyphens and
underscores, so the schema's ``when`` values ``start_of_turn``/``end_of_turn`` and ``contract``/
``arena`` name the phase, action and zone topics: a presentation maps them to the keyword ids
above, as Metabaloids' ``KEYWORD_IDS`` does.
"""
from __future__ import annotations

from ...ui.glossary import Topic, load_topics
from .schema import AURA_TYPES

# Numbers the rules modules will own; restated here until they can be imported.
START_LP = 1000             # MZ22-SETUP-1, MZ22-WIN-1
OPENING_PAGES = 7           # MZ22-SETUP-3
TERRA_SLOTS = 6             # MZ22-TSLOT-2
ADVANTAGE_BONUS = 20        # MZ22-TYPEADV-3
AAA_BONUS = 20              # MZ22-AAA-1
TRIBAL_BONUS = 10           # MZ22-TRIBAL-2, MZ22-TRIBAL-3
ALLOCATION_STEP = 5         # MZ22-COMBAT-33, MZ22-COMBAT-34
BURN_LOSS = 20              # MZ22-BURN-5, MZ22-BURN-6
POISON_LOSS = 10            # MZ22-POISON-4
MAX_POISON = 3              # MZ22-POISON-2
DIE_SIDES = 6               # MZ22-DIE-1
MIN_SPELLBOOK = 40          # MZ22-BOOK-1 (deckcheck.MIN_SPELLBOOK)
MAX_ARCHIVE = 15            # MZ22-ARCH-1 (deckcheck.MAX_ARCHIVE)
ACTION_LIMIT = 6000         # PR-MZ22-14
# The placeholder Aura Wheel (MZ22-TYPEADV-6; aura.py ships the same table, PR-MZ22-15).
WHEEL: dict[str, str] = {
    "water": "flame", "flame": "frost", "frost": "forest", "forest": "earth", "earth": "lightning",
    "lightning": "water", "light": "dark", "dark": "spirit", "spirit": "cosmic", "cosmic": "light"}

_TYPE_NAMES = ", ".join(t.capitalize() for t in AURA_TYPES)
_WHEEL_LINES = "\n".join(f"{a.capitalize()} is strong against {b.capitalize()}" for a, b in WHEEL.items())

TOPICS: tuple[Topic, ...] = load_topics(__name__, {
    "START_LP": START_LP, "OPENING_PAGES": OPENING_PAGES, "OPENING_PAGES_MINUS_1": OPENING_PAGES - 1,
    "OPENING_PAGES_MINUS_2": OPENING_PAGES - 2, "TERRA_SLOTS": TERRA_SLOTS, "ADVANTAGE_BONUS": ADVANTAGE_BONUS,
    "AAA_BONUS": AAA_BONUS, "ADVANTAGE_BONUS_PLUS_AAA_BONUS": ADVANTAGE_BONUS + AAA_BONUS,
    "TRIBAL_BONUS": TRIBAL_BONUS, "ALLOCATION_STEP": ALLOCATION_STEP, "BURN_LOSS": BURN_LOSS,
    "POISON_LOSS": POISON_LOSS, "MAX_POISON": MAX_POISON, "DIE_SIDES": DIE_SIDES, "MIN_SPELLBOOK": MIN_SPELLBOOK,
    "MAX_ARCHIVE": MAX_ARCHIVE, "ACTION_LIMIT": ACTION_LIMIT, "TYPE_NAMES": _TYPE_NAMES, "WHEEL_LINES": _WHEEL_LINES})

# The topic of each Trait named in card data (``schema.Trait``), for presentations.
TRAIT_TOPICS: dict[str, str] = {t: t.replace("_", "-") for t in (
    "blood_sucker", "burrow", "convert", "destroyer", "fear", "first_strike", "flash", "fleet", "flight",
    "immortal", "infectious", "invisible", "magiproof", "regen", "self_destruct", "stone_skin", "unblockable",
    "venomous")} | {"defender": "defender-trait", "equipment": "equipment-trait", "spirit": "spirit-trait",
                    "trap": "trap-trait"}
