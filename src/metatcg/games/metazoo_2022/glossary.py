"""MetaZoo 2022 rules help: the topics ``metatcg rules metazoo-2022`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metazoo-2022.md) and the
rulebook; each topic cites the MZ22 rule IDs it restates in ``rules`` and never in its text. The
numbers come from named constants: the vocabularies of ``schema`` and, for the rest (the rules
modules are written alongside this one), the constants below, each with the rule it comes from.

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

from ...ui.glossary import Topic
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

_OVERVIEW = Topic(
    "overview", "MetaZoo 2022 at a glance", "overview",
    f"Two to four Casters (the players) each bring a Spellbook (a deck of at least {MIN_SPELLBOOK} "
    f"Pages). Pages you Bookmark go into your Chapter (your hand); you Contract them into the Arena, "
    f"the shared play area, paying with Aura made by Fatiguing your Aura Pages. Everyone starts at "
    f"{START_LP} LP.\n\n"
    "Beasties fight in Combat, Spells and Potions do something once, Artifacts stay and help, Terra "
    "Pages switch on Terra Bonuses. Bring every opposing Caster down to 0 LP before they do the same "
    "to you. If every Spellbook runs empty first, the game is a draw.\n\n"
    "A turn: start-of-turn steps (Effects, a priority window, Bookmark, Awaken, old Aura dissolves), "
    "then Take Actions as long as you like, then end-of-turn steps.",
    see_also=("turn", "winning", "aura", "contract", "combat", "running-out"),
    rules=("MZ22-TERM-1", "MZ22-TERM-2", "MZ22-TERM-3", "MZ22-TERM-4", "MZ22-SETUP-1", "MZ22-WIN-1",
           "MZ22-DECKOUT-3", "MZ22-BOOK-1", "MZ22-PAGE-1"),
    aliases=("basics", "how to play", "caster", "casters", "page", "pages"))

_TURN = (
    Topic("turn", "A turn", "turn",
          "1. Start of turn, in this order: (a) start-of-turn Effects and rule upkeep (status Counters "
          "tick down, old Poison comes off); (b) a priority window, active Caster first; (c) Bookmark "
          "one Page; (d) Awaken your Fatigued Pages; (e) Aura not made by a start-of-turn Effect "
          "dissolves.\n\n"
          "2. Take Actions, in any order and as often as allowed: Contract one Aura Page per turn, "
          "Contract Terra, Beasties, Artifacts, Spells and Potions, use Powers, declare Attacks.\n\n"
          "3. End of turn, in this order: (a) a priority window, active Caster first; (b) end-of-turn "
          "Effects and rule upkeep (Poison loss, Paralyze wearing off); (c) all unspent Aura dissolves; "
          "(d) the next Caster clockwise takes a turn.\n\n"
          "The first Caster gets no exception: they Bookmark and may attack on turn 1.",
          see_also=("start-of-turn", "take-actions", "end-of-turn", "priority"),
          rules=("MZ22-TURN-1", "MZ22-TURN-2", "MZ22-TURN-3", "MZ22-TURN-4", "MZ22-TURN-5",
                 "MZ22-TURN-14", "MZ22-TURN-15", "MZ22-TURN-16", "MZ22-TURN-17", "MZ22-TURN-18",
                 "MZ22-TURN-19", "MZ22-TURN-25", "MZ22-SETUP-9"),
          aliases=("turns", "turn steps", "turn order")),
)

_PHASES = (
    Topic("setup", "Set-up and who goes first", "phase",
          f"Every Caster starts at {START_LP} LP, shuffles their Spellbook and Bookmarks the top "
          f"{OPENING_PAGES} Pages. To pick the first Caster one player is chosen at random to flip; the "
          "other calls heads or tails (a die roll: even is heads). Whoever wins the call chooses to go "
          "first or not; a wrong call hands that choice to the flipper. With three or four Casters a "
          "random seat makes the choice instead of a call.\n\n"
          "Then everyone may Mulligan, and the first Caster starts turn 1.",
          see_also=("mulligan", "turn", "dice"),
          rules=("MZ22-SETUP-1", "MZ22-SETUP-2", "MZ22-SETUP-3", "MZ22-SETUP-4", "MZ22-SETUP-5",
                 "MZ22-SETUP-7", "MZ22-SETUP-8"),
          aliases=("set up", "first player", "going first", "call", "go first")),
    Topic("mulligan", "Mulligan", "phase",
          f"Unhappy with your opening Pages? Put your whole Chapter back, shuffle, and Bookmark one Page "
          f"fewer than last time ({OPENING_PAGES}, then {OPENING_PAGES - 1}, then "
          f"{OPENING_PAGES - 2}…). You may repeat this as often as you like while you still have Pages "
          "to give up. Casters decide in turn order, starting with the first Caster, each finishing "
          "before the next; how many Mulligans each took is public. Once turn 1 starts, no more "
          "Mulligans.",
          see_also=("setup",),
          rules=("MZ22-MULL-1", "MZ22-MULL-2", "MZ22-MULL-3", "MZ22-MULL-4", "MZ22-MULL-5", "MZ22-MULL-6"),
          aliases=("mulligans",)),
    Topic("start-of-turn", "Start of turn", "phase",
          "Five steps, always in this order. (a) Effects that happen at the start of your turn, together "
          "with rule upkeep: one Counter comes off each Frozen and Burn Indicator, old Poison "
          "Indicators come off. (b) A priority window: the active Caster may act with \"any time\" Pages "
          "and Effects, then each other Caster in turn. (c) Bookmark the top Page of your Spellbook "
          "(nothing happens if it is empty). (d) Awaken every Fatigued Page you control, except Frozen "
          "or Sleeping ones. (e) Aura left over dissolves, unless a start-of-turn Effect made it.",
          see_also=("turn", "priority", "aura", "turn-effects"),
          rules=("MZ22-TURN-1", "MZ22-TURN-2", "MZ22-TURN-3", "MZ22-TURN-4", "MZ22-TURN-5",
                 "MZ22-TURN-18", "MZ22-TURN-21", "MZ22-PRIO-3", "MZ22-DECKOUT-2"),
          aliases=("start_a", "start_b", "bookmark", "awaken", "dissolve", "bookmarking", "awakening",
                   "start of turn", "step 1")),
    Topic("take-actions", "Take Actions", "phase",
          "The heart of your turn. With an empty chain and no Combat going on, you may, in any order: "
          "Contract one Aura Page (once a turn); Contract Terra Pages (as many as you like); pay Aura "
          "to Contract Beasties, Artifacts, Spells and Potions; use Powers of your Awakened Pages; and "
          "declare Attacks with your Awakened Beasties. Each of these is an Action, so the other "
          "Casters may respond before it resolves. The step ends when you choose to end it.\n\n"
          "Only the active Caster acts here; the others act only when they get priority.",
          see_also=("contract", "power", "combat", "priority", "aura"),
          rules=("MZ22-TURN-6", "MZ22-TURN-7", "MZ22-TURN-8", "MZ22-TURN-11", "MZ22-TURN-12",
                 "MZ22-TURN-13", "MZ22-TURN-23", "MZ22-PRIO-7"),
          aliases=("actions", "main", "main phase", "take actions", "step 2")),
    Topic("end-of-turn", "End of turn", "phase",
          "Four steps, in order. (a) A priority window, active Caster first, then the others. (b) Effects "
          "that happen at the end of your turn, together with rule upkeep: Poison costs LP, Paralyze "
          "may wear off. (c) Every Caster's unspent Aura dissolves. (d) The turn passes to the next "
          "Caster clockwise.",
          see_also=("turn", "priority", "turn-effects", "simultaneous"),
          rules=("MZ22-TURN-14", "MZ22-TURN-15", "MZ22-TURN-16", "MZ22-TURN-17", "MZ22-TURN-19",
                 "MZ22-TURN-21", "MZ22-TURN-25", "MZ22-PRIO-4"),
          aliases=("end_a", "end_b", "end_c", "end_p", "end of turn", "step 3", "end turn")),
)

_ACTIONS = (
    Topic("contract", "Contracting a Page", "action",
          "Contracting is how a Page comes out of your Chapter. Three steps: (1) pick the Page and show "
          "it; a Spell or Potion that targets picks its targets now, and it may only be Contracted while "
          "a legal target exists. (2) Pay its Aura Cost with Aura you generate before the Contract "
          "completes. (3) The Page goes on the chain and the others may respond; when it resolves, a "
          "Beastie or Artifact carries out its CONTRACT Effects and then enters the Arena Fatigued, a "
          "Spell or Potion does what it says and goes to the Cemetery.\n\n"
          "Aura and Terra Pages enter Awakened. Without \"any time\" a Page is Contracted only in your "
          "own Take Actions step with an empty chain and no Combat; an \"any time\" Page may be "
          "Contracted whenever you hold priority. A Page put into the Arena by an Effect was not "
          "Contracted and gets no CONTRACT Effects.",
          see_also=("aura", "chain", "priority", "any-time", "contract-effects", "targeting"),
          rules=("MZ22-CONTRACT-1", "MZ22-CONTRACT-2", "MZ22-CONTRACT-3", "MZ22-CONTRACT-4",
                 "MZ22-CONTRACT-5", "MZ22-CONTRACT-6", "MZ22-CONTRACT-9", "MZ22-CONTRACT-10",
                 "MZ22-CONTRACT-11", "MZ22-CONTRACT-13", "MZ22-ZONE-6", "MZ22-PAGE-6", "MZ22-PAGE-8"),
          aliases=("contracting", "contracted", "play a page", "cast")),
    Topic("combat", "Combat", "action",
          "In your Take Actions step, Fatigue an Awakened Beastie you control that is not Paralyzed to "
          "attack with it. Five steps:\n\n"
          "1. Declare: pick one of its Attacks and a target: an opposing Caster, Beastie or Artifact. "
          "Burn costs LP now, and a Sleeping target wakes. Window 1: the Caster who is (or whose Page "
          "is) the target may act first.\n\n"
          "2. Defenders: that Caster may Fatigue Awakened Beasties to defend, then names the primary "
          "Defender. Window 2: the attacking Caster may act first.\n\n"
          "3. Who attacks first: the attacker, unless only the primary Defender has First-Strike; if "
          "both have it, a coin decides.\n\n"
          "4. The first Attack resolves; if the attacker or every Page it fought is gone, Combat stops; "
          "otherwise the second Attack resolves.\n\n"
          "5. Combat ends. Nothing is Awakened by it.\n\n"
          "In each window, if the named Caster passes at once the window closes; if they act, the usual "
          "back-and-forth follows until someone passes.",
          see_also=("defenders", "attack-resolution", "priority", "type-advantage", "burn", "sleep"),
          rules=("MZ22-COMBAT-1", "MZ22-COMBAT-2", "MZ22-COMBAT-3", "MZ22-COMBAT-4", "MZ22-COMBAT-5",
                 "MZ22-COMBAT-9", "MZ22-COMBAT-17", "MZ22-COMBAT-18", "MZ22-COMBAT-19", "MZ22-COMBAT-20",
                 "MZ22-COMBAT-21", "MZ22-COMBAT-22", "MZ22-COMBAT-23", "MZ22-COMBAT-24", "MZ22-COMBAT-25",
                 "MZ22-COMBAT-37", "MZ22-COMBAT-38", "MZ22-COMBAT-39", "MZ22-COMBAT-40", "MZ22-COMBAT-53",
                 "MZ22-PRIO-6"),
          aliases=("attack", "attacks", "attacking", "declare an attack", "fight", "window 1", "window 2",
                   "who attacks first")),
    Topic("defenders", "Defenders and the primary Defender", "action",
          "When you are attacked (or your Page is), you may declare any number of Defenders: Awakened, "
          "non-Paralyzed Beasties you control, each Fatigued to defend. The Page that was attacked cannot "
          "be one of them, and Artifacts and Casters never defend this way.\n\n"
          "Then choose one Defender as primary Defender and, if it has Attacks, one of them: it must "
          "strike back. Only the primary Defender attacks back, only at the attacking Beastie, and only "
          "it receives the attacker's status icons.\n\n"
          "Declare nobody and the attacked Page or Caster is itself the primary Defender, without being "
          "Fatigued; a Beastie target then uses one of its Attacks. An Artifact or a Caster only ever "
          "receives the Damage.",
          see_also=("combat", "attack-resolution"),
          rules=("MZ22-COMBAT-10", "MZ22-COMBAT-11", "MZ22-COMBAT-12", "MZ22-COMBAT-13",
                 "MZ22-COMBAT-14", "MZ22-COMBAT-15", "MZ22-COMBAT-16", "MZ22-COMBAT-43",
                 "MZ22-COMBAT-44", "MZ22-COMBAT-45", "MZ22-COMBAT-46", "MZ22-STATUS-8",
                 "MZ22-PARALYZE-6"),
          aliases=("defender", "defending", "block", "blocking", "primary defender", "primary")),
    Topic("attack-resolution", "Resolving an Attack and allocating Damage", "action",
          "Each Attack resolves in this order: its Effect text and status icons take effect; its Damage "
          "gets Type Advantage and Aura Attack Advantage; then Terra Bonuses; then other Effects "
          "(Tribal Boost and the like); the total is dealt; DESTROYED Effects follow. The total is "
          "worked out once, against the primary Defender.\n\n"
          f"With several Defenders the attacker splits the Damage among them in steps of "
          f"{ALLOCATION_STEP}, at least {ALLOCATION_STEP} each when there is enough. Once every Defender "
          "has been given at least its current LP, whatever is left may go to the original target, at "
          "the same total. A Page may be given more Damage than it has LP; it just stops at 0 and is "
          "Destroyed.\n\n"
          "The primary Defender's Attack simply hits the attacking Beastie.",
          see_also=("combat", "defenders", "type-advantage", "aura-attack-advantage", "terra-bonus",
                    "tribal-boost", "destroy"),
          rules=("MZ22-COMBAT-26", "MZ22-COMBAT-27", "MZ22-COMBAT-28", "MZ22-COMBAT-29",
                 "MZ22-COMBAT-30", "MZ22-COMBAT-31", "MZ22-COMBAT-32", "MZ22-COMBAT-33",
                 "MZ22-COMBAT-34", "MZ22-COMBAT-35", "MZ22-COMBAT-36", "MZ22-COMBAT-47",
                 "MZ22-COMBAT-48", "MZ22-COMBAT-49", "MZ22-COMBAT-50", "MZ22-TYPEADV-10"),
          aliases=("allocation", "allocate", "damage allocation", "excess damage", "resolving an attack")),
)

_KEYWORDS = (
    Topic("keywords", "Keywords and last known information", "keyword",
          "Four capitalised words on a Page say when its Effect happens: CONTRACT (as it is Contracted), "
          "FLIPPED (as a Trap is turned face up and paid for), ARENA (all the time it is face up in the "
          "Arena) and DESTROYED (when it is Destroyed).\n\n"
          "Effects triggered this way do not go on the chain and nobody can respond to them: they happen "
          "as soon as what triggered them is over. A Page that has just left the Arena still uses what it "
          "was like there (its last known information) for its own triggered Effects. Several at once are "
          "ordered as Simultaneous Effects says.",
          see_also=("contract-effects", "flipped-effects", "arena-effects", "destroyed-effects",
                    "simultaneous"),
          rules=("MZ22-KW-1", "MZ22-KW-2", "MZ22-KW-3", "MZ22-KW-4", "MZ22-KW-8"),
          aliases=("keyword", "last known information", "lki", "triggers", "triggered effects")),
    Topic("contract-effects", "CONTRACT Effects", "keyword",
          "Happen when the Page's Contract resolves, before a Beastie or Artifact enters the Arena. They "
          "pick their targets then, and with no legal target they do nothing while the Page still "
          "enters. Several at once: the active Caster orders them. A Page put into play without being "
          "Contracted (a Token, a copy) gets none.",
          see_also=("contract", "keywords"),
          rules=("MZ22-KW-1", "MZ22-CONTRACT-6", "MZ22-CONTRACT-7", "MZ22-CONTRACT-12",
                 "MZ22-CONTRACT-13", "MZ22-TOKEN-16"),
          aliases=("contract effect", "on contract")),
    Topic("flipped-effects", "FLIPPED Effects", "keyword",
          "Happen when a face-down Trap Page is turned face up and its cost is paid. A Trap that is "
          "flipped but not paid for gets none.",
          see_also=("keywords",),
          rules=("MZ22-KW-2", "MZ22-KW-5"),
          aliases=("flipped", "flipped effect")),
    Topic("arena-effects", "ARENA Effects", "keyword",
          "Lasting Effects that apply for as long as their Page is face up in the Arena, and stop the "
          "moment it leaves, is turned face down or loses its Effect text (Paralyze).",
          see_also=("keywords", "paralyze"),
          rules=("MZ22-KW-3", "MZ22-KW-7", "MZ22-PARALYZE-8"),
          aliases=("arena effect", "static", "statics")),
    Topic("destroyed-effects", "DESTROYED Effects", "keyword",
          "Happen when their Page is Destroyed, read from how it was just before it left. Leaving the "
          "Arena in any other way (back to a Chapter or Spellbook, pushed out of a Terra slot) does not "
          "count.",
          see_also=("keywords", "destroy"),
          rules=("MZ22-KW-4", "MZ22-KW-6", "MZ22-KW-8", "MZ22-TSLOT-15"),
          aliases=("destroyed", "destroyed effect", "on destroyed")),
    Topic("turn-effects", "Start- and end-of-turn Effects", "keyword",
          "Effects worded for the start of your turn happen first thing in your turn, before you "
          "Bookmark; those for the end of your turn happen after the end-of-turn priority window. "
          "\"Your turn\" means the turns of the Page's controller; \"each turn\" means every Caster's turn.",
          see_also=("start-of-turn", "end-of-turn", "simultaneous"),
          rules=("MZ22-TURN-1", "MZ22-TURN-15", "MZ22-TURN-20"),
          aliases=("start of turn effect", "end of turn effect", "start of turn effects",
                   "end of turn effects", "each turn")),
    Topic("any-time", "Any time", "keyword",
          "A Page or Effect marked \"any time\" may be Contracted or used whenever you hold priority: in "
          "the start and end windows, in reply to another Caster's Action, in the Combat windows, even in "
          "other Casters' turns. Everything else waits for your own Take Actions step.",
          see_also=("priority", "chain", "contract"),
          rules=("MZ22-PRIO-2", "MZ22-CHAIN-1", "MZ22-CONTRACT-11"),
          aliases=("anytime", "instant", "response", "respond")),
    Topic("power", "Powers", "keyword",
          "A Power is a skill printed on a Beastie or Artifact. Using one is an Action on your own turn "
          "(unless it says otherwise): the Page must be Awakened, you Fatigue it, and the Power goes on "
          "the chain where others may respond.",
          see_also=("take-actions", "chain", "fatigue"),
          rules=("MZ22-TURN-11", "MZ22-TURN-12", "MZ22-GLOSS-12", "MZ22-GLOSS-13", "MZ22-GLOSS-15"),
          aliases=("powers", "use a power")),
    Topic("tribal-boost", "Tribal Boost", "keyword",
          f"A Beastie with Tribal Boost gets +{TRIBAL_BONUS} LP and +{TRIBAL_BONUS} Damage on its Attacks "
          "for every other face-up Beastie in the Arena sharing its Tribe, whoever controls it. The bonus "
          "changes as Beasties come and go; losing LP this way can Destroy it. Paralyze switches Tribal "
          "Boost off (a Paralyzed Beastie still counts for others).",
          see_also=("attack-resolution", "lp", "paralyze"),
          rules=("MZ22-TRIBAL-1", "MZ22-TRIBAL-2", "MZ22-TRIBAL-3", "MZ22-TRIBAL-4", "MZ22-TRIBAL-5",
                 "MZ22-TRIBAL-6", "MZ22-TRIBAL-7", "MZ22-TRIBAL-8", "MZ22-TRIBAL-9", "MZ22-LP-13"),
          aliases=("tribe", "tribes", "tribal")),
    Topic("aura-attack-advantage", "Aura Attack Advantage", "keyword",
          f"An Aura Type icon beside an Attack gives that Attack +{AAA_BONUS} Damage when the primary "
          "Defender (or, for the counter-Attack, the attacking Beastie) is of that type. It is added at "
          f"the same step as Type Advantage, and the two stack (+{ADVANTAGE_BONUS + AAA_BONUS}). It "
          "exists only for Attacks in Combat.",
          see_also=("type-advantage", "attack-resolution"),
          rules=("MZ22-AAA-1", "MZ22-AAA-2", "MZ22-AAA-3", "MZ22-AAA-4"),
          aliases=("aaa", "attack advantage")),
    Topic("terra-bonus", "Terra Bonuses", "keyword",
          "A Terra Bonus printed on a Page adds Damage or LP while the matching Terra is active. In this "
          "version a bonus is active exactly while a Terra Page of that name sits in a Terra slot "
          "(real-world surroundings are not used); it then works for every Caster's Pages and is never "
          "optional. Several Terra of one name still give the bonus once. Damage bonuses are added "
          "after Type Advantage in an Attack; LP bonuses are LP Gain and go away with the Terra.",
          see_also=("terra-slots", "terra-page", "attack-resolution", "lp"),
          rules=("MZ22-TERRA-1", "MZ22-TERRA-4", "MZ22-TERRA-5", "MZ22-TERRA-6", "MZ22-TERRA-7",
                 "MZ22-TERRA-9", "MZ22-TERRA-14", "MZ22-TSLOT-7", "MZ22-TSLOT-9", "MZ22-COMBAT-28"),
          aliases=("terra bonuses",)),
)

_STATUSES = (
    Topic("statuses", "Status Effects", "status",
          "Seven lasting conditions: Frozen, Burn, Poison, Paralyze, Sleep, Scared and Confusion. Each says "
          "whether it can hit Beasties, Artifacts or Casters. To inflict one is to try to place its "
          "Indicator; Paralyze and Sleep need heads on a coin unless the Effect says \"automatically\", "
          "the others just land.\n\n"
          f"A target holds one Indicator of each kind (Poison up to {MAX_POISON}); a second try at one it "
          "has does nothing. An Attack's status icons go on the primary Defender (or, for the counter-"
          "Attack, the attacker) before Damage. One Effect hitting several targets uses a single flip or "
          "roll for all. A Page leaving the Arena loses every Indicator.",
          see_also=("frozen", "burn", "poison", "paralyze", "sleep", "scared", "confusion", "dice"),
          rules=("MZ22-STATUS-1", "MZ22-STATUS-2", "MZ22-STATUS-3", "MZ22-STATUS-4", "MZ22-STATUS-5",
                 "MZ22-STATUS-6", "MZ22-STATUS-8", "MZ22-STATUS-9", "MZ22-STATUS-10", "MZ22-STATUS-12",
                 "MZ22-STATUS-13", "MZ22-SIMUL-4"),
          aliases=("status", "status effects", "indicator", "indicators", "counters", "automatically",
                   "inflict")),
    Topic("frozen", "Frozen (X)", "status",
          "Beasties and Artifacts. The Page is Fatigued and gets a Frozen Indicator with X Counters. One "
          "Counter comes off at the start of every turn (anyone's); when the last goes, the Page Awakens. "
          "Until then nothing can Awaken it.\n\n"
          "Damage taken outside the Combat in which it was Frozen thaws it early (the Indicator goes, the "
          "Page stays Fatigued); LP Loss does not.",
          see_also=("statuses", "fatigue"),
          rules=("MZ22-FROZEN-1", "MZ22-FROZEN-2", "MZ22-FROZEN-3", "MZ22-FROZEN-4", "MZ22-FROZEN-5",
                 "MZ22-FROZEN-6", "MZ22-FROZEN-7", "MZ22-FROZEN-8", "MZ22-STATUS-15"),
          aliases=("freeze", "frozen x")),
    Topic("burn", "Burn (X)", "status",
          f"Beasties and Casters. Roll a D{DIE_SIDES}: that many Counters go on the Burn Indicator (an "
          "Effect may name a fixed number instead). One Counter comes off at the start of every turn; at "
          "none, the Burn ends.\n\n"
          f"While it lasts, declaring an Attack costs {BURN_LOSS} LP: a Burned Beastie loses {BURN_LOSS} "
          f"when it attacks, a Burned Caster loses {BURN_LOSS} whenever any of their Beasties attacks, "
          "and both lose it when both are Burned. This is LP Loss, not Damage.",
          see_also=("statuses", "lp", "combat"),
          rules=("MZ22-BURN-1", "MZ22-BURN-2", "MZ22-BURN-3", "MZ22-BURN-4", "MZ22-BURN-5", "MZ22-BURN-6",
                 "MZ22-BURN-7", "MZ22-BURN-8", "MZ22-BURN-10", "MZ22-BURN-11"),
          aliases=("burned", "burn x")),
    Topic("poison", "Poison", "status",
          f"Beasties and Casters. Each infliction adds one Poison Indicator, up to {MAX_POISON}. At the "
          f"end of every turn the Page or Caster loses {POISON_LOSS} LP per Indicator (LP Loss, not "
          "Damage). Each Indicator comes off at the start of the third turn counting the one it was "
          "placed in, so it usually costs LP twice.",
          see_also=("statuses", "lp", "simultaneous"),
          rules=("MZ22-POISON-1", "MZ22-POISON-2", "MZ22-POISON-3", "MZ22-POISON-4", "MZ22-POISON-5",
                 "MZ22-POISON-6", "MZ22-POISON-7", "MZ22-POISON-8"),
          aliases=("poisoned",)),
    Topic("paralyze", "Paralyze", "status",
          "Beasties. Flip a coin: only heads places it. A Paralyzed Beastie counts as having no Effect "
          "text (no Powers, no keyword Effects, no Tribal Boost; its Traits stay). Its Attacks deal 0 "
          "and do nothing else, it cannot declare Attacks and cannot defend, though it can still be "
          "attacked. It wears off at the end of the turn after the one it was placed in.",
          see_also=("statuses", "tribal-boost", "arena-effects"),
          rules=("MZ22-PARALYZE-1", "MZ22-PARALYZE-2", "MZ22-PARALYZE-3", "MZ22-PARALYZE-4",
                 "MZ22-PARALYZE-5", "MZ22-PARALYZE-6", "MZ22-PARALYZE-7", "MZ22-PARALYZE-8",
                 "MZ22-PARALYZE-9", "MZ22-PARALYZE-10"),
          aliases=("paralyzed", "paralysis")),
    Topic("sleep", "Sleep", "status",
          "Beasties. Flip a coin: on heads the Beastie is Fatigued and falls asleep. Nothing Awakens a "
          "Sleeping Page. Being chosen as an Attack's target wakes it up (the Indicator goes, it stays "
          "Fatigued). Damage it takes outside the Combat in which it fell asleep is doubled, then it "
          "wakes and Awakens. Sleep has no time limit.",
          see_also=("statuses", "fatigue", "combat"),
          rules=("MZ22-SLEEP-1", "MZ22-SLEEP-2", "MZ22-SLEEP-3", "MZ22-SLEEP-4", "MZ22-SLEEP-5",
                 "MZ22-SLEEP-6", "MZ22-SLEEP-7", "MZ22-SLEEP-8"),
          aliases=("asleep", "sleeping")),
    Topic("scared", "Scared", "status",
          "Beasties. The Indicator just lands. Every time the Beastie would be Fatigued (to attack, "
          "defend, use a Power, or by an Effect), flip a coin: tails, it runs back to its owner's Chapter "
          "instead and whatever needed the Fatigue does not happen; heads, the Indicator comes off and "
          "the Fatigue goes ahead.",
          see_also=("statuses", "fatigue"),
          rules=("MZ22-SCARED-1", "MZ22-SCARED-2", "MZ22-SCARED-3", "MZ22-SCARED-4", "MZ22-SCARED-5",
                 "MZ22-SCARED-6", "MZ22-SCARED-7"),
          aliases=("afraid",)),
    Topic("confusion", "Confusion", "status",
          "Beasties. The Indicator just lands. Before a Confused Beastie's Attack resolves (attacking or "
          "as primary Defender), flip a coin. Heads: the Attack goes on as usual and it stays Confused. "
          "Tails: it hits itself for the most Damage that Attack could deal, with every modifier except "
          "Type Advantage and Aura Attack Advantage (0 if Paralyzed); that Attack does not happen, the "
          "Confusion ends, and Combat carries on.",
          see_also=("statuses", "attack-resolution"),
          rules=("MZ22-CONFUSION-1", "MZ22-CONFUSION-2", "MZ22-CONFUSION-3", "MZ22-CONFUSION-4",
                 "MZ22-CONFUSION-5", "MZ22-CONFUSION-6", "MZ22-CONFUSION-7", "MZ22-CONFUSION-8",
                 "MZ22-CONFUSION-9"),
          aliases=("confused",)),
)

_WIN = (
    Topic("winning", "Winning and losing", "win",
          f"Everyone starts at {START_LP} LP. A Caster whose LP reaches 0 (through Damage or LP Loss) is "
          "out at once, checked after every single event; LP never goes below 0. With two Casters the "
          "other wins; with more, the last Caster left wins. If every remaining Caster hits 0 in the same "
          "event, the game is a draw. Some Pages add ways to win or lose.\n\n"
          f"The engine also calls a draw if a game runs past {ACTION_LIMIT:,} actions.",
          see_also=("running-out", "lp"),
          rules=("MZ22-WIN-1", "MZ22-WIN-2", "MZ22-WIN-3", "MZ22-WIN-4", "MZ22-WIN-5", "MZ22-LP-16"),
          aliases=("win", "how to win", "lose", "losing", "game over", "draw game", "eliminated")),
    Topic("running-out", "Running out of Pages", "win",
          "An empty Spellbook does not lose you the game: you simply skip any Bookmark you cannot make (an "
          "Effect that Bookmarks several gives you what is left). Once every Caster's Spellbook is empty "
          "the game ends at once as a draw, unless someone reaches 0 LP in that same event.",
          see_also=("winning", "spellbook"),
          rules=("MZ22-DECKOUT-1", "MZ22-DECKOUT-2", "MZ22-DECKOUT-3", "MZ22-DECKOUT-4",
                 "MZ22-DECKOUT-5"),
          aliases=("deck out", "deckout", "empty spellbook", "out of pages")),
)

_ZONES = (
    Topic("arena", "Arena", "zone",
          "The shared play area between the Casters, where Beasties, Artifacts, Aura Pages and (in their "
          "slots) Terra Pages stay once they are in play. Pages there do not move unless a rule or Effect "
          "says so. New Pages arrive Fatigued, except Aura and Terra Pages, which arrive Awakened. Limbo, "
          "Cemetery and Afterlife are never \"in the Arena\".",
          see_also=("terra-slots", "fatigue", "discard-piles"),
          rules=("MZ22-TERM-3", "MZ22-ZONE-2", "MZ22-ZONE-5", "MZ22-ZONE-6", "MZ22-ZONE-12"),
          aliases=("battleground", "play area", "in play")),
    Topic("spellbook", "Spellbook", "zone",
          "Your deck, face down; nobody looks at it unless an Effect says so. Bookmarking takes its top "
          "Page into your Chapter. An Effect that has you search it shows everyone the Page you take, then "
          "your Spellbook is shuffled.",
          see_also=("deck-building", "running-out", "chapter"),
          rules=("MZ22-TERM-1", "MZ22-TERM-2", "MZ22-ZONE-3", "MZ22-SHUF-1", "MZ22-SHUF-2", "MZ22-SHUF-3"),
          aliases=("deck", "search", "shuffle", "searching")),
    Topic("chapter", "Chapter", "zone",
          "Your hand: the Pages you have Bookmarked, hidden from the others (they see how many). You "
          "Contract Pages from here. There is no size limit.",
          see_also=("spellbook", "contract"),
          rules=("MZ22-TERM-1", "MZ22-ZONE-4", "MZ22-ZONE-11", "MZ22-ZONE-14", "MZ22-GLOSS-6"),
          aliases=("hand",)),
    Topic("discard-piles", "Where Pages go: Limbo, Cemetery, Afterlife", "zone",
          "Every Caster has three public discard piles, and a Page always goes to its owner's:\n\n"
          "Limbo: Destroyed Beasties and Artifacts.\n"
          "Cemetery: Spells and Potions once they have resolved (and any Page an Effect sends there).\n"
          "Afterlife: Destroyed Aura and Terra Pages, Terra pushed out of a slot, and Pages that leave "
          "this game for good.\n\n"
          "A Token goes to none of them: it simply stops existing.",
          see_also=("limbo", "cemetery", "afterlife", "destroy", "token"),
          rules=("MZ22-ZONE-8", "MZ22-ZONE-9", "MZ22-ZONE-10", "MZ22-ZONE-11", "MZ22-OWN-4",
                 "MZ22-GLOSS-3", "MZ22-GLOSS-4", "MZ22-TOKEN-5"),
          aliases=("zones", "discard", "discard pile", "what goes where", "graveyard")),
    Topic("limbo", "Limbo", "zone",
          "Each Caster's pile for their Destroyed Beasties and Artifacts. Public, in order of arrival.",
          see_also=("discard-piles",),
          rules=("MZ22-PAGE-5", "MZ22-PAGE-11", "MZ22-ZONE-8")),
    Topic("cemetery", "Cemetery", "zone",
          "Each Caster's pile for Spells and Potions that have resolved or were stopped, and for Pages "
          "Effects send there. Public, in order of arrival.",
          see_also=("discard-piles",),
          rules=("MZ22-PAGE-6", "MZ22-PAGE-8", "MZ22-ZONE-9", "MZ22-GLOSS-5", "MZ22-CONTRACT-10")),
    Topic("afterlife", "Afterlife", "zone",
          "Each Caster's pile for Pages gone from this game for good: Destroyed Aura and Terra Pages and "
          "Terra removed from their slots. Public, in order of arrival.",
          see_also=("discard-piles", "terra-slots"),
          rules=("MZ22-PAGE-3", "MZ22-PAGE-13", "MZ22-ZONE-10", "MZ22-TSLOT-8")),
    Topic("terra-slots", "Terra slots", "zone",
          f"The Arena has {TERRA_SLOTS} Terra slots shared by everyone. A Contracted Terra takes the "
          "lowest empty slot. When all are full, it replaces the Terra in the slot the rotation marker "
          f"points at (slot 1 first, then 2, … then back to 1); the replaced Terra goes to its owner's "
          "Afterlife without being Destroyed. A Terra that is Destroyed just leaves its slot empty; "
          "nothing else moves, and the next Terra fills the gap.\n\n"
          "You may Contract any number of Terra in your Take Actions step, copies included: there is "
          "always a slot. Only Terra Pages use slots.",
          see_also=("terra-page", "terra-bonus", "afterlife"),
          rules=("MZ22-TSLOT-2", "MZ22-TSLOT-3", "MZ22-TSLOT-4", "MZ22-TSLOT-5", "MZ22-TSLOT-6",
                 "MZ22-TSLOT-8", "MZ22-TSLOT-10", "MZ22-TSLOT-11", "MZ22-TSLOT-13", "MZ22-TSLOT-14",
                 "MZ22-TSLOT-15", "MZ22-TSLOT-16", "MZ22-ZONE-7", "MZ22-TURN-7"),
          aliases=("terra slot", "rotation", "terra rotation", "slots")),
)

_CARD_TYPES = (
    Topic("aura-page", "Aura Pages", "card type",
          "Resource Pages. Contract one from your Chapter per turn; it enters Awakened and stays, and you "
          "Fatigue it to make one Aura of its type. Basic Aura Pages are unlimited in a Spellbook; Special "
          "ones have a limit and types of their own. A Destroyed Aura Page goes to the Afterlife.",
          see_also=("aura", "aura-types"),
          rules=("MZ22-PAGE-1", "MZ22-PAGE-2", "MZ22-PAGE-3", "MZ22-TURN-6", "MZ22-GEN-1", "MZ22-AURA-5"),
          aliases=("aura pages", "special aura", "basic aura")),
    Topic("beastie", "Beasties", "card type",
          "The creatures that fight for you. A Beastie enters the Arena Fatigued, has LP, Attacks and "
          "perhaps Powers, Traits and keyword Effects. Destroyed, it goes to its owner's Limbo.",
          see_also=("combat", "power", "lp"),
          rules=("MZ22-PAGE-4", "MZ22-PAGE-5", "MZ22-CONTRACT-6", "MZ22-COMBAT-3"),
          aliases=("beasties", "creature", "creatures")),
    Topic("spell", "Spells", "card type",
          "One-shot Pages: Contract one, it resolves, and it goes to the Cemetery. A Spell that needs a "
          "target can only be Contracted when a legal one exists.",
          see_also=("contract", "potion", "targeting"),
          rules=("MZ22-PAGE-6", "MZ22-CONTRACT-2", "MZ22-CONTRACT-3"),
          aliases=("spells",)),
    Topic("potion", "Potions", "card type",
          "Like Spells but free: a Potion always costs 0 Aura, resolves once and goes to the Cemetery. "
          "Potions are not Spells, so rules about Spells skip them unless they name Potions too.",
          see_also=("spell", "contract"),
          rules=("MZ22-PAGE-7", "MZ22-PAGE-8", "MZ22-PAGE-15", "MZ22-PAGE-16"),
          aliases=("potions",)),
    Topic("artifact", "Artifacts", "card type",
          "Objects that stay in the Arena. They have LP and can be attacked, may carry Traits, Effects "
          "and Powers, but never defend. Destroyed, they go to Limbo.",
          see_also=("defenders", "power"),
          rules=("MZ22-PAGE-9", "MZ22-PAGE-10", "MZ22-PAGE-11", "MZ22-COMBAT-12"),
          aliases=("artifacts",)),
    Topic("terra-page", "Terra Pages", "card type",
          "Places. A Terra Page goes into a Terra slot, enters Awakened, and switches on the Terra Bonus "
          "of its name for every Caster. Basic Terra do nothing else; Special Terra also have Effects, "
          "which stack. Most Terra cost nothing. Removed or Destroyed, a Terra goes to the Afterlife.",
          see_also=("terra-slots", "terra-bonus", "special-terra"),
          rules=("MZ22-PAGE-12", "MZ22-PAGE-13", "MZ22-TSLOT-1", "MZ22-TSLOT-12", "MZ22-SPTERRA-1",
                 "MZ22-SPTERRA-2", "MZ22-SPTERRA-4"),
          aliases=("terra", "terras", "basic terra")),
    Topic("token", "Tokens", "card type",
          "Stand-ins for Pages that Effects create in the Arena. They count as Pages for targeting, have "
          "no Aura Cost, and belong to the Caster who controlled them when made. A copy of a Beastie or "
          "Artifact is a Token with its printed details only (no Damage, Indicators or gains). A Token "
          "that leaves the Arena is gone for good, though it still counts as Destroyed when it is. "
          "Tokens never go into a Spellbook or Archive.",
          see_also=("discard-piles", "deck-building"),
          rules=("MZ22-TOKEN-1", "MZ22-TOKEN-2", "MZ22-TOKEN-3", "MZ22-TOKEN-5", "MZ22-TOKEN-6",
                 "MZ22-TOKEN-7", "MZ22-TOKEN-8", "MZ22-TOKEN-9", "MZ22-TOKEN-14", "MZ22-TOKEN-16"),
          aliases=("tokens", "copy", "copies")),
)

_TERMS = (
    Topic("aura", "Aura", "term",
          "The currency for Contracting. Fatigue an Awakened Aura Page (or another source) to make one "
          "Aura of its type; this is not an Action, so nobody can respond to it, and an Aura Page "
          "Fatigued by an Effect makes nothing. Here Aura is made as you pay.\n\n"
          "Pay each typed part of a cost with Aura of exactly that type; a Neutral part takes Aura of "
          "any type. Unspent Aura dissolves at the start of a turn (unless a start-of-turn Effect made "
          "it) and at the end of every turn, for all Casters.",
          see_also=("aura-page", "aura-types", "contract"),
          rules=("MZ22-TERM-4", "MZ22-GEN-1", "MZ22-GEN-2", "MZ22-GEN-3", "MZ22-GEN-4", "MZ22-GEN-5",
                 "MZ22-GEN-6", "MZ22-GEN-9", "MZ22-AURA-3", "MZ22-AURA-8", "MZ22-TURN-5", "MZ22-TURN-16",
                 "MZ22-TURN-21"),
          aliases=("generate", "generating aura", "pay", "paying", "cost", "costs", "aura cost", "neutral",
                   "pool", "aura pool")),
    Topic("aura-types", "Aura Types and base types", "term",
          f"There are ten Aura Types ({_TYPE_NAMES}) plus Neutral, which has no strengths or weaknesses. "
          "A Page's base type comes from its cost: every non-Neutral type in it, even at 0; Neutral if "
          "there is none. So Neutral plus one type is just that type, while two types make a Dual Aura "
          "Page that counts as both (an Effect looking for either finds it). Effects may change a Page's "
          "type without touching its cost.",
          see_also=("aura", "type-advantage"),
          rules=("MZ22-AURA-1", "MZ22-AURA-3", "MZ22-AURA-4", "MZ22-ATYPE-1", "MZ22-ATYPE-2",
                 "MZ22-ATYPE-3", "MZ22-ATYPE-4", "MZ22-ATYPE-5", "MZ22-ATYPE-6", "MZ22-ATYPE-8",
                 "MZ22-ATYPE-10", "MZ22-ATYPE-11", "MZ22-ATYPE-12"),
          aliases=("aura type", "types", "type", "dual", "dual aura", "base type", "base aura type")),
    Topic("type-advantage", "Type Advantage", "term",
          f"When a Page damages a Page of a type it is strong against, the Damage gets +{ADVANTAGE_BONUS}: "
          "Attacks, Spells and other Effects alike, at most once per hit however many types either side "
          "has. Never against Casters or Neutral Pages. In an Attack it is added first, with Aura Attack "
          "Advantage.\n\n"
          "A Page's printed \"strong against\" icon decides for that Page. Without one this version uses "
          "a stand-in wheel until the official one is confirmed:\n\n" + _WHEEL_LINES,
          see_also=("aura-types", "aura-attack-advantage", "attack-resolution"),
          rules=("MZ22-AURA-2", "MZ22-LAYOUT-3", "MZ22-TYPEADV-1", "MZ22-TYPEADV-3", "MZ22-TYPEADV-4",
                 "MZ22-TYPEADV-5", "MZ22-TYPEADV-6", "MZ22-TYPEADV-7", "MZ22-TYPEADV-8", "MZ22-TYPEADV-9"),
          aliases=("strong against", "wheel", "aura wheel", "advantage", "weakness")),
    Topic("priority", "Priority", "term",
          "Priority is your chance to act in answer to someone else. Holding it, you may take one Action "
          "(Contract a Page or use a Power or Effect; outside your Take Actions step only \"any time\" ones) "
          "or pass. After an Action, priority moves on to the next Caster clockwise; when every other "
          "Caster passes in turn, the chain resolves.\n\n"
          "Windows: at the start and end of each turn the active Caster goes first, then the others; in "
          "Combat, the attacked Caster once the Attack is declared and the attacker once Defenders are "
          "declared. Making Aura, Bookmarking, Awakening and resolving things are not Actions and give "
          "nobody priority.",
          see_also=("chain", "any-time", "combat", "start-of-turn", "end-of-turn"),
          rules=("MZ22-PRIO-1", "MZ22-PRIO-2", "MZ22-PRIO-3", "MZ22-PRIO-4", "MZ22-PRIO-5", "MZ22-PRIO-6",
                 "MZ22-PRIO-8", "MZ22-PRIO-9", "MZ22-ACTION-1", "MZ22-ACTION-2", "MZ22-ACTION-3",
                 "MZ22-ACTION-4", "MZ22-ACTION-5", "MZ22-ACTION-7"),
          aliases=("action", "actions and mechanics", "pass", "passing", "window", "windows")),
    Topic("chain", "The resolution chain", "term",
          "Contracts, Powers and \"any time\" Effects go on a chain, each on top of the last. When everyone "
          "has passed, the chain resolves from the top down: last in, first out, with no new priority "
          "until it is empty. Each item keeps the targets chosen when it was added; if they are all gone "
          "or illegal by then it does nothing (a Spell or Potion still goes to the Cemetery), if some are "
          "it affects the rest. An item another Effect stops is removed and does nothing. Destroyed Pages "
          "and triggered Effects are dealt with after each item.",
          see_also=("priority", "any-time", "targeting"),
          rules=("MZ22-CHAIN-1", "MZ22-CHAIN-2", "MZ22-CHAIN-3", "MZ22-CHAIN-4", "MZ22-CHAIN-5",
                 "MZ22-CHAIN-6", "MZ22-CHAIN-7"),
          aliases=("resolution chain", "stack", "fizzle", "stop", "resolve")),
    Topic("targeting", "Targeting", "term",
          "An Effect that says \"target\" picks a specific Page or Caster, checked when it is chosen and "
          "again when it resolves. Aura and Terra Pages have no LP, so Damage and Status Effects cannot "
          "target them. Effects that do not say \"target\" (\"each\", \"all\") are not stopped by anything "
          "that prevents targeting. \"Opposing\" means belonging to another Caster.",
          see_also=("chain", "contract"),
          rules=("MZ22-TARGET-1", "MZ22-TARGET-2", "MZ22-TARGET-3", "MZ22-TARGET-5", "MZ22-TARGET-6",
                 "MZ22-TARGET-7"),
          aliases=("target", "targets", "opposing")),
    Topic("simultaneous", "Simultaneous Effects", "term",
          "When several Effects happen at the same moment, the active Caster's go first in the order they "
          "pick, then each other Caster's, clockwise, in their own chosen order. When an Effect deals "
          "Damage and places a status at once, the active Caster picks which comes first where it can "
          "matter.",
          see_also=("keywords", "end-of-turn", "statuses"),
          rules=("MZ22-SIMUL-1", "MZ22-SIMUL-2", "MZ22-SIMUL-3", "MZ22-SIMUL-6", "MZ22-SIMUL-8",
                 "MZ22-CONTRACT-7"),
          aliases=("order", "ordering", "same time")),
    Topic("lp", "LP: Damage, LP Loss, LP Gain, Recover", "term",
          "A Page arrives with its printed LP; current LP is its maximum minus the Damage and LP Loss it "
          "has taken. At 0 a Page is Destroyed and a Caster is out.\n\n"
          "Damage comes from Attacks and Effects that deal Damage; Type Advantage and the like change it, "
          "and some Effects react to it. LP Loss (Poison, Burn, paying LP) lowers LP the same way but is "
          "not Damage: nothing that reacts to Damage notices it. LP Gain raises the maximum and keeps the "
          "Damage taken; when a gain ends, the maximum drops again, which can Destroy the Page. Recover "
          "takes away Damage (then LP Loss), never above the maximum, and may be used at full LP.",
          see_also=("destroy", "winning", "burn", "poison", "tribal-boost"),
          rules=("MZ22-LP-1", "MZ22-LP-2", "MZ22-LP-3", "MZ22-LP-4", "MZ22-LP-5", "MZ22-LP-6", "MZ22-LP-7",
                 "MZ22-LP-8", "MZ22-LP-9", "MZ22-LP-10", "MZ22-LP-11", "MZ22-LP-12", "MZ22-LP-13",
                 "MZ22-LP-14", "MZ22-LP-16"),
          aliases=("life points", "damage", "lp loss", "lp gain", "recover", "recovering", "heal")),
    Topic("destroy", "Destroying a Page", "term",
          "A Page whose current LP reaches 0 is Destroyed at once, also in the middle of Combat or a chain; "
          "Effects may Destroy Pages too. A Destroyed Page goes to its owner's discard pile for its type "
          "and its DESTROYED Effects happen. Returning to a hand or Spellbook, or being pushed out of a "
          "Terra slot, is not being Destroyed.",
          see_also=("discard-piles", "destroyed-effects", "lp"),
          rules=("MZ22-LP-9", "MZ22-COMBAT-32", "MZ22-GLOSS-3", "MZ22-KW-6", "MZ22-TSLOT-15"),
          aliases=("destroying", "dies", "death")),
    Topic("fatigue", "Fatigued and Awakened", "term",
          "A Page in the Arena is either Fatigued (turned sideways) or Awakened. Fatiguing it is how you "
          "attack, defend, use most Powers and make Aura, so a Page that is already Fatigued cannot pay "
          "such a cost. Your Pages Awaken at the start of your turn, except Frozen or Sleeping ones.",
          see_also=("start-of-turn", "frozen", "sleep", "scared"),
          rules=("MZ22-TERM-5", "MZ22-TERM-6", "MZ22-GLOSS-1", "MZ22-GLOSS-2", "MZ22-TURN-4"),
          aliases=("fatigued", "awakened", "tap", "tapped", "untap")),
    Topic("ownership", "Owner and controller", "term",
          "The owner of a Page is the Caster who brought it; the controller is whoever has it now. Effects "
          "can change control, never ownership. \"You\" on a Page means its controller, and a Page sent "
          "to any pile goes to its owner's.",
          see_also=("discard-piles",),
          rules=("MZ22-OWN-1", "MZ22-OWN-2", "MZ22-OWN-3", "MZ22-OWN-4", "MZ22-OWN-5", "MZ22-OWN-6"),
          aliases=("owner", "controller", "control")),
    Topic("deck-building", "Building a Spellbook", "term",
          f"A Spellbook holds at least {MIN_SPELLBOOK} Pages, with no maximum to speak of: Beasties, "
          "Spells, Artifacts, Potions, Terra and Aura. A Page's Spellbook Limit caps its copies across "
          "Spellbook and Archive together; no printed limit means no cap (Basic Aura Pages, for one). Pages "
          "that play the same way count as one for the limit whatever their set, while two different "
          "Pages that share a name each have their own. Tokens are never allowed.",
          see_also=("archive", "spellbook", "token"),
          rules=("MZ22-BOOK-1", "MZ22-BOOK-2", "MZ22-BOOK-3", "MZ22-BOOK-5", "MZ22-BOOK-6", "MZ22-BOOK-7",
                 "MZ22-BOOK-9", "MZ22-LAYOUT-1", "MZ22-LAYOUT-2", "MZ22-PAGE-2", "MZ22-TOKEN-3"),
          aliases=("deck building", "spellbook rules", "spellbook limit", "limit", "deck rules")),
    Topic("archive", "Archive (side deck)", "term",
          f"An optional set of up to {MAX_ARCHIVE} Pages for changing your Spellbook between the games of "
          "a match, never during one and never before the first game. Swaps are one for one, so the "
          "Spellbook keeps its size; the others learn how many Pages your Archive holds, not which. After "
          "each game the Spellbook goes back to how it was registered.",
          see_also=("deck-building",),
          rules=("MZ22-ARCH-1", "MZ22-ARCH-2", "MZ22-ARCH-3", "MZ22-ARCH-4", "MZ22-ARCH-5", "MZ22-ARCH-6",
                 "MZ22-ARCH-7", "MZ22-BOOK-4"),
          aliases=("side deck", "sideboard", "side-deck")),
    Topic("dice", "Dice and coin flips", "term",
          f"Every roll is a D{DIE_SIDES}. A coin flip is a D{DIE_SIDES} roll read as even for heads and odd "
          "for tails. The engine rolls fairly from the game's seed, never rerolls, and logs each roll with "
          "the Caster the rule names.",
          see_also=("statuses", "setup"),
          rules=("MZ22-DIE-1", "MZ22-DIE-2", "MZ22-DIE-4", "MZ22-DIE-5"),
          aliases=("die", "d6", "coin", "coin flip", "flip", "roll", "heads", "tails")),
    Topic("index", "Index", "term",
          "To Index, turn over the Pages on top of your Spellbook one by one, for everyone to see, until "
          "one the Effect describes turns up; it goes where the Effect says. Then an opposing Caster (with "
          "more than one, you pick which) puts the other turned Pages back on top in any order they like. "
          "If nothing fits, every Page was turned and all of them go back in that Caster's order. An "
          "Index never shuffles.",
          see_also=("look-and-reveal", "spellbook"),
          rules=("MZ22-GLOSS-7", "MZ22-GLOSS-8", "MZ22-GLOSS-14"),
          aliases=("indexing", "turn over")),
    Topic("nullify", "Nullify", "term",
          "To Nullify a Page is to stop its Effects, its Traits or both from doing anything until the "
          "end of the turn. Its Effect text works as if it were Paralyzed, and its Effects already on "
          "the chain do nothing when they resolve. Nullified Traits stay printed on the Page, so "
          "anything that asks whether the Page has one still finds it, but they do not work.",
          see_also=("chain",),
          rules=("MZ22-GLOSS-11", "MZ22-TRAIT-3"),
          aliases=("nullified", "nullifying")),
    Topic("look-and-reveal", "Look and Reveal", "term",
          "To Look is to see Pages without showing them: only you learn what they are, and the log tells "
          "the others only that you looked. To Reveal is to show Pages to every Caster; that alone never "
          "makes their Effects happen.",
          see_also=("index",),
          rules=("MZ22-GLOSS-9", "MZ22-GLOSS-10", "MZ22-GLOSS-16"),
          aliases=("look", "looking", "reveal", "revealing", "show")),
)

# ------------------------------------------------------------------ part 2: Traits and placement
def _trait(tid: str, title: str, text: str, rules: tuple[str, ...], see: tuple[str, ...] = (),
           aliases: tuple[str, ...] = ()) -> Topic:
    """A Trait topic: every one links back to the Traits overview."""
    return Topic(tid, title, "keyword", text, see_also=("traits", *see), rules=("MZ22-TRAIT-1", *rules),
                 aliases=aliases)


_TRAITS = (
    Topic("traits", "Traits", "keyword",
          "Traits are the symbols on a Beastie or Artifact that give it a special ability. They are not "
          "Effect text, so Paralyze does not take them away, and a Page either has a Trait or not (only "
          "Regen counts twice when a Page has it twice). Some Traits leave a mark on the Page while they "
          "work: burrowed, Flash's \"no Attack\" and Defender's extra LP. Those marks are not Status "
          "Effects: removing every Status Effect leaves them alone.\n\n"
          "The board shows Traits in braces and their marks after them.",
          see_also=("statuses", "burrow", "flash", "defender-trait", "regen"),
          rules=("MZ22-TRAIT-1", "MZ22-TRAIT-2", "MZ22-TRAIT-3", "MZ22-TRAIT-4", "MZ22-TRAIT-5"),
          aliases=("trait", "trait marks", "trait indicators")),
    _trait("blood-sucker", "Blood Sucker",
           "Each time this Beastie's Attack takes LP off Beasties or Casters, it Recovers the same amount, "
           "counted once per Attack and only up to what those targets actually had. Damage to Artifacts and "
           "Damage from an Attack's Effect text do not count. It works attacking or defending.",
           ("MZ22-TRAIT-BLOODSUCKER-1", "MZ22-TRAIT-BLOODSUCKER-2", "MZ22-TRAIT-BLOODSUCKER-3"), ("lp",),
           ("bloodsucker", "blood sucker")),
    _trait("burrow", "Burrow",
           "At the start of every turn (theirs or yours) the controller may declare this Beastie burrowed "
           "until that turn ends. A burrowed Beastie cannot Attack, defend or use a Power, and Spells, "
           "Artifacts and Powers cannot target it. Traits, Potions and other Effects still reach it, and "
           "only an attacker that also has Burrow may Attack it.",
           ("MZ22-TRAIT-BURROW-1", "MZ22-TRAIT-BURROW-2", "MZ22-TRAIT-BURROW-3", "MZ22-TRAIT-BURROW-4",
            "MZ22-TRAIT-BURROW-5", "MZ22-TRAIT-BURROW-6", "MZ22-TRAIT-BURROW-7", "MZ22-TRAIT-BURROW-8"),
           ("targeting",), ("burrowed", "burrowing")),
    _trait("convert", "Convert",
           "On your own turn, Fatigue this Awakened Page to make 1 Aura of its own Aura Type (you pick one "
           "if it has several). It is not an Action and cannot be done on another Caster's turn.",
           ("MZ22-TRAIT-CONVERT-1", "MZ22-TRAIT-CONVERT-2"), ("aura",)),
    _trait("defender-trait", "Defender (the Trait)",
           "At the start of each opposing Caster's turn this Page doubles its maximum LP, after every other "
           "change, and at the end of that turn the extra LP goes again. It has nothing to do with being "
           "declared a Defender in Combat. The board shows the gain as +N.",
           ("MZ22-TRAIT-DEFENDER-1", "MZ22-TRAIT-DEFENDER-2", "MZ22-TRAIT-DEFENDER-3", "MZ22-TRAIT-5"),
           ("lp", "defenders"), ("defender trait", "defender gain")),
    _trait("destroyer", "Destroyer",
           "Any Beastie or Artifact that this Beastie's Attack Damages is Destroyed, Immortal or not. Only "
           "the Attack's own Damage counts, not its Effect text.",
           ("MZ22-TRAIT-DESTROYER-1", "MZ22-TRAIT-DESTROYER-2"), ("destroy", "immortal")),
    _trait("equipment-trait", "Equipment (the Trait)",
           "A Page with this Trait has to be Equipped to a Page of your choice when it is Contracted. A "
           "Beastie is the exception: it may enter as an ordinary Beastie instead.",
           ("MZ22-TRAIT-EQUIPMENT-1", "MZ22-TRAIT-EQUIPMENT-2"), ("equipment",), ("equipment trait",)),
    _trait("fear", "Fear",
           "When this Beastie is Contracted you may pick an opposing Beastie and flip a coin: on heads that "
           "Beastie goes back to its owner's Chapter. It is part of the Contract, is not a Spell, and can "
           "reach a burrowed or Magiproof Beastie.",
           ("MZ22-TRAIT-FEAR-1", "MZ22-TRAIT-FEAR-2", "MZ22-TRAIT-FEAR-3"), ("dice", "contract")),
    _trait("first-strike", "First-Strike",
           "This Beastie deals its Damage first, attacking or defending. If both sides have it, the attacker "
           "flips a coin to see who goes first.",
           ("MZ22-TRAIT-FIRSTSTRIKE-1", "MZ22-TRAIT-FIRSTSTRIKE-2"), ("attack-resolution",),
           ("first strike",)),
    _trait("flash", "Flash",
           "When this Beastie is Contracted you may pick an opposing Beastie and flip a coin: on heads it "
           "cannot declare an Attack until the end of its controller's next turn. It may still defend. The "
           "board marks it until then.",
           ("MZ22-TRAIT-FLASH-1", "MZ22-TRAIT-FLASH-2", "MZ22-TRAIT-FLASH-3"), ("dice",)),
    _trait("fleet", "Fleet",
           "This Page enters the Arena Awakened, however it gets there. A Trap flipped by an Attack is "
           "still Fatigued.",
           ("MZ22-TRAIT-FLEET-1", "MZ22-TRAIT-FLEET-2"), ("fatigue",)),
    _trait("flight", "Flight",
           "Only an attacker with Flight may target this Page with an Attack. Defending is not limited: "
           "anyone may defend against a flyer, and a flyer may defend against anyone.",
           ("MZ22-TRAIT-FLIGHT-1", "MZ22-TRAIT-FLIGHT-2"), ("combat",), ("flying",)),
    _trait("immortal", "Immortal",
           "This Page is not Destroyed when its LP reaches 0: it stays, can still defend and take Damage. "
           "Destroyer and Effects that Destroy still remove it.",
           ("MZ22-TRAIT-IMMORTAL-1", "MZ22-TRAIT-IMMORTAL-2", "MZ22-TRAIT-IMMORTAL-3"), ("destroy", "destroyer")),
    _trait("infectious", "Infectious",
           "Each time this Beastie Destroys another Beastie, in any way, its controller gets a nameless "
           "Beastie Token with the same maximum LP, Aura Type and printed Attacks, but no Traits, Tribe or "
           "Effect text. The Token enters Fatigued.",
           ("MZ22-TRAIT-INFECTIOUS-1", "MZ22-TRAIT-INFECTIOUS-2", "MZ22-TRAIT-INFECTIOUS-3",
            "MZ22-TRAIT-INFECTIOUS-4", "MZ22-TRAIT-INFECTIOUS-5", "MZ22-TRAIT-INFECTIOUS-6"), ("token",)),
    _trait("invisible", "Invisible",
           "No Attack may target this Page, and when it Attacks no Defenders may be declared. The Page it "
           "attacks still answers, and a Trap flipped by the Attack still defends.",
           ("MZ22-TRAIT-INVISIBLE-1", "MZ22-TRAIT-INVISIBLE-2", "MZ22-TRAIT-INVISIBLE-3"),
           ("unblockable", "defenders")),
    _trait("magiproof", "Magiproof",
           "Spells cannot target this Page (Spell copies and Spells flipped as Traps included). Potions "
           "can, and Spells that do not target still affect it.",
           ("MZ22-TRAIT-MAGIPROOF-1", "MZ22-TRAIT-MAGIPROOF-2"), ("targeting", "spell")),
    _trait("regen", "Regen",
           "At the end of every turn this Page Recovers 10 LP for each Regen it has.",
           ("MZ22-TRAIT-REGEN-1", "MZ22-TRAIT-REGEN-2", "MZ22-TRAIT-4"), ("lp", "end-of-turn"),
           ("regenerate", "regeneration")),
    _trait("self-destruct", "Self-Destruct",
           "On your own turn you may Fatigue this Awakened Page to Destroy it. That is an Action: it goes on "
           "the chain, others may respond, and its DESTROYED Effects happen as usual.",
           ("MZ22-TRAIT-SELFDESTRUCT-1", "MZ22-TRAIT-SELFDESTRUCT-2"), ("destroy", "chain"),
           ("self destruct", "selfdestruct")),
    _trait("spirit-trait", "Spirit (the Trait)",
           "No Attack may target this Page. It can still defend, take Damage and be targeted by Effects. "
           "It has nothing to do with the Spirit Aura Type.",
           ("MZ22-TRAIT-SPIRIT-1", "MZ22-TRAIT-SPIRIT-2", "MZ22-TRAIT-5"), ("aura-types",), ("spirit trait",)),
    _trait("stone-skin", "Stone Skin",
           "Damage this Beastie would take other than from an Attack in Combat becomes 0, including Damage "
           "from Effects during Combat. LP Loss still gets through.",
           ("MZ22-TRAIT-STONESKIN-1", "MZ22-TRAIT-STONESKIN-2", "MZ22-TRAIT-STONESKIN-3",
            "MZ22-TRAIT-STONESKIN-4"), ("lp",), ("stone skin", "stoneskin")),
    _trait("trap-trait", "Trap (the Trait)",
           "A Page with this Trait may be put face-down from your Chapter into the Arena, or beneath a "
           "Beastie or Artifact you control, without paying its Aura Cost until it flips.",
           ("MZ22-TRAIT-TRAP-1",), ("traps",), ("trap trait",)),
    _trait("unblockable", "Unblockable",
           "When this Page Attacks, no Defenders may be declared. Unlike Invisible, it can be attacked "
           "normally.",
           ("MZ22-TRAIT-UNBLOCKABLE-1", "MZ22-TRAIT-UNBLOCKABLE-2"), ("invisible", "defenders")),
    _trait("venomous", "Venomous",
           "When this Beastie becomes the primary Defender, the attacker gets Poison at once, whatever "
           "happens next.",
           ("MZ22-TRAIT-VENOMOUS-1", "MZ22-TRAIT-VENOMOUS-2"), ("poison", "defenders"), ("venom",)),
)

# The topic of each Trait named in card data (``schema.Trait``), for presentations.
TRAIT_TOPICS: dict[str, str] = {t: t.replace("_", "-") for t in (
    "blood_sucker", "burrow", "convert", "destroyer", "fear", "first_strike", "flash", "fleet", "flight",
    "immortal", "infectious", "invisible", "magiproof", "regen", "self_destruct", "stone_skin", "unblockable",
    "venomous")} | {"defender": "defender-trait", "equipment": "equipment-trait", "spirit": "spirit-trait",
                    "trap": "trap-trait"}

_PART2 = (
    Topic("traps", "Traps (face-down Pages)", "term",
          "In Take Actions you may put a Page from your Chapter face-down into the Arena, alone or "
          "beneath a Beastie or Artifact you control (at most one face-down Page under each); a "
          "face-down Page standing alone may also slide beneath one, once a turn. You pay nothing yet. "
          "Placing or sliding one is an Action: the other Casters may answer. The others see only that "
          "a face-down Page is there and where; you see which it is.\n\n"
          "It flips face-up when an Attack targets it or the Page it lies under, or at a moment its own "
          "text names; you cannot flip it at will, not even to defend. Then you may pay its cost, which "
          "Contracts it: a Beastie or Artifact stays (and defends, Fatigued, if an Attack on its host "
          "flipped it), a Spell or Potion happens and goes to the Cemetery. Unpaid, it goes to the "
          "Afterlife with no Effect. Several flipping at once resolve in the order the active Caster "
          "picks.\n\n"
          "Any Page may go face-down, but if one without the Trap Trait is revealed, its Caster loses the "
          "game. A face-down Page under another cannot be targeted, and it stays, alone, when its host "
          "leaves.",
          see_also=("trap-trait", "placement", "combat", "contract"),
          rules=("MZ22-TRAP-1", "MZ22-TRAP-2", "MZ22-TRAP-3", "MZ22-TRAP-4", "MZ22-TRAP-6", "MZ22-TRAP-7",
                 "MZ22-TRAP-8", "MZ22-TRAP-9", "MZ22-TRAP-10", "MZ22-TRAP-11", "MZ22-TRAP-12", "MZ22-TRAP-13",
                 "MZ22-TRAP-14", "MZ22-TRAP-15", "MZ22-TRAP-16", "MZ22-TRAP-17", "MZ22-TRAP-18",
                 "MZ22-TRAP-19", "MZ22-TRAP-20", "MZ22-TRAP-21", "MZ22-TRAP-22", "MZ22-TRAP-24",
                 "MZ22-TURN-9", "MZ22-TURN-10"),
          aliases=("trap", "face-down", "face down", "facedown", "bluff", "trap pages")),
    Topic("equipment", "Equipment", "term",
          "Equipment attaches itself beneath another Page in the Arena, the Equipped Page, and gives it "
          "what its text says. Any type of Page can be Equipment. It is controlled by whoever controls the "
          "Equipped Page but stays yours, counts as outside the Arena (so nothing attacks it), and moves "
          "with its Page. A Page may carry any number of Equipment.\n\n"
          "When the Equipped Page leaves the Arena, its Equipment goes to its own discard pile without "
          "being Destroyed. You choose the Page to Equip as you Contract the Equipment (a Beastie "
          "Equipment may choose none and enter as a Beastie); if that Page is gone before the Equipment "
          "attaches, the Equipment is discarded too.",
          see_also=("equipment-trait", "placement", "discard-piles"),
          rules=("MZ22-EQUIP-1", "MZ22-EQUIP-2", "MZ22-EQUIP-3", "MZ22-EQUIP-4", "MZ22-EQUIP-7",
                 "MZ22-EQUIP-8", "MZ22-EQUIP-10", "MZ22-EQUIP-11", "MZ22-EQUIP-12", "MZ22-EQUIP-13",
                 "MZ22-EQUIP-15", "MZ22-EQUIP-16"),
          aliases=("equip", "equipped", "unequip", "equipped page")),
    Topic("placement", "On top of and underneath", "term",
          "Pages lie on top of or under one another only when an Effect puts them there; how Pages happen "
          "to overlap on a table means nothing, and here every Page is shown in full with what lies under "
          "it.\n\n"
          "Put under a Page by another Page's Effect, a Page leaves the Arena without being Destroyed: it "
          "loses its Indicators and cannot be targeted or counted. Put there by its own Effect, it stays "
          "in the Arena and goes along with its Page. When the top Page leaves the Arena for a Limbo, "
          "Cemetery or Afterlife, the Pages under it go to their own owners' pile of the same name; when "
          "it goes back to a Chapter or Spellbook, to their own discard piles; unless an Effect says they "
          "come back. None of this triggers DESTROYED Effects.\n\n"
          "What lies under a Page is public, except a face-down Trap. Equipment and Traps have their own "
          "rules.",
          see_also=("equipment", "traps", "discard-piles", "destroyed-effects"),
          rules=("MZ22-PLACE-2", "MZ22-PLACE-3", "MZ22-PLACE-4", "MZ22-PLACE-5", "MZ22-PLACE-6",
                 "MZ22-PLACE-7", "MZ22-PLACE-8", "MZ22-PLACE-9", "MZ22-PLACE-10", "MZ22-PLACE-11",
                 "MZ22-PLACE-12", "MZ22-PLACE-14", "MZ22-PLACE-15", "MZ22-PLACE-16", "MZ22-PLACE-17"),
          aliases=("underneath", "on top of", "under", "beneath", "layering", "placement rules")),
    Topic("surroundings", "Surroundings and the 4th Wall", "term",
          "Some Terra Bonuses and Page texts look at the world outside the game: a forest nearby, rain, "
          "night, a drink in sight, a train. At the start of a game each Caster declares such places, "
          "items and personal conditions; the declaration is public and does not change. Time of day, "
          "moon, season, sky and (where enabled) weather are worked out again at the start of each turn "
          "and then stay fixed for that turn.\n\n"
          "A 4th Wall text is satisfied by the declaration, or by a face-up Page in the Arena whose name "
          "matches (a Page called a train counts as a train), or for a place by a Terra of that name. It "
          "is checked each time it matters, so it changes as Pages come and go.\n\n"
          "The board lists the mode, what each Caster declared and the keys worked out this turn.",
          see_also=("match-modes", "terra-bonus", "terra-page", "special-terra"),
          rules=("MZ22-WALL-1", "MZ22-WALL-2", "MZ22-WALL-3", "MZ22-WALL-4", "MZ22-WALL-5", "MZ22-WALL-6",
                 "MZ22-WALL-8", "MZ22-WALL-9", "MZ22-WALL-11", "MZ22-TERRA-8", "MZ22-TERRA-10",
                 "MZ22-TERRA-13"),
          aliases=("4th wall", "fourth wall", "4th wall effects", "surrounding", "declared keys",
                   "derived keys", "weather")),
    Topic("match-modes", "Surroundings modes", "term",
          "A match setting decides how the real world counts. Shared: the Casters sit together and one "
          "declaration serves everyone. Per-Caster: for remote play, each Page checks its own controller's "
          "declaration plus the Terra in the Arena. Terra-Pages-only: nothing is declared and only Terra "
          "Pages switch bonuses on, as in tournaments.",
          see_also=("surroundings", "terra-bonus"),
          rules=("MZ22-TERRA-9", "MZ22-TERRA-8"),
          aliases=("match mode", "surroundings mode", "shared mode", "per-caster", "terra pages only",
                   "terra-only")),
    Topic("special-terra", "Special Terra", "card type",
          "A Special Terra is a Terra Page with Effects as well as its Terra Bonus. Its Effects affect every "
          "Caster and work exactly while it holds a Terra slot. With several in the Arena, copies of the "
          "same one included, their Effects add up unless a Page says otherwise.",
          see_also=("terra-page", "terra-slots", "terra-bonus"),
          rules=("MZ22-SPTERRA-1", "MZ22-SPTERRA-2", "MZ22-SPTERRA-3", "MZ22-SPTERRA-4", "MZ22-SPTERRA-5"),
          aliases=("special terra", "special terra pages")),
)


TOPICS: tuple[Topic, ...] = (_OVERVIEW, *_TURN, *_PHASES, *_ACTIONS, *_KEYWORDS, *_STATUSES, *_WIN,
                             *_ZONES, *_CARD_TYPES, *_TERMS, *_TRAITS, *_PART2)
