"""The log pane: the journal's labels, newest first."""

from __future__ import annotations

from textual.content import Content

from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane


class LogPane(Pane):
    """Every action in effect, newest first, numbered from the start of the game."""

    TITLE = "6 Log"

    def body(self, view: TableView) -> Content:
        if not view.history:
            return Content.styled("Nothing yet: the game has just begun.", "dim")
        count = len(view.history)
        return Content("\n").join(
            Content(f"{count - n:>3}. {label}") for n, label in enumerate(view.history)
        )
