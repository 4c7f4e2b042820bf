"""The footer: Textual's, composed again only when the keys it shows change."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer composes its keys anew whenever the screen's bindings may have changed,
    and a screen that opens says so several times before its first frames settle (focus, the
    screen stack, the app's checks): four compositions of the same keys, about 6 ms each. This
    one composes only when the keys it would show differ from those it shows."""

    _shown: object = None

    def _keys(self) -> object:
        """What the composition shows: the screen's active bindings and the footer's options."""
        return (
            self.show_command_palette,
            self.compact,
            tuple(
                (key, binding, enabled, tooltip)
                for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            ),
        )

    async def recompose(self) -> None:
        keys = self._keys() if self._bindings_ready and self.is_attached else None
        if keys is not None and keys == self._shown:
            return
        self._shown = keys
        await super().recompose()
