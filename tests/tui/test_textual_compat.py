"""The seam to Textual's private names (`tui/textual_compat.py`): one test per touch point,
against the Textual pinned. A Textual release that renames or reshapes one fails here, by
name, rather than somewhere in a screen."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.visual import RenderOptions
from textual.widgets import Static

from consul_app.tui import textual_compat as compat

TUI = Path(compat.__file__).parent


def test_no_other_module_touches_a_private_name_of_textuals() -> None:
    """Every `obj._name` in consul_app/tui (besides the seam) is on `self` or `cls`: our own."""
    touch = re.compile(r"\b(?!self\b|cls\b)[A-Za-z_][A-Za-z0-9_]*\._[a-z]\w*")
    for path in TUI.rglob("*.py"):
        if path.name == "textual_compat.py":
            continue
        code = [  # (code only: not comments, nor names quoted in `backticks`)
            re.sub(r"`[^`]*`?", "", line.split("#")[0])
            for line in path.read_text(encoding="utf-8").splitlines()
        ]
        found = [m.group() for line in code for m in touch.finditer(line)]
        found = [f for f in found if not f.startswith(("super()", "textual_compat."))]
        assert not found, f"{path.name}: {found}"


class _Keys(Screen[None]):
    BINDINGS = [Binding("e", "end", "End turn"), Binding("u", "undo", "Undo")]


async def test_key_bindings_are_read_and_replaced() -> None:
    class Keys(App[None]):
        def on_mount(self) -> None:
            self.push_screen(_Keys())

    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        (end,) = compat.key_bindings(screen, "e")
        assert end.action == "end" and compat.key_bindings(screen, "x") == []
        compat.set_key_bindings(screen, "e", [Binding("e", "end", "End round")])
        assert screen.active_bindings["e"].binding.description == "End round"


async def test_the_binding_chain_action_states_and_keymap_are_textuals() -> None:
    class Keys(App[None]):
        BINDINGS = [Binding("q", "quit", "Quit")]

        def on_mount(self) -> None:
            self.push_screen(_Refusing())

    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        chain = compat.binding_chain(screen)
        assert [node for node, _ in chain] == [screen, app]  # nothing focused: screen, app
        assert ("e", "end") in [(key, b.action) for key, b in chain[0][1]]
        assert compat.action_state(app, "end", screen) is False  # `check_action` says no
        assert compat.action_state(app, "undo", screen) is True
        assert compat.action_state(app, "app.quit", screen) is True  # (the app's namespace)
        before = compat.keymap(app)
        app.set_keymap({"x": "e"})
        assert compat.keymap(app) is not before and compat.keymap(app) == {"x": "e"}


class _Refusing(_Keys):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "end"


async def test_a_screens_css_is_loaded_by_our_function() -> None:
    loaded: list[Screen[Any]] = []

    def load(app: App[Any], screen: Screen[Any]) -> None:
        loaded.append(screen)
        compat.parse_screen_css(app, screen)

    @compat.own_screen_css(load)
    class Styled(App[None]):
        def on_mount(self) -> None:
            self.push_screen(_Keys())

    async with Styled().run_test() as pilot:
        await pilot.pause()
        assert any(isinstance(s, _Keys) for s in loaded)


async def test_an_unexpected_error_is_reported_to_the_app_and_nothing_printed() -> None:
    @compat.report_crashes
    class Crashing(App[None]):
        errors: list[Exception] = []

        def crashed(self, error: Exception) -> None:
            self.errors.append(error)

        def compose(self) -> ComposeResult:
            yield Static("x")

        def key_x(self) -> None:
            raise RuntimeError("boom")

    app = Crashing()
    try:
        async with app.run_test() as pilot:
            await pilot.press("x")
    except RuntimeError:
        pass
    assert [str(e) for e in app.errors] == ["boom"]
    assert app._exit_renderables == []


async def test_a_widget_hears_of_its_size_before_it_is_drawn() -> None:
    sizes: list[Size] = []

    @compat.after_size_updated
    class Sized(Static):
        def size_updated(self) -> None:
            sizes.append(self.size)

    class Sizing(App[None]):
        def compose(self) -> ComposeResult:
            yield Sized("x")

    async with Sizing().run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert sizes and sizes[-1].width == 40


def app_widget(app: App[Any], kind: type) -> Any:
    return app.screen.query_one(kind)


async def test_a_widgets_style_getter_renders_a_visual() -> None:
    class Styling(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("x")

    async with Styling().run_test() as pilot:
        widget = app_widget(pilot.app, Static)
        options = RenderOptions(compat.style_getter(widget), widget.styles)
        assert callable(options.get_style)


def test_a_scroll_view_is_told_its_virtual_size() -> None:
    assert "virtual_size" in inspect.signature(ScrollView._scroll_update).parameters
    view = ScrollView()
    compat.scroll_update(view, Size(10, 50))  # (unmounted: only its limits change)


async def test_the_cell_cached_table_renders_as_datatable_and_only_once() -> None:
    calls: list[tuple[int, int]] = []
    base = compat.CellCachedTable

    class Counted(base):  # type: ignore[misc, valid-type]
        def cell_lines(self, row_index: int, column_index: int, *args: Any) -> Any:
            calls.append((row_index, column_index))
            return super().cell_lines(row_index, column_index, *args)

    class Tabled(App[None]):
        def compose(self) -> ComposeResult:
            yield Counted()

        def on_mount(self) -> None:
            table = self.query_one(Counted)
            table.add_column("a", key="a")
            table.add_column("b", key="b")
            table.add_row("1", "2", key="r")

    async with Tabled().run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        table = app_widget(pilot.app, Counted)
        assert "1" in table.render_line(1).text
        before = len([c for c in calls if c[0] >= 0])
        table.refresh()
        await pilot.pause()
        assert len([c for c in calls if c[0] >= 0]) == before  # (from the cache)
        table.update_cell("r", "a", "3")
        await pilot.pause()
        assert "3" in table.render_line(1).text


async def test_the_cell_cached_table_keeps_its_cells_through_a_restyle_not_a_new_look() -> None:
    """Styled again in the same look (a focus that came back): no cell rendered again; in
    another look (another theme): each cell rendered again."""
    calls: list[tuple[int, int]] = []
    base = compat.CellCachedTable

    class Counted(base):  # type: ignore[misc, valid-type]
        def cell_lines(self, row_index: int, column_index: int, *args: Any) -> Any:
            calls.append((row_index, column_index))
            return super().cell_lines(row_index, column_index, *args)

    class Tabled(App[None]):
        def compose(self) -> ComposeResult:
            yield Counted()
            yield Static("x")

        def on_mount(self) -> None:
            table = self.query_one(Counted)
            table.add_column("a", key="a")
            table.add_row("1", key="r")

    async with Tabled().run_test(size=(40, 10)) as pilot:
        app = pilot.app
        await pilot.pause()
        table = app_widget(app, Counted)
        cells = lambda: len([c for c in calls if c[0] >= 0])  # noqa: E731
        before = cells()
        assert before
        table.notify_style_update()  # (as Textual styles it again: a focus moved and back)
        table.refresh()
        await pilot.pause()
        assert cells() == before
        dark = table.look()
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert table.look() != dark
        assert cells() > before


def test_rich_divides_a_line_between_words() -> None:
    assert compat.divide_line("one two three", 8) == [8]  # ("one two " | "three")


async def test_a_tabs_underline_is_put_under_its_active_tab() -> None:
    from textual.widgets import Tab, Tabs

    class _Tabs(App[None]):
        def compose(self) -> ComposeResult:
            yield Tabs(Tab("One", id="one"), Tab("Two", id="two"))

    app = _Tabs()
    async with app.run_test() as pilot:
        await pilot.pause()
        tabs = app.query_one(Tabs)
        tabs.active = "two"
        compat.underline_active_tab(tabs)
        tab = tabs.active_tab
        assert tab is not None
        underline = tabs.query_one("Underline")
        span = tab.virtual_region.shrink(tab.styles.gutter).column_span
        assert (underline.highlight_start, underline.highlight_end) == span  # type: ignore[attr-defined]
        assert span[0] > 0
