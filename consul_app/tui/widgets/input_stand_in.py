"""`InputStandIn`: drawn as an unfocused `Input`, and replaced by that `Input` once the screen
has been drawn.

Textual's Input is the dearest widget of the new-game screen's first page (its module, its
stylesheet and its setup took about 7 ms of the first frame of a first start). The hero-name
fields are not focused at first, and nothing can be typed into them before the Tab that reaches
them: their stand-ins draw the same cells as the Input (`render_line` is the unfocused part of
`Input.render_line`, its styles in consul.tcss are Input's), so the swap right after the first
frame changes nothing on screen.
"""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class InputStandIn(Widget):
    """Shows `value` (or the placeholder) as an unfocused Input shows it, then puts that Input
    (with this id and classes) in its place after the next refresh."""

    COMPONENT_CLASSES = {"input-stand-in--placeholder"}

    def __init__(self, value: str, *, placeholder: str, id: str, classes: str) -> None:
        super().__init__(classes="input-stand-in")
        self.value = value
        self.placeholder = placeholder
        self.input_args = {"value": value, "placeholder": placeholder, "id": id, "classes": classes}

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

    async def _replace(self) -> None:
        from textual.widgets import Input

        parent = self.parent
        if not (isinstance(parent, Widget) and parent.is_attached and self.is_attached):
            return  # removed meanwhile: the screen was recomposed, or the app quit
        await parent.mount(Input(**self.input_args), after=self)
        await self.remove()
