"""`Md2WatchScreen`: an MD2 game as another player plays it, read-only (`consul watch`,
`consul serve`): the same dashboards, no action keys, following the save as SDE's watch screen
does (a cheap poll, rung at once by the doorbell where there is one)."""

from __future__ import annotations

from textual.app import ComposeResult

from consul_app.base.shown import shown
from consul_app.md2.game import bundled
from consul_app.md2.tui.screen import LOG_LINES, DashboardScreen
from consul_app.session.follow import Follower
from consul_app.session.timeline import Labels
from consul_app.tui.following import FollowsSave


class Md2WatchScreen(DashboardScreen, FollowsSave, inherit_bindings=False):
    """Watching an MD2 save: never writes, locks or repairs it."""

    BINDINGS = []

    def __init__(self, follower: Follower) -> None:
        super().__init__(None, bundled())
        self.follower = follower

    def compose(self) -> ComposeResult:
        yield from super().compose()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_game()
        self.follow()

    def followed(self, follower: Follower) -> None:
        self.show_game()

    def show_game(self) -> None:
        game = self.follower.game
        assert game is not None  # the screen opens on a game read
        self.content = game.timeline.pack
        history = Labels(game.timeline.done)
        self.show(game.timeline.state, list(history[:LOG_LINES]))
        words = f"WATCHING read-only · {shown(self.follower.path.name)} · ctrl+q: quit"
        if self.follower.last:
            words += f" · last: {self.follower.last}"
        if self.follower.problem:
            words = f"{self.follower.problem}. Showing the last good state"
        self.query_one("#keys").update(words)  # type: ignore[attr-defined]
