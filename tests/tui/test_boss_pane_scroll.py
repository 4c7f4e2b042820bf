"""The boss pane scrolls to the fight card after the refresh that drew it; by then a resize may
have composed the pane anew with no card yet (found by `make soak SEED=20081 SETUPS=1`:
NoMatches '.card')."""

from __future__ import annotations

from textual.app import App, ComposeResult

from consul_app.tui.widgets.boss_card import BossPane


class _OnePane(App[None]):
    def compose(self) -> ComposeResult:
        yield BossPane(id="boss")


async def test_scrolling_to_a_fight_card_no_longer_there_does_nothing() -> None:
    app = _OnePane()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(BossPane)
        await pane.query(".card").remove()  # (composed anew: not there yet)
        pane._scroll_to_fight_card()
        await pilot.pause()
        assert pane.scroll_y == 0
