"""`consul` and `consul play` open the table screen, after checking the content."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.cli import main
from consul_app.tui.app import ConsulApp


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[ConsulApp]:
    """The apps `consul` would run (run() records instead of taking the terminal)."""
    apps: list[ConsulApp] = []
    monkeypatch.setattr(ConsulApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def test_plain_consul_opens_the_table_screen(launched: list[ConsulApp]) -> None:
    assert main([]) == 0
    assert len(launched) == 1
    assert launched[0].save_path is None


def test_consul_play_takes_a_save_and_content(tmp_path: Path, launched: list[ConsulApp]) -> None:
    extra = tmp_path / "mine"
    extra.mkdir()
    assert main(["play", "--content", str(extra), "--save", str(tmp_path / "g.jsonl")]) == 0
    assert launched[0].save_path == tmp_path / "g.jsonl"
    assert str(extra) in " ".join(launched[0].content.sources)


def test_bad_content_is_reported_before_the_screen(
    tmp_path: Path, launched: list[ConsulApp], capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "monsters.yaml").write_text("monsters:\n  - id: Not A Slug\n", encoding="utf-8")
    assert main(["play", "--content", str(bad)]) == 2
    assert "monsters.yaml" in capsys.readouterr().err
    assert launched == []
