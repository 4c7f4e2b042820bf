"""`CycleField`: a one-line form field whose value Left/Right cycle through."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class CycleField(Widget, can_focus=True):
    """`label   < value >`; Left and Right pick the previous or next option."""

    DEFAULT_CSS = """
    CycleField { height: 1; width: 1fr; }
    CycleField:focus { text-style: bold reverse; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        """The field's value changed."""

        def __init__(self, field: CycleField, value: str) -> None:
            super().__init__()
            self.field = field
            self.value = value

        @property
        def control(self) -> CycleField:
            return self.field

    def __init__(
        self, label: str, options: Sequence[tuple[str, str]], value: str, *, id: str | None = None
    ) -> None:
        """`options` are (value, shown text) pairs; `value` is the one chosen now."""
        super().__init__(id=id)
        self.label = label
        self.options = options
        values = [v for v, _ in options]
        self.set_reactive(CycleField.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        return self.options[self.index][0]

    def render(self) -> Content:
        marker = ">" if self.has_focus else " "
        shown = self.options[self.index][1]
        return Content(f"{marker} {self.label:<13}< {shown} >")

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.post_message(self.Changed(self, self.value))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
