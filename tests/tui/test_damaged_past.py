"""A save whose action line before its last checkpoint is damaged opens at the table (a
resume reads only the end); History (`H`), the story (`T`) and an undo that reaches that
line say what is wrong with the save, and the table goes on: never a traceback."""

from __future__ import annotations

import pytest

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.session import checkpoint as checkpoints
from consul_app.tui.screens.table import TableScreen

from .helpers import notes
from .scenarios import WIDE, idle, make_app, play_saved


async def test_history_story_and_undo_name_a_damaged_line_before_the_checkpoint(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 4)
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    play_saved(
        content, save, default_setup(content.edition("sde2")), idle(lambda p, s: s.turn == 3)
    )
    lines = save.read_bytes().split(b"\n")
    index = next(n for n in range(1, len(lines)) if lines[n].startswith(b'{"op": "do"'))
    lines[index] = b"x" * len(lines[index])
    save.write_bytes(b"\n".join(lines))
    where = f"line {index + 1}: unreadable line"
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        assert isinstance(app.screen, TableScreen)
        await pilot.press("H")
        assert isinstance(app.screen, TableScreen)
        assert notes(app)[-1].startswith("Cannot show the history: ") and where in notes(app)[-1]
        await pilot.press("T")
        assert isinstance(app.screen, TableScreen)
        assert notes(app)[-1].startswith("Cannot tell the story: ") and where in notes(app)[-1]
        for _ in range(len(app.screen.session.history)):
            await pilot.press("u")
        assert isinstance(app.screen, TableScreen)
        assert notes(app)[-1].startswith("Cannot undo: ") and where in notes(app)[-1]
        assert app.screen.session.failed is None
