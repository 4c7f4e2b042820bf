"""A crash costs nothing: an error that escapes a key's handler is written to a report in the
data folder with the traceback and the last keys, the save is left as it was, `consul play`
says in plain words that the game is safe, how to resume it and where the report is, and the
next start mentions the report once."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.base.paths import crash_dir
from consul_app.commands import play
from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.app import ConsulApp
from consul_app.tui.crash import Crash
from consul_app.tui.screens.table import TableScreen

from .helpers import notes
from .scenarios import SMALL, idle, make_app, play_saved


async def test_an_error_in_a_key_handler_is_reported_and_the_save_kept(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 2))

    def boom(self: TableScreen) -> None:
        raise RuntimeError("a bug in a key's handler")

    app = make_app(content, save)
    with monkeypatch.context() as patch, pytest.raises(RuntimeError, match="a bug in a key's"):
        patch.setattr(TableScreen, "action_end_turn", boom)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("down", "space")
            kept = save.read_bytes()
            await pilot.press("e")
    assert save.read_bytes() == kept  # no checkpoint, nothing more written
    crash = app.crash
    assert crash is not None and crash.report is not None and crash.save == save
    report = crash.report.read_text(encoding="utf-8")
    assert crash.report.parent == crash_dir()
    assert "RuntimeError: a bug in a key's handler" in report
    assert "last keys (oldest first): down space e" in report
    words = crash.words()
    assert "Your game is safe" in words and f"consul play --save '{save}'" in words
    assert str(crash.report) in words
    for told in (True, False):  # the next start mentions the report, once
        again = make_app(content, save)
        async with again.run_test(size=SMALL) as pilot:
            await pilot.pause()
            said = [n for n in notes(again) if n.startswith("Crash report")]
            assert bool(said) == told
            assert not told or str(crash.report) in said[0]


def test_consul_play_says_the_crash_in_plain_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    crash = Crash(tmp_path / "crash.txt", tmp_path / "game.jsonl")

    def run(self: ConsulApp) -> None:
        self.crash = crash

    monkeypatch.setattr(ConsulApp, "run", run)
    play.start()
    err = capsys.readouterr().err
    assert err.strip() == crash.words()
    assert "Traceback" not in err
