"""The saves list's summaries, kept for next time: `saves.json` in the cache folder.

A summary is kept with the save's size, modification time and inode, and the content it was
made with (each edition's content hash): while all of them are the same, the save has not
changed and the summary stands, so listing 500 saves reads 500 `stat`s and one small file.
Anything else (a save played on, another content) is summarized again. The file is plain
JSON, read into typed fields (anything else in it: not used), and only from a file of this
account in a folder no other account may write, as the content cache is; deleting it is
always safe.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import msgspec

from consul_app.base.paths import cache_dir
from consul_app.content import ContentPack
from consul_app.content.cache import _private_folder, _read_private

FORMAT = 2
"""(2: with the power gauge.)"""
NAME = "saves.json"


class Summary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A `SaveSummary` without its path and time (those come from the file)."""

    boss: str | None
    edition: str | None
    turn: int | None
    position: int | None
    actions: int
    finished: bool
    damaged: str | None
    warnings: list[str]
    game: str = "sde"
    """(Kept before there was a second game: SDE's.)"""
    gauge: str | None = None


class Kept(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    size: int
    modified: int
    inode: int
    summary: Summary


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    content: dict[str, str]
    saves: dict[str, Kept]


Stamp = tuple[int, int, int]


def stamp(info: os.stat_result) -> Stamp:
    return info.st_size, info.st_mtime_ns, info.st_ino


def _content(content: ContentPack) -> dict[str, str]:
    return {edition: pack.content_hash() for edition, pack in content.editions.items()}


class SummaryCache:
    """The kept summaries for `content`; `put` new ones, `save` once done."""

    def __init__(self, content: ContentPack, folder: Path | None = None) -> None:
        self.path = (folder or cache_dir()) / NAME
        self._content = _content(content)
        self._kept: dict[str, Kept] = {}
        self._used: dict[str, Kept] = {}
        self._changed = False
        data = _read_private(self.path) if _private_folder(self.path.parent) else None
        if data is None:
            return
        try:
            found = msgspec.json.decode(data, type=_File)
        except (ValueError, msgspec.MsgspecError):
            return
        if found.format == FORMAT and found.content == self._content:
            self._kept = found.saves

    def get(self, path: Path, at: Stamp) -> Summary | None:
        kept = self._kept.get(str(path))
        if kept is None or (kept.size, kept.modified, kept.inode) != at:
            return None
        self._used[str(path)] = kept
        return kept.summary

    def put(self, path: Path, at: Stamp, summary: Summary) -> None:
        self._used[str(path)] = Kept(*at, summary)
        self._changed = True

    def save(self, *, complete: bool) -> None:
        """Write the summaries, atomically, into a folder only this account may write (one
        that cannot be written is skipped). `complete`: every save was listed, so those not
        used this time are gone and dropped."""
        if not self._changed and (not complete or self._used.keys() == self._kept.keys()):
            return
        if not complete:
            self._used = {**self._kept, **self._used}
        folder = self.path.parent
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _private_folder(folder):
                return
            data = msgspec.json.encode(_File(FORMAT, self._content, self._used))
            fd, name = tempfile.mkstemp(dir=folder, prefix=f".{NAME}.", suffix=".tmp")
        except (OSError, ValueError):
            return
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(name, self.path)
        except OSError:  # a full disk, a read-only folder
            Path(name).unlink(missing_ok=True)
