"""Reading a file someone named: a regular file only, never waiting, never past a size limit.

A save or a content file may be anything the user (or a mistake) points at: a FIFO (opening it
to read waits for a writer for ever), a device (`/dev/zero` never ends), a symlink to either,
or a file far larger than any real one. `read_limited` opens without blocking, reads only a
regular file and stops at its limit, so each of these is a clear message, never a hang or a
MemoryError. Its `Refused` is an OSError whose `strerror` says why, so the callers' handling of
unreadable files reports it as it is.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MB = 1024 * 1024

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class Refused(OSError):
    """A file not read on purpose: not a regular file, or larger than the limit."""


def open_limited(path: Path, limit: int) -> tuple[int, int]:
    """A read-only descriptor of the regular file at `path` (symlinks followed) and its size,
    if at most `limit`; the caller closes it. Raises as `read_limited`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)  # O_NONBLOCK: a FIFO opens at once instead of waiting
    try:
        info = os.fstat(fd)  # the file opened, whatever the name points at by now
        if not stat.S_ISREG(info.st_mode):
            raise Refused(errno.EINVAL, f"not a regular file but {_kind(info)}", str(path))
        if info.st_size > limit:
            raise Refused(errno.EFBIG, too_large(info.st_size, limit), str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd, info.st_size


def _kind(info: os.stat_result) -> str:
    return next((name for test, name in _KINDS if test(info.st_mode)), "a special file")


def kind(path: Path) -> str:
    """What is at `path` (symlinks followed), when it is no regular file: "a FIFO"."""
    return _kind(os.stat(path))


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (symlinks followed), if at most `limit`.

    Raises `Refused` for anything else (`strerror`: why, in words) and OSError when the file
    cannot be opened or read."""
    fd, _ = open_limited(path, limit)
    try:
        chunks = []
        left = limit + 1  # one byte more tells a file that grew past the limit
        while left > 0:
            chunk = os.read(fd, min(left, MB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise Refused(errno.EFBIG, too_large(len(data), limit), str(path))
    return data


def too_large(size: int, limit: int) -> str:
    """ "too large: 200.0 MB, at most 16 MB are read"."""
    return f"too large: {size / MB:.1f} MB, at most {limit // MB} MB are read"


def trusted(info: os.stat_result) -> bool:
    """Ours, and no one else may write it (POSIX; elsewhere the folder's ACLs decide)."""
    if os.name != "posix":
        return True
    return info.st_uid == os.geteuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def private_folder(folder: Path) -> bool:
    """The cache folder may be used: missing (it is then made private), or a folder of
    ours that no one else may write (else they could swap the cache for their own)."""
    try:
        info = folder.stat()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and trusted(info)


def read_private(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` if it is a regular file we may trust (see `_trusted`), not a
    symlink and at most `limit` bytes; else None."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)  # of the file opened, not of whatever the name points at now
        if not (stat.S_ISREG(info.st_mode) and trusted(info) and info.st_size <= limit):
            return None
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(limit + 1)
        return data if len(data) <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)
