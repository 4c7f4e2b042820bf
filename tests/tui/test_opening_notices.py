"""What the app has to say while it opens is on its first screen, as `consul` starts it, with
the content's cache fresh (the first screen opens on mount) and without (behind the loading
screen): a save given that cannot be resumed, a save whose last line was cut short, the
content's warnings. On the table they go to its notice line (its toasts are hidden), one at a
time."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from consul_app.base.paths import config_file, saves_dir
from consul_app.content import ContentPack
from consul_app.content import cache as content_cache
from consul_app.content.folders import pack_folders
from consul_app.rules import default_setup
from consul_app.tui.app import ConsulApp, LoadingScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.notice_line import NoticeLine

from .helpers import options, text, until
from .scenarios import SMALL, WIDE, idle, make_app, play_saved

TORN = b'{"op": "do", "action": {"type": "end_t'


@pytest.fixture(params=["warm", "cold"])
def cache(request: pytest.FixtureRequest, content: ContentPack) -> str:
    """The content's cache fresh (as after any start) or missing (the first start). Warm, it
    holds what `load_pack_cached()` writes, from the bundled pack the tests loaded already
    (the first start's load is test_cache's; parsing it again here took half a second)."""
    if request.param == "warm":
        folders = pack_folders()
        key = content_cache.cache_key(folders)
        assert key is not None
        content_cache.write_cache(content_cache.cache_file(folders), key, content)
        assert content_cache.cached_pack() is not None
    return str(request.param)


async def opened(pilot: Pilot[None], cache: str) -> None:
    """The first screen to work with is up (and was the first frame, with a warm cache)."""
    app = pilot.app
    assert isinstance(app, ConsulApp)
    await until(pilot, lambda: not isinstance(app.screen, LoadingScreen) and app.content)
    await pilot.pause()
    assert (app.loader is None) == (cache == "warm")


def played(content: ContentPack, path: Path) -> bytes:
    """A game of a few turns saved at `path`; its bytes."""
    setup = default_setup(content.edition("sde2"))
    play_saved(content, path, setup, idle(lambda pack, state: state.turn == 4))
    return path.read_bytes()


def shown(app: ConsulApp) -> str:
    """What the screen says besides its panes: the toasts it shows and its notice line."""
    toasts = [t for t in app.screen.query(Toast) if t.styles.visibility != "hidden"]
    said = [f"{t._notification.title}: {t._notification.message}" for t in toasts]
    for line in app.screen.query(NoticeLine):
        if line.display:
            said.append(str(line.content))
    return "\n".join(said)


async def test_a_damaged_save_given_says_why_and_where_a_new_game_goes(
    content: ContentPack, tmp_path: Path, cache: str
) -> None:
    save = tmp_path / "game.jsonl"
    lines = played(content, save).split(b"\n")
    lines[9] = b'{"op": "do", "action": {"type": "confirm_st'
    save.write_bytes(b"\n".join(lines))
    damaged = save.read_bytes()
    app = ConsulApp(save=save)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await opened(pilot, cache)
        assert isinstance(app.screen, ResumeScreen)
        said = text(app.screen.query_one("#damaged"))
        assert said.startswith("This save cannot be resumed: line 10: unreadable line")
        assert "Its file is left as it is." in said
        assert f"n: start a new game (saved in {saves_dir()}, not in this file)" in said
        assert "game.jsonl" in options(app.screen.query_one(OptionList))
        assert "Enter: resume" not in text(app.screen.query_one("#resume-title"))
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter", "enter", "enter")
        assert isinstance(app.screen, TableScreen)
        new = app.screen.session.path
        assert new.parent == saves_dir()
        assert f"A new game: saved as {new}" in shown(app)
    assert save.read_bytes() == damaged


async def test_a_cut_short_last_line_is_told_on_the_resumed_table(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    count = played(content, save).count(b"\n")
    with save.open("ab") as journal:
        journal.write(TORN)
    app = make_app(content, save)  # (the content given: both ways are in the test below)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert shown(app) == (
            f"! Resumed with a warning: line {count + 1}: cut short (the app stopped while "
            "writing it); dropped it, the game resumes from the line before   (Esc: put it away)"
        )
        await pilot.press("escape")  # read: it goes
        assert shown(app) == ""


async def test_the_saved_games_say_which_game_lost_its_last_line(content: ContentPack) -> None:
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    count = played(content, save).count(b"\n")
    with save.open("ab") as journal:
        journal.write(TORN)
    app = make_app(content)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        listed = options(app.screen.query_one(OptionList))
        assert f"! line {count + 1}: cut short (the app stopped while writing it)" in listed
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert f"! Resumed with a warning: line {count + 1}: cut short" in shown(app)


async def test_every_notice_of_the_opening_is_on_the_table_in_turn(
    content: ContentPack, tmp_path: Path, cache: str
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    if cache == "warm":
        content_cache.load_pack_cached([mine])
    save = tmp_path / "game.jsonl"
    played(content, save)
    with save.open("ab") as journal:
        journal.write(TORN)
    config_file().parent.mkdir(parents=True, exist_ok=True)
    config_file().write_text("theme = [\n", encoding="utf-8")
    app = ConsulApp(content_dirs=[mine], save=save)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await opened(pilot, cache)
        assert isinstance(app.screen, TableScreen)
        assert shown(app).startswith(f"ERROR Preferences: {config_file()}")
        await pilot.press("1")  # a key of play leaves it
        assert shown(app).startswith(f"ERROR Preferences: {config_file()}")
        await pilot.press("escape")  # put away: the next one
        assert shown(app).startswith("! Resumed with a warning: line ")
        await pilot.press("escape")
        assert shown(app).startswith("! Content warning: ")
        assert shown(app).endswith("empty.yaml: empty file, no content in it   (Esc: put it away)")
        await pilot.press("escape")
        assert shown(app) == ""


async def test_the_content_warnings_are_over_the_first_screen(tmp_path: Path, cache: str) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    if cache == "warm":
        content_cache.load_pack_cached([mine])
    config_file().parent.mkdir(parents=True, exist_ok=True)
    config_file().write_text("theme = [\n", encoding="utf-8")
    app = ConsulApp(content_dirs=[mine])
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await opened(pilot, cache)
        assert isinstance(app.screen, NewGameScreen)
        assert "empty.yaml: empty file, no content in it" in shown(app)
        assert f"Preferences: {config_file()}" in shown(app)


async def test_a_refusal_read_over_the_saved_games_is_not_said_again_on_the_table(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA: Enter on the damaged save given (its refusal shows as a toast there), then n and
    a new game: the table said that old refusal instead of where the new game is saved."""
    save = tmp_path / "game.jsonl"
    lines = played(content, save).split(b"\n")
    lines[9] = TORN
    save.write_bytes(b"\n".join(lines))
    app = ConsulApp(save=save)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await opened(pilot, "cold")
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        await until(pilot, lambda: "cannot be resumed" in shown(app))
        await pilot.press("n", "enter", "enter", "enter")
        assert isinstance(app.screen, TableScreen)
        await pilot.pause()
        said = shown(app)
        assert f"A new game: saved as {app.screen.session.path}" in said
        assert "cannot be resumed" not in said


async def test_a_resume_warning_is_whole_at_80x24_until_put_away(content: ContentPack) -> None:
    """Seen at 80x24: the damaged-last-line warning was cut (`…`) and went at the first key,
    unread. It shows whole, over the key hints, until Esc puts it away."""
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    played(content, save)
    with save.open("ab") as journal:
        journal.write(TORN)
    app = make_app(content)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        line = app.screen.query_one(NoticeLine)
        warning = next(n.message for n in app._notifications if n.title.startswith("Resumed"))
        await pilot.pause()
        assert line.display and line.size.height > 1
        said = " ".join(line.render_line(y).text.strip() for y in range(line.size.height))
        assert " ".join(warning.split()) in " ".join(said.split())
        assert "Esc" in said
        await pilot.press("2", "down")  # read on: it stays
        assert line.display and "Resumed with a warning" in str(line.content)
        await pilot.press("escape")
        assert not line.display
