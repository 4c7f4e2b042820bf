"""`consul list`, `export`, `watch` and `serve` on MD2 saves, as on SDE ones."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from serve.browser import Browser, chromium
from serve.served import DEADLINE as SERVE_DEADLINE
from serve.served import Served
from session.players import bundled_pack
from textual.pilot import Pilot
from textual.widgets import Static

from consul_app.base.paths import saves_dir
from consul_app.commands.cli import main
from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup
from consul_app.md2.rules import actions as a
from consul_app.md2.tui.watch import Md2WatchScreen
from consul_app.session import Session
from consul_app.tui.watch_app import WatchApp

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache

DEADLINE = 30.0


@pytest.fixture
def md2_save(content: Md2Content) -> Path:
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "2026-12-01-md2-bard-tinkerer.jsonl"
    setup = Md2Setup(heroes=("bard", "tinkerer"))
    with Session.new(content, setup, path=path, game="md2") as session:
        session.dispatch(a.StartTurn(hero="tinkerer"))
        session.dispatch(a.PlaceBomb(size="large", zone="Crypt", pay="item"))
    return path


def test_list_shows_an_md2_save(md2_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # (the game's words wrap in a narrow column)
    assert "2026-12-01-md2-bard-tinkerer" in out and "Bard & Tinkerer, MD2" in out


def test_export_an_md2_save(md2_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(md2_save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Massive Darkness 2: Bard & Tinkerer")
    assert "- A large bomb placed in Crypt (discarding an item)" in out
    assert main(["export", "1", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["game"] == "md2"
    assert exported["final"]["tinkerer"]["placed"] == {"Crypt": {"large": 1}}


def test_export_of_a_damaged_md2_save_exits_2(
    md2_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = md2_save.read_text(encoding="utf-8").replace('"zone": "Crypt"', '"zone": ""')
    md2_save.write_text(text, encoding="utf-8")
    assert main(["export", str(md2_save)]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and "zone" in err and "Traceback" not in err


async def until(pilot: Pilot[object], condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, f"not within {DEADLINE} s: {what}"
        await pilot.pause(0.02)


def _words(app: WatchApp) -> str:
    if not isinstance(app.screen, Md2WatchScreen):
        return ""
    return " ".join(" ".join(str(s.render()) for s in app.screen.query(Static)).split())


async def test_watch_follows_an_md2_save(content: Md2Content, md2_save: Path) -> None:
    """Read-only: the save's bytes never change, no key reaches an action, each action
    played meanwhile is shown."""
    before = hashlib.sha256(md2_save.read_bytes()).hexdigest()
    app = WatchApp(bundled_pack(), save=md2_save)
    async with app.run_test(size=(120, 40)) as pilot:
        shown = ("WATCHING read-only", "Crypt: 1 large")
        await until(pilot, lambda: all(s in _words(app) for s in shown), "the watch screen")
        for key in ("e", "b", "u", "1", "x"):
            await pilot.press(key)
        assert hashlib.sha256(md2_save.read_bytes()).hexdigest() == before
        with Session.resume(content, md2_save) as player:
            player.dispatch(a.DrawGizmo(tier="epic"))
        await until(pilot, lambda: "Gizmos: Epic ×1" in _words(app), "the new action")
        assert "last: An Epic gizmo drawn" in _words(app)


@pytest.mark.skipif(chromium() is None, reason="needs Debian's chromium (.ci/run installs it)")
async def test_serve_shows_an_md2_save_in_a_browser(
    content: Md2Content, md2_save: Path, tmp_path: Path
) -> None:
    """`consul serve SAVE` hands each browser `consul watch SAVE`: the dashboards, following
    the game."""
    served = Served(md2_save)
    try:
        await served.ready()
        async with Browser(tmp_path / "profile", SERVE_DEADLINE) as browser:
            await browser.open(served.url)
            await browser.until_shown("WATCHING read-only", "Crypt: 1 large")
            with Session.resume(content, md2_save) as player:
                player.dispatch(a.DrawGizmo(tier="rare"))
            await browser.until_shown("A Rare gizmo drawn")
            assert served.stop() == 0
    finally:
        served.end(md2_save)


async def test_watch_without_a_save_follows_the_md2_game_in_progress(md2_save: Path) -> None:
    app = WatchApp(bundled_pack())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "WATCHING read-only" in _words(app), "the watch screen")
        assert md2_save.name in _words(app)


def test_consul_plays_no_md2_save(md2_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`consul --save` of an MD2 save says which command plays it (the SDE table cannot)."""
    assert main(["--save", str(md2_save)]) == 2
    assert "a save of another game (md2); play it with `consul md2 --save SAVE`" in (
        capsys.readouterr().err
    )


def test_the_sde_resume_list_leaves_md2_saves_out(md2_save: Path) -> None:
    from consul_app.session import list_saves
    from consul_app.tui.app import sde_saves

    saves = list_saves(bundled_pack())
    assert [s.game for s in saves] == ["md2"]
    assert sde_saves(saves) == []
