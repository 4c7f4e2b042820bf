"""A doorbell for a followed save: on Linux, inotify says at once that the file changed, so a
watcher repaints as soon as the Consul acts instead of at its next poll (the poll stays, as the
truth and for other systems). It only watches: nothing is opened on the save itself."""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
from pathlib import Path

MASK = 0x2 | 0x4 | 0x8 | 0x400 | 0x800
"""IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE, IN_DELETE_SELF, IN_MOVE_SELF."""


def doorbell(path: Path) -> int | None:
    """A non-blocking descriptor that becomes readable when `path` changes; None where inotify
    is not available (then only the poll follows the save)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None
    if libc.inotify_add_watch(fd, os.fsencode(path), MASK) < 0:
        os.close(fd)
        return None
    return fd


def drain(fd: int) -> None:
    """Read the events that rang the bell (their details do not matter: the poll looks)."""
    with contextlib.suppress(BlockingIOError, InterruptedError):
        while os.read(fd, 4096):
            pass
