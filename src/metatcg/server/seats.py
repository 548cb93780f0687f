"""Seat tokens: capability links. A token is 32 random bytes (URL-safe text); the server keeps
only its SHA-256, so a copy of the database does not let anyone act for a seat, and compares in
constant time so timing tells nothing about a stored hash."""
from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), stored_hash)
