"""One writer per save: the app holds an exclusive OS lock on the save it plays.

The lock is an OS lock on the save itself, on a descriptor of its own (`os_lock`: `flock` on
POSIX, one byte far past the data with `msvcrt.locking` on Windows, so that watchers still read
the save). The OS releases it when the process ends, a crash or SIGKILL included: a stale lock
never blocks. Who holds it (pid, host, since when) is written beside the save in a hidden
`.NAME.holder` file, for the message a second Consul shows; that file is only information,
never the lock. Anyone who can write the folder can plant something at that name, so it is
written anew and renamed into place (a symlink there is replaced, never written through; a
FIFO never opened), and read only if it is a regular file, opened without following links or
waiting.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import tempfile
from datetime import datetime
from pathlib import Path

from consul_app.base.shown import shown
from consul_app.session import os_lock
from consul_app.session.journal import SaveError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""(Windows has neither: there a symlink needs rights to make, and a FIFO is no file.)"""
HOLDER_BYTES = 4096
"""The most of a holder file read (it holds a pid, a host name and a time)."""


class SaveLocked(SaveError):
    """Another Consul plays this save. `holder` says who, as far as it is known."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(
            path,
            f"this game is open in another Consul ({holder}); only one Consul plays a save "
            f"at a time. Watch it instead: consul watch {shown(path)}",
        )
        self.holder = holder


class SaveReadOnly(SaveError):
    """This account may read the save but not write it: it can be watched, not played on."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            path,
            "the save is read-only (this account may not write it), so it cannot be played "
            f"on. Watch it instead: consul watch {shown(path)}",
        )


def holder_file(path: Path) -> Path:
    """Where the holder of `path`'s lock says who it is."""
    return path.with_name(f".{path.name}.holder")


def _read_holder(path: Path) -> bytes:
    """The holder file's first bytes, if it is a regular file: anyone who can write the folder
    can plant a symlink (to another account's file) or a FIFO (opening it would wait) there."""
    flags = os.O_RDONLY | _NONBLOCK | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(holder_file(path), flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{holder_file(path)} is not a regular file")
        return os.read(fd, HOLDER_BYTES)
    finally:
        os.close(fd)


def _write_holder(path: Path, text: str) -> None:
    """Write the holder file anew, atomically: a file of our own (`mkstemp` creates it, never
    opening what is there) renamed over the name, which replaces a link planted there, never
    its target; a FIFO there is replaced, never opened."""
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(name, holder_file(path))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _who(path: Path) -> str:
    """The holder as its file tells it ("pid 4242 on laptop since 20:15")."""
    try:
        info = json.loads(_read_holder(path))
        since = datetime.fromisoformat(info["since"]).strftime("%H:%M")
        return f"pid {int(info['pid'])} on {str(info['host'])[:64]}, since {since}"
    except (OSError, ValueError, KeyError, TypeError):
        return "pid and host unknown"


class SaveLock:
    """An exclusive lock on a save, held until `release` (or the process ends).

    Raises `SaveLocked` if another process holds it. A file that cannot be opened, or is no
    regular file, is not locked: the journal's reader refuses it next. Writes nothing to it.

    `file`: lock this file, not yet at `path` (a new save is locked before it is linked there,
    so that no other Consul can open it unlocked); who holds it is then written by `tell`."""

    def __init__(self, path: Path, *, file: Path | None = None) -> None:
        self.path = path
        self._fd: int | None = None
        self._told = False
        self._locker = os_lock.LOCKER
        if self._locker is None:
            return  # (neither POSIX nor Windows)
        try:  # O_NONBLOCK: a FIFO must not hang the open
            flags = os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)
            fd = os.open(file or path, flags)
        except OSError:
            return  # nothing to lock: reading it fails next, and says why
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return  # not a save: the reader refuses it, saying what it is
        try:
            locked = self._locker.acquire(fd)
        except BaseException:
            os.close(fd)
            raise
        if not locked:
            os.close(fd)
            raise SaveLocked(path, _who(path))
        self._fd = fd
        if file is None:
            self.tell()

    @classmethod
    def check(cls, path: Path) -> None:
        """Raise `SaveLocked` if another Consul holds `path` now; take nothing, write nothing."""
        cls(path, file=path).release()

    def tell(self) -> None:
        """Say who holds the lock (best effort: a folder that cannot be written just keeps
        the second Consul from naming us)."""
        if self._fd is None:
            return
        self._told = True
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now().astimezone().isoformat(timespec="seconds"),
        }
        with contextlib.suppress(OSError):
            _write_holder(self.path, json.dumps(info))

    def release(self) -> None:
        """Drop the lock (and the holder file, which is ours once we told who we are)."""
        if self._fd is None:
            return
        if self._told:
            with contextlib.suppress(OSError):
                holder_file(self.path).unlink(missing_ok=True)
        if self._locker is not None:
            with contextlib.suppress(OSError):
                self._locker.release(self._fd)
        os.close(self._fd)  # (which releases it too)
        self._fd = None
