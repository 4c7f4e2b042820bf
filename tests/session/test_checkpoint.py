"""Checkpoints: a resume from one is the same game as a full replay; a damaged or missing one
is reported and replayed around, never trusted and never the cause of a lost action."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup, default_setup
from consul_app.session import Session, summarize
from consul_app.session import checkpoint as checkpoints
from consul_app.session.load import load_game
from session.players import bundled_pack, random_action


def _same(one: Session, other: Session) -> None:
    assert msgspec.json.encode(one.state) == msgspec.json.encode(other.state)
    assert one.history == other.history
    assert (one.undo_label, one.redo_label) == (other.undo_label, other.redo_label)
    assert [d.action for d in one.actions] == [d.action for d in other.actions]


def _play(session: Session, rng: random.Random, length: int) -> None:
    """Legal actions with undos and redos mixed in (runs of undos too)."""
    for _ in range(length):
        roll = rng.random()
        if roll < 0.15:
            for _ in range(rng.choice([1, 1, 2, 5])):
                session.undo()
        elif roll < 0.25:
            session.redo()
        elif action := random_action(session.pack, session.state, rng):
            session.dispatch(action)


def _checkpoint_lines(path: Path) -> list[int]:
    """Indexes (0 = header) of the checkpoint lines."""
    lines = path.read_bytes().split(b"\n")
    return [n for n, line in enumerate(lines) if line.startswith(b'{"op": "checkpoint"')]


def _without_checkpoints(path: Path, copy: Path) -> Path:
    lines = path.read_bytes().split(b"\n")
    marked = set(_checkpoint_lines(path))
    copy.write_bytes(b"\n".join(line for n, line in enumerate(lines) if n not in marked))
    return copy


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    edition=st.sampled_from(["sde2", "forgotten-king", "classic"]),
    length=st.integers(0, 90),
    every=st.integers(1, 9),
    seed=st.integers(0, 2**32),
)
def test_resume_from_checkpoints_equals_full_replay(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    edition: str,
    length: int,
    every: int,
    seed: int,
) -> None:
    """Random games with undo and redo, a checkpoint every few entries: the resumed game is
    the live one and the full replay (the same journal without its checkpoints), and undo and
    redo agree all the way back (through the older checkpoints) and forward again."""
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", every)
    content = bundled_pack()
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    with Session.new(content, default_setup(content.edition(edition)), path=folder / "g") as live:
        _play(live, rng, length)
    replayed = Session.resume(content, _without_checkpoints(live.path, folder / "bare"))
    with replayed, Session.resume(content, live.path) as resumed:
        assert resumed.warnings == []
        _same(live, resumed)
        _same(replayed, resumed)
        while replayed.can_undo:
            assert resumed.undo() == replayed.undo()
            assert resumed.state == replayed.state
        _same(replayed, resumed)
        while replayed.can_redo:
            assert resumed.redo() == replayed.redo()
            assert resumed.state == replayed.state
        _same(replayed, resumed)
        _play(resumed, random.Random(seed + 1), length // 3)  # and it goes on from there
    with Session.resume(content, live.path) as again:
        _same(resumed, again)
        assert again.state == load_game(content, live.path, full=True).timeline.state


def _long_game(content: ContentPack, setup: Setup, path: Path) -> Session:
    """A game of 45 actions with checkpoints after entries 10, 20, 30, 40, and one undo; closed
    (too soon after the last checkpoint for one more), so it can be resumed."""
    session = Session.new(content, setup, path=path)
    for _ in range(45):
        session.dispatch(DestroyHero())
    session.undo()
    session.close()
    return session


@pytest.fixture
def every_ten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 10)


@pytest.mark.usefixtures("every_ten")
def test_without_its_checkpoints_the_same_game_comes_back(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    live = _long_game(content, setup, tmp_path / "g.jsonl")
    assert len(_checkpoint_lines(live.path)) == 4
    lines = live.path.read_bytes().split(b"\n")
    bare = tmp_path / "bare.jsonl"
    marked = set(_checkpoint_lines(live.path))
    bare.write_bytes(b"\n".join(line for n, line in enumerate(lines) if n not in marked))
    with Session.resume(content, bare) as resumed:
        assert resumed.warnings == []
        _same(live, resumed)


@pytest.mark.usefixtures("every_ten")
@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda line: line.replace(b'"wounds": 0', b'"wounds": 3', 1), id="state"),
        pytest.param(lambda line: line[:-30] + b"}", id="not-json"),
        pytest.param(lambda line: line.replace(b'"entries": 40', b'"entries": 41'), id="entries"),
    ],
)
def test_a_damaged_checkpoint_is_reported_and_replayed_around(
    content: ContentPack, setup: Setup, tmp_path: Path, damage: object
) -> None:
    """The last checkpoint edited: its digest fails, the one before is used, nothing lost."""
    live = _long_game(content, setup, tmp_path / "g.jsonl")
    lines = live.path.read_bytes().split(b"\n")
    last = _checkpoint_lines(live.path)[-1]
    lines[last] = damage(lines[last])  # type: ignore[operator]
    live.path.write_bytes(b"\n".join(lines))
    with Session.resume(content, live.path) as resumed:
        assert len(resumed.warnings) == 1
        assert f"line {last + 1}: the checkpoint " in resumed.warnings[0]
        assert "nothing is lost" in resumed.warnings[0]
        _same(live, resumed)
        assert len(resumed.history) == 44


@pytest.mark.usefixtures("every_ten")
def test_lines_removed_before_a_checkpoint_are_not_trusted_to_it(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """An entry deleted by hand: every checkpoint after it is no longer where it was written,
    so the game is replayed from the journal as it now is (one action fewer), with warnings."""
    live = _long_game(content, setup, tmp_path / "g.jsonl")
    lines = live.path.read_bytes().split(b"\n")
    del lines[5]
    live.path.write_bytes(b"\n".join(lines))
    with Session.resume(content, live.path) as resumed:
        assert len(resumed.warnings) == 4
        assert len(resumed.history) == 43
        assert resumed.state.tally.heroes_destroyed == 43


@pytest.mark.usefixtures("every_ten")
def test_a_resume_reads_only_what_follows_the_checkpoint(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """Garbage in place of an entry before the last checkpoint goes unread by a resume (the
    checkpoint stands for it) until an undo reaches back to it."""
    live = _long_game(content, setup, tmp_path / "g.jsonl")
    data = live.path.read_bytes()
    first = data.index(b"\n") + 1
    end = data.index(b"\n", first)
    live.path.write_bytes(data[:first] + b"x" * (end - first) + data[end:])
    with Session.resume(content, live.path) as resumed:
        assert resumed.history[:3] == ["A hero is destroyed"] * 3
        assert resumed.state == live.state


@pytest.mark.usefixtures("every_ten")
def test_summaries_read_the_checkpoint_a_closed_game_ends_with(
    content: ContentPack, setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing a game that moved on since its last checkpoint adds one; its summary then
    comes from it alone, and is the one a replay gives."""
    monkeypatch.setattr(checkpoints, "CLOSE_AFTER", 5)
    path = tmp_path / "g.jsonl"
    _long_game(content, setup, path)
    tail = json.loads(path.read_bytes().split(b"\n")[-2])
    assert tail["op"] == "checkpoint" and tail["entries"] == 46
    quick = summarize(content, path)
    assert (quick.actions, quick.turn, quick.finished, quick.damaged) == (44, 1, False, None)
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join([lines[0], b"x" * len(lines[1]), *lines[2:]]))
    assert summarize(content, path).damaged is None  # the entries are not even read
    path.write_bytes(b"\n".join(lines))
    path.write_bytes(b"\n".join(lines[:-2] + [b""]))  # without it: replayed, the same summary
    slow = summarize(content, path)
    assert (slow.actions, slow.turn, slow.position, slow.boss, slow.edition) == (
        quick.actions,
        quick.turn,
        quick.position,
        quick.boss,
        quick.edition,
    )
