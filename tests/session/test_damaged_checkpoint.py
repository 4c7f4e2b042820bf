"""A checkpoint line damaged so that it is no longer JSON (cut short, garbage after its start) is
named once, skipped and replayed around: the save still opens, lists, exports and is watched,
and no action is lost. Any other unreadable line in the middle is still refused, and a torn
checkpoint dropped at a resync is not named again on every read."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, Setup, default_setup
from consul_app.session import Session, summarize
from consul_app.session import checkpoint as checkpoints
from consul_app.session.follow import Follower
from consul_app.session.journal import SaveError
from consul_app.session.load import Game, load_game
from consul_app.session.marks import CHECKPOINT_START, RS
from session.players import bundled_pack, random_action

pytestmark = pytest.mark.usefixtures("warm_content_cache")  # `consul` reads the cache

Damage = Callable[[bytes], bytes]
DAMAGES = [
    pytest.param(lambda line: line[: len(line) // 2], id="cut-in-half"),
    pytest.param(lambda line: b'{"op": "checkpoint", garbage', id="garbage"),
    pytest.param(lambda line: CHECKPOINT_START, id="only-its-start"),
    pytest.param(lambda line: line[:-30] + b"}", id="ends-with-a-brace"),
]


@pytest.fixture(autouse=True)
def every_ten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 10)


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def _checkpoint_lines(path: Path) -> list[int]:
    """Indexes (0 = header) of the checkpoint lines."""
    return [n for n, line in enumerate(_lines(path)) if line.startswith(CHECKPOINT_START)]


def _game(content: ContentPack, setup: Setup, path: Path, actions: int = 45) -> Session:
    """`actions` actions (checkpoints after every ten entries) and one undo, closed."""
    with Session.new(content, setup, path=path) as session:
        for _ in range(actions):
            session.dispatch(DestroyHero())
        session.undo()
    return session


def _damage(path: Path, index: int, damage: Damage) -> int:
    """Damage line `index` (0 = header) in place; its line number."""
    lines = _lines(path)
    lines[index] = damage(lines[index])
    path.write_bytes(b"\n".join(lines))
    return index + 1


def _actions(game: Game) -> list[bytes]:
    return [msgspec.json.encode(done.action) for done in game.timeline.done]


def _same_game(content: ContentPack, path: Path, live: Session) -> list[str]:
    """Both readers (from a checkpoint, full replay) give the live game; their warnings."""
    warnings = []
    for full in (False, True):
        game = load_game(content, path, full=full)
        assert _actions(game) == [msgspec.json.encode(d.action) for d in live.actions]
        assert game.timeline.state == live.state
        assert not game.torn
        warnings.append(game.warnings)
    return warnings[0] + warnings[1]


@pytest.mark.parametrize("which", ["middle", "last"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_checkpoint_that_is_not_json_is_named_once_and_replayed_around(
    content: ContentPack, setup: Setup, tmp_path: Path, which: str, damage: Damage
) -> None:
    live = _game(content, setup, tmp_path / "g.jsonl")
    marked = _checkpoint_lines(live.path)
    number = _damage(live.path, marked[1 if which == "middle" else -1], damage)
    resumed_warnings = load_game(content, live.path).warnings  # later ones moved: named too
    assert sum(f"line {number}: the checkpoint is damaged" in w for w in resumed_warnings) == 1
    assert all("nothing is lost" in w for w in resumed_warnings)
    assert load_game(content, live.path, full=True).warnings == [
        f"{live.path}, line {number}: the checkpoint is damaged (not JSON); ignored it, the game "
        f"is replayed without it (nothing is lost)"
    ]
    _same_game(content, live.path, live)
    with Session.resume(content, live.path) as resumed:
        assert len(resumed.history) == 44
        while resumed.can_undo:  # back through the damaged line, and forward again
            resumed.undo()
        assert resumed.state == load_game(content, live.path, full=True).timeline.initial
        for _ in range(44):
            resumed.redo()
        assert resumed.state == live.state


def test_a_damaged_last_line_that_is_a_checkpoint_is_named_once(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """A game that ends with a checkpoint line (40 actions) whose end is gone but whose
    newline is there: one warning for it, not also "cut short"; the next action needs no
    resync and is kept."""
    path = tmp_path / "g.jsonl"
    with Session.new(content, setup, path=path) as live:
        for _ in range(40):
            live.dispatch(DestroyHero())
    assert _checkpoint_lines(path)[-1] == len(_lines(path)) - 2
    number = _damage(path, len(_lines(path)) - 2, lambda line: line[:-30])
    for full in (False, True):
        warnings = load_game(content, path, full=full).warnings
        assert len(warnings) == 1 and f"line {number}: the checkpoint is damaged" in warnings[0]
    with Session.resume(content, path) as resumed:
        resumed.dispatch(DestroyHero())
    assert RS not in path.read_bytes()
    assert len(load_game(content, path, full=True).timeline.done) == 41


def test_a_save_with_a_damaged_checkpoint_lists_exports_and_is_watched(
    content: ContentPack, setup: Setup, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What QA ran: `consul list`, `consul export FILE`, `consul watch`'s reader, a resume."""
    live = _game(content, setup, tmp_path / "g.jsonl")
    number = _damage(
        live.path, _checkpoint_lines(live.path)[1], lambda _: b'{"op": "checkpoint", x'
    )
    summary = summarize(content, live.path)
    assert summary.damaged is None and summary.actions == 44
    out = tmp_path / "g.md"
    assert main(["export", str(live.path), "--output", str(out)]) == 0
    assert f"line {number}: the checkpoint " in capsys.readouterr().err
    assert out.read_text().count("A hero is destroyed") == 44
    follower = Follower(content, live.path)
    assert follower.poll() and follower.problem is None
    assert follower.game is not None and follower.game.timeline.state == live.state


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda lines, n: lines[n - 1][:20], id="an-action-cut-short"),
        pytest.param(lambda lines, n: b'{"op": "do", garbage', id="an-action-garbled"),
        pytest.param(lambda lines, n: lines[n] + lines[n + 1], id="an-action-joined-on"),
    ],
)
def test_any_other_unreadable_line_in_the_middle_is_still_refused(
    content: ContentPack, setup: Setup, tmp_path: Path, damage: Callable[[list[bytes], int], bytes]
) -> None:
    """An action line cut short or garbled, or a lost newline joining an action onto a
    checkpoint: never skipped, the save is refused naming the line."""
    live = _game(content, setup, tmp_path / "g.jsonl")
    lines = _lines(live.path)
    at = _checkpoint_lines(live.path)[-1]  # an entry follows it
    lines[at] = damage(lines, at)  # type: ignore[call-arg]
    if lines[at].startswith(CHECKPOINT_START):
        del lines[at + 1]
    live.path.write_bytes(b"\n".join(lines))
    for full in (False, True):
        with pytest.raises(SaveError, match=f"line {at + 1}: unreadable line in the middle"):
            load_game(content, live.path, full=full)
    assert summarize(content, live.path).damaged is not None
    assert main(["export", str(live.path), "--output", str(tmp_path / "g.md")]) == 2


def test_an_unreadable_action_before_the_checkpoint_is_refused_when_reached(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """A resume does not read the entries before its checkpoint; reading back to a garbled one
    names it rather than taking the line before it for it."""
    live = _game(content, setup, tmp_path / "g.jsonl")
    number = _damage(live.path, 5, lambda line: b"x" * len(line))  # no checkpoint moves
    game = load_game(content, live.path)
    assert len(game.timeline.done) == 44
    with pytest.raises(SaveError, match=f"line {number}: unreadable line in the middle"):
        list(game.timeline.done)


def test_a_torn_checkpoint_dropped_at_a_resync_is_not_named_again(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    """The app stopped while writing its closing checkpoint; the resume names the torn line
    once, the next action follows an RS; from then on every read is clean."""
    path = tmp_path / "g.jsonl"
    with Session.new(content, setup, path=path) as live:
        for _ in range(40):
            live.dispatch(DestroyHero())
    data = path.read_bytes()
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    assert data.startswith(CHECKPOINT_START, last)
    path.write_bytes(data[: last + (len(data) - last) // 2])
    with Session.resume(content, path) as resumed:
        assert len(resumed.warnings) == 1 and "cut short" in resumed.warnings[0]
        resumed.dispatch(DestroyHero())
    assert RS in path.read_bytes()
    for full in (False, True):
        game = load_game(content, path, full=full)
        assert game.warnings == [] and len(game.timeline.done) == 41
    assert summarize(content, path).warnings == []
    follower = Follower(content, path)
    assert follower.poll() and follower.problem is None


def _bare(path: Path, copy: Path) -> Path:
    """The journal without its checkpoint lines: what a full replay must give."""
    marked = set(_checkpoint_lines(path))
    copy.write_bytes(b"\n".join(line for n, line in enumerate(_lines(path)) if n not in marked))
    return copy


_BYTES = st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"").replace(RS, b""))


@st.composite
def _damages(draw: st.DrawFn) -> Damage:
    """Cut short, overwritten, shortened or lengthened anywhere after the checkpoint start."""
    kind = draw(st.sampled_from(["cut", "overwrite", "delete", "insert"]))
    at = draw(st.floats(0, 1))
    span = draw(st.integers(1, 200))
    junk = draw(_BYTES)

    def damage(line: bytes) -> bytes:
        start = len(CHECKPOINT_START) + int(at * (len(line) - len(CHECKPOINT_START)))
        if kind == "cut":
            return line[:start]
        if kind == "delete":
            return line[:start] + line[start + span :]
        rest = line[start + len(junk) :] if kind == "overwrite" else line[start:]
        return line[:start] + junk + rest

    return damage


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    length=st.integers(1, 60),
    every=st.integers(1, 9),
    seed=st.integers(0, 2**32),
    pick=st.floats(0, 1),
    damage=_damages(),
)
def test_any_damage_to_a_checkpoint_line_loses_no_action(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    length: int,
    every: int,
    seed: int,
    pick: float,
    damage: Damage,
) -> None:
    """Whatever happens to one checkpoint line after its start (no newline or RS added), the
    save reads from a checkpoint and in full as the same game as its journal without
    checkpoints, names that line at most once per read, and undoes all the way back."""
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", every)
    content = bundled_pack()
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    with Session.new(content, default_setup(content.edition("sde2")), path=folder / "g") as live:
        for _ in range(length):
            if rng.random() < 0.15:
                live.undo()
            elif action := random_action(live.pack, live.state, rng):
                live.dispatch(action)
    marked = _checkpoint_lines(live.path)
    assume(marked)
    index = marked[int(pick * (len(marked) - 1))]
    damaged = damage(_lines(live.path)[index])
    assume(damaged.find(b'{"op": ', 1) < 0)  # no line start made up out of junk
    bare = load_game(content, _bare(live.path, folder / "bare"), full=True)
    _damage(live.path, index, lambda _: damaged)
    for full in (False, True):
        game = load_game(content, live.path, full=full)
        assert _actions(game) == _actions(bare)
        assert game.timeline.state == bare.timeline.state
        assert sum(f"line {index + 1}: " in w for w in game.warnings) <= 1
    with Session.resume(content, live.path) as resumed:
        while resumed.can_undo:
            resumed.undo()
        assert resumed.state == bare.timeline.initial
