"""The log pane: the journal's labels, newest first."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

SHOWN = 100
"""The newest labels shown; the journal keeps them all."""


class LogPane(Pane):
    """The actions in effect, newest first, numbered from the start of the game."""

    TITLE = "6 Log"

    def key(self, view: TableView) -> object:
        return view.history[:SHOWN]

    def body(self, view: TableView) -> RenderableType:
        if not view.history:
            return Text("Nothing yet: the game has just begun.", style="dim")
        count = len(view.history)
        lines = [f"{count - n:>3}. {label}" for n, label in enumerate(view.history[:SHOWN])]
        if count > SHOWN:
            lines.append(f"     ... and {count - SHOWN} older (the save keeps them all)")
        return Text("\n".join(lines))
