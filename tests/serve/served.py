"""`consul serve` in a process of its own, as the tests of `consul serve` run it, and what they
count after each scenario: the `consul watch` processes left and their memory (Linux: /proc)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

DEADLINE = 60.0
GONE_SECONDS = 10
"""How soon a viewer's watcher is gone after its viewer leaves."""
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """`consul serve [SAVE]` in a process of its own, its output lines in a queue. `files`:
    the most file descriptors it may hold (its RLIMIT_NOFILE), if limited."""

    def __init__(self, save: Path | None, *args: str, files: int | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

        def limit() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "consul_app",
                "serve",
                *([str(save)] if save else []),
                "--port",
                str(self.port),
                *args,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=limit,
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

    def end(self, where: Path) -> None:
        """After the test: the server killed if it still runs, and every watcher it left (of
        the save or saves folder `where`, or its children)."""
        left = set(watchers(where, parent=self.process.pid))
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=DEADLINE)
        for pid in left | set(watchers(where)):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def watchers(save: Path, parent: int | None = None) -> list[int]:
    """Pids of the `consul watch` processes of `save` (or of any save in the folder `save`)
    still running, or (`parent`) of any save started by that server."""
    wanted = os.fsencode(save.resolve())
    found = []
    for proc in Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"watch" not in argv or b"consul_app" not in argv:
            continue
        if ppid == parent or any(arg == wanted or arg.startswith(wanted + b"/") for arg in argv):
            found.append(int(proc.name))
    return found


def memory_mb(pid: int) -> float:
    """The resident memory of process `pid` in MB (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def until(probe: Callable[[], Any], what: str, deadline: float = DEADLINE) -> Any:
    """`probe()` once it gives something truthy, within `deadline` seconds."""
    end = time.monotonic() + deadline
    while not (found := probe()):
        assert time.monotonic() < end, f"not within {deadline} s: {what}"
        await asyncio.sleep(0.05)
    return found


class Viewer:
    """A websocket viewer of `consul serve`, as a script (not a browser) drives it: what the
    server sends is counted (and kept as bytes) by a task that reads it, unless `reads` is
    False (a viewer that never reads)."""

    def __init__(self, http: aiohttp.ClientSession, url: str, reads: bool = True) -> None:
        self.http = http
        self.url = url
        self.reads = reads
        self.received = bytearray()
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Viewer:
        self.ws = await self.http.ws_connect(self.url)
        if self.reads:
            self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if isinstance(message.data, bytes):
                self.received += message.data

    async def __aexit__(self, *exc: object) -> None:
        assert self.ws is not None
        await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()

    async def until_drawn(self, text: bytes = b"", after: int = 0, least: int = 1000) -> None:
        """Wait until the server has sent more than `least` bytes past `after`, and `text`."""
        await until(
            lambda: len(self.received) > after + least and text in self.received[after:],
            f"{text!r} drawn",
        )
