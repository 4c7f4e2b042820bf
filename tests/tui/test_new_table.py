"""`scenarios.new_table` (the table tests' start) is the game the new-game screen starts with
Enter on each page: the same state and the same journal header, in every edition."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from consul_app.content import ContentPack
from consul_app.tui.screens.table import TableScreen

from .scenarios import WIDE, KeyConsul, make_app, new_table


@pytest.mark.parametrize(
    ("page_one", "edition"),
    [((), "sde2"), (("right",), "forgotten-king"), (("right", "right"), "classic")],
    ids=["sde2", "fk", "1.0"],
)
async def test_new_table_is_the_game_the_new_game_screen_starts(
    content: ContentPack, tmp_path: Path, page_one: tuple[str, ...], edition: str
) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await KeyConsul(pilot).new_game(*page_one)
        assert app.session is not None
        by_keys = (app.session.state, app.session.path.read_text().splitlines()[0])
    given = new_table(content, tmp_path, edition)
    async with given.run_test(size=WIDE):
        assert isinstance(given.screen, TableScreen)
        assert given.session is not None
        started = (given.session.state, given.session.path.read_text().splitlines()[0])
    assert msgspec.to_builtins(started[0]) == msgspec.to_builtins(by_keys[0])
    assert json.loads(started[1]) == json.loads(by_keys[1])
