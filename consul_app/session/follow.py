"""Following a save that another Consul plays: the watcher's side of "one writer, many watchers".

A `Follower` only reads: it never writes, locks or repairs the save. `poll()` costs one `stat`
while the file is unchanged. The first read is resume's (`load_game`: from the last checkpoint).
Then, as the save grows, only what was appended since is read, from the end of the last line
played, and its entries are played onto the game with the journal's own reader, so undo, redo
and a torn last line are read as the playing app reads them: the cost of a change does not
grow with the game. The save is read whole again only when it got shorter or was changed in
place (a save repaired by hand). If it becomes unreadable or is replaced by another file, the
last good game stays and `problem` says why.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from consul_app.base.files import open_limited
from consul_app.base.shown import shown
from consul_app.session.checkpoint import parse
from consul_app.session.entries import done_of
from consul_app.session.journal import MAX_BYTES, Do, Line, Redo, SaveError, Undo
from consul_app.session.lines import Start, Warnings, read
from consul_app.session.load import Game, load_game
from consul_app.session.marks import RS
from consul_app.session.timeline import Done, Refused, Stack, Timeline


@dataclass(frozen=True)
class Stamp:
    """What `stat` says of the save: enough to see that it changed or was replaced."""

    device: int
    inode: int
    size: int
    modified: int

    @classmethod
    def of(cls, path: Path) -> Stamp | None:
        """The save's stamp, or None if it is gone."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def what_changed(before: Stack, after: Stack) -> str | None:
    """In words, how the actions in effect went from `before` to `after` (two reads of one
    journal): "Undone: Boss takes a wound", "Boss takes a wound", "3 actions, the last: ...".
    Only the entries that differ are read."""
    same = before.shared(after)
    parts = []
    if undone := before[same:]:
        parts.append(_actions("Undone: ", undone))
    if done := after[same:]:
        parts.append(_actions("", done))
    return "; then ".join(parts) or None


def _actions(prefix: str, actions: list[Done]) -> str:
    if len(actions) == 1:
        return f"{prefix}{actions[0].label}"
    return f"{prefix}{len(actions)} actions, the last: {actions[-1].label}"


class Follower:
    """The latest readable state of one save, read on from where it was last read."""

    def __init__(self, content: Any, path: Path) -> None:
        self.content = content
        self.path = path
        self.game: Game | None = None
        """The last good read (None until the first)."""
        self.problem: str | None = None
        """Why `game` may not be what the save holds now (None: it is)."""
        self.last: str | None = None
        """What changed at the last new state ("Undone: ..."); None at the first read."""
        self._stamp: Stamp | None = None
        self._good: Stamp | None = None
        """The file as it was when last read (its identity: a replaced file is not read on)."""
        self._offset = 0
        """Where the next line to play starts: after the last whole, readable line (a file
        no longer than this got shorter or was changed in place: it is read whole)."""
        self._line = 0
        """How many lines come before `_offset` (the header is line 1)."""
        self._entries = 0
        """How many entries come before `_offset`."""
        self._chain = b""
        """The journal's running hash after them (chain.py)."""
        self._warnings: list[str] = []
        """The whole read's warnings that still hold (not about a line read on since)."""
        self._whole = True
        """Read the save whole at the next change (the first read, or after a failed one)."""
        self.listener: Callable[[Follower], None] | None = None
        """Told of each new state (or problem) a poll finds, as a session's listener is."""

    def poll(self) -> bool:
        """Look at the save; True if there is something new to show (a state or a problem):
        then the listener is told."""
        news = self._look()
        if news and self.listener is not None:
            self.listener(self)
        return news

    def _look(self) -> bool:
        stamp = Stamp.of(self.path)
        if stamp is not None and stamp == self._stamp:
            return False
        self._stamp = stamp
        good = self._good
        if stamp is None:
            return self._trouble("the save is gone (moved or deleted)")
        if good is not None and (stamp.device, stamp.inode) != (good.device, good.inode):
            return self._trouble("the save was replaced by another file")
        try:
            if self._whole or stamp.size <= self._offset:  # (shorter, or changed in place)
                return self._read_whole()
            return self._read_on()
        except SaveError as err:
            self._whole = True  # (the game may hold some of what was appended: read it again)
            return self._trouble(f"the save cannot be read now: {err}")

    def _read_whole(self) -> bool:
        game = load_game(self.content, self.path)
        if self.game is not None and game.header != self.game.header:
            return self._trouble("the save was replaced by another game")
        data, good = self._contents(0)
        self._offset, self._line, dropped = _end_of_lines(data, game.lines, game.torn)
        self._entries, self._chain = game.entries, game.chain
        about = f"{shown(self.path)}, line {dropped}: "
        self._warnings = [w for w in game.warnings if not w.startswith(about)]
        if self.game is not None:
            self.last = what_changed(self.game.timeline.done, game.timeline.done) or self.last
        self.game, self._good, self.problem, self._whole = game, good, None, False
        return True

    def _read_on(self) -> bool:
        """Play what was appended since the last read onto the game; True if that changed
        what is shown (not for a checkpoint line alone)."""
        game = self.game
        assert game is not None
        data, good = self._contents(self._offset)
        said = Warnings(self.path)
        start = Start(0, self._line + 1, self._entries, self._chain)
        journal = read(self.path, data, game.key, start, len(data), said, final=True)
        timeline = game.timeline
        before = _copy(timeline.done, sum(isinstance(line.op, Undo) for line in journal.lines))
        self._whole = True  # (until every entry is played: a refused one leaves it half read)
        for number, line in enumerate(journal.lines, start=self._entries + 1):
            _play(self.path, timeline, number, line)
        self._whole = False
        played = len(data) if not journal.torn else _last_line_start(data)
        self._offset += played
        self._line += data.count(b"\n", 0, played)
        self._entries += len(journal.lines)
        self._chain = journal.chain
        warnings = self._warnings + said.said
        news = bool(journal.lines) or warnings != game.warnings or self.problem is not None
        game.warnings, game.torn = warnings, journal.torn
        self.last = what_changed(before, timeline.done) or self.last
        self._good, self.problem = good, None
        return news

    def _contents(self, offset: int) -> tuple[bytes, Stamp]:
        """The save's bytes from `offset` on, and what `fstat` says of the file read."""
        try:
            fd, _ = open_limited(self.path, MAX_BYTES)
            try:
                os.lseek(fd, offset, os.SEEK_SET)
                chunks = []
                while chunk := os.read(fd, 1 << 20):
                    chunks.append(chunk)
                st = os.fstat(fd)
            finally:
                os.close(fd)
        except OSError as err:
            raise SaveError(self.path, f"cannot read the save ({err.strerror or err})") from None
        return b"".join(chunks), Stamp(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)

    def _trouble(self, problem: str) -> bool:
        """Keep the last good game; say why it may be out of date."""
        changed = problem != self.problem
        self.problem = problem
        return changed


def _play(path: Path, timeline: Timeline, number: int, line: Line) -> None:
    """Entry `number` (read from `line`) played onto `timeline`, as `load_game` plays it."""
    match line.op:
        case Do():
            done = done_of(path, timeline.rules, line.op, line.number)
            timeline.do(number, done, _replay(path, timeline, done))
        case Undo():
            if not timeline.done:
                raise SaveError(path, "undo with nothing to undo", line.number)
            timeline.undo()
        case Redo():
            top = timeline.undone.top()
            if top is None:
                raise SaveError(path, "redo with nothing to redo", line.number)
            timeline.redo(_replay(path, timeline, top))


def _replay(path: Path, timeline: Timeline, done: Done) -> Any:
    try:
        return timeline.replay(timeline.state, done)
    except Refused as err:
        reason = f"the rules refuse {err.done.label!r} here: {err}"
        raise SaveError(path, reason, err.done.line) from None


def _copy(done: Stack, undos: int) -> Stack:
    """The stack as it is now, for `what_changed` once entries are played onto it: its top
    `undos` entries are kept (an undo takes them off, a new action may drop them)."""
    numbers = list(islice(done.numbers(newest_first=True), undos))
    kept = dict(zip(numbers, done.newest(undos), strict=True))
    return done.copy(lambda number: kept.get(number) or done.entry(number))


def _last_line_start(data: bytes) -> int:
    """Where the last line of `data` starts (the one a torn read dropped: cut short, or whole
    but unreadable); it is read again next time, when more may follow it."""
    return data.rfind(b"\n", 0, len(data) - 1 if data.endswith(b"\n") else len(data)) + 1


def _end_of_lines(data: bytes, lines: int, torn: bool) -> tuple[int, int, int]:
    """After a whole read that found `lines` whole lines: where the next line to play starts
    in `data`, how many lines come before it, and the number of the line dropped (if any)."""
    end = 0
    for _ in range(lines):
        end = data.index(b"\n", end) + 1
    if torn and end:  # a whole last line dropped (damaged): read it again with what follows
        start = data.rfind(b"\n", 0, end - 1) + 1
        if parse(data[start : end - 1].rsplit(RS, 1)[-1]) is None:
            return start, lines - 1, lines
    return end, lines, lines + 1
