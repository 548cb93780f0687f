"""MetaX's board words for the browser's help (``ui.help``): labels the glossary does not name,
and the jargon marked in prompts, log lines and buttons. Our own words."""
from ...ui.help import HelpTerm

HELP_TERMS = (
    HelpTerm(r"^TKO in (\d+)(?: \(([A-Z/]+)\))? · HP (\d+) left$", "tko",
             "How close it is to a knockout: Damage in {1} more Stat colour(s) is a TKO, "
             "and {3} more Ranks of Damage are an HP KO."),
    HelpTerm(r"^new$", "battle", "Came into play this turn: it cannot attack yet (unless it is Quick)."),
    HelpTerm(r"in battle$", "battle-zone", "Attacking or blocking in the Battle Zone right now."),
    HelpTerm(r"^(STR|INT|SPE) \d+", "stats-and-ranks",
             "Its Ranks: STR Strength, INT Intelligence, SPE Special; (+1) or (-1) is a change "
             "from the printed Rank."),
    HelpTerm(r"^[+-]\d+ MP", "meta-points", "Meta Points it gives (+) or costs (-) when played."),
    HelpTerm(r"team value", "team-attack", "A Team Attack: the lead's Battle Card Rank plus each "
             "Linked Character's Rank in the named Stat."),
    HelpTerm(r"^undefended$", "defense", "No Character blocks this attack yet: unblocked, it scores a VP."),
    HelpTerm(r"^resolved$", "damage", "This fight is over: its Battle Cards became Damage or were discarded."),
    HelpTerm(r"^(Seen in hand|Hand)\b", "hand", "Cards in hand; the other player sees only how many, "
             "and any card an effect revealed."),
    HelpTerm(r"^Resolving\b", "event", "Cards being played right now, before they take effect."),
    HelpTerm(r"^Mulligan\b", "mulligan", "Whether this player shuffled their first hand back and drew again."),
)

JARGON = ("Prepped", "Pushed", "Push", "TKO", "HP KO", "KO", "Battle Card", "Battle Zone", "Team Attack",
          "Link", "Victory Point", "Meta Points", "Quick", "Elusive", "Sentinel", "Damage",
          "Prep Step", "Planning Step", "Battle Step", "Multi-Stat", "Negate", "Rank")
