"""A pane switch (a number key) is drawn in one frame, the first time a pane is shown too: at
80x24 the pane brought to the front whole, its tab marked in brackets and the underline under
it; at 120x40 the pane focused. (QA in a real terminal: 3 frames, 300+ ms, most of it the
underline moving after the switch; then 2 to 3 frames: a pane laid out for the first time,
or again at another height, settled a frame later, and the focus, the tab's layout and the
repaints each came in a frame of their own.)"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.widgets import TabbedContent, Tabs

from consul_app.content import ContentPack
from consul_app.rules import default_setup

from .helpers import settled
from .scenarios import SMALL, WIDE, idle, make_app, play_saved

Seen = tuple[str | None, str, tuple[int, int], tuple[int, int], str | None]
"""What a frame showed: the tab in front, its label, its span, the underline's span, the
focused pane."""


async def _drawn(frames: list[Seen], key: str, deadline: float = 30.0) -> None:
    """Until a frame is drawn, with nothing else to wake the app (Pilot's pause would: a
    screen left asleep once its frames were let go drew the switch only at the next key)."""
    end = time.monotonic() + deadline
    while not frames:
        assert time.monotonic() < end, f"{key} drew nothing"
        await asyncio.sleep(0.01)


def _seen(app: App[Any]) -> Seen:
    screen = app.screen
    focused = screen.focused
    pane = (
        next((w.id for w in (focused, *focused.ancestors) if w.has_class("pane")), None)
        if focused is not None
        else None
    )
    if not screen.query(TabbedContent):
        return None, "", (0, 0), (0, 0), pane
    tabs = screen.query_one(TabbedContent)
    bar = tabs.query_one(Tabs)
    tab = bar.active_tab
    assert tab is not None
    span = tab.virtual_region.shrink(tab.styles.gutter).column_span
    underline = bar.query_one("Underline")
    drawn = (underline.highlight_start, underline.highlight_end)  # type: ignore[attr-defined]
    return tabs.active, str(tab.label), span, drawn, pane


@pytest.mark.parametrize("size", [SMALL, WIDE], ids=["80x24", "120x40"])
async def test_each_pane_switch_is_one_frame_also_the_first_time(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    frames: list[Seen] = []
    display = App._display

    def spy(app: App[Any], screen: Any, renderable: Any) -> None:
        display(app, screen, renderable)
        if renderable is not None and not app._batch_count:  # (a frame written out)
            frames.append(_seen(app))

    monkeypatch.setattr(App, "_display", spy)
    save = tmp_path / "game.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 2))
    app = make_app(content, save)
    async with app.run_test(size=size) as pilot:
        await pilot.press("escape")  # (the recap put away: a change of its own)
        # each pane shown for the first time, then again
        for key, pane in zip(
            "34562134",
            ("chart", "boss", "bonuses", "log", "pool", "steps", "chart", "boss"),
            strict=True,
        ):
            await settled(frames)
            frames.clear()
            app.post_message(events.Key(key, key))  # (not Pilot's press: it draws a frame)
            await _drawn(frames, key)
            await settled(frames)
            assert len(frames) == 1, f"{key} ({pane}): {len(frames)} frames"
            active, label, span, drawn, focused = frames[0]
            assert focused == pane
            if size == SMALL:
                assert active == f"tab-{pane}" and label.startswith("[")
                assert drawn == span


async def test_at_80x24_only_the_pane_in_front_is_drawn(
    content: ContentPack, tmp_path: Path
) -> None:
    """Every tab's pane is laid out (its size as the pane in front's: shown, it needs no layout
    of its own), but those behind are out of sight, so a frame draws the one in front only
    (stacked under it, all six were drawn at each switch: 134-142 ms of CPU in a real terminal
    against 18 ms for a no-op key)."""
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        for key, shown in zip("3152", ("chart", "steps", "bonuses", "pool"), strict=True):
            await pilot.press(key)
            await pilot.pause()
            tabs = screen.query_one(TabbedContent)
            assert tabs.active == f"tab-{shown}"
            front = tabs.get_pane(f"tab-{shown}")
            assert front.region.size == front.size and screen.region.contains_region(front.region)
            for pane in tabs.query("TabPane"):
                if pane is not front:
                    assert pane.size == front.size, pane.id  # laid out
                    assert not pane.region.overlaps(screen.region), pane.id  # not drawn
