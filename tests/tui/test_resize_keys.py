"""A resize between the tabs (80x24) and the panes (120x40) with keys already on their way:
the screen composes its layout again, and nothing may act on panes half removed or not
mounted yet (the key monkey found `NoMatches` from the pool's scroll watcher, the top bar and
the tabs)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.geometry import Size
from textual.widgets import TabbedContent

from consul_app.content import ContentPack
from consul_app.tui.widgets.pool import PoolPane, PoolTable

from .helpers import until
from .scenarios import SMALL, WIDE, new_table


def _resize(app: object, size: tuple[int, int]) -> None:
    """A terminal resize, as the terminal sends it."""
    new = Size(*size)
    app._driver._size = new  # type: ignore[attr-defined]
    app.post_message(events.Resize(new, new))  # type: ignore[attr-defined]


def _keys(app: object, keys: list[str]) -> None:
    """Keys typed, none waiting for the app."""
    for key in keys:
        event = events.Key(key, key)
        event.set_sender(app)  # type: ignore[arg-type]
        app._driver.send_message(event)  # type: ignore[attr-defined]


async def test_keys_typed_during_a_layout_switch_act_on_the_new_layout(
    content: ContentPack, tmp_path: Path
) -> None:
    """Enter (a priority key: the app runs it at once) and `4` typed while the table composes
    its tabs (the terminal shrank to 80x24): the step is done and the Boss tab comes to the
    front once the tabs are there. Enter did the step on a screen without its panes
    (`NoMatches` for the top bar)."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("e")
        table = app.screen
        steps = len(table.session.history)
        recompose = table.recompose

        async def typed_meanwhile() -> None:
            _keys(app, ["enter", "4"])
            await recompose()

        table.recompose = typed_meanwhile  # type: ignore[method-assign]
        _resize(app, SMALL)
        await until(pilot, lambda: len(table.session.history) == steps + 1)
        await pilot.pause()
        assert table.query_one(TabbedContent).active == "tab-boss"


async def test_the_pool_says_what_is_out_of_sight_with_its_parts_going(
    content: ContentPack, tmp_path: Path
) -> None:
    """A key already sent to the pool's table is handled while a resize removes the pane's
    parts: its scroll watcher asked the pane for a line no longer in it (`NoMatches: No nodes
    match '.budget' on PoolPane`)."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        pane = app.screen.query_one(PoolPane)
        await pane.query_one(".budget").remove()
        pane.query_one(PoolTable).scroll_y = 1
        pane.say_more()
        await pilot.pause()
        assert app.return_code is None
