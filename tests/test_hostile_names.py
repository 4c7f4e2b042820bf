"""A save named with escape codes: every command that prints its name or path, and the watch
screen that draws it, shows the control characters escaped, never sends them to the terminal
(a name like HOSTILE retitled the terminal and cleared it)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from consul_app.base.paths import saves_dir
from consul_app.base.shown import shown
from consul_app.commands.cli import main
from consul_app.commands.watch import no_such_save
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import SaveLocked, Session
from consul_app.session.lock import SaveLock

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\u202egame"
"""Sets the terminal's title, clears it, turns it red and reverses the text after it."""
SEEN = "\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31m\\u202egame"
RAW = ("\x1b", "\x07", "\u202e")


def raw_in(text: str) -> bool:
    return any(char in text for char in RAW)


def test_shown_escapes_what_is_not_printable_and_leaves_the_rest() -> None:
    assert shown(HOSTILE) == SEEN
    assert shown(Path("/saves/Ægir's game ✓.jsonl")) == "/saves/Ægir's game ✓.jsonl"
    assert shown("line\nbreak\ttab") == "line\\nbreak\\ttab"
    assert shown("bad byte \udcff") == "bad byte \\udcff"
    assert shown("\U000e0001") == "\\U000e0001"


@given(st.text())
def test_shown_is_always_printable(name: str) -> None:
    assert shown(name).isprintable()
    if name.isprintable():
        assert shown(name) == name


@pytest.fixture
def hostile(content: ContentPack) -> Path:
    """A game saved in the saves folder under the hostile name."""
    path = saves_dir() / f"{HOSTILE}.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=path) as session:
        session.dispatch(DestroyHero())
    return path


def test_list_export_and_delete_show_the_name_escaped(
    hostile: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert SEEN in out and not raw_in(out)
    assert main(["export", "1", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert SEEN in out and not raw_in(out)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["delete", "1"]) == 1
    out = capsys.readouterr().out
    assert SEEN in out and not raw_in(out)
    assert main(["delete", "1", "--yes"]) == 0
    out = capsys.readouterr().out
    assert SEEN in out and not raw_in(out)


def test_a_damaged_save_is_named_escaped(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with hostile.open("ab") as file:
        file.write(b"garbage\n{}\n")
    assert main(["export", "1", "--format", "md"]) == 2
    err = capsys.readouterr().err
    assert SEEN in err and not raw_in(err)
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert SEEN in out and not raw_in(out)


def test_watch_of_no_such_save_says_its_name_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / HOSTILE
    assert no_such_save("watch", missing, missing)
    err = capsys.readouterr().err
    assert SEEN in err and not raw_in(err)


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_save_in_play_is_named_escaped(hostile: Path) -> None:
    lock = SaveLock(hostile)
    try:
        with pytest.raises(SaveLocked) as caught:
            SaveLock.check(hostile)
    finally:
        lock.release()
    assert SEEN in str(caught.value) and not raw_in(str(caught.value))


async def test_the_watch_screen_shows_the_name_escaped(
    content: ContentPack, hostile: Path
) -> None:
    from tui.helpers import text
    from tui.test_watch import opened

    from consul_app.tui.watch_app import WatchApp

    app = WatchApp(content, save=hostile)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        shown_text = text(app.screen)
        assert SEEN in shown_text.replace("\n", "") and not raw_in(shown_text)


async def test_watch_of_a_save_it_cannot_read_names_it_escaped(
    content: ContentPack, tmp_path: Path
) -> None:
    from tui.helpers import until

    from consul_app.tui.watch_app import WatchApp

    save = tmp_path / f"{HOSTILE}.jsonl"
    save.write_text("not a journal\n", encoding="utf-8")
    app = WatchApp(content, save=save)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.load_error is not None, "no load error")
    assert SEEN in app.load_error and not raw_in(app.load_error)
