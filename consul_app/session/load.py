"""Reading a saved game back: the journal, checked against the content, then replayed.

A save with checkpoints is resumed from its last good one (same content): only the entries
after it are read and replayed; those before it are read from the file when the log shows
them or an undo takes them back. Without a usable checkpoint the whole journal is replayed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import msgspec

from consul_app.content import ContentPack, EditionPack
from consul_app.content.models import Chart
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    GameState,
    Setup,
    SetupError,
    Wound,
    describe,
    new_game,
    read_action,
)
from consul_app.rules.describe import gauge_full_label
from consul_app.session.checkpoint import Checkpoint, Earlier, Found, candidates, count, verify
from consul_app.session.compat import missing_ids
from consul_app.session.journal import (
    Do,
    Header,
    Journal,
    Line,
    Redo,
    SaveError,
    Undo,
    changed_content,
    read_journal,
    validation_message,
)
from consul_app.session.timeline import Done, Refused, Stack, Timeline


@dataclass
class Game:
    """A saved game, replayed: its header, its timeline and what the Consul should be told."""

    path: Path
    header: Header
    timeline: Timeline
    warnings: list[str]
    torn: bool
    entries: int = 0
    """How many entries the journal holds (the next one appended is `entries + 1`)."""
    lines: int = 1
    """How many complete lines it holds."""


def _setup(journal: Journal) -> Setup:
    try:
        return msgspec.convert(journal.header.setup, Setup)
    except msgspec.ValidationError as err:
        problem = validation_message(err)
    raise SaveError(journal.path, f"the game setup is not valid ({problem})", 1)


def _done(path: Path, pack: EditionPack, op: Do, line: int | None) -> Done:
    try:
        action = read_action(op.action)
    except msgspec.ValidationError as err:
        raise SaveError(path, f"unknown action ({validation_message(err)})", line) from None
    return Done(action, _label(pack, action, op.label), line)


def _label(pack: EditionPack, action: Action, written: str) -> str:
    """The label of `action`, rebuilt from it: labels are derived data, and a changed byte in
    one must not reach the screen. The written label is kept only when it is the rebuilt one,
    or that with the ending a hit that destroys its model adds (it depends on the state before,
    which a resume from a checkpoint does not replay), or the ending a status effect its model
    is immune to adds, or a power gauge move that filled the gauge (what it really moved)."""
    label = describe(pack, action)
    endings = ["", ": destroyed", ": defeated"] if isinstance(action, Wound) else [""]
    if isinstance(action, AddStatus):
        names = [*(s.name for s in pack.status_effects.values()), "Status Effects"]
        endings += [f": removed at once (Immune: {name})" for name in names]
    kept = {label + ending for ending in endings}
    if isinstance(action, AdvanceGauge):
        kept |= {gauge_full_label(n, action.squares) for n in range(1, action.squares + 1)}
    return written if written in kept else label


def _new_game(path: Path, pack: EditionPack, setup: Setup) -> GameState:
    try:
        return new_game(pack, setup)
    except SetupError as err:
        reason = f"the game setup cannot be played with this content: {err}"
        raise SaveError(path, reason, 1) from None


def _stacks(
    path: Path, pack: EditionPack, lines: list[Line], first: int, done: Stack, undone: Stack
) -> int:
    """Play the entries `lines` (numbered from `first`) onto the stacks; return how many
    actions at the bottom of `done` stayed in effect throughout."""
    kept = len(done)
    for number, line in enumerate(lines, start=first):
        match line.op:
            case Do():
                done.push(number, _done(path, pack, line.op, line.number))
                undone.clear()
            case Undo():
                if not done:
                    raise SaveError(path, "undo with nothing to undo", line.number)
                undone.push(*done.pop())
                kept = min(kept, len(done))
            case Redo():
                if not undone:
                    raise SaveError(path, "redo with nothing to redo", line.number)
                done.push(*undone.pop())
    return kept


class _Before:
    """What lies before the checkpoint a game was resumed from: its entries (read back on
    demand) and older checkpoints (states to replay an undo from)."""

    def __init__(
        self, path: Path, pack: EditionPack, data: bytes, low: int, found: Found
    ) -> None:
        self.path = path
        self.pack = pack
        self.data = data
        self.low = low
        self.start = found.start
        self.entries = Earlier(path, data, low, found.start, found.checkpoint.entries, found.line)
        self._older: list[tuple[int, Checkpoint | str]] | None = None

    def fetch(self, number: int) -> Done:
        value, line = self.entries.value(number)
        try:
            op = msgspec.convert(value, Do)
        except msgspec.ValidationError:
            raise SaveError(
                self.path, "the checkpoint after this line does not match it", line
            ) from None
        return _done(self.path, self.pack, op, line)

    def older(self, content_hash: str, done: Stack, limit: int) -> tuple[int, GameState] | None:
        """The newest older checkpoint of this content whose actions are the first ones of
        `done` (a stack is fixed by its top: the same top, the same actions below it)."""
        if self._older is None:
            self._older = [
                (at, verify(_parse_line(self.data, at), at))
                for at in candidates(self.data, self.low, self.start)
            ]
        for _, found in self._older:
            if not isinstance(found, Checkpoint) or found.content_hash != content_hash:
                continue
            size = count(found.done)
            if size > limit or (size and done.number_at(size - 1) != found.done[-1][1]):
                continue
            base = _base(found)
            if base is not None:
                return base
        return None


def _base(point: Checkpoint) -> tuple[int, GameState] | None:
    """The state a checkpoint holds, after its actions (None if this Consul cannot read it)."""
    try:
        return count(point.done), msgspec.convert(point.state, GameState)
    except msgspec.ValidationError:
        return None


def _parse_line(data: bytes, start: int) -> object:
    stop = data.find(b"\n", start)
    try:
        return json.loads(data[start:stop].decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def started_with(pack: EditionPack, header: Header) -> EditionPack:
    """`pack` with the chart the game started with, as its header recorded it: a chart
    corrected since is for new games; this one keeps its own."""
    if header.chart is None:
        return pack
    try:
        chart = msgspec.convert(header.chart, Chart)
    except msgspec.ValidationError:
        return pack  # written by another version: the content's chart will do
    if pack.charts.get(chart.id) == chart:
        return pack
    return msgspec.structs.replace(pack, charts={**pack.charts, chart.id: chart})


def load_game(content: ContentPack, path: Path, *, full: bool = False) -> Game:
    """Read and replay a save; raises `SaveError` naming the file (and line) if it cannot be
    resumed with this content. Never writes. `full`: replay it all, ignoring checkpoints."""
    journal = read_journal(path, from_checkpoint=not full)
    setup = _setup(journal)
    pack = started_with(content.edition(setup.edition), journal.header)
    current_hash = pack.content_hash()
    found = journal.checkpoint
    if found is not None and found.checkpoint.content_hash != current_hash:
        journal = read_journal(path)  # made with other content: replay it all with this one
        found = None
    warnings = list(journal.warnings)
    base: tuple[int, GameState] | None = None
    older = None
    if found is None:
        done, undone = Stack(), Stack()
        first = 1
    else:
        point = found.checkpoint
        before = _Before(path, pack, journal.data, journal.data.find(b"\n") + 1, found)
        done, undone = Stack(point.done, before.fetch), Stack(point.undone, before.fetch)
        first = point.entries + 1

        def older(stack: Stack, limit: int) -> tuple[int, GameState] | None:
            return before.older(current_hash, stack, limit)

    kept = _stacks(path, pack, journal.lines, first, done, undone)
    changed = changed_content(path, journal.header, pack)
    missing = missing_ids(pack, setup, done.known() + undone.known())
    if missing:
        since = " has changed since this game was saved: it" if changed else ""
        raise SaveError(path, f"the content{since} lacks {', '.join(missing)}")
    warnings += changed
    if found is not None and kept == count(found.checkpoint.done):
        base = _base(found.checkpoint)
    initial = partial(_new_game, path, pack, setup)
    try:
        timeline = Timeline(pack, initial, done=done, undone=undone, base=base, older=older)
    except Refused as err:
        reason = f"the rules refuse {err.done.label!r} here: {err}"
        raise SaveError(path, reason, err.done.line) from None
    return Game(
        path, journal.header, timeline, warnings, journal.torn, journal.entries, journal.line_count
    )
