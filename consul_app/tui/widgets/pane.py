"""`Pane`: a bordered, scrollable, focusable box of the table screen."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from consul_app.tui.view import TableView


class Pane(VerticalScroll, can_focus=True):
    """A titled pane whose body is re-rendered from each `TableView`."""

    TITLE = ""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = self.TITLE
        self._shown: object = None

    def compose(self) -> ComposeResult:
        yield Static(classes="body")

    def show(self, view: TableView) -> None:
        """Render the pane for this moment of the game (unless what it shows is unchanged)."""
        key = self.key(view)
        if key == self._shown:
            return
        self._shown = key
        self.query_one(".body", Static).update(self.body(view))

    def key(self, view: TableView) -> object:
        """What the pane's content depends on (compared by value); by default the whole state."""
        return view.state

    def body(self, view: TableView) -> RenderableType:
        """The pane's content (each pane defines it)."""
        raise NotImplementedError
