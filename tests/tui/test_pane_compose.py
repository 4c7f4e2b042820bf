"""A pane asked to show the game before its sections are composed (a resize that recomposes
the table shows the game at once, QA saw `KeyError: 'body'` under load) keeps the moment and
shows it once composed."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.prompts import PromptsPane

from .helpers import text, until
from .scenarios import WIDE, idle, make_app, play_saved


async def test_a_pane_shown_before_it_is_composed_shows_the_game_once_it_is(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        shown = text(table.query_one("#steps"))
        late = PromptsPane(id="late-steps")
        late.show(table.view())  # (not composed yet: no sections)
        await table.mount(late)
        await until(pilot, lambda: text(late).strip() != "", "the late pane's steps")
        assert text(late).splitlines()[0] == shown.splitlines()[0]
