"""A viewer of `consul serve` as an attacker on the same network drives it: a real websocket
client on loopback sending sizes and messages no browser sends, or never reading what it is
sent. The viewer's `consul watch` keeps drawing, stays small, and is gone soon after its viewer
leaves; the Consul's terminal shows no traceback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from serve.served import GONE_SECONDS, Served, Viewer, memory_mb, until, watchers

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts processes in /proc")

MEMORY_MB = 200
"""The most a watcher may hold, whatever its viewer sends."""

WATCH_SECONDS = 6.0
"""How long a watcher's memory is watched after the hostile messages (1e308 × 1e308 made it
grow past 200 MB within 4 s)."""

HOSTILE_SIZES: list[object] = [
    {"width": 1e308, "height": 1e308},
    {"width": -5, "height": -5},
    {"width": 0, "height": 0},
    {"width": "80", "height": "24"},
    {"width": 80.5, "height": 24.5},
    {"width": None, "height": None},
    {"width": [80], "height": [24]},
    {"width": True, "height": True},
    {"width": 10**30, "height": 10**30},
    {"width": 80},
    {},
    None,
    "80x24",
    [80, 24],
]

HOSTILE_MESSAGES: list[str | bytes] = [
    "not json",
    "[]",
    "{}",
    '"resize"',
    "[1, 2]",
    '["resize"]',
    '["stdin"]',
    '["stdin", 5]',
    '["stdin", null]',
    '["ping"]',
    '["ping", {"a": 1}]',
    '["focus", 1, 2, 3]',
    '["open_url", {"url": "http://evil.example"}]',
    '["no such message", 1]',
    b"\x00\x01binary",
    "[" * 10_000 + "]" * 10_000,
]


async def watch_memory(pid: int, seconds: float, served: Served) -> float:
    """The most `pid` held (MB) over `seconds`; stops early past the limit."""
    most = 0.0
    end = time.monotonic() + seconds
    while time.monotonic() < end and most <= MEMORY_MB:
        assert watchers_alive(pid), f"the watcher died: {served.output()}"
        most = max(most, memory_mb(pid))
        await asyncio.sleep(0.1)
    return most


def watchers_alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists()


async def test_hostile_sizes_and_messages_change_nothing(served: Served, save: Path) -> None:
    await served.ready()
    async with aiohttp.ClientSession() as http, Viewer(http, f"{served.url}/ws") as viewer:
        await viewer.until_drawn(b"WATCHING")
        [pid] = await until(lambda: watchers(save), "the viewer's watcher")
        assert viewer.ws is not None
        for size in HOSTILE_SIZES:
            await viewer.ws.send_str(json.dumps(["resize", size]))
        for message in HOSTILE_MESSAGES:
            if isinstance(message, bytes):
                await viewer.ws.send_bytes(message)
            else:
                await viewer.ws.send_str(message)
        most = await watch_memory(pid, WATCH_SECONDS, served)
        assert most < MEMORY_MB, f"the watcher grew to {most:.0f} MB"
        assert watchers(save) == [pid]  # alive, and the only one
        drawn = len(viewer.received)
        await viewer.ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
        await viewer.until_drawn(b"WATCHING", after=drawn)  # it still draws, at a true size
    await until(lambda: not watchers(save), "the watcher gone", GONE_SECONDS)
    assert not [line for line in served.output() if "Traceback" in line or "Error" in line]
    assert served.stop() == 0


async def test_a_hostile_size_in_the_address_changes_nothing(served: Served, save: Path) -> None:
    await served.ready()
    async with aiohttp.ClientSession() as http:
        for query in ("?width=100000&height=100000", "?width=-3&height=1e308"):
            async with Viewer(http, f"{served.url}/ws{query}") as viewer:
                await viewer.until_drawn(b"WATCHING")
                [pid] = watchers(save)
                most = await watch_memory(pid, WATCH_SECONDS / 3, served)
                assert most < MEMORY_MB, f"the watcher grew to {most:.0f} MB"
            await until(lambda: not watchers(save), "the watcher gone", GONE_SECONDS)
    assert served.stop() == 0


@pytest.mark.parametrize("reads", [True, False], ids=["mid-frame", "never-reads"])
async def test_a_viewer_that_leaves_a_huge_screen_leaves_nothing_behind(
    served: Served, save: Path, reads: bool
) -> None:
    """The largest screen a viewer may ask for (it asks more): its viewer leaves while the
    watcher writes a frame, or never reads one (the watcher blocks on its full pipe). Each
    time the watcher is ended within the deadline."""
    await served.ready()
    async with aiohttp.ClientSession() as http:
        for _ in range(2):  # viewers that come and go
            async with Viewer(http, f"{served.url}/ws", reads=reads) as viewer:
                assert viewer.ws is not None
                [pid] = await until(lambda: watchers(save), "the viewer's watcher")
                before = len(viewer.received)
                await viewer.ws.send_str(json.dumps(["resize", {"width": 2000, "height": 2000}]))
                for _ in range(20):  # keys, each drawing the screen again
                    await viewer.ws.send_str(json.dumps(["stdin", "\t"]))
                if reads:
                    await viewer.until_drawn(after=before, least=100_000)  # a huge frame
                most = await watch_memory(pid, WATCH_SECONDS / 2, served)
                assert most < MEMORY_MB, f"the watcher grew to {most:.0f} MB"
            await until(lambda: not watchers(save), "the watcher gone", GONE_SECONDS)
    assert served.stop() == 0


@pytest.mark.parametrize("end", [signal.SIGHUP, signal.SIGKILL], ids=["hangup", "kill"])
async def test_no_watcher_outlives_its_server(served: Served, save: Path, end: int) -> None:
    """The Consul closes the terminal window of `consul serve` (SIGHUP), or the server is
    killed: the watchers go with it (a watcher's input ends when its server is gone)."""
    await served.ready()
    async with aiohttp.ClientSession() as http, Viewer(http, f"{served.url}/ws") as viewer:
        await viewer.until_drawn(b"WATCHING")
        assert watchers(save)
        served.process.send_signal(end)
        served.process.wait(timeout=GONE_SECONDS)
        await until(lambda: not watchers(save), "the watcher gone", GONE_SECONDS)


@pytest.mark.serve_args("--viewers", "2")
async def test_viewers_that_come_and_go_never_leave_more_watchers_than_slots(
    served: Served, save: Path
) -> None:
    """A slot is free only once its watcher is gone: six viewers at once, each asking a
    huge screen and leaving, never run more watchers than --viewers (a guard: textual-serve
    freed a slot only after its process too, unless the process hung)."""
    await served.ready()
    most = 0

    async def count() -> None:
        nonlocal most
        while True:
            most = max(most, len(watchers(save)))
            await asyncio.sleep(0.02)

    async def come_and_go(http: aiohttp.ClientSession) -> None:
        with contextlib.suppress(aiohttp.WSServerHandshakeError):  # (503: no slot free)
            async with Viewer(http, f"{served.url}/ws?width=2000&height=2000") as viewer:
                await viewer.until_drawn(b"WATCHING")

    counter = asyncio.create_task(count())
    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(come_and_go(http) for _ in range(6)))
    await until(lambda: not watchers(save), "every watcher gone", GONE_SECONDS)
    counter.cancel()
    assert 1 <= most <= 2
    assert served.stop() == 0
