"""`consul export` and `consul list`: output, and errors as a message with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from consul_app.base.paths import saves_dir
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup
from consul_app.session import Session
from consul_app.session.export import to_json, to_markdown
from consul_app.session.load import load_game

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache


@pytest.fixture
def save(content: ContentPack, setup: Setup) -> Path:
    """A short game in the saves folder."""
    with Session.new(content, setup) as session:
        session.dispatch(DestroyHero())
    return session.path


def test_export_json_to_stdout(
    content: ContentPack, save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = save.read_bytes()
    assert main(["export", str(save), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == to_json(load_game(content, save))
    assert save.read_bytes() == before


def test_export_markdown_by_name_to_a_file(
    content: ContentPack, save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.md"
    assert main(["export", save.name, "-o", str(out)]) == 0
    assert out.read_text() == to_markdown(load_game(content, save))
    assert capsys.readouterr().out == f"Wrote {out}\n"


@pytest.mark.parametrize(
    ("content_bytes", "message"),
    [
        (None, ": cannot read the save (No such file or directory)"),
        (b"\x00\x01", ", line 1: not a Consul journal (no complete header line)"),
    ],
    ids=["missing", "binary"],
)
def test_export_refuses_with_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content_bytes: bytes | None, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    if content_bytes is not None:
        path.write_bytes(content_bytes)
    assert main(["export", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"consul export: {path}{message}\n"
    assert captured.out == ""


def test_list_shows_saves_and_damage(
    content: ContentPack,
    setup: Setup,
    save: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    damaged = saves_dir() / "2026-01-01-broken.jsonl"
    damaged.write_bytes(b"not a journal\n")
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if save.stem in line)
    boss = content.edition("sde2").dungeon_bosses[setup.boss].name
    assert boss in row and "SDE 2.0" in row and "in play" in row
    assert "damaged" in next(line for line in out.splitlines() if line.startswith("1 "))
    assert f"{damaged}, line 1: not a Consul journal (no journal header)" in out


def test_list_without_saves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out  # (a long temporary path wraps at 80 columns)
    assert " ".join(out.split()) == f"No saved games in {saves_dir()}."
