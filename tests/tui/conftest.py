"""Fixtures for the TUI tests: the bundled content, loaded once."""

from __future__ import annotations

import pytest

from consul_app.content import ContentPack

from .scenarios import bundled


@pytest.fixture(scope="session")
def content() -> ContentPack:
    return bundled()
