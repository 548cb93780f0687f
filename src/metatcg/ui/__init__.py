"""A game-agnostic presentation toolkit: what game packages use to present themselves, and
what front ends use to show any game.

- ``presentation``: :class:`Presentation` (card facts, keyword glossary, rules constants,
  view model, terminal renderer) and :class:`CardInfo`; no ``rich`` needed.
- ``cards``: finding cards by a typed query or in a label.
- ``glossary`` and ``help``: a game's rules help as data, and what a page needs to explain every
  word of a board (topics, phases, board-label patterns, jargon; ``/api/glossary/<game>``).
- ``layout``: rich pieces every terminal screen shares (seats, log, discard piles, actions).
- ``terminal``: :class:`GameUI`, the base of a game's terminal renderer, and ``terminal_ui(game)``.

Layering: the engine < ``ui`` < game packages (``games/<id>/present.py``, ``terminal.py``)
< front ends (``cli``, ``sim``, a web server). Games import ``metatcg.ui``, never ``metatcg.cli``.
"""
from .presentation import CardInfo, Presentation, presentation_of

__all__ = ["CardInfo", "Presentation", "presentation_of"]
