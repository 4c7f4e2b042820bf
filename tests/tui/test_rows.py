"""The panes' marked rows and stacked parts (rows.py) render the cells Rich's grid and group of
the same rows rendered (they replaced them to render faster): same text, same breaks, same
bold, italic and reverse, cell by cell."""

from __future__ import annotations

from io import StringIO

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from consul_app.tui.rows import Lines, Row, Stack, marked, wrap

WORDS = st.sampled_from(["a", "spawn", "Leaping Spider", "8-Bit", "x" * 14, "(2 left).", " ", "  "])
TEXTS = st.lists(WORDS, max_size=12).map(" ".join)
STYLES = st.sampled_from(["", "bold", "dim", "bold reverse", "italic"])
ROWS = st.lists(
    st.tuples(
        st.sampled_from(["", ".", ">>", "✓", "┃"]),
        st.one_of(TEXTS, TEXTS.map(lambda t: Text(t, style="italic"))),
        STYLES,
    ),
    min_size=1,
    max_size=5,
)
WIDTHS = st.integers(min_value=4, max_value=50)
CONSOLE = Console(width=80, file=StringIO(), markup=False, highlight=False)
"""One console for every example (making one took a third of an example's time); each
renders at the example's width through its options."""


def _rich_grid(rows: list[Row], width: int) -> Table:
    """What the rows were before: a Rich grid."""
    grid = Table.grid(padding=(0, 1, 0, 0), expand=True)
    grid.add_column(width=width, no_wrap=True)
    grid.add_column(ratio=1)
    for marker, text, style in rows:
        grid.add_row(marker, text, style=style)
    return grid


def _cells(lines: list[list[Segment]]) -> list[list[tuple[str, bool, bool, bool]]]:
    return [
        [
            (
                char,
                bool(s.style and s.style.bold),
                bool(s.style and s.style.italic),
                bool(s.style and s.style.reverse),
            )
            for s in line
            for char in s.text
        ]
        for line in lines
    ]


def _rich(renderable: RenderableType, width: int) -> list[list[Segment]]:
    return CONSOLE.render_lines(renderable, CONSOLE.options.update_width(width), pad=False)


def _ours(visual: Lines, width: int) -> list[list[Segment]]:
    strips: list[Strip] = visual.render_strips(width, None, Style(), RenderOptions(Style.parse, {}))
    return [list(strip) for strip in strips]


@settings(max_examples=1500, deadline=None)
@given(text=TEXTS, width=WIDTHS)
def test_wrap_breaks_lines_where_rich_does(text: str, width: int) -> None:
    ours = [line.plain for line in wrap(Content(text), width)]
    assert ours == [line.plain for line in Text(text).wrap(CONSOLE, width)]


# 500 examples: each draws 1 to 5 rows, so about 1,500 texts are wrapped beside their markers
# (as many as the wrap test's own examples); the markers, styles and marker widths are 50
# combinations in all. At 1500 this one test took 15 s of CPU.
@settings(max_examples=500, deadline=None)
@given(rows=ROWS, marker_width=st.integers(1, 2), width=WIDTHS)
def test_marked_rows_are_rich_grid_cells(rows: list[Row], marker_width: int, width: int) -> None:
    rich = _rich(_rich_grid(rows, marker_width), width)
    assert _cells(_ours(marked(rows, width=marker_width), width)) == _cells(rich)


@settings(max_examples=150, deadline=None)
@given(head=TEXTS, rows=ROWS, width=WIDTHS)
def test_a_stack_is_a_rich_group(head: str, rows: list[Row], width: int) -> None:
    title = Text(head, style="bold")
    rich = _rich(Group(title, _rich_grid(rows, 2), Text("")), width)
    ours = _ours(Stack(title, marked(rows, width=2), Text("")), width)
    assert _cells(ours) == _cells(rich)


def test_a_stack_prints_as_its_lines() -> None:
    """Rich can print it too (the tests read a pane's text that way)."""
    console = Console(width=20, file=StringIO(), record=True)
    console.print(Stack("Turn 2: play", marked([(">>", "Spawn monsters", "bold")], width=2)))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines == ["Turn 2: play", ">> Spawn monsters"]
