"""The log pane: the journal's labels, newest first, as many as fit (the save keeps them all)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane


class LogPane(Pane):
    """The newest actions, one line each, numbered from the start of the game."""

    TITLE = "6 Log"

    def key(self, view: TableView, section: str) -> object:
        # the count too: the same labels shown again still number differently
        return view.history[: self._fit()], self._fit(), len(view.history)

    def _fit(self) -> int:
        return max(1, self.scrollable_content_region.height)

    def body(self, view: TableView, section: str) -> RenderableType:
        if not view.history:
            return Text("Nothing yet: the game has just begun.", style="dim")
        count = len(view.history)
        lines = [f"{count - n:>3}. {label}" for n, label in enumerate(view.history[: self._fit()])]
        return Text("\n".join(lines), no_wrap=True, overflow="ellipsis")
