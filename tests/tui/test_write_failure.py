"""A write that fails at the table: the screen shows what the save holds and says so, and the
same game is resumed from `o` (saved games) once the disk writes again."""

from __future__ import annotations

import errno
import os

import pytest

from consul_app.content import ContentPack
from consul_app.paths import saves_dir
from consul_app.rules import default_setup
from consul_app.session.load import load_game
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes
from .scenarios import WIDE, idle, make_app, play_saved


def fsync_fails(*args: object) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


async def test_a_failed_write_shows_the_file_and_o_resumes_the_game(content: ContentPack) -> None:
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.turn == 2))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        count = len(table.session.actions)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(os, "fsync", fsync_fails)
            await pilot.press("h")
        note = notes(app)[-1]
        assert note.startswith("Cannot save the game: ")
        assert f"The save holds {count + 1} actions, the last: 'A hero is destroyed'" in note
        assert "pick this game under o (saved games) to resume it" in note
        held = load_game(content, save).timeline.done
        assert len(table.session.actions) == len(held) == count + 1  # screen and file agree
        await pilot.press("h")  # the session writes no more
        assert "closed after a failed write" in notes(app)[-1]
        assert len(load_game(content, save).timeline.done) == count + 1

        await pilot.press("o")
        assert isinstance(app.screen, ResumeScreen), notes(app)
        await pilot.press("enter")  # the same game: read anew, not "already on the table"
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session is not table.session
        assert app.screen.session.failed is None
        await pilot.press("h")
        assert len(load_game(content, save).timeline.done) == count + 2
        assert app.screen.session.history[:2] == ["A hero is destroyed"] * 2
