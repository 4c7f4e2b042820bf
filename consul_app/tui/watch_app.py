"""`WatchApp`: `consul watch`, the read-only view of a game another Consul plays.

It can do nothing but watch: no key reaches an action, a new game or the saved games, and the
command palette is off. `consul serve` hands browsers this app and nothing else. Like
`ConsulApp` it draws its first frame at once and loads the content behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from consul_app.tui.app import LoadFailed, LoadingScreen
from consul_app.tui.hangup import quit_on_hangup
from consul_app.tui.screen_css import load_screen_css
from consul_app.tui.textual_compat import own_screen_css

if TYPE_CHECKING:
    from consul_app.content import ContentPack
    from consul_app.session.follow import Follower


@own_screen_css(load_screen_css)  # (a screen's own CSS_PATH parsed alone)
class WatchApp(App[None]):
    """Watch `save` (None: the game in progress, the one played last and not over)."""

    CSS_PATH = "consul.tcss"
    TITLE = "Consul: watching"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, id="watch.quit")]

    class Opened(Message):
        """The worker has read the save."""

        def __init__(self, follower: Follower) -> None:
            super().__init__()
            self.follower = follower

    def __init__(
        self,
        content: ContentPack | None = None,
        *,
        content_dirs: Sequence[Path] = (),
        save: Path | None = None,
        clock: Callable[[], datetime] = datetime.now,
    ) -> None:
        super().__init__()
        self.animation_level = "none"  # as the table: a tab, a scroll, drawn in one frame
        self.clock = clock
        self.content = content
        self.content_dirs = list(content_dirs)
        self.save_path = save
        self.load_error: str | None = None
        """Why there is nothing to watch (the app then exits with code 2)."""

    def get_default_screen(self) -> Screen:
        return LoadingScreen()

    def on_mount(self) -> None:
        quit_on_hangup(self)
        self.call_after_refresh(self.run_worker, self._open, thread=True, name="open")

    def _open(self) -> None:
        """In a worker thread: the content, the save, its first read."""
        from consul_app.base.shown import shown
        from consul_app.content import ContentError
        from consul_app.content.cache import load_pack_cached
        from consul_app.session import latest_unfinished
        from consul_app.session.follow import Follower
        from consul_app.tui.screens import watch  # noqa: F401 (loaded here, off the UI)

        try:
            content = self.content or load_pack_cached(self.content_dirs)
        except ContentError as err:
            self.post_message(LoadFailed(str(err)))
            return
        path = self.save_path
        if path is None:
            latest = latest_unfinished(content, game=None)  # (of SDE or of MD2)
            if latest is None:
                self.post_message(LoadFailed("No game in progress to watch (consul list)."))
                return
            path = latest.path
        follower = Follower(content, path)
        follower.poll()
        if follower.game is None:
            self.post_message(LoadFailed(f"Cannot watch {shown(path)}: {follower.problem}"))
            return
        self.post_message(self.Opened(follower))

    def on_watch_app_opened(self, message: Opened) -> None:
        game = message.follower.game
        if game is not None and game.header.game == "md2":
            from consul_app.md2.tui.watch import Md2WatchScreen

            self.push_screen(Md2WatchScreen(message.follower))
            return
        from consul_app.tui.screens.watch import WatchScreen

        self.push_screen(WatchScreen(message.follower, self.clock))

    def on_load_failed(self, message: LoadFailed) -> None:
        self.load_error = message.error
        self.exit(return_code=2)
