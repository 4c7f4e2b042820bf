"""Every key a screen shows in its footer is on screen, at 80x24 as at 120x40: none cut off at
the right edge (the footer would scroll sideways, which no one does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.history import HistoryScreen
from consul_app.tui.widgets.footer import Footer

from .helpers import until
from .scenarios import SMALL, WIDE, new_table


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
@pytest.mark.parametrize("key", ["H", "v", "T"], ids=["history", "chart-correction", "story"])
async def test_the_footer_shows_every_key_whole(
    content: ContentPack, size: tuple[int, int], key: str, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        table = app.screen
        await pilot.press(key)
        await until(pilot, lambda: app.screen is not table)
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: bool(footer.keys))
        await pilot.pause()
        assert footer.fits, f"the footer's keys do not fit its width: {footer.keys}"


async def test_a_click_on_a_key_presses_it(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        footer = app.screen.query_one(Footer)
        keys = [footer.key_at(x) for x in range(WIDE[0])]
        at = next(x for x, key in enumerate(keys) if key and key.key == "question_mark")
        assert keys[at + len(" ? Keys ")] is None  # its span ends with its description
        await pilot.click(Footer, offset=(at, 0))
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))


async def test_the_palette_key_stands_at_the_right_edge(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert footer.palette is not None
        assert footer.fits  # (asking does not move where the keys are clicked)
        assert getattr(footer.key_at(WIDE[0] - 2), "key", None) == footer.palette.key
        assert footer.key_at(WIDE[0] - 1) is None  # a blank cell after it, as Textual's


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_the_table_footer_offers_the_count_whole(
    content: ContentPack, size: tuple[int, int], tmp_path: Path
) -> None:
    """`#` (a count on any tab) is in the table's footer, and every key still fits."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: bool(footer.keys))
        assert ("#", "Count") in [(key.display, key.description) for key in footer.keys]
        assert footer.fits, f"the footer's keys do not fit its width: {footer.keys}"


@pytest.mark.parametrize(
    "edition", ["sde2", "forgotten-king", "classic"], ids=["sde2", "fk", "1.0"]
)
async def test_the_table_footer_shows_every_key_whole_at_80x24(
    content: ContentPack, edition: str, tmp_path: Path
) -> None:
    """1.0's "End round" is one letter longer than "End turn": its keys still fit."""
    app = new_table(content, tmp_path, edition)
    async with app.run_test(size=SMALL) as pilot:
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: bool(footer.keys))
        await pilot.pause()
        assert footer.fits, f"the footer's keys do not fit its width: {footer.keys}"
