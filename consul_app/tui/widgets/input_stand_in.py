"""`InputStandIn`: a field drawn as an unfocused `Input` until the Input itself comes inside
it, once the screen has been drawn (or as soon as the field gets focus).

Textual's Input is the dearest widget of the new-game screen's first page (its module, its
stylesheet and its setup took about 4 ms of the first frame of a first start). The hero-name
fields are not focused at first: their stand-ins draw the same cells as the Input
(`render_line` is the unfocused part of `Input.render_line`, its styles in consul.tcss are
Input's), and the Input comes inside the stand-in, which then draws nothing of its own
(`-holding`), so nothing changes on screen. The stand-in is never removed: the field keeps its
place in the Tab order throughout (a widget just mounted has no place on screen yet, and Textual
orders the focus by place among siblings only), and one that a Tab reaches before its Input has
come hands the focus (and the letters typed meanwhile) to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.widgets import Input


class InputStandIn(Widget, can_focus=True):
    """Shows `value` (or the placeholder) as an unfocused Input shows it, then holds that
    Input (with the id and classes given) after the next refresh, or when focused."""

    COMPONENT_CLASSES = {"input-stand-in--placeholder"}

    def __init__(self, value: str, *, placeholder: str, id: str, classes: str) -> None:
        super().__init__(classes="input-stand-in")
        self.value = value
        self.placeholder = placeholder
        self.input_args = {"value": value, "placeholder": placeholder, "id": id, "classes": classes}
        self.input: Input | None = None
        """The Input, once it is on its way (by whichever comes first)."""

    def render_line(self, y: int) -> Strip:
        if y != 0 or self.input is not None:
            return Strip.blank(self.size.width, self.rich_style)
        width = self.scrollable_content_region.width + 1
        options = self.app.console_options
        if not self.value:
            text = Text(self.placeholder, justify="left", end="")
            text.stylize(self.get_component_rich_style("input-stand-in--placeholder"))
            strip = Strip(self.app.console.render(text, options.update_width(width)))
        else:
            text = Text(self.value, no_wrap=True, overflow="ignore", end="")
            strip = Strip(self.app.console.render(text, options.update_width(text.cell_len + 1)))
            strip = strip.crop(0, width).extend_cell_length(width)
        return strip.apply_style(self.rich_style)

    def on_mount(self) -> None:
        self.call_after_refresh(self._fill)

    async def on_focus(self) -> None:
        await self._fill()

    async def _fill(self) -> None:
        from textual.widgets import Input

        if self.input is not None or not self.is_attached:
            return  # (already under way; or removed: the screen was recomposed, the app quit)
        self.input = Input(**self.input_args)
        await self.mount(self.input)
        self.can_focus = False
        self.add_class("-holding")
        if self.screen.focused is self:  # (not `has_focus`: it is set after `on_focus`)
            self.screen.set_focus(self.input)

    def on_key(self, event: events.Key) -> None:
        """A letter typed while the stand-in had the focus goes to its Input."""
        if self.input is not None and event.is_printable and event.character:
            event.stop()
            self.input.insert_text_at_cursor(event.character)
