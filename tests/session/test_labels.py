"""Labels are derived data: on replay each is rebuilt from its action, so a label changed in
the file (a flipped byte, an edit) never reaches the screen, the log or an export."""

from __future__ import annotations

import json
from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, Setup
from consul_app.session import Session
from consul_app.session.load import load_game


def forge_labels(path: Path) -> None:
    """Rewrite every `do` line's label, keeping the line valid JSON."""
    lines = path.read_bytes().split(b"\n")
    for n, raw in enumerate(lines):
        if raw.startswith(b'{"op": "do"') or raw.startswith(b'{"op":"do"'):
            entry = json.loads(raw)
            entry["label"] = "Forged"
            lines[n] = json.dumps(entry).encode()
    path.write_bytes(b"\n".join(lines))


def test_forged_labels_are_rebuilt_from_the_actions(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    with Session.new(content, setup, path=path) as session:
        session.dispatch(DestroyHero())
        session.dispatch(DestroyHero())
        session.dispatch(EndTurn())
        session.undo()
        expected_history, expected_redo = session.history, session.redo_label
    forge_labels(path)
    assert b'"Forged"' in path.read_bytes()
    with Session.resume(content, path) as resumed:
        assert resumed.history == expected_history
        assert resumed.redo_label == expected_redo == "End the Consul turn"
    game = load_game(content, path)
    assert "Forged" not in [d.label for d in [*game.timeline.done, *game.timeline.undone]]
