"""`consul serve`: the watch screen in a browser. End to end: a real server on a free loopback
port, headless Chromium on its page, an action appended to the journal, the page showing it;
the viewer limit; the command a browser gets; Ctrl+C."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from tui.watch_scenario import watched_game

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, default_setup
from consul_app.serve import watch_command
from consul_app.session import Session
from serve.browser import Browser, chromium
from serve.served import DEADLINE, ROOT, Served, Viewer, watchers

SHOT = os.environ.get("CONSUL_BROWSER_SHOT")
"""Where to keep the browser's screenshot (scripts/watch_screenshots.py sets it)."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and shells")


@pytest.fixture
def table_save(content: ContentPack, tmp_path: Path) -> Path:
    """A game as the heroes ask about it: the boss in play, the mini-boss and monsters on the
    dungeon with wounds and status effects (the screenshot in README shows it)."""
    path = tmp_path / "table game.jsonl"  # a space: the command must be quoted
    watched_game(content, path)
    return path


@pytest.mark.skipif(chromium() is None, reason="needs Debian's chromium (.ci/run installs it)")
async def test_the_browser_shows_each_new_action(
    content: ContentPack, table_save: Path, tmp_path: Path
) -> None:
    with Session.resume(content, table_save) as consul:
        played = len(consul.history)
    served = Served(table_save)
    try:
        await served.ready()
        assert served.output()[0] == f"Serving {table_save} read-only at {served.url}"
        netloc = urlsplit(served.url).netloc
        async with Browser(tmp_path / "profile", DEADLINE) as browser:
            await browser.open(served.url)
            # (a monster on the dungeon, as it plays now)
            await browser.until_shown(f"{played}. Mini-boss gains Ice", "WATCHING", "└ #1 Slow")
            with Session.resume(content, table_save) as consul:  # the Consul plays on
                consul.dispatch(DestroyHero())
            await browser.until_shown(
                f"{played + 1}. A hero is destroyed", "Last: A hero is destroyed"
            )
            png = await browser.screenshot()
            assert png.startswith(b"\x89PNG")
            if SHOT:
                Path(SHOT).write_bytes(png)
            assert watchers(table_save)  # this browser's watcher
            outside = [url for url in browser.requests if urlsplit(url).netloc != netloc]
            assert browser.requests and not outside  # the page, its script, font and websocket
            assert served.stop() == 0  # Ctrl+C while a browser watches: a clean stop
        end = time.monotonic() + DEADLINE
        while watchers(table_save):  # and no watcher is left behind
            assert time.monotonic() < end, f"watchers left running: {watchers(table_save)}"
            await asyncio.sleep(0.05)
    finally:
        served.end(table_save)


@pytest.mark.serve_args("--viewers", "1")
async def test_viewers_beyond_the_limit_are_turned_away(served: Served) -> None:
    await served.ready()
    # (a line of the banner; not the last line printed: the server may log ready()'s request)
    assert "At most 1 viewers at once. Ctrl+C stops." in served.output()
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:  # another site's page
            await http.ws_connect(f"{served.url}/ws", headers={"Origin": "http://evil.example"})
        assert caught.value.status == 403
        first = await http.ws_connect(f"{served.url}/ws?width=80&height=24")
        try:
            await first.receive(timeout=DEADLINE)  # its watcher draws: it is watching
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await http.ws_connect(f"{served.url}/ws")
            assert caught.value.status == 503
            async with http.get(served.url) as page:
                assert page.status == 503
                assert "1 viewers already watch this game" in await page.text()
        finally:
            await first.close()
    assert served.stop() == 0


def test_the_served_command_is_watch(tmp_path: Path) -> None:
    save = tmp_path / "x.jsonl"
    assert watch_command(save, [tmp_path / "my pack"]) == [
        sys.executable,
        "-m",
        "consul_app",
        "--content",
        str((tmp_path / "my pack").resolve()),
        "watch",
        str(save.resolve()),
    ]


async def test_a_hostile_save_name_is_watched_and_runs_nothing(
    content: ContentPack, tmp_path: Path
) -> None:
    """The watcher is started from an argument list, without a shell."""
    folder = tmp_path / "games"
    folder.mkdir()
    hostile = folder / "x'; touch pwned; echo '$(touch pwned2)`touch pwned3`.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=hostile):
        pass
    served = Served(hostile)
    try:
        await served.ready()
        async with aiohttp.ClientSession() as http, Viewer(http, f"{served.url}/ws") as viewer:
            await viewer.until_drawn(b"WATCHING")
            assert watchers(hostile)
        assert served.stop() == 0
    finally:
        served.end(hostile)
    assert not list(Path(ROOT).glob("pwned*")) and not list(folder.glob("pwned*"))


def test_serve_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    from consul_app.commands.cli import main

    assert main(["serve", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["serve", "--port", "0", str(tmp_path)]) == 2


def test_serving_the_network_warns_and_names_the_address(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import consul_app.serve
    from consul_app.commands.cli import main

    served: list[dict[str, object]] = []
    monkeypatch.setattr(consul_app.serve, "serve", lambda save, **how: served.append(how))
    assert main(["serve", str(save), "--host", "0.0.0.0", "--port", "8123"]) == 0
    [how] = served
    assert how["host"] == "0.0.0.0" and how["port"] == 8123 and how["viewers"] == 8
    assert how["follow"] is None  # a save named: that one, followed by no other
    out = capsys.readouterr().out.splitlines()
    lan = how["lan"]  # the network address printed is one the server answers to
    assert lan is None or f"On this machine's network: http://{lan}:8123" in out
    assert out[0] == f"Serving {save} read-only at http://0.0.0.0:8123"
    assert "Warning: anyone who can reach port 8123 of this machine can watch this game." in (
        " ".join(out)
    )


def test_a_save_name_reaches_the_terminal_escaped(
    content: ContentPack,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A name with an escape sequence would retitle and clear the Consul's terminal."""
    import consul_app.serve
    from consul_app.base.paths import saves_dir
    from consul_app.commands.cli import main

    monkeypatch.setattr(consul_app.serve, "serve", lambda save, **how: None)
    hostile = tmp_path / "\x1b]0;pwned\x07\x1b[2J.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=hostile):
        pass
    saves_dir().mkdir(parents=True)
    in_progress = saves_dir() / "\x1b[2Jtonight.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=in_progress):
        pass
    assert main(["serve", str(hostile)]) == 0
    assert main(["serve"]) == 0  # the game in progress
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;pwned\\x07\\x1b[2J.jsonl" in out and "\\x1b[2Jtonight.jsonl" in out
