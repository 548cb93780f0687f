"""Pieces every game's typed view model shares (``games/<id>/view_schema.py``).

A view model is strict (no coercion: a number in a string fails) and closed
(``extra="forbid"``), so its JSON Schema, exported by ``python -m metatcg.ui.schema`` to
``docs/schema/<id>-view.schema.json``, documents every key a client may meet.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ViewModel(BaseModel):
    """Base of every part of a view model: strict, closed, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class LegalAction(ViewModel):
    """One option of the viewer's decision: send ``id`` back to take it."""

    id: str
    label: str
