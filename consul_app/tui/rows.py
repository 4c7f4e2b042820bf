"""Marked rows whose wrapped text hangs after the marker (Rich grids), for the panes."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text

Row = tuple[str, str | Text, str]
"""(marker, text, style): the style applies to the whole row."""


def marked(rows: Iterable[Row], *, width: int) -> Table:
    """A grid of `width`-wide markers and text that wraps beside them."""
    grid = Table.grid(padding=(0, 1, 0, 0), expand=True)
    grid.add_column(width=width, no_wrap=True)
    grid.add_column(ratio=1)
    for marker, text, style in rows:
        grid.add_row(marker, text, style=style)
    return grid
