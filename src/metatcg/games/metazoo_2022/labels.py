"""Telling alike options apart as a player sees the Pages: whose Page it is, what lies under
it ("with Saddle Sprite", "a face-down Page under it"), its LP, fatigued or ready, its place in
its Caster's Arena; a face-down Page by the turn it was placed; a Page in a Chapter or pile by
its place there. The kernel asks only when two labels of one decision clash (``distinct_labels``)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...engine.action import Action
from ...engine.labels import Features, ordinal, tell_apart, place_among
from ...engine.state import ORDER_DECISION
from .zones import nm, pl

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.state import GameState
    from .data import MZ22Data

_REF = re.compile(r"\b([cf])([0-9]+)")


def page_features(d: "MZ22Data", c: int, you: int = -1) -> Features:
    """The name of Page ``c`` and what tells it from another copy, as anyone at the table sees it."""
    from . import traps
    from .stats import cur_lp, has_lp
    s = d.in_play.get(c)
    if s is None:
        p = d.owner[c]
        place = place_among(c, ((d.chapter[p], "in the Chapter"), (d.limbo[p], "in Limbo"),
                                (d.cemetery[p], "in the Cemetery"), (d.afterlife[p], "in the Afterlife")),
                            lambda x: nm(d, x))
        return nm(d, c), () if place is None else (place,)
    if s.face_down:
        return traps.HIDDEN, (pl(s.controller), traps.hidden_place(d, c))
    beneath = [x for x, t in d.in_play.items() if t.under == c]
    under = ", ".join("a face-down Page under it" if d.in_play[x].face_down else f"with {nm(d, x)}" for x in beneath)
    same = [x for x in d.arena if d.in_play[x].controller == s.controller and nm(d, x) == nm(d, c)]
    whose = "your" if s.controller == you else f"{pl(s.controller)}'s"
    where = f"{ordinal(same.index(c) + 1)} in {whose} Arena" if c in same else ""
    return nm(d, c), (pl(s.controller), under, f"{cur_lp(d, c)} LP" if has_lp(d, c) else "",
                      "fatigued" if s.fatigued else "ready", where)


def distinct_labels(st: "GameState", actions: Sequence[Action]) -> list[Action]:
    from . import traps
    d: MZ22Data = st.data
    you = st.current_player()
    hidden = {traps.alias(d, c): c for c in traps.face_down(d)} if any(":f" in a.id for a in actions) \
        else {}

    order = st.decision.params.triggers if st.decision is not None and st.decision.kind == ORDER_DECISION else ()

    def cards(a: Action) -> list[tuple[int, Features]]:
        if order and a.id.startswith("trigger:"):            # a trigger by the Page it comes from
            src = getattr(order[int(a.id[8:])], "source", -1)
            return [(src, page_features(d, src, you))] if 0 <= src < len(d.defs) else []
        out = []
        for m in _REF.finditer(a.id):
            c = int(m.group(2)) if m.group(1) == "c" else hidden.get(m.group(0), -1)
            if 0 <= c < len(d.defs):
                name, facts = page_features(d, c, you)
                if c in d.in_play and d.in_play[c].face_down and d.in_play[c].controller == you and nm(d, c) in a.label:
                    # its controller reads its name; the others never get it, not even by where words go
                    name = nm(d, c)
                out.append((c, (name, facts)))
        return out

    return tell_apart(actions, cards)
