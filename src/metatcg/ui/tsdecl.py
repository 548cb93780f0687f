"""TypeScript declarations of a game's view, from its JSON Schema (issue 30, "types across the
wire"): the browser client is type-checked against them (``tsc --checkJs``), so a change of the
view model breaks the build, not a player's game.

Only what Pydantic's schemas use is read: objects with properties, arrays (also ``prefixItems``
tuples), ``$ref`` into ``$defs``, ``anyOf``, ``enum``/``const``, and the scalar types. Written by
``python -m metatcg.ui.schema`` beside the JSON files; never by hand.
"""
from __future__ import annotations

import json
import re
from typing import Any

_SCALARS = {"integer": "number", "number": "number", "string": "string", "boolean": "boolean", "null": "null"}
_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def type_name(game_id: str) -> str:
    """``metazoo-2022`` → ``Metazoo2022View``."""
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", game_id)) + "View"


def declarations(game_id: str, schema: dict[str, Any]) -> str:
    """The ``.d.ts`` text for ``schema`` (the root view object, named after the game)."""
    prefix = type_name(game_id)[:-4]
    defs = schema.get("$defs", {})
    out = [f"// The {game_id} view as the server sends it. Generated from docs/schema/{game_id}-view.schema.json",
           "// by `python -m metatcg.ui.schema`: do not edit.", ""]
    for name in sorted(defs):
        out += _interface(f"{prefix}{name}", defs[name], prefix)
    out += _interface(type_name(game_id), schema, prefix)
    return "\n".join(out)


def _interface(name: str, schema: dict[str, Any], prefix: str) -> list[str]:
    doc = schema.get("description")
    head = [f"/** {_comment(doc)} */"] if doc else []
    if schema.get("type") != "object" or "properties" not in schema:
        return head + [f"export type {name} = {_type(schema, prefix)};", ""]
    required = set(schema.get("required", []))
    lines = head + [f"export interface {name} {{"]
    for key, sub in schema["properties"].items():
        if sub.get("description"):
            lines.append(f"  /** {_comment(sub['description'])} */")
        prop = key if _IDENT.match(key) else json.dumps(key)
        lines.append(f"  {prop}{'' if key in required else '?'}: {_type(sub, prefix)};")
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        lines.append(f"  [key: string]: {_type(extra, prefix)};")
    return lines + ["}", ""]


def _comment(text: str) -> str:
    return " ".join(str(text).split()).replace("*/", "* /")


def _type(schema: Any, prefix: str) -> str:
    if not isinstance(schema, dict) or not schema:
        return "unknown"
    if "$ref" in schema:
        return prefix + str(schema["$ref"]).rsplit("/", 1)[-1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"]) or "never"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(dict.fromkeys(_wrap(_type(s, prefix)) for s in schema[key]))
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(_wrap(_type({**schema, "type": k}, prefix)) for k in kind)
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_type(s, prefix) for s in schema["prefixItems"]) + "]"
        return f"{_wrap(_type(schema.get('items', {}), prefix))}[]"
    if kind == "object":
        props = schema.get("properties")
        extra = schema.get("additionalProperties")
        if props:
            required = set(schema.get("required", []))
            inner = "; ".join(f"{k if _IDENT.match(k) else json.dumps(k)}{'' if k in required else '?'}: "
                              f"{_type(v, prefix)}" for k, v in props.items())
            return "{ " + inner + " }"
        if isinstance(extra, dict):
            return f"Record<string, {_type(extra, prefix)}>"
        return "Record<string, unknown>"
    return _SCALARS.get(str(kind), "unknown")


def _wrap(text: str) -> str:
    """Brackets around a union before ``[]`` or inside another union's member list."""
    return f"({text})" if " | " in text and not text.startswith("{") else text
