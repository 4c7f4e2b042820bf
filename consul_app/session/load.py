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
from typing import Any

from consul_app.session.checkpoint import Checkpoint
from consul_app.session.entries import play
from consul_app.session.game import GameRules
from consul_app.session.games import game_kind
from consul_app.session.journal import Header, SaveError, changed_content
from consul_app.session.lines import Point
from consul_app.session.past import Past
from consul_app.session.reading import Journal, read_journal
from consul_app.session.timeline import Refused, Stack, Timeline

GameState = Any


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


def _new_state(path: Path, rules: GameRules) -> GameState:
    try:
        return rules.new_state()
    except ValueError as err:  # the engine's SetupError
        reason = f"the game setup cannot be played with this content: {err}"
        raise SaveError(path, reason, 1) from None


def bind(content: Any, path: Path, header: Header) -> GameRules:
    """The rules the save of `header` is replayed with (its game's, on its content)."""
    kind = game_kind(header.game, path)
    return kind.bind(kind.content_of(content), path, header)


class Fit:
    """Whether a checkpoint's state may be used with this content, and that state."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.content_hash = rules.content_hash()
        self._states: dict[int, GameState | str] = {}

    def _read(self, found: Checkpoint) -> GameState | str:
        if found.offset not in self._states:
            self._states[found.offset] = self.rules.read_state(found.state)
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
        return None if isinstance(state, str) else state


def load_game(content: Any, path: Path, *, full: bool = False) -> Game:
    """Read and replay a save; raises `SaveError` naming the file (and line) if it cannot be
    resumed with this content. Never writes. `full`: replay it all, using no checkpoint's
    state (they still tell damaged lines apart)."""
    from consul_app.session.journal import contents, parse_header

    data = contents(path, mapped=True)
    first = data.find(b"\n")
    header = parse_header(path, bytes(data[:first])) if first > 0 else None
    fit = None if header is None else Fit(bind(content, path, header))
    journal = read_journal(
        path, from_checkpoint=not full, accept=None if fit is None else fit.reason
    )
    if fit is None:
        fit = Fit(bind(content, path, journal.header))
    return _replay(journal, fit, full=full)


def _replay(journal: Journal, fit: Fit, *, full: bool) -> Game:
    path, rules = journal.path, fit.rules
    point = journal.point
    base: tuple[int, GameState] | None = None
    older = None
    first = 1
    if journal.before is not None and point is not None and point.checkpoint is not None:
        past = Past(path, rules, journal.key, point, journal.before, fit.state)
        found = point.checkpoint
        done = Stack(fetch=past.fetch, below=lambda: past.stacks(0)[0], keep=found.done)
        undone = Stack(fetch=past.fetch, below=lambda: past.stacks(0)[1], keep=found.undone)
        first = found.entries + 1
        older = past.older
        kept = play(path, rules, journal.lines, first, done, undone)
        state = fit.state(point)
        if kept == found.done and state is not None:
            base = found.done, state
    else:
        done, undone = Stack(), Stack()
        lines = journal.lines
        found = None if full or point is None else point.checkpoint
        if found is not None:
            at = found.entries
            play(path, rules, lines[:at], 1, done, undone)
            size = len(done)
            kept = play(path, rules, lines[at:], at + 1, done, undone)
            state = fit.state(point) if point is not None else None
            if size == found.done == kept and state is not None:
                base = found.done, state
        else:
            play(path, rules, lines, 1, done, undone)
    changed = changed_content(path, journal.header, rules.content_hash())
    missing = rules.missing(done.known() + undone.known())
    if missing:
        since = " has changed since this game was saved: it" if changed else ""
        raise SaveError(path, f"the content{since} lacks {', '.join(missing)}")
    warnings = journal.warnings
    warnings += changed
    initial = partial(_new_state, path, rules)
    try:
        timeline = Timeline(rules, initial, done=done, undone=undone, base=base, older=older)
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
