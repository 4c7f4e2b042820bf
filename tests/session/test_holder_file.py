"""The holder file (`.NAME.holder`) as an attacker plants it: a symlink there is never written
through, and a FIFO there neither hangs the Consul that plays nor the one that is refused."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import SaveLocked, Session
from consul_app.session.lock import holder_file
from session.lock_child import DEADLINE, Child

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="symlinks and FIFOs"),
    pytest.mark.usefixtures("warm_content_cache"),  # the children read the cache
]
T = TypeVar("T")


def within_deadline(call: Callable[[], T]) -> T:
    """`call()` on a thread of its own; fails the test if it does not return within DEADLINE
    (a hang is a failure, not a test that never ends)."""
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as err:  # noqa: BLE001 (handed back to the test)
            errors.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(DEADLINE)
    assert not thread.is_alive(), f"still waiting after {DEADLINE} s"
    if errors:
        raise errors[0]
    return result[0]


@pytest.fixture
def child(tmp_path: Path) -> Iterator[Child]:
    child = Child(tmp_path / "game.jsonl")
    yield child
    if child.process.poll() is None:
        child.process.kill()
    child.process.wait(timeout=DEADLINE)


def test_a_symlink_planted_as_holder_file_is_replaced_never_written_through(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    Session.new(content, setup, path=save).close()
    target = tmp_path / "precious.txt"
    target.write_text("the attacker's victim\n", encoding="utf-8")
    holder_file(save).symlink_to(target)
    with Session.resume(content, save) as session:
        session.dispatch(DestroyHero())
        assert target.read_text(encoding="utf-8") == "the attacker's victim\n"
        assert not holder_file(save).is_symlink()
        assert f'"pid": {os.getpid()}' in holder_file(save).read_text(encoding="utf-8")
    assert target.read_text(encoding="utf-8") == "the attacker's victim\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "precious.txt"]


def test_a_symlink_planted_for_a_new_save_is_not_written_through(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    target = tmp_path / "precious.txt"
    target.write_text("kept\n", encoding="utf-8")
    holder_file(save).symlink_to(target)
    with Session.new(content, setup, path=save):
        assert target.read_text(encoding="utf-8") == "kept\n"
        assert not holder_file(save).is_symlink()


def test_a_fifo_planted_as_holder_file_does_not_hang_the_consul_that_plays(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    Session.new(content, setup, path=save).close()
    os.mkfifo(holder_file(save))
    playing = Child(save)  # resumes it: says who it is where the FIFO was
    try:
        playing.expect("ready")  # (within a deadline: it hung opening the FIFO to write)
        playing.send("hero")
        playing.expect("done")
        assert not holder_file(save).is_fifo()
    finally:
        playing.process.kill()
        playing.process.wait(timeout=DEADLINE)


def test_a_fifo_planted_as_holder_file_does_not_hang_the_second_consul(
    content: ContentPack, child: Child, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    child.expect("ready")
    holder_file(save).unlink()
    os.mkfifo(holder_file(save))

    def resume() -> SaveLocked:
        with pytest.raises(SaveLocked) as caught:
            Session.resume(content, save)
        return caught.value

    refused = within_deadline(resume)
    assert refused.holder == "pid and host unknown"


def test_a_symlink_as_holder_file_is_not_read_for_the_refusal(
    content: ContentPack, child: Child, tmp_path: Path
) -> None:
    """A link to another account's file must not be read out in the message."""
    save = tmp_path / "game.jsonl"
    child.expect("ready")
    real = holder_file(save).read_text(encoding="utf-8")
    forged = tmp_path / "forged.json"
    forged.write_text(real.replace(str(child.process.pid), "1"), encoding="utf-8")
    holder_file(save).unlink()
    holder_file(save).symlink_to(forged)
    with pytest.raises(SaveLocked) as caught:
        Session.resume(content, save)
    assert caught.value.holder == "pid and host unknown"
