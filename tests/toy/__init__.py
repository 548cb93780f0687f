"""Spark Circle: a tiny 2-4 seat card game that lives in the tests to prove the kernel's
response windows, LIFO chains, per-seat trigger groups and state checks on their own,
without MetaX or MetaZoo. Registered for the tests by one line in ``tests/conftest.py``."""
from .game import load

__all__ = ["load"]
