"""An exclusive, non-blocking OS lock on an open file: the same interface on every platform.

`LOCKER` is the platform's: `Flock` on POSIX (`flock`, on the whole file), `Msvcrt` on
Windows. The OS drops either when the process ends, a crash or a kill included, so a stale
lock never blocks.

Windows locks are mandatory byte-range locks: bytes locked by one handle cannot be read or
written through any other, the locking process's own included. Locking a save's bytes (as
`portalocker` does, its first 64 KiB) would stop every watcher and `consul list` from reading
the save, and the app's own journal writer from appending to it. So `Msvcrt` locks one byte
far past the end of any save (`WINDOWS_BYTE`, beyond the largest save read): a byte no one
reads or writes, which only the lock itself ever touches. Both lockers exclude each other's
holders only (a lock is the holder's, taken on its own descriptor).
"""

from __future__ import annotations

import errno
import os
from types import ModuleType
from typing import Protocol

WINDOWS_BYTE = 1 << 30
"""The byte `Msvcrt` locks, at 1 GiB as SQLite's lock bytes are: far past any save (at most
16 MB are read), and below 2 GiB, an offset every C runtime's `_locking` takes."""
_HELD = {errno.EACCES, errno.EAGAIN, errno.EBUSY, errno.EDEADLK}
"""What a refused non-blocking lock raises (EDEADLOCK, Windows' "locked", is EDEADLK)."""


class Locker(Protocol):
    """Take or drop an exclusive lock on an open file descriptor, without waiting."""

    def acquire(self, fd: int) -> bool:
        """Lock the file of `fd`; False if another holder has it (raises OSError otherwise)."""
        ...

    def release(self, fd: int) -> None:
        """Drop the lock taken on `fd` (closing `fd` drops it too)."""
        ...


class Flock:
    """POSIX: `flock` on the whole file. Its lock belongs to the open file description, so
    other descriptors of the same file in this process (reading it) never drop it, as
    POSIX record locks (`fcntl`/`lockf`) would."""

    def __init__(self, fcntl: ModuleType) -> None:
        self._fcntl = fcntl

    def acquire(self, fd: int) -> bool:
        try:
            self._fcntl.flock(fd, self._fcntl.LOCK_EX | self._fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release(self, fd: int) -> None:
        self._fcntl.flock(fd, self._fcntl.LOCK_UN)


class Msvcrt:
    """Windows: `msvcrt.locking` of one byte at `WINDOWS_BYTE` (see the module's docstring).
    `msvcrt.locking` locks from the descriptor's position, so the descriptor is moved there
    (it is the lock's own: nothing reads through it)."""

    def __init__(self, msvcrt: ModuleType) -> None:
        self._msvcrt = msvcrt

    def acquire(self, fd: int) -> bool:
        os.lseek(fd, WINDOWS_BYTE, os.SEEK_SET)
        try:
            self._msvcrt.locking(fd, self._msvcrt.LK_NBLCK, 1)
        except OSError as err:
            if err.errno in _HELD:
                return False
            raise
        return True

    def release(self, fd: int) -> None:
        os.lseek(fd, WINDOWS_BYTE, os.SEEK_SET)
        self._msvcrt.locking(fd, self._msvcrt.LK_UNLCK, 1)


def platform_locker() -> Locker | None:
    """The locker of this platform (None where there is neither flock nor msvcrt)."""
    try:
        import fcntl
    except ImportError:
        pass
    else:
        return Flock(fcntl)
    try:
        import msvcrt
    except ImportError:
        return None
    return Msvcrt(msvcrt)


LOCKER = platform_locker()
