"""Every key a screen shows in its footer is on screen, at 80x24 as at 120x40: none cut off at
the right edge (the footer would scroll sideways, which no one does)."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from consul_app.content import ContentPack
from consul_app.tui.widgets.footer import Footer

from .helpers import until
from .scenarios import SMALL, WIDE, KeyConsul, make_app


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
@pytest.mark.parametrize("key", ["H", "v", "T"], ids=["history", "chart-correction", "story"])
async def test_the_footer_shows_every_key_whole(
    content: ContentPack, size: tuple[int, int], key: str
) -> None:
    app = make_app(content)
    async with app.run_test(size=size) as pilot:
        await KeyConsul(pilot).new_game()
        table = app.screen
        await pilot.press(key)
        await until(pilot, lambda: app.screen is not table)
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: bool(footer.query(FooterKey)))
        await pilot.pause()
        assert footer.max_scroll_x == 0, "the footer's keys do not fit its width"
        for shown in footer.query(FooterKey):
            assert shown.region.right <= size[0], f"{shown.description!r} is cut off"
