"""The log pane: the journal's labels, newest first."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from consul_app.tui.rows import marked
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane


class LogPane(Pane):
    """Every action in effect, newest first, numbered from the start of the game."""

    TITLE = "6 Log"

    def body(self, view: TableView) -> RenderableType:
        if not view.history:
            return Text("Nothing yet: the game has just begun.", style="dim")
        count = len(view.history)
        width = len(str(count)) + 1
        return marked(
            ((f"{count - n}.", label, "") for n, label in enumerate(view.history)), width=width
        )
