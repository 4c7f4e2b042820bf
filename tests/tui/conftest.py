"""Fixtures for the TUI tests: the bundled content, loaded once."""

from __future__ import annotations

import pytest
from textual import _wait

from consul_app.content import ContentPack

from .scenarios import bundled

# Pilot waits after every key until the app looks idle: less than SLEEP_IDLE of CPU time in a
# sleep of SLEEP_GRANULARITY (20 ms), twice a key. Much of a Pilot test was that sleeping. With
# 5 ms sleeps (the same 5% share of CPU for "idle") the TUI tests take about a third less. What
# the app does only after its next frame (`call_after_refresh`) may come after such a wait:
# tests wait for it with `helpers.until`.
_wait.SLEEP_GRANULARITY = 1 / 200
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20


@pytest.fixture(scope="session")
def content() -> ContentPack:
    return bundled()
