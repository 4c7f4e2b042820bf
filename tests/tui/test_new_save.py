"""`consul --save NEW.jsonl` (no such file yet): its new game is saved there or nowhere. When
another Consul makes that save first, this one says so and saves elsewhere only when asked;
when the save cannot be made, the message fits how the app was started and what is shown."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from session.lock_child import DEADLINE, Child
from textual.widgets import OptionList

from consul_app.base import paths
from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.session import Session
from consul_app.session.save_files import save_paths
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, options, text, until
from .scenarios import WIDE, make_app


def saves_folder() -> list[Path]:
    """The saves in the saves folder (`consul list`'s)."""
    return save_paths()


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return tmp_path / "NEW.jsonl"


@pytest.fixture
def child(save: Path) -> Iterator[list[Child]]:
    """The other Consul, once a test starts it (killed at the end if still running)."""
    started: list[Child] = []
    yield started
    for other in started:
        if other.process.poll() is None:
            other.process.kill()
        other.process.wait(timeout=DEADLINE)


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
@pytest.mark.usefixtures("warm_content_cache")  # the other Consul reads the content's cache
async def test_a_second_consul_on_a_new_save_is_told_another_has_it_and_saves_nowhere_else(
    content: ContentPack, save: Path, child: list[Child]
) -> None:
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("right")  # another boss than the default
        chosen = app.screen.setup
        other = Child(save)  # the other Consul, started as this one: it starts its game first
        child.append(other)
        other.expect("ready")
        made = save.read_bytes()
        await pilot.press("enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, PickOneScreen), "no dialog")
        dialog = app.screen
        assert isinstance(dialog, PickOneScreen)
        said = text(dialog) + options(dialog.query_one(OptionList))
        assert f"this game is open in another Consul (pid {other.process.pid} on " in said
        assert "saved nowhere else unless you choose so" in said
        assert "Watch it, read-only" in said and str(paths.saves_dir()) in said
        assert saves_folder() == [] and save.read_bytes() == made
        await pilot.press("escape")  # back to the choices, kept
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "no new game")
        assert app.screen.setup == chosen  # type: ignore[attr-defined]
        await pilot.press("enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, PickOneScreen), "no dialog")
        await pilot.press("2")  # save it in the saves folder, as asked
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        session = app.screen.session  # type: ignore[attr-defined]
        assert saves_folder() == [session.path]
        assert session.state.setup == chosen
        assert f"A new game: saved as {session.path}" in notes(app)
        assert save.read_bytes() == made  # the other Consul's game, untouched


async def test_a_save_made_meanwhile_and_let_go_of_is_offered_to_play(
    content: ContentPack, save: Path
) -> None:
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        Session.new(content, default_setup(content.edition("sde2")), path=save).close()
        await pilot.press("enter", "enter", "enter")
        assert isinstance(app.screen, PickOneScreen)
        said = text(app.screen) + options(app.screen.query_one(OptionList))
        assert "a save already exists there" in said and "Play the game saved there" in said
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.session.path == save  # type: ignore[attr-defined]
        assert saves_folder() == []


async def test_a_save_given_that_cannot_be_made_says_what_to_do_started_with_save(
    content: ContentPack, tmp_path: Path
) -> None:
    """Not "start Consul with --save PATH" (it was), nor "Enter on the last page" (the
    new-game screen is back on its first page, its choices kept)."""
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    save = tmp_path / "file" / "NEW.jsonl"
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("right")
        chosen = app.screen.setup  # type: ignore[attr-defined]
        await pilot.press("enter", "enter", "enter")
        note = notes(app)[-1]
        assert note.startswith(  # (QA: "Not a directory" did not say which part)
            f"Cannot save a new game: {save}: cannot create the save: {save.parent} is a file, "
            "not a folder\n"
        )
        assert "start Consul again with --save in a folder you can write" in note
        assert "CONSUL_DATA_DIR" not in note and "last page" not in note
        assert "Your choices are kept: Enter on each page tries again." in note
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.page == 0 and screen.setup == chosen
        assert saves_folder() == []  # nowhere else
        await pilot.press("enter", "enter", "enter")  # the same answer, nothing made
        assert notes(app)[-1] == note and saves_folder() == []
