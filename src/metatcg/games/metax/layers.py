"""MetaX's modules by layer (docs/kernel.md, "One shape inside every game"): each module imports
only from its own layer or below; tests/test_layers.py checks it."""
LAYERS = {
    "data": ("schema", "records", "data", "cards", "stats", "view_schema", "deckcheck"),
    "primitives": ("zones",),
    "mechanics": ("ops", "characters", "piles", "battle", "facts", "forced", "whynot", "action_space"),
    "turn": ("turn",),
    "rules": ("rules", "view", "labels", "observation"),
    "presentation": ("present", "terminal", "glossary"),
    "game": ("game", "position", "heuristics"),
}
