"""The one kind of error the server answers with: a status, a code word and a readable message.

Messages are written for the player who caused them and never carry engine internals (no
state, seed or other seat's options): see ``redact.py``.
"""
from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def body(self) -> dict[str, Any]:
        return {"error": self.message, "code": self.code}
