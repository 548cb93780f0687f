"""MetaX rules help: the topics ``metatcg rules metax`` and the browser show.

Written in our own words from the rules catalog (../shared/rules/metax.md); each topic cites
the rule IDs it restates in ``rules`` and never in its text. The numbers the game keeps as
named constants are read from them; the rest (10 MP, 3 Characters, 5 MP a Link, 40 cards)
are literals in the rules code too.
"""
from __future__ import annotations

from ...ui.glossary import Topic
from .zones import VP_TO_WIN

_OVERVIEW = Topic(
    "overview", "MetaX at a glance", "overview",
    f"Two players, each with a 40-card deck, put Characters into play, back them with Events and "
    f"fight with Battle Cards. An attack the opponent does not block earns a Victory Point (VP); "
    f"the first player to {VP_TO_WIN} VP wins, and a player whose deck runs out loses.\n\n"
    "A turn has three steps:\n"
    "- Prep: your Pushed Characters stand up (Prepped) and you draw a card.\n"
    "- Planning: play up to one Character (it gives you MP), any Events you can pay for, and "
    "Push effects.\n"
    "- Battle: attack with Prepped Characters, each playing a Battle Card; the opponent may block "
    "each attack with one Character; blocked pairs swap their Battle Cards as Damage, which can KO; "
    "every attack left unblocked scores a VP.\n\n"
    "The player who goes first skips their first Prep. A new Character cannot attack on its first turn.",
    see_also=("turn", "winning", "meta-points", "battle"),
    rules=("MX-OVR-2", "MX-TURN-1", "MX-PREP-2", "MX-PREP-3", "MX-PREP-4", "MX-PLAN-1", "MX-BTL-2",
           "MX-VP-1", "MX-WIN-1", "MX-WIN-2", "MX-ATK-5", "MX-DECK-1"))

_TURN = (
    Topic("turn", "A turn", "turn",
          "Each turn runs Prep Step, Planning Step, Battle Step, always in that order, and then the "
          "other player's turn begins with their own Prep Step. There is no separate end step: "
          "effects that last \"this turn\" stop when the Battle Step is over. Players alternate "
          "turns until someone wins.",
          see_also=("prep", "planning", "battle", "end-of-turn"),
          rules=("MX-TURN-1", "MX-TURN-2", "MX-TURN-3", "MX-TURN-4")),
)

_PHASES = (
    Topic("setup", "Setup", "phase",
          "Each player shuffles their own 40-card deck and starts with 0 MP. A random draw decides who "
          "takes the first turn, and both players draw 5 cards.",
          see_also=("mulligan", "deck-building"),
          rules=("MX-SETUP-1", "MX-SETUP-2", "MX-SETUP-3")),
    Topic("mulligan", "Mulligan", "phase",
          "Before the first turn each player may, once, put their whole hand on the bottom of their deck "
          "in an order they choose and draw 5 fresh cards; the deck is not shuffled. The first player "
          "decides (and finishes) first. The opponent learns only whether you took one, not which cards "
          "moved.",
          see_also=("setup",),
          rules=("MX-SETUP-4", "MX-SETUP-5", "MX-SETUP-6", "MX-SETUP-7", "MX-SETUP-8"),
          aliases=("mulligans",)),
    Topic("prep", "Prep Step", "phase",
          "The turn's first step. Every Pushed Character you control is Prepped again, then you draw the "
          "top card of your deck; both happen, you do not choose. The player who takes the very first "
          "turn of the game skips this step on that turn only.",
          see_also=("pushed-prepped", "turn"),
          rules=("MX-PREP-1", "MX-PREP-2", "MX-PREP-3", "MX-PREP-4", "MX-PREP-5", "MX-PREP-6"),
          aliases=("prep step",)),
    Topic("planning", "Planning Step", "phase",
          "In any order you like, you may play one Character Card from your hand (only if you have fewer "
          "than 3 in play), play as many Event Cards as you can pay for, and use the Push effects of "
          "your Characters. Push effects and Events are used only in your own Planning Step unless a "
          "card says otherwise.",
          see_also=("character", "event", "push-effect", "meta-points"),
          rules=("MX-PLAN-1", "MX-PLAN-2", "MX-PLAN-3", "MX-PLAN-8", "MX-PLAN-9", "MX-PLAN-11"),
          aliases=("planning step",)),
    Topic("battle", "Battle Step: attacks", "phase",
          "You may declare attacks, one at a time. To attack, Push a Prepped Character that did not come "
          "into play this turn, move it into the Battle Zone and play from your hand a Battle Card it can "
          "use, gaining or paying that card's MP and using its effect. An attack is aimed at your opponent, "
          "not at one of their Characters. You may turn it into a Team Attack by Linking. Attacking is "
          "optional; each Character attacks at most once a turn.\n\n"
          "When you are done, your opponent assigns defenders, then Damage is dealt and VPs are scored.",
          see_also=("battle-card", "team-attack", "defense", "damage", "stats-and-ranks"),
          rules=("MX-BTL-1", "MX-BTL-2", "MX-BTL-3", "MX-ATK-1", "MX-ATK-2", "MX-ATK-3", "MX-ATK-4",
                 "MX-ATK-5", "MX-ATK-6", "MX-ATK-7", "MX-ATK-8"),
          aliases=("battle step", "attack", "attacks")),
    Topic("defense", "Battle Step: defenders", "phase",
          "After the attacks, the defending player may block. Each of their Prepped Characters may block "
          "one attack, and each attack can have only one blocker. The blocker moves into the Battle Zone "
          "opposite the attacker and plays a Battle Card it can use; its player pays or gains that card's "
          "MP. Blocking does not Push the blocker, and a Character may block on the turn it came into play. "
          "An attack nobody blocks is undefended.",
          see_also=("sentinel", "elusive", "damage", "battle-card"),
          rules=("MX-DEF-1", "MX-DEF-2", "MX-DEF-3", "MX-DEF-4", "MX-DEF-5", "MX-DEF-6", "MX-DEF-7",
                 "MX-DEF-8", "MX-DEF-9", "MX-DEF-10"),
          aliases=("defenders", "defend", "block", "blocking")),
    Topic("damage", "Battle Step: damage", "phase",
          "Each blocked attack resolves in full, in an order the attacking player picks: the attacker's "
          "Battle Card is attached to the blocker and the blocker's Battle Card to the attacker, both at "
          "once, and then both are checked for a KO.\n\n"
          "Next, each undefended attack scores 1 VP, one at a time in the order the attacks were declared, "
          "and its Battle Card goes to the discard pile. Then every Character in the Battle Zone returns "
          "to its player's area, still Pushed or Prepped and keeping its Damage.",
          see_also=("attached-damage", "tko", "hp-ko", "victory-points"),
          rules=("MX-DMG-1", "MX-DMG-2", "MX-DMG-3", "MX-DMG-6", "MX-VP-1", "MX-VP-3", "MX-VP-6",
                 "MX-BTL-5"),
          aliases=("damage step",)),
    Topic("end-of-turn", "End of turn", "phase",
          "The turn is over once the Battle Step is done; there is no extra step. Effects that lasted "
          "\"this turn\" end now, and the other player's turn starts with their Prep Step.",
          see_also=("turn",),
          rules=("MX-TURN-2", "MX-TURN-4"),
          aliases=("end", "end of turn")),
)

_KEYWORDS = (
    Topic("quick", "Quick", "keyword",
          "A Quick Character may attack, Link and use its Push effect on the turn it comes into play, "
          "which a Character normally cannot do.",
          see_also=("battle", "team-attack", "push-effect"),
          rules=("MX-OVR-3", "MX-ATK-5", "MX-PLAN-7", "MX-TEAM-5")),
    Topic("elusive", "Elusive", "keyword",
          "An attack led by an Elusive Character can only be blocked by a Character with at least as many "
          "Stat types as the attacker.",
          see_also=("defense", "stats-and-ranks"),
          rules=("MX-OVR-3",)),
    Topic("sentinel", "Sentinel", "keyword",
          "A Sentinel Character may block even while it is Pushed.",
          see_also=("defense", "pushed-prepped"),
          rules=("MX-OVR-3", "MX-DEF-2")),
)

_STATUSES = (
    Topic("pushed-prepped", "Pushed and Prepped", "status",
          "A Character in play is always either Prepped (upright, ready) or Pushed (turned sideways, used). "
          "It comes into play Prepped. Attacking, Linking and using a Push effect each Push it, and only a "
          "Prepped Character can be Pushed. A Pushed Character cannot block, and stays Pushed until its "
          "controller's next Prep Step. So a Character that attacks cannot block on the opponent's next "
          "turn.",
          see_also=("prep", "defense", "sentinel"),
          rules=("MX-PUSH-1", "MX-PUSH-2", "MX-PUSH-3", "MX-PUSH-4", "MX-PUSH-5", "MX-PUSH-6", "MX-DEF-2"),
          aliases=("pushed", "prepped", "push")),
    Topic("attached-damage", "Damage", "status",
          "A Character's Damage is the Battle Cards attached to it, usually the card of the Character it "
          "fought. Damage stays on a surviving Character from turn to turn and keeps counting for later "
          "KO checks until the Character leaves play.",
          see_also=("tko", "hp-ko", "damage"),
          rules=("MX-DMG-4", "MX-DMG-5"),
          aliases=("attached damage",)),
    Topic("tko", "TKO (Technical Knockout)", "status",
          "A Character is TKO'd once its Damage shows at least as many different Stat colours as the number "
          "of Stat types the Character has. A one-Stat Character falls to any Damage; a three-Stat Character "
          "needs Strength, Intelligence and Special Damage. The colours count even if the Character lacks "
          "them, and the Ranks play no part. A Multi-Stat card counts as one colour, whichever helps most.",
          see_also=("ko", "hp-ko", "attached-damage", "multi-stat"),
          rules=("MX-TKO-1", "MX-TKO-2", "MX-TKO-3", "MX-TKO-4", "MX-MULTI-5"),
          aliases=("technical knockout",)),
    Topic("hp-ko", "HP KO (Hit Point Knockout)", "status",
          "A Character is HP KO'd once the Ranks of all its Damage add up to its highest Rank or more. Only "
          "its single highest Rank matters, and colours play no part.",
          see_also=("ko", "tko", "attached-damage"),
          rules=("MX-HPKO-1", "MX-HPKO-2", "MX-STAT-9"),
          aliases=("hp ko", "hit point knockout", "hpko")),
    Topic("ko", "KO", "status",
          "A Character that meets the TKO or HP KO condition is KO'd at once, also outside the Battle Step "
          "and also when an effect lowers its Ranks. It goes to the discard pile with all its Damage, each "
          "card to its own owner's pile. Meeting both conditions still KOs it only once, and a KO scores "
          "no VP for anyone.",
          see_also=("tko", "hp-ko", "discard-pile"),
          rules=("MX-KO-1", "MX-KO-2", "MX-KO-3", "MX-KO-4", "MX-KO-5", "MX-KO-6", "MX-KO-7"),
          aliases=("ko'd", "knocked out")),
)

_ACTIONS = (
    Topic("team-attack", "Team Attack and Link", "action",
          "When you declare an attack you may Link up to two more of your Characters to it for 5 MP each; "
          "the attacker becomes the lead. A Linked Character must be Prepped, must have the Stat type of "
          "the lead's Battle Card, must not have come into play this turn, and is Pushed. It stays in its "
          "area and takes no Damage.\n\n"
          "Unblocked, a Team Attack scores 1 VP. Blocked, it still scores 1 VP if the lead's Battle Card "
          "Rank plus the Linked Characters' Ranks in that Stat is at least the blocker's Battle Card Rank "
          "plus the blocker's Rank in its card's Stat; a tie goes to the attacker. Damage is swapped as "
          "usual either way.",
          see_also=("battle", "meta-points", "multi-stat"),
          rules=("MX-TEAM-1", "MX-TEAM-2", "MX-TEAM-3", "MX-TEAM-4", "MX-TEAM-5", "MX-TEAM-6", "MX-TEAM-8",
                 "MX-TEAM-9", "MX-TEAM-10", "MX-TEAM-11", "MX-TEAM-14", "MX-TEAM-15", "MX-TEAM-16",
                 "MX-TEAM-17"),
          aliases=("link", "links", "linking", "lead attacker")),
    Topic("push-effect", "Push effect", "action",
          "A Character effect you use by Pushing the Character in your Planning Step. It cannot be used on "
          "the turn the Character came into play, and the Character, now Pushed, cannot block until your "
          "next Prep Step.",
          see_also=("pushed-prepped", "planning", "character"),
          rules=("MX-CARD-8", "MX-PLAN-6", "MX-PLAN-7", "MX-PUSH-6"),
          aliases=("push effects",)),
)

_WIN = (
    Topic("winning", "Winning the game", "win",
          f"Collect {VP_TO_WIN} Victory Points and you win. You also win the moment your opponent's deck "
          "reaches 0 cards, however it happens: a draw, a VP taken from it, or an effect. If both players "
          "reach a win at the same moment, the game is a draw.",
          see_also=("victory-points", "deck"),
          rules=("MX-WIN-1", "MX-WIN-2", "MX-WIN-3", "MX-WIN-4"),
          aliases=("win", "how to win", "game over")),
    Topic("victory-points", "Victory Points (VP)", "win",
          "Each undefended attack scores 1 VP, and so does a Team Attack that wins its comparison. To score, "
          "you move the top card of your opponent's deck face down into your VP pile; your VP total is the "
          "number of cards there. Taking that card is not a discard.",
          see_also=("winning", "vp-pile", "team-attack"),
          rules=("MX-VP-1", "MX-VP-2", "MX-VP-4", "MX-VP-5", "MX-VP-7", "MX-TEAM-8", "MX-TEAM-10"),
          aliases=("vp", "vps", "victory point")),
)

_ZONES = (
    Topic("deck", "Deck", "zone",
          "Your face-down draw pile; nobody knows its order. You draw from the top in your Prep Step, and "
          "your opponent's VPs come off its top too. It is shuffled after an effect searches it. If it "
          "runs out, you lose.",
          see_also=("winning", "deck-building"),
          rules=("MX-ZONE-2", "MX-ZONE-3", "MX-ZONE-10", "MX-ZONE-12", "MX-WIN-2")),
    Topic("hand", "Hand", "zone",
          "Cards you have drawn and not yet played; hidden from your opponent, with no size limit.",
          rules=("MX-ZONE-4", "MX-ZONE-12", "MX-ZONE-13")),
    Topic("in-play", "In play", "zone",
          "Your Characters on the table, whether in your area or in the Battle Zone, with the Battle Cards "
          "attached to them or waiting in the Battle Zone. You may have at most 3 Characters in play.",
          see_also=("battle-zone", "character"),
          rules=("MX-ZONE-5", "MX-ZONE-11", "MX-CARD-3")),
    Topic("battle-zone", "Battle Zone", "zone",
          "The shared space between the players. Attackers and blockers move into it with their Battle "
          "Cards, and go back to their areas when the Battle Step ends.",
          see_also=("battle", "defense"),
          rules=("MX-ZONE-1", "MX-ZONE-9", "MX-BTL-5")),
    Topic("discard-pile", "Discard pile", "zone",
          "Used Events, KO'd Characters and spent Battle Cards go here face up; either player may look "
          "through either pile. A card always goes to its owner's pile, whoever played it against whom.",
          see_also=("ko",),
          rules=("MX-ZONE-6", "MX-ZONE-7", "MX-ZONE-15"),
          aliases=("discard", "discard piles")),
    Topic("vp-pile", "Victory Point pile", "zone",
          "The face-down cards you took from your opponent's deck when you scored. Nobody looks at them; "
          "only their number counts.",
          see_also=("victory-points",),
          rules=("MX-ZONE-10", "MX-ZONE-12", "MX-VP-5"),
          aliases=("vp pile", "victory point pile")),
)

_CARD_TYPES = (
    Topic("character", "Character Card", "card type",
          "The heart of a deck: Characters attack, block and bring MP. Playing one costs nothing and gains "
          "you its +MP; its on-play effect then happens. At most one from your hand each turn, at most 3 in "
          "play, and copies with the same title may be in play together. It stays until KO'd or discarded "
          "by an effect. Each has a Trait (such as Hero or Villain) that matters only when a card mentions it.",
          see_also=("stats-and-ranks", "planning", "pushed-prepped"),
          rules=("MX-CARD-2", "MX-CARD-3", "MX-CARD-4", "MX-CARD-5", "MX-CARD-6", "MX-MP-7", "MX-PLAN-2",
                 "MX-PLAN-4", "MX-PLAN-10", "MX-GLOS-2"),
          aliases=("character card", "characters", "trait")),
    Topic("event", "Event Card", "card type",
          "A one-time effect played in your Planning Step: pay its MP cost, use the effect, then discard it.",
          see_also=("planning", "meta-points"),
          rules=("MX-CARD-10", "MX-PLAN-8", "MX-PLAN-9"),
          aliases=("event card", "events")),
    Topic("battle-card", "Battle Card", "card type",
          "Played only by an attacking or blocking Character, one each: a Character can use it if its Rank "
          "in the card's Stat type is at least the card's Rank. The card gains or costs MP as it is played, "
          "then its effect happens (some effects only when attacking, some only when blocking). After the "
          "fight it becomes Damage, or is discarded if the attack was not blocked.",
          see_also=("stats-and-ranks", "multi-stat", "attached-damage"),
          rules=("MX-CARD-12", "MX-CARD-13", "MX-CARD-14", "MX-CARD-16", "MX-STAT-5", "MX-MP-13"),
          aliases=("battle card", "battle cards")),
)

_TERMS = (
    Topic("meta-points", "Meta Points (MP)", "term",
          "The resource that pays for Events, Battle Card costs and Links. You start with 0 and can hold "
          "0 to 10; gains above 10 are lost. Characters and +MP Battle Cards give MP. Your MP carry over "
          "from turn to turn, and a cost is paid in full or not at all. Both players' MP are public.",
          see_also=("character", "event", "battle-card", "team-attack"),
          rules=("MX-MP-1", "MX-MP-2", "MX-MP-3", "MX-MP-4", "MX-MP-5", "MX-MP-6", "MX-MP-8", "MX-MP-10",
                 "MX-MP-11", "MX-ZONE-12"),
          aliases=("mp", "meta points")),
    Topic("stats-and-ranks", "Stats and Ranks", "term",
          "There are three Stat types: Strength, Intelligence and Special. A Character has one to three of "
          "them, each with a Rank from 1 to 7. A Battle Card shows a Stat type and a Rank; a Character can "
          "use it only with at least that Rank in that Stat. The number of a Character's Stat types sets "
          "its TKO threshold, its highest Rank its HP KO threshold.",
          see_also=("battle-card", "multi-stat", "tko", "hp-ko"),
          rules=("MX-STAT-1", "MX-STAT-2", "MX-STAT-3", "MX-STAT-4", "MX-STAT-5", "MX-STAT-7", "MX-STAT-8"),
          aliases=("stat", "stats", "rank", "ranks", "strength", "intelligence", "special")),
    Topic("multi-stat", "Multi-Stat Battle Card", "term",
          "A Battle Card with several Stat types and one Rank. It counts as whichever of its Stats suits: "
          "a Character may use it with enough Rank in any one of them. As Damage it counts as a single "
          "colour. In a Team Attack, the player who plays it names the one Stat that counts.",
          see_also=("battle-card", "tko", "team-attack"),
          rules=("MX-MULTI-1", "MX-MULTI-2", "MX-MULTI-3", "MX-MULTI-4", "MX-MULTI-5", "MX-MULTI-6",
                 "MX-MULTI-7"),
          aliases=("multi stat", "wildcard")),
    Topic("deck-building", "Building a deck", "term",
          "A deck has exactly 40 cards. At most 3 copies of any Character or Event (same full title); at "
          "most 3 single-Stat Battle Cards of each Stat type and Rank; and at most 3 Multi-Stat Battle "
          "Cards of each Rank.",
          see_also=("deck",),
          rules=("MX-DECK-1", "MX-DECK-2", "MX-DECK-3", "MX-DECK-4", "MX-DECK-5", "MX-DECK-7", "MX-DECK-8"),
          aliases=("deck building", "deck rules")),
    Topic("negate", "Negate", "term",
          "A negated effect is cancelled: it is not used.",
          rules=("MX-GLOS-1",)),
)

TOPICS: tuple[Topic, ...] = (_OVERVIEW, *_TURN, *_PHASES, *_ACTIONS, *_KEYWORDS, *_STATUSES, *_WIN,
                             *_ZONES, *_CARD_TYPES, *_TERMS)
