"""The watcher's reader: it follows a save as it grows, keeps the last good state when the save
is damaged or replaced, and never changes a byte of it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, Setup
from consul_app.session import Session
from consul_app.session.follow import Follower

TORN = b'{"op": "do", "action": {"type": "destroy_hero"}, "label": "A hero is destroyed"}'


@pytest.fixture
def played(content: ContentPack, setup: Setup, tmp_path: Path) -> Path:
    """A save with one action, closed."""
    with Session.new(content, setup, path=tmp_path / "game.jsonl") as session:
        session.dispatch(DestroyHero())
    return session.path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_follows_actions_and_undo_and_only_reads(content: ContentPack, played: Path) -> None:
    follower = Follower(content, played)
    assert follower.poll()
    assert follower.game is not None and len(follower.game.timeline.done) == 1
    assert not follower.poll()  # unchanged: nothing new to show
    with Session.resume(content, played) as playing:  # a watcher takes no lock
        playing.dispatch(EndTurn())
        assert follower.poll()
        assert follower.game.timeline.state == playing.state
        assert follower.last == "End the Consul turn"
        playing.undo()
        before = _digest(played)
        assert follower.poll()
        assert follower.game.timeline.state == playing.state
        assert follower.last == "Undone: End the Consul turn"
        assert follower.problem is None
        assert _digest(played) == before  # reading changed no byte


def test_torn_last_line_shows_the_state_before_it_then_the_whole_line(
    content: ContentPack, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    with played.open("ab") as f:
        f.write(TORN[:30])
    before = _digest(played)
    follower.poll()
    assert follower.game is not None and len(follower.game.timeline.done) == 1
    assert "cut short" in follower.game.warnings[0]
    assert _digest(played) == before  # not repaired: the writer finishes the line
    with played.open("ab") as f:
        f.write(TORN[30:] + b"\n")
    assert follower.poll()
    assert len(follower.game.timeline.done) == 2 and follower.game.warnings == []


def test_a_corrupt_line_keeps_the_last_good_state_and_says_so(
    content: ContentPack, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    shown = follower.game
    with played.open("ab") as f:
        f.write(b"\x00garbage\n" + TORN + b"\n")
    before = _digest(played)
    assert follower.poll()
    assert follower.game is shown
    assert follower.problem is not None
    assert "cannot be read now" in follower.problem and "line 3" in follower.problem
    assert not follower.poll()  # the same problem is not news
    assert _digest(played) == before


def test_a_replaced_save_keeps_the_last_good_state_and_says_so(
    content: ContentPack, setup: Setup, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    shown = follower.game
    other = played.with_name("other.jsonl")
    with Session.new(content, setup, path=other) as session:
        session.dispatch(EndTurn())
    os.replace(other, played)
    assert follower.poll()
    assert follower.game is shown
    assert follower.problem == "the save was replaced by another file"
    played.unlink()
    assert follower.poll()
    assert follower.problem == "the save is gone (moved or deleted)"
