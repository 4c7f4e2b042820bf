"""Reading a saved game back: the journal, checked against the content, then replayed."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import ValidationError

from consul_app.content import ContentPack, EditionPack
from consul_app.rules import (
    ACTION_ADAPTER,
    GameState,
    RuleError,
    Setup,
    SetupError,
    apply,
    describe,
    new_game,
)
from consul_app.session.compat import missing_ids
from consul_app.session.journal import (
    Do,
    Header,
    Journal,
    Redo,
    SaveError,
    Undo,
    read_journal,
    validation_message,
)
from consul_app.session.timeline import Done, Timeline


@dataclass
class Game:
    """A saved game, replayed: its header, its timeline and what the Consul should be told."""

    path: Path
    header: Header
    timeline: Timeline
    warnings: list[str]
    torn: bool


def _setup(journal: Journal) -> Setup:
    try:
        return Setup.model_validate(journal.header.setup)
    except ValidationError as err:
        raise SaveError(
            journal.path, f"the game setup is not valid ({validation_message(err)})", 1
        ) from None


def _stacks(journal: Journal) -> tuple[list[Done], list[Done]]:
    """The actions in effect and the redo stack after every do, undo and redo in the file."""
    done: list[Done] = []
    undone: list[Done] = []
    for line in journal.lines:
        match line.op:
            case Do(action=raw, label=label):
                try:
                    action = ACTION_ADAPTER.validate_python(raw)
                except ValidationError as err:
                    raise SaveError(
                        journal.path, f"unknown action ({validation_message(err)})", line.number
                    ) from None
                done.append(Done(action, label, line.number))
                undone.clear()
            case Undo():
                if not done:
                    raise SaveError(journal.path, "undo with nothing to undo", line.number)
                undone.append(done.pop())
            case Redo():
                if not undone:
                    raise SaveError(journal.path, "redo with nothing to redo", line.number)
                done.append(undone.pop())
    return done, undone


def _relabelled(pack: EditionPack, state: GameState, undone: list[Done]) -> list[Done]:
    """The redo stack (next redo last) with each label rebuilt from its action, as it would be
    redone from `state`. Labels are derived data: a journal's own are never shown."""
    relabelled: list[Done] = []
    for entry in reversed(undone):
        relabelled.append(replace(entry, label=describe(pack, entry.action, state)))
        with contextlib.suppress(RuleError):  # a redo the rules refuse now: refused then too
            state = apply(pack, state, entry.action)
    return relabelled[::-1]


def load_game(content: ContentPack, path: Path) -> Game:
    """Read and replay a save; raises `SaveError` naming the file (and line) if it cannot be
    resumed with this content. Never writes."""
    journal = read_journal(path)
    setup = _setup(journal)
    pack = content.edition(setup.edition)
    done, undone = _stacks(journal)
    warnings = list(journal.warnings)
    saved_hash = journal.header.pack.content_hash
    current_hash = pack.content_hash()
    changed = saved_hash != current_hash
    missing = missing_ids(pack, setup, done + undone)
    if missing:
        since = " has changed since this game was saved: it" if changed else ""
        raise SaveError(path, f"the content{since} lacks {', '.join(missing)}")
    if changed:
        warnings.append(
            f"{path}: this game was saved with other content (hash {saved_hash[:12]}, now "
            f"{current_hash[:12]}); everything it needs is still there, so it resumes"
        )
    try:
        timeline = Timeline(pack, new_game(pack, setup))
    except SetupError as err:
        reason = f"the game setup cannot be played with this content: {err}"
        raise SaveError(path, reason, 1) from None
    for entry in done:
        label = describe(pack, entry.action, timeline.state)  # derived: the file's is not trusted
        try:
            timeline.do(replace(entry, label=label), apply(pack, timeline.state, entry.action))
        except RuleError as err:
            reason = f"the rules refuse {label!r} here: {err}"
            raise SaveError(path, reason, entry.line) from None
    timeline.undone = _relabelled(pack, timeline.state, undone)
    return Game(path, journal.header, timeline, warnings, journal.torn)
