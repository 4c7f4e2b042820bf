"""`consul` and `consul play` open the table screen, after checking the content."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.app import App

from consul_app.commands.cli import main
from consul_app.tui.app import ConsulApp
from consul_app.tui.screens.new_game import NewGameScreen

from .scenarios import WIDE


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[ConsulApp]:
    """The apps `consul` would run (run() records instead of taking the terminal)."""
    apps: list[ConsulApp] = []
    monkeypatch.setattr(ConsulApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> list[ConsulApp]:
    """The apps `consul` runs, for real but headless; each stops on its first usable frame
    (`opened`: the screen it shows then) unless it exits by itself first."""
    apps: list[ConsulApp] = []

    def run(self: ConsulApp, *args: object, **kwargs: object) -> None:
        apps.append(self)
        App.run(self, headless=True, size=WIDE)

    def started(self: ConsulApp) -> None:
        self.opened = self.screen  # type: ignore[attr-defined]
        self.exit()

    monkeypatch.setattr(ConsulApp, "run", run)
    monkeypatch.setattr(ConsulApp, "_started", started)
    return apps


def test_plain_consul_opens_the_table_screen(launched: list[ConsulApp]) -> None:
    assert main([]) == 0
    assert len(launched) == 1
    assert launched[0].save_path is None
    assert launched[0].content is None  # loaded by the app, after its first frame


@pytest.mark.parametrize("argv", [[], ["play"]])
def test_plain_consul_and_consul_play_build_no_parser(argv: list[str]) -> None:
    """Issue 12: the usual start does without argparse and the other commands' modules
    (about 1.5 ms of the first frame)."""
    code = (
        "import sys; from consul_app.commands import play; play.start = lambda *a: 0;"
        f"from consul_app.commands.cli import main; main({argv!r});"
        "print(*sorted(m for m in sys.modules if m == 'argparse' or m.startswith('consul_app.co')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = ["consul_app.commands", "consul_app.commands.cli", "consul_app.commands.play"]
    assert done.stdout.split() == loaded  # the dispatcher (cli) and play, no other command


def test_consul_play_takes_a_save_and_content(tmp_path: Path, launched: list[ConsulApp]) -> None:
    extra = tmp_path / "mine"
    extra.mkdir()
    assert main(["play", "--content", str(extra), "--save", str(tmp_path / "g.jsonl")]) == 0
    assert launched[0].save_path == tmp_path / "g.jsonl"
    assert launched[0].content_dirs == [extra]


@pytest.mark.parametrize(
    "argv",
    [
        ["--save", "{save}"],  # as README documents it
        ["--save", "{save}", "play"],
        ["play", "--save", "{save}"],
        ["--save", "other.jsonl", "play", "--save", "{save}"],  # the nearer one wins
    ],
)
def test_consul_save_picks_the_file(
    argv: list[str], tmp_path: Path, launched: list[ConsulApp]
) -> None:
    save = tmp_path / "g.jsonl"
    assert main([arg.format(save=save) for arg in argv]) == 0
    assert launched[0].save_path == save


def test_consul_loads_the_content_and_opens_the_new_game_screen(
    tmp_path: Path, headless: list[ConsulApp]
) -> None:
    extra = tmp_path / "mine"
    extra.mkdir()
    assert main(["play", "--content", str(extra)]) == 0
    app = headless[0]
    assert isinstance(app.opened, NewGameScreen)  # type: ignore[attr-defined]
    assert app.content is not None
    assert str(extra) in " ".join(app.content.sources)


def test_bad_content_is_reported_once_the_screen_is_gone(
    tmp_path: Path, headless: list[ConsulApp], capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "monsters.yaml").write_text("monsters:\n  - id: Not A Slug\n", encoding="utf-8")
    assert main(["play", "--content", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "monsters.yaml" in err
    assert "Traceback" not in err
    assert headless[0].return_code == 2
    assert headless[0].content is None


@pytest.mark.parametrize("command", [["play"], ["watch"]])
def test_without_a_terminal_to_read_keys_from_it_says_so(
    command: list[str], tmp_path: Path
) -> None:
    """Standard input from /dev/null: it would spin a core at 100% reading its end for ever;
    it says why it does not start instead (exit 2, before any screen)."""
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    done = subprocess.run(
        [sys.executable, "-m", "consul_app", *command],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**env, "CONSUL_DATA_DIR": str(tmp_path)},
        timeout=60,
    )
    assert done.returncode == 2
    assert "reads your keys from a terminal" in done.stderr
    assert "Traceback" not in done.stderr
