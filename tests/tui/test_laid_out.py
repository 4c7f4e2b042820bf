"""A long option list has its scrollbar in its first frame: Textual's got it in its second,
which moved every line's right edge (the saved games at start-up settled a frame later)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from rich.segment import Segment
from textual.app import App
from textual.screen import Screen
from textual.widgets import OptionList

from consul_app.session import SaveSummary
from consul_app.tui.screens import resume
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.widgets.laid_out import LaidOutOptionList

SAVES = [
    SaveSummary(Path(f"game-{n}.jsonl"), datetime(2026, 1, 1), "Ugg", "SDE 2.0", 3, 5, 40)
    for n in range(40)
]


@pytest.mark.parametrize(("kind", "settled"), [(LaidOutOptionList, True), (OptionList, False)])
async def test_the_first_frame_of_the_saved_games_is_the_settled_one(
    kind: type[OptionList], settled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resume, "LaidOutOptionList", kind)
    first: list[list[Segment]] = []
    display = App._display

    def spy(app: App[None], screen: Screen[object], renderable: object) -> None:
        display(app, screen, renderable)
        if renderable is not None and isinstance(screen, ResumeScreen) and not first:
            first.extend(list(strip) for strip in screen._compositor.render_strips())

    monkeypatch.setattr(App, "_display", spy)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ResumeScreen(SAVES))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(OptionList).show_vertical_scrollbar
        now = [list(strip) for strip in app.screen._compositor.render_strips()]
    assert (first == now) is settled  # (Textual's own: a check that this test can tell)
