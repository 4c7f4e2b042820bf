"""Bad input as a user hits it: exit code 2, a message naming the file, nothing overwritten."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from consul_app.base import paths
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.content.folders import pack_files
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from consul_app.session.reading import read_journal

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(scope="module")
def pack(content: ContentPack) -> ContentPack:
    return content


@pytest.fixture
def save(pack: ContentPack, tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    with Session.new(pack, default_setup(pack.edition("sde2")), path=path) as session:
        session.dispatch(DestroyHero())
    return path


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_deeply_nested_middle_line_is_a_corrupt_line_not_a_traceback(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, entry, _ = save.read_bytes().split(b"\n")
    save.write_bytes(header + b"\n" + DEEP.encode() + b"\n" + entry + b"\n")
    before = sha(save)
    assert main(["export", str(save)]) == 2
    err = capsys.readouterr().err
    assert f"{save}, line 2: unreadable line" in err
    assert sha(save) == before


def test_a_deeply_nested_last_line_is_dropped_as_torn(save: Path) -> None:
    with save.open("ab") as file:
        file.write(DEEP.encode())
    journal = read_journal(save)
    assert journal.torn and len(journal.lines) == 1


def test_export_does_not_overwrite_a_file_without_force(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "log.md"
    out.write_text("precious\n")
    assert main(["export", str(save), "-o", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_text() == "precious\n"
    assert main(["export", str(save), "-o", str(out), "--force"]) == 0
    assert out.read_text().startswith("#")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_export_never_writes_over_the_save_itself(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sha(save)
    for force in ([], ["--force"]):
        assert main(["export", str(save), "--format", "json", "-o", str(save), *force]) == 2
        assert "the save itself" in capsys.readouterr().err
    assert sha(save) == before


def test_export_into_a_missing_folder(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(save), "-o", str(tmp_path / "no" / "log.md")]) == 2
    assert "no" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()


def test_schema_does_not_overwrite_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "schema.json"
    out.write_text("precious\n")
    assert main(["schema", "-o", str(out)]) == 2
    assert f"{out} already exists" in capsys.readouterr().err
    assert out.read_text() == "precious\n"
    assert main(["schema", "-o", str(out), "--force"]) == 0
    assert out.read_text().startswith("{")


def test_output_to_a_device_is_written_through(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "-o", os.devnull]) == 0


def test_output_to_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "-o", str(tmp_path), "--force"]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_an_unreadable_subfolder_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    (folder / "locked").mkdir(parents=True)
    (folder / "locked" / "m.yaml").write_text("edition: sde2\n")
    real = os.scandir

    def scandir(path: str | os.PathLike[str]) -> object:  # root reads anything: pretend
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(OSError):
        pack_files(folder, strict=True)
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "locked: cannot read: Permission denied" in err


def test_a_user_content_path_that_is_a_file_is_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    paths.user_content_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.user_content_dir().write_text("monsters: []\n")
    assert main(["validate"]) == 2
    assert "content: not a folder of YAML files" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["export", "watch", "serve", "play"])
def test_a_save_number_consul_list_does_not_show_is_named_as_such(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`consul COMMAND 9` with fewer saves: the number is unknown (not "saves/9: cannot read")."""
    argv = ["--save", "9", "play"] if command == "play" else [command, "9"]
    assert main(argv) == 2
    assert f"consul {command}: no save number 9 (consul list shows them)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["list"], False),
        (["validate"], False),
        (["schema"], False),
        (["watch"], True),  # its SAVE argument (none: the game in progress) hid --save
        (["serve"], True),
        (["export", "other.jsonl"], True),
        (["delete", "other.jsonl", "--yes"], True),
    ],
)
def test_save_before_a_command_other_than_play_is_refused(
    argv: list[str], hint: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`consul --save S list` would list every save and ignore S; `consul --save S watch`
    would watch another game: refused, naming the problem, nothing run."""
    save = tmp_path / "S.jsonl"
    assert main(["--save", str(save), *argv]) == 2
    out = capsys.readouterr()
    command = argv[0]
    assert out.out == ""
    assert f"consul {command}: --save SAVE plays that save" in out.err
    assert f"{command} does not take it" in out.err
    assert (f"consul {command} SAVE" in out.err) is hint
    assert "Traceback" not in out.err
    assert not save.exists()
