"""Pieces every game's typed view model shares (``games/<id>/view_schema.py``).

A view model is strict (no coercion: a number in a string fails) and closed
(``extra="forbid"``), so its JSON Schema, exported by ``python -m metatcg.ui.schema`` to
``docs/schema/<id>-view.schema.json``, documents every key a client may meet.
"""
from __future__ import annotations

from typing import Annotated, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

#: a seat of a game of two to four: 0 = P1 ... 3 = P4
Seat = Annotated[int, Field(ge=0, le=3, description="0 = P1 ... 3 = P4")]
Count = Annotated[int, Field(ge=0)]
SeatT = TypeVar("SeatT")
KindT = TypeVar("KindT")


class ViewModel(BaseModel):
    """Base of every part of a view model: strict, closed, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class LegalAction(ViewModel):
    """One option of the viewer's decision: send ``id`` back to take it."""

    id: str
    label: str


class Deciding(ViewModel, Generic[SeatT, KindT]):
    """Who decides now and what kind of choice it is (a game's own ``Deciding`` names its seats
    and decision kinds: ``class Deciding(view_model.Deciding[Seat, DecisionKind])``)."""

    player: SeatT | None = Field(description="None for a response window seen by a seat not asked (PR-K-9)")
    kind: KindT
    prompt: str


class Result(ViewModel):
    """How the game ended: one return per seat (a game's own ``Result`` bounds the list and says
    what a return means) and the reason."""

    returns: list[float]
    reason: str


class TableView(ViewModel):
    """The framing of a view of a game for two to four seats taken in turns: whose view it is,
    how many sit, the turn, whose turn it is and who went first."""

    you: Seat = Field(description="the seat this view is for")
    seats: int = Field(ge=2, le=4)
    turn: Count = Field(description="0 during set-up")
    active: Seat
    first: Seat
