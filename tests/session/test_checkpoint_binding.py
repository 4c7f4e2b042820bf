"""A checkpoint is a cache bound to the journal it summarises (issue 21): damage to any
checkpoint line (a flipped byte, a newline or an RS byte inside it, its start) never makes a
reader (resume, history, the story, export, the list, watch) die or read entries one line off;
a checkpoint from another game, or one naming what the content lacks, falls back to the one
before it with the line named; checkpoints stay at most 100 entries apart however the game was
played."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import RuleError, Setup
from consul_app.session import Session, summarize
from consul_app.session import checkpoint as checkpoints
from consul_app.session.export import to_json, to_markdown
from consul_app.session.follow import Follower
from consul_app.session.journal import SaveError
from consul_app.session.load import Game, load_game
from consul_app.session.marks import CHECKPOINT_START, RS
from session.players import random_action

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache

Damage = Callable[[bytes], bytes]


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def _checkpoint_lines(path: Path) -> list[int]:
    """Indexes (0 = header) of the checkpoint lines."""
    return [n for n, line in enumerate(_lines(path)) if line.startswith(CHECKPOINT_START)]


def play(session: Session, rng: random.Random, length: int, undos: float = 0.05) -> None:
    """`length` random legal actions, with undos (and a redo now and then) mixed in."""
    for _ in range(length):
        roll = rng.random()
        if roll < undos and session.can_undo:
            session.undo()
        elif roll < undos * 1.3 and session.can_redo:
            session.redo()
        elif action := random_action(session.pack, session.state, rng):
            session.dispatch(action)


def bare(path: Path, copy: Path) -> Path:
    """The journal without its checkpoint lines: the game every reader must give."""
    marked = set(_checkpoint_lines(path))
    copy.write_bytes(b"\n".join(line for n, line in enumerate(_lines(path)) if n not in marked))
    return copy


def actions(game: Game) -> list[bytes]:
    return [msgspec.json.encode(done.action) for done in game.timeline.done]


def same_everywhere(
    content: ContentPack, path: Path, expected: Game, tmp: Path, *, cli: bool = False
) -> list[str]:
    """Resume, the history, the story, both exports, the list and the watcher read `path` as
    the game `expected`, with no exception; the warnings of a resume. `cli`: `consul export`
    too (it loads the content anew: seconds)."""
    for full in (False, True):
        game = load_game(content, path, full=full)
        assert actions(game) == actions(expected)
        assert game.timeline.state == expected.timeline.state
        assert [d.action for d in game.timeline.undone] == [
            d.action for d in expected.timeline.undone
        ]
        assert to_markdown(game) == to_markdown(expected).replace(expected.path.name, path.name)
        assert to_json(game)["final"] == to_json(expected)["final"]
    with Session.resume(content, path) as resumed:
        assert resumed.state == expected.timeline.state
        assert [e.label for e in resumed.entries()] == [d.label for d in expected.timeline.done]
        resumed.story()
        resumed.recap()
        while resumed.can_undo:
            resumed.undo()
        assert resumed.state == expected.timeline.initial
        warnings = resumed.warnings
    summary = summarize(content, path)
    assert summary.damaged is None
    follower = Follower(content, path)
    assert follower.poll() and follower.problem is None
    if cli:
        out = tmp / "export.md"
        assert main(["export", str(path), "--output", str(out), "--force"]) == 0
    return warnings


@pytest.fixture
def every_ten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 10)


_PLAYED: dict[tuple[object, ...], bytes] = {}
"""The journals `_game` played in this test process, by what made them."""


def _game(content: ContentPack, setup: Setup, path: Path, length: int = 66, seed: int = 1) -> Path:
    """The game `seed` plays, journaled at `path`: played once per test process (the damage
    tests play the same game 21 times), then its journal copied."""
    key = (id(content), msgspec.json.encode(setup), length, seed, checkpoints.CHECKPOINT_EVERY)
    if key in _PLAYED:
        path.write_bytes(_PLAYED[key])
        return path
    with Session.new(content, setup, path=path) as session:
        play(session, random.Random(seed), length)
    _PLAYED[key] = path.read_bytes()
    return path


def _damage(path: Path, index: int, damage: Damage) -> int:
    lines = _lines(path)
    lines[index] = damage(lines[index])
    path.write_bytes(b"\n".join(lines))
    return index + 1


def _flip(at: int, byte: bytes) -> Damage:
    return lambda line: line[:at] + byte + line[at + 1 :]


DAMAGES = [
    pytest.param(lambda line: line.replace(b"checkpoint", b"cheskpoint", 1), id="cheskpoint"),
    pytest.param(_flip(9, b"`"), id="start-flipped"),
    pytest.param(_flip(400, b"\n"), id="newline"),
    pytest.param(lambda line: line[:400] + b"\n" + line[400:], id="newline-inserted"),
    pytest.param(_flip(400, RS), id="rs"),
    pytest.param(lambda line: line[:-20] + RS + line[-20:], id="rs-near-the-end"),
    pytest.param(_flip(3, b"\n"), id="newline-at-the-start"),
]


@pytest.mark.usefixtures("every_ten")
@pytest.mark.parametrize("which", ["first", "middle", "last"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_checkpoint_is_read_as_the_journal_without_it(
    content: ContentPack, setup: Setup, tmp_path: Path, which: str, damage: Damage
) -> None:
    path = _game(content, setup, tmp_path / "g.jsonl")
    expected = load_game(content, bare(path, tmp_path / "bare.jsonl"), full=True)
    marked = _checkpoint_lines(path)
    index = {"first": marked[0], "middle": marked[len(marked) // 2], "last": marked[-1]}[which]
    assert index < len(_lines(path)) - 2  # entries follow it
    number = _damage(path, index, damage)
    warnings = same_everywhere(content, path, expected, tmp_path)
    assert any(f"line {number}" in w for w in warnings) or which != "last"
    assert all("nothing is lost" in w for w in warnings)


@pytest.mark.usefixtures("every_ten")
def test_a_checkpoint_from_another_game_at_the_same_offset_is_rejected(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """Two games of the same length: the other's last checkpoint, put in place of this one's
    (the same byte offset), holds the other game; it is named and not used."""
    one = _game(content, setup, tmp_path / "one.jsonl", seed=1)
    other = _game(content, setup, tmp_path / "other.jsonl", seed=2)
    expected = load_game(content, bare(one, tmp_path / "bare.jsonl"), full=True)
    mine, theirs = _lines(one), _lines(other)
    index = _checkpoint_lines(one)[-1]
    offset = sum(len(line) + 1 for line in mine[:index])
    line = json.loads(theirs[_checkpoint_lines(other)[-1]])
    line.update(offset=offset, line=index + 1, entries=json.loads(mine[index])["entries"])
    body = {k: v for k, v in line.items() if k != "digest"}
    mine[index] = json.dumps(checkpoints.seal(body), ensure_ascii=False).encode()
    one.write_bytes(b"\n".join(mine))
    warnings = same_everywhere(content, one, expected, tmp_path, cli=True)
    assert any(f"line {index + 1}: the checkpoint does not fit" in w for w in warnings)


@pytest.mark.usefixtures("every_ten")
def test_a_checkpoint_naming_what_the_content_lacks_falls_back(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """A checkpoint whose state names a monster the content lacks (its digest made whole
    again): named, the one before it is used; nothing crashes later."""
    path = _game(content, setup, tmp_path / "g.jsonl")
    expected = load_game(content, bare(path, tmp_path / "bare.jsonl"), full=True)
    lines = _lines(path)
    index = _checkpoint_lines(path)[-1]
    line = json.loads(lines[index])
    line["state"]["pool"]["no-such-monster"] = 3
    body = {k: v for k, v in line.items() if k != "digest"}
    lines[index] = json.dumps(checkpoints.seal(body), ensure_ascii=False).encode()
    path.write_bytes(b"\n".join(lines))
    warnings = same_everywhere(content, path, expected, tmp_path, cli=True)
    named = [w for w in warnings if f"line {index + 1}: the checkpoint" in w]
    assert named and "no-such-monster" in named[0]


def _gaps(path: Path) -> list[int]:
    """How many entries stand before the first checkpoint, between two, and after the last."""
    gaps, since = [], 0
    for line in _lines(path)[1:]:
        if line.startswith(CHECKPOINT_START):
            gaps.append(since)
            since = 0
        elif line:
            since += 1
    return [*gaps, since]


def test_checkpoints_are_at_most_every_entries_apart_however_the_game_was_played(
    content: ContentPack, setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Short sessions (each closed too soon for a closing checkpoint) and sessions that end
    without closing (a crash) still get a checkpoint every 10 entries of the journal."""
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 10)
    monkeypatch.setattr(checkpoints, "CLOSE_AFTER", 8)
    path = tmp_path / "g.jsonl"
    rng = random.Random(5)
    Session.new(content, setup, path=path).close()
    for n in range(30):
        session = Session.resume(content, path)
        play(session, rng, rng.choice([3, 6, 7]))
        if n % 3:
            session.close()
        else:  # as if the app died: the journal is left as it is
            session._writer.close()
            session._lock.release()
    gaps = _gaps(path)
    assert max(gaps) <= 10, gaps
    expected = load_game(content, bare(path, tmp_path / "bare.jsonl"), full=True)
    assert load_game(content, path).timeline.state == expected.timeline.state


@pytest.mark.usefixtures("every_ten")
def test_a_damaged_action_before_the_checkpoint_is_refused_when_reached(
    content: ContentPack, setup: Setup, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An action line garbled before the last checkpoint: the game resumes (a resume reads
    only the end), but an undo that reaches it is refused before anything is written, the
    history and the story say why (no traceback), and export refuses the save naming it."""
    path = _game(content, setup, tmp_path / "g.jsonl")
    lines = _lines(path)
    index = next(n for n in range(3, len(lines)) if lines[n].startswith(b'{"op": "do"'))
    lines[index] = b"x" * len(lines[index])
    path.write_bytes(b"\n".join(lines))
    with Session.resume(content, path) as resumed:
        with pytest.raises(RuleError, match=f"line {index + 1}: unreadable line"):
            resumed.undo_to(0)
        before, undone = path.read_bytes(), 0
        with pytest.raises(RuleError, match=f"line {index + 1}: unreadable line"):
            while resumed.can_undo:
                resumed.undo()
                undone += 1
        entries = [line for line in _lines(path) if not line.startswith(CHECKPOINT_START)]
        assert (
            len(entries)
            == sum(not line.startswith(CHECKPOINT_START) for line in before.split(b"\n")) + undone
        )  # every undo taken back is journaled, the refused one is not
        with pytest.raises(SaveError, match=f"line {index + 1}: unreadable line"):
            resumed.entries()
        with pytest.raises(SaveError, match=f"line {index + 1}: unreadable line"):
            resumed.story()
        labels = resumed.history[: len(resumed.history)]  # the log: says so, never raises
        assert any(f"(not readable: {path}, line {index + 1}" in label for label in labels)
    with pytest.raises(SaveError, match=f"line {index + 1}: unreadable line"):
        load_game(content, path, full=True)
    assert main(["export", str(path)]) == 2
    assert f"line {index + 1}: unreadable line" in capsys.readouterr().err


def test_a_checkpoint_does_not_grow_with_the_undos_of_a_long_game(
    content: ContentPack, setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of 1,500 actions with 5% undos: its done stack is broken into a run per undo
    (what the old checkpoints held, growing with the game); a checkpoint holds the stacks'
    sizes only, so the last one is about the size of the first ones. The game resumes as its
    full replay, and undoes and redoes back through its checkpoints."""
    monkeypatch.setattr("os.fsync", lambda fd: None)  # the format is tested, not the disk
    path = tmp_path / "g.jsonl"
    with Session.new(content, setup, path=path) as session:
        play(session, random.Random(9), 1500)
        runs = len(session._timeline.done.runs())
    assert runs > 40
    sizes = [len(line) for line in _lines(path) if line.startswith(CHECKPOINT_START)]
    assert len(sizes) >= 14 and max(sizes) <= 1.5 * statistics.median(sizes[:3])
    point = json.loads(
        next(line for line in reversed(_lines(path)) if line.startswith(CHECKPOINT_START))
    )
    assert type(point["done"]) is int and type(point["undone"]) is int
    full = load_game(content, path, full=True).timeline
    with Session.resume(content, path) as resumed:
        assert (
            resumed.state == full.state
            and resumed.history[:50] == [d.label for d in reversed(full.done)][:50]
        )
        back = len(full.done) - 300
        resumed.undo_to(back)
        assert resumed.state == full.state_at(back)
        for _ in range(300):
            resumed.redo()
        assert resumed.state == full.state
