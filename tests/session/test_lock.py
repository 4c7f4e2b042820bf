"""One writer per save: a second Consul on a save in play is refused, names the holder and
writes nothing; the lock dies with its process (SIGKILL included)."""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from consul_app.base import paths
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import SaveError, SaveLocked, Session
from consul_app.session.lock import holder_file
from session.lock_child import DEADLINE, Child

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="flock and SIGKILL"),
    pytest.mark.usefixtures("warm_content_cache"),  # the children read the cache
]
fcntl = pytest.importorskip("fcntl")


@pytest.fixture
def child(tmp_path: Path) -> Iterator[Child]:
    child = Child(tmp_path / "game.jsonl")
    yield child
    if child.process.poll() is None:
        child.process.kill()
    child.process.wait(timeout=DEADLINE)


def test_second_consul_is_refused_and_the_first_keeps_writing(
    content: ContentPack, child: Child, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    child.expect("ready")
    before = save.read_bytes()
    with pytest.raises(SaveLocked) as caught:
        Session.resume(content, save)
    message = str(caught.value)
    assert f"pid {child.process.pid} on {socket.gethostname()}" in message
    assert f"Watch it instead: consul watch {save}" in message
    assert save.read_bytes() == before  # the refused Consul wrote nothing
    child.send("hero")
    child.expect("done")
    assert save.read_bytes().startswith(before)
    assert len(save.read_bytes()) > len(before)  # the first Consul still writes


def test_the_lock_is_free_once_its_holder_is_killed(
    content: ContentPack, setup: Setup, child: Child, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    child.expect("ready")
    child.send("hero")
    child.expect("done")
    child.process.send_signal(signal.SIGKILL)
    assert child.process.wait(timeout=DEADLINE) == -signal.SIGKILL
    assert holder_file(save).exists()  # stale information, never a lock
    with Session.resume(content, save) as resumed:
        assert resumed.history == ["A hero is destroyed"]
        resumed.dispatch(DestroyHero())
        assert f'"pid": {os.getpid()}' in holder_file(save).read_text()
    assert not holder_file(save).exists()  # a clean close takes it away


def test_a_closed_session_frees_its_save(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    first = Session.new(content, setup, path=save)
    with pytest.raises(SaveLocked, match="pid and host unknown|pid \\d+ on "):
        Session.resume(content, save)
    first.close()
    with Session.resume(content, save) as second:
        assert second.state == first.state


def test_a_new_game_on_a_save_another_consul_has_just_made_is_refused_and_never_moved(
    content: ContentPack, setup: Setup, child: Child, tmp_path: Path
) -> None:
    """Two `consul --save NEW.jsonl` at once: the first makes NEW.jsonl; the second one's new
    game there is refused naming who has it, and is not saved anywhere else instead."""
    save = tmp_path / "game.jsonl"
    child.expect("ready")  # it started a new game there, and holds it
    before = save.read_bytes()
    with pytest.raises(SaveLocked) as caught:
        Session.new(content, setup, path=save)
    assert f"pid {child.process.pid} on {socket.gethostname()}" in str(caught.value)
    assert save.read_bytes() == before
    assert not paths.saves_dir().exists() or not any(paths.saves_dir().iterdir())
    child.send("hero")
    child.expect("done")  # the first Consul still writes
    assert len(save.read_bytes()) > len(before)


def test_a_new_save_is_locked_before_it_has_its_name(
    content: ContentPack, setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No moment when another Consul could find the new save and open it unlocked."""
    link = os.link
    locked: list[bool] = []

    def linking(source: str | Path, target: str | Path) -> None:
        fd = os.open(source, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            locked.append(True)
        else:
            locked.append(False)
        finally:
            os.close(fd)  # (releases a lock taken here: it was not the save's)
        link(source, target)

    monkeypatch.setattr(os, "link", linking)
    with Session.new(content, setup, path=tmp_path / "game.jsonl"):
        assert locked == [True]


def test_a_new_game_on_a_save_nobody_plays_is_refused_and_its_holder_file_left_alone(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    Session.new(content, setup, path=save).close()
    holder_file(save).write_text("stale", encoding="utf-8")  # (of a Consul long gone)
    before = save.read_bytes()
    with pytest.raises(SaveError, match="a save already exists there") as caught:
        Session.new(content, setup, path=save)
    assert not isinstance(caught.value, SaveLocked)
    assert save.read_bytes() == before
    assert holder_file(save).read_text(encoding="utf-8") == "stale"
    with Session.resume(content, save):  # and it is free
        pass
