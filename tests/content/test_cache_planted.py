"""A file planted in the cache folder never runs: `consul`, `consul list` and `consul export`
read the cache as plain data, only from a file of their own account that no one else may write.

The payload is a pickle that creates a marker file when it is unpickled (`open(marker, "w")`).
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from textual.app import App

from consul_app.base import paths
from consul_app.commands.cli import main
from consul_app.content.cache import cache_file, load_pack_cached
from consul_app.content.folders import pack_folders
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from consul_app.tui.app import ConsulApp


class _Payload:
    """Unpickling this opens (creates) the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (str(self.marker), "w")


def plant(marker: Path) -> list[Path]:
    """The payload under every name the cache has had, for the pack `consul` loads."""
    folder = paths.cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    current = cache_file(pack_folders(None))
    payload = pickle.dumps(_Payload(marker))  # runs on the first load, before any check
    planted = [current, current.with_suffix(".pickle"), folder / "content.pickle"]
    for path in planted:
        path.write_bytes(payload)
    return planted


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    return tmp_path / "payload-ran"


def test_the_payload_runs_when_unpickled(marker: Path) -> None:
    """The test's payload does what it says (so the tests below can fail)."""
    pickle.loads(pickle.dumps(_Payload(marker)))
    assert marker.exists()


def test_consul_list_runs_nothing(marker: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plant(marker)
    assert main(["list"]) == 0
    assert not marker.exists()
    assert "Traceback" not in capsys.readouterr().err


def test_consul_export_runs_nothing(marker: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = load_pack_cached()
    with Session.new(pack, default_setup(pack.edition("sde2"))) as session:
        session.dispatch(DestroyHero())
    plant(marker)
    assert main(["export", str(session.path)]) == 0
    assert not marker.exists()
    assert "A hero is destroyed" in capsys.readouterr().out


def test_consul_runs_nothing(marker: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apps: list[ConsulApp] = []

    def run(self: ConsulApp, *args: object, **kwargs: object) -> None:
        apps.append(self)
        App.run(self, headless=True, size=(120, 40))

    monkeypatch.setattr(ConsulApp, "run", run)
    monkeypatch.setattr(ConsulApp, "_started", lambda self: self.exit())
    plant(marker)
    assert main([]) == 0
    assert apps[0].content is not None  # loaded (from the files) and shown
    assert not marker.exists()


def test_the_cache_then_holds_plain_json(marker: Path) -> None:
    planted = plant(marker)
    load_pack_cached()
    data = planted[0].read_bytes()
    assert data.startswith(b"{")
    assert b"kobold" in data.lower() or b"monsters" in data
    assert not marker.exists()


def planted_names() -> list[str]:
    monsters = load_pack_cached().edition("sde2").monsters.values()
    return [m.name for m in monsters if "Planted" in m.name]


@pytest.mark.skipif(os.name != "posix", reason="POSIX owners and modes")
def test_a_cache_others_may_write_is_not_read() -> None:
    """A cache file is plain data read only when it is ours and no one else may write it (nor
    its folder, as in a shared folder): else the pack is loaded from the files."""
    name = next(iter(load_pack_cached().edition("sde2").monsters.values())).name
    path = cache_file(pack_folders(None))
    edited = path.read_text(encoding="utf-8").replace(f'"{name}"', '"Planted"')

    def plant(file_mode: int, folder_mode: int) -> None:
        path.write_text(edited, encoding="utf-8")
        os.chmod(path, file_mode)
        os.chmod(path.parent, folder_mode)

    plant(0o600, 0o700)
    assert planted_names() == ["Planted"]  # ours and private: trusted (so the checks can fail)
    plant(0o620, 0o700)
    assert planted_names() == []
    plant(0o602, 0o700)
    assert planted_names() == []
    plant(0o600, 0o777)
    try:
        assert planted_names() == []
    finally:
        os.chmod(path.parent, 0o700)


@pytest.mark.skipif(os.name != "posix", reason="POSIX symlinks")
def test_a_symlinked_cache_file_is_not_followed(tmp_path: Path) -> None:
    load_pack_cached()
    path = cache_file(pack_folders(None))
    elsewhere = tmp_path / "elsewhere.json"
    os.replace(path, elsewhere)
    path.symlink_to(elsewhere)
    assert load_pack_cached().edition("sde2").monsters
    assert not path.is_symlink()  # replaced by a file of its own


@pytest.mark.skipif(os.name != "posix", reason="POSIX owners")
def test_a_cache_of_another_account_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """As root in a folder another account writes: their file is not read, however private."""
    name = next(iter(load_pack_cached().edition("sde2").monsters.values())).name
    path = cache_file(pack_folders(None))
    path.write_text(
        path.read_text(encoding="utf-8").replace(f'"{name}"', '"Planted"'), encoding="utf-8"
    )
    uid = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: uid + 1)  # the files are now someone else's
    assert planted_names() == []
