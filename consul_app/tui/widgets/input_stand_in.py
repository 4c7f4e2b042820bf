"""`InputStandIn`: drawn as an unfocused `Input`, and replaced by that `Input` once the screen
has been drawn, or as soon as it gets focus.

Textual's Input is the dearest widget of the new-game screen's first page (its module, its
stylesheet and its setup took about 7 ms of the first frame of a first start). The hero-name
fields are not focused at first: their stand-ins draw the same cells as the Input
(`render_line` is the unfocused part of `Input.render_line`, its styles in consul.tcss are
Input's), so the swap right after the first frame changes nothing on screen. A stand-in keeps
the field's place in the Tab order: a Tab that reaches it first (a script, faster than any
hand) brings the Input at once, with the focus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.widgets import Input


class InputStandIn(Widget, can_focus=True):
    """Shows `value` (or the placeholder) as an unfocused Input shows it, then puts that Input
    (with this id and classes) in its place after the next refresh, or when focused."""

    COMPONENT_CLASSES = {"input-stand-in--placeholder"}

    def __init__(self, value: str, *, placeholder: str, id: str, classes: str) -> None:
        super().__init__(classes="input-stand-in")
        self.value = value
        self.placeholder = placeholder
        self.input_args = {"value": value, "placeholder": placeholder, "id": id, "classes": classes}
        self.input: Input | None = None
        """The Input, once it is being put in place (by whichever comes first)."""

    def render_line(self, y: int) -> Strip:
        if y != 0:
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
        self.call_after_refresh(self._replace)

    async def on_focus(self) -> None:
        await self._replace()

    async def _replace(self) -> None:
        from textual.widgets import Input

        parent = self.parent
        if self.input is not None:  # (already under way)
            return
        if not (isinstance(parent, Widget) and parent.is_attached and self.is_attached):
            return  # removed meanwhile: the screen was recomposed, or the app quit
        self.input = Input(**self.input_args)
        await parent.mount(self.input, after=self)
        if self.screen.focused is self:  # (not `has_focus`: it is set after `on_focus`)
            self.screen.set_focus(self.input)  # now: the removal would move it elsewhere
        await self.remove()
