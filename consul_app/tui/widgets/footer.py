"""The footer: the keys a screen offers, drawn as one line by one widget.

Textual's footer is a container with a widget per key: on a screen's first frame it costs
about 11 ms (their CSS, styles and layout), the largest single part of the new-game screen
at start-up, and it composes its keys again whenever the bindings may have changed. This one
draws the same cells (the same component styles, paddings and the command palette's key at the
right edge) from the screen's bindings, and redraws only when the keys it would show change.
A click on a key presses it (a disabled one rings the bell), as with Textual's.

It offers the keys `Screen.active_bindings` would, without walking them all at each change:
the bindings that answer a key are read once per focus (and keymap), and each time the
bindings may have changed (a screen's `refresh_bindings`: the table's `e` is offered only
when a turn can end) only the few keys it may show are asked about (`check_action`).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from consul_app.tui.textual_compat import action_state, binding_chain, keymap


class FooterKey(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    enabled: bool


_Span = tuple[int, int, FooterKey]
"""Where a key stands on the line: from, to (excluded), the key."""

_Bound = tuple[DOMNode, str, Binding]
"""A binding of a key, with the node that binds it."""


class _Styles(NamedTuple):
    """The footer's styles on its background (a key's and a description's, each dimmed when
    disabled)."""

    key: Style
    key_off: Style
    description: Style
    description_off: Style
    blank: Style
    border: Style


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
        self._bound: list[_Bound] = []
        """The bindings of the keys it may show (`_may_show`), as Textual resolves them."""
        self._bound_for: tuple[object, ...] | None = None
        """The focus and keymap they were read for."""
        self._styles: tuple[Style, _Styles] | None = None
        """The styles for a background (`_styles_on`)."""

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
        """The keys from the screen's bindings; redrawn only when they changed. Each key is
        resolved as `Screen.active_bindings` does: the nearest binding whose action is not
        refused (`check_action` False), unless a farther one has priority."""
        app = self.app
        active: dict[str, tuple[Binding, bool]] = {}
        for node, key, binding in self._may_show():
            state = action_state(app, binding.action, node)
            if state is False:
                continue
            held = active.get(key)
            if held is None or (binding.priority and not held[0].priority):
                active[key] = (binding, bool(state))
        keys: list[FooterKey] = []
        actions: set[str] = set()
        for binding, enabled in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append(self._key(binding, enabled))
        palette = None
        if self._shows_palette():
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = self._key(*found)
        if (tuple(keys), palette) != (self.keys, self.palette):
            self.keys, self.palette = tuple(keys), palette
            self.refresh()

    def _shows_palette(self) -> bool:
        return self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE

    def _may_show(self) -> list[_Bound]:
        """Every binding, nearest first, of a key that one binding shows (and the command
        palette's): only these decide what the footer shows. Read again when the focus or
        the keymap changed (what else the chain depends on, nodes' own bindings, is set
        before a screen is shown)."""
        screen = self.screen
        focused = screen.focused
        now = (focused, focused is not None and focused.loading, keymap(self.app))
        if self._bound_for is None or any(
            a is not b for a, b in zip(now, self._bound_for, strict=True)
        ):
            chain = [
                (node, key, binding)
                for node, bindings in binding_chain(screen)
                for key, binding in bindings
            ]
            keys = {key for _, key, binding in chain if binding.show}
            if self._shows_palette():
                keys.add(self.app.COMMAND_PALETTE_BINDING)
            self._bound = [bound for bound in chain if bound[1] in keys]
            self._bound_for = now
        return self._bound

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
        styles = self._styles_on(self.rich_style)
        line: list[Segment] = []
        spans: list[_Span] = []
        at = 0
        for key in self.keys:
            parts = self._parts(key, styles, compact=self.compact)
            spans.append((at, at + sum(p.cell_length for p in parts), key))
            at = spans[-1][1]
            line += parts
        if self.palette is not None:
            # as Textual draws it in either footer: compact, one blank cell on its right
            parts = [Segment("▏", styles.border), *self._parts(self.palette, styles, compact=True)]
            size = sum(p.cell_length for p in parts)
            if width - size > at:
                line.append(Segment(" " * (width - size - at), styles.blank))
                at = width - size
            spans.append((at + 1, at + size - 1, self.palette))
            line += parts
        return line, spans

    def _styles_on(self, base: Style) -> _Styles:
        """The footer's styles on `base` (its own), combined once per base."""
        if self._styles is None or self._styles[0] != base:
            dim = Style(dim=True)
            key = base + self.get_component_rich_style("footer--key")
            description = base + self.get_component_rich_style("footer--description")
            border = base + self.get_component_rich_style("footer--palette-border")
            blank = Style(bgcolor=base.bgcolor)
            self._styles = (
                base,
                _Styles(key, key + dim, description, description + dim, blank, border),
            )
        return self._styles[1]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None  # (the component styles may have changed: a theme)

    @staticmethod
    def _parts(key: FooterKey, styles: _Styles, *, compact: bool) -> list[Segment]:
        """`key` in the footer's styles (dim when disabled)."""
        key_style = styles.key if key.enabled else styles.key_off
        description = styles.description if key.enabled else styles.description_off
        if compact:
            return [
                Segment(key.display, key_style),
                Segment(f" {key.description}", description),
                Segment(" ", styles.blank),
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
