"""`consul serve`: the watch screen in a browser. End to end: a real server on a free loopback
port, headless Chromium on its page, an action appended to the journal, the page showing it;
the viewer limit; the command a browser gets; Ctrl+C."""

from __future__ import annotations

import asyncio
import os
import queue
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, default_setup
from consul_app.serve import watch_command
from consul_app.session import Session
from serve.browser import Browser, chromium

DEADLINE = 60.0
ROOT = Path(__file__).resolve().parents[2]
SHOT = os.environ.get("CONSUL_BROWSER_SHOT")
"""Where to keep the browser's screenshot (scripts/watch_screenshots.py sets it)."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and shells")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """`consul serve SAVE` in a process of its own, its output lines in a queue."""

    def __init__(self, save: Path, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "consul_app",
                "serve",
                str(save),
                "--port",
                str(self.port),
                *args,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def output(self) -> list[str]:
        """Every line printed so far."""
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return list(self.seen)

    async def ready(self) -> None:
        """Wait until the banner is printed (its last line ends "Ctrl+C stops.": the reader
        thread may get it after the page answers) and the page answers."""
        end = time.monotonic() + DEADLINE
        while not any(line.endswith("Ctrl+C stops.") for line in self.output()):
            assert self.process.poll() is None, self.output()
            assert time.monotonic() < end, f"no banner within {DEADLINE} s: {self.output()}"
            await asyncio.sleep(0.05)
        async with aiohttp.ClientSession() as http:
            while True:
                try:
                    async with http.get(self.url) as response:
                        if response.status == 200:
                            return
                except aiohttp.ClientConnectionError:
                    pass
                assert self.process.poll() is None, self.output()
                assert time.monotonic() < end, f"the server did not answer within {DEADLINE} s"
                await asyncio.sleep(0.05)

    def stop(self) -> int:
        """Ctrl+C, as at the terminal; the exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=DEADLINE)


@pytest.fixture
def save(content: ContentPack, tmp_path: Path) -> Path:
    path = tmp_path / "table game.jsonl"  # a space: the command must be quoted
    with Session.new(content, default_setup(content.edition("sde2")), path=path) as session:
        session.dispatch(DestroyHero())
    return path


@pytest.fixture
def served(save: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    marker = request.node.get_closest_marker("serve_args")
    server = Served(save, *(marker.args if marker else ()))
    yield server
    if server.process.poll() is None:
        server.process.kill()
        server.process.wait(timeout=DEADLINE)


def watchers(save: Path) -> list[int]:
    """Pids of `consul watch` processes of this save still running (Linux: /proc)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"watch" in argv and os.fsencode(save.resolve()) in argv:
            found.append(int(proc.name))
    return found


@pytest.mark.skipif(chromium() is None, reason="needs Debian's chromium (.ci/run installs it)")
async def test_the_browser_shows_each_new_action(
    content: ContentPack, save: Path, served: Served, tmp_path: Path
) -> None:
    await served.ready()
    assert served.output()[0] == f"Serving {save} read-only at {served.url}"
    async with Browser(tmp_path / "profile", DEADLINE) as browser:
        await browser.open(served.url)
        screen = await browser.until_shown("1. A hero is destroyed")
        assert "WATCHING" in screen
        with Session.resume(content, save) as consul:  # the Consul plays on
            consul.dispatch(EndTurn())
        screen = await browser.until_shown("2. End the Consul turn")
        assert "Last: End the Consul turn" in screen
        png = await browser.screenshot()
        assert png.startswith(b"\x89PNG")
        if SHOT:
            Path(SHOT).write_bytes(png)
        assert watchers(save)  # this browser's watcher
        assert served.stop() == 0  # Ctrl+C while a browser watches: a clean stop
    end = time.monotonic() + DEADLINE
    while watchers(save):  # and no watcher is left behind
        assert time.monotonic() < end, f"watchers left running: {watchers(save)}"
        await asyncio.sleep(0.05)


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


def test_the_served_command_is_watch_and_quoted(tmp_path: Path) -> None:
    hostile = tmp_path / "x'; touch pwned; echo '$(touch pwned2)`touch pwned3`.jsonl"
    command = watch_command(hostile, [tmp_path / "my pack"])
    assert shlex.split(command) == [
        sys.executable,
        "-m",
        "consul_app",
        "--content",
        str((tmp_path / "my pack").resolve()),
        "watch",
        str(hostile.resolve()),
    ]
    done = subprocess.run(
        ["/bin/sh", "-c", command.replace(sys.executable, "echo", 1)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(hostile.resolve()) in done.stdout
    assert not list(tmp_path.glob("pwned*"))


def test_serve_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    from consul_app.cli import main

    assert main(["serve", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["serve", "--port", "0", str(tmp_path)]) == 2


def test_serving_the_network_warns_and_names_the_address(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import consul_app.serve
    from consul_app.cli import main

    served: list[dict[str, object]] = []
    monkeypatch.setattr(consul_app.serve, "serve", lambda save, **how: served.append(how))
    assert main(["serve", str(save), "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert served == [{"host": "0.0.0.0", "port": 8123, "viewers": 8, "content_dirs": []}]
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Serving {save} read-only at http://0.0.0.0:8123"
    assert "Warning: anyone who can reach port 8123 of this machine can watch this game." in (
        " ".join(out)
    )
