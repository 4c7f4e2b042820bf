"""`Pane`: a bordered, scrollable, focusable box of the table screen."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from consul_app.tui.view import TableView


class Pane(VerticalScroll, can_focus=True):
    """A titled pane of one or more sections, each re-rendered from each `TableView`.

    A section is rendered again only when what it shows (`key`) changed, and the screen is
    laid out again only when a section's height changed: an action then costs little more
    than a keypress.
    """

    TITLE = ""
    SECTIONS: tuple[str, ...] = ("body",)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = self.TITLE
        self._shown: dict[str, object] = {}
        self._heights: dict[str, int] = {}
        self._view: TableView | None = None

    def compose(self) -> ComposeResult:
        for section in self.SECTIONS:
            yield Static(classes=section)

    def show(self, view: TableView) -> None:
        """Render the sections for this moment of the game (those that changed)."""
        self._view = view
        for section in self.SECTIONS:
            key = self.key(view, section)
            if section in self._shown and key == self._shown[section]:
                continue
            self._shown[section] = key
            self._render_section(section, self.body(view, section))

    def _render_section(self, section: str, body: RenderableType) -> None:
        static = self.query_one(f".{section}", Static)
        width = static.content_region.width
        height = self._measure(body, width) if width else -1
        static.update(body, layout=height < 0 or height != self._heights.get(section))
        self._heights[section] = height

    def _measure(self, body: RenderableType, width: int) -> int:
        """Lines `body` takes at `width` (counted, for unwrapped text; else rendered)."""
        parts = body.renderables if isinstance(body, Group) else [body]
        if all(isinstance(p, Text) and p.no_wrap for p in parts):
            return sum(p.plain.count("\n") + 1 for p in parts)  # type: ignore[union-attr]
        console = self.app.console
        return len(console.render_lines(body, console.options.update_width(width), pad=False))

    def on_resize(self) -> None:
        """Heights change with the width; a section may show more or less."""
        self._heights.clear()
        if self._view is not None:
            self.show(self._view)

    def key(self, view: TableView, section: str) -> object:
        """What a section shows, compared by value; by default the whole state."""
        return view.state

    def body(self, view: TableView, section: str) -> RenderableType:
        """A section's content (each pane defines it)."""
        raise NotImplementedError
