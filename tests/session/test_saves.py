"""The saves folder: summaries, newest first, and which game to offer to resume."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.content.cache import load_pack_cached
from consul_app.rules import DestroyHero, EndTurn, Setup, default_setup
from consul_app.session import Session, latest_unfinished, list_saves
from consul_app.session.checkpoint import CLOSE_AFTER
from session.players import random_action


def _touch(session: Session, when: int) -> None:
    os.utime(session.path, (when, when))


def _finished_game(content: ContentPack) -> Session:
    """A random SDE 1.0 game played until the heroes win."""
    session = Session.new(content, default_setup(content.edition("classic")))
    rng = random.Random(3)
    while not session.state.boss.defeated:
        action = random_action(session.pack, session.state, rng)
        assert action is not None and len(session.history) < 2000
        session.dispatch(action)
    return session


def test_list_and_latest_unfinished(content: ContentPack, setup: Setup) -> None:
    assert list_saves(content) == [] and latest_unfinished(content) is None
    with Session.new(content, setup) as older, Session.new(content, setup) as newer:
        older.dispatch(DestroyHero())
        newer.dispatch(EndTurn())
    with _finished_game(content) as won:
        pass
    damaged = saves_dir() / "2026-12-01-broken.jsonl"
    damaged.write_text("{}\n")
    (saves_dir() / ".2026-12-01-x.tmp").write_text("half a header")  # left by a crash
    for when, session in enumerate((older, newer, won), start=1_000_000):
        _touch(session, when)
    os.utime(damaged, (2_000_000, 2_000_000))

    saves = list_saves(content)
    assert [s.path for s in saves] == [damaged, won.path, newer.path, older.path]
    assert saves[0].damaged == f"{damaged}, line 1: not a Consul journal (no journal header)"
    assert saves[0].boss is None and not saves[0].finished
    assert saves[1].finished and saves[1].edition == "classic" and saves[1].position is None
    summary = saves[2]
    assert (summary.boss, summary.edition, summary.damaged) == (
        "Black-Handed Henry",
        "sde2",
        None,
    )
    assert (summary.turn, summary.position, summary.actions) == (1, 0, 1)
    assert summary.warnings == []
    assert latest_unfinished(content) == summary


READ_SUMMARY_LINES = """
import sys
from pathlib import Path
from consul_app.content.cache import load_pack_cached
from consul_app.session.saves import summarize

summary = summarize(load_pack_cached(), Path(sys.argv[1]))
print(summary.actions, summary.damaged, [m for m in sys.modules if "pydantic" in m])
"""


def _on_a_closed_save(content: ContentPack, setup: Setup, script: str) -> str:
    """What `script` prints, run in a fresh process on a save that ends in a checkpoint, with
    the content cache in place (as after any start)."""
    load_pack_cached()
    with Session.new(content, setup) as session:
        for _ in range(CLOSE_AFTER):  # enough for a checkpoint when it closes
            session.dispatch(DestroyHero())
    return subprocess.run(
        [sys.executable, "-c", script, str(session.path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout


def test_reading_a_summary_imports_no_pydantic(content: ContentPack, setup: Setup) -> None:
    """The start screen summarizes every save from its header and closing checkpoint, with the
    content from its cache: neither must import pydantic (16 MiB and about 60 ms of start-up)."""
    printed = _on_a_closed_save(content, setup, READ_SUMMARY_LINES)
    assert printed == f"{CLOSE_AFTER} None []\n"


PLAY_ON = """
import sys
from pathlib import Path
from consul_app.content.cache import load_pack_cached
from consul_app.rules import DestroyHero
from consul_app.session import Session

with Session.resume(load_pack_cached(), Path(sys.argv[1])) as session:
    session.dispatch(DestroyHero())
    session.undo()
    session.redo()
    print(len(session.actions), [m for m in sys.modules if m.split(".")[0] == "pydantic"])
"""


def test_resuming_and_playing_a_game_imports_no_pydantic(
    content: ContentPack, setup: Setup
) -> None:
    """Opening a save (from its checkpoint, with the cached content) and playing on read and
    write the game with msgspec: pydantic only validates content YAML."""
    printed = _on_a_closed_save(content, setup, PLAY_ON)
    assert printed == f"{CLOSE_AFTER + 1} []\n"


def test_a_save_unchanged_since_the_last_list_is_not_read_again(
    content: ContentPack, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second list reads no save (only their stamps and the kept summaries); a save
    played on, or another content, is read again; a kept file that is not ours is not used."""
    from consul_app.base.paths import cache_dir
    from consul_app.session import saves as saves_module

    games = []
    for _ in range(3):
        with Session.new(content, setup) as session:
            session.dispatch(DestroyHero())
        games.append(session)
    first = list_saves(content)
    assert (cache_dir() / "saves.json").is_file()
    read: list[object] = []
    real = saves_module.summarize

    def summarize(*args: object) -> object:
        read.append(args[1])
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(saves_module, "summarize", summarize)
    assert list_saves(content) == first and read == []
    with Session.resume(content, games[1].path) as session:
        session.dispatch(DestroyHero())
    again = list_saves(content)
    assert read == [games[1].path]
    assert next(s for s in again if s.path == games[1].path).actions == 2
    (cache_dir() / "saves.json").write_text('{"format": 1, "content": {}, "saves": []}')
    read.clear()
    assert list_saves(content) == again and len(read) == 3  # not a cache of ours: unused
    os.chmod(cache_dir() / "saves.json", 0o666)
    read.clear()
    assert list_saves(content) == again and len(read) == 3  # others may write it: unused


def test_a_summary_kept_with_the_editions_display_name_still_reads(
    content: ContentPack, setup: Setup
) -> None:
    """A summary carries the edition's id ("sde2"); one kept by an older Consul with the
    display name ("SDE 2.0") reads as that id, not summarized again."""
    from consul_app.base.paths import cache_dir

    with Session.new(content, setup) as session:
        session.dispatch(DestroyHero())
    (first,) = list_saves(content)
    assert first.edition == "sde2"
    kept = cache_dir() / "saves.json"
    kept.write_text(kept.read_text().replace('"edition":"sde2"', '"edition":"SDE 2.0"'))
    assert '"SDE 2.0"' in kept.read_text()
    assert list_saves(content) == [first]
