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
    """Mixed into a screen with a `follower`: `follow()` (from its `on_mount`) starts polling,
    and calls its `poll()`; unmounting stops listening. Put it after the screen's own base
    (Textual takes a screen's CSS type names from its first base only)."""

    follower: Follower
    _bell: int | None = None

    def poll(self) -> None:
        """Show the save's new state, if it has one."""
        raise NotImplementedError

    def follow(self) -> None:
        self.set_interval(POLL_SECONDS, self.poll)
        self._bell = doorbell(self.follower.path)
        if self._bell is not None:
            asyncio.get_running_loop().add_reader(self._bell, self._rung)

    def on_unmount(self) -> None:
        if self._bell is not None:
            asyncio.get_running_loop().remove_reader(self._bell)
            os.close(self._bell)
            self._bell = None

    def _rung(self) -> None:
        assert self._bell is not None
        drain(self._bell)
        self.poll()
