"""`consul delete` of a save being played is refused, naming who plays it: the player would go
on writing into the trash, and the watchers would say the save is gone."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from consul_app.base.paths import data_home, saves_dir
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import Setup
from consul_app.session import SaveLocked, Session, save_files
from session.lock_child import DEADLINE, Child

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="the child holds a flock"),
    pytest.mark.usefixtures("warm_content_cache"),  # the children read the cache
]


def test_delete_yes_refuses_a_save_being_played_and_names_its_holder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    save = saves_dir() / "in-play.jsonl"
    save.parent.mkdir(parents=True)
    child = Child(save)
    try:
        child.expect("ready")
        before = save.read_bytes()
        assert main(["delete", "in-play", "--yes"]) == 2
        err = capsys.readouterr().err
        assert "is being played" in err
        assert f"pid {child.process.pid} on {socket.gethostname()}" in err
        assert save.read_bytes() == before
        assert not (data_home() / "trash").exists()
        child.send("hero")  # the game goes on where it was
        child.expect("done")
        assert len(save.read_bytes()) > len(before)
    finally:
        child.process.kill()
        child.process.wait(timeout=DEADLINE)
    assert main(["delete", "in-play", "--yes"]) == 0  # its Consul gone, it may go
    assert (data_home() / "trash" / "in-play.jsonl").is_file()


def test_delete_holds_the_lock_while_it_moves_the_save(
    content: ContentPack, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No Consul can start playing the save between the check and the move."""
    save = saves_dir() / "game.jsonl"
    Session.new(content, setup, path=save).close()
    move = save_files.move_to_trash
    refused: list[bool] = []

    def moving(path: Path) -> Path:
        with pytest.raises(SaveLocked):  # a Consul starting now is refused
            Session.resume(content, path)
        refused.append(True)
        return move(path)

    monkeypatch.setattr(save_files, "move_to_trash", moving)
    assert main(["delete", "game", "--yes"]) == 0
    assert refused == [True]
