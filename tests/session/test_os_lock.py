"""One writer per save on every platform: the Windows locker (`msvcrt.locking`), tested here
through its interface with a stand-in for `msvcrt` that acts as Windows' mandatory byte-range
locks do, and the platform's locker chosen as it would be."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from consul_app.base.paths import saves_dir
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import SaveLocked, Session, os_lock
from consul_app.session.follow import Follower
from consul_app.session.journal import MAX_BYTES


class FakeMsvcrt(SimpleNamespace):
    """`msvcrt.locking` as Windows does it: `nbytes` from the descriptor's position, locked
    for that handle alone; LK_NBLCK on bytes another handle holds fails with EACCES."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        super().__init__(held={})

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        info = os.fstat(fd)
        start = os.lseek(fd, 0, os.SEEK_CUR)
        span = (info.st_dev, info.st_ino, start, nbytes)
        if mode == self.LK_UNLCK:
            if self.held.get(span) != fd:
                raise OSError(errno.EACCES, "not locked by this handle")
            del self.held[span]
        elif span in self.held:
            raise OSError(errno.EACCES, "Permission denied")
        else:
            self.held[span] = fd

    def locked_bytes(self) -> list[tuple[int, int]]:
        return [(start, start + size) for _, _, start, size in self.held]


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> FakeMsvcrt:
    """The Windows locker, on its stand-in msvcrt."""
    fake = FakeMsvcrt()
    monkeypatch.setattr(os_lock, "LOCKER", os_lock.Msvcrt(fake))  # type: ignore[arg-type]
    return fake


def test_on_windows_a_second_consul_is_refused_and_names_the_first(
    content: ContentPack, setup: Setup, tmp_path: Path, windows: FakeMsvcrt
) -> None:
    save = tmp_path / "game.jsonl"
    with Session.new(content, setup, path=save) as first:
        first.dispatch(DestroyHero())
        before = save.read_bytes()
        with pytest.raises(SaveLocked) as caught:
            Session.resume(content, save)
        assert f"pid {os.getpid()} on " in str(caught.value)
        with pytest.raises(SaveLocked):
            Session.new(content, setup, path=save)
        assert save.read_bytes() == before  # the refused ones wrote nothing
        first.dispatch(DestroyHero())  # the first writes on
    assert windows.held == {}  # a closed game lets go of its save
    with Session.resume(content, save) as second:
        assert second.history == ["A hero is destroyed"] * 2


def test_on_windows_the_locked_byte_is_past_the_save_so_watchers_still_read(
    content: ContentPack, setup: Setup, tmp_path: Path, windows: FakeMsvcrt
) -> None:
    """Windows refuses reads and writes of locked bytes through every other handle: the lock
    must not cover a byte of any save (they are read up to MAX_BYTES)."""
    save = tmp_path / "game.jsonl"
    with Session.new(content, setup, path=save) as playing:
        (span,) = windows.locked_bytes()
        assert span[0] >= MAX_BYTES
        playing.dispatch(DestroyHero())
        follower = Follower(content, save)
        assert follower.poll() and follower.problem is None


def test_on_windows_delete_refuses_a_save_being_played(
    content: ContentPack, setup: Setup, windows: FakeMsvcrt, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saves_dir() / "game.jsonl"
    with Session.new(content, setup, path=save):
        assert main(["delete", "game", "--yes"]) == 2
        assert "is being played" in capsys.readouterr().err
    assert main(["delete", "game", "--yes"]) == 0


def test_a_lock_error_that_is_not_contention_is_raised(tmp_path: Path) -> None:
    broken = SimpleNamespace(LK_NBLCK=2, LK_UNLCK=0)

    def locking(fd: int, mode: int, nbytes: int) -> None:
        raise OSError(errno.EBADF, "Bad file descriptor")

    broken.locking = locking
    path = tmp_path / "f"
    path.write_bytes(b"x")
    fd = os.open(path, os.O_RDONLY)
    try:
        with pytest.raises(OSError, match="Bad file descriptor"):
            os_lock.Msvcrt(broken).acquire(fd)  # type: ignore[arg-type]
    finally:
        os.close(fd)


def test_the_platform_locker() -> None:
    expected = os_lock.Msvcrt if sys.platform == "win32" else os_lock.Flock
    assert isinstance(os_lock.platform_locker(), expected)


def test_where_there_is_no_fcntl_the_windows_locker_is_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """"Windows has no fcntl": there, msvcrt locks (there was no lock at all)."""
    monkeypatch.setitem(sys.modules, "fcntl", None)  # (import fcntl: ImportError)
    monkeypatch.setitem(sys.modules, "msvcrt", FakeMsvcrt())
    assert isinstance(os_lock.platform_locker(), os_lock.Msvcrt)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    assert os_lock.platform_locker() is None
