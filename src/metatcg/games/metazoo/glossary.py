"""MetaZoo (four-lane edition) rules help: the topics ``metatcg rules metazoo`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metazoo-lanes.md, which follows
the Compendium where the two rulebooks differ); each topic cites the rule IDs it restates in
``rules``, never in its text. Numbers the game keeps as named constants (MP to win, lanes, slots,
the Aura cap, deck sizes) are read from them; the mission awards of 2 and 1 MP are literals in the
rules code too.
"""
from __future__ import annotations

from ...ui.glossary import Topic
from .data import ALLIED_SUPPLY, AURA_CAP, BASE_LANE_LIMIT, LANES, MP_TO_WIN
from .deckcheck import AURA_DECK, MAIN_MIN, MAX_COPIES

_OVERVIEW = Topic(
    "overview", "MetaZoo at a glance", "overview",
    f"Two players, each led by a Caster, fight over {LANES} lanes by winning missions there. Mission "
    f"Points (MP) decide the game: the first to {MP_TO_WIN} MP wins.\n\n"
    "Aura is your resource: you tap Aura to play cards and use abilities. A round goes:\n"
    "- Draw phase: the players swap Priority (not in round 1), then each draws a card.\n"
    "- Aura phase: each adds an Aura from their Aura deck, untaps everything, and all lanes are "
    "ready again.\n"
    "- Action phase: players alternate single actions, the Priority player first: play a card, enhance "
    "a lane with Aura, Trade Aura, use an ability, or declare a mission. You cannot pass.\n"
    "- A mission compares the Influence on both sides of a lane; the higher side scores MP. The round "
    f"ends once all {LANES} lanes have been resolved.",
    see_also=("round", "mission", "winning", "aura-card"),
    rules=("MZL-WIN-1", "MZL-WIN-2", "MZL-LANE-1", "MZL-ROUND-1", "MZL-DRAW-1", "MZL-DRAW-3",
           "MZL-AURAPH-1", "MZL-AURAPH-6", "MZL-AURAPH-7", "MZL-AURAPH-8", "MZL-ACTION-1", "MZL-ACTION-2",
           "MZL-ACTION-3", "MZL-ACTION-4", "MZL-MISSION-1"))

_TURN = (
    Topic("round", "A round", "turn",
          "The game is played in rounds of three phases: draw, Aura and action. Both players do the draw "
          "and Aura phases together; most of the game happens in the action phase, where each turn is "
          f"exactly one action. The round ends when the last of the {LANES} lanes has been resolved.",
          see_also=("draw", "aura-phase", "action", "end-of-round", "priority"),
          rules=("MZL-ROUND-1", "MZL-ROUND-2", "MZL-ROUND-3", "MZL-ACTION-1", "MZL-ACTION-4"),
          aliases=("rounds", "turn")),
)

_PHASES = (
    Topic("setup", "Setup", "phase",
          "Each player puts their Caster in their Caster zone, shuffles their Aura deck and moves its top "
          "Aura into their Aura zone, shuffles their main deck and draws 5 cards. There is no mulligan. "
          "A random draw picks a player who chooses to be the Priority or the Non-Priority player. Then "
          "the Starter Terras are placed, one at a time and alternating, Priority player first, filling "
          f"lanes 1 to {LANES} from left to right; placing them costs nothing and triggers nothing.",
          see_also=("priority", "terra", "deck-building"),
          rules=("MZL-SETUP-1", "MZL-SETUP-2", "MZL-SETUP-3", "MZL-SETUP-4", "MZL-SETUP-5", "MZL-SETUP-6",
                 "MZL-SETUP-7", "MZL-SETUP-8", "MZL-SETUP-10", "MZL-SETUP-12", "MZL-SETUP-13",
                 "MZL-SETUP-14"),
          aliases=("ready",)),
    Topic("draw", "Draw phase", "phase",
          "From round 2 on, the players first swap Priority. Then each player draws 1 card from their main "
          "deck, in round 1 too. Hands have no size limit, and drawing from an empty deck simply draws "
          "nothing.",
          see_also=("priority", "main-deck"),
          rules=("MZL-DRAW-1", "MZL-DRAW-2", "MZL-DRAW-3", "MZL-DRAW-4", "MZL-DRAW-5"),
          aliases=("draw phase",)),
    Topic("aura-phase", "Aura phase", "phase",
          f"Each player moves 1 Aura from their Aura deck to their Aura zone, unless they already have "
          f"{AURA_CAP} Aura (lanes included) or the Aura deck is empty. Then all Aura, all units and the "
          "Caster untap, and every lane loses its resolved mark.",
          see_also=("aura-card", "tapped", "resolved"),
          rules=("MZL-AURAPH-1", "MZL-AURAPH-2", "MZL-AURAPH-3", "MZL-AURAPH-5", "MZL-AURAPH-6",
                 "MZL-AURAPH-7", "MZL-AURAPH-8", "MZL-AURAPH-9"),
          aliases=("aura", "aura phase")),
    Topic("action", "Action phase", "phase",
          "Players take turns of exactly one action, the Priority player first. An action is one of: play "
          "a card from your hand (or your Caster), enhance a lane with an Aura, Trade Aura, use an ability, "
          "or declare a mission in an unresolved lane. Passing is not allowed, so when you want nothing "
          "else you must declare a mission. Paying a cost is part of the action, never an action of its "
          f"own. The phase ends once all {LANES} lanes are resolved.",
          see_also=("play-a-card", "enhance", "trade-aura", "ability", "mission", "active-player"),
          rules=("MZL-ACTION-1", "MZL-ACTION-2", "MZL-ACTION-3", "MZL-ACTION-4", "MZL-ACTION-5",
                 "MZL-ACTION-7"),
          aliases=("action phase", "actions")),
    Topic("end-of-round", "End of round", "phase",
          "When the round ends: every Aura in a lane goes back to its Aura zone (tapped or not as it was); "
          "\"at the end of the round\" effects happen in the order the Priority player picks; \"give\" and "
          "\"deal\" effects run out and all damage is removed, together; once-per-round marks are cleared.",
          see_also=("give-gain-have-deal", "damage", "enhance"),
          rules=("MZL-ROUND-5", "MZL-ROUND-6", "MZL-ROUND-7", "MZL-ENHANCE-11", "MZL-DAMAGE-5"),
          aliases=("end", "end of round")),
)

_ACTIONS = (
    Topic("play-a-card", "Playing a card", "action",
          "Tap untapped Aura from your Aura zone equal to the card's cost; at least one must be of the "
          "card's own Aura type. Aura enhancing a lane cannot pay. Creatures and equipment go on your side "
          "of a lane with room, but not where your side already has a card of exactly the same name "
          "(tokens aside). A card is put in place first, then its On Play abilities happen. A 0-cost "
          "card needs an Aura of its type in your Aura zone.",
          see_also=("cost", "unique", "lane", "on-play"),
          rules=("MZL-PLAY-1", "MZL-PLAY-2", "MZL-PLAY-3", "MZL-PLAY-4", "MZL-PLAY-5", "MZL-PLAY-6",
                 "MZL-PLAY-11", "MZL-ERRATA-ZERO-2"),
          aliases=("play", "playing a card")),
    Topic("trade-aura", "Trade Aura", "action",
          "As an action, tap one untapped Aura in your Aura zone, then swap one primary Aura there for an "
          "allied Aura from your supply set aside before the game; it comes in tapped or untapped like the "
          "one it replaces. It is the only way to get allied Aura, it needs a Caster with an allied type, "
          "and it still works after your Caster is face down or you have reached the Aura cap.",
          see_also=("aura-card", "caster", "deck-building"),
          rules=("MZL-TRADE-1", "MZL-TRADE-2", "MZL-TRADE-3", "MZL-TRADE-4", "MZL-TRADE-5", "MZL-TRADE-7"),
          aliases=("trade",)),
    Topic("ability", "Using an ability", "action",
          "As an action, use an ability of one of your units or of your Caster (also from its Caster "
          "zone). A tap ability needs its card untapped and taps it; it can be used again once the card is "
          "untapped. An ability paid with Aura (one Aura of each type shown) or marked with the Action "
          "icon can be used once per round. Equipment abilities work only while a friendly creature shares "
          "the lane. Either player may use a Terra's Action-icon ability, once per round each.",
          see_also=("tapped", "equipment", "caster"),
          rules=("MZL-ABILITY-1", "MZL-ABILITY-2", "MZL-ABILITY-4", "MZL-ABILITY-6", "MZL-ABILITY-8",
                 "MZL-ABILITY-9", "MZL-ABILITY-10", "MZL-ABILITY-11", "MZL-ERRATA-ICON-1",
                 "MZL-ERRATA-ICON-5"),
          aliases=("abilities", "use ability", "action icon")),
    Topic("mission", "Declaring a mission", "action",
          "As an action, declare a mission in any lane not yet resolved this round, even one where you "
          "have no cards. Each side adds up its Influence: untapped creatures, untapped equipment while a "
          "friendly creature is in the lane, and +1 for each untapped enhancing Aura while a friendly "
          "creature is there. Tapped units add nothing.\n\n"
          "Equal totals: nobody scores. Otherwise the higher side wins 2 MP if the other side has no "
          "creature in the lane, or 1 MP if it has (2 with Soar). Then come the effects of winning "
          "(Overwhelm, Destruction), the lane is marked resolved, and the game checks for a winner.",
          see_also=("influence", "soar", "destruction", "resolved", "mission-points", "overwhelm"),
          rules=("MZL-DECLARE-1", "MZL-DECLARE-2", "MZL-DECLARE-3", "MZL-MISSION-1", "MZL-MISSION-2",
                 "MZL-MISSION-3", "MZL-MISSION-5", "MZL-MISSION-6", "MZL-MISSION-7", "MZL-MISSION-8",
                 "MZL-MISSION-11", "MZL-MISSION-13", "MZL-MISSION-14", "MZL-MISSION-17"),
          aliases=("missions", "declare mission", "declare a mission", "contested", "uncontested")),
)

_KEYWORDS = (
    Topic("soar", "Soar", "keyword",
          "A side with Soar that wins a contested mission scores 2 MP, as if uncontested, unless the other "
          "side of that lane has Soar too. Several Soar on one side count once, a tapped creature's Soar "
          "still counts, and Soar never turns a tie or a loss into a win.",
          see_also=("mission",),
          rules=("MZL-KW-SOAR-1", "MZL-KW-SOAR-2", "MZL-KW-SOAR-3", "MZL-MISSION-8")),
    Topic("destruction", "Destruction", "keyword",
          "For each Destruction on the side that wins a lane's mission, the loser must Shatter one of their "
          "own units in that lane, choosing which. Units that cannot be Shattered, and enhanced Aura, cannot "
          "be chosen; with too few units the rest is lost. Each enhancing Aura gives its side one "
          "Destruction while a friendly creature is in the lane.",
          see_also=("shatter", "enhance", "mission"),
          rules=("MZL-KW-DESTRUCTION-1", "MZL-KW-DESTRUCTION-2", "MZL-KW-DESTRUCTION-3",
                 "MZL-KW-DESTRUCTION-4", "MZL-MISSION-12", "MZL-ENHANCE-7")),
    Topic("enhance", "Aura enhancement", "keyword",
          "A creature with the Aura enhancement symbol (or such equipment next to a friendly creature) lets "
          "its controller enhance that lane: as an action, "
          "move one untapped Aura from your Aura zone onto your side there (it takes a slot). Each "
          "enhancing Aura gives +1 Influence while untapped and while a friendly creature is in the lane, "
          "and one Destruction while a friendly creature is there. It cannot pay costs, the opponent "
          "normally cannot touch it, and it goes back to the Aura zone when the round ends.",
          see_also=("destruction", "aura-card", "lane", "end-of-round"),
          rules=("MZL-ENHANCE-1", "MZL-ENHANCE-2", "MZL-ENHANCE-3", "MZL-ENHANCE-4", "MZL-ENHANCE-5",
                 "MZL-ENHANCE-6", "MZL-ENHANCE-7", "MZL-ENHANCE-8", "MZL-ENHANCE-9", "MZL-ENHANCE-11",
                 "MZL-ENHANCE-13", "MZL-ERRATA-ENHANCE-2"),
          aliases=("aura enhancement", "enhanced", "enhanced aura", "aura enhanced", "enhancing")),
    Topic("gigantic", "Gigantic (X)", "keyword",
          "A Gigantic (X) unit shrinks its controller's side of its lane by X slots. Several Gigantic "
          "units on one side add up, and the unit's own X counts when checking whether it fits.",
          see_also=("lane",),
          rules=("MZL-ERRATA-GIGANTIC-1", "MZL-ERRATA-GIGANTIC-2", "MZL-LANE-14")),
    Topic("cannot", "\"Cannot\" effects", "keyword",
          "A unit that cannot be Shattered, damaged, tapped, Moved, returned to hand, Dueled or targeted "
          "cannot be chosen for an effect that would do that to it. For example, it cannot be picked to "
          "satisfy Destruction. If nothing else can be chosen, that part of the effect does nothing.",
          see_also=("destruction", "shatter", "duel"),
          rules=("MZL-ERRATA-CANNOT-1", "MZL-ERRATA-CANNOT-2", "MZL-ERRATA-CANNOT-3"),
          aliases=("cannot_be_shattered", "cannot_be_damaged", "cannot_be_tapped", "cannot_be_moved",
                   "cannot_be_returned", "cannot_be_dueled", "cannot_be_targeted")),
    Topic("give-gain-have-deal", "Give, gain, have, deal", "keyword",
          "\"Give\" lasts until the end of the round; \"gain\" is permanent (a unit keeps it while it stays "
          "in play); \"has\" applies only while its condition holds; \"deal\" is damage, which also goes "
          "away when the round ends.",
          see_also=("end-of-round", "damage"),
          rules=("MZL-KW-GIVE-1", "MZL-KW-GIVE-2", "MZL-KW-GIVE-3", "MZL-KW-GIVE-4", "MZL-KW-GIVE-5"),
          aliases=("give", "gain", "have", "has", "deal")),
    Topic("create", "Create", "keyword",
          "Creating brings something into play, usually a token, that was not in any of your zones. It "
          "enters the lane but is not played, so On Play and \"when played\" effects do not trigger.",
          see_also=("token", "on-play"),
          rules=("MZL-KW-CREATE-1", "MZL-KW-CREATE-2", "MZL-KW-CREATE-3")),
    Topic("discover", "Discover (X)", "keyword",
          "Look at the top X cards of your main deck, take one that fits the stated limits (or none), show "
          "it and put it in your hand; the rest go to the bottom in any order. It is not a search, so no "
          "shuffle follows.",
          see_also=("main-deck",),
          rules=("MZL-KW-DISCOVER-1", "MZL-KW-DISCOVER-2", "MZL-KW-DISCOVER-3", "MZL-KW-DISCOVER-4",
                 "MZL-ERRATA-FAIL-1")),
    Topic("duel", "Duel", "keyword",
          "Two creatures deal each other damage equal to their own current Influence, both at once, so "
          "both can be removed. Damage too small to remove a creature stays until the end of the round.",
          see_also=("damage", "influence"),
          rules=("MZL-KW-DUEL-1", "MZL-KW-DUEL-2", "MZL-KW-DUEL-3", "MZL-KW-DUEL-4", "MZL-ERRATA-INFL-7"),
          aliases=("dueled",)),
    Topic("during-mission", "During Mission", "keyword",
          "These abilities apply while a mission's totals and MP award are worked out, and only change what "
          "units contribute to that mission, not their Influence. Unless they say otherwise, they work only "
          "in the lane being resolved.",
          see_also=("mission", "influence"),
          rules=("MZL-KW-DURING-1", "MZL-KW-DURING-2", "MZL-ERRATA-SCOPE-1")),
    Topic("move", "Move", "keyword",
          "Take a card in play to another lane, staying on its controller's side with its tapped state and "
          "damage. It must fit there and not break the same-name rule. It enters the new lane but is not "
          "played.",
          see_also=("lane",),
          rules=("MZL-KW-MOVE-1", "MZL-KW-MOVE-2", "MZL-KW-MOVE-3"),
          aliases=("moved",)),
    Topic("on-play", "On Play", "keyword",
          "Triggers when its card is played to a lane: not when it is created, Moved or placed at setup.",
          see_also=("play-a-card", "create"),
          rules=("MZL-KW-ONPLAY-1",)),
    Topic("on-mission", "On Mission abilities", "keyword",
          "On Mission Declaration abilities trigger when a mission is declared, before it resolves. On "
          "Mission Resolution abilities trigger once the winner is decided and MP are awarded; On "
          "Successful Mission ones at the same moment, but only for the winner. Normally only cards in "
          "the mission's lane trigger.",
          see_also=("mission", "overwhelm"),
          rules=("MZL-KW-ONDECL-1", "MZL-KW-ONRES-1", "MZL-KW-ONSUCCESS-1", "MZL-ERRATA-SCOPE-1"),
          aliases=("on mission declaration", "on mission resolution", "on successful mission")),
    Topic("overwhelm", "Overwhelm (X)", "keyword",
          "Triggers when a mission resolves, only for the winning side and only if it won by X Influence "
          "or more (its total minus the loser's).",
          see_also=("mission", "on-mission"),
          rules=("MZL-KW-OVERWHELM-1", "MZL-KW-OVERWHELM-2", "MZL-KW-OVERWHELM-3")),
    Topic("sacrifice", "Sacrifice", "keyword",
          "Put a card you control from play into the discard pile (a token or Caster just leaves play), "
          "usually as an extra cost. It is not a Shatter and cannot be prevented. A unit may Sacrifice "
          "itself unless the text asks for \"another\".",
          see_also=("dispelled", "shatter"),
          rules=("MZL-KW-SACRIFICE-1", "MZL-KW-SACRIFICE-2", "MZL-KW-SACRIFICE-3", "MZL-KW-SACRIFICE-4",
                 "MZL-KW-SACRIFICE-5",
                 "MZL-ERRATA-SELFSAC-1"),
          aliases=("sacrificed",)),
    Topic("shatter", "Shatter", "keyword",
          "Sends a unit from play straight to its owner's discard pile, whatever its Influence. A Shattered "
          "main-deck card is Dispelled, a Shattered token leaves the game, and a Shattered Caster goes face "
          "down to its Caster zone. Aura can never be Shattered.",
          see_also=("dispelled", "cannot", "destruction"),
          rules=("MZL-KW-SHATTER-1", "MZL-KW-SHATTER-2", "MZL-AURA-6"),
          aliases=("shattered",)),
)

_STATUSES = (
    Topic("tapped", "Tapped", "status",
          "A tapped card is turned sideways: a tapped unit adds no Influence to missions, but keeps its "
          "keywords and can use abilities that do not need tapping. Tapped Aura cannot pay costs. "
          "Everything untaps in the Aura phase.",
          see_also=("aura-phase", "ability"),
          rules=("MZL-KW-TAP-1", "MZL-KW-TAP-2", "MZL-KW-TAP-4", "MZL-KW-TAP-5", "MZL-KW-TAP-6",
                 "MZL-KW-TAP-7", "MZL-MISSION-3"),
          aliases=("tap", "untap", "untapped")),
    Topic("damage", "Damage", "status",
          "Once the damage on a unit reaches its current Influence, the unit is removed (Dispelled, if it "
          "came from a main deck). Smaller damage stays for the rest of the round and is cleared when the "
          "round ends. Aura never takes damage.",
          see_also=("influence", "duel", "dispelled"),
          rules=("MZL-DAMAGE-1", "MZL-DAMAGE-2", "MZL-DAMAGE-4", "MZL-DAMAGE-5", "MZL-DAMAGE-6",
                 "MZL-AURA-6"),
          aliases=("damaged",)),
    Topic("dispelled", "Dispelled", "status",
          "A main-deck card that goes from play to the discard pile, by Shatter, Sacrifice, damage, "
          "replacement or anything else, is Dispelled, and its \"When Dispelled\" abilities trigger. Tokens "
          "and Casters are never Dispelled (they only leave play), nor are Strategies or Aura. A card "
          "returned to hand is not Dispelled either.",
          see_also=("shatter", "sacrifice", "token", "caster"),
          rules=("MZL-DAMAGE-3", "MZL-KW-DISPEL-1", "MZL-KW-DISPEL-2", "MZL-KW-DISPEL-3",
                 "MZL-ERRATA-LEAVES-1", "MZL-ERRATA-LEAVES-3", "MZL-ERRATA-LEAVES-5", "MZL-ERRATA-LEAVES-6"),
          aliases=("dispel", "when dispelled")),
    Topic("resolved", "Resolved lane", "status",
          "A lane whose mission is over for this round; no mission can be declared there until the next "
          "Aura phase. Its units keep working, cards may still be played into it, and replacing its Terra "
          "does not unresolve it.",
          see_also=("mission", "aura-phase"),
          rules=("MZL-MISSION-13", "MZL-DECLARE-2", "MZL-AURAPH-8", "MZL-ERRATA-LANERES-1", "MZL-PLAY-10",
                 "MZL-ERRATA-TERRAREPL-1"),
          aliases=("resolved lane",)),
    Topic("razed", "Razed lane", "status",
          "A lane with no Terra in its slot. It still holds missions and awards MP as usual, and a Terra "
          "may be played into the empty slot. Anything needing a Terra in the lane fails there.",
          see_also=("terra", "lane"),
          rules=("MZL-LANE-5", "MZL-TERRA-3", "MZL-TERRA-4", "MZL-ERRATA-RAZED-1"),
          aliases=("razed lane",)),
    Topic("face-down-caster", "Face-down Caster", "status",
          "A Caster that was Shattered (or sent anywhere but a lane or its Caster zone) goes back face down "
          "to its Caster zone for the rest of the game: it cannot be played and its powers stop. It still "
          "sets your Aura types, and you can still Trade Aura.",
          see_also=("caster", "trade-aura"),
          rules=("MZL-CASTER-9", "MZL-CASTER-10", "MZL-CASTER-12"),
          aliases=("face down", "face down caster")),
    Topic("priority", "Priority", "status",
          "For a whole round one player holds Priority: they take the first action of the action phase and "
          "are the active player whenever nobody is taking an action. The role passes to the other "
          "player at the start of each later round.",
          see_also=("draw", "active-player", "setup"),
          rules=("MZL-SETUP-8", "MZL-SETUP-9", "MZL-ROUND-4", "MZL-DRAW-1", "MZL-ERRATA-ACTIVE-2"),
          aliases=("priority player", "non priority")),
)

_WIN = (
    Topic("winning", "Winning the game", "win",
          f"The first player to reach {MP_TO_WIN} Mission Points or more wins. If both get there at the "
          "same check, the higher total wins; if they are equal, play goes on until one player leads by at "
          "least 1. Nothing else ends the game: an empty deck is no loss.",
          see_also=("mission-points", "mission"),
          rules=("MZL-WIN-1", "MZL-WIN-2", "MZL-WIN-3", "MZL-WIN-4", "MZL-MISSION-15", "MZL-MISSION-16"),
          aliases=("win", "over", "game over", "how to win")),
    Topic("mission-points", "Mission Points (MP)", "win",
          "The score. You gain them mostly by winning missions (2 MP uncontested, 1 contested), and some "
          "effects give or take them. Gained MP are kept.",
          see_also=("winning", "mission", "soar"),
          rules=("MZL-WIN-1", "MZL-MISSION-6", "MZL-MISSION-7", "MZL-KW-GIVE-2"),
          aliases=("mp", "mission point")),
)

_ZONES = (
    Topic("lane", "Lanes", "zone",
          f"The field has {LANES} lanes. Each has a shared Terra slot in the middle and one side per player. "
          f"A side holds at most {BASE_LANE_LIMIT} things: units (creatures, equipment, tokens, a Caster) "
          "and enhancing Aura each take a slot; the Terra takes none, though it may change the limit. You "
          "cannot add to a full side or remove your own cards to make room.",
          see_also=("gigantic", "terra", "unit", "razed"),
          rules=("MZL-LANE-1", "MZL-LANE-2", "MZL-LANE-4", "MZL-LANE-6", "MZL-LANE-7", "MZL-LANE-8",
                 "MZL-LANE-9", "MZL-LANE-10", "MZL-LANE-11"),
          aliases=("lanes", "side", "slot", "slots", "lane size")),
    Topic("aura-zone", "Aura zone", "zone",
          f"Where your Aura wait to be tapped for costs. You may have at most {AURA_CAP} Aura, counting those "
          "enhancing lanes.",
          see_also=("aura-card", "aura-phase"),
          rules=("MZL-SETUP-3", "MZL-AURAPH-3", "MZL-AURAPH-4", "MZL-PLAY-1")),
    Topic("aura-deck", "Aura deck", "zone",
          f"{AURA_DECK} Aura of your Caster's primary type, shuffled; one comes out at setup and one each "
          "Aura phase. When it is empty no more Aura come, which does not lose the game.",
          see_also=("aura-card", "aura-phase"),
          rules=("MZL-DECK-13", "MZL-SETUP-2", "MZL-AURAPH-1", "MZL-AURAPH-5", "MZL-WIN-4")),
    Topic("caster-zone", "Caster zone", "zone",
          "Your Caster starts here. From here its Caster Powers and abilities still work, and you may play "
          "it into a lane by paying its cost.",
          see_also=("caster", "face-down-caster"),
          rules=("MZL-SETUP-1", "MZL-CASTER-2", "MZL-CASTER-4", "MZL-CASTER-7", "MZL-CASTER-8")),
    Topic("main-deck", "Main deck", "zone",
          "Your draw pile. You draw from it each draw phase; running out is no loss. After a search it "
          "is shuffled.",
          see_also=("draw", "deck-building", "discover"),
          rules=("MZL-DRAW-3", "MZL-DRAW-5", "MZL-WIN-4", "MZL-ERRATA-SEARCH-1"),
          aliases=("deck",)),
    Topic("discard-pile", "Discard pile", "zone",
          "Main-deck cards go here when they are Dispelled, used (Strategies) or replaced (Terras). Tokens, "
          "Casters and Aura never go there.",
          see_also=("dispelled",),
          rules=("MZL-DAMAGE-3", "MZL-STRATEGY-3", "MZL-TERRA-5", "MZL-TOKEN-3", "MZL-CASTER-9", "MZL-AURA-5"),
          aliases=("discard",)),
    Topic("allied-supply", "Allied supply", "zone",
          f"{ALLIED_SUPPLY} Aura of your Caster's allied type, set aside outside the game. You reach them only "
          "by Trade Aura.",
          see_also=("trade-aura", "deck-building"),
          rules=("MZL-DECK-14", "MZL-DECK-15", "MZL-TRADE-4"),
          aliases=("supply",)),
)

_CARD_TYPES = (
    Topic("caster", "Caster", "card type",
          "Your leader: it sets your primary Aura type and, if its allied box shows another type, your "
          "allied type. It starts in your Caster zone, where it is not a creature; played into a lane it "
          "counts as a creature and takes a slot. Its Caster Powers work from either place; one with a cost "
          "is used once per round.",
          see_also=("caster-zone", "face-down-caster", "trade-aura"),
          rules=("MZL-DECK-2", "MZL-DECK-3", "MZL-CASTER-1", "MZL-CASTER-2", "MZL-CASTER-3", "MZL-CASTER-5",
                 "MZL-CASTER-6", "MZL-CASTER-7", "MZL-CASTER-11"),
          aliases=("casters", "caster power", "caster powers")),
    Topic("creature", "Creature", "card type",
          "Cryptids and myths played to your side of a lane; they bring Influence to missions. A creature "
          "whose Influence drops to 0 or less is Shattered at once.",
          see_also=("influence", "unit", "unique"),
          rules=("MZL-CREATURE-1", "MZL-CREATURE-2", "MZL-CREATURE-3"),
          aliases=("creatures",)),
    Topic("equipment", "Equipment", "card type",
          "Gear that stands on its own in a lane, never attached to a creature. While no friendly creature "
          "shares its lane it adds no Influence and its abilities, On Play included, do nothing; with one "
          "there (even tapped) it adds its Influence unless it is tapped itself.",
          see_also=("unit", "influence"),
          rules=("MZL-EQUIP-1", "MZL-EQUIP-2", "MZL-EQUIP-3", "MZL-EQUIP-5", "MZL-EQUIP-8"),
          aliases=("equipments",)),
    Topic("terra", "Terra", "card type",
          "A place, put in a lane's Terra slot; its effects reach every relevant card in its lane, for both "
          "players. You may play one into an empty slot, or onto another Terra, which is replaced and "
          "discarded. Only \"Terra (Starter)\" cards may begin the game on the field.",
          see_also=("razed", "lane", "setup"),
          rules=("MZL-TERRA-1", "MZL-TERRA-3", "MZL-TERRA-4", "MZL-TERRA-5", "MZL-TERRA-6", "MZL-TERRA-7",
                 "MZL-TERRA-8", "MZL-DECK-10"),
          aliases=("terras", "starter terra", "starter terras")),
    Topic("strategy", "Strategy", "card type",
          "A one-time effect: it happens as soon as the card is played, then the card is discarded. "
          "Strategies never go into lanes and are never Dispelled.",
          rules=("MZL-STRATEGY-1", "MZL-STRATEGY-3", "MZL-STRATEGY-4"),
          aliases=("strategies",)),
    Topic("aura-card", "Aura", "card type",
          "The resource, each of one Aura type (Air, Earth, Fire, Lightning or Water). Tapped to pay costs. "
          "Aura never goes to a hand, the main deck or a discard pile, and cannot be Shattered, damaged "
          "or Dispelled.",
          see_also=("aura-zone", "aura-deck", "enhance", "trade-aura"),
          rules=("MZL-AURA-1", "MZL-AURA-3", "MZL-AURA-5", "MZL-AURA-6"),
          aliases=("aura type", "primary", "allied")),
    Topic("token", "Token", "card type",
          "A unit that only effects create. Tokens ignore the same-name rule but still take slots. A token "
          "that would leave play for any zone simply leaves the game.",
          see_also=("create", "unit"),
          rules=("MZL-TOKEN-1", "MZL-TOKEN-2", "MZL-TOKEN-3", "MZL-TOKEN-5", "MZL-TOKEN-6"),
          aliases=("tokens",)),
)

_TERMS = (
    Topic("influence", "Influence", "term",
          "How much a unit helps its side win missions, and how much damage it takes to remove it. Base "
          "Influence is printed; current Influence is that with all effects applied; contributed "
          "Influence is what it actually adds to a mission, which may differ and may be negative. Damage "
          "and removal look at current Influence only.",
          see_also=("mission", "damage"),
          rules=("MZL-KW-INFLUENCE-1", "MZL-KW-INFLUENCE-2", "MZL-ERRATA-INFL-1", "MZL-ERRATA-INFL-2",
                 "MZL-ERRATA-INFL-3", "MZL-ERRATA-INFL-4", "MZL-ERRATA-INFL-5", "MZL-ERRATA-INFL-6")),
    Topic("unit", "Unit", "term",
          "Any creature, token, equipment or Caster in a lane. Enhancing Aura and Terras are not units.",
          see_also=("lane",),
          rules=("MZL-KW-UNIT-1", "MZL-KW-UNIT-2"),
          aliases=("units",)),
    Topic("unique", "Unique", "term",
          "Only one copy of a Unique card may be in play on your side (for a Terra: on the whole field). "
          "The opponent may still play their own copy.",
          see_also=("play-a-card",),
          rules=("MZL-PLAY-7", "MZL-ERRATA-UNIQUE-1", "MZL-ERRATA-UNIQUE-2", "MZL-ERRATA-UNIQUE-3")),
    Topic("active-player", "Active player", "term",
          "The player taking the current action. When one action sets off several effects at once, the "
          "active player puts them in order. Outside the action phase the Priority player is active.",
          see_also=("priority",),
          rules=("MZL-ERRATA-ACTIVE-1", "MZL-ERRATA-ACTIVE-2", "MZL-ACTION-8", "MZL-ERRATA-SIMUL-3"),
          aliases=("active",)),
    Topic("cost", "Cost", "term",
          "The Aura you tap to play a card, at least one of its own type. A card's base cost is its printed "
          "one. Reductions never take a cost below 0.",
          see_also=("play-a-card", "aura-card"),
          rules=("MZL-PLAY-1", "MZL-PLAY-2", "MZL-ERRATA-BASECOST-1", "MZL-PLAY-9"),
          aliases=("costs", "base cost")),
    Topic("deck-building", "Building a deck", "term",
          f"One Caster, two Starter Terras, an Aura deck of exactly {AURA_DECK} primary Aura, and a main deck "
          f"of at least {MAIN_MIN} cards with at most {MAX_COPIES} copies of any card. Main-deck cards are of "
          "your primary type or, if your Caster has one, your allied type; with allied cards in it, your "
          "Starter Terras must be one primary and one allied. Casters and Aura never go in the main deck.",
          see_also=("caster", "aura-deck", "main-deck"),
          rules=("MZL-DECK-1", "MZL-DECK-4", "MZL-DECK-5", "MZL-DECK-6", "MZL-DECK-11", "MZL-DECK-13",
                 "MZL-ERRATA-DECK-1"),
          aliases=("deck building", "deck rules")),
)

TOPICS: tuple[Topic, ...] = (_OVERVIEW, *_TURN, *_PHASES, *_ACTIONS, *_KEYWORDS, *_STATUSES, *_WIN,
                             *_ZONES, *_CARD_TYPES, *_TERMS)
