"""Every use of Textual's (and rich's) private names, in one module: a Textual 8.x release may
change any of them, and tests/tui/test_textual_compat.py checks each against the Textual
pinned (one test per touch point). Nothing else in consul_app touches a `._name` of Textual's.

What each is for:
- `key_bindings` / `set_key_bindings`: a node's own bindings for one key (the table's `e`,
  named in the edition's words; which key an undo is);
- `binding_chain` / `action_state` / `keymap`: what the footer reads to offer the keys that
  `Screen.active_bindings` would (the chain walked once per focus, `check_action` asked for
  the few keys it shows: an offer that changes with the game costs a footer no more);
- `own_screen_css`: an app's screens parse their own CSS files alone (`_load_screen_css`);
- `report_crashes`: an app's hook for an error nobody expected (`_handle_exception`);
- `after_size_updated`: a widget's hook once it has its new size, before it is drawn;
- `style_getter`: the style lookup a visual renders with (`_get_style`);
- `scroll_update`: a ScrollView told of its new virtual size;
- `CellCachedTable`: a DataTable that renders a cell again only when it changed (defined when
  first used: DataTable's module costs the first frame 33 ms, and the first screen has none);
- `divide_line`: rich's word-wrapping offsets;
- `underline_active_tab`: a Tabs' underline under its active tab now (the `Underline` widget
  of `textual.widgets._tabs`, found by its type name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from rich._wrap import divide_line as _divide_line
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget

if TYPE_CHECKING:
    from rich.segment import Segment
    from rich.style import Style
    from textual.widgets.data_table import RowKey

A = TypeVar("A", bound=type[App[Any]])
W = TypeVar("W", bound=type[Widget])

divide_line = _divide_line
"""`divide_line(text, width, fold)`: where rich breaks `text` into lines of `width`."""


def key_bindings(node: DOMNode, key: str) -> list[Binding]:
    """The bindings `node` itself declares for `key` (not its parents')."""
    return list(node._bindings.key_to_bindings.get(key, []))


def set_key_bindings(node: DOMNode, key: str, bindings: list[Binding]) -> None:
    """Replace `node`'s own bindings for `key` (a description that changes with the game)."""
    node._bindings.key_to_bindings[key] = bindings


def binding_chain(screen: Screen[Any]) -> list[tuple[DOMNode, list[tuple[str, Binding]]]]:
    """The bindings that answer a key on `screen`, nearest first, as `Screen.active_bindings`
    walks them (from the focused widget up to a modal screen and the app, keys an input
    consumes left out, the keymap applied): each node with its (key, binding) pairs."""
    return [(node, list(bindings)) for node, bindings in screen._modal_binding_chain]


def action_state(app: App[Any], action: str, node: DOMNode) -> bool | None:
    """What the target of `action` (bound on `node`) says of it now (`check_action`): True
    offered, None shown disabled, False neither shown nor run."""
    return app._check_action_state(action, node)


def keymap(app: App[Any]) -> object:
    """The app's keymap as set (`set_keymap` and `update_keymap` replace it)."""
    return app._keymap


def parse_screen_css(app: App[Any], screen: Screen[Any]) -> None:
    """Textual's own `_load_screen_css`: every source parsed again with the screen's files."""
    App._load_screen_css(app, screen)


def own_screen_css(load: Callable[[App[Any], Screen[Any]], None]) -> Callable[[A], A]:
    """A class decorator: the app loads a screen's CSS files with `load(app, screen)` (a
    method of the class itself: an App subclass of its own cost the first frame 0.2 ms)."""

    def decorate(cls: A) -> A:
        cls._load_screen_css = load  # type: ignore[attr-defined]
        return cls

    return decorate


def report_crashes(cls: A) -> A:
    """A class decorator: an error nobody expected calls the app's `crashed(error)` first,
    then Textual's handling (exit code 1; a test's Pilot raises it again), and nothing is
    printed on exit (the app says its own words)."""
    handle = cls._handle_exception

    def _handle_exception(self: App[Any], error: Exception) -> None:
        self.crashed(error)  # type: ignore[attr-defined]
        handle(self, error)
        self._exit_renderables.clear()

    cls._handle_exception = _handle_exception  # type: ignore[method-assign]
    return cls


def after_size_updated(cls: W) -> W:
    """A class decorator: the widget's `size_updated()` runs each time Textual gives it a size
    (when it is laid out: before it is drawn)."""
    update = cls._size_updated

    def _size_updated(
        self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        resized = update(self, size, virtual_size, container_size, layout)
        self.size_updated()  # type: ignore[attr-defined]
        return resized

    cls._size_updated = _size_updated  # type: ignore[method-assign]
    return cls


def style_getter(widget: Widget) -> Callable[..., Any]:
    """The style lookup a widget's visual renders with (`RenderOptions`' first argument)."""
    return widget._get_style


def scroll_update(view: ScrollView, virtual_size: Size) -> None:
    """Tell a ScrollView its new virtual size (its scrollbars and scroll limits follow)."""
    view._scroll_update(virtual_size)


def underline_active_tab(tabs: Widget) -> None:
    """Put the underline of `tabs` (a `Tabs`) under its active tab at once: Textual moves it
    after the next refresh (`_highlight_active`), a frame after the tab was switched."""
    tab = getattr(tabs, "active_tab", None)
    if tab is None:
        return
    start, end = tab.virtual_region.shrink(tab.styles.gutter).column_span
    underline = tabs.query_one("Underline")
    underline.highlight_start = start  # type: ignore[attr-defined]
    underline.highlight_end = end  # type: ignore[attr-defined]


CELLS = 4000
"""Rendered cells a `CellCachedTable` keeps."""


def __getattr__(name: str) -> Any:
    """`CellCachedTable`, defined (with DataTable's import) when first asked for."""
    if name != "CellCachedTable":
        raise AttributeError(name)
    cls = _cell_cached_table()
    globals()[name] = cls
    return cls


def _cell_cached_table() -> type:
    from textual.cache import LRUCache
    from textual.coordinate import Coordinate
    from textual.widgets import DataTable

    class CellCachedTable(DataTable[str]):
        """A DataTable that renders a cell again only when what it shows changed (DataTable
        renders every cell again after any update: a spawn would render the whole table for two
        cells). `cell_lines` is the hook a subclass changes a rendered cell in."""

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._cells: LRUCache[tuple[object, ...], list[list[Segment]]] = LRUCache(CELLS)
            self._look: tuple[Style, ...] | None = None
            """The component styles now (`look`): part of a cell's key."""

        def look(self) -> tuple[Style, ...]:
            """The styles of the table's parts now (the cursor's, the header's...): a cell
            rendered in another look (another focus, another theme) is rendered again."""
            if self._look is None:
                names = sorted(self.COMPONENT_CLASSES)
                self._look = tuple(self.get_component_rich_style(name) for name in names)
            return self._look

        def cell_lines(
            self,
            row_index: int,
            column_index: int,
            base_style: Style,
            width: int,
            cursor: bool = False,
            hover: bool = False,
        ) -> list[list[Segment]]:
            """The cell as DataTable renders it (a subclass may mark it)."""
            return DataTable._render_cell(
                self, row_index, column_index, base_style, width, cursor, hover
            )

        def _render_cell(
            self,
            row_index: int,
            column_index: int,
            base_style: Style,
            width: int,
            cursor: bool = False,
            hover: bool = False,
        ) -> list[list[Segment]]:
            if row_index < 0 or column_index < 0:  # the header: as DataTable does
                return self.cell_lines(row_index, column_index, base_style, width, cursor, hover)
            row, column = self.coordinate_to_cell_key(Coordinate(row_index, column_index))
            key = (  # (the cell's place, text and height, and what DataTable's cache is keyed on)
                row_index,
                column_index,
                self.get_cell(row, column),
                self.rows[row].height,
                base_style,
                width,
                cursor,
                hover,
                self._show_hover_cursor,
                self._pseudo_class_state,
                self.show_cursor,
                self.look(),
            )
            if key not in self._cells:
                self._cells[key] = self.cell_lines(
                    row_index, column_index, base_style, width, cursor, hover
                )
            return self._cells[key]

        def notify_style_update(self) -> None:
            """Styled again (a focus moved, a pane switched): the cells kept stay, keyed on
            the look they were rendered in (they were all rendered again at each focus change
            of the pool: half of a switch to it at 80x24)."""
            super().notify_style_update()
            self._look = None

        def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
            """As DataTable's, then drawn again: it measures new rows when idle, and lines drawn
            before that (at a live resize, the pane is filled and drawn at once) were kept with the
            headers' widths (its caches are keyed on an update count that measuring leaves as is):
            names cut to five letters and dice dropped until the next action."""
            widths = [column.get_render_width(self) for column in self.columns.values()]
            super()._update_dimensions(new_rows)
            if widths != [column.get_render_width(self) for column in self.columns.values()]:
                self._clear_caches()
                self.refresh()

    return CellCachedTable
