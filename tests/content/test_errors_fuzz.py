"""Whatever a content file says, loading it succeeds or raises ContentError: nothing else.
That holds for hostile packs too (huge mappings, special files, other encodings than UTF-8),
each within a time limit."""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consul_app.content import ContentError
from consul_app.content.folders import MAX_FILE_BYTES
from consul_app.content.loader import MAX_ISSUES_PER_FILE, load_dirs

VALID = b"""\
edition: sde2
monsters:
  - &kobold
    id: kobold
    name: Kobold
    rank: minion
    bits: 8-bit
    hearts: 1
    stats: {move: 4, ap: 2, STR: 1B 1R, ARM: 1ST}
  - <<: *kobold
    id: kobold-chief
    name: Kobold Chief
    rank: elite
    hearts: 2
spawning_points:
  - id: den
    name: Den
    hearts: 3
    pool:
      - {monster: kobold, count: 3}
      - {monster: kobold-chief, count: 1}
status_effects:
  - {id: burn, name: Burn, text: Takes a wound.}
bonuses:
  - id: fire
    name: Fire
    status: burn
    text: "Monsters cause burn."
  - {id: tough, name: Tough, dice: {roll: defense, add: 1B}, text: +1B on defense.}
charts:
  - id: chart
    name: Chart
    spaces:
      - {spawn: 2, bits: [8-bit, 16-bit]}
      - choose_bonus: [fire, tough]
      - bonuses: [fire]
        boss_sighting: [1, 2]
      - dungeon_boss: true
"""

VALUES = [
    "[]", "{}", "~", "", "-1", "0", "yes", "1.5", ".nan", "'x'", '"\\x00"', "x: y", "- z",
    "!!python/object/apply:os.system ['true']", "!foo x", "!!int x", "!!binary aGk=",
    "&a x", "*a", "*kobold", "*nope", "[1, [2]]", "{a: 1}", "<<: *kobold", "2020-13-45",
    "Kobold", "kobold", "1B", "8-bit", "true", "|\n  text", ">-", "\t", "é", "%", "@", "`",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The valid pack after a few random byte, line and value edits."""
    data = VALID
    for _ in range(draw(st.integers(1, 4))):
        lines = data.split(b"\n")
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        row = draw(st.integers(0, len(lines) - 1))
        edit = draw(
            st.sampled_from(["byte", "insert", "cut", "drop", "copy", "swap", "indent", "value"])
        )
        if edit == "byte":
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif edit == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
        elif edit == "cut":
            data = data[:at] + data[at + draw(st.integers(1, 40)) :]
        elif edit == "drop":
            data = b"\n".join(lines[:row] + lines[row + 1 :])
        elif edit == "copy":
            data = b"\n".join(lines[: row + 1] + lines[row:])
        elif edit == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[row], lines[other] = lines[other], lines[row]
            data = b"\n".join(lines)
        elif edit == "indent":
            lines[row] = b"  " + lines[row] if draw(st.booleans()) else lines[row][2:]
            data = b"\n".join(lines)
        else:
            key, sep, _ = lines[row].partition(b": ")
            lines[row] = key + (sep or b": ") + draw(st.sampled_from(VALUES)).encode()
            data = b"\n".join(lines)
    return data


def test_the_unmutated_pack_is_valid(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_bytes(VALID)
    assert len(load_dirs([tmp_path]).edition("sde2").monsters) == 2


@settings(max_examples=400, deadline=None)
@given(mutated())
def test_mutated_yaml_gives_content_error_or_a_pack(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "pack.yaml").write_bytes(data)
        try:
            load_dirs([folder])
        except ContentError as err:
            assert err.issues
            last_line = data.count(b"\n") + 1
            for issue in err.issues:
                assert issue.line is None or 1 <= issue.line <= last_line
                assert issue.message
                assert str(issue).startswith(issue.file)


# -- hostile packs: huge mappings, special files, other encodings ------------------------

CASE_SECONDS = 20.0
"""Each hostile case must end within this (they take well under a second; a read that waits on
a FIFO or a quadratic report would not)."""
ENCODINGS = ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "latin-1", "cp1252", "shift_jis"]


def huge_mapping(draw: st.DrawFn) -> bytes:
    """A mapping with thousands of keys: unknown top-level keys, or fields of one entry."""
    count = draw(st.integers(1_000, 20_000))
    where = draw(st.sampled_from(["top", "entry", "values"]))
    if where == "top":
        return b"edition: sde2\n" + b"".join(b"k%d: %d\n" % (n, n) for n in range(count))
    if where == "entry":
        fields = b"".join(b"    f%d: x\n" % n for n in range(count))
        return b"edition: sde2\nmonsters:\n  - id: a\n" + fields
    tags = b"".join(b"  - !t%d x\n" % n for n in range(count))
    return b"edition: sde2\nmonsters:\n" + tags


def encoded(draw: st.DrawFn) -> bytes:
    """The valid pack (with a name outside ASCII) in another encoding than UTF-8."""
    text = VALID.decode().replace("Kobold Chief", "Kobold Chéf Ŏ")
    encoding = draw(st.sampled_from(ENCODINGS))
    return text.encode(encoding, errors="replace")


@st.composite
def hostile(draw: st.DrawFn) -> tuple[str, bytes]:
    """(kind, bytes): what to put at `x.yaml` in a pack folder."""
    kind = draw(st.sampled_from(["huge", "encoding", "fifo", "dev-zero", "folder", "too-large"]))
    if kind == "huge":
        return kind, huge_mapping(draw)
    if kind == "encoding":
        return kind, encoded(draw)
    return kind, b""


def place(folder: Path, kind: str, data: bytes) -> None:
    path = folder / "x.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inner.yaml").write_bytes(b"\xff\xfe garbage: [")
    elif kind == "too-large":
        with path.open("wb") as file:
            file.truncate(MAX_FILE_BYTES + 1)
    else:
        path.write_bytes(data)


def load_within(folder: str) -> BaseException | None:
    """Load the folder in a thread; what it raised (None: a pack). Fails after CASE_SECONDS."""
    raised: list[BaseException | None] = []

    def run() -> None:
        try:
            load_dirs([folder])
            raised.append(None)
        except BaseException as err:  # judged by the test
            raised.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(CASE_SECONDS)
    assert not thread.is_alive(), f"still loading after {CASE_SECONDS} s"
    return raised[0]


@pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")
@settings(max_examples=40, deadline=None)
@given(hostile())
def test_hostile_packs_give_content_error_or_a_pack_in_time(case: tuple[str, bytes]) -> None:
    kind, data = case
    with tempfile.TemporaryDirectory() as folder:
        place(Path(folder), kind, data)
        try:
            raised = load_within(folder)
        finally:
            if kind == "fifo":  # a reader waiting on it (a bug) is let go
                with contextlib.suppress(OSError):
                    os.close(os.open(Path(folder, "x.yaml"), os.O_WRONLY | os.O_NONBLOCK))
        assert raised is None or isinstance(raised, ContentError), repr(raised)
        if isinstance(raised, ContentError):
            assert raised.issues and len(raised.issues) <= MAX_ISSUES_PER_FILE + 1
            assert all(str(issue).startswith(issue.file) for issue in raised.issues)
        if kind in ("fifo", "dev-zero", "too-large"):
            assert isinstance(raised, ContentError)
            assert "cannot read: " in str(raised)
