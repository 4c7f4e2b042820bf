"""Writes `sde2.jsonl` and `sde2.expected.json`: an SDE save as the Consul of 2026-12-01
wrote it (before the session layer learned of more than one game), and what resuming it
showed then (the state, the log, both exports). `test_today_saves.py` resumes it with the
Consul of now and compares.

Run from the worktree: `PYTHONPATH=tests .venv/bin/python -m session.today_saves.make`.
Only to make the fixture again on purpose (the SDE engine's words or rules changed): the point
of the fixture is that the session layer's changes do not change it."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec
from rules.packs import PACKS, make_setup

from consul_app.content.pack import ContentPack
from consul_app.session import Session
from consul_app.session import checkpoint as checkpoints
from consul_app.session.export import to_json, to_markdown
from consul_app.session.load import load_game
from session.players import random_action

HERE = Path(__file__).parent
SAVE = HERE / "sde2.jsonl"
EXPECTED = HERE / "sde2.expected.json"
WHEN = datetime(2026, 12, 1, 18, 45, tzinfo=timezone(timedelta(hours=1)))
HASH = "today-fixture"


def content() -> ContentPack:
    """The rules tests' SDE 2.0 pack under a fixed content hash (the hash of the pack's entries
    changes whenever the content format gains a field)."""
    made = ContentPack(sources=["tests/rules/packs.py"], content_hash=HASH)
    made.editions["sde2"] = PACKS["sde2"]()  # type: ignore[index]
    made.editions["sde2"].known_hash(HASH)  # type: ignore[index]
    return made


def expected(path: Path) -> dict[str, object]:
    """What resuming the save shows: its state, its log (newest first), its undo stack's
    label, both exports (without the file's name, which the test's copy changes)."""
    pack = content()
    with Session.resume(pack, path) as session:
        state = msgspec.to_builtins(session.state)
        history = list(session.history)
        redo = session.redo_label
    game = load_game(pack, path)
    exported = to_json(game)
    exported.pop("save")
    markdown = to_markdown(game).replace(path.name, "SAVE")
    return {"state": state, "history": history, "redo": redo, "json": exported,
            "markdown": markdown}


def write() -> None:
    SAVE.unlink(missing_ok=True)
    checkpoints.CHECKPOINT_EVERY = 12
    rng = random.Random(2026)
    pack = content()
    session = Session.new(pack, make_setup(), path=SAVE, clock=lambda: WHEN)
    with session:
        for n in range(60):
            action = random_action(session.pack, session.state, rng)
            if action is None:
                break
            session.dispatch(action)
            if n % 9 == 4:
                session.undo()
                session.undo()
                session.redo()
        session.undo()  # one left to redo
    copy = HERE / "copy.jsonl"
    copy.write_bytes(SAVE.read_bytes())
    try:
        EXPECTED.write_text(json.dumps(expected(copy), ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
    finally:
        copy.unlink()


if __name__ == "__main__":
    write()
