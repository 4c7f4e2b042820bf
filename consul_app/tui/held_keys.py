"""Keys that come while the table screen is composed again (a resize between its tabs and its
panes) wait until it is whole and drawn: handled in between, they acted on panes half removed
or not mounted yet (a priority key runs on the app's loop while the screen recomposes on its
own), and a tab chosen then was taken back by the new tabs' first one."""

from __future__ import annotations

from textual import events
from textual.app import App


class HoldsKeys(App[None]):
    """An app whose keys can be held (`hold_keys`), then handled in the order they came."""

    _held_keys: list[events.Key] | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            if self._held_keys is not None:
                self._held_keys.append(event)
                return
            if not self.screen_stack:  # (a held key let go as the app quits: nothing to act on)
                return
        await super().on_event(event)

    def hold_keys(self) -> None:
        """Keys that come from now on wait for `let_keys_go`."""
        if self._held_keys is None:
            self._held_keys = []

    def let_keys_go(self) -> None:
        """The keys held are handled, in the order they came, and no more are held."""
        held, self._held_keys = self._held_keys or [], None
        for event in held:
            self.post_message(event)


def hold_keys(app: App[object]) -> None:
    """`HoldsKeys.hold_keys` (nothing, with an app that does not hold keys)."""
    if isinstance(app, HoldsKeys):
        app.hold_keys()


def let_keys_go(app: App[object]) -> None:
    """`HoldsKeys.let_keys_go` (nothing, with an app that does not hold keys)."""
    if isinstance(app, HoldsKeys):
        app.let_keys_go()
