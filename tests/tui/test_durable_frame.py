"""The frame that shows an action is drawn only after its fsync returned, and the table computes
its panes while the fsync runs (`e` end turn, `u` undo, `h` a hero destroyed)."""

from __future__ import annotations

import os
import threading
import time

import pytest
from textual.app import App

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.table import TableScreen

from .scenarios import WIDE, idle, make_app, play_saved

DEADLINE = 60.0
"""Seconds to wait for the table to show the action and draw its frame (a loaded machine
takes seconds; a frame that never comes fails at the end)."""
FRAME_GRACE = 0.3
"""How long the stand-in fsync waits for a frame that must not come before it returns."""


@pytest.mark.parametrize("key", ["e", "u", "h"])
async def test_the_frame_waits_for_the_fsync(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.turn == 2))
    app = make_app(content, save)
    seen: list[str] = []
    shown, drawn = threading.Event(), threading.Event()
    real_fsync, show_game, display = os.fsync, TableScreen.show_game, App._display

    def fsync(fd: int) -> None:
        """The journal's fsync: returns once the table shows the action (it overlaps) and a
        frame had the time to be drawn (none must be)."""
        seen.append("fsync")
        shown.wait(DEADLINE)
        drawn.wait(FRAME_GRACE)
        real_fsync(fd)
        seen.append("fsync returned")

    def showing(screen: TableScreen) -> None:
        seen.append("show_game")
        shown.set()
        show_game(screen)

    def drawing(app: App[object], screen: object, renderable: object) -> None:
        if renderable is not None:
            seen.append("frame")
            drawn.set()
        display(app, screen, renderable)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.can_undo
        await pilot.press("down")  # the recap goes (a key's first show_game, before the action)
        await pilot.pause()
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(TableScreen, "show_game", showing)
        monkeypatch.setattr(App, "_display", drawing)
        await pilot.press(key)
        deadline = time.monotonic() + DEADLINE
        while "frame" not in seen and time.monotonic() < deadline:
            await pilot.pause(0.01)
    assert "frame" in seen, seen
    # the panes computed while the fsync ran (whichever thread came first); no frame before
    assert sorted(seen[:2]) == ["fsync", "show_game"], seen
    assert seen[2:4] == ["fsync returned", "frame"], seen
