"""MetaZoo 2022's modules by layer (docs/kernel.md, "One shape inside every game"): a module
imports only from its own layer or below; tests/test_layers.py checks it from the source."""

LAYERS = {
    "data": ("schema", "records", "cards", "data", "deckcheck", "tokens", "aura", "sky",
             "surroundings_option"),
    "primitives": ("hooks", "stats", "zones", "lp", "statuses", "refs", "worth", "targets"),
    "mechanics": ("index", "equipment", "surroundings", "contract", "endings", "placement", "ops", "traps",
                  "combat", "traits", "chain"),
    "turn": ("turn",),
    "rules": ("rules", "view", "whynot", "labels"),
    "presentation": ("present", "terminal", "view_schema", "glossary", "autopay",
                     "moments"),
    "game": ("game", "position", "heuristics", "observation", "facts", "action_space"),
}
