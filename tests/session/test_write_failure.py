"""After a failed write the screen and the file agree: the session reads the game back from the
file (a line written but not fsynced is in it; a torn one is not) and says what the save holds.
The failures are injected with a monkeypatched `os.fsync` / `os.write`."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import SaveError, Session
from consul_app.session.load import load_game

ACTIONS = 12


@pytest.fixture
def session(content: ContentPack, setup: Setup, tmp_path: Path) -> Iterator[Session]:
    """A game with 12 actions journaled."""
    game = Session.new(content, setup, path=tmp_path / "game.jsonl")
    for _ in range(ACTIONS):
        game.dispatch(DestroyHero())
    yield game
    game.close()


def failing(error: int) -> Callable[..., object]:
    """A stand-in for os.fsync or os.write that fails with `error`."""

    def call(*args: object) -> object:
        raise OSError(error, os.strerror(error))

    return call


def resumed(content: ContentPack, path: Path) -> list[str]:
    """The labels a resume of the file shows, oldest first."""
    return [done.label for done in load_game(content, path).timeline.done]


def test_a_failed_fsync_after_the_write_keeps_the_action_it_wrote(
    session: Session, content: ContentPack
) -> None:
    """The line reached the file (not the disk): a resume shows 13 actions, so the table does."""
    shown: list[int] = []
    session.listener = lambda state: shown.append(len(session.actions))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", failing(errno.EIO))
        with pytest.raises(SaveError) as caught:
            session.dispatch(DestroyHero())
    assert len(session.actions) == ACTIONS + 1
    assert [d.label for d in session.actions] == resumed(content, session.path)
    assert shown == [ACTIONS + 1]  # the screen was told
    message = str(caught.value)
    assert "cannot write the save (Input/output error)" in message
    assert f"The save holds {ACTIONS + 1} actions, the last: 'A hero is destroyed'" in message
    assert message.endswith("the table shows exactly those; resume it to go on")


def test_a_write_that_fails_before_any_byte_keeps_the_state(
    session: Session, content: ContentPack
) -> None:
    before = session.path.read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "write", failing(errno.ENOSPC))
        full = rf"No space left on device\). The save holds {ACTIONS} "
        with pytest.raises(SaveError, match=full):
            session.dispatch(DestroyHero())
    assert session.path.read_bytes() == before
    assert len(session.actions) == ACTIONS == len(resumed(content, session.path))


def test_a_torn_write_is_not_shown(session: Session, content: ContentPack) -> None:
    """Half the line reached the file, then the disk was full: a resume drops the torn line."""
    real_write = os.write
    calls: list[int] = []

    def half(fd: int, data: bytes) -> int:
        if calls:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        calls.append(fd)
        return real_write(fd, bytes(data[: len(data) // 2]))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "write", half)
        with pytest.raises(SaveError, match=rf"The save holds {ACTIONS} actions"):
            session.dispatch(DestroyHero())
    assert len(session.actions) == ACTIONS == len(resumed(content, session.path))
    assert not session.path.read_bytes().endswith(b"\n")  # the torn line is left as it is


def test_a_failed_undo_shows_what_the_file_holds(session: Session, content: ContentPack) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", failing(errno.EIO))
        with pytest.raises(SaveError, match=rf"The save holds {ACTIONS - 1} actions"):
            session.undo()
    assert len(session.actions) == ACTIONS - 1 == len(resumed(content, session.path))
    assert session.can_redo


def test_after_a_failed_write_nothing_more_is_written(session: Session) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", failing(errno.EIO))
        with pytest.raises(SaveError):
            session.dispatch(DestroyHero())
    after = session.path.read_bytes()
    assert session.failed is not None
    for move in (lambda: session.dispatch(DestroyHero()), session.undo):
        with pytest.raises(SaveError, match="closed after a failed write; resume the save"):
            move()
    assert session.path.read_bytes() == after
    with Session.resume(session._content, session.path) as again:  # type: ignore[arg-type]
        assert len(again.actions) == ACTIONS + 1
        again.dispatch(DestroyHero())
