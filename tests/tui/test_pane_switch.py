"""A pane switch at 80x24 (a number key) is drawn whole in its first frame: the pane, its tab
marked in brackets and the underline under it (QA in a real terminal: 3 frames, 300+ ms,
most of it the underline moving after the switch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import TabbedContent, Tabs

from consul_app.content import ContentPack
from consul_app.rules import default_setup

from .scenarios import SMALL, idle, make_app, play_saved


async def test_a_pane_switch_is_whole_in_its_first_frame(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 2))
    app = make_app(content, save)
    seen: list[tuple[str, str, tuple[int, int], tuple[int, int]]] = []
    _display = App._display

    def display(self: App[Any], screen: Any, renderable: Any) -> None:
        _display(self, screen, renderable)
        if renderable is not None and not seen and watching:
            tabs = self.screen.query_one(TabbedContent)
            if tabs.active != watching:  # (a frame drawn before the key was handled)
                return
            bar = tabs.query_one(Tabs)
            tab = bar.active_tab
            assert tab is not None
            underline = bar.query_one("Underline")
            span = tab.virtual_region.shrink(tab.styles.gutter).column_span
            drawn = (underline.highlight_start, underline.highlight_end)  # type: ignore[attr-defined]
            seen.append((tabs.active, str(tab.label), span, drawn))

    watching = ""
    """The tab whose first frame is looked at."""
    App._display = display  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            for key, pane in (("2", "pool"), ("4", "boss"), ("1", "steps")):
                seen.clear()
                watching = f"tab-{pane}"
                await pilot.press(key)
                watching = ""
                active, label, span, drawn = seen[0]
                assert active == f"tab-{pane}"
                assert label.startswith("[")
                assert drawn == span
    finally:
        App._display = _display  # type: ignore[method-assign]
