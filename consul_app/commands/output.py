"""Writing a command's `-o FILE`: never over a file unless asked, never over a save, never half.

An existing regular file is refused unless `--force`; with it the text goes to a temporary
file beside it that then replaces it, so a full disk leaves the old file whole. A device or a
pipe (`/dev/stdout`, `/dev/null`) is written through. The folder must exist.
"""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

from consul_app.base.shown import shown

OVERWRITE_HELP = "replace FILE if it exists (without it, an existing file is never touched)"


def add_output_options(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=Path,
        help=f"write {what} to FILE (a new file; see --force) instead of the standard output",
    )
    parser.add_argument("-f", "--force", action="store_true", help=OVERWRITE_HELP)


def write_output(path: Path, text: str, *, force: bool, protect: Path | None = None) -> str | None:
    """Write `text` to `path`; None when done, else why not (the file is then untouched)."""
    data = text.encode("utf-8")
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as err:
        return f"cannot write {shown(path)}: {err.strerror}"
    if info is not None and stat.S_ISDIR(info.st_mode):
        return f"cannot write {shown(path)}: it is a folder"
    if info is not None and protect is not None and _same(path, protect):
        return f"will not write over {shown(path)}: it is the save itself"
    if info is not None and not stat.S_ISREG(info.st_mode):
        return _write_through(path, data)
    if info is not None and not force:
        return f"{shown(path)} already exists; add --force to replace it"
    if info is None:
        return _create(path, data)
    return _replace(path, data)


def _same(path: Path, other: Path) -> bool:
    try:
        return path.samefile(other)
    except OSError:
        return False


def _write_through(path: Path, data: bytes) -> str | None:
    try:
        with path.open("wb") as file:
            file.write(data)
    except OSError as err:
        return f"cannot write {shown(path)}: {err.strerror}"
    return None


def _create(path: Path, data: bytes) -> str | None:
    """A new file, never one that appeared meanwhile; a half-written one is removed."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return f"{shown(path)} already exists; add --force to replace it"
    except OSError as err:
        return f"cannot write {shown(path)}: {err.strerror}"
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
    except OSError as err:
        path.unlink(missing_ok=True)
        return f"cannot write {shown(path)}: {err.strerror}"
    return None


def _replace(path: Path, data: bytes) -> str | None:
    """Replace an existing file atomically, keeping its permissions."""
    import tempfile  # only here: `consul --help` stays quick

    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as err:
        return f"cannot write {shown(path)}: {err.strerror}"
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.chmod(name, stat.S_IMODE(path.stat().st_mode))
        os.replace(name, path)
    except OSError as err:
        Path(name).unlink(missing_ok=True)
        return f"cannot write {shown(path)}: {err.strerror}"
    return None
