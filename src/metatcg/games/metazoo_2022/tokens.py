"""Tokens (MZ22-TOKEN): made-up Pages that exist only in the Arena. A Token's definition is
kept as plain data so a saved game can rebuild it: ``{"copy": name}`` for a copy of a Page
from the pool (MZ22-TOKEN-8), ``{"page": {...}}`` for a Token an Effect describes."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cards import PageDef, to_def
from .schema import Artifact, Beastie


def token_def(how: Any, pool: Any) -> PageDef:
    """The PageDef of a Token from its JSON description (ValueError if it is not one)."""
    if type(how) is not dict or len(how) != 1 + ("nameless" in how) or how.get("nameless", True) is not True:
        raise ValueError("a Token is {'copy': name} or {'page': {...}} (with 'nameless': true if it has no name)")
    if "copy" in how:
        name = how["copy"]
        if type(name) is not str or name not in pool:
            raise ValueError(f"a copy Token names no Page of the pool: {name!r:.40}")
        return tokenised(pool[name])    # a copy carries the printed information (MZ22-TOKEN-8)
    page = how.get("page")
    if type(page) is not dict:
        raise ValueError("a Token's page must be an object")
    model = (Beastie if page.get("type") == "beastie" else Artifact).model_validate(page)
    made = tokenised(to_def(model))
    # a Token its Effect gives no name has none at all (MZ22-TOKEN-4): no Effect or 4th Wall item
    # can find it by name; its inline table names it only so the schema can check it
    if how.get("nameless"):
        object.__setattr__(made, "name", "")     # derived fields (types, costs) stay as made
    return made


def tokenised(d: PageDef) -> PageDef:
    """A Token has no Aura Cost and no Spellbook Limit (MZ22-TOKEN-7); its type is the one it
    was given (kept in ``base_types``, MZ22-TOKEN-15)."""
    base = d.base_types
    t = replace(d, cost=(), limit=None)         # re-derives cost_total (0) and cost_due (none)
    object.__setattr__(t, "base_types", base if d.cost else frozenset())
    object.__setattr__(t, "dual", len(base - {"neutral"}) >= 2 if d.cost else False)
    return t


def page_json(model: Any) -> dict[str, Any]:
    """A Token Page model from an op as the JSON that rebuilds it."""
    return {"page": model.model_dump(mode="json", exclude_defaults=True, by_alias=True) | {"type": model.type}}
