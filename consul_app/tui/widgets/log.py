"""The log pane: the journal's labels, newest first, as many as fit (the save keeps them all)."""

from __future__ import annotations

from textwrap import wrap

from rich.console import RenderableType
from rich.text import Text

from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

NUMBER = 5
"""Columns of an entry's number ("123. "): its wrapped lines are indented by as many."""


class LogPane(Pane):
    """The newest actions, numbered from the start of the game, each whole: a label too long
    for the pane goes on under its number (the end of "Spawning point … destroyed" is what
    happened)."""

    TITLE = "6 Log"

    def key(self, view: TableView, section: str) -> object:
        # the count too: the same labels shown again still number differently
        height, width = self._room()
        return view.history[:height], height, width, len(view.history)

    def _room(self) -> tuple[int, int]:
        region = self.scrollable_content_region
        return max(1, region.height), region.width

    def body(self, view: TableView, section: str) -> RenderableType:
        if not view.history:
            return Text("Nothing yet: the game has just begun.", style="dim")
        height, width = self._room()
        return Text("\n".join(entries(view.history, height, width)), no_wrap=True)


def entries(history: list[str], height: int, width: int) -> list[str]:
    """The lines of the newest entries that fit in `height` lines of `width` columns, each
    entry whole (the newest cut at the pane's edge if it alone is taller than the pane)."""
    count, lines = len(history), []
    for n, label in enumerate(history[:height]):
        entry = wrap(label, max(10, width - NUMBER), break_on_hyphens=False) or [""]
        entry = [f"{count - n:>3}. {entry[0]}", *(" " * NUMBER + rest for rest in entry[1:])]
        if lines and len(lines) + len(entry) > height:
            break
        lines += entry
    return lines[:height]
