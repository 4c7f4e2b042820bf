"""`consul serve`: `consul watch` in web browsers, with textual-serve's page.

Each browser that connects gets its own `consul watch SAVE` process, and nothing else: the
command is an argument list started without a shell, so no browser reaches the playing app, a
new game or a shell, and no save name can inject a command. At most `viewers` browsers watch
at once. The parts: `server.py` (the web server), `hosts.py` (the addresses it answers to),
`viewer.py` (one browser), `messages.py` (what a browser may say), `watcher.py` (one
`consul watch` process), `games.py` (the game served).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from consul_app.serve.hosts import address, allowed_hosts

if TYPE_CHECKING:
    from consul_app.content import ContentPack

__all__ = ["address", "serve", "watch_command"]


def watch_command(save: Path, content_dirs: Sequence[Path] = ()) -> list[str]:
    """The command of one viewer: this Python running `consul watch SAVE`."""
    argv = [sys.executable, "-m", "consul_app"]
    for folder in content_dirs:
        argv += ["--content", str(Path(folder).resolve())]
    return [*argv, "watch", str(save.resolve())]


def serve(
    save: Path | None,
    *,
    host: str,
    port: int,
    viewers: int,
    content_dirs: Sequence[Path] = (),
    lan: str | None = None,
    follow: ContentPack | None = None,
) -> None:
    """Serve the watcher of `save` until Ctrl+C (or SIGTERM); with `follow` (the content),
    `save` is the game in progress (None: none yet) and each new one is followed.
    Raises OSError if it cannot listen on `host` and `port`."""
    from consul_app.serve.games import Games
    from consul_app.serve.server import WatchServer, start_logging

    start_logging()
    server = WatchServer(
        Games(save),
        lambda path: watch_command(path, content_dirs),
        hosts=allowed_hosts([host, *([lan] if lan else [])], port),
        viewers=viewers,
    )
    with contextlib.suppress(KeyboardInterrupt):  # (Windows: the loop takes no signal handler)
        asyncio.run(server.run(host, port, follow))
