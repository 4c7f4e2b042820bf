"""The entries before the checkpoint a game was resumed from, read back stretch by stretch.

A resume knows the stretch between its checkpoint and the one it was checked from (reading.py).
Reaching further back (an undo, the log, the recap, the history) reads the stretch before
that, and so on: each is checked by its count and chain against the checkpoint after it, so
its entries are exactly those written, and the damaged lines in it are named as a full read
names them. A checkpoint's undo and redo stacks are worked out the same way: the stacks of
the checkpoint before it, with the entries in between played onto them (so a checkpoint holds
only their sizes). Its state serves an undo that replays from it (`older`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from consul_app.session.entries import done_of, play
from consul_app.session.game import GameRules
from consul_app.session.journal import Do, Line, SaveError
from consul_app.session.lines import Point, Read, Warnings, read, refused
from consul_app.session.reading import Before, header_point, link, start_after
from consul_app.session.timeline import Done, Stack

GameState = Any

Usable = Callable[[Point], GameState | None]
"""The state of a checkpoint, if it may be used."""


class Past:
    """The checkpoints that fit, from the one resumed from down (`points`, the last may be
    the header), and the stretches of entries between them."""

    def __init__(
        self,
        path: Path,
        rules: GameRules,
        key: bytes,
        point: Point,
        before: Before,
        usable: Usable,
    ) -> None:
        self.path = path
        self.rules = rules
        self._key = key
        self._before = before
        self._usable = usable
        self.points: list[Point] = [point]
        self._stretches: list[Read] = []
        self._lines: dict[int, Line] = {}
        self._stacks: dict[int, tuple[Stack, Stack]] = {}
        self._add(before.stretch, before.anchor)

    def _add(self, stretch: Read, anchor: Point) -> None:
        first = anchor.checkpoint.entries if anchor.checkpoint else 0
        self._lines.update(enumerate(stretch.lines, start=first + 1))
        self._stretches.append(stretch)
        self.points.append(anchor)

    def _extend(self) -> bool:
        """Read the stretch below the lowest checkpoint known; False at the header."""
        lowest = self.points[-1]
        if lowest.checkpoint is None:
            return False
        before = self._before
        linked = link(self.path, before.data, self._key, before.low, lowest, before.warnings)
        if linked is None:
            self._refuse(lowest)
        self._add(linked.stretch, linked.anchor)
        return True

    def _refuse(self, point: Point) -> NoReturn:
        """No stretch before `point` fits it: name a damaged line in it if there is one (it
        may have held an action), else say that an entry was changed."""
        before = self._before
        start = start_after(header_point(before.low), self._key)
        stretch = read(
            self.path, before.data, self._key, start, point.start, Warnings(self.path), final=False
        )
        if stretch.unproven:
            raise refused(self.path, *stretch.unproven[0])
        raise SaveError(
            self.path,
            "the lines before this checkpoint do not fit it (an entry was changed)",
            point.line,
        )

    def _reach(self, index: int) -> bool:
        """Make `points[index]` known; False if the journal has no such point."""
        while len(self.points) <= index:
            if not self._extend():
                return False
        return True

    def fetch(self, number: int) -> Done:
        """The action of entry `number` (a `do` line before the checkpoint)."""
        while number not in self._lines:
            if not self._extend():
                raise SaveError(self.path, f"the journal has no entry {number}")
        line = self._lines[number]
        if not isinstance(line.op, Do):
            raise SaveError(self.path, "not the action the stacks say", line.number)
        return done_of(self.path, self.rules, line.op, line.number)

    def stacks(self, index: int) -> tuple[Stack, Stack]:
        """The undo and redo stacks at `points[index]` (the resumed-from checkpoint is 0)."""
        if index in self._stacks:
            return self._stacks[index]
        point = self.points[index]
        if point.checkpoint is None:
            made = Stack(fetch=self.fetch), Stack(fetch=self.fetch)
        else:
            self._reach(index + 1)
            below = self.points[index + 1].checkpoint
            if below is None:
                done, undone = Stack(fetch=self.fetch), Stack(fetch=self.fetch)
            else:
                done = Stack(
                    fetch=self.fetch, below=lambda: self.stacks(index + 1)[0], keep=below.done
                )
                undone = Stack(
                    fetch=self.fetch, below=lambda: self.stacks(index + 1)[1], keep=below.undone
                )
            lines = self._stretches[index].lines
            play(self.path, self.rules, lines, (below.entries if below else 0) + 1, done, undone)
            if (len(done), len(undone)) != (point.checkpoint.done, point.checkpoint.undone):
                raise SaveError(
                    self.path, "the checkpoint's undo and redo do not fit the journal", point.line
                )
            made = done, undone
        self._stacks[index] = made
        return made

    def older(self, done: Stack, limit: int) -> tuple[int, GameState] | None:
        """The newest checkpoint (from the one resumed from down) whose actions are the first
        ones of `done`, at most `limit` of them, and its state (a stack is fixed by its top:
        the same top, the same actions below it)."""
        index = 0
        while self._reach(index):
            found = self.points[index].checkpoint
            if found is None:
                return None
            if found.done <= limit and (
                found.done == 0
                or done.number_at(found.done - 1) == self.stacks(index)[0].top_number()
            ):
                state = self._usable(self.points[index])
                if state is not None:
                    return found.done, state
            index += 1
        return None
