"""An SDE save written by the Consul of 2026-12-01 (before the session layer learned of a
second game: its header has no `game` field) resumes to the same state, log and exports as
that Consul showed (`today_saves/make.py` wrote both files with it)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from session.today_saves.make import EXPECTED, SAVE, expected


def test_a_save_of_before_the_game_interface_resumes_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    shutil.copyfile(SAVE, path)
    assert '"game"' not in SAVE.read_text(encoding="utf-8").splitlines()[0]
    then = json.loads(EXPECTED.read_text(encoding="utf-8"))
    now = json.loads(json.dumps(expected(path), ensure_ascii=False))
    assert now["state"].pop("other_bosses") == []  # (twin bosses' field: a one-boss fight has none)
    assert now["state"] == then["state"]
    assert now["history"] == then["history"]
    assert now["redo"] == then["redo"]
    assert now["json"].pop("game") == "sde"  # (the keys the export gained)
    assert now["json"]["state"].pop("other_bosses") == []
    assert now["json"] == then["json"]
    assert now["markdown"] == then["markdown"]
