"""Shared fixtures. Rule tests cite catalog IDs with @pytest.mark.rule("MX-...")."""
from __future__ import annotations

import pytest

import metatcg


@pytest.fixture(scope="session")
def metax():
    return metatcg.load_game("metax")
