"""The watcher's reader: it follows a save as it grows, keeps the last good state when the save
is damaged or replaced, and never changes a byte of it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, Setup
from consul_app.session import Session
from consul_app.session.follow import Follower
from consul_app.session.timeline import Done, Stack

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


def test_a_whole_garbage_last_line_is_called_damaged_not_cut_short(
    content: ContentPack, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    with played.open("ab") as f:
        f.write(b"\x00garbage\n")  # a whole line (its newline is there): not a write cut short
    assert follower.poll()
    assert follower.game is not None and len(follower.game.timeline.done) == 1
    (warning,) = follower.game.warnings
    assert "line 3: damaged" in warning and "cut short" not in warning


def test_a_save_repaired_in_place_is_shown_again(content: ContentPack, played: Path) -> None:
    """A torn line read, then cut off by hand (the file got shorter, the same file): the
    watcher reads it again and shows what it holds, not "the save got shorter"."""
    good = played.read_bytes()
    follower = Follower(content, played)
    follower.poll()
    with played.open("ab") as f:
        f.write(TORN[:30])
    follower.poll()
    assert "cut short" in follower.game.warnings[0]  # type: ignore[union-attr]
    with played.open("r+b") as f:  # repaired in place
        f.truncate(len(good))
    assert follower.poll()
    assert follower.problem is None
    assert follower.game is not None and follower.game.warnings == []
    assert len(follower.game.timeline.done) == 1
    with played.open("r+b") as f:  # and shorter still: an action taken off by hand
        f.truncate(good.rindex(b"{"))
    assert follower.poll()
    assert follower.problem is None and len(follower.game.timeline.done) == 0


def test_a_growing_save_is_read_on_from_where_it_was_not_read_again(
    content: ContentPack, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past 100 entries (checkpoints written), through undo, redo and an undo followed by a
    new action: each poll reads only what was appended, and shows what resume would."""
    from consul_app.session import follow

    follower = Follower(content, played)
    follower.poll()
    whole: list[Path] = []
    load = follow.load_game
    monkeypatch.setattr(follow, "load_game", lambda c, p: whole.append(p) or load(c, p))
    with Session.resume(content, played) as playing:
        for n in range(130):
            if n % 7 == 3:
                playing.undo()
            elif n % 11 == 5 and playing.can_redo:
                playing.redo()
            else:
                playing.dispatch(DestroyHero())
            if n % 9 == 0 or n > 120:
                assert follower.poll()
                resumed = load(content, played)
                assert follower.game is not None
                assert follower.game.timeline.state == resumed.timeline.state
                assert list(follower.game.timeline.done) == list(resumed.timeline.done)
                assert list(follower.game.timeline.undone) == list(resumed.timeline.undone)
        playing.undo()
        playing.dispatch(DestroyHero())
        assert follower.poll()
        assert follower.last == "Undone: A hero is destroyed; then A hero is destroyed"
    assert whole == []  # never read whole again
    assert not follower.poll()  # the closing checkpoint: nothing new to show
    assert follower.game.warnings == [] and follower.problem is None


def test_a_damaged_last_line_then_an_action_after_a_resync(
    content: ContentPack, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    with played.open("ab") as f:
        f.write(b"garbage\n")
    assert follower.poll()
    assert "damaged" in follower.game.warnings[0]  # type: ignore[union-attr]
    with Session.resume(content, played) as playing:  # resynced: its line starts with RS
        playing.dispatch(EndTurn())
        assert follower.poll()
        assert follower.problem is None and follower.game.warnings == []  # type: ignore[union-attr]
        assert follower.game.timeline.state == playing.state  # type: ignore[union-attr]


def test_an_action_the_rules_refuse_keeps_the_state_before_it(
    content: ContentPack, played: Path
) -> None:
    follower = Follower(content, played)
    follower.poll()
    with played.open("ab") as f:
        f.write(b'{"op": "redo"}\n')
    assert follower.poll()
    assert follower.problem is not None and "line 3: redo with nothing to redo" in follower.problem
    assert len(follower.game.timeline.done) == 1  # type: ignore[union-attr]


@given(st.lists(st.integers(0, 3), max_size=60), st.lists(st.integers(0, 3), max_size=60))
def test_shared_counts_the_entries_both_stacks_hold_at_the_bottom(
    first: list[int], second: list[int]
) -> None:
    """Read run by run (the watcher compares stacks of 50,000 actions at every change)."""

    def built(moves: list[int]) -> Stack:
        stack, number = Stack(), 0
        for move in moves:  # 0: pop, else push the next entry, or (3) skip a number first
            if move == 0 and len(stack):
                stack.pop()
            else:
                number += 2 if move == 3 else 1
                stack.push(number, Done(DestroyHero(), "A hero is destroyed"))
        return stack

    mine, theirs = built(first), built(first[: len(first) // 2] + second)
    naive = 0
    for a, b in zip(mine.numbers(), theirs.numbers(), strict=False):
        if a != b:
            break
        naive += 1
    assert mine.shared(theirs) == naive == theirs.shared(mine)


def test_the_listener_is_told_of_each_new_state(content: ContentPack, played: Path) -> None:
    """As a session's listener: told when a poll finds something new, not otherwise."""
    follower = Follower(content, played)
    told: list[int] = []
    follower.listener = lambda news: told.append(len(news.game.timeline.done))  # type: ignore[union-attr]
    assert follower.poll() and told == [1]
    assert not follower.poll() and told == [1]
    with Session.resume(content, played) as playing:
        playing.dispatch(EndTurn())
        assert follower.poll() and told == [1, 2]
