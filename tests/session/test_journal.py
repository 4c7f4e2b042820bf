"""The journal file format: round trip, torn tails, refusal of anything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from consul_app.session.journal import (
    RS,
    Do,
    Header,
    JournalWriter,
    PackRef,
    Redo,
    SaveError,
    Undo,
)
from consul_app.session.reading import read_journal

HEADER = Header(
    app="consul-app test", pack=PackRef(sources=["test"], content_hash="h1"), setup={"a": 1}
)


def _do(n: int) -> Do:
    return Do(action={"type": "test", "n": n}, label=f"action {n}")


def _journal(tmp_path: Path, *ops: Do | Undo | Redo) -> Path:
    path = tmp_path / "game.jsonl"
    writer = JournalWriter.create(path, HEADER)
    for op in ops:
        writer.append(op)
    writer.close()
    return path


def _ops(path: Path) -> list[Do | Undo | Redo]:
    return [line.op for line in read_journal(path).lines]


def test_round_trip(tmp_path: Path) -> None:
    path = _journal(tmp_path, _do(1), Undo(), Redo(), _do(2))
    journal = read_journal(path)
    assert journal.header == HEADER
    assert [line.op for line in journal.lines] == [_do(1), Undo(), Redo(), _do(2)]
    assert [line.number for line in journal.lines] == [2, 3, 4, 5]
    assert journal.warnings == [] and not journal.torn
    assert json.loads(path.read_text().splitlines()[1]) == {
        "op": "do",
        "action": {"type": "test", "n": 1},
        "label": "action 1",
    }


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = _journal(tmp_path, _do(1))
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        JournalWriter.create(path, HEADER)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]  # no temp file left


@pytest.mark.parametrize(
    "tail",
    [b'{"op": "do", "act', b'{"op": "undo"}', b"\x00\x00\x00", b"\x00\x00\x00\n", b"{\n"],
    ids=["cut-entry", "whole-entry-no-newline", "nul-padding", "nul-line", "cut-line"],
)
def test_torn_last_line_is_dropped_then_resynced(tmp_path: Path, tail: bytes) -> None:
    path = _journal(tmp_path, _do(1), _do(2))
    with path.open("ab") as f:
        f.write(tail)
    before = path.read_bytes()
    journal = read_journal(path)
    assert path.read_bytes() == before
    assert [line.op for line in journal.lines] == [_do(1), _do(2)]
    assert journal.torn
    # a whole line (its newline written) was damaged since; one without was cut short
    what = (
        "damaged (a whole line, but not JSON)"
        if tail.endswith(b"\n")
        else ("cut short (the app stopped while writing it)")
    )
    assert journal.warnings == [
        f"{path}, line 4: {what}; dropped it, the game resumes from the line before"
    ]
    writer = JournalWriter(path, journal.key, torn=journal.torn)
    writer.append(_do(3))
    writer.append(_do(4))
    writer.close()
    after = path.read_bytes()
    assert after.startswith(before)  # appended, never rewritten
    assert _ops(path) == [_do(1), _do(2), _do(3), _do(4)]
    assert read_journal(path).warnings == []


def test_torn_resync_is_dropped_too(tmp_path: Path) -> None:
    path = _journal(tmp_path, _do(1))
    with path.open("ab") as f:
        f.write(b'{"op": "re')  # crash 1
        f.write(RS + b'{"op": "do", "ac')  # crash 2, while resyncing
    assert _ops(path) == [_do(1)]
    journal = read_journal(path)
    writer = JournalWriter(path, journal.key, torn=journal.torn)
    writer.append(_do(2))
    writer.close()
    assert _ops(path) == [_do(1), _do(2)]


def _refused(path: Path, message: str) -> None:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(SaveError) as caught:
        read_journal(path)
    assert str(caught.value) == f"{path}{message}"
    assert (path.read_bytes() if path.exists() else None) == before


def test_corrupt_middle_line_is_refused(tmp_path: Path) -> None:
    path = _journal(tmp_path, _do(1), _do(2), _do(3))
    data = path.read_bytes().split(b"\n")
    data[2] = data[2][:10] + b"\x00garbage"
    path.write_bytes(b"\n".join(data))
    _refused(path, ", line 3: unreadable line in the middle of the journal (not JSON)")


def test_unreadable_line_before_a_torn_tail_is_refused(tmp_path: Path) -> None:
    path = _journal(tmp_path, _do(1))
    with path.open("ab") as f:
        f.write(b'garbage\n{"op": ')
    _refused(path, ", line 3: unreadable line in the middle of the journal (not JSON)")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", ", line 1: empty file, not a Consul journal"),
        (b"\n\n", ", line 1: empty file, not a Consul journal"),
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            ", line 1: not a Consul journal (no journal header)",
        ),
        (b'{"name": "other"}\n', ", line 1: not a Consul journal (no journal header)"),
        (b"[1, 2, 3]\n", ", line 1: not a Consul journal (no journal header)"),
        (
            b'{"format": "consul-journal"',
            ", line 1: not a Consul journal (no complete header line)",
        ),
        (
            b'{"format": "consul-journal", "version": 2}\n',
            ", line 1: journal format version 2; this Consul reads version 1",
        ),
        (
            b'{"format": "consul-journal", "version": 1, "app": "x"}\n',
            ", line 1: bad journal header: pack: Field required",
        ),
        (
            b'{"format": "consul-journal", "version": 1, "app": "x", "setup": {}, '
            b'"pack": {"sources": ["a", 2], "content_hash": "h"}}\n',
            ", line 1: bad journal header: pack.sources.1: Expected `str`, got `int`",
        ),
    ],
    ids=[
        "empty",
        "blank",
        "binary",
        "other-json",
        "json-list",
        "no-newline",
        "version",
        "header",
        "header-type",
    ],
)
def test_not_a_journal_is_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    _refused(path, message)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b'{"op": "jump"}', "not a journal entry"),
        (b'{"op": "do", "label": "x"}', "not a journal entry (action: Field required)"),
        (b"[1]", "not a journal entry"),
    ],
)
def test_bad_entry_is_refused_even_last(tmp_path: Path, line: bytes, message: str) -> None:
    path = _journal(tmp_path, _do(1))
    with path.open("ab") as f:
        f.write(line + b"\n")
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        read_journal(path)
    assert str(caught.value).startswith(f"{path}, line 3: {message}")
    assert path.read_bytes() == before


def test_missing_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    with pytest.raises(SaveError, match=r"nope.jsonl: cannot read the save \(No such file"):
        read_journal(path)
