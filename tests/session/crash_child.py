"""Crash-test child: plays random legal actions, undos and redos through a real Session until
it is killed.

Run from tests/ as `python -m session.crash_child SAVE SEED`: creates SAVE or resumes it,
prints `ready`, then one JSON line per journal entry, flushed, once the Session has published
its result. The parent kills it with SIGKILL and checks that the save still holds every
printed entry.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from consul_app.rules import action_data, default_setup
from consul_app.session import Session, checkpoint
from session.players import child_pack, random_action

checkpoint.CHECKPOINT_EVERY = 4  # so that kills land on and around checkpoint lines too

LIMIT = 5000
"""Stop on our own after this many entries (the parent kills long before)."""


def _step(session: Session, rng: random.Random) -> dict[str, object] | None:
    """Do one thing; return the journal entry it published, None if nothing was legal."""
    roll = rng.random()
    if roll < 0.1 and session.undo() is not None:
        return {"op": "undo"}
    if roll < 0.2 and session.redo() is not None:
        return {"op": "redo"}
    action = random_action(session.pack, session.state, rng)
    if action is None:
        return None
    session.dispatch(action)
    return {"op": "do", "action": action_data(action)}


def main(save: Path, seed: int) -> None:
    content = child_pack()
    if save.exists():
        session = Session.resume(content, save)
    else:
        session = Session.new(content, default_setup(content.edition("sde2")), path=save)
    print("ready", flush=True)
    rng = random.Random(seed)
    for _ in range(LIMIT):
        entry = _step(session, rng)
        if entry is None:
            break
        print(json.dumps(entry), flush=True)
    session.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
