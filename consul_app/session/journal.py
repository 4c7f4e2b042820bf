"""The journal file: a header line, then one JSON line per entry, appended and fsynced.

    {"format": "consul-journal", "version": 1, "app": ..., "pack": ..., "setup": ...}
    {"op": "do", "action": {...}, "label": "Boss takes 2 wounds"}
    {"op": "undo"}
    {"op": "redo"}
    {"op": "checkpoint", "entries": 200, "done": [[1, 200]], "undone": [], "state": ...}

Entries are the do, undo and redo lines: entry n is the n-th of them. A checkpoint line is a
cache of the game after the entries before it (see checkpoint.py): never needed, used only
where it fits the journal, and the game is the same without it.

A line counts only once its newline is on disk. A crash mid-write leaves a torn last line; the
reader drops it with a warning. The file is never rewritten, so the next entry after a torn line
starts with an ASCII record separator (RS, 0x1E, as in RFC 7464 JSON text sequences): RS means
"drop whatever came since the last good line". JSON text never holds a raw RS, so only the text
after a line's last RS is an entry. How damaged lines are read: lines.py; `read_journal`:
reading.py.
"""

from __future__ import annotations

import errno
import json
import mmap
import os
import re
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import msgspec

from consul_app.base.files import MB, open_limited, read_limited
from consul_app.base.shown import shown
from consul_app.base.tagged import tagged_reader
from consul_app.session import chain
from consul_app.session.checkpoint import seal
from consul_app.session.marks import RS

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

FORMAT = "consul-journal"
VERSION = 1
MAX_BYTES = 16 * MB
"""A journal larger than this is not read: a long game writes a few hundred lines (about 100 KB),
16 MB would hold over 50,000 actions. Reading it stays quick and within memory."""


class SaveError(Exception):
    """A save that cannot be read, replayed or written. The message names the file and line."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        where = f"{shown(path)}, line {line}" if line is not None else shown(path)
        super().__init__(f"{where}: {message}")
        self.path = path
        self.line = line


class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A journal line, read with `msgspec.convert` (strict types, no unknown keys); built
    without checks, like a dataclass."""


class PackRef(_Struct):
    """Which content a game was played with: the pack folders and the hash of their files."""

    sources: list[str]
    content_hash: str


class Header(_Struct, kw_only=True):
    """Line 1 of a journal. `game`: which game it is (`games.py`; none: SDE, as every save
    written before there was a second game); `setup` is that game's setup as JSON."""

    format: Literal["consul-journal"] = FORMAT
    version: int = VERSION
    game: str = "sde"
    app: str
    created: str | None = None
    pack: PackRef
    setup: dict[str, Any]
    chart: dict[str, Any] | None = None
    """The chart the game started with (a correction saved later does not change it)."""


def changed_content(path: Path, header: Header, now: str) -> list[str]:
    """The warning for a game saved with other content than that of hash `now` (none if the
    same)."""
    saved = header.pack.content_hash
    if saved == now:
        return []
    return [
        f"{shown(path)}: this game was saved with other content (hash {saved[:12]}, now "
        f"{now[:12]}); everything it needs is still there, so it resumes"
    ]


class _Op(_Struct, tag_field="op"):
    """An entry: its `op` key is its class's tag (written first)."""


class Do(_Op, tag="do"):
    action: dict[str, Any]
    label: str


class Undo(_Op, tag="undo"):
    pass


class Redo(_Op, tag="redo"):
    pass


Op = Do | Undo | Redo
_read_op = tagged_reader(Op, "op")


def entry_op(value: Any) -> Op | None:
    """The entry in a parsed line, or None if it is not one (not JSON, or not a valid
    entry)."""
    if value is None:
        return None
    try:
        return _read_op(value)
    except msgspec.ValidationError:
        return None


@dataclass(frozen=True)
class Line:
    """One entry with the line it was read from (1 is the header)."""

    number: int
    op: Op


def parse_header(path: Path, raw: bytes) -> Header:
    """The header line `raw` (line 1), or `SaveError`."""
    try:
        value = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise SaveError(path, "not a Consul journal (no journal header)", 1)
    if value.get("version") != VERSION:
        raise SaveError(
            path,
            f"journal format version {value.get('version')!r}; this Consul reads version {VERSION}",
            1,
        )
    try:
        return msgspec.convert(value, Header)
    except msgspec.ValidationError as err:
        raise SaveError(path, f"bad journal header: {validation_message(err)}", 1) from None


_WHERE = re.compile(r"(.*) - at `\$(.*)`", re.DOTALL)
_MISSING = re.compile(r"Object missing required field `(.*)`", re.DOTALL)


def validation_message(err: msgspec.ValidationError) -> str:
    """What msgspec found wrong, as "field.path: message" (`$.pack.sources[0]` is
    `pack.sources.0`; a missing field is named in the path)."""
    text, where = str(err), ""
    if found := _WHERE.fullmatch(text):
        text, where = found[1], found[2]
    if missing := _MISSING.fullmatch(text):
        text, where = "Field required", f"{where}.{missing[1]}"
    loc = re.sub(r"\[(\d+)\]", r".\1", where).lstrip(".")
    return f"{loc}: {text}" if loc else text


def contents(path: Path, *, mapped: bool) -> bytes:
    """The whole save, or `SaveError`. `mapped`: the file mapped into memory, read from disk
    only where it is looked at (a resume looks at the header and the end)."""
    try:
        if not mapped:
            return read_limited(path, MAX_BYTES)
        fd, size = open_limited(path, MAX_BYTES)
        try:
            return mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if size else b""  # type: ignore[return-value]
        finally:
            os.close(fd)
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) else None
        raise SaveError(path, f"cannot read the save ({reason or err})") from None


def _encode(line: _Struct) -> bytes:
    """A line as written: `json.dumps` spacing (`CHECKPOINT_START` and old files rely on it)."""
    text = json.dumps(msgspec.to_builtins(line), ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _fsync_dir(folder: Path) -> None:
    """Make a new directory entry durable (POSIX only; Windows has no directory fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@cache
def _syncer() -> ThreadPoolExecutor:
    """The one thread that runs overlapped fsyncs (started on first use, kept for the process):
    `os.fsync` releases the GIL, so the caller computes meanwhile. (Imported here: reading
    saves, which a start does, needs no thread.)"""
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal-fsync")


def _fsync(fd: int, started: threading.Event) -> None:
    started.set()
    os.fsync(fd)


class JournalWriter:
    """Appends entries to a journal; each is written and fsynced before `append` returns, or
    with `overlap=True` written, its fsync left running until `settle`."""

    def __init__(
        self,
        path: Path,
        key: bytes,
        *,
        torn: bool = False,
        entries: int = 0,
        lines: int = 1,
        running: bytes | None = None,
        since: int = 0,
    ) -> None:
        self.path = path
        self._resync = torn
        self.entries = entries
        """How many entries the file holds: the last one appended is entry `entries`."""
        self.lines = lines
        """How many complete lines the file holds (a line torn off ends up in the next)."""
        self.since = since
        """How many entries follow the last checkpoint of the file."""
        self._key = key
        self._chain = running if running is not None else chain.start(key)
        """The journal's running hash after its entries (chain.py)."""
        self._syncing: Future[None] | None = None
        """The fsync of the last line written with `overlap=True`, until `settle`."""
        try:
            self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as err:
            raise SaveError(path, f"cannot open the save for writing ({err.strerror})") from None

    @classmethod
    def create(
        cls, path: Path, header: Header, *, claim: Callable[[Path], object] | None = None
    ) -> JournalWriter:
        """Create a journal holding only its header, atomically: the file either does not
        exist or has a whole header. Raises FileExistsError if `path` is taken. `claim(file)`
        is called with the whole file before it gets its name (to lock it first)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file where a folder should be: not a name taken
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        tmp = Path(name)
        line = _encode(header)
        try:
            _write_all(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            if claim is not None:
                claim(tmp)
            os.link(tmp, path)  # fails if path exists: never overwrite a save
        finally:
            tmp.unlink()
        _fsync_dir(path.parent)
        return cls(path, chain.game_key(line[:-1]))

    def append(self, op: Op, *, overlap: bool = False) -> None:
        """Append one entry and fsync it. If the disk refuses, raise SaveError and stop: after a
        failed write or fsync only the file knows what it holds, so resume it to go on.

        `overlap`: write the line, start its fsync on the writer's thread and return; `settle`
        waits for it (and raises the SaveError a failed fsync would have raised here)."""
        line = _encode(op)
        self._write(line, overlap=overlap)
        self.entries += 1
        self.since += 1
        self._chain = chain.step(self._key, self._chain, line[:-1])

    def settle(self) -> None:
        """Wait for the fsync an `append(overlap=True)` started (none: return at once). If it
        failed: SaveError, and the writer is closed, as after a failed `append`."""
        syncing, self._syncing = self._syncing, None
        if syncing is None:
            return
        try:
            syncing.result()
        except OSError as err:
            self._refused(err)

    def append_checkpoint(self, body: Callable[[], dict[str, Any]]) -> None:
        """Append a checkpoint line: how many entries precede it, its line number, the byte
        offset where it starts and the running hash here, then `body()` (the game's fields),
        sealed with its digest."""
        if self._fd is None:
            return
        try:
            offset = os.fstat(self._fd).st_size + (len(RS) if self._resync else 0)
        except OSError:
            return
        where = {"entries": self.entries, "line": self.lines + 1, "offset": offset}
        fields = body()
        bound = {"content_hash": fields.pop("content_hash"), "chain": self._chain.hex()}
        sealed = seal({**where, **bound, **fields})
        line = json.dumps(sealed, ensure_ascii=False) + "\n"
        self._write(line.encode("utf-8"))
        self.since = 0

    def _write(self, line: bytes, *, overlap: bool = False) -> None:
        self.settle()  # one line at a time on the disk: the one before is fsynced first
        if self._fd is None:
            raise SaveError(self.path, "the save is closed (after a failed write, resume it)")
        data = (RS if self._resync else b"") + line
        try:
            _write_all(self._fd, data)
            if overlap:
                started = threading.Event()
                self._syncing = _syncer().submit(_fsync, self._fd, started)
                # Hand the GIL over until the fsync has begun (it lets go of the GIL there):
                # else the thread would wait for this one to stop computing (or for the
                # interpreter's switch interval, 5 ms) before it even starts the fsync.
                started.wait()
            else:
                os.fsync(self._fd)
        except OSError as err:
            self._refused(err)
        self._resync = False
        self.lines += 1

    def _refused(self, err: OSError) -> NoReturn:
        self.close()
        message = f"cannot write the save ({err.strerror}); resume it to go on"
        raise SaveError(self.path, message) from None

    def close(self) -> None:
        """Close the file (after any fsync still running on it, whatever its outcome: a caller
        that wants to know calls `settle` first)."""
        syncing, self._syncing = self._syncing, None
        if syncing is not None:
            from concurrent.futures import wait

            wait([syncing])
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
