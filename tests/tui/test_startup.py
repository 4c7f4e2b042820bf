"""Start-up as `consul` does it: a loading screen at once, the content loaded behind it, then
the screen to work with (new game, saved games or the table); content errors end the app."""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from consul_app.content import ContentPack
from consul_app.content import cache as content_cache
from consul_app.paths import saves_dir
from consul_app.rules import default_setup
from consul_app.tui.app import ConsulApp, LoadingScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, options, text
from .scenarios import WIDE, idle, play_saved

TURN_TWO = idle(lambda pack, state: state.turn == 2)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Loading the content waits until the test sets this event."""
    event = threading.Event()
    load = content_cache.load_pack_cached

    def held(*args: object, **kwargs: object) -> ContentPack:
        assert event.wait(10), "the test never let the content load"
        return load(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(content_cache, "load_pack_cached", held)
    yield event
    event.set()


async def loaded(pilot: Pilot[None]) -> None:
    """Wait for the loading worker and the screen it opens."""
    await pilot.app.workers.wait_for_complete()
    for _ in range(50):
        await pilot.pause()
        if not isinstance(pilot.app.screen, LoadingScreen):
            return
    raise AssertionError("still on the loading screen")


async def test_the_first_frame_is_the_loading_screen(gate: threading.Event) -> None:
    app = ConsulApp()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadingScreen)
        assert "Loading the content" in text(app.screen.query_one("#loading"))
        await pilot.press("n", "o", "question_mark")  # nothing to open yet: ignored
        assert isinstance(app.screen, LoadingScreen)
        gate.set()
        await loaded(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.content is not None
        await pilot.press("enter", "enter", "enter")
        assert isinstance(app.screen, TableScreen)


async def test_a_game_in_progress_is_offered_once_loaded(content: ContentPack) -> None:
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    play_saved(
        content, save, default_setup(content.edition("sde2")), idle(lambda p, s: s.turn == 2)
    )
    app = ConsulApp()
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert "turn 2" in options(app.screen.query_one(OptionList))
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.state.turn == 2


async def test_a_save_given_opens_on_the_table(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    play_saved(
        content, save, default_setup(content.edition("sde2")), idle(lambda p, s: s.turn == 2)
    )
    app = ConsulApp(save=save)
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.path == save


async def test_a_damaged_save_given_is_named_and_a_new_game_offered(tmp_path: Path) -> None:
    save = tmp_path / "damaged.jsonl"
    save.write_bytes(b"not a journal\n")
    app = ConsulApp(save=save)
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert any(n.startswith("Cannot resume: ") for n in notes(app))
    assert save.read_bytes() == b"not a journal\n"


async def test_content_errors_end_the_app_with_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "monsters.yaml").write_text("monsters:\n  - id: Not A Slug\n", encoding="utf-8")
    app = ConsulApp(content_dirs=[bad])
    async with app.run_test(size=WIDE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert app.return_code == 2
    assert app.load_error is not None
    assert "monsters.yaml:2" in app.load_error
    assert app.content is None


async def test_the_garbage_collector_is_back_on_after_start_up() -> None:
    """`consul play` starts with it off (see commands/play.py); the app turns it back on."""
    gc.disable()
    try:
        app = ConsulApp()
        async with app.run_test(size=WIDE) as pilot:
            await loaded(pilot)
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


def test_nothing_heavy_is_imported_before_the_first_frame() -> None:
    """`consul --help` and the first frame need neither the engine, pydantic nor the YAML
    parser; the app module needs only textual."""
    code = (
        "import sys, consul_app.cli, consul_app.tui.app;"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pydantic', 'yaml', 'rich', 'textual') or m.startswith(('consul_app.rules', "
        "'consul_app.session', 'consul_app.content', 'consul_app.tui.screens')))))"
    )
    loaded_modules = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    heavy = [
        m
        for m in loaded_modules
        if m.split(".")[0] in ("pydantic", "yaml") or m.startswith("consul_app.")
    ]
    assert heavy == []
    help_only = subprocess.run(
        [sys.executable, "-c", "import sys, consul_app.cli; print('textual' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert help_only == "False"
