"""Which folders and files make a content pack (no parsing: the cache's key needs only this)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from consul_app.base import paths
from consul_app.base.files import MB, read_limited

SUFFIXES = (".yaml", ".yml")
MAX_FILE_BYTES = 2 * MB
"""A content file larger than this is not read: the largest bundled file is 50 KB."""
OTHER_GAMES = frozenset({"md2"})
"""Top folders of a pack that hold another game's content (Massive Darkness 2), not SDE's."""
EDITIONS_FILE = "editions.yaml"
"""At the top of a pack folder: the editions its content is for (`content/editions.py`), not
content itself."""


def pack_folders(
    dirs: Iterable[str | os.PathLike[str]] | None = None, *, include_user: bool = True
) -> list[Path]:
    """The folders `load_pack` loads, in order: bundled, the user's (if any), then `dirs`."""
    folders = [paths.bundled_data_dir()]
    user = paths.user_content_dir()
    if include_user and user.exists():  # a file there is reported by the loader
        folders.append(user)
    folders.extend(Path(d) for d in dirs or ())
    return folders


def unique_folders(dirs: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """`dirs` as paths, in order, each folder once (by its resolved path)."""
    seen: set[Path] = set()
    folders = []
    for folder in map(Path, dirs):
        if folder.resolve() not in seen:
            seen.add(folder.resolve())
            folders.append(folder)
    return folders


def pack_files(folder: Path, *, strict: bool = False) -> list[tuple[str, Path]]:
    """(relative posix path, path) of every YAML file under `folder`, sorted; hidden skipped.

    A folder that cannot be listed is skipped, or with `strict` raises its OSError (a pack
    must not silently lose the files it cannot see)."""

    def fail(err: OSError) -> None:
        if strict:
            raise err

    found = []
    for top, subdirs, names in os.walk(folder, onerror=fail):
        subdirs[:] = [
            d for d in subdirs
            if not d.startswith(".") and not (d in OTHER_GAMES and Path(top) == folder)
        ]
        for name in names:
            if name.endswith(SUFFIXES) and not name.startswith("."):
                path = Path(top, name)
                found.append((path.relative_to(folder).as_posix(), path))
    return sorted(found)


def read_file(path: Path) -> bytes:
    """A content file's bytes; raises OSError (`files.Refused`: not a regular file, or larger
    than MAX_FILE_BYTES) instead of waiting on a FIFO or reading a device for ever."""
    return read_limited(path, MAX_FILE_BYTES)
