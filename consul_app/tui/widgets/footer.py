"""The footer: the keys a screen offers, drawn as one line by one widget.

Textual's footer is a container with a widget per key: on a screen's first frame it costs
about 11 ms (their CSS, styles and layout), the largest single part of the new-game screen
at start-up, and it composes its keys again whenever the bindings may have changed. This one
draws the same cells (the same component styles, paddings and the command palette's key at the
right edge) from the screen's bindings, and redraws only when the keys it would show change.
A click on a key presses it (a disabled one rings the bell), as with Textual's.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class FooterKey(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    enabled: bool


_Span = tuple[int, int, FooterKey]
"""Where a key stands on the line: from, to (excluded), the key."""


class Footer(Widget, can_focus=False):
    """The keys of the screen's active bindings that are shown in a footer (one per action)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--palette-border"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer--palette-border {
            color: $foreground 20%;
        }
    }
    """

    def __init__(
        self,
        *,
        show_command_palette: bool = True,
        compact: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.show_command_palette = show_command_palette
        self.compact = compact
        self.keys: tuple[FooterKey, ...] = ()
        """The keys shown, left to right (the command palette's last)."""
        self.palette: FooterKey | None = None
        """The command palette's key, shown at the right edge."""
        self._spans: list[_Span] = []
        """Where each key stands on the line (from, to, key), as last drawn."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and not self._hidden():
            self._update()

    def _hidden(self) -> bool:
        """Under an opaque screen (a modal screen lets the one under it show)."""
        stack = self.app.screen_stack
        if self.screen not in stack:
            return False
        above = stack[stack.index(self.screen) + 1 :]
        return any(screen.styles.background.a == 1 for screen in above)

    def _update(self) -> None:
        """The keys from the screen's bindings; redrawn only when they changed."""
        active = self.screen.active_bindings
        keys: list[FooterKey] = []
        actions: set[str] = set()
        for _, binding, enabled, _ in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append(self._key(binding, enabled))
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = self._key(found.binding, found.enabled)
        if (tuple(keys), palette) != (self.keys, self.palette):
            self.keys, self.palette = tuple(keys), palette
            self.refresh()

    def _key(self, binding: Binding, enabled: bool) -> FooterKey:
        display = self.app.get_key_display(binding)
        return FooterKey(binding.key, display, binding.description, enabled)

    @property
    def fits(self) -> bool:
        """Every key is shown whole (the line is not cut at the right edge; the blank cell
        after the last key may be)."""
        line = Strip(self._segments()[0])
        return line.text.rstrip(" ") == line.crop(0, self.size.width).text.rstrip(" ")

    def render_line(self, y: int) -> Strip:
        segments, self._spans = self._segments(self.size.width)
        return Strip(segments).crop(0, self.size.width)

    def _segments(self, width: int = 0) -> tuple[list[Segment], list[_Span]]:
        """The keys from the left, the palette's at the right edge of `width`, and where each
        key stands (for clicks)."""
        base = self.rich_style
        blank = Style(bgcolor=base.bgcolor)
        line: list[Segment] = []
        spans: list[_Span] = []
        at = 0
        for key in self.keys:
            parts = self._parts(key, base, blank, compact=self.compact)
            spans.append((at, at + sum(p.cell_length for p in parts), key))
            at = spans[-1][1]
            line += parts
        if self.palette is not None:
            border = base + self.get_component_rich_style("footer--palette-border")
            # as Textual draws it in either footer: compact, one blank cell on its right
            parts = [Segment("▏", border), *self._parts(self.palette, base, blank, compact=True)]
            size = sum(p.cell_length for p in parts)
            if width - size > at:
                line.append(Segment(" " * (width - size - at), blank))
                at = width - size
            spans.append((at + 1, at + size - 1, self.palette))
            line += parts
        return line, spans

    def _parts(self, key: FooterKey, base: Style, blank: Style, *, compact: bool) -> list[Segment]:
        """`key` in the footer's styles (dim when disabled)."""
        dim = Style() if key.enabled else Style(dim=True)
        key_style = base + self.get_component_rich_style("footer--key") + dim
        description = base + self.get_component_rich_style("footer--description") + dim
        if compact:
            return [
                Segment(key.display, key_style),
                Segment(f" {key.description}", description),
                Segment(" ", blank),
            ]
        return [Segment(f" {key.display} ", key_style), Segment(f"{key.description} ", description)]

    def key_at(self, x: int) -> FooterKey | None:
        """The key drawn at column `x`, if any."""
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x)
        if key is not None and key.enabled:
            self.app.simulate_key(key.key)
        elif key is not None:
            self.app.bell()
