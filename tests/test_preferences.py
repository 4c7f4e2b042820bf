"""Preferences: the theme chosen in the palette is kept in a TOML file in the config folder
($CONSUL_DATA_DIR in the tests); a broken file is named and the defaults are used."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from consul_app.base.paths import config_file
from consul_app.content import ContentPack
from consul_app.tui.app import ConsulApp
from consul_app.tui.preferences import (
    DEFAULT_THEME,
    Preferences,
    load_preferences,
    save_preferences,
)


def test_the_file_lives_in_the_data_folder_of_the_tests(_isolated_home: Path) -> None:
    assert config_file() == _isolated_home / "config.toml"


def test_no_file_means_the_defaults() -> None:
    assert load_preferences() == (Preferences(), None)


def test_saved_preferences_are_read_back_as_toml() -> None:
    save_preferences(Preferences(theme='odd "name" \\ é'))
    assert tomllib.loads(config_file().read_text()) == {"theme": 'odd "name" \\ é'}
    assert load_preferences() == (Preferences(theme='odd "name" \\ é'), None)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('theme = "nord\n', "not valid TOML (Illegal character '\\n' (at line 1, column 14))"),
        ("theme = 3\n", "theme must be a string"),
        ('colour = "red"\n', "unknown preference 'colour'"),
    ],
    ids=["broken", "wrong-type", "unknown"],
)
def test_a_broken_file_is_named_and_the_defaults_used(text: str, problem: str) -> None:
    config_file().write_text(text)
    preferences, message = load_preferences()
    assert preferences == Preferences()
    assert message == f"{config_file()}: {problem}; using the defaults"


async def test_the_theme_chosen_is_kept_for_the_next_start(content: ContentPack) -> None:
    app = ConsulApp(content)
    async with app.run_test() as pilot:
        assert app.theme == DEFAULT_THEME
        app.theme = "nord"
        await pilot.pause()
    assert load_preferences() == (Preferences(theme="nord"), None)
    again = ConsulApp(content)
    async with again.run_test():
        assert again.theme == "nord"


async def test_a_broken_file_is_told_at_start_and_left_as_it_is(content: ContentPack) -> None:
    config_file().write_text("theme = [\n")
    app = ConsulApp(content)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        told = [n for n in app._notifications if n.title == "Preferences"]
        assert told and told[0].message.startswith(f"{config_file()}: not valid TOML")
        assert told[0].severity == "error"
    assert config_file().read_text() == "theme = [\n"


async def test_an_unknown_theme_is_named(content: ContentPack) -> None:
    save_preferences(Preferences(theme="no-such-theme"))
    app = ConsulApp(content)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        assert any("unknown theme 'no-such-theme'" in n.message for n in app._notifications)


def test_a_folder_where_the_file_should_be_is_said_in_words() -> None:
    """Seen in play: a folder in place of config.toml showed the raw `[Errno 21]`."""
    config_file().mkdir(parents=True)
    preferences, problem = load_preferences()
    assert preferences == Preferences()
    assert problem == (
        f"{config_file()}: cannot read the preferences (a folder, not a file); using the defaults"
    )
