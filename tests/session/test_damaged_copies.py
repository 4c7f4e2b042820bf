"""30 damaged copies of a long save (issue 21): in each, every checkpoint line gets a byte
flipped, a newline or an RS byte put inside it, or is swapped for the other game's; in some
the start of the last one is damaged too. Each copy resumes, exports (read as `consul
export` reads, which test_checkpoint_binding runs itself) and shows its history and story
with no exception, and ends in the same state as the same journal with every checkpoint line
removed."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.session import Session, summarize
from consul_app.session import checkpoint as checkpoints
from consul_app.session.export import to_json, to_markdown
from consul_app.session.load import Game, load_game
from consul_app.session.marks import CHECKPOINT_START, RS
from session.test_checkpoint_binding import bare, play

COPIES = 30
LENGTH = 160


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _marked(lines: list[bytes]) -> list[int]:
    return [n for n, line in enumerate(lines) if line.startswith(CHECKPOINT_START)]


def _damage(rng: random.Random, line: bytes, theirs: bytes) -> bytes:
    """One damage, inside the line (not at its very start: the start is damaged apart)."""
    at = rng.randrange(1, len(line))
    match rng.choice(["flip", "newline", "newline-in", "rs", "rs-in", "swap"]):
        case "flip":
            byte = rng.choice([b for b in range(256) if b not in (line[at], 0x0A, 0x1E)])
            return line[:at] + bytes([byte]) + line[at + 1 :]
        case "newline":
            return line[:at] + b"\n" + line[at + 1 :]
        case "newline-in":
            return line[:at] + b"\n" + line[at:]
        case "rs":
            return line[:at] + RS + line[at + 1 :]
        case "rs-in":
            return line[:at] + RS + line[at:]
        case _:
            return theirs


def _copy(rng: random.Random, data: bytes, other: bytes) -> bytes:
    lines, theirs = _lines(data), [_lines(other)[n] for n in _marked(_lines(other))]
    marked = _marked(lines)
    for k, index in enumerate(marked):
        lines[index] = _damage(rng, lines[index], theirs[k % len(theirs)])
    if rng.random() < 0.5:  # the start of the last one too
        last = lines[marked[-1]]
        at = rng.randrange(0, len(CHECKPOINT_START))
        lines[marked[-1]] = last[:at] + rng.choice([b"`", b"\n", RS, b"x"]) + last[at + 1 :]
    return b"\n".join(lines)


def _actions(game: Game) -> list[bytes]:
    return [msgspec.json.encode(done.action) for done in game.timeline.done]


@pytest.fixture(scope="module")
def games(content: ContentPack, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two long games with undos, a checkpoint every 10 entries (module-wide setting)."""
    folder = tmp_path_factory.mktemp("copies")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checkpoints, "CHECKPOINT_EVERY", 10)
        patch.setattr("os.fsync", lambda fd: None)
        paths = []
        for seed in (1, 2):
            setup = default_setup(content.edition("sde2"))
            with Session.new(content, setup, path=folder / f"game{seed}.jsonl") as session:
                play(session, random.Random(seed), LENGTH)
            paths.append(session.path)
    return paths[0], paths[1]


@pytest.mark.parametrize("copy", range(COPIES))
def test_a_damaged_copy_reads_as_its_journal_without_checkpoints(
    content: ContentPack,
    games: tuple[Path, Path],
    tmp_path: Path,
    copy: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.fsync", lambda fd: None)  # what is read is tested, not the disk
    one, other = games
    expected = load_game(content, bare(one, tmp_path / "bare.jsonl"), full=True)
    path = tmp_path / "copy.jsonl"
    path.write_bytes(_copy(random.Random(copy), one.read_bytes(), other.read_bytes()))
    for full in (False, True):
        game = load_game(content, path, full=full)
        assert _actions(game) == _actions(expected)
        assert game.timeline.state == expected.timeline.state
    exported = load_game(content, path, full=True)  # as `consul export` reads it
    assert to_markdown(exported).count("\n- ") >= len(expected.timeline.done)
    assert to_json(exported)["final"] == to_json(expected)["final"]
    with Session.resume(content, path) as resumed:
        assert resumed.state == expected.timeline.state
        assert [e.label for e in resumed.entries()] == [d.label for d in expected.timeline.done]
        resumed.story()
        resumed.undo_to(0)
        assert resumed.state == expected.timeline.initial
    assert summarize(content, path).damaged is None
