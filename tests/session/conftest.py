"""Fixtures for the session tests: the bundled content and a fixed clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from consul_app.content import ContentPack
from consul_app.rules import Setup, default_setup
from consul_app.session.session import Clock

NOW = datetime(2026, 11, 30, 20, 15, tzinfo=timezone(timedelta(hours=1)))


@pytest.fixture
def clock() -> Clock:
    """A clock stopped at NOW, for the save's date and header."""
    return lambda: NOW


@pytest.fixture
def setup(content: ContentPack) -> Setup:
    """A playable SDE 2.0 game (Black-Handed Henry in the bundled pack)."""
    return default_setup(content.edition("sde2"))
