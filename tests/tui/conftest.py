"""Fixtures for the TUI tests: the bundled content, loaded once."""

from __future__ import annotations

import pytest
from textual import _wait

from consul_app.content import ContentPack

from .scenarios import bundled

# Pilot waits after every key until the app looks idle: less than SLEEP_IDLE of CPU time in a
# sleep of SLEEP_GRANULARITY (20 ms). Most of a Pilot test was that sleeping. Shorter sleeps with
# the same share of CPU for "idle" (5%) keep the test as sure and make it several times faster.
_wait.SLEEP_GRANULARITY = 1 / 200
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20


@pytest.fixture(scope="session")
def content() -> ContentPack:
    return bundled()
