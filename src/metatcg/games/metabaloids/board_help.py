"""Metabaloids' board words for the browser's help (``ui.help``): labels the glossary does not
name, and the jargon marked in prompts, log lines and buttons. Our own words."""
from ...ui.help import HelpTerm

HELP_TERMS = (
    HelpTerm(r"^Lose (.+?): (\d+) points? of (\d+)$", "card-losses",
             "Losing {1} pays {2} of the {3} points of card losses still owed."),
    HelpTerm(r"(\d+) points? of card losses", "card-losses",
             "{1} points of damage are still to pay by losing cards, each card paying its Defense."),
    HelpTerm(r"card loss", "card-losses", "Damage left after a battle is paid by losing cards, each "
             "paying as many points as its Defense."),
    HelpTerm(r"^(\d+) points? of (\d+)$", "card-losses", "This card pays {1} of the {2} points still owed."),
    HelpTerm(r"^ATK \d+ · DEF \d+$", "grid", "This column's totals: Attack when it attacks, Defense when "
             "it defends. Safe cards do not count."),
    HelpTerm(r"^ATK \d+ · DEF \d+", "creature", "ATK: Attack, added when its column attacks. DEF: Defense, "
             "added when its column defends. META: Metabaloids it pays when discarded from hand. "
             "cost: its Rarity/Cost."),
    HelpTerm(r"^cost \d+ · event", "event", "An Event: cost is its Rarity/Cost, META the Metabaloids it "
             "pays when discarded from hand."),
    HelpTerm(r"^(attacking|defending|target|in battle)$", "battle",
             "Part of the battle being fought now."),
    HelpTerm(r"^safe$", "safety", "Safe (turned sideways): its column ignores it until it is turned back."),
    HelpTerm(r"used$", "used", "Its ability was used this round."),
    HelpTerm(r"^Lost\b", "lost-pile", "Lost cards are the score: the fewest lost wins."),
    HelpTerm(r"^Draw\b", "draw-pile", "Cards left in the draw pile."),
    HelpTerm(r"^Deployed\b", "setup", "Points deployed so far in the initial deployment, of the 7 allowed."),
    HelpTerm(r"^(Left|Middle|Right)\b", "grid", "One of the three columns of this player's play area."),
    HelpTerm(r"^(drawn|draws to come)$", "battle", "Each side draws a card: its cost adds to the side's total."),
    HelpTerm(r"^Seen in hand\b", "hand", "Cards of this hand that an effect showed to everyone."),
    HelpTerm(r"^Top of draw pile", "draw-pile", "The top card of the draw pile, seen by everyone."),
    HelpTerm(r"^Reshuffled\b", "reshuffle", "Cards already reshuffled into the draw pile."),
)

JARGON = ("card losses", "card loss", "Metabaloids", "Reserve", "Restock", "Deploy", "lost pile", "safe",
          "Shelter", "Reclaim", "Burn", "Dig", "Shift", "Rally", "Refresh", "Stash", "Bonus", "Weaken",
          "Tall", "column bonus", "short game", "penalty")
