"""Checkpoint lines: the game after the first N entries of a journal, so that a save can be
resumed or summarized without replaying it all.

    {"op": "checkpoint", "entries": 200, "line": 203, "offset": 31377, "content_hash": "...",
     "done": [[1, 180], [183, 200]], "undone": [], "state": {...}, "digest": "..."}

`entries`: how many entries precede it; `line`: its line number; `done` / `undone`: the
numbers of the entries on the undo and redo stacks (bottom first, in runs of numbers that step
by one); `state`: the GameState after them, computed with the content of `content_hash`;
`offset`: where the line starts in the file; `digest`: SHA-256 of the line without it.
A checkpoint is only a cache of the journal: one that does not verify (digest, offset, or not
JSON at all) is reported and the one before it is used, down to a full replay; delete them all
and the same game comes back. A torn one dropped at a resync (RS) is not reported again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from consul_app.session.journal import (
    CHECKPOINT,
    CHECKPOINT_START,
    RS,
    SaveError,
    damaged_checkpoint,
    is_checkpoint_line,
)

CHECKPOINT_EVERY = 100
"""Entries between two checkpoints (so a resume replays at most this many)."""
CLOSE_AFTER = 16
"""Closing a game adds a checkpoint if at least this many entries came since the last one."""

_STARTS = (b"\n", RS)
_LINE = CHECKPOINT_START
_FIELDS = ("entries", "line", "offset", "content_hash", "done", "undone", "state")


def _digest(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal(body: dict[str, Any]) -> dict[str, Any]:
    """The line to write: `op` first (so a reader finds it by its start), the digest last."""
    line = {"op": CHECKPOINT, **body}
    return {**line, "digest": _digest(line)}


@dataclass(frozen=True)
class Checkpoint:
    """A verified checkpoint line."""

    entries: int
    line: int
    offset: int
    content_hash: str
    done: list[list[int]]
    undone: list[list[int]]
    state: dict[str, Any]


def count(runs: list[list[int]]) -> int:
    """How many entry numbers the runs hold."""
    return sum(abs(last - first) + 1 for first, last in runs)


def _runs(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(run, list) and len(run) == 2 and all(type(n) is int and n > 0 for n in run)
        for run in value
    )


def verify(value: Any, offset: int) -> Checkpoint | str:
    """The checkpoint in a parsed line found at `offset` (None: not JSON), or what is wrong
    with it."""
    if value is None:
        return "is damaged (not JSON)"
    if not isinstance(value, dict) or set(value) != {"op", "digest", *_FIELDS}:
        return "is not a checkpoint line"
    body = {k: v for k, v in value.items() if k != "digest"}
    if value["digest"] != _digest(body):
        return "does not match its digest"
    if value["offset"] != offset:
        return "is not where it was written (the lines before it changed)"
    if not (
        type(value["entries"]) is int
        and type(value["line"]) is int
        and _runs(value["done"])
        and _runs(value["undone"])
        and isinstance(value["state"], dict)
        and isinstance(value["content_hash"], str)
    ):
        return "is not a checkpoint line"
    return Checkpoint(**{name: value[name] for name in _FIELDS})


@dataclass(frozen=True)
class Found:
    """A good checkpoint in the file: its line number and the byte after its line."""

    checkpoint: Checkpoint
    line: int
    start: int
    stop: int


def _parse(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def candidates(data: bytes, low: int, high: int) -> Iterator[int]:
    """Where checkpoint lines start in `data[low:high]`, the last first (each found by
    searching back from the one before: the cost is the distance walked)."""
    end = high
    while (at := data.rfind(_LINE, low, end)) >= 0:
        if data[at - 1 : at] in _STARTS:
            yield at
        end = at


def at_end(data: bytes, start: int) -> Checkpoint | None:
    """The checkpoint that ends `data` (the last bytes of a file, from offset `start`), if it
    verifies: the game as it was left, with no entry after it."""
    if not data.endswith(b"\n"):
        return None
    begin = max(data.rfind(b"\n", 0, len(data) - 1), data.rfind(RS, 0, len(data) - 1)) + 1
    if begin == 0 or not data.startswith(_LINE, begin):
        return None  # not a checkpoint, or not all of it in `data`
    checked = verify(_parse(data[begin:-1]), start + begin)
    return checked if isinstance(checked, Checkpoint) else None


def last_checkpoint(path: Path, data: bytes, low: int, warnings: list[str]) -> Found | None:
    """The last checkpoint of the journal `data` (entries start at byte `low`) that verifies;
    each damaged one on the way is reported in `warnings`."""
    for start in candidates(data, low, len(data)):
        stop = data.find(b"\n", start)
        if stop < 0 or RS in data[start:stop]:
            continue  # torn: the reader reports it while it ends the file, then a resync drops it
        checked = verify(_parse(data[start:stop]), start)
        if isinstance(checked, Checkpoint):
            return Found(checked, checked.line, start, stop + 1)
        line = data[:start].count(b"\n") + 1  # (a damaged file: the cost of counting is fine)
        warnings.append(damaged_checkpoint(path, line, checked, "from the one before"))
    return None


@dataclass
class Earlier:
    """The entries before a checkpoint, read backwards from it on demand (an undo or the log
    reaches back), each line parsed once."""

    path: Path
    data: bytes
    low: int
    """Where the entries start (after the header line)."""
    end: int
    """Where the checkpoint starts: entries 1..`count` lie before it."""
    count: int
    line: int
    """The checkpoint's line number."""
    _values: dict[int, tuple[Any, int]] = field(default_factory=dict)
    _next: int = -1
    _pos: int = -1

    def value(self, number: int) -> tuple[Any, int]:
        """The parsed JSON of entry `number` (1-based) and its line number."""
        if self._next < 0:
            self._next, self._pos = self.count, self.end
        while number not in self._values:
            self._step_back()
        return self._values[number]

    def _step_back(self) -> None:
        if self._next < 1 or self._pos <= self.low:
            raise SaveError(self.path, "the lines before a checkpoint do not match it")
        stop = self._pos - 1  # the newline (or RS) that ends the line before
        start = max(self.data.rfind(b"\n", 0, stop) + 1, self.low)
        raw = self.data[start:stop]
        self._pos = start
        self.line -= 1
        if RS in raw:  # only what follows a line's last RS was kept (see journal.py)
            raw = raw.rsplit(RS, 1)[1]
        if is_checkpoint_line(raw):
            return  # an earlier checkpoint, damaged or not: no entry
        value = _parse(raw)
        if value is None:
            raise SaveError(self.path, "unreadable line before a checkpoint (not JSON)", self.line)
        if isinstance(value, dict) and value.get("op") == CHECKPOINT:
            return
        self._values[self._next] = value, self.line
        self._next -= 1
