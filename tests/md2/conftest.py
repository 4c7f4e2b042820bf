"""Fixtures for the MD2 engine: the bundled content and games at their setup."""

from __future__ import annotations

import pytest

from consul_app.md2.content import Md2Content, load_md2
from consul_app.md2.rules import Md2Setup, Md2State, apply, new_game
from consul_app.md2.rules import actions as a


@pytest.fixture(scope="session")
def content() -> Md2Content:
    return load_md2()


@pytest.fixture
def game(content: Md2Content) -> Md2State:
    """Both heroes, not a campaign, round 1 before the first turn."""
    return new_game(Md2Setup(heroes=("bard", "tinkerer")), content)


def play(content: Md2Content, state: Md2State, *actions: a.Md2Action) -> Md2State:
    for action in actions:
        state = apply(content, state, action)
    return state
