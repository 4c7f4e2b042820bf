"""`overlap=True`: the line is written, its fsync runs on the journal's one thread while the
caller goes on, and `settle()` waits for it. A failed fsync ends exactly as without overlap
(injected with a monkeypatched `os.fsync`, as in test_write_failure.py), and a game played with
overlap writes the same journal bytes as without."""

from __future__ import annotations

import errno
import os
import random
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup, default_setup
from consul_app.session import SaveError, Session
from consul_app.session.session import Clock
from session.players import random_action

ACTIONS = 12
MOVES: dict[str, Callable[..., object]] = {
    "dispatch": lambda session, **overlap: session.dispatch(DestroyHero(), **overlap),
    "undo": lambda session, **overlap: session.undo(**overlap),
    "redo": lambda session, **overlap: session.redo(**overlap),
}


def _game(content: ContentPack, setup: Setup, folder: Path, clock: Clock) -> Session:
    """12 actions journaled, the last one undone (so each move has something to do)."""
    folder.mkdir()
    game = Session.new(content, setup, path=folder / "game.jsonl", clock=clock)
    for _ in range(ACTIONS):
        game.dispatch(DestroyHero())
    game.undo()
    return game


def _fsync_fails(*args: object) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def _failed(content: ContentPack, game: Session, move: str, overlap: bool) -> tuple[object, ...]:
    """Make `move` with every fsync failing: what the session, the file and the Consul see."""
    told: list[bytes] = []
    game.listener = lambda state: told.append(msgspec.json.encode(state))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _fsync_fails)
        if overlap:
            MOVES[move](game, overlap=True)  # the fsync's outcome is for `settle` to tell
            assert told == []  # nothing is published before its fsync returned
            with pytest.raises(SaveError) as caught:
                game.settle()
        else:
            with pytest.raises(SaveError) as caught:
                MOVES[move](game)
    with Session.resume(content, game.path) as again:  # the save was let go of
        resumed = [d.label for d in again.actions]
    assert caught.value is game.failed
    return (
        msgspec.json.encode(game.state),
        [d.label for d in game.actions],
        (game.undo_label, game.redo_label),
        resumed,
        game.path.read_bytes(),
        str(caught.value).replace(str(game.path), "<save>"),
        told,
    )


@pytest.mark.parametrize("move", MOVES)
def test_a_failed_fsync_with_overlap_ends_as_without(
    content: ContentPack, setup: Setup, clock: Clock, tmp_path: Path, move: str
) -> None:
    plain = _game(content, setup, tmp_path / "plain", clock)
    overlapped = _game(content, setup, tmp_path / "overlap", clock)
    expected = _failed(content, plain, move, overlap=False)
    assert _failed(content, overlapped, move, overlap=True) == expected
    assert "cannot write the save (Input/output error)" in expected[5]  # type: ignore[operator]
    for game in (plain, overlapped):
        with pytest.raises(SaveError, match="closed after a failed write"):
            game.dispatch(DestroyHero(), overlap=True)
        game.close()


def test_the_fsync_runs_on_one_thread_while_the_caller_goes_on(
    content: ContentPack, setup: Setup, clock: Clock, tmp_path: Path
) -> None:
    """The caller gets the action before its fsync returned; every fsync runs on the same
    thread, not the caller's (none is started per action)."""
    game = _game(content, setup, tmp_path / "game", clock)
    real_fsync = os.fsync
    release = threading.Event()
    threads: list[int] = []

    def held_fsync(fd: int) -> None:
        threads.append(threading.get_ident())
        assert release.wait(30)
        real_fsync(fd)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", held_fsync)
        for _ in range(3):
            release.clear()
            before = len(game.actions)
            game.dispatch(DestroyHero(), overlap=True)  # returns while the fsync waits
            assert len(game.actions) == before + 1
            release.set()
            game.settle()
    game.close()
    assert len(threads) == 3
    assert len(set(threads)) == 1
    assert threads[0] != threading.get_ident()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(length=st.integers(0, 60), seed=st.integers(0, 2**32))
def test_a_game_with_overlap_writes_the_same_journal(
    content: ContentPack, clock: Clock, tmp_path: Path, length: int, seed: int
) -> None:
    """Random actions, undos and redos, each made with and without overlap (settled at once,
    or only by the next change or `close`): the same file, the same states published."""
    setup = default_setup(content.edition("sde2"))
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    plain = Session.new(content, setup, path=folder / "plain.jsonl", clock=clock)
    overlapped = Session.new(content, setup, path=folder / "overlap.jsonl", clock=clock)
    told: dict[str, list[bytes]] = {"plain": [], "overlap": []}
    plain.listener = lambda state: told["plain"].append(msgspec.json.encode(state))
    overlapped.listener = lambda state: told["overlap"].append(msgspec.json.encode(state))
    rng = random.Random(seed)
    for _ in range(length):
        roll = rng.random()
        if roll < 0.15:
            assert overlapped.undo(overlap=True) == plain.undo()
        elif roll < 0.25:
            assert overlapped.redo(overlap=True) == plain.redo()
        elif action := random_action(plain.pack, plain.state, rng):
            assert overlapped.dispatch(action, overlap=True) == plain.dispatch(action)
        if rng.random() < 0.5:
            overlapped.settle()
    plain.close()
    overlapped.close()
    assert overlapped.path.read_bytes() == plain.path.read_bytes()
    assert told["overlap"] == told["plain"]
