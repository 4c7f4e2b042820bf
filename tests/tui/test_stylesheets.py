"""Issue 12: the first frame parses only the first screens' rules (consul.tcss); the table's,
the dialogs' and the cards' files are parsed when a screen that needs them is first shown,
alone (not every source again, as Textual would: `load_screen_css`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet

from consul_app.content import ContentPack
from consul_app.tui.app import ConsulApp
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import until
from .scenarios import WIDE


def files(app: App[object]) -> set[str]:
    """The stylesheet files whose rules the app has parsed."""
    return {Path(path).name for path, _ in app.stylesheet.source if path.endswith(".tcss")}


def selects(app: App[object], selector: str) -> bool:
    return any(selector in rule.selectors for rule in app.stylesheet.rules)


async def test_each_screens_rules_are_parsed_when_it_is_first_shown(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = ConsulApp(content)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        reparsed: list[Stylesheet] = []  # every source parsed again (9 ms at the table)
        reparse = Stylesheet.reparse

        def counted(sheet: Stylesheet) -> None:
            reparsed.append(sheet)
            reparse(sheet)

        monkeypatch.setattr(Stylesheet, "reparse", counted)
        assert files(app) == {"consul.tcss"}
        assert selects(app, "#page-game") and not selects(app, "#panes")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert files(app) == {"consul.tcss", "dialogs.tcss"}
        await pilot.press("escape", "enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert files(app) == {"consul.tcss", "dialogs.tcss", "table.tcss"}
        assert selects(app, "#panes")
        assert app.screen.query_one("#panes").styles.layout.name == "grid"
        assert not reparsed
