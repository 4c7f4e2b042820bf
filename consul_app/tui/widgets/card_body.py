"""`CardBody`: a card's text, rendered into lines once when it is shown and drawn a screenful
at a time (a ScrollView with the Line API), with a scrollbar of its own.

A Static in a VerticalScroll laid the whole card out twice (once to measure its height, once
to draw it), and Textual's scrollbar is a widget of its own that comes and goes with a layout:
`c` took 3 to 4 frames. Here nothing on the card screen moves when another card is shown: the
lines and the scrollbar are drawn inside the body's own region (in the look of Textual's), so
the new card is a repaint, in one frame, of the lines in sight.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType
from rich.segment import Segment
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, visualize

from consul_app.tui.textual_compat import after_size_updated, style_getter

KEEP = 16
"""Renderables whose lines are kept (a card opened again in the same state: its view)."""


@dataclass(frozen=True, slots=True)
class Kept:
    """The lines drawn of what was shown as `shown`, and their width."""

    shown: object
    lines: list[Strip]
    width: int


@after_size_updated
class CardBody(ScrollView, can_focus=True):
    """A rich renderable, drawn as a Static would draw it, that scrolls (Up/Down, PgUp/PgDn,
    Home/End, the mouse wheel): `show` it, and its lines are rendered for the room the widget
    has."""

    DEFAULT_CSS = """
    CardBody {
        overflow: hidden hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._renderable: RenderableType | Callable[[], RenderableType] = ""
        self._kept_as: object | None = None
        self._kept: OrderedDict[tuple[int, Size, VisualStyle], Kept] = OrderedDict()
        """The lines of the last `KEEP` renderables shown with a `kept_as`, each for a room
        and a style (the oldest let go first)."""
        self.lines: list[Strip] = []
        """The renderable as drawn, every line (those out of sight too)."""
        self._drawn_for: tuple[Size, VisualStyle] | None = None
        """The room and the style `lines` were rendered for."""
        self._bar: list[Segment] = []
        """The scrollbar's cell of each line in sight (none when the lines fit)."""

    @property
    def allow_vertical_scroll(self) -> bool:
        """It scrolls when its lines do not fit (its scrollbar is its own, not Textual's)."""
        return self.max_scroll_y > 0

    @property
    def renderable(self) -> RenderableType:
        """What is shown."""
        if callable(self._renderable):
            self._renderable = self._renderable()
        return self._renderable

    def show(
        self,
        renderable: RenderableType | Callable[[], RenderableType],
        *,
        kept_as: object | None = None,
    ) -> None:
        """Show `renderable` (or what calling it makes, only if it is to be drawn) from its
        top. Shown again with the same `kept_as` (the same object), its lines are those drawn
        the last time, if they were drawn for the same room and style."""
        self._renderable = renderable
        self._kept_as = kept_as
        self._drawn_for = None
        self._lay_out()
        if self.scroll_offset != (0, 0):  # (scrolling to where it is costs a tenth of a card)
            self.scroll_to(0, 0, animate=False, immediate=True, force=True)
        self.refresh()

    def size_updated(self) -> None:
        """A new size (the first, a resize): the lines for it, before they are drawn."""
        self._lay_out()

    def _lay_out(self) -> None:
        """Render the lines for the room there is (the scrollbar's columns kept free when they
        do not fit). Its virtual size is theirs: no layout follows, the region is the same."""
        room, style = self.container_size, self.visual_style
        if not room or self._drawn_for == (room, style):
            return
        self._drawn_for = (room, style)
        key = (id(self._kept_as), room, style)  # (the object is kept too: its id is its own)
        kept = self._kept.get(key) if self._kept_as is not None else None
        if kept is not None:
            self._kept.move_to_end(key)
            lines, width = kept.lines, kept.width
        else:
            lines, width = self._render(self.renderable, room, style)
            if self._kept_as is not None:
                self._keep(key, Kept(self._kept_as, lines, width))
        self.lines = lines
        self.set_reactive(ScrollView.virtual_size, Size(width, len(lines)))
        if self.scroll_y > self.max_scroll_y:  # (a resize: the end stays in sight)
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True, force=True)

    def prepare(self, renderable: Callable[[], RenderableType], *, kept_as: object) -> None:
        """Draw the lines of what `renderable` makes, for the room and style the body has now,
        and keep them as those of `kept_as`, without showing them: shown later (`show`, the
        same `kept_as`) at that room and style, they are ready."""
        room, style = self.container_size, self.visual_style
        key = (id(kept_as), room, style)
        if room and key not in self._kept:
            self._keep(key, Kept(kept_as, *self._render(renderable(), room, style)))

    def _keep(self, key: tuple[int, Size, VisualStyle], kept: Kept) -> None:
        self._kept[key] = kept
        if len(self._kept) > KEEP:
            self._kept.popitem(last=False)

    def _render(
        self, renderable: RenderableType, room: Size, style: VisualStyle
    ) -> tuple[list[Strip], int]:
        """The lines of `renderable` for `room`, and the width they take."""
        width, height = room
        narrow = max(1, width - self.styles.scrollbar_size_vertical)
        # Rendered once most of the time: at the width the last lines had (the next card is
        # mostly of the same kind); again only when that width was the wrong guess.
        if len(self.lines) > height:  # (the last lines scrolled: first at the narrow width)
            lines = self._render_at(renderable, narrow, style)
            if len(lines) <= height:
                lines = self._render_at(renderable, width, style)
        else:
            lines = self._render_at(renderable, width, style)
            if len(lines) > height:
                lines = self._render_at(renderable, narrow, style)
        return lines, width if len(lines) <= height else narrow

    def _render_at(
        self, renderable: RenderableType, width: int, style: VisualStyle
    ) -> list[Strip]:
        """The lines, padded to `width` as `Visual.to_strips` pads them (not through it: its
        pass over every line for links a card does not have was a third of the time)."""
        visual = visualize(self, renderable, markup=False)
        options = RenderOptions(style_getter(self), self.styles)
        pad = (style + VisualStyle(reverse=False)).rich_style
        return [
            line.extend_cell_length(width, pad)
            for line in visual.render_strips(width, None, style, options)
        ]

    def render_lines(self, crop: Region) -> list[Strip]:
        """Its lines in `crop`, as Textual's styles cache would draw them: with no border,
        padding, tint or opacity it only passes each line through the app's line filters (the
        cache's pass over each line was a sixth of `c`'s time)."""
        if self._drawn_for is None or self._drawn_for[1] != self.visual_style:
            self._drawn_for = None  # (the theme changed)
            self._lay_out()
        self._bar = self._scrollbar()
        if not self._plain():
            return super().render_lines(crop)
        background = self.background_colors[1]
        filters = self.get_line_filters()
        strips = []
        for y in crop.line_range:
            line = self.render_line(y)
            for line_filter in filters:
                line = line.apply_filter(line_filter, background)
            strips.append(line)
        if crop.column_span != (0, self.size.width):
            strips = [line.crop(*crop.column_span) for line in strips]
        return strips

    def _plain(self) -> bool:
        """Nothing of its style changes its lines as Textual draws them."""
        styles = self.styles
        return (
            not any(styles.gutter)
            and not any(edge for edge, _color in styles.outline)
            and not styles.tint.a
            and self.opacity == 1.0
            and styles.text_opacity == 1.0
            and not (styles.has_rule("hatch") and styles.hatch != "none")
            and self.size == self.container_size
        )

    def _scrollbar(self) -> list[Segment]:
        """One cell per line in sight, as Textual's vertical scrollbar draws them."""
        height = self.container_size.height
        if len(self.lines) <= height:
            return []
        styles = self.styles
        background = styles.scrollbar_background
        if background.a < 1:
            background = self.background_colors[0] + background
        color = background + styles.scrollbar_color
        bar = ScrollBarRender.render_bar(
            size=height,
            virtual_size=len(self.lines),
            window_size=height,
            position=self.scroll_offset.y,
            thickness=styles.scrollbar_size_vertical,
            vertical=True,
            back_color=background.rich_color,
            bar_color=color.rich_color,
        )
        return bar.segments

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        base = self.visual_style.rich_style
        width = self.virtual_size.width  # (the scrollbar's columns are beside)
        line = self.lines[row] if row < len(self.lines) else Strip.blank(width, base)
        line = line.crop_extend(0, width, base)
        if self._bar and y < len(self._bar):
            return Strip.join([line, Strip([self._bar[y]], self.styles.scrollbar_size_vertical)])
        return line
