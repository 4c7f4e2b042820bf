"""Saves on the command line: `consul list` at 80 columns, a save named as `list` prints it
(with or without .jsonl) or by its number, and `consul delete` (to the trash, after asking)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from consul_app.base.paths import data_home, saves_dir
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, Setup, Wound, boss_status
from consul_app.session import Session
from consul_app.session.export import to_markdown
from consul_app.session.load import load_game
from consul_app.session.save_files import find_save
from consul_app.session.session import Clock
from session.players import first_answer

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache


def _settle(session: Session) -> None:
    while (action := first_answer(session.pack, session.state)) is not None:
        session.dispatch(action)


def _won(session: Session) -> None:
    """Play until the boss is defeated."""
    while not session.state.boss.spawned:
        session.dispatch(EndTurn())
        _settle(session)
    while not session.state.boss.defeated:
        session.dispatch(Wound(wounds=boss_status(session.pack, session.state).hearts))
        _settle(session)


@pytest.fixture
def saves(content: ContentPack, setup: Setup, clock: Clock) -> list[Path]:
    """Three saves, most recently played first: a damaged one, one in play, a finished one."""
    with Session.new(content, setup, clock=clock) as finished:
        _won(finished)
    with Session.new(content, setup, clock=clock) as playing:
        playing.dispatch(DestroyHero())
    damaged = saves_dir() / "2026-11-30-damaged-game.jsonl"
    damaged.write_text('{"format": "consul-journal", "version": 1, "setu\n')
    paths = [damaged, playing.path, finished.path]
    for age, path in enumerate(paths):
        os.utime(path, (1_800_000_000 - age * 60,) * 2)
    return paths


def test_list_at_80_columns_shows_whole_names_numbers_and_marks(
    saves: list[Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    rows = [line.split() for line in lines if line[:1].isdigit()]
    assert [row[:2] for row in rows] == [[str(n), p.stem] for n, p in enumerate(saves, 1)]
    marks = {path.stem: " ".join(row) for path, row in zip(saves, rows, strict=True)}
    assert "damaged" in marks[saves[0].stem]
    assert "in play" in marks[saves[1].stem]
    assert "finished" in marks[saves[2].stem]


def test_a_save_is_found_by_name_with_or_without_jsonl_or_by_number(
    saves: list[Path],
) -> None:
    playing = saves[1]
    assert find_save(playing.name) == playing
    assert find_save(playing.stem) == playing
    assert find_save("2") == playing
    assert find_save(str(playing)) == playing
    assert find_save("4") is None and find_save("0") is None
    assert find_save("no-such-game") is None


@pytest.mark.parametrize("name", ["stem", "number"])
def test_export_by_name_and_by_number(
    content: ContentPack, saves: list[Path], name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = saves[2]
    assert main(["export", finished.stem if name == "stem" else "3"]) == 0
    assert capsys.readouterr().out == to_markdown(load_game(content, finished))


def test_play_opens_a_save_by_its_number(
    saves: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path | None] = []

    class App:
        load_error = None
        crash = None
        return_code = 0

        def __init__(self, *, content_dirs: list[Path], save: Path | None) -> None:
            opened.append(save)

        def run(self) -> None:
            pass

    monkeypatch.setattr("consul_app.tui.app.ConsulApp", App)
    assert main(["play", "--save", "2"]) == 0
    assert main(["play", "--save", saves[2].stem]) == 0
    assert opened == [saves[1], saves[2]]
    assert main(["play", "--save", "7"]) == 2  # no save 7: refused, not created


def test_delete_asks_then_moves_the_save_to_the_trash(
    saves: list[Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    playing = saves[1]
    before = playing.read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["delete", playing.stem]) == 1
    assert playing.read_bytes() == before
    assert "Nothing moved." in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["delete", playing.stem]) == 0
    trashed = data_home() / "trash" / playing.name
    assert not playing.exists() and trashed.read_bytes() == before
    assert f"Moved {playing.name} to {trashed}" in capsys.readouterr().out


def test_delete_yes_does_not_ask_and_keeps_both_of_one_name(
    saves: list[Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # nothing to read: it must not ask
    damaged = saves[0]
    content = damaged.read_bytes()
    assert main(["delete", "1", "--yes"]) == 0
    damaged.write_bytes(content)
    assert main(["delete", damaged.name, "--yes"]) == 0
    trash = data_home() / "trash"
    assert sorted(p.name for p in trash.iterdir()) == sorted(
        [damaged.name, f"{damaged.stem}-2.jsonl"]
    )
    assert main(["delete", "no-such-game", "--yes"]) == 2
    assert "no save 'no-such-game'" in capsys.readouterr().err


def test_list_colours_the_status_in_a_terminal_and_nothing_else(
    saves: list[Path], content: ContentPack
) -> None:
    """The table is laid out as plain text (fast: rich's Table measured every cell); in a
    terminal with colours the status is painted, without them (or with NO_COLOR) it is not."""
    import io

    from rich.console import Console

    from consul_app.commands.saves import painter, saves_table
    from consul_app.session import list_saves

    listed = list_saves(content)
    for colours, painted in (("standard", True), (None, False)):
        console = Console(file=io.StringIO(), force_terminal=True, color_system=colours)
        text = saves_table(listed, 80, painter(console))
        assert ("\x1b[32min play\x1b[0m" in text) is painted
        assert ("\x1b[31mdamaged\x1b[0m" in text) is painted
        assert ("\x1b[" in text) is painted
    plain = saves_table(listed, 80).splitlines()
    rule = next(line for line in plain if line.startswith("─"))
    assert rule == "─" * max(len(line) for line in plain if line[:1] not in (" ", "─"))


def test_list_at_80_columns_keeps_each_game_in_words_on_one_line() -> None:
    """Seen at 80 columns: long save names left the game 12 columns, `Black-Hand / ed Henry`
    split, a game over six lines. When the game does not fit beside the rest, it goes on its
    own line under its row."""
    from datetime import datetime

    from consul_app.commands.saves import saves_table
    from consul_app.session import SaveSummary

    when = datetime(2026, 11, 30, 20, 15)
    listed = [
        SaveSummary(
            path=Path(f"/x/2026-11-30-2015-{slug}.jsonl"), modified=when, boss=boss,
            edition=edition, turn=12, position=14,
        )
        for slug, boss, edition in (
            ("black-handed-henry-sde2", "Black-Handed Henry", "sde2"),
            ("demon-queen-araphel-forgotten-king", "Demon Queen Araphel", "forgotten-king"),
        )
    ]
    lines = saves_table(listed, 80).splitlines()
    assert len(lines) == 4 + 2 * len(listed)  # title, headers on two lines, rule; 2 a game
    assert any(line.strip() == "Black-Handed Henry, SDE 2.0, space 14" for line in lines)
    fk = "Demon Queen Araphel, Forgotten King, ladder step 14"
    assert any(line.strip() == fk for line in lines)
    wide = saves_table(listed, 160).splitlines()  # room beside: one line a game, as before
    assert len(wide) == 3 + len(listed)


def test_list_says_ladder_step_for_a_forgotten_king_game(
    content: ContentPack,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Forgotten King climbs a ladder ("climb one step"), so its place is a ladder step, as its
    own screen says, never a 2.0 chart space; 1.0 has neither."""
    from consul_app.rules import DestroyMiniBoss, SpawnMiniBoss, default_setup

    setup = default_setup(content.edition("forgotten-king"))
    with Session.new(content, setup, clock=clock) as fk:
        for mini_boss in setup.mini_bosses[:2]:
            fk.dispatch(SpawnMiniBoss(mini_boss=mini_boss))
            fk.dispatch(DestroyMiniBoss(mini_boss=mini_boss))
            fk.dispatch(EndTurn())
            _settle(fk)
    fk_state = fk.state
    assert fk_state.chart is not None and fk_state.position >= 1
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["list"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # (the game's words wrap)
    assert f"ladder step {fk_state.position}" in out and "space" not in out
