"""Journal entries as the timeline holds them: a `do` line's action with its label, and the
do, undo and redo lines played onto the undo and redo stacks."""

from __future__ import annotations

from pathlib import Path

import msgspec

from consul_app.session.game import GameRules
from consul_app.session.journal import Do, Line, Redo, SaveError, Undo, validation_message
from consul_app.session.timeline import Done, Stack


def done_of(path: Path, rules: GameRules, op: Do, line: int | None) -> Done:
    """The action of a `do` line (its label rebuilt: `GameRules.relabel`), or `SaveError`
    naming the line."""
    try:
        action = rules.read_action(op.action)
    except msgspec.ValidationError as err:
        raise SaveError(path, f"unknown action ({validation_message(err)})", line) from None
    return Done(action, rules.relabel(action, op.label), line)


def play(
    path: Path, rules: GameRules, lines: list[Line], first: int, done: Stack, undone: Stack
) -> int:
    """Play the entries `lines` (numbered from `first`) onto the stacks; return how many
    actions at the bottom of `done` stayed in effect throughout."""
    kept = len(done)
    for number, line in enumerate(lines, start=first):
        match line.op:
            case Do():
                done.push(number, done_of(path, rules, line.op, line.number))
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
