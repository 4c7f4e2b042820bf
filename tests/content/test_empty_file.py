"""An empty content file (or one of comments only, or `{}`) loads, with a warning naming it:
`consul validate` prints it, and `consul` shows it once the content is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.commands.cli import main
from consul_app.content.cache import load_pack_cached
from consul_app.content.loader import load_dirs


@pytest.mark.parametrize("text", ["", "# a comment only\n", "{}\n", "---\n"])
def test_an_empty_file_is_a_warning(tmp_path: Path, text: str) -> None:
    (tmp_path / "empty.yaml").write_text(text, encoding="utf-8")
    pack = load_dirs([tmp_path])
    assert len(pack.warnings) == 1
    assert pack.warnings[0].endswith("empty.yaml: empty file, no content in it")


def test_a_file_with_content_is_no_warning(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text("edition: sde2\nstatus_effects: []\n", encoding="utf-8")
    assert load_dirs([tmp_path]).warnings == []


def test_validate_prints_the_warning_and_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "warning: " in err and "empty.yaml: empty file, no content in it" in err


def test_the_warning_survives_the_cache(tmp_path: Path) -> None:
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    first = load_pack_cached([tmp_path])
    again = load_pack_cached([tmp_path])  # from the cache
    assert again.warnings == first.warnings and len(again.warnings) == 1
