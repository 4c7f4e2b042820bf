"""In a Latin-1 locale: `consul export` to stdout writes valid output whatever the names hold,
and the table screen says it needs UTF-8 instead of drawing `\\u2500` for every border."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from msgspec.structs import replace

from consul_app.base import paths
from consul_app.commands.cli import main
from consul_app.content.cache import load_pack_cached
from consul_app.content.validate import dump
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from consul_app.session.export import to_json
from consul_app.session.load import load_game
from consul_app.tui.app import ConsulApp
from consul_app.tui.watch_app import WatchApp

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache

PET = "Ŏbi the Cat ẞ"
"""A pet's free name with letters Latin-1 lacks."""


@contextlib.contextmanager
def latin1() -> Iterator[io.BytesIO]:
    """stdout as a terminal in a Latin-1 locale, for the `with` block; its bytes. (Set inside
    the test: pytest puts its own capture back on sys.stdout after the fixtures.)"""
    raw = io.BytesIO()
    terminal = io.TextIOWrapper(raw, encoding="latin-1", newline="\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", terminal)
        yield raw
        terminal.flush()
    terminal.detach()


@pytest.fixture
def save(tmp_path: Path) -> Path:
    pack = load_pack_cached()
    setup = replace(default_setup(pack.edition("sde2")), pets=[PET])
    with Session.new(pack, setup, path=tmp_path / "game.jsonl") as session:
        session.dispatch(DestroyHero())
    return session.path


def test_json_export_is_valid_json_in_latin1(save: Path) -> None:
    with latin1() as raw:
        assert main(["export", str(save), "--format", "json"]) == 0
    out = raw.getvalue().decode("latin-1")
    assert json.loads(out) == to_json(load_game(load_pack_cached(), save))
    assert PET in json.dumps(json.loads(out), ensure_ascii=False)


def test_markdown_export_keeps_every_name_in_latin1(tmp_path: Path) -> None:
    """The boss is renamed (in the user's own content) with letters Latin-1 lacks: the
    Markdown writes them as character references, which Markdown shows as the letters."""
    pack = load_pack_cached()
    setup = default_setup(pack.edition("sde2"))
    boss = pack.edition("sde2").dungeon_bosses[setup.boss]
    renamed = {**dump(boss), "name": PET}
    paths.user_content_dir().mkdir(parents=True)
    (paths.user_content_dir() / "boss.yaml").write_text(
        json.dumps({"dungeon_bosses": [renamed]}), encoding="utf-8"
    )
    pack = load_pack_cached()
    with Session.new(pack, setup, path=tmp_path / "game.jsonl") as session:
        session.dispatch(DestroyHero())
    with latin1() as raw:
        assert main(["export", str(session.path), "--format", "md"]) == 0
    out = raw.getvalue().decode("latin-1")
    assert "A hero is destroyed" in out
    assert "&#334;bi the Cat &#7838;" in out


def test_the_table_screen_says_it_needs_utf8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[ConsulApp] = []
    monkeypatch.setattr(ConsulApp, "run", lambda self, *a, **k: ran.append(self))
    with latin1():
        assert main([]) == 2
    assert ran == []
    err = capsys.readouterr().err
    assert "needs a UTF-8 terminal, and this one is latin-1" in err
    assert "LANG=C.UTF-8" in err


def test_the_watch_screen_says_it_needs_utf8(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[WatchApp] = []
    monkeypatch.setattr(WatchApp, "run", lambda self, *a, **k: ran.append(self))
    with latin1():
        assert main(["watch"]) == 2
    assert ran == []
    assert "needs a UTF-8 terminal, and this one is latin-1" in capsys.readouterr().err
