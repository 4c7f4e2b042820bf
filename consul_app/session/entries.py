"""Journal entries as the timeline holds them: a `do` line's action with its label, and the
do, undo and redo lines played onto the undo and redo stacks."""

from __future__ import annotations

from pathlib import Path

import msgspec

from consul_app.content import EditionPack
from consul_app.rules import Action, AddStatus, AdvanceGauge, Wound, describe, read_action
from consul_app.rules.describe import gauge_full_label, wound_endings
from consul_app.session.journal import Do, Line, Redo, SaveError, Undo, validation_message
from consul_app.session.timeline import Done, Stack


def done_of(path: Path, pack: EditionPack, op: Do, line: int | None) -> Done:
    """The action of a `do` line, or `SaveError` naming the line."""
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
    endings = wound_endings(pack, action) if isinstance(action, Wound) else [""]
    if isinstance(action, AddStatus):
        names = [*(s.name for s in pack.status_effects.values()), "Status Effects"]
        endings += [f": removed at once (Immune: {name})" for name in names]
    kept = {label + ending for ending in endings}
    if isinstance(action, AdvanceGauge):
        kept |= {gauge_full_label(n, action.squares) for n in range(1, action.squares + 1)}
    return written if written in kept else label


def play(
    path: Path, pack: EditionPack, lines: list[Line], first: int, done: Stack, undone: Stack
) -> int:
    """Play the entries `lines` (numbered from `first`) onto the stacks; return how many
    actions at the bottom of `done` stayed in effect throughout."""
    kept = len(done)
    for number, line in enumerate(lines, start=first):
        match line.op:
            case Do():
                done.push(number, done_of(path, pack, line.op, line.number))
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
