"""Reading a stretch of a journal forward: its entries, its checkpoints, and what is damaged.

Every reader of a save (a resume, the entries before its checkpoint, a full replay, the list,
export, watch) reads lines with `read`, so a damaged save reads the same everywhere:

- an entry (a do, undo or redo line) is kept and hashed into the running chain (chain.py);
- a checkpoint line is checked against the chain: one that fits confirms every entry before
  it, one that does not is named and skipped (one written before the chain existed is skipped
  without a word);
- any other line (not JSON, or not a valid entry: a damaged checkpoint, or a damaged entry)
  is damaged. Consecutive damaged lines are taken together (a newline or RS byte added to a
  line makes several of one). They hold no entry, and are skipped with a warning naming them,
  when a checkpoint after them fits (its chain and count prove that no entry was lost there),
  or when they are known as a checkpoint by their start or end (`looks_like_checkpoint`).
  Otherwise they may have been an action: the save is refused, naming the line. Damaged lines
  that end the file hold nothing after them: they are dropped with a warning, as a line cut
  short (the app stopped while writing it).

RS (0x1E) starts the line a writer appended after a line it found cut short: only the text
after a line's last RS is an entry, and the damaged lines before it were cut short.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from consul_app.base.shown import shown
from consul_app.session import chain as chains
from consul_app.session.checkpoint import Checkpoint, looks_like_checkpoint, parse, verify
from consul_app.session.journal import Line, Op, SaveError, entry_op, validation_message
from consul_app.session.marks import CHECKPOINT, RS


@dataclass
class Warnings:
    """What the Consul is told about a save, each line named once."""

    path: Path
    said: list[str] = field(default_factory=list)
    _named: set[int] = field(default_factory=set)
    _order: list[int] = field(default_factory=list)

    def add(self, line: int, text: str) -> None:
        if line not in self._named:
            self._named.add(line)
            self._order.append(line)
            self.said.append(f"{shown(self.path)}, line {line}: {text}")

    def merge(self, other: Warnings) -> None:
        for line, text in zip(other._order, other.said, strict=True):
            if line not in self._named:
                self._named.add(line)
                self._order.append(line)
                self.said.append(text)

    def checkpoint(self, line: int, what: str, replayed: str = "without it") -> None:
        """A checkpoint line that is not used."""
        self.add(
            line,
            f"the checkpoint {what}; ignored it, the game is replayed {replayed} "
            f"(nothing is lost)",
        )


@dataclass(frozen=True)
class Point:
    """A checkpoint that fits the journal where it stands (`checkpoint` None: the header,
    where the entries start)."""

    checkpoint: Checkpoint | None
    line: int
    start: int
    """Where its line starts in the file (after an RS), and the byte after its newline."""
    stop: int
    usable: bool = True
    """Its state may be used (the content has everything it names)."""


@dataclass
class Read:
    """What `read` found in a stretch of a journal."""

    lines: list[Line]
    entries: int
    """How many entries precede the end of the stretch (those before it counted)."""
    chain: bytes
    """The running hash after them."""
    points: list[Point]
    """The checkpoints in it that fit, in order."""
    last_line: int
    """The number of the last complete line."""
    torn: bool = False
    unproven: list[tuple[int, bytes]] = field(default_factory=list)
    """(not `final`) damaged lines a checkpoint at the end must prove empty (number, bytes)."""


@dataclass(frozen=True)
class Start:
    """Where a stretch starts: its first byte and line, and the entries and chain before."""

    offset: int
    line: int
    entries: int
    chain: bytes

Accept = Callable[[Checkpoint], "str | None"]
"""Why a checkpoint that fits may not be used (None: it may)."""


def refused(path: Path, number: int, raw: bytes) -> SaveError:
    """The error for damaged lines that may have held an action (`raw`: the first one)."""
    value = parse(raw)
    if value is None:
        return SaveError(path, "unreadable line in the middle of the journal (not JSON)", number)
    try:
        msgspec.convert(value, Op)
        problem = "not a journal entry"
    except msgspec.ValidationError as err:
        problem = f"not a journal entry ({validation_message(err)})"
    return SaveError(path, problem, number)


def read(
    path: Path,
    data: bytes,
    key: bytes,
    start: Start,
    end: int,
    warnings: Warnings,
    *,
    final: bool,
    accept: Accept | None = None,
) -> Read:
    """The lines of `data[start.offset:end]`. `final`: the stretch ends the file (a last line
    without its newline was cut short); else it ends where a checkpoint line starts, and its
    damaged lines are left in `unproven` for that checkpoint to prove. `accept(checkpoint)`
    says why a fitting checkpoint's state may not be used (None: it may)."""
    pieces = bytes(data[start.offset : end]).split(b"\n")
    complete, tail = pieces[:-1], pieces[-1]
    found = Read([], start.entries, start.chain, [], start.line - 1 + len(complete))
    run: list[tuple[int, bytes]] = []  # damaged lines in a row: (number, bytes without RS)
    unproven: list[tuple[int, bytes]] = []  # damaged runs nothing has proven empty yet: the
    # number and bytes of their first lines

    def close_run() -> None:
        if not run:
            return
        joined = b"".join(raw for _, raw in run)
        if looks_like_checkpoint(joined):
            whole = len(run) == 1 and parse(run[0][1]) is not None
            what = "is damaged" if whole or len(run) > 1 else "is damaged (not JSON)"
            warnings.checkpoint(run[0][0], what)
        else:
            unproven.append(run[0])
        run.clear()

    offset = start.offset
    for number, whole in enumerate(complete, start=start.line):
        at, offset = offset, offset + len(whole) + 1
        raw = whole
        if RS in whole:  # a writer resynced here: what came before was cut short
            run.clear()
            cut = whole.rfind(RS) + 1
            raw, at = whole[cut:], at + cut
        value = parse(raw)
        op = entry_op(value)
        if op is not None:
            close_run()
            found.lines.append(Line(number, op))
            found.entries += 1
            found.chain = chains.step(key, found.chain, raw)
            continue
        if not (isinstance(value, dict) and value.get("op") == CHECKPOINT):
            run.append((number, whole.replace(RS, b"")))
            continue
        close_run()
        checked = verify(value)
        if isinstance(checked, str):
            warnings.checkpoint(number, checked)
        elif checked.fits(found.entries, found.chain):
            confirm(unproven, warnings, number)
            reason = accept(checked) if accept is not None else None
            if reason:
                warnings.checkpoint(number, reason)
            found.points.append(Point(checked, number, at, offset, usable=reason is None))
        elif checked.chain is not None:
            warnings.checkpoint(number, "does not fit the entries before it")
    if not final:
        close_run()
        found.unproven = unproven
        return found
    last = start.line + len(complete)
    if tail and RS in tail:
        run.clear()
    if run and not tail and not looks_like_checkpoint(b"".join(raw for _, raw in run)):
        if len(run) > 1 or parse(run[0][1]) is not None:  # not a line cut short
            raise refused(path, *run[0])
        damaged = run[0][0]  # its newline was written: damaged since, not cut short
        run.clear()
        warnings.add(
            damaged,
            "damaged (a whole line, but not JSON); dropped it, the game resumes from the line "
            "before",
        )
        found.torn = True
    close_run()
    if unproven:
        raise refused(path, *unproven[0])
    if tail:
        warnings.add(
            last,
            "cut short (the app stopped while writing it); dropped it, the game resumes from "
            "the line before",
        )
        found.torn = True
    return found


def confirm(unproven: list[tuple[int, bytes]], warnings: Warnings, by: int) -> None:
    """Name the damaged lines the checkpoint on line `by` proved empty (it fits every entry
    before it, so none was lost there)."""
    for number, _ in unproven:
        warnings.add(
            number,
            f"damaged, it holds no entry (the checkpoint on line {by} fits every entry "
            f"before it); ignored it (nothing is lost)",
        )
    unproven.clear()
