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

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import SaveLocked, Session
from consul_app.session.lock import holder_file
from session.lock_child import DEADLINE, Child

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and SIGKILL")


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
