"""One viewer of `consul serve`: a browser's websocket, and the `consul watch` drawing to it.

The viewer watches the game the server serves: while there is none, a waiting screen drawn
here (no process); when the game changes (the Consul starts another), its watcher is ended and
one for the new game drawn on the same page. When the viewer leaves, or the server stops, its
watcher is ended (see `Watcher.stop`); when its watcher stops by itself, the viewer is let go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from aiohttp import WSMsgType, web

from consul_app.serve import messages
from consul_app.serve.games import Games
from consul_app.serve.watcher import Watcher, WatcherHung

log = logging.getLogger("consul.serve")

WAITING = (
    "Consul: watching",
    "",
    "Waiting for the Consul to start a game.",
    "This page shows it as soon as the game begins.",
)


def waiting_screen(columns: int, rows: int) -> bytes:
    """The waiting screen at a size, as terminal output: the lines centred, the cursor hidden."""
    top = max(1, (rows - len(WAITING)) // 2 + 1)
    out = ["\x1b[?25l\x1b[0m\x1b[2J"]
    for number, line in enumerate(WAITING):
        line = line[:columns]
        style = "\x1b[1m" if number == 0 else ""
        out.append(f"\x1b[{top + number};{max(1, (columns - len(line)) // 2 + 1)}H")
        out.append(f"{style}{line}\x1b[0m")
    return "".join(out).encode()


class Viewer:
    """A browser watching through `ws`, at `size` (columns, rows) until it asks another."""

    def __init__(
        self,
        ws: web.WebSocketResponse,
        size: tuple[int, int],
        games: Games,
        command: Callable[[Path], Sequence[str]],
        who: str,
    ) -> None:
        self.ws = ws
        self.size = size
        self.games = games
        self.command = command
        self.who = who
        self.watcher: Watcher | None = None

    async def watch(self) -> None:
        """Until the viewer leaves (or its watcher stops by itself)."""
        browser = asyncio.create_task(self._messages())
        try:
            while not browser.done():
                path = self.games.current
                if path is None:
                    with contextlib.suppress(ConnectionError):  # (it left: `browser` ends)
                        await self._draw(waiting_screen(*self.size))
                elif not await self._start(path):
                    break
                news = asyncio.create_task(self.games.changed())
                ended = asyncio.create_task(self._ended())
                await asyncio.wait({browser, news, ended}, return_when=asyncio.FIRST_COMPLETED)
                for task in (news, ended):
                    task.cancel()
                await self._stop()
                if ended.done() and not ended.cancelled() and not news.done():
                    break  # it stopped by itself (it could not read the save, or ctrl+q)
        finally:
            browser.cancel()
            await asyncio.gather(browser, return_exceptions=True)
            await asyncio.shield(self._stop())

    async def _start(self, path: Path) -> bool:
        try:
            self.watcher = await Watcher.start(self.command(path), self.size, self._draw)
        except OSError as err:
            log.warning("Cannot start a watcher for %s: %s.", self.who, err.strerror or err)
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.close(message=b"The server is busy: try again in a moment.")
            return False
        return True

    async def _ended(self) -> None:
        if self.watcher is None:
            await asyncio.Future()  # (waiting: never)
        else:
            await self.watcher.ended.wait()

    async def _stop(self) -> None:
        watcher, self.watcher = self.watcher, None
        if watcher is not None:
            await watcher.stop()
            if watcher.process.returncode not in (0, None) and watcher.problem:
                log.warning("The watcher of %s stopped: %s", self.who, watcher.problem)

    async def _draw(self, data: bytes) -> None:
        await self.ws.send_bytes(data)

    async def _messages(self) -> None:
        """What the browser says, each message checked (see `messages`)."""
        try:
            async for frame in self.ws:
                if frame.type == WSMsgType.TEXT:
                    await self._heed(messages.read(frame.data))
        except WatcherHung:
            log.warning("The watcher of %s stopped reading: it is ended.", self.who)
        except ConnectionError:
            pass

    async def _heed(self, message: messages.Message | None) -> None:
        watcher = self.watcher
        if isinstance(message, messages.Ping):
            await self.ws.send_json(["pong", message.text])
        elif isinstance(message, messages.Resize):
            self.size = (message.columns, message.rows)
            if watcher is None:
                await self._draw(waiting_screen(*self.size))
        if watcher is None or watcher.ended.is_set():
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            if isinstance(message, messages.Keys):
                await watcher.keys(message.text)
            elif isinstance(message, messages.Resize):
                await watcher.meta(type="resize", width=message.columns, height=message.rows)
            elif isinstance(message, messages.Focus):
                await watcher.meta(type="focus" if message.focused else "blur")
