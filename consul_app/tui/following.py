"""`FollowsSave`: a watch screen's way of following a save another Consul writes: a cheap poll
every `POLL_SECONDS`, and at once when the save's doorbell rings (where there is one)."""

from __future__ import annotations

import asyncio
import os

from textual.screen import Screen

from consul_app.session.doorbell import doorbell, drain
from consul_app.session.follow import Follower

POLL_SECONDS = 0.25


class FollowsSave(Screen):
    """Mixed into a screen with a `follower`: `follow()` (from its `on_mount`) listens to the
    follower (`followed()` shows each new state it publishes, whoever made it read) and starts
    polling it; unmounting stops both. Put it after the screen's own base (Textual takes a
    screen's CSS type names from its first base only)."""

    follower: Follower
    _bell: int | None = None

    def followed(self, follower: Follower) -> None:
        """Show the save's new state (or its new problem)."""
        raise NotImplementedError

    def follow(self) -> None:
        self.follower.listener = self.followed
        self.set_interval(POLL_SECONDS, self.poll)
        self._bell = doorbell(self.follower.path)
        if self._bell is not None:
            asyncio.get_running_loop().add_reader(self._bell, self._rung)

    def poll(self) -> None:
        """Read what the save holds now (the follower tells `followed` of anything new)."""
        self.follower.poll()

    def on_unmount(self) -> None:
        if self.follower.listener == self.followed:
            self.follower.listener = None
        if self._bell is not None:
            asyncio.get_running_loop().remove_reader(self._bell)
            os.close(self._bell)
            self._bell = None

    def _rung(self) -> None:
        assert self._bell is not None
        drain(self._bell)
        self.poll()
