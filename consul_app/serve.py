"""`consul serve`: `consul watch` in web browsers, through textual-serve.

Each browser that connects gets its own `consul watch SAVE` process, and nothing else: the
command is fixed when the server starts, built as an argument list and quoted for the shell
textual-serve starts it with, so no browser reaches the playing app, a new game or a shell,
and no save name can inject a command. At most `viewers` browsers watch at once.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

HOST_HEADER = re.compile(r"^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$")
"""A Host header the page may build its websocket address from (else the one printed)."""


def watch_command(save: Path, content_dirs: Sequence[Path] = ()) -> str:
    """The shell command of one viewer: this Python running `consul watch SAVE`, quoted."""
    argv = [sys.executable, "-m", "consul_app"]
    for folder in content_dirs:
        argv += ["--content", str(Path(folder).resolve())]
    argv += ["watch", str(save.resolve())]
    return shlex.join(argv)


class WatchServer(Server):
    """textual-serve's server with a limit on viewers and the address the browser used."""

    def __init__(self, command: str, *, host: str, port: int, viewers: int, url: str) -> None:
        super().__init__(command, host=host, port=port, title="Consul: watching", public_url=url)
        self.viewers = viewers
        self._viewers: set[asyncio.Task[object]] = set()

    def _full(self) -> web.HTTPServiceUnavailable:
        return web.HTTPServiceUnavailable(
            text=f"{self.viewers} viewers already watch this game; try again when one leaves.\n"
        )

    async def handle_index(self, request: web.Request) -> Any:
        if self.watching >= self.viewers:
            raise self._full()
        # The page connects its websocket to the address the browser used (a LAN address,
        # when the server listens on every interface).
        if HOST_HEADER.match(request.host):
            self.public_url = f"http://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            # Websockets know no same-origin policy: another site open in the same browser
            # could otherwise watch the game and take the viewers' places.
            raise web.HTTPForbidden(text="Only this server's own page may watch.\n")
        if self.watching >= self.viewers:
            raise self._full()
        viewer = asyncio.current_task()
        assert viewer is not None
        self._viewers.add(viewer)
        try:
            return await super().handle_websocket(request)
        finally:
            self._viewers.discard(viewer)

    @property
    def watching(self) -> int:
        """How many browsers watch now."""
        return len(self._viewers)

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every viewer's watcher is told to quit now (textual-serve's handler closes
        its websocket and stops its process when cancelled), not when its browser leaves."""
        for viewer in list(self._viewers):
            viewer.cancel()

    async def on_startup(self, app: web.Application) -> None:
        """Replaces textual-serve's banner: `consul serve` prints its own."""


def serve(
    save: Path, *, host: str, port: int, viewers: int, content_dirs: Sequence[Path] = ()
) -> None:
    """Serve the watcher of `save` until Ctrl+C (or SIGTERM)."""
    command = watch_command(save, content_dirs)
    WatchServer(command, host=host, port=port, viewers=viewers, url=address(host, port)).serve()


def address(host: str, port: int) -> str:
    """The URL a browser opens for `host` and `port`."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
