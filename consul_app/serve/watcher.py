"""One viewer's `consul watch` process, spoken to as textual-serve speaks to its apps: Textual's
web driver on the process's pipes (packets of a type byte, a length and a payload).

It is started from an argument list, with no shell, and it is ended for sure: asked to quit,
then terminated, then killed, each step after a deadline, while its output is still read (a
watcher blocked writing a frame to a full pipe could not quit otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Awaitable, Callable, Sequence
from importlib.metadata import version

QUIT_SECONDS = 3.0
"""How long a watcher has to quit when asked, then again after SIGTERM, before SIGKILL (it is
asked within a second: all told, it is gone within 8 s)."""

WRITE_SECONDS = 5.0
"""How long a watcher may leave its input unread before it is taken for hung."""

READY_LINES = 10
"""How many lines a watcher may print before it says it speaks the web driver's protocol."""

Draw = Callable[[bytes], Awaitable[object]]


class WatcherHung(Exception):
    """The watcher did not read its input within WRITE_SECONDS."""


def environment(columns: int, rows: int) -> dict[str, str]:
    """The watcher's environment: Textual's web driver at the viewer's size."""
    return os.environ | {
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": version("textual-serve"),
        "COLUMNS": str(columns),
        "ROWS": str(rows),
    }


class Watcher:
    """A running `consul watch`: `draw` gets what it draws; `ended` is set once it is gone."""

    def __init__(self, process: asyncio.subprocess.Process, draw: Draw) -> None:
        self.process = process
        self.draw = draw
        self.ended = asyncio.Event()
        self.problem: str | None = None
        """The last line it printed on stderr (why it stopped, if it did by itself)."""
        self._output = asyncio.create_task(self._read_output())
        self._errors = asyncio.create_task(self._read_errors())

    @classmethod
    async def start(cls, argv: Sequence[str], size: tuple[int, int], draw: Draw) -> Watcher:
        """Start `argv` at `size` (columns, rows). Raises OSError if it cannot be started."""
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment(*size),
        )
        return cls(process, draw)

    async def _read_output(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            for _ in range(READY_LINES):
                if await stdout.readline() in (b"__GANGLION__\n", b""):
                    break
            while True:
                kind = await stdout.readexactly(1)
                length = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(length)
                if kind == b"D":
                    await self.draw(payload)  # (waits while the viewer reads nothing)
                elif kind == b"M" and _meta_type(payload) == "exit":
                    break
                # Anything else (opening a URL, a file to download) the watch screen never
                # asks for: it is not passed on to the browser.
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            self.ended.set()

    async def _read_errors(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        with contextlib.suppress(ConnectionError, ValueError):
            async for line in stderr:
                if text := line.decode("utf-8", "replace").strip():
                    self.problem = text

    async def send(self, kind: bytes, payload: bytes, seconds: float = WRITE_SECONDS) -> None:
        """One packet to the watcher. Raises WatcherHung if it does not read it within
        `seconds`, ConnectionError if it is gone."""
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
        try:
            await asyncio.wait_for(stdin.drain(), seconds)
        except TimeoutError:
            raise WatcherHung from None

    async def keys(self, data: str) -> None:
        await self.send(b"D", data.encode("utf-8"))

    async def meta(self, **message: object) -> None:
        await self.send(b"M", json.dumps(message).encode("utf-8"))

    async def stop(self) -> None:
        """Quit, terminate, kill: each after QUIT_SECONDS if the one before did not end it.
        What it draws meanwhile is read and dropped (it may be blocked on a full pipe, its
        viewer gone or reading nothing)."""
        self._output.cancel()
        await asyncio.gather(self._output, return_exceptions=True)
        dropped = asyncio.create_task(self._drop_output())
        if self.process.returncode is None:
            with contextlib.suppress(WatcherHung, ConnectionError, RuntimeError):
                await self.send(b"M", b'{"type": "quit"}', seconds=1.0)
        for end in (None, self.process.terminate, self.process.kill):
            if end is not None and self.process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    end()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.process.wait(), QUIT_SECONDS)
                break
        await self.process.wait()
        for task in (dropped, self._errors):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), QUIT_SECONDS)
            task.cancel()
        if self.process.stdin is not None:
            self.process.stdin.close()

    async def _drop_output(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        with contextlib.suppress(ConnectionError, ValueError):
            while await stdout.read(65536):
                pass


def _meta_type(payload: bytes) -> object:
    with contextlib.suppress(ValueError, AttributeError):
        return json.loads(payload).get("type")
    return None
