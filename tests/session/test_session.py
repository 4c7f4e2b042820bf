"""Session: new games, naming, journaling before publishing, undo/redo."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from msgspec.structs import replace

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.content.validate import dump
from consul_app.rules import (
    DestroyHero,
    EndTurn,
    GameState,
    RuleError,
    Setup,
    SetupError,
    Wound,
    describe,
)
from consul_app.session import SaveError, Session
from consul_app.session.naming import slug
from consul_app.session.session import Clock
from consul_app.session.timeline import RECENT, Done, Stack, Timeline


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _boss_slug(content: ContentPack, setup: Setup) -> str:
    return slug(content.edition(setup.edition).dungeon_bosses[setup.boss].name)


def test_new_game_names_the_save_by_date_and_boss(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    stem = f"2026-11-30-{_boss_slug(content, setup)}"
    sessions = [Session.new(content, setup, clock=clock) for _ in range(3)]
    assert [s.path for s in sessions] == [
        saves_dir() / f"{stem}.jsonl",
        saves_dir() / f"{stem}-2.jsonl",
        saves_dir() / f"{stem}-3.jsonl",
    ]
    for session in sessions:
        session.close()
    header = _lines(sessions[0].path)[0]
    chart = sessions[0].state.chart or ""
    assert header == {
        "format": "consul-journal",
        "version": 1,
        "game": "sde",
        "app": "consul-app 0.1.0",
        "created": "2026-11-30T20:15:00+01:00",
        "pack": {
            "sources": content.sources,
            "content_hash": content.edition(setup.edition).content_hash(),
        },
        "setup": dump(setup),
        "chart": dump(content.edition(setup.edition).charts[chart]),
    }
    assert sorted(p.name for p in saves_dir().iterdir()) == sorted(s.path.name for s in sessions)


def test_explicit_path_is_never_overwritten(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    path = tmp_path / "mine.jsonl"
    with Session.new(content, setup, path=path) as session:
        session.dispatch(DestroyHero())
    before = path.read_bytes()
    with pytest.raises(SaveError, match="a save already exists there; resume it instead"):
        Session.new(content, setup, path=path)
    assert path.read_bytes() == before


def test_bad_setup_creates_no_file(content: ContentPack, setup: Setup) -> None:
    with pytest.raises(SetupError):
        Session.new(content, replace(setup, boss="nobody"))
    assert not saves_dir().exists() or not list(saves_dir().iterdir())


def test_dispatch_journals_before_publishing(content: ContentPack, setup: Setup) -> None:
    seen: list[tuple[GameState, list[dict]]] = []
    session = Session.new(content, setup, listener=lambda s: seen.append((s, _lines(path))))
    path = session.path
    state = session.dispatch(DestroyHero())
    assert state is session.state
    assert seen[-1][0] is state
    assert seen[-1][1][-1] == {
        "op": "do",
        "action": {"type": "destroy_hero"},
        "label": describe(session.pack, DestroyHero()),
    }
    assert session.undo() == "A hero is destroyed"
    assert seen[-1][1][-1] == {"op": "undo"}
    assert session.redo() == "A hero is destroyed"
    assert seen[-1][1][-1] == {"op": "redo"}
    assert len(seen) == 3
    session.close()


def test_refused_action_writes_nothing(content: ContentPack, setup: Setup) -> None:
    with Session.new(content, setup) as session:
        before = session.path.read_bytes()
        with pytest.raises(RuleError, match="has not spawned yet"):
            session.dispatch(Wound())
        assert session.path.read_bytes() == before
        assert session.history == []


def test_undo_redo_round_trip(content: ContentPack, setup: Setup) -> None:
    with Session.new(content, setup) as session:
        assert (session.can_undo, session.can_redo) == (False, False)
        assert session.undo() is None and session.redo() is None
        start = session.state
        session.dispatch(DestroyHero())
        after_hero = session.state
        session.dispatch(EndTurn())
        after_end = session.state
        assert session.history == [describe(session.pack, EndTurn()), "A hero is destroyed"]
        assert session.undo_label == describe(session.pack, EndTurn())
        assert session.undo() == describe(session.pack, EndTurn())
        assert session.state == after_hero
        assert session.undo() == "A hero is destroyed"
        assert session.state == start
        assert (session.can_undo, session.can_redo) == (False, True)
        assert session.redo_label == "A hero is destroyed"
        assert session.redo() == "A hero is destroyed"
        assert session.redo() == describe(session.pack, EndTurn())
        assert session.state == after_end
        assert session.redo() is None
        assert len(_lines(session.path)) == 1 + 2 + 4  # header, two actions, four un/redos


def test_new_action_after_undo_clears_redo(content: ContentPack, setup: Setup) -> None:
    with Session.new(content, setup) as session:
        session.dispatch(EndTurn())
        session.undo()
        session.dispatch(DestroyHero())
        assert not session.can_redo
        assert session.history == ["A hero is destroyed"]
    with Session.resume(content, session.path) as resumed:
        assert not resumed.can_redo
        assert resumed.history == ["A hero is destroyed"]
        assert resumed.state == session.state


def test_long_undo_crosses_snapshots(content: ContentPack, setup: Setup) -> None:
    with Session.new(content, setup) as session:
        states = [session.state]
        for _ in range(70):
            states.append(session.dispatch(DestroyHero()))
        for expected in reversed(states[:-1]):
            session.undo()
            assert session.state == expected
        for expected in states[1:]:
            session.redo()
            assert session.state == expected


def test_undoing_one_of_the_last_actions_replays_nothing(
    content: ContentPack, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Session.new(content, setup) as session:
        states = [session.state]
        for _ in range(RECENT + 3):  # (no snapshot but the first: a replay would be long)
            states.append(session.dispatch(DestroyHero()))
        with monkeypatch.context() as patch:
            patch.setattr(Timeline, "replay", None)  # a replay would fail
            for expected in reversed(states[-RECENT:-1]):
                session.undo()
                assert session.state == expected
    played = Timeline(session.rules, states[0], done=Stack())
    for n in range(1, 4):
        played.do(n, Done(DestroyHero(), "h"), states[n])
    reopened = Timeline(session.rules, states[0], done=played.done)  # its state as opened too
    monkeypatch.setattr(Timeline, "replay", None)
    reopened.do(4, Done(DestroyHero(), "h"), states[4])
    reopened.undo()
    assert reopened.state == states[3]


def test_session_imports_neither_textual_nor_rich() -> None:
    code = (
        "import sys, consul_app.session, consul_app.session.export; "
        "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "[]\n"


def test_failed_write_publishes_what_the_file_holds_and_stops(
    content: ContentPack, setup: Setup
) -> None:
    """The fsync failed after the line was written: the file holds the action, so the state
    (published once) does too; then the session writes no more."""
    published: list[GameState] = []
    session = Session.new(content, setup, listener=published.append)
    session.dispatch(DestroyHero())
    published[:] = []

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", full)
        with pytest.raises(SaveError, match="No space left on device\\). The save holds 2 "):
            session.dispatch(DestroyHero())
    assert published == [session.state]
    assert session.history == ["A hero is destroyed", "A hero is destroyed"]
    with pytest.raises(SaveError, match="closed after a failed write; resume the save"):
        session.undo()
    assert len(published) == 1
    with Session.resume(content, session.path) as resumed:  # the file is the truth
        assert resumed.history == session.history
