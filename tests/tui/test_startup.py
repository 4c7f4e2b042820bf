"""Start-up as `consul` does it: the content from its cache and the screen to work with (new
game, saved games or the table) in the first frame; else (no cache, changed content) a loading
screen at once, the content loaded behind it, then that screen; content errors end the app."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.content import cache as content_cache
from consul_app.rules import default_setup
from consul_app.tui.app import ConsulApp, LoadingScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, options, text, until
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


def load_done(app: ConsulApp) -> bool:
    return app.loader is not None and not app.loader.is_alive()


async def loaded(pilot: Pilot[None]) -> None:
    """Wait for the loading thread and the screen it opens."""
    await until(pilot, lambda: load_done(pilot.app))  # type: ignore[arg-type]
    await until(pilot, lambda: not isinstance(pilot.app.screen, LoadingScreen))
    await pilot.pause()


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
        assert isinstance(app.screen, ResumeScreen)
        assert text(app.screen.query_one("#damaged")).startswith("This save cannot be resumed: ")
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
    assert save.read_bytes() == b"not a journal\n"


async def test_content_errors_end_the_app_with_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "monsters.yaml").write_text("monsters:\n  - id: Not A Slug\n", encoding="utf-8")
    app = ConsulApp(content_dirs=[bad])
    async with app.run_test(size=WIDE) as pilot:
        # The loader posts LoadFailed; under load its handler may run frames later.
        await until(pilot, lambda: app.load_error is not None)
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
        "import sys, consul_app.commands.cli, consul_app.tui.app;"
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
        [
            sys.executable,
            "-c",
            "import sys, consul_app.commands.cli; print('textual' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert help_only == "False"


FIRST_SCREEN_THEN_WARM_UP = """
import asyncio, sys, time
from consul_app.tui.app import ConsulApp

async def until(pilot, condition):
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await pilot.pause(0.02)

async def main():
    app = ConsulApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
        print(" ".join(sys.modules))
        await until(pilot, lambda: app.warmer is not None and not app.warmer.is_alive())
        print(" ".join(sys.modules))
asyncio.run(main())
"""


def test_the_first_screen_loads_what_it_shows_and_the_warm_up_the_rest() -> None:
    """The new-game screen needs the engine's setup, not its actions, state or views, nor the
    YAML parser or pydantic (the content comes from the cache, read by msgspec); the warm-up
    loads the engine once it is up, still without either (msgspec reads and writes games)."""
    content_cache.load_pack_cached()  # the cache, as after any start
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN_THEN_WARM_UP],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    first, warm = (set(line.split()) for line in done.stdout.splitlines())
    later = {
        "json",  # (the preferences read TOML only if there is a file: there is none here)
        "tomllib",
        "yaml",
        "pydantic",
        "consul_app.content.loader",
        "consul_app.rules.model.actions",
        "consul_app.rules.model.state",
        "consul_app.rules.model.steps",  # (an edition's words name no step until asked)
        "consul_app.rules.engine",
        "consul_app.rules.views.cards",
        "consul_app.session.session",
        "consul_app.tui.screens.table",
    }
    assert "consul_app.rules.model.setup" in first
    assert first & later == set()
    assert later - {"json", "tomllib", "yaml", "pydantic", "consul_app.content.loader"} <= warm
    assert "yaml" not in warm  # the table needs it only to save a chart correction
    assert not {m for m in warm if m.split(".")[0] == "pydantic"}  # only content YAML needs it


QUIT_WHILE_LOADING = """
import asyncio, threading
from consul_app.content import cache
cache.load_pack_cached = lambda *args, **kwargs: threading.Event().wait()  # never loads
from consul_app.tui.app import ConsulApp, LoadingScreen

async def main():
    app = ConsulApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadingScreen)
        await pilot.press("ctrl+q")
asyncio.run(main())
print("quit")
"""


def test_ctrl_q_quits_while_the_content_is_loading(tmp_path: Path) -> None:
    """A load that never ends (a slow disk, a stuck file) does not keep the process alive."""
    env = {**os.environ, "CONSUL_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", QUIT_WHILE_LOADING],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "quit"


@pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
async def test_a_special_save_given_is_named_and_a_new_game_offered(
    kind: str, tmp_path: Path
) -> None:
    save = Path("/dev/zero")
    if kind == "fifo":
        save = tmp_path / "game.jsonl"
        os.mkfifo(save)
    app = ConsulApp(save=save)
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, ResumeScreen)
        said = text(app.screen.query_one("#damaged"))
        assert "cannot read the save (not a regular file" in said


async def test_an_empty_content_file_is_shown_as_a_warning(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    app = ConsulApp(content_dirs=[mine])
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        warnings = [n for n in notes(app) if n.startswith("Content warning: ")]
        assert len(warnings) == 1
        assert warnings[0].endswith("empty.yaml: empty file, no content in it")


async def test_a_data_folder_that_cannot_be_written_says_so_and_offers_a_way_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its saves folder is a file here (as root, permissions would not stop the test): the
    game cannot be saved, the message says what to do and the new-game screen is back, filled
    in as it was (it used to hang, or leave a stale "Loading the content..." screen)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "saves").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CONSUL_DATA_DIR", str(data))
    app = ConsulApp()
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("right")  # another boss than the default
        chosen = app.screen.setup
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        note = notes(app)[-1]
        assert note.startswith(f"Cannot save a new game: {data / 'saves'}: cannot keep saves ")
        assert "(not a folder)" in note and "CONSUL_DATA_DIR" in note and "--save" in note
        assert "Your choices are kept: Enter on each page tries again." in note
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.setup == chosen and app.screen.page == 0  # (so: not "last page")
        assert "Loading" not in text(app.screen_stack[0].query_one("#loading"))


@pytest.fixture
def first_screens(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of the screen of every frame the app draws, in order."""
    screens: list[str] = []
    display = App._display

    def spy(app: App[None], screen: Screen[object], renderable: object) -> None:
        if renderable is not None:
            screens.append(type(screen).__name__)
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "_display", spy)
    return screens


async def test_with_a_fresh_cache_the_first_frame_is_the_screen_to_work_with(
    first_screens: list[str],
) -> None:
    """The content read from its cache before the first frame: no loading screen, no loader."""
    content_cache.load_pack_cached()  # the cache, as after any start
    app = ConsulApp()
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: bool(first_screens))
        await pilot.pause()
        assert app.loader is None
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter", "enter", "enter")
        assert isinstance(app.screen, TableScreen)
    assert first_screens[0] == "NewGameScreen"
    assert "LoadingScreen" not in first_screens


async def test_changed_content_is_loaded_from_the_files_behind_the_loading_screen(
    tmp_path: Path, first_screens: list[str]
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    content_cache.load_pack_cached([mine])
    (mine / "empty.yaml").write_text("# still nothing\n", encoding="utf-8")  # the cache is stale
    app = ConsulApp(content_dirs=[mine])
    async with app.run_test(size=WIDE) as pilot:
        await loaded(pilot)
        assert isinstance(app.screen, NewGameScreen)
    assert first_screens[0] == "LoadingScreen"


async def test_the_content_warnings_come_with_the_content_from_its_cache(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    content_cache.load_pack_cached([mine])
    app = ConsulApp(content_dirs=[mine])
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.loader is None
        warnings = [n for n in notes(app) if n.startswith("Content warning: ")]
        assert len(warnings) == 1 and warnings[0].endswith(
            "empty.yaml: empty file, no content in it"
        )
