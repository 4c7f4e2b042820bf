"""Marked rows whose wrapped text hangs after the marker, and parts stacked one under the
other, for the panes: rendered straight to Textual's lines (Rich's grid and group of the same
rows render about five times slower, on every end of turn and undo)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from consul_app.tui.textual_compat import divide_line

Row = tuple[str, str | Text, str]
"""(marker, text, style): the style applies to the whole row."""


def content(text: str | Text | Content) -> Content:
    """Text as Content (a str as it is, never read as markup)."""
    if isinstance(text, Content):
        return text
    return Content.from_rich_text(text) if isinstance(text, Text) else Content(text)


NO_BREAK = "\u00a0"
"""A space no line breaks at ("8\u00a0hearts": a figure and its word stay together)."""


def wrap(text: Content, width: int, *, ellipsis: bool = False) -> list[Content]:
    """`text` in lines of at most `width` cells, as Rich wraps a `Text` (a space where a line
    breaks stays at its end; a word longer than `width` folds, or is cut with an ellipsis;
    never at a `NO_BREAK`)."""
    lines = []
    for line in text.split(allow_blank=True):
        offsets = divide_line(_unbroken(line.plain), width, fold=not ellipsis)
        for part in line.divide(offsets):
            lines.append(part.rstrip_end(width).truncate(width, ellipsis=ellipsis))
    return lines


def _unbroken(plain: str) -> str:
    """`plain` with its no-break spaces as letters, for `divide_line` (which breaks at any
    white space)."""
    return plain.replace(NO_BREAK, "_")


def hanging(text: Content, width: int, indent: int) -> list[Content]:
    """`text` in lines of `width`, every line after the first `indent` cells in (under a name
    after its marks; a text's own next lines too, such as a description under the name, each
    wrapped under its own start)."""
    first, *more = text.split(allow_blank=True) or [Content()]
    plain = _unbroken(first.plain)
    end = (divide_line(plain, width, fold=True) or [len(plain)])[0]
    rest = end
    while rest < len(plain) and plain[rest] == " ":
        rest += 1
    lines = [first[:end].rstrip()]
    for line in [first[rest:]] * (rest < len(plain)) + more:
        lead = indent + len(line.plain) - len(line.plain.lstrip(" "))  # (and its own indent)
        body = line[lead - indent :]
        under = Content(" " * lead)
        lines += [under + part for part in wrap(body, max(1, width - lead))]
    return lines


def strip(line: Content, style: Style) -> Strip:
    """One line of content over `style`."""
    return Strip(line.render_segments(style), line.cell_length)


class Lines(Visual):
    """Lines rendered at a width; printable by Rich too (tests read panes' text that way)."""

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.render_strips(width, None, Style(), _options(rules)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for strip in self.render_strips(options.max_width, None, Style(), _options({})):
            yield from strip
            yield Segment.line()


class Marked(Lines):
    """Rows of a `width`-wide marker and text wrapped beside it, a space between them; a row's
    style is under the whole row (its text's own style over it), its text padded to the edge
    in the text's style, a word longer than the column cut with an ellipsis (as in Rich's
    grid)."""

    def __init__(self, rows: Iterable[Row], *, width: int) -> None:
        self.width = width
        self.rows = [(marker, *_text_and_base(text), style) for marker, text, style in rows]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        text_width = max(1, width - self.width - 1)
        strips: list[Strip] = []
        for marker, text, base, row_style in self.rows:
            for n, line in enumerate(wrap(text, text_width, ellipsis=True)):
                cell = Content(marker if n == 0 else "").truncate(self.width, ellipsis=True)
                cell = cell.pad_right(self.width + 1 - cell.cell_length)
                line = line.pad_right(text_width - line.cell_length)
                row = cell + (line.stylize_before(base) if base else line)
                strips.append(strip(row.stylize_before(row_style) if row_style else row, style))
        return strips[:height]


class Hanging(Lines):
    """One text wrapped at the width, its next lines `indent` cells in (`hanging`); as text,
    the text itself (what typing finds in a list)."""

    def __init__(self, text: Content, *, indent: int) -> None:
        self.text = text
        self.indent = indent

    def __str__(self) -> str:
        return self.text.plain

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return [strip(line, style) for line in hanging(self.text, width, self.indent)][:height]


class Stack(Lines):
    """Parts one under the other (text wraps at the width, as in a Rich group)."""

    def __init__(self, *parts: str | Text | Content | Lines) -> None:
        self.parts = [part if isinstance(part, Lines) else content(part) for part in parts]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        strips: list[Strip] = []
        for part in self.parts:
            if isinstance(part, Lines):
                strips += part.render_strips(width, None, style, options)
            else:
                strips += [strip(line, style) for line in wrap(part, width)]
        return strips[:height]


def marked(rows: Iterable[Row], *, width: int) -> Marked:
    """A grid of `width`-wide markers and text that wraps beside them."""
    return Marked(rows, width=width)


def _text_and_base(text: str | Text) -> tuple[Content, Style | str]:
    """A Rich text's spans, and its own style apart (the one its padding takes)."""
    if not isinstance(text, Text):
        return Content(text), ""
    bare = text.copy()
    base, bare.style = bare.style, ""
    if isinstance(base, str):
        return Content.from_rich_text(bare), base
    return Content.from_rich_text(bare), Style.from_rich_style(base)


def _options(rules: RulesMap) -> RenderOptions:
    return RenderOptions(Style.parse, rules)
