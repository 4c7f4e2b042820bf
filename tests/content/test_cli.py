"""`consul validate` and `consul schema`, run through `consul_app.commands.cli.main`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from consul_app.base import paths
from consul_app.commands.cli import main
from consul_app.content.schema import schema_json

BUNDLED = """\
edition: sde2
monsters:
  - {id: kobold, name: Kobold, rank: minion, bits: 8-bit, hearts: 1}
  - {id: dragon, name: Dragon, rank: elite, bits: 16-bit, hearts: 3}
"""
BAD = """\
edition: sde2
monsters:
  - {id: imp, name: Imp, rank: minion, bits: 8-bit, hearts: -1}
"""


@pytest.fixture(autouse=True)
def bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small bundled pack, so these tests do not depend on data/."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    (folder / "monsters.yaml").write_text(BUNDLED)
    shutil.copyfile(paths.bundled_data_dir() / "editions.yaml", folder / "editions.yaml")
    monkeypatch.setattr(paths, "bundled_data_dir", lambda: folder)
    return folder


def a_pack(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "m.yaml").write_text(text)
    return folder


def test_validate_counts_per_kind_and_edition(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "Content OK" in out
    assert re.search(r"monsters\s*│\s*2\s*│\s*-\s*│\s*-\s*│", out)
    assert "Content hash:" in out


def test_validate_adds_each_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = a_pack(tmp_path / "extra", BUNDLED.replace("edition: sde2", "edition: classic"))
    assert main(["validate", str(extra)]) == 0
    assert re.search(r"monsters\s*│\s*2\s*│\s*-\s*│\s*2\s*│", capsys.readouterr().out)


def test_validate_prints_every_issue_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = a_pack(tmp_path / "bad", BAD + "bogus: 1\n")
    assert main(["validate", str(bad)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0].startswith(f"{bad / 'm.yaml'}:3: monsters[0].hearts: input should be greater")
    assert lines[1].startswith(f"{bad / 'm.yaml'}:4: bogus: unknown top-level key 'bogus'")
    assert lines[2:] == ["2 problems found."]
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_validate_an_unknown_edition_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = a_pack(tmp_path / "bad", BAD.replace("sde2", "sde3", 1))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad / 'm.yaml'}:1: edition: unknown edition 'sde3': the editions")
    assert "Traceback" not in err


def test_validate_reports_two_status_effects_of_one_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    twice = "  - {id: poison, name: Poison, text: Lose one AP.}\n"
    bad = a_pack(
        tmp_path / "bad",
        "edition: sde2\nstatus_effects:\n" + twice + twice.replace("id: poison", "id: venom"),
    )
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad / 'm.yaml'}:4: status_effects[1].name: duplicate name 'Poison'")
    assert "Traceback" not in err


def test_validate_a_folder_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert f"{tmp_path / 'nope'}: no such content folder" in capsys.readouterr().err


def test_validate_includes_the_users_content(capsys: pytest.CaptureFixture[str]) -> None:
    a_pack(paths.user_content_dir(), BAD)
    assert main(["validate"]) == 2
    assert "monsters[0].hearts" in capsys.readouterr().err


def test_content_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = a_pack(tmp_path / "bad", BAD)
    assert main(["--content", str(bad), "validate"]) == 2
    assert "1 problem found." in capsys.readouterr().err


def test_no_command_checks_the_content_before_opening_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plain `consul` plays; broken content stops it (the app loads the content behind its
    first frame), with exit 2, every problem on stderr and no traceback."""
    from textual.app import App

    from consul_app.tui.app import ConsulApp

    monkeypatch.setattr(ConsulApp, "run", lambda self: App.run(self, headless=True))
    bad = a_pack(tmp_path / "bad", BAD)
    assert main(["--content", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "m.yaml:3" in err and "hearts" in err
    assert "Traceback" not in err


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "validate" in out
    assert "schema" in out


def test_schema_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "ContentFile"
    assert "monsters" in schema["properties"]
    monster = schema["$defs"]["Monster"]
    assert "edition" in monster["properties"]
    assert "edition" not in monster["required"]
    assert monster["additionalProperties"] is False


def test_schema_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "content.schema.json"
    assert main(["schema", "-o", str(out)]) == 0
    assert out.read_text() == schema_json()
    assert capsys.readouterr().out == f"Wrote {out}\n"


def test_schema_to_a_file_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema", "-o", str(tmp_path / "no" / "such" / "dir.json")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_the_bundled_schema_file_is_current() -> None:
    bundled = Path(__file__).resolve().parents[2] / "data" / "content.schema.json"
    assert bundled.read_text() == schema_json(), (
        "data/content.schema.json is out of date: "
        "run `consul schema -o data/content.schema.json --force`"
    )
