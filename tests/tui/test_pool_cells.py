"""The pool table renders a cell again only when what it shows changed: also when its row
grows a second line (another cell of it wraps), the cell is drawn as tall as its row."""

from __future__ import annotations

from textual.app import App, ComposeResult

from consul_app.tui.widgets.pool import PoolTable


class _Table(App[None]):
    def compose(self) -> ComposeResult:
        yield PoolTable(cursor_type="row")


async def test_a_cell_whose_row_grows_a_line_is_drawn_again() -> None:
    """A marked monster's row comes in under its kind's, the rows below move down one, and the
    row now at an index has two lines (a wrapped dice stat) where one of one line was: a cell
    of the same text there ("Dragon") was kept with one line, and drawing its second crashed
    (`IndexError` in DataTable's `_render_line_in_row`): `t` then Hex on a monster at turn 11
    with several bonuses ended the app."""
    app = _Table()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(PoolTable)
        table.fill(["Monster", "STR"], {"a": ["Kobold", "1B"], "b": ["Dragon", "-"]})
        await pilot.pause()
        table.fill(
            ["Monster", "STR"],
            {"a": ["Kobold", "1B"], "b": ["Dragon", "2B\n+1ST"], "c": ["Rat", "2R"]},
        )
        await pilot.pause()
        assert app.return_code is None
        lines = [table.render_line(y).text for y in range(1, 5)]
        assert "Dragon" in lines[1] and "+1ST" in lines[2] and "Rat" in lines[3]
