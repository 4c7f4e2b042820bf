"""Saves and content files are regular files read with a size limit: a FIFO, a device, a
symlink to `/dev/zero`, a folder or a huge file is a clear message (exit 2), never a hang, a
MemoryError or a traceback. Each call runs under a deadline, so a hang fails the test."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from consul_app.base.files import Refused, read_limited
from consul_app.base.paths import saves_dir
from consul_app.commands.cli import main
from consul_app.content import ContentError
from consul_app.content.cache import load_pack_cached
from consul_app.content.folders import MAX_FILE_BYTES
from consul_app.session import journal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")

T = TypeVar("T")
DEADLINE = 60.0
"""Seconds: a FIFO read that waits would take for ever; every case here takes milliseconds once
imported, but the first `consul` command in a process imports its modules first, which took
over 10 s on a loaded machine (the FIFO case, the first, failed there)."""
KINDS = ("fifo", "dev-zero", "symlink-to-dev-zero", "folder", "huge")
MESSAGES = {
    "fifo": "not a regular file but a FIFO",
    "dev-zero": "not a regular file but a device",
    "symlink-to-dev-zero": "not a regular file but a device",
    "folder": "not a regular file but a folder",
    "huge": "too large: 200.0 MB, at most",
}


def within(call: Callable[[], T]) -> T:
    """`call()`, failing the test if it has not returned within DEADLINE seconds."""
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as err:  # re-raised in the test's thread
            errors.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(DEADLINE)
    assert not thread.is_alive(), f"still running after {DEADLINE} s: it hangs"
    if errors:
        raise errors[0]
    return result[0]


@pytest.fixture
def special(tmp_path: Path) -> Iterator[Callable[[str, Path], Path]]:
    """Makes a special file of a kind at a path; FIFOs are unblocked at the end (if a bug made
    a reader wait on one, opening it for writing lets it go)."""
    fifos: list[Path] = []

    def make(kind: str, path: Path) -> Path:
        if kind == "fifo":
            os.mkfifo(path)
            fifos.append(path)
        elif kind == "dev-zero":
            return Path("/dev/zero")
        elif kind == "symlink-to-dev-zero":
            path.symlink_to("/dev/zero")
        elif kind == "folder":
            path.mkdir()
        elif kind == "huge":  # sparse: 200 MB long, nothing written
            path.write_bytes(b'{"format": "consul-journal", "version": 1}\n')
            os.truncate(path, 200 * 1024 * 1024)
        return path

    yield make
    for fifo in fifos:
        with contextlib.suppress(OSError):  # no reader waiting: nothing to let go
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_read_limited_reads_up_to_the_limit_and_no_further(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, 100) == b"x" * 100
    with pytest.raises(Refused, match=r"too large"):
        read_limited(path, 99)
    assert issubclass(Refused, OSError)


@pytest.mark.usefixtures("warm_content_cache")  # the save is the point, not the content
@pytest.mark.parametrize("kind", KINDS)
def test_export_of_a_special_save_says_so(
    kind: str,
    special: Callable[[str, Path], Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    save = special(kind, tmp_path / "game.jsonl")
    assert within(lambda: main(["export", str(save)])) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"consul export: {save}: cannot read the save (")
    assert MESSAGES[kind] in err
    assert "Traceback" not in err and "MemoryError" not in err


def test_the_journal_limit_is_stated_and_far_above_a_game() -> None:
    assert journal.MAX_BYTES == 16 * 1024 * 1024


@pytest.mark.usefixtures("warm_content_cache")
def test_list_passes_over_special_files_in_the_saves_folder(
    special: Callable[[str, Path], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    saves_dir().mkdir(parents=True)
    for kind in ("fifo", "symlink-to-dev-zero", "huge"):
        special(kind, saves_dir() / f"{kind}.jsonl")
    assert within(lambda: main(["list"])) == 0
    out = capsys.readouterr().out
    assert "huge.jsonl" in out and "too large" in out


@pytest.mark.parametrize("kind", ["fifo", "symlink-to-dev-zero", "huge"])
def test_a_special_content_file_is_named(
    kind: str,
    special: Callable[[str, Path], Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pack = tmp_path / "mine"
    pack.mkdir()
    if kind == "huge":
        (pack / "x.yaml").write_bytes(b"# nothing but a comment\n" * (MAX_FILE_BYTES // 20))
    else:
        special(kind, pack / "x.yaml")
    assert within(lambda: main(["validate", str(pack)])) == 2
    err = capsys.readouterr().err
    reason = "too large" if kind == "huge" else MESSAGES[kind]
    assert f"x.yaml: cannot read: {reason}" in err
    assert "Traceback" not in err
    with pytest.raises(ContentError, match=r"x\.yaml: cannot read: "):
        within(lambda: load_pack_cached([pack]))  # as `consul` starts: the cache's key too


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs")
def test_watch_of_a_fifo_or_a_device_says_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As `consul export` does: not "no such save"."""
    from consul_app.commands.watch import no_such_save

    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    for special, kind in ((fifo, "a FIFO"), (Path("/dev/zero"), "a device")):
        assert no_such_save("watch", special, special)
        err = capsys.readouterr().err
        assert (
            f"consul watch: {special}: cannot read the save (not a regular file but {kind})" in err
        )
        assert "no such save" not in err
