"""The footer: Textual's, with its keys in a screen's first frame, composed again only when
they change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer composes its keys after the next refresh whenever the screen's bindings
    may have changed: a screen's first frame has an empty footer, its keys come one or two
    frames later, and a screen that opens says so several times (focus, the screen stack, the
    app's checks): four compositions of the same keys, about 6 ms each, and the footer of a
    screen under another one is composed too. This one composes next in its queue (the keys
    are in the first frame), only when the keys it would show differ from those it shows, and
    not while its screen is hidden (a screen shown again says its bindings changed)."""

    _shown: object = None

    def _keys(self) -> object:
        """What the composition shows: the screen's bindings shown in a footer, the command
        palette's, and the footer's options."""
        active = self.screen.active_bindings
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        return (
            self.show_command_palette,
            self.compact,
            tuple(
                (binding, enabled, tooltip)
                for _, binding, enabled, tooltip in active.values()
                if binding.show
            ),
            None if palette is None else palette[1:],
        )

    def _hidden(self) -> bool:
        """Under an opaque screen (a modal screen lets the one under it show)."""
        stack = self.app.screen_stack
        if self.screen not in stack:
            return False
        above = stack[stack.index(self.screen) + 1 :]
        return any(screen.styles.background.a == 1 for screen in above)

    def bindings_changed(self, screen: Screen) -> None:
        """As Textual's, but composing at once rather than after the next refresh."""
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_later(self.recompose)

    async def recompose(self) -> None:
        if self.is_attached and self._hidden():
            self._shown = None  # composed when its screen shows again
            return
        keys = self._keys() if self._bindings_ready and self.is_attached else None
        if keys is not None and keys == self._shown:
            return
        self._shown = keys
        await super().recompose()
