"""The log pane: the journal's labels, newest first, as many as fit (the save keeps them all)."""

from __future__ import annotations

from textwrap import wrap

from rich.console import RenderableType
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from consul_app.tui.rows import Lines, strip
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

NUMBER = 5
"""Columns of an entry's number ("123. "): its wrapped lines are indented by as many."""


class LogPane(Pane):
    """The newest actions, numbered from the start of the game, each whole: a label too long
    for the pane goes on under its number (the end of "Spawning point … destroyed" is what
    happened)."""

    TITLE = "6 Log"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: dict[tuple[str, int, Style], Strip] = {}
        """The lines shown, as drawn (`LogLines`)."""

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
        return LogLines(entries(view.history, height, width), self._drawn)


class LogLines(Lines):
    """The log's lines, each cut at the pane's edge; a line drawn before (at this width, in
    this style) is not drawn again: an action adds a line at the top and moves the others
    down (rendered as one Rich text, every line was drawn again: 1 ms of each action)."""

    def __init__(self, lines: list[str], drawn: dict[tuple[str, int, Style], Strip]) -> None:
        self.lines = lines
        self._drawn = drawn
        """Shared by the pane's renders: the lines of the last one."""

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        drawn = {
            (line, width, style): self._drawn.get((line, width, style))
            or strip(Content(line).truncate(width), style)
            for line in self.lines
        }
        self._drawn.clear()
        self._drawn.update(drawn)
        return [drawn[line, width, style] for line in self.lines][:height]

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines)  # (one line each, cut at the edge)


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
