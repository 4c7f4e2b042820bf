"""The save a test of `consul serve` serves, and the server serving it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from serve.served import Served


@pytest.fixture(autouse=True)
def _warm(warm_content_cache: None) -> None:
    """The server and its watchers read the content's cache (what is served is the point)."""


@pytest.fixture
def save(content: ContentPack, tmp_path: Path) -> Path:
    path = tmp_path / "table game.jsonl"  # a space: the command must be quoted
    with Session.new(content, default_setup(content.edition("sde2")), path=path) as session:
        session.dispatch(DestroyHero())
    return path


@pytest.fixture
def served(save: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """`consul serve SAVE` (with the test's `serve_args` marker's arguments)."""
    marker = request.node.get_closest_marker("serve_args")
    server = Served(save, *(marker.args if marker else ()))
    yield server
    server.end(save)
