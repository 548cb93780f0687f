"""Fast JSON text for states, records and views (msgspec), with input errors made clear."""
from __future__ import annotations

from typing import Any

import msgspec

from .errors import StateDataError

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder()


def dumps(obj: Any) -> str:
    return _encoder.encode(obj).decode()


def dumpb(obj: Any) -> bytes:
    return _encoder.encode(obj)


def detached(obj: Any) -> Any:
    """A plain JSON copy of ``obj`` (dicts, lists, str, numbers) sharing nothing with it, so a
    caller may change what it was given without touching the state it came from."""
    return _decoder.decode(_encoder.encode(obj))


def loads(text: str | bytes, what: str = "JSON") -> Any:
    try:
        return _decoder.decode(text)
    except msgspec.DecodeError as e:
        raise StateDataError(f"malformed {what}: {e}") from None
    except RecursionError:
        raise StateDataError(f"malformed {what}: nested too deeply") from None
