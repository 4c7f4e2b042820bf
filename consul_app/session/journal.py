"""The journal file: a header line, then one JSON line per entry, appended and fsynced.

    {"format": "consul-journal", "version": 1, "app": ..., "pack": ..., "setup": ...}
    {"op": "do", "action": {...}, "label": "Boss takes 2 wounds"}
    {"op": "undo"}
    {"op": "redo"}
    {"op": "checkpoint", "entries": 200, "done": [[1, 200]], "undone": [], "state": ...}

Entries are the do, undo and redo lines: entry n is the n-th of them. A checkpoint line is a
cache of the game after the entries before it (see checkpoint.py): never needed, verified by
its digest before it is used, and the game is the same without it.

A line counts only once its newline is on disk. A crash mid-write leaves a torn last line; the
reader drops it with a warning. The file is never rewritten, so the next entry after a torn line
starts with an ASCII record separator (RS, 0x1E, as in RFC 7464 JSON text sequences): RS means
"drop whatever came since the last good line". JSON text never holds a raw RS, so only the text
after a line's last RS is an entry. A checkpoint line that is no longer JSON is known by its
start (`is_checkpoint_line`), named in the warnings and skipped: it holds no entry. Anything else
unreadable is refused with `SaveError`.
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
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import msgspec

from consul_app.files import MB, open_limited, read_limited
from consul_app.shown import shown
from consul_app.tagged import tagged_reader

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

    from consul_app.content import EditionPack

FORMAT = "consul-journal"
VERSION = 1
RS = b"\x1e"
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
    """Line 1 of a journal. `setup` is the rules' Setup as JSON."""

    format: Literal["consul-journal"] = FORMAT
    version: int = VERSION
    app: str
    created: str | None = None
    pack: PackRef
    setup: dict[str, Any]
    chart: dict[str, Any] | None = None
    """The chart the game started with (a correction saved later does not change it)."""


def changed_content(path: Path, header: Header, pack: EditionPack) -> list[str]:
    """The warning for a game saved with other content than `pack` (none if the same)."""
    saved, now = header.pack.content_hash, pack.content_hash()
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
CHECKPOINT = "checkpoint"
CHECKPOINT_START = b'{"op": "checkpoint"'
"""How a checkpoint line starts (as written): a damaged one is still known by it."""
_LINE_START = b'{"op": '
"""How every line the writer puts after the header starts (`op` first, `json.dumps` spacing)."""


def is_checkpoint_line(raw: bytes) -> bool:
    """`raw` (one line, after its last RS) is a checkpoint line, whole or damaged: it starts as
    the writer starts one, and no other line's start follows in it (a checkpoint holds no `op`
    key but its own, and JSON strings escape their quotes), so no entry was joined onto it by a
    lost newline. Skipping such a line never skips an entry."""
    return raw.startswith(CHECKPOINT_START) and raw.find(_LINE_START, 1) < 0


def damaged_checkpoint(path: Path, line: int, what: str, replayed: str) -> str:
    """The warning for a checkpoint line that is not used."""
    return (
        f"{shown(path)}, line {line}: the checkpoint {what}; ignored it, the game is replayed "
        f"{replayed} (nothing is lost)"
    )


@dataclass(frozen=True)
class Line:
    """One entry with the line it was read from (1 is the header)."""

    number: int
    op: Op


@dataclass
class Journal:
    """A journal as read from disk."""

    path: Path
    header: Header
    lines: list[Line]
    warnings: list[str] = field(default_factory=list)
    torn: bool = False
    """The file ends in a dropped line: the next write must start with RS."""
    entries: int = 0
    """How many entries the file holds (those before `checkpoint` too)."""
    line_count: int = 1
    """How many complete lines the file holds (the header is line 1)."""
    checkpoint: Any = None
    """The checkpoint `lines` follow (a `checkpoint.Found`), when read from one."""
    data: bytes = b""
    """The file's bytes, when read from a checkpoint (the entries before it are read later)."""


def _parse(raw: bytes) -> Any:
    """The JSON value of a line, or None if it is not JSON (torn or garbage)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # bad UTF-8 or JSON (both ValueErrors), or nested
        return None  # deeper than the parser goes: not a line this app wrote


def _header(path: Path, raw: bytes) -> Header:
    value = _parse(raw)
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


def _entry(path: Path, number: int, value: Any) -> Line:
    try:
        return Line(number, _read_op(value))
    except msgspec.ValidationError as err:
        raise SaveError(path, f"not a journal entry ({validation_message(err)})", number) from None


def _corrupt(path: Path, number: int) -> SaveError:
    return SaveError(path, "unreadable line in the middle of the journal (not JSON)", number)


def _cut_short(path: Path, number: int) -> str:
    return (
        f"{shown(path)}, line {number}: cut short (the app stopped while writing it); dropped it, "
        f"the game resumes from the line before"
    )


def _damaged_last(path: Path, number: int) -> str:
    return (
        f"{shown(path)}, line {number}: damaged (a whole line, but not JSON); dropped it, the "
        f"game resumes from the line before"
    )


def _contents(path: Path, *, mapped: bool) -> bytes:
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


@dataclass(frozen=True)
class Tail:
    """The header of a journal and its last bytes (a bounded read)."""

    header: Header
    data: bytes
    start: int
    """Where `data` starts in the file."""


def read_tail(path: Path, size: int) -> Tail:
    """The header line and at most the last `size` bytes after it; `SaveError` as
    `read_journal` for a file that is not a journal."""
    try:
        fd, length = open_limited(path, MAX_BYTES)
        with os.fdopen(fd, "rb") as file:
            head = file.readline(MAX_BYTES)
            if not head.endswith(b"\n"):
                raise SaveError(path, "not a Consul journal (no complete header line)", 1)
            header = _header(path, head[:-1])
            start = max(len(head), length - size)
            file.seek(start)
            return Tail(header, file.read(size), start)
    except OSError as err:
        raise SaveError(path, f"cannot read the save ({err.strerror or err})") from None


def read_journal(path: Path, *, from_checkpoint: bool = False) -> Journal:
    """Read and check a journal; a torn last line is dropped with a warning, anything else
    unreadable raises `SaveError`. Never writes.

    `from_checkpoint`: read only the lines after the last good checkpoint (`checkpoint`), the
    entries before it are left to `checkpoint.Earlier`; a damaged checkpoint is reported in
    `warnings` and the one before it is used instead."""
    data = _contents(path, mapped=from_checkpoint)
    if not data or (data[:1].isspace() and not data.strip()):
        raise SaveError(path, "empty file, not a Consul journal", 1)
    first = data.find(b"\n")
    if first < 0:
        raise SaveError(path, "not a Consul journal (no complete header line)", 1)
    header = _header(path, data[:first])
    journal = Journal(path, header, [])
    start, number = first + 1, 2
    if from_checkpoint:
        from consul_app.session.checkpoint import last_checkpoint

        found = last_checkpoint(path, data, first + 1, journal.warnings)
        if found is not None:
            journal.checkpoint, journal.data = found, data
            journal.entries = found.checkpoint.entries
            start, number = found.stop, found.line + 1
    # from a checkpoint, `last_checkpoint` has named every damaged one after it already
    _read_entries(journal, data[start:], number, report=not from_checkpoint)
    return journal


def _read_entries(journal: Journal, data: bytes, first: int, *, report: bool) -> None:
    """The entries in `data` (lines numbered from `first`) onto `journal.lines`; checkpoint
    lines are skipped (`report`: one that is not JSON is named in `warnings`)."""
    path = journal.path
    *complete, tail = data.split(b"\n")
    pending: int | None = None  # an unreadable line: torn if nothing readable follows it
    for number, raw in enumerate(complete, start=first):
        if RS in raw:  # a writer dropped what came before and resynced here
            pending = None
            raw = raw.rsplit(RS, 1)[1]
        if pending is not None:
            raise _corrupt(path, pending)
        if is_checkpoint_line(raw):  # only a cache (see checkpoint.py): damaged or not, no entry
            if report and _parse(raw) is None:
                journal.warnings.append(
                    damaged_checkpoint(path, number, "is damaged (not JSON)", "without it")
                )
            continue
        value = _parse(raw)
        if value is None:
            pending = number
            continue
        journal.lines.append(_entry(path, number, value))
        journal.entries += 1
    journal.line_count = first - 1 + len(complete)
    if tail:  # no newline: torn; an unreadable line before it was torn too only if RS follows
        if pending is not None and RS not in tail:
            raise _corrupt(path, pending)
        journal.warnings.append(_cut_short(path, first + len(complete)))
        journal.torn = True
    elif pending is not None:  # its newline was written: damaged since, not cut short
        journal.warnings.append(_damaged_last(path, pending))
        journal.torn = True


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

    def __init__(self, path: Path, *, torn: bool = False, entries: int = 0, lines: int = 1) -> None:
        self.path = path
        self._resync = torn
        self.entries = entries
        """How many entries the file holds: the last one appended is entry `entries`."""
        self.lines = lines
        """How many complete lines the file holds (a line torn off ends up in the next)."""
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
        try:
            _write_all(fd, _encode(header))
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
        return cls(path)

    def append(self, op: Op, *, overlap: bool = False) -> None:
        """Append one entry and fsync it. If the disk refuses, raise SaveError and stop: after a
        failed write or fsync only the file knows what it holds, so resume it to go on.

        `overlap`: write the line, start its fsync on the writer's thread and return; `settle`
        waits for it (and raises the SaveError a failed fsync would have raised here)."""
        self._write(_encode(op), overlap=overlap)
        self.entries += 1

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

    def append_checkpoint(self, body: Callable[[int, int, int], dict[str, Any]]) -> None:
        """Append a checkpoint line: `body(entries, line, offset)` given how many entries
        precede it, its line number and the byte offset where it starts (sealed with its
        digest here)."""
        from consul_app.session.checkpoint import seal

        if self._fd is None:
            return
        try:
            offset = os.fstat(self._fd).st_size + (len(RS) if self._resync else 0)
        except OSError:
            return
        sealed = seal(body(self.entries, self.lines + 1, offset))
        line = json.dumps(sealed, ensure_ascii=False) + "\n"
        self._write(line.encode("utf-8"))

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
