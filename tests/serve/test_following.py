"""`consul serve` with no save named serves the game in progress: with none, a waiting page
that picks up the next game the Consul starts; and when the Consul starts another, every
viewer follows it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndGame, default_setup
from consul_app.session import Session
from serve.browser import Browser, chromium
from serve.served import DEADLINE, GONE_SECONDS, Served, Viewer, until, watchers

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts processes in /proc")


@pytest.fixture
def following() -> Iterator[Served]:
    """`consul serve` with no save named, and an empty saves folder."""
    server = Served(None)
    yield server
    server.end(saves_dir())


def start_game(content: ContentPack, name: str, *, over: bool = False) -> Path:
    """The Consul starts a game in the saves folder (and ends it, if `over`)."""
    path = saves_dir() / f"{name}.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=path) as session:
        session.dispatch(DestroyHero())
        if over:
            session.dispatch(EndGame(result="ended"))
    return path


async def test_a_viewer_waits_for_the_game_and_follows_the_next(
    content: ContentPack, following: Served
) -> None:
    await following.ready()
    assert "no game in progress" in " ".join(following.output()).lower()
    async with aiohttp.ClientSession() as http, Viewer(http, f"{following.url}/ws") as viewer:
        await until(lambda: b"Waiting for the Consul" in viewer.received, "the waiting screen")
        assert not watchers(saves_dir())  # a waiting viewer costs no process
        start_game(content, "finished", over=True)  # a game over is no game to watch
        first = start_game(content, "first")
        [pid] = await until(lambda: watchers(first), "the first game watched")
        drawn = len(viewer.received)
        await viewer.until_drawn(b"first.jsonl", after=drawn)
        second = start_game(content, "second")
        await until(lambda: watchers(second), "the second game watched")
        await until(lambda: not watchers(first), "the first game's watcher gone", GONE_SECONDS)
        assert len(watchers(saves_dir())) == 1
    await until(lambda: not watchers(saves_dir()), "every watcher gone", GONE_SECONDS)
    assert following.stop() == 0


async def test_the_game_in_progress_is_served_at_once(
    content: ContentPack, following: Served
) -> None:
    following.process.kill()  # (this test starts its server after its game)
    following.process.wait()
    game = start_game(content, "tonight")
    server = Served(None)
    try:
        await server.ready()
        assert str(game) in " ".join(server.output())
        async with aiohttp.ClientSession() as http, Viewer(http, f"{server.url}/ws") as viewer:
            await viewer.until_drawn(b"tonight.jsonl")
            assert watchers(game)
    finally:
        server.end(saves_dir())


@pytest.mark.skipif(chromium() is None, reason="needs Debian's chromium (.ci/run installs it)")
async def test_the_browser_page_waits_then_shows_each_new_game(
    content: ContentPack, following: Served, tmp_path: Path
) -> None:
    await following.ready()
    async with Browser(tmp_path / "profile", DEADLINE) as browser:
        await browser.open(following.url)
        await browser.until_shown("Waiting for the Consul to start a game.")
        start_game(content, "first")
        await browser.until_shown("first.jsonl")
        start_game(content, "second")
        screen = await browser.until_shown("second.jsonl", "WATCHING")
        assert "Waiting" not in screen
    assert following.stop() == 0
