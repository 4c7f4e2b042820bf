"""Save files on disk: finding one by what `consul list` prints (its name, with or without
`.jsonl`, its number, or a path), which game a save is of, and moving one to the trash (never
deleting it). Imports no more than `paths` until asked, so that `consul play --save` stays
quick to start."""

from __future__ import annotations

import shutil
from pathlib import Path

from consul_app.base.paths import data_home, saves_dir

SUFFIX = ".jsonl"
HEADER_BYTES = 256 * 1024
"""The most of a save `game_of` reads: its header's line."""


def save_paths(folder: Path | None = None) -> list[Path]:
    """The saves in `folder` (default: the saves folder), most recently played first: the
    order (and numbers, from 1) of `consul list`."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    paths = [p for p in folder.glob(f"*{SUFFIX}") if p.is_file() and not p.name.startswith(".")]
    return sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)


def find_save(name: str, folder: Path | None = None) -> Path | None:
    """The save `name` stands for, None if there is none: an existing file; a name in the saves
    folder, with or without `.jsonl`; or its number in `consul list` (1: played last)."""
    given = Path(name)
    if given.is_file():
        return given
    if name.isdigit():
        paths = save_paths(folder)
        number = int(name)
        return paths[number - 1] if 1 <= number <= len(paths) else None
    if given.name != name:  # a path elsewhere, and not there
        return None
    folder = folder or saves_dir()
    for candidate in (folder / name, folder / f"{name}{SUFFIX}"):
        if candidate.is_file():
            return candidate
    return None


def no_such_number(name: str) -> str | None:
    """What to say of a save number `consul list` does not show (None: not such a number)."""
    if name.isdigit() and find_save(name) is None:
        return f"no save number {name} (consul list shows them)"
    return None


def trash_dir() -> Path:
    """Where `consul delete` moves saves: `trash/` in the data folder."""
    return data_home() / "trash"


def move_to_trash(path: Path) -> Path:
    """Move a save into the trash folder (renamed "-2", "-3"... beside one of the same name);
    return where it went. Nothing is ever unlinked."""
    folder = trash_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / path.name
    number = 2
    while target.exists():
        target = folder / f"{path.stem}-{number}{path.suffix}"
        number += 1
    shutil.move(path, target)
    return target


def game_of(path: Path) -> str | None:
    """The game a save's header names ("sde" without the field), None if not a journal. Reads
    only the header's line (at most HEADER_BYTES), of a regular file only."""
    import json
    import os

    from consul_app.base.files import open_limited
    from consul_app.session.journal import MAX_BYTES

    try:
        fd, _size = open_limited(path, MAX_BYTES)
        try:
            first = os.read(fd, HEADER_BYTES).split(b"\n", 1)[0]
        finally:
            os.close(fd)
        header = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(header, dict) or header.get("format") != "consul-journal":
        return None
    game = header.get("game", "sde")
    return game if isinstance(game, str) else None
