"""`Pane`: a bordered, scrollable, focusable box of the table screen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style as RichStyle
from textual.app import ComposeResult, RenderResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from consul_app.tui.textual_compat import style_getter
from consul_app.tui.view import TableView


class Pane(VerticalScroll, can_focus=True):
    """A titled pane of one or more sections, each re-rendered from each `TableView`.

    A section is rendered again only when what it shows (`key`) changed, painted again only
    when its lines changed, and the screen is laid out again only when their count changed
    (see `Section`): an action then costs little more than a keypress.
    """

    TITLE = ""
    SECTIONS: tuple[str, ...] = ("body",)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = self.TITLE
        self._shown: dict[str, object] = {}
        self._view: TableView | None = None
        self._sections: dict[str, Section] = {}

    def compose(self) -> ComposeResult:
        self._sections = {section: Section(classes=section) for section in self.SECTIONS}
        yield from self._sections.values()

    def show(self, view: TableView) -> None:
        """Render the sections for this moment of the game (those that changed). A pane of
        one section fills its height with it: a body that grows or shrinks within the pane
        keeps its height, so the screen need not be laid out again."""
        self._view = view
        if not self._sections:  # not composed yet (a recomposed table): shown on mount
            return
        fill = self.scrollable_content_region.height if len(self.SECTIONS) == 1 else 0
        for section in self.SECTIONS:
            key = self.key(view, section), fill
            if section in self._shown and key == self._shown[section]:
                continue
            self._shown[section] = key
            self._sections[section].update(self.body(view, section), fill=fill)

    def on_mount(self) -> None:
        """Show the moment the pane was given before it had its sections."""
        if self._view is not None and not self._shown:
            self.show(self._view)

    def on_resize(self) -> None:
        """A section may show more or less at another size (the log: as many as fit)."""
        if self._view is not None:
            self.show(self._view)

    def key(self, view: TableView, section: str) -> object:
        """What a section shows, compared by value; by default the whole state."""
        return view.state

    def body(self, view: TableView, section: str) -> RenderableType:
        """A section's content (each pane defines it)."""
        raise NotImplementedError


class Section(Static):
    """A `Static` that paints only what changed: its content is rendered once (`Rendered`),
    compared line by line with what it shows, only the lines that differ painted again (the
    screen's update then spans only their rows) and laid out again only if their count
    changed."""

    _rendered: Rendered | None = None

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Widget.auto_links, False)  # no links: none to style at each paint

    @property
    def content(self) -> VisualType:
        """The content as given to `update`."""
        return self._rendered.body if self._rendered is not None else ""

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)

    def update(self, content: VisualType = "", *, layout: bool = True, fill: int = 0) -> None:
        """Show `content`, in at least `fill` lines; `layout` is decided here (by the count
        of lines)."""
        shown, self._rendered = self._rendered, Rendered(self, content, fill)
        width = self.content_region.width
        if shown is None or not width:  # not laid out yet
            self.refresh(layout=True)
            return
        before, after = shown.lines(width), self._rendered.lines(width)
        if len(after) != len(before):
            self.refresh(layout=True)
        elif after != before:  # only the lines that changed: the others are painted as they are
            self.refresh(*_changed(before, after, width))

    def render(self) -> RenderResult:
        return self._rendered if self._rendered is not None else super().render()

    def content_lines(self, width: int) -> list[Strip]:
        """Its lines at `width`, as drawn."""
        return self._rendered.lines(width) if self._rendered is not None else []

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """Text selected with the mouse (plain text, as a `Static` of it would give)."""
        shown = self._rendered.visual if self._rendered is not None else None
        return (selection.extract(str(shown)), "\n") if isinstance(shown, Content) else None


class Rendered(Visual):
    """A section's content, rendered once per width and style: the section compares its
    lines, Textual lays it out and paints it, all from the same lines (Textual alone would
    render it for the layout and again for the paint)."""

    def __init__(self, widget: Widget, body: VisualType, fill: int = 0) -> None:
        self.body = body
        self.fill = fill
        """At least this many lines (blank ones below the body)."""
        self._widget = widget
        self.visual = visualize(widget, body)
        self._strips: dict[tuple[int, Style, Selection | None], list[Strip]] = {}

    def lines(self, width: int) -> list[Strip]:
        """The lines at `width` in the widget's style."""
        return self._render(width, self._widget.visual_style)

    def _render(
        self, width: int, style: Style, options: RenderOptions | None = None
    ) -> list[Strip]:
        key = (width, style, options.selection if options else None)
        if key not in self._strips:
            widget = self._widget
            options = options or RenderOptions(style_getter(widget), widget.styles)
            strips = self.visual.render_strips(width, None, style, options)
            # (as the pane shows where no section is: its background only)
            blank = Strip.blank(width, RichStyle(bgcolor=style.rich_style.bgcolor))
            self._strips[key] = strips + [blank] * (self.fill - len(strips))
        return self._strips[key]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self._render(width, style, options)[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.visual.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))


def _changed(before: list[Strip], after: list[Strip], width: int) -> list[Region]:
    """The runs of lines that differ, as regions of a section `width` wide."""
    regions: list[Region] = []
    for y, (old, new) in enumerate(zip(before, after, strict=True)):
        if old == new:
            continue
        last = regions[-1] if regions else None
        if last is not None and last.bottom == y:
            regions[-1] = Region(0, last.y, width, last.height + 1)
        else:
            regions.append(Region(0, y, width, 1))
    return regions
