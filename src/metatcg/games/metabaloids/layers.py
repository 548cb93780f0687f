"""Metabaloids' modules by layer (docs/kernel.md, "One shape inside every game"): a module
imports only from its own layer or below; tests/test_layers.py checks it from the source."""

LAYERS = {
    "data": ("schema", "records", "cards", "data", "deckcheck", "wording"),
    "primitives": ("zones", "grid", "endings"),
    "mechanics": ("pay", "ops", "abilities", "battle", "loops"),
    "turn": ("turn",),
    "rules": ("rules", "view", "whynot", "labels"),
    "presentation": ("present", "terminal", "view_schema", "glossary", "moments"),
    "game": ("game", "position", "heuristics", "observation", "facts", "action_space"),
}
