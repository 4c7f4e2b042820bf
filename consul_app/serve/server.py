"""The web server of `consul serve` (aiohttp): the page, its script and font (textual-serve's
static files), and a websocket per viewer (see `viewer.py`).

Every request is for one of this server's own addresses (`hosts.py`) or refused before anything
starts. A websocket comes from this server's own page or from no page at all (Origin). At
most `viewers` watch at once. Connections that send no request are closed after IDLE_SECONDS,
and running out of file descriptors is said in words, not fatal: the server takes connections
again when descriptors come back. What the server says goes to its terminal one line at a time,
control characters escaped, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import mimetypes
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler

from consul_app.base.shown import shown
from consul_app.serve import messages
from consul_app.serve.games import Games
from consul_app.serve.viewer import Viewer
from consul_app.serve.watcher import QUIT_SECONDS

log = logging.getLogger("consul.serve")

PAGE = (Path(__file__).parent / "page.html").read_bytes()

IDLE_SECONDS = 10.0
"""A connection that sends no request for this long is closed (its descriptor freed)."""

HEARTBEAT_SECONDS = 15.0
"""How often a viewer's browser is pinged (a browser gone without a word is let go)."""

QUIET_SECONDS = 10.0
"""Running out of file descriptors is said at most once in this long."""

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # The browser itself keeps the page to this server: no request leaves it.
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
    "style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; img-src 'self' data: blob:; "
    "worker-src 'self' blob:; frame-ancestors 'none'",
}


def static_folder() -> Path:
    """textual-serve's script, style sheet and font."""
    import textual_serve

    return Path(textual_serve.__file__).parent / "static"


class WatchServer:
    """The server's routes and viewers; `run` serves them until Ctrl+C or SIGTERM."""

    def __init__(
        self,
        games: Games,
        command: Callable[[Path], Sequence[str]],
        *,
        hosts: frozenset[str],
        viewers: int,
    ) -> None:
        self.games = games
        self.command = command
        self.hosts = hosts
        self.viewers = viewers
        self._viewers: dict[Viewer, asyncio.Task[Any]] = {}
        self._quiet_until = 0.0

    @property
    def watching(self) -> int:
        """How many browsers watch now."""
        return len(self._viewers)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._our_hosts_only])
        app.router.add_get("/", self.page)
        app.router.add_get("/ws", self.websocket)
        app.router.add_static("/static", static_folder(), follow_symlinks=False)
        return app

    @web.middleware
    async def _our_hosts_only(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        host = request.headers.get("Host", "")
        if host.lower() not in self.hosts:
            log.warning(
                "Refused a request from %s for another address (Host: %s).",
                request.remote,
                host or "none",
            )
            raise web.HTTPMisdirectedRequest(
                text="This server answers only at the addresses `consul serve` printed.\n"
            )
        response = await handler(request)
        response.headers.update(HEADERS)
        return response

    def _full(self) -> web.HTTPServiceUnavailable:
        return web.HTTPServiceUnavailable(
            text=f"{self.viewers} viewers already watch this game; try again when one leaves.\n"
        )

    async def page(self, request: web.Request) -> web.Response:
        if self.watching >= self.viewers:
            raise self._full()
        return web.Response(body=PAGE, content_type="text/html", charset="utf-8")

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=messages.LONGEST)
        if not ws.can_prepare(request).ok:
            log.warning("Refused a request from %s for /ws: not a websocket.", request.remote)
            raise web.HTTPBadRequest(text="This is the page's websocket: open the page (/).\n")
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"http://{request.host.lower()}":
            # Websockets know no same-origin policy: another site open in the same browser
            # could otherwise watch the game and take the viewers' places.
            log.warning("Refused a viewer from another site (Origin: %s).", origin)
            raise web.HTTPForbidden(text="Only this server's own page may watch.\n")
        if self.watching >= self.viewers:
            raise self._full()
        who = f"the viewer at {request.remote}"
        viewer = Viewer(ws, messages.size_in_query(request.query), self.games, self.command, who)
        self._viewers[viewer] = asyncio.current_task()  # type: ignore[assignment]
        try:
            await ws.prepare(request)
            log.info(
                "A viewer at %s watches (%d of %d).", request.remote, self.watching, self.viewers
            )
            await viewer.watch()
        finally:
            del self._viewers[viewer]
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.close()
            log.info(
                "The viewer at %s left (%d of %d).", request.remote, self.watching, self.viewers
            )
        return ws

    async def close_viewers(self) -> None:
        """Every viewer let go, and its watcher ended (each within its deadlines)."""
        tasks = list(self._viewers.values())
        for viewer in list(self._viewers):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await viewer.ws.close()
        if tasks:
            await asyncio.wait(tasks, timeout=3 * QUIT_SECONDS + 1)

    def trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler: one line, and running out of descriptors in
        words (it is passing: asyncio takes connections again a moment later)."""
        error = context.get("exception")
        if "_start_serving" in repr(context.get("handle")):
            # asyncio's retries of accept() after running out of descriptors (it schedules one
            # per connection it could not take) that come due once the server has closed.
            return
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            now = time.monotonic()
            if now >= self._quiet_until:
                self._quiet_until = now + QUIET_SECONDS
                log.warning(
                    "Out of file descriptors (too many connections at once): new viewers wait "
                    "until some connections close."
                )
            return
        log.warning("%s%s", context.get("message", "Trouble"), f" ({error!r})" if error else "")

    async def run(self, host: str, port: int, follow: Any = None) -> None:
        """Serve until Ctrl+C or SIGTERM. Raises OSError if it cannot listen."""
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self.trouble)
        runner = web.AppRunner(
            self.app(), access_log=None, keepalive_timeout=IDLE_SECONDS, handle_signals=False
        )
        await runner.setup()
        follower = None
        try:
            await web.TCPSite(runner, host, port).start()
            stop = asyncio.Event()
            with contextlib.suppress(NotImplementedError):  # (Windows: KeyboardInterrupt)
                for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # (SIGHUP: its window closed)
                    if (number := getattr(signal, name, None)) is not None:
                        loop.add_signal_handler(number, stop.set)
            if follow is not None:
                follower = asyncio.create_task(self.games.follow(follow))
            await stop.wait()
        finally:
            if follower is not None:
                follower.cancel()
            await self.close_viewers()
            await runner.cleanup()


class OneLine(logging.Formatter):
    """A record as one line: the time, the message, the error's own words (no traceback),
    control characters escaped (a save's name or a Host header is not trusted)."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and (error := record.exc_info[1]) is not None:
            words = str(getattr(error, "message", "") or error).strip().splitlines()
            text += f" ({type(error).__name__}: {words[0] if words else ''})"
        at = time.strftime("%H:%M:%S", time.localtime(record.created))
        return f"{at} {shown(text)}"


def start_logging() -> None:
    """What the server and aiohttp say, one line each on standard output."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(OneLine())
    for name in ("consul.serve", "aiohttp", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.INFO)
        logger.propagate = False
    mimetypes.init()  # (read now: with no descriptor left, it could not read its tables)
