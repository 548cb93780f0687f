"""MetaZoo's (four-lane) modules by layer (docs/kernel.md, "One shape inside every game"): a module
imports only from its own layer or below; tests/test_layers.py checks it from the source."""

LAYERS = {
    "data": ("schema", "records", "text", "cards", "data", "deckcheck", "stats"),
    "primitives": ("zones", "context"),
    "mechanics": ("aura", "checks", "mission", "candidates", "choices", "ministeps", "triggers", "lanechoice",
                  "play", "unitops", "ops", "playerops", "targets", "harm"),
    "turn": ("turn",),
    "rules": ("rules", "view", "forced", "labels", "whynot"),
    "presentation": ("present", "compact", "terminal", "glossary", "view_schema"),
    "game": ("game", "position", "heuristics", "observation", "facts", "action_space"),
}
