"""Reading a journal: all of it, or only from its last checkpoint that fits.

A checkpoint fits where its count and chain are those of the entries before it (chain.py). A
resume reads only the end of the file: the last checkpoint, checked from the checkpoint before
it (or from the header) by hashing only the entries in between, and the entries after it. Its
chain was written from the one before's, so one that fits proves the one before it right too,
and so on down: the entries before a checkpoint are read later, stretch by stretch, each
checked in the same way (past.py). A checkpoint whose line is not where it was written (bytes
added or taken away before it) is checked by reading the whole journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from consul_app.session import chain
from consul_app.session.checkpoint import Checkpoint, candidates, parse, verify
from consul_app.session.journal import Header, Line, SaveError, contents, parse_header
from consul_app.session.lines import Accept, Point, Read, Start, Warnings, confirm, read

LINK_TRIES = 3
"""How many checkpoints below one are tried to check it from, before the header."""
RESUME_TRIES = 3
"""How many checkpoints from the end are tried before the whole journal is read."""


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
    """How many entries the file holds (those before `point` too)."""
    line_count: int = 1
    """How many complete lines the file holds (the header is line 1)."""
    key: bytes = b""
    chain: bytes = b""
    """The running hash after every entry (for the writer to go on from)."""
    since: int = 0
    """How many entries follow the last checkpoint that fits."""
    point: Point | None = None
    """The checkpoint `lines` follow (from a checkpoint), or the last one whose state may be
    used (a full read)."""
    before: Before | None = None
    """From a checkpoint: where the entries before it are read from."""


@dataclass
class Before:
    """What a resume knows of the entries before its checkpoint: the stretch back to the
    checkpoint (or header) it was checked from, and the file to read further back."""

    data: bytes
    low: int
    """Where the entries start (after the header line)."""
    stretch: Read
    anchor: Point
    """The checkpoint (`checkpoint` None: the header) the stretch starts after."""
    warnings: Warnings


def header_point(low: int) -> Point:
    """The header as the start of the entries: no checkpoint, nothing before it."""
    return Point(None, 1, 0, low)


def start_after(point: Point, key: bytes) -> Start:
    """Where the entries after `point` start, and what precedes them."""
    found = point.checkpoint
    if found is None:
        return Start(point.stop, 2, 0, chain.start(key))
    assert found.chain is not None
    return Start(point.stop, point.line + 1, found.entries, found.chain)


def checkpoints_below(data: bytes, low: int, high: int) -> Iterator[Point | tuple[int, str]]:
    """The checkpoint lines before byte `high`, the last first: a `Point` for one that can be
    checked against the journal (its digest holds, it has a chain and stands where it was
    written), else (where it starts, what is wrong) ("" for an old one, skipped silently)."""
    for at, stop in candidates(data, low, high):
        checked = verify(parse(bytes(data[at : stop - 1])))
        if isinstance(checked, str):
            yield at, checked
        elif checked.chain is None:
            yield at, ""
        elif checked.offset != at:
            yield at, "is not where it was written (the lines before it changed)"
        else:
            yield Point(checked, checked.line, at, stop)


@dataclass(frozen=True)
class Link:
    """The stretch of entries before a checkpoint, from the checkpoint (or header) it starts
    after. `exact`: the checkpoint's line is where the lines in between say (else a newline
    came or went, and only a reader that counts every line numbers them right)."""

    stretch: Read
    anchor: Point
    exact: bool


def link(
    path: Path, data: bytes, key: bytes, low: int, point: Point, warnings: Warnings
) -> Link | None:
    """The stretch of entries before `point`, from a checkpoint below it (or the header), if
    `point` fits it: then the damaged lines in it are named in `warnings`."""
    found = point.checkpoint
    assert found is not None
    anchors: list[Point] = []
    for below in checkpoints_below(data, low, point.start):
        if isinstance(below, Point):
            anchors.append(below)
            if len(anchors) == LINK_TRIES:
                break
    for anchor in [*anchors, header_point(low)]:
        said = Warnings(path)
        stretch = read(path, data, key, start_after(anchor, key), point.start, said, final=False)
        if found.fits(stretch.entries, stretch.chain):
            confirm(stretch.unproven, said, point.line)
            warnings.merge(said)
            return Link(stretch, anchor, stretch.last_line + 1 == point.line)
    return None


def _line_of(data: bytes, at: int) -> int:
    return bytes(data[:at]).count(b"\n") + 1  # (only for a damaged file: the cost is fine)


def _from_checkpoint(
    path: Path, data: bytes, key: bytes, low: int, warnings: Warnings, accept: Accept | None
) -> tuple[Point, Read, Point] | None:
    """The last checkpoint that fits (checked from the one before it), the stretch before it
    and where that starts; None: read the whole journal (no checkpoint, or only old ones, or
    one that is not where it was written, or made with other content, or too many that do
    not fit)."""
    tries = 0
    for found in checkpoints_below(data, low, len(data)):
        if not isinstance(found, Point):
            at, what = found
            if what.startswith("is not where"):
                return None
            if what:
                warnings.checkpoint(_line_of(data, at), what, "from the one before")
            continue
        checked: Checkpoint = found.checkpoint
        reason = accept(checked) if accept is not None else None
        if reason == "":
            return None
        if reason:
            warnings.checkpoint(found.line, reason, "from the one before")
            continue
        said = Warnings(path)
        linked = link(path, data, key, low, found, said)
        if linked is not None and not linked.exact:
            return None
        if linked is not None:
            warnings.merge(said)
            return found, linked.stretch, linked.anchor
        warnings.checkpoint(found.line, "does not fit the entries before it", "from the one before")
        tries += 1
        if tries == RESUME_TRIES:
            return None
    return None


def read_journal(
    path: Path, *, from_checkpoint: bool = False, accept: Accept | None = None
) -> Journal:
    """Read and check a journal (lines.py says how damaged lines are read); `SaveError` for
    one that cannot be read. Never writes.

    `from_checkpoint`: read only the lines after the last checkpoint that fits (`point`); the
    entries before it are left to past.py (`before`). `accept(checkpoint)`: why a checkpoint's
    state may not be used ("": silently, e.g. made with other content; None: it may)."""
    data = contents(path, mapped=from_checkpoint)
    if not data or (data[:1].isspace() and not data.strip()):
        raise SaveError(path, "empty file, not a Consul journal", 1)
    first = data.find(b"\n")
    if first < 0:
        raise SaveError(path, "not a Consul journal (no complete header line)", 1)
    head = bytes(data[:first])
    header = parse_header(path, head)
    key, low = chain.game_key(head), first + 1
    warnings = Warnings(path)
    journal = Journal(path, header, [], warnings.said, key=key)
    resumed = _from_checkpoint(path, data, key, low, warnings, accept) if from_checkpoint else None
    if resumed is None:
        warnings = Warnings(path)  # a whole read names every line itself
        journal.warnings = warnings.said
        start = header_point(low)
    else:
        start, stretch, anchor = resumed
        journal.before = Before(data, low, stretch, anchor, warnings)
    after = start_after(start, key)
    rest = read(path, data, key, after, len(data), warnings, final=True, accept=accept)
    journal.lines, journal.entries, journal.chain = rest.lines, rest.entries, rest.chain
    journal.torn, journal.line_count = rest.torn, rest.last_line
    fitting = rest.points[-1] if rest.points else start
    journal.since = rest.entries - (fitting.checkpoint.entries if fitting.checkpoint else 0)
    if resumed is not None:
        journal.point = start
    else:
        journal.point = next((p for p in reversed(rest.points) if p.usable), None)
    return journal
