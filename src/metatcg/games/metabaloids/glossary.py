"""Metabaloids rules help: the topics ``metatcg rules metabaloids`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metabaloids.md); each topic
cites the rule IDs it restates in ``rules`` and never in its text. The numbers come from the
game's named constants (``data``, ``deckcheck``).
"""
from __future__ import annotations

from ...ui.glossary import Topic
from .data import COLUMNS, EMPTY_PLAY_LOSS, HAND_SIZE, MAX_DEPTH, SETUP_POINTS, TALL_MAX
from .deckcheck import MAX_CARDS, MAX_COPIES, MAX_POINTS, MIN_CARDS

_OVERVIEW = Topic(
    "overview", "Metabaloids at a glance", "overview",
    f"Two to four players each bring a deck of creatures and Events. Creatures are bought into a "
    f"reserve with Metabaloid points (by discarding cards from hand), then deployed into a play area "
    f"of up to {COLUMNS} columns. Every turn you must attack: your column's Attack plus a drawn card "
    "against the Defense of an opponent's column plus their drawn card. The losing side loses cards to "
    "its lost pile.\n\n"
    "Lost cards are the score. With two players you win when your opponent must draw and has nothing "
    "left to draw from; with three or four, the game ends the first time someone runs out and the "
    "fewest lost cards wins.\n\n"
    f"A turn: draw up to {HAND_SIZE}, use abilities, move cards, deploy the reserve, attack, restock "
    "the reserve.",
    see_also=("turn", "winning", "paying", "battle", "grid"),
    rules=("MB-WIN-1", "MB-WIN-2", "MB-WIN-7", "MB-TURN-1", "MB-ATK-2", "MB-PAY-1", "MB-ZONE-2"))

_TURN = (
    Topic("turn", "A turn", "turn",
          "Every turn runs six phases in order: Draw, Use Abilities, Move Cards, Deploy From Reserve, "
          "Attack, and Restock Reserve / End Turn. Every phase happens every turn, the first one "
          "included; a phase with nothing to do simply passes. Then the next player in seat order "
          "takes a turn.",
          see_also=("draw", "abilities", "move", "deploy", "attack", "restock", "end"),
          rules=("MB-TURN-1", "MB-TURN-2", "MB-TURN-3", "MB-SETUP-9")),
)

_PHASES = (
    Topic("setup", "Setup: initial deployment", "phase",
          f"Everyone shuffles and draws {HAND_SIZE} cards. To pick the first player each player reveals a "
          "random card of their draw pile: the highest Rarity/Cost starts, and only tied players reveal "
          "again; the revealed cards go back and the piles are shuffled. There is no mulligan.\n\n"
          f"Then, starting with the first player, everyone takes placement turns: put one creature from "
          f"hand into your play area for free, or pass. Your placed cards may add up to {SETUP_POINTS} "
          f"Rarity/Cost points at most; reaching {SETUP_POINTS}, passing or having nothing that fits "
          "finishes your deployment. When everyone is done, the first player starts turn 1.",
          see_also=("grid", "turn"),
          rules=("MB-SETUP-1", "MB-SETUP-2", "MB-SETUP-3", "MB-SETUP-4", "MB-SETUP-5", "MB-SETUP-7",
                 "MB-SETUP-8", "MB-SETUP-10"),
          aliases=("initial deployment", "first player", "cut")),
    Topic("draw", "Draw Phase", "phase",
          f"Draw until you hold {HAND_SIZE} cards. Holding {HAND_SIZE} or more, you draw nothing and keep "
          "them all: there is no hand limit. An empty draw pile is first refilled by shuffling your "
          "discard pile; with both empty, the game ends.",
          see_also=("reshuffle", "winning"),
          rules=("MB-DRAW-1", "MB-DRAW-2", "MB-DRAW-3", "MB-ZONE-12"),
          aliases=("draw phase",)),
    Topic("abilities", "Use Abilities", "phase",
          "The phase set aside for abilities and Events: use any of yours that you can pay for, one at a "
          "time, each finishing before the next. Abilities that work at any time can also be used "
          "outside this phase, in other players' turns too.",
          see_also=("ability", "event", "paying"),
          rules=("MB-ABIL-2", "MB-ABIL-1", "MB-ABIL-4", "MB-ABIL-9"),
          aliases=("use abilities", "abilities phase")),
    Topic("move", "Move Cards", "phase",
          "Move cards of yours from one column to another (or into a new column while you have fewer "
          f"than {COLUMNS}), paying 1 Metabaloid point from anywhere for each card moved. Safe cards "
          "cannot move. The play area must obey the column rules when you finish.",
          see_also=("grid", "paying", "safety"),
          rules=("MB-MOVE-1", "MB-MOVE-2", "MB-MOVE-3", "MB-MOVE-4", "MB-MOVE-5"),
          aliases=("move cards", "moving")),
    Topic("deploy", "Deploy From Reserve", "phase",
          "Every card in your reserve must go into a column of your choice, for free (it was paid for "
          "when it was restocked). Cards that cannot fit anywhere because the play area is full go to "
          "your lost pile. A card deployed into a column of safe cards ends their safety.",
          see_also=("reserve", "grid", "safety"),
          rules=("MB-DEPLOY-1", "MB-DEPLOY-3", "MB-DEPLOY-6", "MB-DEPLOY-8", "MB-DEPLOY-9"),
          aliases=("deploy from reserve", "deploying", "reinforce", "reinforcements")),
    Topic("attack", "Attack Phase", "phase",
          "You must start one attack each turn if you can; with more opponents you may attack each of "
          "them once. Pick one of your cards that is not safe (its column attacks), then a card that is "
          "not safe in an opponent's column (that column defends), pay 1 Metabaloid point from anywhere, "
          "and both cards are turned sideways to mark them. Then the battle is fought.\n\n"
          "If you cannot make any legal attack, you lose 1 card from anywhere instead, once per turn.",
          see_also=("battle", "penalties", "safety"),
          rules=("MB-ATK-1", "MB-ATK-2", "MB-ATK-3", "MB-ATK-4", "MB-ATK-6", "MB-ATK-7", "MB-ATK-8",
                 "MB-ATK-9", "MB-ATK-11"),
          aliases=("attack phase", "attacking")),
    Topic("restock", "Restock Reserve / End Turn", "phase",
          "Put creatures from your hand into your reserve, as many as you like, paying each one's "
          "Rarity/Cost with Metabaloid points discarded from your hand; points beyond a card's cost are "
          "lost. Then your turn ends. Reserve cards are deployed in your next Deploy phase.",
          see_also=("reserve", "paying", "end"),
          rules=("MB-RESTOCK-1", "MB-RESTOCK-2", "MB-RESTOCK-3", "MB-RESTOCK-4", "MB-RESTOCK-5"),
          aliases=("restock reserve", "restocking", "end turn")),
    Topic("end", "End of turn", "phase",
          f"After restocking the turn ends. If you then have no card in your play area (reserve and "
          f"Events do not count, safe cards do), you lose the top {EMPTY_PLAY_LOSS} cards of your draw "
          "pile. In the short game, the game ends now if a draw pile ran out during this turn.",
          see_also=("penalties", "short-game"),
          rules=("MB-SPEC-1", "MB-SPEC-2", "MB-RESTOCK-5", "MB-WIN-9"),
          aliases=("end of turn",)),
)

_ACTIONS = (
    Topic("battle", "Battle totals and results", "action",
          "Once an attack is declared, the attacker and the defender each draw a card and use only its "
          "Rarity/Cost. The attacker's total is that number plus the Attack of every card in the "
          "attacking column plus card bonuses; the defender's is their number plus the Defense of every "
          "card in the defending column plus bonuses. Safe cards add nothing. After the draws both sides "
          "may still use battle abilities and Events (attacker first).\n\n"
          "Higher total wins. On a tie both drawn cards go to the lost piles and nothing else happens. "
          "Otherwise the drawn cards are discarded and the losing side's marked card is lost, however "
          "small the difference; the difference beyond that card's Defense is paid as card losses, and "
          "the rest of the losing column becomes safe. Either side can lose.",
          see_also=("attack", "card-losses", "safety", "in-battle"),
          rules=("MB-TOT-1", "MB-TOT-2", "MB-TOT-3", "MB-TOT-4", "MB-TOT-5", "MB-TOT-7", "MB-TOT-8",
                 "MB-RES-1", "MB-RES-2", "MB-RES-4", "MB-RES-5", "MB-LOSS-1", "MB-LOSS-2", "MB-LOSS-3",
                 "MB-SAFE-1"),
          aliases=("battles", "totals", "battle totals", "damage")),
    Topic("paying", "Paying with Metabaloids", "action",
          "Costs are paid in Metabaloid points by discarding cards, one card at a time until the cost is "
          "covered; what a card pays beyond the cost is wasted, never saved. A card from hand pays its "
          "Metabaloids number.\n\n"
          "Some costs are paid from hand only (restocking and Events). Others are paid from anywhere "
          "(moving a card, starting a battle, abilities): then the top card of your draw pile can also "
          "pay, unseen, for exactly 1 point. The discard pile never pays, and neither do cards in play "
          "or in the reserve. You cannot take an action you cannot pay for in full.",
          see_also=("restock", "move", "card-losses"),
          rules=("MB-PAY-1", "MB-PAY-5", "MB-PAY-6", "MB-PAY-7", "MB-PAY-8", "MB-PAY-9", "MB-PAY-10"),
          aliases=("pay", "metabaloids", "metabaloid points", "cost", "costs")),
)

_STATUSES = (
    Topic("safety", "Safety (safe cards)", "status",
          "After a lost battle, the cards left in the losing column turn sideways and are safe: they "
          "cannot attack, be attacked or targeted, use abilities, move or pay, and add nothing to "
          "totals. They still count as cards in your play area. Safety lasts until you deploy a card "
          "from your reserve into that column. A player whose cards in play are all safe cannot attack "
          "or be attacked.",
          see_also=("battle", "deploy", "rally", "shelter"),
          rules=("MB-SAFE-1", "MB-SAFE-2", "MB-SAFE-3", "MB-SAFE-4", "MB-SAFE-5", "MB-SAFE-6", "MB-SAFE-8"),
          aliases=("safe", "sideways")),
    Topic("used", "Used abilities", "status",
          "Each card may use its ability once a round: from the start of its controller's turn to the "
          "start of their next one. A card that changes zones starts fresh. The board marks a card "
          "that has used its ability.",
          see_also=("ability", "refresh"),
          rules=("MB-ABIL-1", "MB-ABIL-6", "MB-ABIL-7")),
)

_TERMS = (
    Topic("card-losses", "Card losses", "term",
          "Damage left after the losing card is paid by losing cards from anywhere, one at a time, each "
          "absorbing as many points as its Defense: the top card of your discard pile (whatever its "
          "Defense, even 0), a card from your hand with Defense 1 or more, or the top card of your draw "
          "pile (unseen, 1 point). You stop once the damage is covered. Lost cards go to your lost pile.",
          see_also=("battle", "lost-pile", "penalties"),
          rules=("MB-CL-1", "MB-CL-2", "MB-CL-3", "MB-CL-4", "MB-CL-5", "MB-CL-7", "MB-CL-8", "MB-CL-9",
                 "MB-CL-12"),
          aliases=("card loss", "losses", "lose cards")),
    Topic("penalties", "Penalties", "term",
          f"Three things cost you cards. An empty play area at the end of your turn: the top "
          f"{EMPTY_PLAY_LOSS} cards of your draw pile are lost. No legal attack in your Attack Phase: "
          "lose 1 card from anywhere. An ability or Event that cannot finish after it was paid for (an "
          "unfinished action): lose 1 card from anywhere, and the ability still counts as used. A "
          "penalty card from anywhere may be any card of your discard top, hand or draw-pile top.",
          see_also=("end", "attack", "card-losses", "dig"),
          rules=("MB-SPEC-1", "MB-SPEC-2", "MB-SPEC-3", "MB-SPEC-4", "MB-ATK-5", "MB-ATK-8", "MB-CL-10"),
          aliases=("penalty", "unfinished action", "unfinished actions", "empty play area", "no attack")),
    Topic("ability", "Abilities and their timings", "term",
          "A creature's ability says when it works. Activated ones (your turn, any time, in battle) cost "
          "Metabaloid points from anywhere and work only from a card in your play area that is not "
          "safe, once a round. Triggered ones (when deployed, when lost) happen by themselves. Constant "
          "ones (always) simply apply. Nothing responds to an activation: each one resolves completely "
          "before anyone uses another.",
          see_also=("own-turn", "any-time", "in-battle", "on-deploy", "when-lost", "always", "used"),
          rules=("MB-ABIL-1", "MB-ABIL-3", "MB-ABIL-4", "MB-ABIL-5", "MB-ABIL-8", "MB-ABIL-9",
                 "MB-ABIL-10", "MB-PAY-10"),
          aliases=("timing", "timings")),
    Topic("reshuffle", "Reshuffle", "term",
          "When your draw pile is empty and you need a card from it, your discard pile is shuffled into "
          "a new draw pile at once. The lost pile is never reshuffled. In the short game the discard "
          "pile is never reshuffled.\n\n"
          "No going round in circles: when an ability, Event or move of yours brings the game back to a "
          "position it was already in after an earlier one this turn (the same board, the same discard "
          "piles, events and reserves, and hands and draw piles of the same sizes), you use no more "
          "abilities or Events and make no more moves until the next turn begins. Otherwise a card that "
          "draws could fetch itself back through the reshuffle for ever.",
          see_also=("winning", "short-game"),
          rules=("MB-SHUF-1", "MB-SHUF-2", "MB-SHUF-3", "MB-SHUF-4")),
    Topic("rarity", "Rarity and Rarity/Cost", "term",
          "A card's rarity is Common, Uncommon, Rare or Super Rare; the number beside it is its "
          "Rarity/Cost. That one number is what restocking and Events cost, what initial deployment "
          "counts, what a battle draw adds and what the deck budget counts. The board writes it as a "
          "letter and the number, e.g. C1 or R3.",
          see_also=("battle", "setup", "deck-building"),
          rules=("MB-CARD-3", "MB-CARD-4", "MB-CARD-5")),
    Topic("deck-building", "Building a deck", "term",
          f"At most {MAX_CARDS} cards worth at most {MAX_POINTS} Rarity/Cost points together, with at "
          f"most {MAX_COPIES} copies of a name (all versions together). The engine wants at least "
          f"{MIN_CARDS} cards. Promo cards may be swapped in within the same limits.",
          rules=("MB-DECK-1", "MB-DECK-2", "MB-DECK-3", "MB-DECK-4", "MB-DECK-6", "MB-DECK-7", "MB-DECK-8"),
          aliases=("deck building", "deck rules")),
)

_ZONES = (
    Topic("grid", "Play area and columns", "zone",
          f"Your creatures in play stand in up to {COLUMNS} columns (left, middle, right), at most "
          f"{MAX_DEPTH} cards deep. No column may be deeper than the number of columns you have: with one "
          "column it holds 1 card, with two each holds up to 2, with three up to 3. A Tall card lets its "
          f"column go one deeper (never past {TALL_MAX}). A column that empties is gone; a new one may "
          "start in any free position. A shape broken by losses may stay as long as that column gains "
          "no cards.",
          see_also=("move", "deploy", "tall"),
          rules=("MB-GRID-1", "MB-GRID-2", "MB-GRID-3", "MB-GRID-5", "MB-GRID-6", "MB-GRID-7", "MB-GRID-8",
                 "MB-GRID-9"),
          aliases=("play area", "columns", "column", "grid")),
    Topic("reserve", "Reserve", "zone",
          "Creatures you restock wait here, face up, until your next Deploy phase. They cannot be "
          "attacked, add nothing to battles, use no abilities and cannot pay for anything.",
          see_also=("restock", "deploy"),
          rules=("MB-ZONE-3", "MB-ZONE-4", "MB-ZONE-5", "MB-ZONE-11")),
    Topic("hand", "Hand", "zone",
          "Hidden from the other players; no size limit. Hand cards pay costs with their Metabaloids "
          "and absorb card losses with their Defense. Cards everyone saw go into a hand are shown to all.",
          see_also=("paying", "card-losses"),
          rules=("MB-ZONE-10", "MB-ZONE-12")),
    Topic("draw-pile", "Draw pile", "zone",
          "Your face-down deck; nobody may look at it, you included. Its top card can pay 1 point of a "
          "cost from anywhere or absorb 1 point of card losses.",
          see_also=("reshuffle", "winning"),
          rules=("MB-ZONE-6", "MB-ZONE-10", "MB-PAY-7", "MB-CL-5"),
          aliases=("deck", "draw pile")),
    Topic("discard-pile", "Discard pile", "zone",
          "Face up: cards paid or used, and battle draws, go on top. Its top card can absorb card losses "
          "with its Defense. It is reshuffled into a new draw pile when that runs out.",
          see_also=("reshuffle", "card-losses"),
          rules=("MB-ZONE-7", "MB-ZONE-10", "MB-TOT-6", "MB-CL-3"),
          aliases=("discard", "discard piles")),
    Topic("lost-pile", "Lost pile", "zone",
          "Where defeated and penalty cards go, for good: they never come back and are never reshuffled. "
          "How many cards each player has lost is public, and it is the score: fewer is better.",
          see_also=("winning", "card-losses"),
          rules=("MB-ZONE-8", "MB-ZONE-9", "MB-WIN-8"),
          aliases=("lost", "lost cards", "score")),
    Topic("event-area", "Event area", "zone",
          "Events are placed here, apart from the play area and reserve, while they resolve; one with a "
          "lasting effect stays until the effect ends, then it is discarded.",
          see_also=("event",),
          rules=("MB-EVT-2", "MB-EVT-4"),
          aliases=("events area",)),
)

_CARD_TYPES = (
    Topic("creature", "Creature card", "card type",
          "Every card that is not an Event. Creatures are restocked into the reserve, deployed into "
          "columns and fight: Attack counts when their column attacks, Defense when it defends and when "
          "losses are paid. Their Metabaloids pay costs when they are discarded from hand.",
          see_also=("reserve", "grid", "ability"),
          rules=("MB-CARD-8", "MB-CARD-9", "MB-CARD-10", "MB-CARD-13"),
          aliases=("creatures",)),
    Topic("event", "Event card", "card type",
          "A one-shot effect played from your hand at any time unless it says otherwise: pay its "
          "Rarity/Cost from hand, put it in your event area, do what it says, then discard it. An Event "
          "is never deployed or restocked, but like any card it can pay costs, be a battle draw and "
          "absorb losses.",
          see_also=("event-area", "paying", "ability"),
          rules=("MB-EVT-1", "MB-EVT-3", "MB-EVT-4", "MB-EVT-5", "MB-EVT-6"),
          aliases=("events", "event card")),
    Topic("promo", "Promo cards", "card type",
          "Promo cards carry a promo mark from special releases; the mark does nothing in play. They may "
          "be swapped into a deck within the usual limits.",
          see_also=("deck-building",),
          rules=("MB-CARD-1", "MB-CARD-2", "MB-DECK-6"),
          aliases=("promos",)),
)

_WIN = (
    Topic("winning", "Winning the game", "win",
          "Two players: when a player must draw (Draw Phase, a battle draw or an effect) and has no "
          "card in the draw pile or the discard pile, the other player wins; if both run out at the same "
          "moment, it is a draw.\n\n"
          "Three or four players: the game ends the first time any player must draw and cannot; then the "
          "player with the fewest lost cards wins. Several tied for fewest share a draw, and everyone "
          "else loses.",
          see_also=("lost-pile", "short-game", "reshuffle"),
          rules=("MB-WIN-1", "MB-WIN-2", "MB-WIN-4", "MB-WIN-5", "MB-WIN-6", "MB-WIN-7", "MB-WIN-10"),
          aliases=("win", "how to win", "game over", "over", "ties")),
    Topic("short-game", "The short game", "win",
          "A table option for any number of players. Discard piles are never reshuffled, and the game "
          "ends at the end of the turn in which any draw pile ran out; fewest lost cards wins, ties "
          "shared. Until then, drawing from an empty pile gives nothing (a battle draw counts 0) and "
          "payments must come from elsewhere.",
          see_also=("winning", "reshuffle"),
          rules=("MB-WIN-3", "MB-WIN-9", "MB-SHUF-4"),
          aliases=("short game", "shorter game")),
)

_KEYWORDS = (
    Topic("own-turn", "Your turn (timing)", "keyword",
          "An activated ability that can be used only during its controller's own turn, after the Draw "
          "Phase. The card says \"Your turn\".",
          see_also=("ability", "abilities"),
          rules=("MB-ABIL-2",), aliases=("your turn",)),
    Topic("any-time", "Any time (timing)", "keyword",
          "Usable whenever nothing else is resolving, also in other players' turns and in the middle of a "
          "battle. Events work this way unless they say otherwise.",
          see_also=("ability", "event"),
          rules=("MB-ABIL-1", "MB-EVT-3"), aliases=("anytime",)),
    Topic("in-battle", "In battle (timing)", "keyword",
          "Usable only in a battle its card's column (or, for an Event, its player) fights, after both "
          "cards are drawn and before the totals are fixed.",
          see_also=("battle", "bonus", "weaken"),
          rules=("MB-ABIL-3", "MB-TOT-8"), aliases=("battle timing",)),
    Topic("on-deploy", "When deployed (timing)", "keyword",
          "Happens by itself when the card is deployed from the reserve into a column.",
          see_also=("deploy", "ability"),
          rules=("MB-ABIL-3",), aliases=("when deployed",)),
    Topic("when-lost", "When lost (timing)", "keyword",
          "Happens by itself when the card goes from the play area to its owner's lost pile.",
          see_also=("lost-pile", "ability"),
          rules=("MB-ABIL-3",)),
    Topic("always", "Always (timing)", "keyword",
          "A constant ability: it applies by itself while the card is in play and not safe, and it is "
          "not an activation, so it is never used up.",
          see_also=("column-bonus", "tall"),
          rules=("MB-ABIL-10",), aliases=("constant",)),
    Topic("card-draw", "Card draw", "keyword",
          "Draw cards from your draw pile into your hand. Like any required draw, running out of cards "
          "with an empty discard pile ends the game.",
          see_also=("winning", "draw"),
          rules=("MB-WIN-5",), aliases=("draw a card",)),
    Topic("reclaim", "Reclaim", "keyword",
          "The topmost creature card (or cards) of your discard pile go back into your hand, where "
          "everyone has seen them. Events in the pile stay where they are.",
          see_also=("discard-pile",)),
    Topic("burn", "Burn", "keyword",
          "The top card (or cards) of an opponent's draw pile go straight to their lost pile, unseen. "
          "This is not a draw, so it cannot end the game.",
          see_also=("lost-pile",)),
    Topic("dig", "Dig", "keyword",
          "Turn up the top card of your draw pile. A creature goes into your reserve; any other card "
          "stays on top, known to all, and the ability is unfinished: you lose 1 card from anywhere.",
          see_also=("penalties", "reserve"),
          rules=("MB-SPEC-3", "MB-SPEC-4")),
    Topic("shift", "Shift", "keyword",
          "Move one of your cards in play that is not safe to another column, for free, keeping the "
          "column rules.",
          see_also=("move", "grid"),
          rules=("MB-MOVE-3",)),
    Topic("rally", "Rally", "keyword",
          "One of your safe columns stands upright again: its cards can attack, be attacked and use "
          "abilities.",
          see_also=("safety",),
          rules=("MB-SAFE-4",)),
    Topic("shelter", "Shelter", "keyword",
          "One of your columns turns sideways and becomes safe, just as after a lost battle.",
          see_also=("safety",),
          rules=("MB-SAFE-1", "MB-SAFE-5")),
    Topic("refresh", "Refresh", "keyword",
          "Another card of yours that already used its ability this round may use it once more.",
          see_also=("used",),
          rules=("MB-ABIL-6",)),
    Topic("stash", "Stash", "keyword",
          "Put a creature from your hand (up to the cost the card names) into your reserve without "
          "paying for it. It is deployed in your next Deploy phase.",
          see_also=("reserve", "restock")),
    Topic("bonus", "Bonus", "keyword",
          "Your side of the current battle adds the amount to its total.",
          see_also=("battle", "in-battle"),
          rules=("MB-TOT-3", "MB-TOT-4")),
    Topic("weaken", "Weaken", "keyword",
          "The other side of the current battle subtracts the amount from its total, never going "
          "below 0.",
          see_also=("battle", "in-battle")),
    Topic("column-bonus", "Column bonus", "keyword",
          "A constant card bonus: while the card is in a column and not safe, that column adds the "
          "amount to its total when it attacks (or, for a defense bonus, when it defends).",
          see_also=("always", "battle"),
          rules=("MB-ABIL-10", "MB-TOT-3", "MB-TOT-4")),
    Topic("tall", "Tall", "keyword",
          f"While this card is in a column, that column may hold one card more than the width allows, "
          f"never more than {TALL_MAX}.",
          see_also=("grid",),
          rules=("MB-GRID-5",)),
)

TOPICS: tuple[Topic, ...] = (_OVERVIEW, *_TURN, *_PHASES, *_ACTIONS, *_KEYWORDS, *_STATUSES, *_WIN,
                             *_ZONES, *_CARD_TYPES, *_TERMS)
