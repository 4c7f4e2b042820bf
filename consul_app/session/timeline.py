"""The actions in effect, the redo stack, and the state they lead to.

Entries are numbered as the journal holds them (the n-th do, undo or redo line is entry n).
Both stacks keep their entries' numbers in runs, so a game resumed from a checkpoint knows
its 50,000 actions without reading them: an entry is read from the journal (`fetch`) only
when it is shown (the log) or taken back (undo). A stack grows and shrinks at its top in
constant time, whatever the length of the game.

Undo rebuilds the state by replay from the nearest snapshot below; one is kept every
`SNAPSHOT_EVERY` actions, so an undo costs at most that many `apply` calls (measured: ~40 us
per action, so ~1 ms), and the states after the last `RECENT` actions are kept too, so taking
back one of them replays nothing. Below the first snapshot, `older` offers the journal's
checkpoints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, overload

from consul_app.rules.model.errors import RuleError
from consul_app.session.game import Action, GameRules
from consul_app.session.journal import SaveError

GameState = Any
"""A state of the game's rules (`GameRules`)."""

SNAPSHOT_EVERY = 32
RECENT = 8
"""The states after this many of the last actions are kept (an undo of one is free)."""


@dataclass(frozen=True)
class Done:
    """An action as journaled: its label, and the journal line it came from (None: this run,
    or read lazily from before a checkpoint)."""

    action: Action
    label: str
    line: int | None = None


class Refused(RuleError):
    """A journaled action the rules refuse when it is played again."""

    def __init__(self, done: Done, reason: RuleError) -> None:
        super().__init__(str(reason))
        self.done = done


Fetch = Callable[[int], Done]
"""Entry number -> the action of that `do` line, read from the journal."""


class Stack:
    """Entry numbers in stack order (bottom first), kept as runs `[first, last]` of numbers
    that step by one (up or down); the entries themselves are known or fetched on demand.

    A stack resumed from a checkpoint holds only how many entries lie below its runs: they
    are the first `keep` of another stack (`below()`, the stack of the checkpoint before,
    worked out from the journal only when an undo or a reader reaches down there)."""

    def __init__(
        self,
        runs: Sequence[Sequence[int]] = (),
        fetch: Fetch | None = None,
        *,
        below: Callable[[], Stack] | None = None,
        keep: int = 0,
    ) -> None:
        self._runs: list[list[int]] = [[first, last] for first, last in runs]
        self._below = below if keep else None
        self._keep = keep if below else 0
        self._count = self._keep + sum(abs(last - first) + 1 for first, last in self._runs)
        self._known: dict[int, Done] = {}
        self._fetch = fetch

    def __len__(self) -> int:
        return self._count

    def copy(self, fetch: Fetch) -> Stack:
        """This stack as it is now (what lies below shared, not read), its entries got by
        `fetch`: changes to one do not change the other."""
        return Stack(self._runs, fetch, below=self._below, keep=self._keep)

    def runs(self) -> list[list[int]]:
        """The numbers as runs, bottom first (reads what lies below from the journal)."""
        self._flatten()
        return [list(run) for run in self._runs]

    def _levels(self) -> Iterator[tuple[Stack, int]]:
        """This stack, then the ones below it, each with how many of its entries (from the
        bottom) are also this stack's: walked down one by one (no recursion, however long the
        game)."""
        stack, limit = self, len(self)
        while True:
            yield stack, limit
            limit = min(limit, stack._keep)
            if stack._below is None or not limit:
                return
            stack = stack._below()

    def _flatten(self) -> None:
        """Take what lies below into the runs."""
        if self._below is None:
            return
        parts = [_first(s._runs, limit - s._keep) for s, limit in self._levels()]
        self._runs = [run for part in reversed(parts) for run in part]
        self._below, self._keep = None, 0

    def push(self, number: int, done: Done) -> None:
        self._known[number] = done
        self._count += 1
        if self._runs:
            run = self._runs[-1]
            step = run[1] - run[0]
            if number - run[1] in ((1, -1) if step == 0 else (1 if step > 0 else -1,)):
                run[1] = number
                return
        self._runs.append([number, number])

    def pop(self) -> tuple[int, Done]:
        """Take the top entry off: its number and its action."""
        if self._runs:
            run = self._runs[-1]
            number = run[1]
            if run[0] == number:
                self._runs.pop()
            else:
                run[1] -= 1 if run[1] > run[0] else -1
        else:
            assert self._below is not None, "pop from an empty stack"
            number = self._below().number_at(self._keep - 1)
            self._keep -= 1
            if not self._keep:
                self._below = None
        done = self.entry(number)
        del self._known[number]
        self._count -= 1
        return number, done

    def clear(self) -> None:
        self._runs.clear()
        self._known.clear()
        self._below, self._keep = None, 0
        self._count = 0

    def numbers(self, newest_first: bool = False, start: int = 0) -> Iterator[int]:
        """The numbers bottom first from index `start` on (or top first: all of them)."""
        if newest_first:
            for stack, limit in self._levels():
                yield from islice(_newest(stack._runs), len(stack) - limit, None)
            return
        if start < self._keep:
            if self._count - start <= start:  # nearer the top: read down to it, not all
                top = islice(self.numbers(newest_first=True), self._count - start)
                yield from reversed(list(top))
                return
            self._flatten()
        start -= self._keep
        for first, last in self._runs:
            step = 1 if last >= first else -1
            size = abs(last - first) + 1
            if start < size:
                yield from range(first + start * step, last + step, step)
            start = max(0, start - size)

    def shared(self, other: Stack) -> int:
        """How many entries at the bottom both stacks hold (read from the same journal: the
        same number is the same entry), without reading any: the cost is that of the runs
        that differ (or, for stacks resumed from checkpoints, of the entries near their tops
        that differ), not of the game."""
        if self._below is not None or other._below is not None:  # resumed from checkpoints:
            same = min(len(self), len(other))  # a stack is fixed by its top (in one journal)
            while same and self.number_at(same - 1) != other.number_at(same - 1):
                same -= 1
            return same
        same = 0  # whole runs that are the same count at once
        for (first, last), (their_first, their_last) in zip(self._runs, other._runs, strict=False):
            if first != their_first:
                break
            size, their_size = abs(last - first), abs(their_last - first)
            if size and their_size and (last > first) != (their_last > first):
                same += 1  # the same first number, then away from it in opposite directions
                break
            same += min(size, their_size) + 1  # both runs step the same way from `first`
            if size != their_size:
                break
        for mine, theirs in zip(self.numbers(start=same), other.numbers(start=same), strict=False):
            if mine != theirs:
                break
            same += 1
        return same

    def top_number(self) -> int | None:
        return self.number_at(self._count - 1) if self._count else None

    def entry(self, number: int) -> Done:
        done = self._known.get(number)
        if done is None:
            assert self._fetch is not None, f"entry {number} is not known"
            done = self._known[number] = self._fetch(number)
        return done

    def number_at(self, index: int) -> int:
        """The number of the entry at `index` from the bottom."""
        stack = self
        while index < stack._keep:
            assert stack._below is not None
            stack = stack._below()
        index -= stack._keep
        for first, last in stack._runs:
            size = abs(last - first) + 1
            if index < size:
                return first + index * (1 if last >= first else -1)
            index -= size
        raise IndexError(index)

    def known(self) -> list[Done]:
        """The entries read so far (this run's, or already fetched)."""
        return list(self._known.values())

    @overload
    def __getitem__(self, index: int) -> Done: ...
    @overload
    def __getitem__(self, index: slice) -> list[Done]: ...
    def __getitem__(self, index: int | slice) -> Done | list[Done]:
        """Entries by position from the bottom, as in a list (a slice reads only its part)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            if step != 1:
                return list(self)[index]
            numbers = self.numbers(start=start)
            return [self.entry(next(numbers)) for _ in range(max(0, stop - start))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self.entry(self.number_at(index))

    def top(self) -> Done | None:
        number = self.top_number()
        return None if number is None else self.entry(number)

    def __iter__(self) -> Iterator[Done]:
        """Every entry, bottom first (reads the journal for those not yet known)."""
        return (self.entry(n) for n in self.numbers())

    def __reversed__(self) -> Iterator[Done]:
        return (self.entry(n) for n in self.numbers(newest_first=True))

    def newest_first(self) -> Iterator[Done]:
        """Every entry from the top down, read one by one as the caller goes."""
        return (self.entry(n) for n in self.numbers(newest_first=True))

    def newest(self, count: int) -> list[Done]:
        """Up to `count` entries from the top down."""
        found: list[Done] = []
        for number in self.numbers(newest_first=True):
            if len(found) == count:
                break
            found.append(self.entry(number))
        return found


def _newest(runs: list[list[int]]) -> Iterator[int]:
    """The numbers of `runs`, the last first."""
    for first, last in reversed(runs):
        step = 1 if last >= first else -1
        yield from range(last, first - step, -step)


def _first(runs: list[list[int]], count: int) -> list[list[int]]:
    """The first `count` numbers of `runs`, as runs."""
    taken: list[list[int]] = []
    for first, last in runs:
        if count <= 0:
            break
        size = abs(last - first) + 1
        if size > count:
            last = first + (count - 1) * (1 if last >= first else -1)
        taken.append([first, last])
        count -= size
    return taken


class Labels(Sequence[str]):
    """The labels of the actions in effect, newest first, read only as far as asked for (the
    log pane shows as many as fit)."""

    def __init__(self, stack: Stack) -> None:
        self._stack = stack

    def __len__(self) -> int:
        return len(self._stack)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1 or start != 0:
                return self._newest(len(self))[index]
            return self._newest(stop)
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._newest(index + 1)[index]

    def _newest(self, count: int) -> list[str]:
        """Up to `count` labels from the newest; one the save cannot give says why."""
        labels: list[str] = []
        try:
            for number in islice(self._stack.numbers(newest_first=True), count):
                labels.append(self._stack.entry(number).label)
        except SaveError as err:
            labels += [f"(not readable: {err})"] * (min(count, len(self)) - len(labels))
        return labels

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Labels({list(self)!r})"


Older = Callable[[Stack, int], tuple[int, GameState] | None]
"""A state the journal holds below `limit` actions for this done stack: (actions, state)."""


class Timeline:
    """`done` (oldest first) leads from the initial state to `state`; `undone` is the redo
    stack (the next redo last). `initial` is computed only if a replay goes back that far."""

    def __init__(
        self,
        rules: GameRules,
        initial: GameState | Callable[[], GameState],
        *,
        done: Stack | None = None,
        undone: Stack | None = None,
        base: tuple[int, GameState] | None = None,
        older: Older | None = None,
    ) -> None:
        self.rules = rules
        self.done = done if done is not None else Stack()
        self.undone = undone if undone is not None else Stack()
        self._initial = initial
        self._older = older
        # _snapshots[k]: the state after the first k actions of `done`
        self._snapshots: dict[int, GameState] = dict([base]) if base is not None else {}
        self._recent: dict[int, GameState] = {}
        """The states after the last `RECENT` actions, by count (as `_snapshots`)."""
        self.state = self._recent[len(self.done)] = self.state_at(len(self.done))

    @property
    def pack(self) -> Any:
        """The content the game's rules read (SDE: the edition's pack)."""
        return self.rules.pack

    @property
    def initial(self) -> GameState:
        if callable(self._initial):
            self._initial = self._initial()
        return self._initial

    def do(self, number: int, done: Done, state: GameState) -> None:
        """Record entry `number`, a new action already applied (`state` is its result);
        clears the redo stack."""
        self._push(number, done, state)
        self.undone.clear()

    def redo(self, state: GameState) -> Done:
        """Move the next undone action back into effect (`state` is its result); it keeps
        the number of its `do` entry."""
        done_number, done = self.undone.pop()
        self._push(done_number, done, state)
        return done

    def undo(self) -> Done:
        """Take the last action out of effect, onto the redo stack."""
        number, done = self.done.pop()
        self.undone.push(number, done)
        count = len(self.done)
        for kept in (self._snapshots, self._recent):
            for k in [k for k in kept if k > count]:
                del kept[k]
        self.state = self._recent[count] = self.state_at(count)
        return done

    def state_at(self, count: int) -> GameState:
        """The state after the first `count` actions in effect, by replay from the nearest
        snapshot below (a checkpoint of the journal, else the initial state). Raises
        IndexError outside 0..len(done)."""
        if not 0 <= count <= len(self.done):
            raise IndexError(f"{count} actions: the game has {len(self.done)}")
        if count in self._recent:
            return self._recent[count]
        base = max((k for k in self._snapshots if k <= count), default=None)
        if base is None and self._older is not None and (found := self._older(self.done, count)):
            base, self._snapshots[found[0]] = found
        if base is None:
            base, self._snapshots[0] = 0, self.initial
        state = self._snapshots[base]
        for index, number in zip(range(base, count), self.done.numbers(start=base), strict=False):
            state = self.replay(state, self.done.entry(number))
            if (index + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[index + 1] = state
        return state

    def replay(self, state: GameState, done: Done) -> GameState:
        """`done` applied again (as the journal says it was); `Refused` if the rules object."""
        try:
            return self.rules.apply(state, done.action)
        except RuleError as err:
            raise Refused(done, err) from None

    def _push(self, number: int, done: Done, state: GameState) -> None:
        self.done.push(number, done)
        self.state = state
        count = len(self.done)
        if count % SNAPSHOT_EVERY == 0:
            self._snapshots[count] = state
        self._recent[count] = state
        self._recent.pop(count - RECENT, None)
