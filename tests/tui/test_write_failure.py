"""A write that fails at the table: the screen shows what the save holds and says so, and the
same game is resumed from `o` (saved games) once the disk writes again."""

from __future__ import annotations

import errno
import os

import pytest
from textual.widgets import TabbedContent

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack, EditionPack
from consul_app.rules import GameState, apply, default_setup
from consul_app.session import Session
from consul_app.session.load import load_game
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes
from .scenarios import (
    SMALL,
    WIDE,
    KeyConsul,
    idle,
    make_app,
    move_action,
    next_move,
    play_saved,
)


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


def _phase_ends_next(pack: EditionPack, state: GameState) -> bool:
    """The next move ends a power-up phase (a turn begins: its recap and the steps tab)."""
    move = next_move(pack, state)
    return move.kind != "end" and apply(pack, state, move_action(move)).turn != state.turn


async def _phase_end_unsaved(
    content: ContentPack, name: str, *, overlap: bool
) -> tuple[object, ...]:
    """The move that ends a phase at 80x24 (tabs) with every fsync failing, the table's session
    overlapping its fsync or not: what the table shows after."""
    save = saves_dir() / name
    save.parent.mkdir(parents=True, exist_ok=True)
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.turn == 2))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("escape")
        await consul.until(_phase_ends_next)
        table = consul.table
        with pytest.MonkeyPatch.context() as patch:
            if not overlap:
                dispatch = Session.dispatch
                patch.setattr(Session, "dispatch", lambda s, action, **_: dispatch(s, action))
            patch.setattr(os, "fsync", fsync_fails)
            await consul.move()
        await pilot.pause()
        assert table.session.failed is not None
        return (
            table.session.history[:],
            table.recap,
            table.query_one(TabbedContent).active,
            app.focused.id if app.focused else None,
            [note.replace(str(save), "<save>") for note in notes(app)],
        )


async def test_a_failed_fsync_with_overlap_shows_what_it_shows_without(
    content: ContentPack,
) -> None:
    """The table computes the phase's end (its recap, the steps tab) while the fsync runs; when
    the fsync fails, it shows exactly what the table without overlap shows."""
    plain = await _phase_end_unsaved(content, "plain.jsonl", overlap=False)
    overlapped = await _phase_end_unsaved(content, "overlap.jsonl", overlap=True)
    assert overlapped == plain
    assert plain[-1][-1].startswith("Cannot save the game: ")  # type: ignore[index]
