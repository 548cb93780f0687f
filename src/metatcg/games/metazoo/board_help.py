"""MetaZoo's board words for the browser's help (``ui.help``): labels the glossary does not
name, and the jargon marked in prompts, log lines and buttons. Our own words."""
from ...ui.help import HelpTerm

HELP_TERMS = (
    HelpTerm(r"^(\d+) dmg$", "damage", "{1} damage on it: it is removed when damage reaches its Influence."),
    HelpTerm(r"^Influence (-?\d+)", "influence", "Its current Influence; (+n) is a change from the printed number."),
    HelpTerm(r"\bInfl\b", "mission", "This side's Influence in the lane: the higher side wins the lane's "
             "mission. Then slots used / the lane's limit."),
    HelpTerm(r"^\d+/\d+$", "lane", "Slots used / how many units this side of the lane may hold."),
    HelpTerm(r"^Gigantic \d+", "gigantic", ""),
    HelpTerm(r"^Destruction \d+", "destruction", ""),
    HelpTerm(r"^Aura enh", "enhance", ""),
    HelpTerm(r"^can't be ", "cannot", "A \"cannot\" effect protects it from this."),
    HelpTerm(r"^\+\d+ Aura$", "enhance", "Aura enhancement gives this side extra Aura."),
    HelpTerm(r"mission$", "mission", "The lane of the mission declared now."),
    HelpTerm(r"resolved$", "resolved", ""),
    HelpTerm(r"^razed", "razed", ""),
    HelpTerm(r"^Terra not placed", "terra", "Starter Terras are placed during setup."),
    HelpTerm(r"^Lane \d+$", "lane", ""),
    HelpTerm(r"^cost \d+", "cost", "What it costs now, in Aura; (printed n) when an effect changed it."),
    HelpTerm(r"^MP\b", "mission-points", "Mission Points: 30 wins."),
    HelpTerm(r"^Aura · ", "aura-card", ""),
    HelpTerm(r"^Aura deck\b", "aura-deck", ""),
    HelpTerm(r"^Aura zone\b", "aura-zone", ""),
    HelpTerm(r"^Aura\b", "aura-card", "Aura in the Aura zone / the most it may hold."),
    HelpTerm(r"^Supply\b", "allied-supply", ""),
    HelpTerm(r"^Deck\b", "main-deck", ""),
    HelpTerm(r"^(Hand|Your hand|Revealed in hand)\b", "play-a-card", "Cards in hand: the other player sees how many."),
    HelpTerm(r"^(face down|in lane \d+|Caster zone)$", "face-down-caster",
             "Where this player's Caster is: face down until revealed, then in a lane or the Caster zone."),
    HelpTerm(r"^Caster$", "caster", ""),
    HelpTerm(r"Priority$", "priority", ""),
    HelpTerm(r"^tapped$", "tapped", ""),
    HelpTerm(r"^(Primary out|Temp Aura owed|Starters aside|Starter Terras)", "setup", ""),
    HelpTerm(r"^Looking at\b", "discover", "Cards this player is looking at for an effect."),
    HelpTerm(r"^Resolving", "play-a-card", "Cards being played or paid for now."),
    HelpTerm(r"^(Fire|Water|Earth|Air|Lightning)$", "aura-card", "Its Aura type."),
    HelpTerm(r"^(creature|equipment|token|caster|terra|strategy)$", "unit", "The kind of card this unit is."),
    HelpTerm(r"^Last mission", "mission", "How the last mission ended."),
)

JARGON = ("Mission Points", "mission", "Influence", "Aura", "Priority", "Caster", "Terra", "Soar",
          "Destruction", "Gigantic", "Shatter", "Shattered", "Dispelled", "Duel", "Sacrifice", "Overwhelm",
          "Discover", "tapped", "razed", "resolved", "allied supply", "Strategy", "Equipment", "token")
