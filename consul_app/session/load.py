"""Reading a saved game back: the journal, checked against the content, then replayed.

A save with checkpoints is resumed from its last one that fits (reading.py) and was made with
the same content: only the entries after it are read and replayed; those before it are read
from the file when the log shows them or an undo takes them back (past.py). Otherwise the
whole journal is read, and replayed from its last checkpoint that fits (or from the start).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import msgspec

from consul_app.content import ContentPack, EditionPack
from consul_app.content.models import Chart
from consul_app.rules import GameState, Setup, SetupError, edition, new_game
from consul_app.session.checkpoint import Checkpoint
from consul_app.session.compat import missing_ids, state_missing
from consul_app.session.entries import play
from consul_app.session.journal import Header, SaveError, changed_content, validation_message
from consul_app.session.lines import Point
from consul_app.session.past import Past
from consul_app.session.reading import Journal, read_journal
from consul_app.session.timeline import Refused, Stack, Timeline


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
    key: bytes = b""
    chain: bytes = b""
    """The journal's running hash (chain.py), for the writer to go on from."""
    since: int = 0
    """How many entries follow its last checkpoint."""


def _setup(path: Path, header: Header) -> Setup:
    try:
        return msgspec.convert(header.setup, Setup)
    except msgspec.ValidationError as err:
        problem = validation_message(err)
    raise SaveError(path, f"the game setup is not valid ({problem})", 1)


def _new_game(path: Path, pack: EditionPack, setup: Setup) -> GameState:
    try:
        return new_game(pack, setup)
    except SetupError as err:
        reason = f"the game setup cannot be played with this content: {err}"
        raise SaveError(path, reason, 1) from None


class Fit:
    """Whether a checkpoint's state may be used with this content, and that state."""

    def __init__(self, pack: EditionPack) -> None:
        self.pack = pack
        self.content_hash = pack.content_hash()
        self._states: dict[int, GameState | str] = {}

    def _read(self, found: Checkpoint) -> GameState | str:
        if found.offset not in self._states:
            try:
                state: GameState | str = msgspec.convert(found.state, GameState)
            except msgspec.ValidationError as err:
                state = f"cannot be read ({validation_message(err)})"
            else:
                if missing := state_missing(self.pack, state):
                    state = f"names {', '.join(missing)}, which the content lacks"
            self._states[found.offset] = state
        return self._states[found.offset]

    def reason(self, found: Checkpoint) -> str | None:
        """Why its state may not be used ("": made with other content, said elsewhere)."""
        if found.content_hash != self.content_hash:
            return ""
        state = self._read(found)
        return state if isinstance(state, str) else None

    def state(self, point: Point) -> GameState | None:
        found = point.checkpoint
        if found is None or self.reason(found) is not None:
            return None
        state = self._read(found)
        return state if isinstance(state, GameState) else None


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
    resumed with this content. Never writes. `full`: replay it all, using no checkpoint's
    state (they still tell damaged lines apart)."""
    from consul_app.session.journal import contents, parse_header

    data = contents(path, mapped=True)
    first = data.find(b"\n")
    header = parse_header(path, bytes(data[:first])) if first > 0 else None
    fit: Fit | None = None
    if header is not None:
        setup = _setup(path, header)
        fit = Fit(started_with(edition(setup.edition).pack(content), header))
    journal = read_journal(
        path, from_checkpoint=not full, accept=None if fit is None else fit.reason
    )
    setup = _setup(path, journal.header)
    if fit is None:
        fit = Fit(started_with(edition(setup.edition).pack(content), journal.header))
    return _replay(journal, setup, fit, full=full)


def _replay(journal: Journal, setup: Setup, fit: Fit, *, full: bool) -> Game:
    path, pack = journal.path, fit.pack
    point = journal.point
    base: tuple[int, GameState] | None = None
    older = None
    first = 1
    if journal.before is not None and point is not None and point.checkpoint is not None:
        past = Past(path, pack, journal.key, point, journal.before, fit.state)
        found = point.checkpoint
        done = Stack(fetch=past.fetch, below=lambda: past.stacks(0)[0], keep=found.done)
        undone = Stack(fetch=past.fetch, below=lambda: past.stacks(0)[1], keep=found.undone)
        first = found.entries + 1
        older = past.older
        kept = play(path, pack, journal.lines, first, done, undone)
        state = fit.state(point)
        if kept == found.done and state is not None:
            base = found.done, state
    else:
        done, undone = Stack(), Stack()
        lines = journal.lines
        found = None if full or point is None else point.checkpoint
        if found is not None:
            at = found.entries
            play(path, pack, lines[:at], 1, done, undone)
            size = len(done)
            kept = play(path, pack, lines[at:], at + 1, done, undone)
            state = fit.state(point) if point is not None else None
            if size == found.done == kept and state is not None:
                base = found.done, state
        else:
            play(path, pack, lines, 1, done, undone)
    changed = changed_content(path, journal.header, pack)
    missing = missing_ids(pack, setup, done.known() + undone.known())
    if missing:
        since = " has changed since this game was saved: it" if changed else ""
        raise SaveError(path, f"the content{since} lacks {', '.join(missing)}")
    warnings = journal.warnings
    warnings += changed
    initial = partial(_new_game, path, pack, setup)
    try:
        timeline = Timeline(pack, initial, done=done, undone=undone, base=base, older=older)
    except Refused as err:
        reason = f"the rules refuse {err.done.label!r} here: {err}"
        raise SaveError(path, reason, err.done.line) from None
    return Game(
        path,
        journal.header,
        timeline,
        warnings,
        journal.torn,
        journal.entries,
        journal.line_count,
        journal.key,
        journal.chain,
        journal.since,
    )
